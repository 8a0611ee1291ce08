import bisect
import gc
import hashlib
import heapq
import json
import operator
import os
import pickle
import zlib
from json import loads
from os import cpu_count

import torch
from torch import nn


first_output = operator.itemgetter(0)
as_number = operator.methodcaller("item")


class Table:
    """A container that reads its own storage without recursing into `__getattr__`."""

    def __init__(self, data):
        self.data = data

    def __getattr__(self, name):
        return object.__getattribute__(self, "data")[name]

    def read(self, name):
        return object.__getattribute__(self, "data")[name]  # expect: CL153


class Salted(nn.Module):
    def __init__(self):
        super().__init__()
        self.name = "layer0"
        self.bounds = [0.25, 0.5, 0.75]
        self.table = Table({"scale": 2.0})
        self.pick_second = operator.itemgetter(1)
        self.rope_scaling = {"factor": 2.0, "rope_type": "linear"}

    def forward(self, x):
        h = first_output((x + 1, None))  # expect: CL153
        h = h + self.pick_second((x, x))  # expect: CL153
        h = h * as_number(x.sum())  # expect: CL153
        salt = zlib.crc32(self.name.encode()) % 7  # expect: CL153
        digest = hashlib.sha256(self.name.encode())  # expect: CL153
        bucket = bisect.bisect(self.bounds, 0.6)  # expect: CL153
        key = pickle.dumps({"scale": 2})  # expect: CL153
        widest = heapq.nlargest(2, self.bounds)  # expect: CL153
        gc.collect()  # expect: CL153
        worker = os.getpid() % 2  # expect: CL153
        cores = cpu_count()  # expect: CL153
        cache_key = json.dumps(self.rope_scaling, sort_keys=True)  # expect: CL153
        factor = loads(cache_key)["factor"]  # expect: CL153
        scale = self.table.read("scale")
        return h * salt * scale + len(digest.name) + bucket + len(key) + widest[0] + worker + (cores > 0) + factor


def example():
    return Salted(), (torch.randn(2, 8),)
