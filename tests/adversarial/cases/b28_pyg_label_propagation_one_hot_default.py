"""Label propagation turns integer labels into one-hot rows with the utils file's `one_hot` without a class
count (the helper sizes itself from `index.max()`; the break is the utils file's line), then propagates with a
clamping `post_step` lambda."""
import torch
from torch import nn

from b28_pyg_utils import one_hot


class LabelPropagation(nn.Module):
    def __init__(self, num_layers=2, alpha=0.9):
        super().__init__()
        self.num_layers = num_layers
        self.alpha = alpha

    def forward(self, y, edge_index, mask):
        if y.dtype == torch.long and y.size(0) == y.numel():
            y = one_hot(y.view(-1))
        out = y * mask.unsqueeze(-1).to(y.dtype)
        res = (1 - self.alpha) * out
        row, col = edge_index
        for _ in range(self.num_layers):
            agg = torch.zeros_like(out).index_add_(0, col, out[row])
            out = (agg * self.alpha + res).clamp_(0.0, 1.0)
        return out


def example():
    return LabelPropagation(), (torch.tensor([0, 1, 2, 1]), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]),
                                torch.tensor([True, False, True, False]))
