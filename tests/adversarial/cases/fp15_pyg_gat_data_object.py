"""A graph attention layer in the style of a graph library: typing.overload stubs before the real forward, a data
object whose attributes carry x / edge_index / batch and a Python-int `num_graphs`, `index.numel() == 0` early
return, `isinstance(x, Tensor)` pairs, heads concatenated or averaged by a flag, and a mean pool sized by
`num_graphs`."""
from typing import Optional, Tuple, Union, overload

import torch
from torch import Tensor, nn
from torch.nn import functional as F

OptTensor = Optional[Tensor]
PairTensor = Tuple[Tensor, Tensor]


class Batch:
    def __init__(self, x, edge_index, batch, num_graphs):
        self.x = x
        self.edge_index = edge_index
        self.batch = batch
        self.num_graphs = num_graphs
        self.edge_attr = None


def scatter_mean(src, index, dim: int = 0, dim_size: Optional[int] = None):
    size = list(src.size())
    size[dim] = dim_size
    out = src.new_zeros(size).index_add_(dim, index, src)
    count = src.new_zeros(dim_size).index_add_(0, index, src.new_ones(index.size(0)))
    return out / count.clamp(min=1).view(-1, *([1] * (src.dim() - 1)))


def global_mean_pool(x, batch: Optional[Tensor], size: Optional[int] = None):
    dim = -1 if isinstance(x, Tensor) and x.dim() == 1 else -2
    if batch is None:
        return x.mean(dim=dim, keepdim=x.dim() <= 2)
    return scatter_mean(x, batch, dim=0, dim_size=size)


def edge_softmax(alpha, index, num_nodes: int):
    amax = alpha.new_full((num_nodes, alpha.size(1)), float("-inf"))
    amax = amax.scatter_reduce(0, index.view(-1, 1).expand_as(alpha), alpha, reduce="amax", include_self=True)
    out = (alpha - amax[index]).exp()
    denom = out.new_zeros((num_nodes, alpha.size(1))).index_add_(0, index, out)
    return out / (denom[index] + 1e-16)


class GATConv(nn.Module):
    def __init__(self, in_channels, out_channels, heads: int = 2, concat: bool = True, negative_slope: float = 0.2,
                 dropout: float = 0.0, add_self_loops: bool = True):
        super().__init__()
        self.heads = heads
        self.out_channels = out_channels
        self.concat = concat
        self.negative_slope = negative_slope
        self.dropout = dropout
        self.add_self_loops = add_self_loops
        self.lin = nn.Linear(in_channels, heads * out_channels, bias=False)
        self.att_src = nn.Parameter(torch.randn(1, heads, out_channels))
        self.att_dst = nn.Parameter(torch.randn(1, heads, out_channels))

    @overload
    def forward(self, x: Union[Tensor, PairTensor], edge_index: Tensor, return_attention_weights: None = None) -> Tensor:
        pass

    @overload
    def forward(self, x: Union[Tensor, PairTensor], edge_index: Tensor,
                return_attention_weights: bool = True) -> Tuple[Tensor, Tuple[Tensor, Tensor]]:
        pass

    def forward(self, x, edge_index, return_attention_weights=None):
        H, C = self.heads, self.out_channels
        if isinstance(x, Tensor):
            assert x.dim() == 2, "Static graphs not supported in 'GATConv'"
            x_src = x_dst = self.lin(x).view(-1, H, C)
        else:
            x_src, x_dst = x
            x_src = self.lin(x_src).view(-1, H, C)
            x_dst = self.lin(x_dst).view(-1, H, C) if x_dst is not None else None
        x = (x_src, x_dst)
        alpha_src = (x_src * self.att_src).sum(dim=-1)
        alpha_dst = None if x_dst is None else (x_dst * self.att_dst).sum(-1)
        if self.add_self_loops:
            num_nodes = x_src.size(0)
            if x_dst is not None:
                num_nodes = min(num_nodes, x_dst.size(0))
            loop = torch.arange(num_nodes, device=edge_index.device).unsqueeze(0).repeat(2, 1)
            edge_index = torch.cat([edge_index, loop], dim=1)
        src, dst = edge_index[0], edge_index[1]
        alpha = self.edge_update(alpha_src[src], None if alpha_dst is None else alpha_dst[dst], dst, x_src.size(0))
        out = x_src[src] * alpha.unsqueeze(-1)
        out = out.new_zeros((x_src.size(0), H, C)).index_add_(0, dst, out)
        if self.concat:
            out = out.view(-1, self.heads * self.out_channels)
        else:
            out = out.mean(dim=1)
        if isinstance(return_attention_weights, bool):
            return out, (edge_index, alpha)
        return out

    def edge_update(self, alpha_j, alpha_i: OptTensor, index, dim_size: Optional[int]):
        alpha = alpha_j if alpha_i is None else alpha_j + alpha_i
        if index.numel() == 0:
            return alpha
        alpha = F.leaky_relu(alpha, self.negative_slope)
        alpha = edge_softmax(alpha, index, dim_size)
        return F.dropout(alpha, p=self.dropout, training=self.training)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = GATConv(4, 4)
        self.conv2 = GATConv(8, 4, concat=False)

    def forward(self, data):
        x, edge_index, batch = data.x, data.edge_index, data.batch
        if data.edge_attr is not None:
            x = x + data.edge_attr.mean()
        x = F.elu(self.conv1(x, edge_index))
        x = self.conv2(x, edge_index)
        return global_mean_pool(x, batch, size=data.num_graphs)


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net()

    def forward(self, x, edge_index, batch):
        return self.net(Batch(x, edge_index, batch, 2))


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 0, 3, 2]])
    return Wrapper(), (torch.randn(4, 4), edge_index, torch.tensor([0, 0, 1, 1]))
