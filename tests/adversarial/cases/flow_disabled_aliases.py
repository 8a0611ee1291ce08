"""`torch.compiler.disable` reached through an alias, applied as a call at module level, and on a method;
and a function that is only *defined* with a break but swapped out for a clean one before use."""
import torch
from torch import nn

no_compile = torch.compiler.disable


@no_compile
def log_stats(x):
    print(x.mean())
    return x


def _raw_fallback(x):
    return x.cpu().tolist()


fallback = torch.compiler.disable(_raw_fallback)


def noisy(x):
    print(x)
    return x


def quiet(x):
    return x


chosen = quiet


class Model(nn.Module):
    @torch.compiler.disable
    def side(self, x):
        return x + 1

    def forward(self, x):
        x = log_stats(x)  # expect: CL141
        y = fallback(x)  # expect: CL141
        z = self.side(x)  # expect: CL141
        return chosen(x), y, z


def example():
    return Model(), (torch.randn(2, 3),)
