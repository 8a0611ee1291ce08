"""A RepVGG block in deploy-style evaluation fuses its branches every call; the identity branch's kernel is built
once with numpy (`np.zeros` and a loop of item writes) and kept on the module."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class RepVggBlock(nn.Module):
    def __init__(self, chs=2):
        super().__init__()
        self.chs = chs
        self.conv3 = nn.Conv2d(chs, chs, 3, padding=1, bias=False)
        self.conv1 = nn.Conv2d(chs, chs, 1, bias=False)

    def _identity_kernel(self):
        if not hasattr(self, "id_tensor"):
            kernel_value = np.zeros((self.chs, self.chs, 3, 3), dtype=np.float32)
            for i in range(self.chs):
                kernel_value[i, i, 1, 1] = 1
            self.id_tensor = torch.from_numpy(kernel_value)
        return self.id_tensor

    def forward(self, x):
        kernel = self.conv3.weight + F.pad(self.conv1.weight, [1, 1, 1, 1]) + self._identity_kernel()
        return F.conv2d(x, kernel, padding=1)


def example():
    return RepVggBlock(), (torch.randn(1, 2, 4, 4),)
