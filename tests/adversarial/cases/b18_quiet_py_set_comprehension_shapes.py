"""Set and dict comprehensions over shapes and dtypes of a feature list: the number of distinct widths and a
dtype check are Python values."""
import torch
from torch import nn


class Fuse(nn.Module):
    def __init__(self, widths=(4, 4, 6), dim=4):
        super().__init__()
        self.projs = nn.ModuleDict({str(w): nn.Linear(w, dim) for w in sorted(set(widths))})

    def forward(self, feats):
        widths = {f.shape[-1] for f in feats}
        dtypes = {f.dtype for f in feats}
        if len(dtypes) > 1:
            feats = [f.float() for f in feats]
        by_width = {w: [f for f in feats if f.shape[-1] == w] for w in sorted(widths)}
        return sum(self.projs[str(w)](torch.stack(fs).sum(0)) for w, fs in by_width.items())


def example():
    return Fuse(), ([torch.randn(2, 4), torch.randn(2, 4), torch.randn(2, 6)],)
