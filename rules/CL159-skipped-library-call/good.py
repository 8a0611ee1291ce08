import networkx as nx
import torch
from torch import nn


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(8, 8)
        self.hops = nx.shortest_path_length(nx.path_graph(3), 0, 2)  # once, at construction

    def forward(self, x):
        return self.step(self.step(x)) * self.hops


def example():
    return Router(), (torch.randn(2, 8),)
