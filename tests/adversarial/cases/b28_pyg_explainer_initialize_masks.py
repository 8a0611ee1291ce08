"""A GNNExplainer-style explainer builds its node-feature and edge masks as fresh `Parameter`s in
`_initialize_masks`, which its forward calls before running the model on the masked features."""
import math

import torch
from torch import nn
from torch.nn import Parameter


class GCN(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, 2)

    def forward(self, x, edge_index, edge_weight):
        row, col = edge_index
        agg = torch.zeros_like(x).index_add_(0, col, x[row] * edge_weight.unsqueeze(-1))
        return self.lin(agg + x)


class GNNExplainer(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.node_mask = None
        self.edge_mask = None

    def _initialize_masks(self, x, edge_index):
        (N, F), E = x.size(), edge_index.size(1)
        std = 0.1
        self.node_mask = Parameter(torch.randn(1, F, device=x.device) * std)  # expect: CL145
        std = torch.nn.init.calculate_gain("relu") * math.sqrt(2.0 / (2 * N))
        self.edge_mask = Parameter(torch.randn(E, device=x.device) * std)  # expect: CL145

    def forward(self, x, edge_index):
        self._initialize_masks(x, edge_index)
        h = x * self.node_mask.sigmoid()
        return self.model(h, edge_index, self.edge_mask.sigmoid())


def example():
    return GNNExplainer(GCN()), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
