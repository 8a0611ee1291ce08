"""The pooler's twin: a masked mean over all tokens (mask multiply, sum, clamp-divide), looping over rows by
`range(hidden.size(0))`."""
import torch
from torch import nn


class MeanPooler(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.dense = nn.Linear(dim, dim)

    def forward(self, hidden, attention_mask):
        pooled = []
        for i in range(hidden.size(0)):
            m = attention_mask[i, :, None].to(hidden.dtype)
            pooled.append((hidden[i] * m).sum(0) / m.sum().clamp(min=1))
        return self.dense(torch.stack(pooled))


def example():
    return MeanPooler(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 0], [1, 1, 1]]))
