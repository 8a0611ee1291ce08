"""A first-block cache on a diffusion transformer: after the first block, a state object (from the utils file)
compares the residual with the previous step's; the remaining blocks are skipped when it barely moved."""
import torch
from torch import nn

from b17_diff_utils import Config, FirstBlockCacheState


class CachedTransformer(nn.Module):
    def __init__(self, config=Config(), depth=3):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size) for _ in range(depth))
        self.cache_state = FirstBlockCacheState()

    def forward(self, hidden_states, prev_residual):
        self.cache_state.prev_residual = prev_residual
        first = self.blocks[0](hidden_states)
        residual = first - hidden_states
        if self.cache_state.should_compute(residual):  # known-miss: CL101
            for block in self.blocks[1:]:
                first = block(first)
        return first


def example():
    return CachedTransformer(), (torch.randn(2, 8), torch.randn(2, 8))
