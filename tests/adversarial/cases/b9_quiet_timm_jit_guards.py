"""TorchScript-friendly timm idioms: `@torch.jit.unused` on a grad-checkpointing setter, an
`@torch.jit.ignore` `no_weight_decay`, and a `torch.jit.is_scripting()` guard around checkpoint_seq
with a tolist() on the scripting side only."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Stage(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(4, 4), nn.GELU(), nn.Linear(4, 4))
        self.grad_checkpointing = False

    @torch.jit.ignore
    def no_weight_decay(self):
        return {"pos_embed"}

    @torch.jit.unused
    def set_grad_checkpointing(self, enable=True):
        self.grad_checkpointing = enable

    def forward(self, x):
        if torch.jit.is_scripting():
            sizes = torch.tensor(x.shape).tolist()
            return self.blocks(x.view(sizes))
        if self.grad_checkpointing and not torch.jit.is_scripting():
            return checkpoint(self.blocks, x, use_reentrant=False)
        return self.blocks(x)


def example():
    stage = Stage()
    stage.set_grad_checkpointing(True)
    return stage, (torch.randn(2, 4),)
