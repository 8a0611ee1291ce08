"""dtype, device and flag properties of a tensor: constants under dynamo, no break."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if x.dtype == torch.float16 or x.is_cuda:
            x = x.float()
        if x.device.type == "cpu" and not x.requires_grad:
            x = x + 1
        if x.is_floating_point() and x.is_contiguous():
            x = x * 2
        if torch.is_tensor(x) and isinstance(x, torch.Tensor) and hasattr(x, "shape"):
            x = x - 1
        y = x.half() if x.dtype == torch.float64 else x
        return y


def example():
    return Model(), (torch.randn(2, 3),)
