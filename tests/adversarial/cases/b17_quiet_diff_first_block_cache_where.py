"""The first-block cache deciding without Python: the state object's 0-d decision selects between the
recomputed and the cached output with torch.where."""
import torch
from torch import nn

from b17_diff_utils import Config, FirstBlockCacheState


class CachedTransformer(nn.Module):
    def __init__(self, config=Config(), depth=3):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size) for _ in range(depth))
        self.cache_state = FirstBlockCacheState()

    def forward(self, hidden_states, prev_residual, cached_output):
        self.cache_state.prev_residual = prev_residual
        first = self.blocks[0](hidden_states)
        compute = self.cache_state.should_compute(first - hidden_states)
        out = first
        for block in self.blocks[1:]:
            out = block(out)
        return torch.where(compute, out, cached_output)


def example():
    return CachedTransformer(), (torch.randn(2, 8), torch.randn(2, 8), torch.randn(2, 8))
