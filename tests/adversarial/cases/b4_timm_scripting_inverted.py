"""torch.jit.is_scripting() guards both ways: the branch taken only when scripting never runs under dynamo,
but `if not torch.jit.is_scripting():` runs, so the warning inside it breaks; grad checkpointing is off."""
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Stage(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Linear(dim, dim) for _ in range(depth)])
        self.grad_checkpointing = False
        self.fast_norm = False

    def forward(self, x):
        if torch.jit.is_scripting():
            print("scripted forward")
            return self.blocks(x)
        if not torch.jit.is_scripting():
            if not self.fast_norm:
                warnings.warn("fast norm disabled, using the reference LayerNorm")  # expect: CL131
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint(self.blocks, x, use_reentrant=False)
        else:
            x = self.blocks(x)
        return x


def example():
    return Stage(), (torch.randn(2, 8),)
