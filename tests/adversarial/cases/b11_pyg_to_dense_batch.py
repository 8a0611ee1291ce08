"""`to_dense_batch` with no `max_num_nodes`: the number of nodes per graph is counted with the utils'
`scatter`, and the dense width is the largest count, read back as an int."""
import torch
from torch import nn

from b11_pyg_utils import scatter


def cumsum(x, dim=0):
    size = x.size()[:dim] + (x.size(dim) + 1, ) + x.size()[dim + 1:]
    out = x.new_empty(size)
    out.narrow(dim, 0, 1).zero_()
    torch.cumsum(x, dim=dim, out=out.narrow(dim, 1, x.size(dim)))
    return out


def to_dense_batch(x, batch, fill_value=0.0, max_num_nodes=None, batch_size=None):
    num_nodes = scatter(batch.new_ones(x.size(0)), batch, dim=0, dim_size=batch_size, reduce="sum")
    cum_nodes = cumsum(num_nodes)
    if max_num_nodes is None:
        max_num_nodes = int(num_nodes.max())  # expect: CL111
    idx = torch.arange(batch.size(0), device=x.device) - cum_nodes[batch]
    idx = idx + batch * max_num_nodes
    size = [batch_size * max_num_nodes] + list(x.size())[1:]
    out = x.new_full(size, fill_value)
    out[idx] = x
    out = out.view([batch_size, max_num_nodes] + list(x.size())[1:])
    mask = torch.zeros(batch_size * max_num_nodes, dtype=torch.bool, device=x.device)
    mask[idx] = 1
    return out, mask.view(batch_size, max_num_nodes)


class DenseAttentionPool(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(channels, 1, batch_first=True)

    def forward(self, x, batch, ptr):
        dense, mask = to_dense_batch(x, batch, batch_size=ptr.numel() - 1)
        out, _ = self.attn(dense, dense, dense, key_padding_mask=~mask)
        return (out * mask[..., None]).sum(1)


def example():
    batch = torch.tensor([0, 0, 1, 1, 1])
    return DenseAttentionPool().eval(), (torch.randn(5, 4), batch, torch.tensor([0, 2, 5]))
