"""Edge pooling's greedy merge: edges are visited in score order through a Python list of indices, and nodes
already merged are skipped by set membership of Python ints."""
import torch
from torch import nn


class EdgePooling(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(2 * dim, 1)

    def forward(self, x, edge_index):
        row, col = edge_index
        score = self.lin(torch.cat([x[row], x[col]], dim=-1)).view(-1)
        nodes_remaining = set(range(x.size(0)))
        cluster = torch.empty(x.size(0), dtype=torch.long)
        i = 0
        for edge_idx in score.argsort(descending=True).tolist():  # expect: CL112
            source, target = int(row[edge_idx]), int(col[edge_idx])  # expect: CL111
            if source not in nodes_remaining or target not in nodes_remaining:
                continue
            cluster[source] = cluster[target] = i
            nodes_remaining -= {source, target}
            i += 1
        for node in nodes_remaining:
            cluster[node] = i
            i += 1
        return torch.zeros(i, x.size(1)).index_add_(0, cluster, x)


def example():
    return EdgePooling(), (torch.randn(4, 4), torch.tensor([[0, 1, 2], [1, 2, 3]]))
