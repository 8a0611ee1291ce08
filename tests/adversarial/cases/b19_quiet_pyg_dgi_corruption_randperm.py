"""Deep graph infomax: the negative view shuffles node features with torch.randperm through a corruption
function handed to the constructor, and the summary is a sigmoid of the mean."""
import torch
from torch import nn


def corruption(x, edge_index):
    return x[torch.randperm(x.size(0))], edge_index


class DeepGraphInfomax(nn.Module):
    def __init__(self, dim=4, corruption_fn=corruption):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.corruption = corruption_fn
        self.weight = nn.Parameter(torch.randn(dim, dim))

    def forward(self, x, edge_index):
        pos_z = self.encoder(x)
        cor = self.corruption(x, edge_index)
        cor = cor if isinstance(cor, tuple) else (cor,)
        neg_z = self.encoder(cor[0])
        summary = torch.sigmoid(pos_z.mean(dim=0))
        pos = torch.sigmoid(pos_z @ (self.weight @ summary))
        neg = torch.sigmoid(neg_z @ (self.weight @ summary))
        return -torch.log(pos + 1e-15).mean() - torch.log(1 - neg + 1e-15).mean()


def example():
    return DeepGraphInfomax(), (torch.randn(5, 4), torch.tensor([[0, 1], [1, 2]]))
