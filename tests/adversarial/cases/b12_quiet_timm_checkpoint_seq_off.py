"""`checkpoint_seq` behind the grad-checkpointing flag and `torch.jit.is_scripting()`; the flag is off, and the
stochastic depth rates are read with `.item()` in __init__ only."""
import torch
from torch import nn

from b12_quiet_timm_registry import ClassifierBase, checkpoint_seq


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if self.drop_prob == 0.0 or not self.training:
            return x
        keep_prob = 1 - self.drop_prob
        mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep_prob)
        return x * mask / keep_prob


class Block(nn.Module):
    def __init__(self, dim, drop_path=0.0):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path) if drop_path > 0.0 else nn.Identity()

    def forward(self, x):
        return x + self.drop_path(self.fc(x))


class Net(ClassifierBase):
    def __init__(self, dim=8, depth=3, drop_path_rate=0.1):
        super().__init__()
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.Sequential(*[Block(dim, dpr[i]) for i in range(depth)])
        self.head = nn.Linear(dim, 2)

    def forward_features(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            return checkpoint_seq(self.blocks, x)
        return self.blocks(x)


def example():
    return Net().train(), (torch.randn(2, 3, 8),)
