"""TopK graph pooling per graph in a batch: node scores are sorted within each graph by a dense
[batch, max_nodes] layout, k per graph is a tensor (ratio times each graph's node count), and the kept
node ids come out of `perm[mask]`; the edges are then filtered with a mask of their own."""
import torch
from torch import nn


def topk_per_graph(score, ratio, batch, batch_size, max_nodes):
    counts = torch.zeros(batch_size, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))
    offsets = torch.cat([counts.new_zeros(1), counts.cumsum(0)[:-1]])
    local = torch.arange(batch.numel(), device=batch.device) - offsets[batch]
    dense = score.new_full((batch_size * max_nodes,), float("-inf"))
    dense[batch * max_nodes + local] = score
    order = dense.view(batch_size, max_nodes).argsort(dim=-1, descending=True)
    perm = (order + offsets.view(-1, 1)).view(-1)
    k = (ratio * counts.to(score.dtype)).ceil().to(torch.long)
    rank = torch.arange(max_nodes, device=score.device).repeat(batch_size)
    mask = rank < k.repeat_interleave(max_nodes)
    return perm[mask]  # expect: CL122


def filter_adj(edge_index, perm, num_nodes):
    new_id = edge_index.new_full((num_nodes,), -1)
    new_id[perm] = torch.arange(perm.size(0), device=perm.device)
    row, col = new_id[edge_index[0]], new_id[edge_index[1]]
    keep = (row >= 0) & (col >= 0)
    return torch.stack([row[keep], col[keep]], dim=0)  # expect: CL122


class TopKPool(nn.Module):
    def __init__(self, dim=3, ratio=0.5):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim))
        self.ratio = ratio

    def forward(self, x, edge_index, batch):
        score = torch.tanh((x * self.weight).sum(-1) / self.weight.norm(p=2))
        perm = topk_per_graph(score, self.ratio, batch, batch_size=2, max_nodes=3)
        x = x[perm] * score[perm].view(-1, 1)
        return x, filter_adj(edge_index, perm, score.size(0))


def example():
    edge_index = torch.tensor([[0, 1, 3, 4], [1, 2, 4, 5]])
    return TopKPool(), (torch.randn(6, 3), edge_index, torch.tensor([0, 0, 0, 1, 1, 1]))
