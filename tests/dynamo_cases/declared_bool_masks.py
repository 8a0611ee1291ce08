"""Boolean masks declared by annotation, or by use: a NamedTuple field `mask: Bool[Tensor, "b n"]` read through a
parameter annotated with its class (`inp: Padded`, stackformers' `PaddedInput`, held-out group 74), a parameter
annotated `keep: Bool[Tensor, "n"]`, and the result of an unknown call used as the condition of `torch.where`
(stackformers' `should_mask = self.masking_strategy(input)`). Indexing a tensor with any of them reads through a
boolean mask: the size of the result depends on the data (GB0036, 2.13). Writes through the mask, an integer-typed
field used as an index, `torch.where` on the mask, an `Optional` annotation (a None index adds a dimension) and an
unknown call's result written through and read back (integer positions) compile. Annotations are never evaluated here
(`from __future__ import annotations`), so the case runs where jaxtyping is not installed."""

from __future__ import annotations

from typing import NamedTuple, Optional

import torch
from torch import Tensor, nn

try:
    from jaxtyping import Bool, Float, Int
except ImportError:
    pass


class Padded(NamedTuple):
    x: Float[Tensor, "b n d"]
    mask: Bool[Tensor, "b n"]
    index: Int[Tensor, "k"]


def unpad(inp: Padded) -> Tensor:
    return inp.x[inp.mask]  # expect: CL122


def masked_mean(x: Tensor, keep: Bool[Tensor, "n"]) -> Tensor:
    return x[keep].mean()  # expect: CL122


def quiet(inp: Padded, keep: Optional[Bool[Tensor, "n"]] = None) -> Tensor:
    out = inp.x.clone()
    out[inp.mask] = 0.0
    picked = inp.x[:, inp.index]
    kept = torch.where(inp.mask[..., None], inp.x, 0.0)
    return out.sum() + picked.sum() + kept.sum() + inp.x[0, :, 0][keep].sum()


def corrupt(x: Tensor, strategy: nn.Module, token: Tensor) -> Tensor:
    should_mask = strategy(x)
    corrupted = torch.where(should_mask.unsqueeze(-1), token, x)
    return corrupted[should_mask]  # expect: CL122


def gathered(x: Tensor, strategy: nn.Module, picker: nn.Module) -> Tensor:
    positions = picker(x)
    x[positions] = 0.0
    return x[positions] + strategy(x).float().sum()


class Halves(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return x[..., 0] > 0


class Firsts(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return torch.arange(2)


class Declared(nn.Module):
    def __init__(self):
        super().__init__()
        self.strategy, self.picker = Halves(), Firsts()
        self.token = nn.Parameter(torch.zeros(3))

    def forward(self, x, mask, index, keep):
        inp = Padded(x, mask, index)
        y = unpad(inp).sum() + masked_mean(x[0, :, 0], keep) + quiet(inp)
        return y + corrupt(x, self.strategy, self.token).sum() + gathered(x.clone(), self.strategy, self.picker).sum()


def example():
    mask = torch.tensor([[True, True, False, False], [True, True, True, False]])
    return Declared(), (torch.randn(2, 4, 3), mask, torch.tensor([0, 2]), torch.tensor([True, False, True, True]))
