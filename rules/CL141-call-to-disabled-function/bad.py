import torch
from torch import nn


@torch.compiler.disable
def log_stats(x):
    return x.mean()


def _clip(x):
    return x.clamp(-1, 1)


eager_clip = torch._dynamo.disable(_clip)


class Debug(nn.Module):
    @torch.compiler.disable
    def forward(self, x):
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.debug = Debug()

    @torch.compiler.disable
    def check(self, x):
        return x

    def forward(self, x):
        h = self.proj(x)
        log_stats(h)  # expect: CL141
        h = torch.relu(h)
        h = eager_clip(h)  # expect: CL141
        h = h * 2
        h = self.check(h)  # expect: CL141
        h = h + 1
        h = self.debug(h)  # expect: CL141
        return h.sin()


def example():
    return Model(), (torch.randn(2, 8),)
