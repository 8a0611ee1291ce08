"""The counterpart of fp14_flow_optional_tensor_guards: the option tested is the tensor the chain reads (`mask is not
None and bool(mask.any())`), and the caller passes one, so the chain's scalar read breaks. A known miss (on main too):
CL111 reads the default-None option as no tensor."""
import torch
from torch import nn


class Masked(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, pad_mask=None):
        h = self.proj(x)
        if pad_mask is not None and bool(pad_mask.any()):  # known-miss: CL111
            h = h.masked_fill(pad_mask[..., None], 0.0)
        return h


def example():
    return Masked(), (torch.randn(2, 3, 4), torch.tensor([[True, False, False], [False, False, True]]))
