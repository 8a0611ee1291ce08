import numpy as np
import torch
from torch import nn

torch._dynamo.config.trace_numpy = False


class Squash(nn.Module):
    def forward(self, x):
        a = x.numpy()  # expect: CL311
        return torch.from_numpy(np.tanh(a) * 2)  # expect: CL311


def example():
    return Squash(), (torch.randn(3, 3),)
