"""forward_intermediates with the timm helper's Python form: an int means the last n blocks, a sequence is
wrapped by modulo in a comprehension; the blocks are sliced to the largest index."""
from typing import List, Sequence, Tuple, Union

import torch
from torch import nn


def feature_take_indices(num_blocks: int, indices: Union[int, Sequence[int]]) -> Tuple[List[int], int]:
    if isinstance(indices, int):
        take_indices = list(range(num_blocks - indices, num_blocks))
    else:
        take_indices = [num_blocks + i if i < 0 else i for i in indices]
    assert all(0 <= i < num_blocks for i in take_indices), "index out of range"
    return take_indices, max(take_indices)


class TinyViT(nn.Module):
    def __init__(self, dim=4, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))

    def forward_intermediates(self, x, indices=2, stop_early=True):
        take_indices, max_index = feature_take_indices(len(self.blocks), indices)
        blocks = self.blocks[:max_index + 1] if stop_early else self.blocks
        intermediates = []
        for i, blk in enumerate(blocks):
            x = blk(x)
            if i in take_indices:
                intermediates.append(x)
        return x, intermediates

    def forward(self, x):
        x, feats = self.forward_intermediates(x)
        _, more = self.forward_intermediates(x, indices=[-1, 0])
        return x + sum(feats) + torch.stack(more).mean(0)


def example():
    return TinyViT(), (torch.randn(2, 3, 4),)
