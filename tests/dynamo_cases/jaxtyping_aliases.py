"""Annotations through a project's jaxtyping wrapper (e2-tts' `Int = TorchTyping(jaxtyping.Int)`, then `t: Int['b']`)
and jaxtyping's own `Float[Tensor, 'b n']` name torch tensors: e2-tts' `lens_to_mask` rebinds `length` to `t.amax()`
when the caller leaves it out, and `torch.arange(length)` breaks (GB0033 on 2.13). Annotations are never evaluated here
(`from __future__ import annotations`), and the wrapper only holds its dtype, so a stand-in serves where jaxtyping is
not installed."""

from __future__ import annotations

import torch
from torch import Tensor, nn

try:
    import jaxtyping
except ImportError:
    import types

    jaxtyping = types.SimpleNamespace(Int="Int", Bool="Bool", Float="Float")


class TorchTyping:
    def __init__(self, abstract_dtype):
        self.abstract_dtype = abstract_dtype

    def __getitem__(self, shapes: str):
        return self.abstract_dtype[Tensor, shapes]


Int = TorchTyping(jaxtyping.Int)
Bool = TorchTyping(jaxtyping.Bool)


def lens_to_mask(t: Int['b'], length: int | None = None) -> Bool['b n']:
    if length is None:
        length = t.amax()
    seq = torch.arange(length, device=t.device)  # expect: CL124
    return seq[None, :] < t[:, None]


def pad_rows(x: jaxtyping.Float[Tensor, 'b n'], lens: Int['b']):
    """Sizes from shapes and constants compile."""
    return x.new_zeros(x.shape[0], 2), torch.arange(x.shape[-1]) < lens[:, None]


class Masker(nn.Module):
    def forward(self, x, lens):
        mask = lens_to_mask(lens)
        rows, keep = pad_rows(x, lens)
        return mask.sum() + rows.sum() + keep.sum() + x.sum()


def example():
    return Masker(), (torch.randn(3, 5), torch.tensor([2, 4, 5]))
