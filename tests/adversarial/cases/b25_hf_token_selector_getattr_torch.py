"""A token-selection head picks its selection function from the config by name, `getattr(torch, config.select_fn)`,
bound in `__init__`; the configured one is `masked_select`, whose output size depends on the mask's values."""
import torch
from torch import nn


class SelectorConfig:
    hidden_size = 8
    select_fn = "masked_select"


class TokenSelector(nn.Module):
    def __init__(self, config=SelectorConfig()):
        super().__init__()
        self.score = nn.Linear(config.hidden_size, 1)
        self.select = getattr(torch, config.select_fn)

    def forward(self, hidden, attention_mask):
        scores = self.score(hidden).squeeze(-1)
        picked = self.select(scores, attention_mask.bool())  # known-miss: CL121
        return picked.softmax(-1)


def example():
    return TokenSelector(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 0, 0], [1, 1, 1, 0]]))
