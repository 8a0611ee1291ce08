"""A graph autoencoder builds its node embedding table from the data object's `num_nodes`; the data holds only
edges, so the utils file's property falls back to the largest index (judged in the utils file)."""
import torch
from torch import nn

from b20_pyg_utils import GraphData


class EdgeOnlyEncoder(nn.Module):
    def __init__(self, dim=4, max_nodes=8):
        super().__init__()
        self.emb = nn.Embedding(max_nodes, dim)

    def forward(self, data):
        n = data.num_nodes
        h = self.emb.weight[:n]
        row, col = data.edge_index
        return (h[row] * h[col]).sum(-1)


def example():
    return EdgeOnlyEncoder(), (GraphData(edge_index=torch.tensor([[0, 1, 2], [1, 2, 3]])),)
