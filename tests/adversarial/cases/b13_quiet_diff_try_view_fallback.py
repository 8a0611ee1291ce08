"""A fast path that raises a library exception when it does not apply, caught in forward (`try` /
`except`), and an optional kernel imported in a try at module level."""
import torch
from torch import nn

from b13_quiet_diff_modeling import ModelMixin

try:
    from b13_missing_fast_kernels import fused_norm
except ImportError:
    fused_norm = None


class FastPathUnavailable(Exception):
    pass


def fast_unpatchify(x, patch):
    if patch != 1:
        raise FastPathUnavailable(f"patch size {patch}")
    return x.flatten(1)


class Unpatchify(ModelMixin):
    def __init__(self, dim=8, patch=2):
        super().__init__()
        self.patch = patch
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        x = self.proj(x)
        if fused_norm is not None:
            x = fused_norm(x)
        try:
            out = fast_unpatchify(x, self.patch)
        except FastPathUnavailable:
            out = x.transpose(1, 2).reshape(x.shape[0], -1)
        return out


def example():
    return Unpatchify(), (torch.randn(1, 4, 8),)
