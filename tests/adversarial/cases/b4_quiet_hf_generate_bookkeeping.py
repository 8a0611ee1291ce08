"""A fixed-length sampling loop: eos ids turned into a tensor when not one already, pad substitution by
arithmetic, `torch.isin`, and `this_peer_finished = unfinished.max() == 0` kept as a tensor (never branched
on); the generation-config checks are Python values: nothing breaks."""
import torch
from torch import nn


class GenerationConfig:
    max_new_tokens = 3
    eos_token_id = [2, 5]
    pad_token_id = None
    do_sample = False
    temperature = 1.0


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(9, 4)
        self.head = nn.Linear(4, 9)
        self.generation_config = GenerationConfig()

    def forward(self, input_ids):
        config = self.generation_config
        if not isinstance(config.max_new_tokens, int) or config.max_new_tokens <= 0:
            raise ValueError("`max_new_tokens` must be a positive integer")
        eos_token_id = config.eos_token_id
        if eos_token_id is not None and not isinstance(eos_token_id, torch.Tensor):
            eos_token_id = torch.tensor(eos_token_id, device=input_ids.device)
        pad_token_id = config.pad_token_id
        if pad_token_id is None and eos_token_id is not None:
            pad_token_id = eos_token_id[0]
        if config.do_sample is False and config.temperature != 1.0:
            raise ValueError("temperature is only used when sampling")
        unfinished = torch.ones(input_ids.shape[0], dtype=torch.long, device=input_ids.device)
        cur_len = input_ids.shape[-1]
        for _ in range(config.max_new_tokens):
            logits = self.head(self.embed(input_ids[:, -1]))
            next_tokens = logits.argmax(-1)
            next_tokens = next_tokens * unfinished + pad_token_id * (1 - unfinished)
            input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
            unfinished = unfinished & ~torch.isin(next_tokens, eos_token_id)
            this_peer_finished = unfinished.max() == 0
            cur_len += 1
        return input_ids, this_peer_finished, cur_len


def example():
    return Generator(), (torch.randint(0, 9, (2, 2)),)
