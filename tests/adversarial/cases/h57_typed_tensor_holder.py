"""A graph batch holder built with the legacy typed constructors (`torch.LongTensor()`, `torch.FloatTensor(0)`) and
refilled by the loader, read by a global update in the same file: each graph's embedding spread over its nodes by the
holder's sizes (`repeat_interleave` without `output_size`: a data-dependent length), beside the same spread given its
total and the weights only scaled. The constructors make tensors, not submodules."""
import torch
from torch import nn


class GraphBatch:
    def __init__(self):
        self.num_nodes = 0
        self.node_sizes = torch.LongTensor()
        self.weights = torch.FloatTensor(0)


def collate(sizes):
    batch = GraphBatch()
    batch.node_sizes = torch.tensor(sizes)
    batch.num_nodes = sum(sizes)
    batch.weights = torch.ones(batch.num_nodes)
    return batch


class GlobalUpdate(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.update = nn.Linear(2 * dim, dim)

    def forward(self, nodes, graphs, batch: GraphBatch):
        spread = graphs.repeat_interleave(batch.node_sizes, dim=0)  # expect: CL121
        nodes = self.update(torch.cat((nodes, spread), 1)) * batch.weights[:, None]
        return nodes + graphs.repeat_interleave(batch.node_sizes, dim=0, output_size=batch.num_nodes)


def example():
    return GlobalUpdate(), (torch.randn(5, 4), torch.randn(2, 4), collate([2, 3]))
