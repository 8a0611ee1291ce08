"""Greedy decoding step: a list of stopping-criteria objects (the utils' classes) is asked in a loop whether to
stop; each `__call__` returns a tensor, so the `if` on it is a value test inside a loop."""
import torch
from torch import nn

from b14_hf_utils import Config, EosCriteria, MaxScoreCriteria


class GreedyStep(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size)
        self.stopping_criteria = [EosCriteria(config.eos_token_id), MaxScoreCriteria()]
        self.pad_token_id = config.pad_token_id

    def forward(self, input_ids, hidden):
        scores = self.lm_head(hidden[:, -1])
        next_tokens = scores.argmax(-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        for criteria in self.stopping_criteria:
            if criteria(input_ids, scores).all():  # expect: CL101
                next_tokens = next_tokens.fill_(self.pad_token_id)
        return input_ids, next_tokens


def example():
    return GreedyStep(), (torch.tensor([[3, 4]]), torch.randn(1, 2, 8))
