"""to_dense_adj with max_num_nodes given: offsets per graph, a validity mask over out-of-range edges."""
import torch
from torch import nn


def to_dense_adj(edge_index, batch=None, edge_attr=None, max_num_nodes=None, batch_size=None):
    if batch is None:
        batch = edge_index.new_zeros(max_num_nodes)
    if batch_size is None:
        batch_size = int(batch.max()) + 1 if batch.numel() > 0 else 1
    one = batch.new_ones(batch.size(0))
    num_nodes = batch.new_zeros(batch_size).scatter_add_(0, batch, one)
    cum_nodes = torch.cat([batch.new_zeros(1), num_nodes.cumsum(dim=0)])
    idx0 = batch[edge_index[0]]
    idx1 = edge_index[0] - cum_nodes[batch][edge_index[0]]
    idx2 = edge_index[1] - cum_nodes[batch][edge_index[1]]
    if max_num_nodes is None:
        max_num_nodes = int(num_nodes.max())
    if edge_attr is None:
        edge_attr = torch.ones(idx0.numel(), device=edge_index.device)
    size = [batch_size, max_num_nodes, max_num_nodes]
    flattened_size = batch_size * max_num_nodes * max_num_nodes
    idx = idx0 * max_num_nodes * max_num_nodes + idx1 * max_num_nodes + idx2
    adj = edge_attr.new_zeros(flattened_size).scatter_add_(0, idx, edge_attr)
    return adj.view(size)


class Adj(nn.Module):
    def forward(self, edge_index, batch):
        return to_dense_adj(edge_index, batch, max_num_nodes=3, batch_size=2)


def example():
    return Adj(), (torch.tensor([[0, 1, 3], [1, 2, 4]]), torch.tensor([0, 0, 0, 1, 1]))
