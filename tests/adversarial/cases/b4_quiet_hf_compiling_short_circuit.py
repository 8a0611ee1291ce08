"""Tensor checks placed after an `is_torchdynamo_compiling()` short-circuit (a try/except helper around
torch.compiler.is_compiling()) or inside `if not ...compiling():` never run under dynamo: nothing breaks."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def is_torchdynamo_compiling():
    try:
        import torch

        return torch.compiler.is_compiling()
    except Exception:
        return False


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, attention_mask):
        if is_torchdynamo_compiling() or torch.jit.is_tracing() or (attention_mask == 1).all():
            mask = None
        else:
            mask = attention_mask
        if not is_torchdynamo_compiling():
            if torch.isnan(x).any():
                logger.warning("NaN input")
            print("eager path", x.sum().item())
        compiling = is_torchdynamo_compiling()
        if not compiling and (x > 100).any():
            raise ValueError("input too large")
        return self.proj(x), mask


def example():
    return Model(), (torch.randn(2, 4), torch.ones(2, 4))
