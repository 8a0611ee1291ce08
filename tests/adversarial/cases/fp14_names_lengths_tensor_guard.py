"""The counterpart of fp14_names_shape_arg_isinstance_raise: the guard demands a tensor (`if not isinstance(lengths,
torch.Tensor): raise`), so after it `lengths` is one and sizing a range by its maximum breaks."""
import torch
from torch import nn


def lengths_to_mask(lengths):
    if not isinstance(lengths, torch.Tensor):
        raise TypeError("lengths must be a tensor")
    width = int(lengths.max())  # expect: CL111
    return torch.arange(width)[None, :] < lengths[:, None]


class Masker(nn.Module):
    def forward(self, x, lengths):
        return x[:, :4] * lengths_to_mask(lengths)[:, :4]


def example():
    return Masker(), (torch.randn(2, 6), torch.tensor([4, 5]))
