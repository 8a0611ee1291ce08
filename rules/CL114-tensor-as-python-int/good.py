import torch
from torch import nn


class Pick(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scales", torch.tensor([0.5, 1.0, 2.0]))
        self.heads = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])

    def forward(self, x, k):
        i = x.sum(1).argmax() % 3
        outs = torch.stack([head(x) for head in self.heads])
        h = torch.index_select(outs, 0, i.view(1)).squeeze(0)
        h = h * torch.index_select(self.scales, 0, i.view(1)) * self.heads[1](x)
        for _ in range(k):
            h = torch.tanh(h)
        keep = torch.arange(h.shape[0]) < x.shape[0] // 2
        return h[:k].sum() + (h[: x.shape[0]] * keep[:, None]).sum()


def example():
    return Pick(), (torch.randn(4, 8), 2)
