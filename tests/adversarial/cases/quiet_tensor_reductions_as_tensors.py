"""`.any()`, `.all()`, `.max()`, comparisons and `&`/`|`/`~` whose results stay tensors (torch.where,
arithmetic, masks): the names of data-dependent checks without a Python decision."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, y):
        has_neg = (x < 0).any(dim=-1, keepdim=True)
        all_pos = torch.all(x > 0, dim=0)
        flag = (x > 1) | (y < -1) & ~(x == y)
        peak = x.max(dim=1).values
        best = x.argmax(-1)
        top_vals, top_idx = x.topk(2, dim=-1)
        order = x.argsort(dim=-1, descending=True)
        ok = (x.abs() < 10).all()
        out = torch.where(has_neg, -x, x) * ok + all_pos.float().sum() + flag.float()
        out = out + peak[:, None] + best[:, None] + top_vals.sum() + top_idx.sum() + order.float()
        return out * (x.sum() > 0)


def example():
    return Model(), (torch.randn(3, 4), torch.randn(3, 4))
