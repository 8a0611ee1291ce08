"""A norm layer picked from a local registry by name: it upcasts half inputs that would overflow, but the value
test comes before the dtype test, so it runs for every dtype."""
import torch
from torch import nn


class SafeLayerNorm(nn.LayerNorm):
    def forward(self, x):
        if x.abs().amax() > 60000.0 and x.dtype == torch.float16:  # expect: CL101
            return super().forward(x.float()).to(x.dtype)
        return super().forward(x)


NORMS = {"ln": nn.LayerNorm, "safe_ln": SafeLayerNorm}


def create_norm(name, dim):
    return NORMS[name](dim)


class MlpBlock(nn.Module):
    def __init__(self, dim=8, norm="safe_ln"):
        super().__init__()
        self.norm = create_norm(norm, dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(self.norm(x))


def example():
    return MlpBlock(), (torch.randn(2, 4, 8),)
