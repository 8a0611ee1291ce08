"""A DeepGCN layer in its `res+` form checkpoints the norm-act-dropout-conv stack while training, through
`torch.utils.checkpoint.checkpoint(self.conv, h, *args, use_reentrant=False)` (compiles)."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint


class GraphConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        row, col = edge_index
        return self.lin(torch.zeros_like(x).index_add_(0, col, x[row]))


class DeepGCNLayer(nn.Module):
    def __init__(self, dim=3, block="res+", dropout=0.1, ckpt_grad=True):
        super().__init__()
        self.conv = GraphConv(dim)
        self.norm = nn.LayerNorm(dim)
        self.act = nn.ReLU()
        self.block = block.lower()
        self.dropout = dropout
        self.ckpt_grad = ckpt_grad

    def forward(self, *args):
        args = list(args)
        x = args.pop(0)
        if self.block == "res+":
            h = self.act(self.norm(x))
            h = F.dropout(h, p=self.dropout, training=self.training)
            if self.conv is not None and self.ckpt_grad and x.requires_grad:
                h = checkpoint(self.conv, h, *args, use_reentrant=False)
            else:
                h = self.conv(h, *args)
            return x + h
        return self.act(self.norm(self.conv(x, *args)))


def example():
    return DeepGCNLayer().train(), (torch.randn(4, 3, requires_grad=True), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
