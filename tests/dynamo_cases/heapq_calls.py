"""Every `heapq` call breaks: its C functions are skipped (GB0007), `nlargest` / `merge` call them, and `nsmallest`
of one item goes through builtin `min` with `default=` (GB0059); on Python ints and on 0-d tensors alike."""
import heapq
from heapq import heappush as push

import torch
from torch import nn


def widest(widths):
    return heapq.nlargest(2, widths)  # expect: CL153


def best_expert(scores):
    return heapq.nlargest(2, range(scores.shape[0]), key=lambda i: scores[i])  # expect: CL153


def smallest(widths):
    return heapq.nsmallest(1, widths)  # expect: CL153


def pushed(widths):
    heap = []
    push(heap, widths[0])  # expect: CL153
    return heap


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.widths = [3, 8, 5]

    def forward(self, x):
        a = widest(self.widths)
        b = best_expert(x.mean(0))
        c = smallest(self.widths)
        d = pushed(self.widths)
        return x * (a[0] + c[0] + d[0]) + x[:, b[0]:b[0] + 1]


def example():
    return Router(), (torch.randn(2, 3),)
