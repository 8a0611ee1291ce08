"""A temporal graph network's `LastAggregator` keeps each node's latest message: a scatter-argmax by time,
then a masked copy `out[mask] = msg[argmax[mask]]` whose right-hand side reads through the mask."""
import torch
from torch import nn


def scatter_argmax(src, index, dim_size):
    res = src.new_full((dim_size,), float("-inf")).scatter_reduce(0, index, src, reduce="amax", include_self=True)
    is_max = src == res[index]
    pos = torch.arange(src.size(0), device=src.device)
    cand = torch.where(is_max, pos, torch.full_like(pos, src.size(0)))
    return torch.full((dim_size,), src.size(0), dtype=torch.long).scatter_reduce(0, index, cand, reduce="amin")


class LastAggregator(nn.Module):
    def forward(self, msg, index, t, dim_size: int):
        argmax = scatter_argmax(t, index, dim_size)
        out = msg.new_zeros((dim_size, msg.size(-1)))
        mask = argmax < msg.size(0)
        out[mask] = msg[argmax[mask]]  # expect: CL122
        return out


class TGNMemoryUpdate(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.aggr = LastAggregator()
        self.gru = nn.GRUCell(dim, dim)

    def forward(self, msg, index, t, memory):
        aggr = self.aggr(msg, index, t, memory.size(0))
        return self.gru(aggr, memory)


def example():
    return TGNMemoryUpdate(), (torch.randn(4, 3), torch.tensor([0, 2, 0, 2]), torch.tensor([1.0, 2.0, 3.0, 0.5]),
                               torch.randn(4, 3))
