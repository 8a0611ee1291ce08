"""An explanation method with nonzero, a mask read and prints is a separate entry point that forward never
reaches; the explain flag stays False."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing


class ExplainableConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.explain = False
        self.edge_mask = None

    def forward(self, x, edge_index):
        out = self.propagate(edge_index, self.lin(x))
        if self.explain:
            out = out * self.edge_mask.sigmoid().mean()
        return out

    def explain_edges(self, x, edge_index, threshold=0.5):
        scores = (x[edge_index[0]] * x[edge_index[1]]).sum(-1).sigmoid()
        important = (scores > threshold).nonzero().view(-1)
        print(f"{important.numel()} important edges")
        return edge_index[:, scores > threshold]


def example():
    return ExplainableConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
