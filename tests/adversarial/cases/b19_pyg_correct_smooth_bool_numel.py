"""Correct-and-smooth's error correction: the number of labelled nodes is int(mask.sum()) when the training mask
is boolean, else the index length (a dtype-dispatched ternary; a boolean mask is given here)."""
import torch
from torch import nn


class CorrectAndSmooth(nn.Module):
    def __init__(self, num_layers=2, alpha=0.8):
        super().__init__()
        self.num_layers, self.alpha = num_layers, alpha

    def propagate(self, y, edge_index):
        row, col = edge_index
        out = y
        for _ in range(self.num_layers):
            out = self.alpha * torch.zeros_like(out).index_add_(0, col, out[row]) + (1 - self.alpha) * y
        return out

    def forward(self, y_soft, y_true, mask, edge_index):
        numel = int(mask.sum()) if mask.dtype == torch.bool else mask.size(0)  # expect: CL111
        error = torch.zeros_like(y_soft)
        error[mask] = y_true - y_soft[mask]  # known-miss: CL122
        smoothed = self.propagate(error, edge_index)
        return y_soft + smoothed * (y_true.size(0) / numel)


def example():
    mask = torch.tensor([True, False, True, False])
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return CorrectAndSmooth(), (torch.rand(4, 2), torch.rand(2, 2), mask, edge_index)
