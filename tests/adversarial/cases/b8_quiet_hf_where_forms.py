"""`where` in its three-value forms only: `torch.where(mask, scores, finfo.min)` with a Python float,
keyword arguments, the method form `hidden.where(keep, 0.0)` (two arguments, still three values) and
`torch.where(cond, x, y)` through an alias."""
import torch
from torch import nn

tensor_where = torch.where


class MaskedPooler(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, attention_mask):
        keep = attention_mask[..., None].bool()
        scores = self.proj(hidden_states)
        scores = torch.where(keep, scores, torch.finfo(scores.dtype).min)
        weights = torch.where(condition=keep, input=scores.softmax(1), other=torch.zeros_like(scores))
        hidden_states = hidden_states.where(keep, 0.0)
        pooled = tensor_where(keep, hidden_states * weights, hidden_states.new_zeros(()))
        return pooled.sum(1)


def example():
    return MaskedPooler(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 0], [1, 1, 1]]))
