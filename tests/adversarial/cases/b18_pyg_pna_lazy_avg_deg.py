"""A degree-scaler aggregation that learns its average degree lazily: on the first call it stores a Python
float of the observed mean log-degree, later calls reuse it."""
import torch
from torch import nn

from b18_pyg_utils import degree, scatter_sum


class DegreeScalerAggregation(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.avg_log_deg = None
        self.lin = nn.Linear(2 * dim, dim)

    def _scale(self, out, deg):
        log_deg = torch.log(deg + 1)
        if self.avg_log_deg is None:
            self.avg_log_deg = float(log_deg.mean())  # expect: CL111
        amp = out * (log_deg / self.avg_log_deg).unsqueeze(-1)
        return torch.cat([out, amp], dim=-1)

    def forward(self, x, edge_index):
        n = x.size(0)
        out = scatter_sum(x.index_select(0, edge_index[0]), edge_index[1], n)
        deg = degree(edge_index[1], n, dtype=x.dtype).clamp(min=1)
        return self.lin(self._scale(out, deg))


def example():
    return DegreeScalerAggregation(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 0, 2]]))
