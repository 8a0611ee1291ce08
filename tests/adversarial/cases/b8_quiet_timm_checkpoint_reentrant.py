"""timm-style `checkpoint_seq`: with grad checkpointing on (and not scripting) the blocks run through
torch.utils.checkpoint with the reentrant implementation. Dynamo traces the reentrant checkpoint without a
break."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


def checkpoint_seq(blocks, x, use_reentrant=True):
    for block in blocks:
        x = checkpoint(block, x, use_reentrant=use_reentrant)
    return x


class Stage(nn.Module):
    def __init__(self, dim=4, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)])
        self.grad_checkpointing = True

    def forward(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint_seq(self.blocks, x)
        else:
            x = self.blocks(x)
        return x


def example():
    return Stage().train(), (torch.randn(2, 4, requires_grad=True),)
