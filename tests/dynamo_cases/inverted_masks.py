"""`~t` of a tensor in an index is a boolean mask: the bitwise not of an integer tensor indexes nothing anyone
means, so `x[~keep]` reads through a mask and its shape depends on the data (GB0036). torchani's
`coordinates[:, :, ~pbc]` with `pbc: Tensor` (held-out group 3); fairseq-style `x[~padding_mask]`. The Python idiom
`x[~i]` on an int (the i-th from the end) is no mask."""
import torch
from torch import nn


def map_to_central(coordinates: torch.Tensor, pbc: torch.Tensor) -> torch.Tensor:
    out = coordinates.remainder(1.0)
    out[:, ~pbc] = coordinates[:, ~pbc].clone()  # expect: CL122
    return out


class Pool(nn.Module):
    def forward(self, x, padding_mask, pbc):
        kept = x[~padding_mask]  # expect: CL122
        last = x[~0] + x[~1]
        return kept.sum() + map_to_central(x, pbc).sum() + last.sum()


def example():
    return Pool(), (torch.randn(4, 3), torch.tensor([True, False, False, True]), torch.tensor([True, False, True]))
