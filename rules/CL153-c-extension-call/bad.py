import bisect
import hashlib
import pickle
import zlib

import torch
from torch import nn


class Salted(nn.Module):
    def __init__(self):
        super().__init__()
        self.name = "layer0"
        self.bounds = [0.25, 0.5, 0.75]

    def forward(self, x):
        h = x + 1
        salt = zlib.crc32(self.name.encode()) % 7  # expect: CL153
        digest = hashlib.sha256(self.name.encode())  # expect: CL153
        bucket = bisect.bisect(self.bounds, 0.6)  # expect: CL153
        key = pickle.dumps({"scale": 2})  # expect: CL153
        return h * salt + len(digest.name) + bucket + len(key)


def example():
    return Salted(), (torch.randn(2, 8),)
