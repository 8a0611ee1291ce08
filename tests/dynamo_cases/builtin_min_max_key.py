"""Builtin max/min with `key=` (GB0193, dynamo's handler takes no key and folds only constants): a key reading the
instance or a local tensor, a bound method of the instance, zip/enumerate items, a dict's keys/values/items views
(even with a key that folds); beside keys that fold (their own parameter, a module constant, a local or annotated
Python int, `abs`, a dict's `get`, over the dict itself or a list of its keys) and calls without a key."""
import torch
from torch import nn

LIMIT = 6


class Picker(nn.Module):
    def __init__(self):
        super().__init__()
        self.buckets = [4, 8, 16]
        self.table = {"a": 1, "b": 3}

    def score(self, b):
        return -b

    def forward(self, x, length: int):
        scores = x.sum(-1)
        k = len(min(self.table.keys(), key=lambda name: abs(len(name) - LIMIT)))  # expect: CL174
        v = min(self.table.values(), key=abs)  # expect: CL174
        w = max(self.table.items(), key=lambda kv: kv[1])[1]  # expect: CL174
        a = max(range(3), key=lambda j: scores[j])  # expect: CL174
        b = min(range(3), key=lambda j: self.buckets[j])  # expect: CL174
        c = max(self.buckets, key=self.score)  # expect: CL174
        d = max(zip(self.buckets, self.buckets), key=lambda p: p[0] - length)[0]  # expect: CL174
        e = min(enumerate(self.buckets), key=lambda p: p[1])[0]  # expect: CL174
        n = 5
        f = max(self.buckets, key=lambda v: abs(v - n)) + min(self.buckets, key=lambda v: abs(v - length))
        g = min(self.buckets, key=lambda v: abs(v - LIMIT)) + max(self.buckets, key=abs)
        h = max(self.table, key=self.table.get) == "b"
        h = h + len(min(list(self.table), key=lambda name: abs(len(name) - LIMIT)))
        i = max(self.buckets) + min(scores[0], scores[1])
        return x * (a + b + c + d + e + f + g + h + k + v + w) + i


def example():
    return Picker(), (torch.rand(3, 2), 7)
