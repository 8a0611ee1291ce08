"""timm / torchvision style `torch.jit.is_scripting()` / `is_tracing()` branches: under dynamo both are
False, so the `not` side is the one traced."""
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Stage(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(4, 4), nn.GELU(), nn.Linear(4, 4))
        self.grad_checkpointing = True

    def forward(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint(self.blocks, x, use_reentrant=False)
        else:
            x = self.blocks(x)
        if torch.jit.is_scripting():
            x = x + float(x.mean())
        if not (torch.jit.is_scripting() or torch.jit.is_tracing()):
            warnings.warn("non-scripted path")  # expect: CL131
        return x


def example():
    return Stage(), (torch.randn(2, 4),)
