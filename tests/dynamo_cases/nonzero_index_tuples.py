"""`nonzero(..., as_tuple=True)` returns one index tensor per dimension: `[0]` of it is a tensor, and so is each of
its elements when iterated. A helper parameter annotated with a bare container (`neighbors: List`) says nothing of
what it holds: it takes what its calls pass. message-passing-nn's Node (held-out 47) filters the neighbours of
`nonzero(row, as_tuple=True)[0]` by `if neighbor > self.node_id` in a helper annotated `List`. Every marked line
breaks under dynamo."""
from typing import List

import torch
from torch import nn


class Node:
    def __init__(self, adjacency, node_id: int):
        self.node_id = node_id
        self.neighbors = self._greater(self._all(adjacency))

    def _all(self, adjacency):
        return torch.nonzero(adjacency[self.node_id], as_tuple=True)[0]  # expect: CL121

    def _greater(self, neighbors: List) -> List:
        return [n for n in neighbors if n > self.node_id]  # expect: CL101


class Ring(nn.Module):
    def forward(self, x, adjacency):
        rows, cols = adjacency.nonzero(as_tuple=True)  # expect: CL121
        node = Node(adjacency, 0)
        return (x[rows].sum() + x[cols].sum()) * len(node.neighbors)


def example():
    adjacency = torch.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]])
    return Ring(), (torch.randn(3, 2), adjacency)
