"""A mini-batch of graphs in its own file, in the style of a graph library's data holder: a plain class whose
constructor fills its per-graph tables (node counts and offsets) with tensors and keeps its repeat factor and graph
count as Python ints; a loader fills it before the forward; its subclass with one more table; and an atom-graph batch
declared as a NamedTuple whose node counts are a field annotated `torch.Tensor`. crossfile_holder_spread imports them."""
from typing import NamedTuple

import torch
from torch import nn


class NodeBatch:
    def __init__(self, sizes):
        self.num_graphs: int = len(sizes)
        self.repeats = 2
        self.node_sizes: torch.Tensor = torch.tensor(sizes)
        self.offsets = torch.cumsum(self.node_sizes, 0) - self.node_sizes


class WeightedNodeBatch(NodeBatch):
    def __init__(self, sizes):
        super().__init__(sizes)
        self.graph_weights = torch.ones(len(sizes))


class AtomGraphs(NamedTuple):
    graph_of_node: torch.Tensor
    n_node: torch.Tensor
    copies: int


class MeanReadout(nn.Module):
    def forward(self, nodes: torch.Tensor, batch: NodeBatch) -> torch.Tensor:
        index = torch.arange(batch.num_graphs).repeat_interleave(batch.node_sizes, output_size=nodes.shape[0])
        total = torch.zeros(batch.num_graphs, nodes.shape[1]).index_add_(0, index, nodes)
        return total / batch.node_sizes[:, None]


def example():
    return MeanReadout(), (torch.randn(5, 4), NodeBatch([2, 3]))
