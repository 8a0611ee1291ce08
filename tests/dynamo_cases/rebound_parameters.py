"""A parameter declared an int (annotated `int | None`, or defaulting to one) that the function rebinds to a tensor on
one path: the name is a tensor after that path, and a size read from it there is a data-dependent operator (GB0033 on
2.13). e2-tts' `lens_to_mask(t, length: int | None = None)`: `if not exists(length): length = t.amax()` then
`torch.arange(length)` (held-out group 42, e2_tts.py:181). A path dynamo never traces binds nothing: where every
compiled call passes `length`, the rebinding under `if length is None:` never runs and the size is the caller's int.
Rebound to a shape or a Python int, the name stays an int and compiles."""

from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


def exists(value):
    return value is not None


def lens_to_mask(t, length: Optional[int] = None):
    if length is None:
        length = t.amax()
    seq = torch.arange(length, device=t.device)  # expect: CL124
    return seq[None, :] < t[:, None]


def lens_to_mask_exists(t, length: Optional[int] = None):
    if not exists(length):
        length = t.amax() + 1
    return torch.arange(length, device=t.device)[None, :] < t[:, None]  # expect: CL124


def first_frames(x, lens, frames=4):
    if x.shape[-1] > 2:
        frames = lens.amin() + 1
    return torch.narrow(x, -1, 0, frames)  # expect: CL124


def pad_to_longest(x, lens, max_len=16):
    """e2-tts' `sample`: a parameter defaulting to an int rebound to a tensor, then arithmetic on it sizes the pads.
    After the first break the name is an input of the resume function, but arithmetic on it is a tensor computed
    there: it breaks again (the name alone would not: dynamo specializes on an input's value)."""
    max_len = lens.amax()
    padded = F.pad(x, (0, max_len - x.shape[-1]))  # expect: CL124
    return padded.sum() + torch.zeros(max_len - x.shape[-1] + 1).sum()  # expect: CL124


def lens_to_mask_given(t, length: Optional[int] = None):
    """Every compiled call passes `length`: the rebinding is never traced."""
    if length is None:
        length = t.amax()
    return torch.arange(length, device=t.device)[None, :] < t[:, None]


def zeros_given(t: torch.Tensor, size: Optional[int] = None):
    """A tensor on the path that binds it (`t` is one by its annotation), but every compiled call passes `size`."""
    if size is None:
        size = t.sum().long()
    return torch.zeros(size, device=t.device)


def zeros_eager_only(t, size: int = 3):
    """Rebound only in eager: dynamo never traces the branch."""
    if not torch.compiler.is_compiling():
        size = t.amax() + 1
    return torch.zeros(size, device=t.device)


def lens_to_mask_shape(t, length: Optional[int] = None):
    """Rebound to a shape: an int on both paths."""
    if length is None:
        length = t.shape[-1] * 2
    return torch.arange(length, device=t.device)[None, :] < t[:, None]


def first_frames_int(x, lens, frames=4):
    if x.shape[-1] > 2:
        frames = 2 + x.shape[0]
    return torch.narrow(x, -1, 0, frames)


class Rebound(nn.Module):
    def forward(self, x, lens):
        return (lens_to_mask(lens).sum() + lens_to_mask_exists(lens + 1).sum() + first_frames(x, lens).sum()
                + lens_to_mask_given(lens, x.shape[-1]).sum() + zeros_given(lens, size=3).sum()
                + zeros_eager_only(lens).sum() + lens_to_mask_shape(lens).sum()
                + first_frames_int(x, lens).sum() + pad_to_longest(x, lens + 4).sum())


def example():
    return Rebound(), (torch.randn(2, 5), torch.tensor([2, 4]))
