"""forward_intermediates: indices normalised by a helper that `_assert`s on ints, a block list sliced when
not scripting, `if i in take_indices` over Python ints, and an output format string: nothing breaks."""
import torch
from torch import nn

_assert = torch._assert


def feature_take_indices(num_features, indices=None, as_set=False):
    if indices is None:
        indices = num_features
    if isinstance(indices, int):
        _assert(0 < indices <= num_features, f"last-n ({indices}) is out of range (1 to {num_features})")
        take_indices = [num_features - indices + i for i in range(indices)]
    else:
        take_indices = []
        for i in indices:
            idx = num_features + i if i < 0 else i
            _assert(0 <= idx < num_features, f"feature index {idx} is out of range (0 to {num_features - 1})")
            take_indices.append(idx)
    if not torch.jit.is_scripting() and as_set:
        return set(take_indices), max(take_indices)
    return take_indices, max(take_indices)


class Net(nn.Module):
    def __init__(self, dim=4, depth=4):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Linear(dim, dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)

    def forward(self, x, indices=None, norm=False, stop_early=True, output_fmt="NLC", intermediates_only=False):
        assert output_fmt in ("NCHW", "NLC"), "Output format must be one of NCHW or NLC."  # expect: CL205
        intermediates = []
        take_indices, max_index = feature_take_indices(len(self.blocks), indices)
        if torch.jit.is_scripting() or not stop_early:
            blocks = self.blocks
        else:
            blocks = self.blocks[: max_index + 1]
        for i, blk in enumerate(blocks):
            x = blk(x)
            if i in take_indices:
                intermediates.append(self.norm(x) if norm else x)
        if intermediates_only:
            return intermediates
        return self.norm(x), intermediates


def example():
    from compilelint.example import Example

    return Example(Net(), (torch.randn(2, 3, 4),), kwargs={"indices": [-2, -1]})
