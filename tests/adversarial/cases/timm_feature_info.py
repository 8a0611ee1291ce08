"""forward_intermediates: indices taken from an int or a list, early stop, optional norm on outputs."""
from typing import List, Optional, Tuple, Union

import torch
from torch import nn


def feature_take_indices(num_features: int, indices: Optional[Union[int, List[int]]] = None) -> Tuple[List[int], int]:
    if indices is None:
        indices = num_features
    if isinstance(indices, int):
        torch._assert(0 < indices <= num_features, f"last-n ({indices}) is out of range (1 to {num_features})")
        take_indices = [num_features - indices + i for i in range(indices)]
    else:
        take_indices: List[int] = []
        for i in indices:
            idx = num_features + i if i < 0 else i
            torch._assert(0 <= idx < num_features, f"feature index {idx} is out of range (0 to {num_features - 1})")
            take_indices.append(idx)
    if not torch.jit.is_scripting() and isinstance(indices, (tuple, list)):
        return take_indices, max(take_indices)
    return take_indices, max(take_indices)


class Vit(nn.Module):
    def __init__(self, depth=4):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Linear(8, 8) for _ in range(depth)])
        self.norm = nn.LayerNorm(8)
        self.feature_info = [dict(module=f"blocks.{i}", num_chs=8, reduction=1) for i in range(depth)]

    def forward(self, x, indices=None, norm=False, stop_early=True, output_fmt="NCHW", intermediates_only=False):
        assert output_fmt in ("NCHW", "NLC"), "Output format must be one of NCHW or NLC."  # expect: CL205
        intermediates = []
        take_indices, max_index = feature_take_indices(len(self.blocks), indices)
        if torch.jit.is_scripting() or not stop_early:
            blocks = self.blocks
        else:
            blocks = self.blocks[:max_index + 1]
        for i, blk in enumerate(blocks):
            x = blk(x)
            if i in take_indices:
                intermediates.append(self.norm(x) if norm else x)
        if intermediates_only:
            return intermediates
        return self.norm(x), intermediates


def example():
    return Vit(), (torch.randn(2, 3, 8), [1, -1], True)
