"""A convolution declares TorchScript overloads of forward with `@torch.jit._overload_method` stubs whose
bodies are `pass`, followed by the real forward (the last definition wins; compiles)."""
from typing import Optional, Tuple

import torch
from torch import Tensor, nn


class GATConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.att = nn.Parameter(torch.randn(2 * dim))

    @torch.jit._overload_method
    def forward(self, x, edge_index, return_attention_weights=None):  # noqa: F811
        # type: (Tensor, Tensor, Optional[bool]) -> Tensor
        pass

    @torch.jit._overload_method
    def forward(self, x, edge_index, return_attention_weights=None):  # noqa: F811
        # type: (Tensor, Tensor, bool) -> Tuple[Tensor, Tensor]
        pass

    def forward(self, x: Tensor, edge_index: Tensor, return_attention_weights: Optional[bool] = None):  # noqa: F811
        h = self.lin(x)
        row, col = edge_index
        alpha = torch.cat([h[row], h[col]], dim=-1) @ self.att
        alpha = torch.exp(alpha - alpha.max())
        denom = torch.zeros(x.size(0)).index_add_(0, col, alpha)
        alpha = alpha / denom[col]
        out = torch.zeros_like(h).index_add_(0, col, h[row] * alpha.unsqueeze(-1))
        if isinstance(return_attention_weights, bool):
            return out, alpha
        return out


def example():
    return GATConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
