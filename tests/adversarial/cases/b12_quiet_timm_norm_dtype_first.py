"""The same overflow-safe norm with the dtype test first: for float32 inputs `and` stops before the value test,
so nothing reads tensor values."""
import torch
from torch import nn

from b12_quiet_timm_registry import get_act_layer


class SafeLayerNorm(nn.LayerNorm):
    def forward(self, x):
        if x.dtype == torch.float16 and x.abs().amax() > 60000.0:  # known-fp: CL101
            return super().forward(x.float()).to(x.dtype)
        return super().forward(x)


NORMS = {"ln": nn.LayerNorm, "safe_ln": SafeLayerNorm}


class MlpBlock(nn.Module):
    def __init__(self, dim=8, norm="safe_ln", act="silu"):
        super().__init__()
        self.norm = NORMS[norm](dim)
        self.fc = nn.Linear(dim, dim)
        self.act = get_act_layer(act)()

    def forward(self, x):
        return x + self.act(self.fc(self.norm(x)))


def example():
    return MlpBlock(), (torch.randn(2, 4, 8),)
