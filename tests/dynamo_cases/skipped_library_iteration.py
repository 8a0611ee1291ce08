"""An object of a library dynamo never traces, bound to a name and then looped over: the call breaks (GB0007) and so
does the loop header, which inlines that library's `__iter__` (GB0008), sending the frame to eager. Samplers make a
progress bar first and iterate it after (audio-diffusion-pytorch's `progress_bar = tqdm(range(n))` then
`for i in progress_bar:`); networkx stands in for tqdm here, being installed wherever torch is. `cycle_graph`, which
no other example calls: a networkx function that ran before in the process breaks with another id (GB0071)."""
import networkx as nx
import torch
from torch import nn


class Walker(nn.Module):
    def forward(self, x):
        graph = nx.cycle_graph(3)  # expect: CL159
        for node in graph:  # expect: CL159
            x = x + node
        return x


def example():
    return Walker(), (torch.randn(4),)
