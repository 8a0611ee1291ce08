"""A token-drop augmentation draws its keep mask inside `torch.random.fork_rng` so that the global RNG stream
of the training loop is left untouched."""
import torch
from torch import nn


class ForkedTokenDrop(nn.Module):
    def __init__(self, keep=0.75):
        super().__init__()
        self.keep = keep

    def forward(self, x):
        if not self.training:
            return x
        with torch.random.fork_rng(devices=[]):  # expect: CL134
            keep_mask = torch.rand(x.shape[:2]) < self.keep
        return x * keep_mask.unsqueeze(-1)


def example():
    return ForkedTokenDrop(), (torch.randn(2, 6, 4),)
