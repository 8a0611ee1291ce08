"""A link predictor scores positive edges against negatives drawn in forward; the sampler helper draws flat pair
indices and rejects those that hit an existing edge with `torch.isin`, keeping the rest by a boolean mask."""
import torch
from torch import nn


def negative_sampling(edge_index, num_nodes, num_neg):
    idx = edge_index[0] * num_nodes + edge_index[1]
    candidates = torch.randint(num_nodes * num_nodes, (num_neg,))
    keep = ~torch.isin(candidates, idx)
    candidates = candidates[keep]  # expect: CL122
    return torch.stack([candidates // num_nodes, candidates % num_nodes])


class LinkPredictor(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        h = self.lin(x)
        neg = negative_sampling(edge_index, x.size(0), 6)
        pos_score = (h[edge_index[0]] * h[edge_index[1]]).sum(-1)
        neg_score = (h[neg[0]] * h[neg[1]]).sum(-1)
        return pos_score.mean() - neg_score.mean()


def example():
    return LinkPredictor(), (torch.randn(5, 8), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
