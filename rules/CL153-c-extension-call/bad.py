import hashlib
import zlib

import torch
from torch import nn


class Salted(nn.Module):
    def __init__(self):
        super().__init__()
        self.name = "layer0"

    def forward(self, x):
        h = x + 1
        salt = zlib.crc32(self.name.encode()) % 7  # expect: CL153
        digest = hashlib.sha256(self.name.encode())  # expect: CL153
        return h * salt + len(digest.name)


def example():
    return Salted(), (torch.randn(2, 8),)
