"""A progress bar made only when a flag is on, then looped over: `it = tqdm(range(n)) if self.verbose else range(n)`
and `for i in it:` (diffusion-image-gen's samplers, held-out group 55). Where the flag is on, the call breaks (GB0007)
and so does the loop header, which inlines the skipped library's `__iter__` (GB0008): the frame runs eagerly. The loop
breaks exactly when the call does. networkx stands in for tqdm, being installed wherever torch is; `complete_graph`, which
no other example calls (a networkx function that ran before in the process breaks with another id)."""
import networkx as nx
import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self, verbose: bool = True):
        super().__init__()
        self.verbose = verbose

    def forward(self, x):
        steps = (nx.complete_graph(3) if self.verbose else range(3))  # expect: CL159
        for step in steps:  # expect: CL159
            x = x * 0.5 + step
        return x


def example():
    return Sampler(), (torch.randn(4),)
