"""EvoNorm-B0: in training the batch variance updates a running buffer in place with an unbiased factor from
Python sizes; evaluation reads the buffer."""
import torch
from torch import nn


class EvoNorm2dB0(nn.Module):
    def __init__(self, num_features=3, momentum=0.1, eps=1e-3):
        super().__init__()
        self.momentum, self.eps = momentum, eps
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.v = nn.Parameter(torch.ones(num_features))
        self.register_buffer("running_var", torch.ones(1, num_features, 1, 1))

    def forward(self, x):
        if self.training:
            var = x.float().var(dim=(0, 2, 3), unbiased=False, keepdim=True)
            n = x.numel() / x.shape[1]
            self.running_var.copy_(self.running_var * (1 - self.momentum) + var.detach() * self.momentum * (n / (n - 1)))
        else:
            var = self.running_var
        v = self.v.view(1, -1, 1, 1)
        left = var.add(self.eps).sqrt_().to(x.dtype)
        right = (x * v) + x.var(dim=(2, 3), unbiased=False, keepdim=True).add(self.eps).sqrt_()
        x = x / left.max(right)
        return x * self.weight.view(1, -1, 1, 1) + self.bias.view(1, -1, 1, 1)


def example():
    return EvoNorm2dB0(), (torch.randn(2, 3, 4, 4),)
