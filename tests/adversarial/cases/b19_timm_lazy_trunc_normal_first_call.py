"""A position embedding initialised lazily on the first forward with nn.init.trunc_normal_ under no_grad, a
Python flag remembering it (the init helper reads a Python number off a tensor inside torch)."""
import torch
from torch import nn


class LazyPosEmbed(nn.Module):
    def __init__(self, num_tokens=3, dim=4):
        super().__init__()
        self.pos_embed = nn.Parameter(torch.empty(1, num_tokens, dim))
        self._initialized = False

    def forward(self, x):
        if not self._initialized:
            with torch.no_grad():
                nn.init.trunc_normal_(self.pos_embed, std=0.02)  # known-miss: CL111
            self._initialized = True
        return x + self.pos_embed


def example():
    return LazyPosEmbed(), (torch.randn(2, 3, 4),)
