"""unbatch: node features split per graph with the degree counts turned into a list of sizes."""
import torch
from torch import nn


def unbatch(src, batch):
    sizes = torch.zeros(int(batch.max()) + 1, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))  # expect: CL111
    return src.split(sizes.tolist(), dim=0)  # expect: CL112


class PerGraphMax(nn.Module):
    def forward(self, x, batch):
        return torch.stack([part.max(0).values for part in unbatch(x, batch)])


def example():
    return PerGraphMax(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
