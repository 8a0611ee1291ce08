"""Strategy objects handed to a layer's constructor, which passes them on to a setter that stores them (the
attention-processor idiom in other clothes): a graph layer's aggregation given by keyword, a block's activation
given by position. Each object's `__call__` runs where forward calls the attribute; the defaults compile."""
import torch
from torch import nn


class SumAggregation:
    def __call__(self, messages, index, num_nodes):
        return messages.new_zeros(num_nodes, messages.size(-1)).index_add_(0, index, messages)


class NormalizedAggregation(SumAggregation):
    def __call__(self, messages, index, num_nodes):
        total = super().__call__(messages, index, num_nodes)
        return total / total.abs().max().item()  # expect: CL111


class MessageLayer(nn.Module):
    def __init__(self, dim, aggr=None):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.reset_aggregation(aggr if aggr is not None else SumAggregation())

    def reset_aggregation(self, aggr):
        self.aggr = aggr

    def forward(self, x, edge_index):
        messages = self.lin(x).index_select(0, edge_index[0])
        return self.aggr(messages, edge_index[1], x.size(0))


class Identity:
    def __call__(self, x):
        return x


class ClampingActivation:
    def __call__(self, x):
        if x.abs().amax() > 4.0:  # expect: CL101
            x = x.clamp(-4.0, 4.0)
        return torch.tanh(x)


class Block(nn.Module):
    def __init__(self, dim, act):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.act = act

    def forward(self, x):
        return self.act(self.fc(x))


class Encoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.conv = MessageLayer(dim, aggr=NormalizedAggregation())
        self.block = Block(dim, ClampingActivation())
        self.plain = Block(dim, Identity())

    def forward(self, x, edge_index):
        return self.plain(self.block(self.conv(x, edge_index)))


def example():
    return Encoder(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
