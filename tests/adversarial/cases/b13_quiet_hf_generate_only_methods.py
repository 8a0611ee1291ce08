"""Methods that read values (`tolist`, `.item()`, a value test) belong to a generation loop and a debug
dump that forward never calls."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class TinyLM(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed = nn.Embedding(10, config.hidden_size)
        self.head = nn.Linear(config.hidden_size, 10)

    def forward(self, input_ids):
        return self.head(self.embed(input_ids))

    @torch.no_grad()
    def generate(self, input_ids, max_new_tokens=2, eos_token_id=9):
        for _ in range(max_new_tokens):
            next_token = self(input_ids)[:, -1].argmax(-1, keepdim=True)
            input_ids = torch.cat([input_ids, next_token], dim=-1)
            if (next_token == eos_token_id).all():
                break
        return input_ids.tolist()

    def debug_dump(self, input_ids):
        logits = self(input_ids)
        print("max logit", logits.max().item())


def example():
    return TinyLM(Config()), (torch.tensor([[1, 2]]),)
