"""The same head names `where` in its config: `getattr(torch, config.select_fn)` keeps every position and fills the
masked ones, a fixed-size output."""
import torch
from torch import nn


class SelectorConfig:
    hidden_size = 8
    select_fn = "where"


class TokenSelector(nn.Module):
    def __init__(self, config=SelectorConfig()):
        super().__init__()
        self.score = nn.Linear(config.hidden_size, 1)
        self.select = getattr(torch, config.select_fn)

    def forward(self, hidden, attention_mask):
        scores = self.score(hidden).squeeze(-1)
        picked = self.select(attention_mask.bool(), scores, torch.finfo(scores.dtype).min)
        return picked.softmax(-1)


def example():
    return TokenSelector(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 0, 0], [1, 1, 1, 0]]))
