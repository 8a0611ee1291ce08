"""PNA's degree statistics taken once in __init__ from a degree histogram: float() and int() of tensors there
only; forward scales by the stored Python floats."""
import torch
from torch import nn

from b18_pyg_utils import degree, scatter_sum


class PNAConv(nn.Module):
    def __init__(self, deg_hist, dim=4):
        super().__init__()
        deg = deg_hist.to(torch.float)
        num_nodes = int(deg.sum())
        bins = torch.arange(deg.numel(), dtype=torch.float)
        self.avg_deg = {"lin": float((bins * deg).sum()) / num_nodes,
                        "log": float(((bins + 1).log() * deg).sum()) / num_nodes}
        self.lin = nn.Linear(3 * dim, dim)

    def forward(self, x, edge_index):
        n = x.size(0)
        out = scatter_sum(x.index_select(0, edge_index[0]), edge_index[1], n)
        deg = degree(edge_index[1], n, dtype=x.dtype).clamp(min=1).unsqueeze(-1)
        amp = out * (torch.log(deg + 1) / self.avg_deg["log"])
        lin = out * (deg / self.avg_deg["lin"])
        return self.lin(torch.cat([out, amp, lin], dim=-1))


def example():
    return PNAConv(torch.tensor([0, 3, 1])), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 0, 2]]))
