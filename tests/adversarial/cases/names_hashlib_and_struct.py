"""`hashlib` on bytes and `struct.calcsize` of a constant format in forward: C functions dynamo skips."""
import hashlib
import struct

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        width = struct.calcsize("i")  # expect: CL153
        h = x * width
        digest = hashlib.md5(b"layer").hexdigest()  # expect: CL153
        return h + len(digest)


def example():
    return Model(), (torch.randn(2, 3),)
