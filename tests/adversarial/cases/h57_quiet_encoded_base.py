"""A relational GNN's encoded batch in its own file: a plain holder class whose constructor fills its size and index
tables with the legacy typed constructors (`torch.LongTensor()`, `torch.FloatTensor(0)`), refilled by the encoder
before the forward, and a sum readout over the nodes of each graph that compiles. h57_encoded_graph_readout imports
it."""
import torch
from torch import nn


class EncodedTensors:
    def __init__(self):
        self.node_count: int = 0
        self.node_sizes: torch.Tensor = torch.LongTensor()
        self.object_indices = torch.LongTensor()
        self.weights = torch.FloatTensor(0)


def encode(sizes):
    encoded = EncodedTensors()
    encoded.node_sizes = torch.tensor(sizes)
    encoded.node_count = sum(sizes)
    encoded.object_indices = torch.arange(encoded.node_count)
    encoded.weights = torch.ones(encoded.node_count)
    return encoded


class SumReadout(nn.Module):
    def forward(self, nodes: torch.Tensor, graph_of_node: torch.Tensor, graphs: int) -> torch.Tensor:
        return torch.zeros(graphs, nodes.shape[1]).index_add_(0, graph_of_node, nodes)


def example():
    return SumReadout(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]), 2)
