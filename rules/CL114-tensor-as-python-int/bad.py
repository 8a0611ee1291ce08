import torch
from torch import nn


class Pick(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [0.5, 1.0, 2.0]
        self.heads = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])

    def forward(self, x, k: torch.Tensor):
        i = x.sum(1).argmax() % 3
        h = self.heads[i](x)  # expect: CL114
        h = h * self.scales[i]  # expect: CL114
        for _ in range(k):  # expect: CL114
            h = torch.tanh(h)
        return h[:k]  # expect: CL114


class ColorLookup(nn.Module):
    """A list made by `tolist()` indexed by a 0-d tensor (Weisfeiler-Lehman colors looked up per neighbour)."""

    def forward(self, x):
        colors = x.argmax(dim=-1).tolist()  # expect: CL112
        j = x.sum(1).argmax()
        return colors[j]  # expect: CL114


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.pick, self.lookup = Pick(), ColorLookup()

    def forward(self, x, k: torch.Tensor):
        return self.pick(x, k).sum() + self.lookup(x)


def example():
    return Both(), (torch.randn(4, 8), torch.tensor(2))
