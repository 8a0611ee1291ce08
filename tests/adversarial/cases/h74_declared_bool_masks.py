"""A batch object whose fields are typed with jaxtyping (a dataclass with `attention_mask: Bool[Tensor, "b n"]` and
`labels: Int[Tensor, "b n"]`, as typed transformer libraries declare their inputs): the annotation is the only sign
that the mask holds booleans. Selecting the real tokens with it (`hidden[batch.attention_mask]`) reads through a
boolean mask (GB0036); multiplying by it, `masked_fill` with it, gathering by the integer labels and an `Optional`
mask left None compile."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch
from torch import Tensor, nn

try:
    from jaxtyping import Bool, Float, Int
except ImportError:
    pass


@dataclass
class Batch:
    hidden: Float[Tensor, "b n d"]
    attention_mask: Bool[Tensor, "b n"]
    labels: Int[Tensor, "b n"]


def token_loss(batch: Batch, head: nn.Linear) -> Tensor:
    logits = head(batch.hidden).log_softmax(-1)
    picked = logits.gather(-1, batch.labels[..., None])[..., 0]
    return -(picked * batch.attention_mask).sum() / batch.attention_mask.sum()


def real_tokens(batch: Batch) -> Tensor:
    return batch.hidden[batch.attention_mask]  # expect: CL122


def pooled(batch: Batch, extra: Optional[Bool[Tensor, "b n"]] = None) -> Tensor:
    filled = batch.hidden.masked_fill(~batch.attention_mask[..., None], 0.0)
    return filled.sum(1) + batch.hidden[extra].sum()


class TypedHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 6)

    def forward(self, hidden, attention_mask, labels):
        batch = Batch(hidden, attention_mask, labels)
        return token_loss(batch, self.head) + real_tokens(batch).sum() + pooled(batch).sum()


def example():
    mask = torch.tensor([[True, True, True, False], [True, True, False, False]])
    return TypedHead(), (torch.randn(2, 4, 4), mask, torch.randint(0, 6, (2, 4)))
