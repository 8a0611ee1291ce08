"""A name bound on every path to an object of a library dynamo never traces, looped over in a loop nested in another:
the inner header inlines that library's `__iter__` whenever the outer loop's body runs (GB0008) and the frame runs
eagerly, so the `.item()` written after it is never reported. Bound in one branch of a ternary (a progress bar behind
a flag) it may be a plain range, and the breaks after it stand (tests/test_amplifiers.py). networkx stands in for
tqdm; `wheel_graph`, which no other example calls (a networkx function that ran before in the process breaks with
another id)."""
import networkx as nx
import torch
from torch import nn


class Chains(nn.Module):
    def forward(self, x):
        nodes = nx.wheel_graph(3)  # expect: CL159
        scale = 1.0
        for chain in range(2):
            for node in nodes:  # expect: CL159
                x = x * 0.5 + node
                scale = x.mean().item()
        return x * scale


def example():
    return Chains(), (torch.randn(4),)
