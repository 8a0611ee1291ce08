"""A boolean mask registered as a buffer in `__init__` (`self.register_buffer("keep", torch.cat(parts).bool())`) is a
mask in the module's other methods: reading through it has a data-dependent shape (GB0036). torch-gauge's
`padded_out_ten[:, self.out_reduce_mask]` (held-out group 33). A buffer of integer positions is no mask."""
import torch
from torch import nn


class Reduce(nn.Module):
    def __init__(self):
        super().__init__()
        parts = [torch.tensor([1, 0, 1]), torch.tensor([0, 1])]
        self.register_buffer("keep", torch.cat(parts).bool())
        self.register_buffer("valid", torch.arange(5) > 1, persistent=False)
        self.register_buffer("index", torch.tensor([0, 2, 4]))

    def forward(self, x):
        kept = x[:, self.keep]  # expect: CL122
        valid = x[:, self.valid]  # expect: CL122
        picked = x[:, self.index]
        return kept.sum() + valid.sum() + picked.sum()


def example():
    return Reduce(), (torch.randn(2, 5),)
