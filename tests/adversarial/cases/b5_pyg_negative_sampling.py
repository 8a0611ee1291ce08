"""Link prediction with negative sampling: candidate pairs are drawn as flat ids with `torch.randint`, the
ones that are real edges are dropped with `isin` and a boolean mask, and the survivors are cut to the number
wanted. Scoring the positive edges alone compiles."""
import torch
from torch import nn


def negative_sampling(edge_index, num_nodes, num_neg_samples):
    existing = edge_index[0] * num_nodes + edge_index[1]
    candidates = torch.randint(num_nodes * num_nodes, (3 * num_neg_samples,), device=edge_index.device)
    keep = ~torch.isin(candidates, existing)
    candidates = candidates[keep][:num_neg_samples]  # expect: CL122
    return torch.stack([candidates // num_nodes, candidates % num_nodes], dim=0)


class LinkPredictor(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)

    def score(self, z, pairs):
        return (z[pairs[0]] * z[pairs[1]]).sum(-1)

    def forward(self, x, edge_index):
        z = self.encoder(x)
        pos = self.score(z, edge_index)
        neg_edges = negative_sampling(edge_index, x.size(0), edge_index.size(1))
        neg = self.score(z, neg_edges)
        return -torch.log(torch.sigmoid(pos) + 1e-15).mean() - torch.log(1 - torch.sigmoid(neg) + 1e-15).mean()


def example():
    return LinkPredictor(), (torch.randn(6, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
