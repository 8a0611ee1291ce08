"""A rotary cache grows its cached length (a buffer, so that it moves with the module) by doubling until it covers the
requested positions: a `while` on a tensor comparison."""
import torch
from torch import nn


class GrowingRotaryCache(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.dim = dim
        self.register_buffer("cached_len", torch.tensor(2))

    def forward(self, x, position_ids):
        needed = position_ids.max() + 1
        while self.cached_len < needed:  # expect: CL101
            self.cached_len *= 2
        t = torch.arange(x.size(1), dtype=torch.float32)
        return x * t[None, :, None].cos()


def example():
    return GrowingRotaryCache(), (torch.randn(2, 5, 4), torch.arange(5).expand(2, 5))
