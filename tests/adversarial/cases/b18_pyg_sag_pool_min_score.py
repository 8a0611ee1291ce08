"""SAG pooling with a minimum score: the per-graph maximum, lowered by a tolerance and capped at min_score,
keeps every node above it; the kept indices come from one-argument torch.where."""
import torch
from torch import nn


class SAGPooling(nn.Module):
    def __init__(self, dim=4, min_score=0.1, tol=1e-7):
        super().__init__()
        self.min_score, self.tol = min_score, tol
        self.gnn = nn.Linear(dim, 1)

    def forward(self, x, batch, num_graphs: int = 2):
        score = self.gnn(x).squeeze(-1).softmax(0)
        graph_max = x.new_full((num_graphs,), -1.0).scatter_reduce(0, batch, score, "amax")
        scores_min = (graph_max[batch] - self.tol).clamp(max=self.min_score)
        perm = torch.where(score > scores_min)[0]  # expect: CL121
        return x[perm] * score[perm].unsqueeze(-1), batch[perm]


def example():
    return SAGPooling(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]))
