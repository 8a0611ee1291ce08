"""Tensors a torch.nn base class registers whatever its arguments, read by a subclass: a BatchNorm's running
statistics and batch counter, a Linear's or a Conv's weight (measured on 2.13, adversarial batch 16's cumulative
batch-norm factor); a bias or a norm's affine weight, which an argument can make None, is not judged."""
import torch
import torch.nn.functional as F
from torch import nn


class CumulativeBatchNorm(nn.BatchNorm1d):
    def forward(self, x):
        if self.training:
            self.num_batches_tracked.add_(1)
        factor = 1.0 / float(self.num_batches_tracked)  # expect: CL111
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, self.training, factor)


class ScaledLinear(nn.Linear):
    def forward(self, x):
        if self.weight.abs().amax() > 10:  # expect: CL101
            x = x * 0.1
        out = F.linear(x, self.weight, self.bias)
        if self.bias is not None:
            out = out + 1
        return out


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = CumulativeBatchNorm(3)
        self.proj = ScaledLinear(3, 3)

    def forward(self, x):
        return self.proj(self.norm(x))


def example():
    return Both(), (torch.randn(4, 3),)
