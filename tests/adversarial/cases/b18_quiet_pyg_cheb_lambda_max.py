"""ChebConv's lambda_max: None becomes 2.0, a Python number becomes a tensor, a tensor stays; the scaled
Laplacian weights divide by it as a tensor, and the Chebyshev recursion loops over Python-sized lists."""
import torch
from torch import nn

from b18_pyg_utils import degree, scatter_sum


class ChebConv(nn.Module):
    def __init__(self, dim=4, K=3):
        super().__init__()
        self.lins = nn.ModuleList([nn.Linear(dim, dim, bias=False) for _ in range(K)])

    def _prop(self, x, edge_index, weight):
        return scatter_sum(x.index_select(0, edge_index[0]) * weight.unsqueeze(-1), edge_index[1], x.size(0))

    def forward(self, x, edge_index, lambda_max=None):
        if lambda_max is None:
            lambda_max = 2.0
        if not isinstance(lambda_max, torch.Tensor):
            lambda_max = torch.tensor(lambda_max, dtype=x.dtype, device=x.device)
        assert lambda_max is not None
        deg = degree(edge_index[0], x.size(0), dtype=x.dtype).clamp(min=1)
        w = -(deg[edge_index[0]] * deg[edge_index[1]]).rsqrt() * (2.0 / lambda_max)
        Tx_0 = x
        out = self.lins[0](Tx_0)
        if len(self.lins) > 1:
            Tx_1 = self._prop(x, edge_index, w)
            out = out + self.lins[1](Tx_1)
        for lin in self.lins[2:]:
            Tx_2 = 2.0 * self._prop(Tx_1, edge_index, w) - Tx_0
            out = out + lin(Tx_2)
            Tx_0, Tx_1 = Tx_1, Tx_2
        return out


def example():
    return ChebConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.tensor(1.8))
