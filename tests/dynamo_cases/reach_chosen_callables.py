"""A local bound to one of several callables by a conditional expression, then called (`sample_fn =
self.ddpm_sample if not self.use_ddim else self.ddim_sample; return sample_fn(shape)`, rin-pytorch and
med-seg-diff-pytorch): each branch is code the call may run, so each is compiled. The flag is an argument, so the
variants run every branch; every marked line breaks under dynamo."""
import torch
from torch import nn

from compilelint import Example


def widen(x):
    if x.amax() > 1:  # expect: CL101
        return x * 2
    return x


def narrow(x):
    if x.amin() < -1:  # expect: CL101
        return x / 2
    return x


def keep(x):
    return x


class Sampler(nn.Module):
    def coarse(self, x):
        return x * x.sum().item()  # expect: CL111

    def fine(self, x):
        return x * x[x > 0].sum()  # expect: CL122

    def forward(self, x, fine: bool, mode: int):
        step = self.fine if fine else self.coarse
        shape = widen if mode == 0 else narrow if mode == 1 else keep
        return shape(x) + step(x)


def example():
    x = torch.randn(3, 4)
    return Example(Sampler(), (x, True, 0), variants=[(x, False, 1), (x, False, 2)])
