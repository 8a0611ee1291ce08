"""A conv that passes the node count to the base file's `propagate`; the index range checks there read tensor
values but sit behind `torch.jit.is_scripting()` and the library's `is_compiling()` wrapper."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


class SAGELikeConv(MessagePassing):
    def __init__(self, dim=4, normalize=True):
        super().__init__(aggr="mean")
        self.lin_l = nn.Linear(dim, dim)
        self.lin_r = nn.Linear(dim, dim, bias=False)
        self.normalize = normalize

    def forward(self, x, edge_index):
        if isinstance(x, torch.Tensor):
            x = (x, x)
        out = self.propagate(edge_index, x=self.lin_l(x[0]), size=x[0].size(0))
        if x[1] is not None:
            out = out + self.lin_r(x[1])
        if self.normalize:
            out = nn.functional.normalize(out, p=2.0, dim=-1)
        return out


def example():
    return SAGELikeConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
