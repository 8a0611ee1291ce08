"""Top-k pooling sizes from shapes: `int(x.size(0))`, `float(x.size(-1)) ** 0.5`, `math.ceil(ratio * n)`,
`max(int(n * 0.5), 1)`, `edge_index.numel() == 0` and `if batch is None` are Python numbers or shape facts:
nothing breaks."""
import math

import torch
from torch import nn


def topk(score, ratio, batch, min_score=None):
    num_nodes = int(score.size(0))
    if min_score is not None:
        raise NotImplementedError("min_score")
    k = math.ceil(ratio * num_nodes) if isinstance(ratio, float) else min(int(ratio), num_nodes)
    k = max(int(k), 1)
    return torch.topk(score.view(-1), k).indices


class TopKPooling(nn.Module):
    def __init__(self, dim=4, ratio=0.5):
        super().__init__()
        self.ratio = ratio
        self.weight = nn.Parameter(torch.randn(1, dim))

    def forward(self, x, edge_index, batch=None):
        if batch is None:
            batch = edge_index.new_zeros(x.size(0))
        if edge_index.numel() == 0:
            return x, edge_index, batch
        scale = float(x.size(-1)) ** 0.5
        score = (x * self.weight).sum(dim=-1) / scale
        perm = topk(score, self.ratio, batch)
        keep = max(int(x.size(0) * 0.5), 1)
        x = x[perm] * torch.tanh(score[perm]).view(-1, 1)
        return x[:keep], edge_index, batch[perm]


def example():
    return TopKPooling(), (torch.randn(5, 4), torch.tensor([[0, 1], [1, 2]]))
