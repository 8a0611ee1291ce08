"""Walking the positions of nonzero elements (`for idx in np.argwhere(mask)[:, 0]`, `for i in torch.nonzero(m)[:, 0]`,
`for i in torch.where(m)[0]`) and indexing a tensor with each, or with one of them (`picked[0]`): the positions come
out of a break (GB0036, the size depends on the data), each element is a 0-dim tensor of the resume function, and
indexing with it is GB0033 on that line (2.13). A position computed before an `if` breaks in either branch, the `else`
too when the body breaks (ProteinMPNN's `conditional_probs`, held-out group 73). Rows of the positions table, the positions used whole (advanced indexing) and
the three-argument `where` compile."""
import numpy as np
import torch
from torch import Tensor, nn


def argwhere_column(h: Tensor, chain_M: Tensor) -> Tensor:
    chain_M_np = chain_M.cpu().numpy()
    idx_to_loop = np.argwhere(chain_M_np[0, :] == 1)[:, 0]  # expect: CL121
    out = torch.zeros_like(h)
    for idx in idx_to_loop:
        order_mask = torch.zeros(h.shape[1])
        order_mask[idx] = 1.  # expect: CL114
        out = out + h * order_mask
    return out


def nonzero_column(x: Tensor, m: Tensor) -> Tensor:
    picked = torch.nonzero(m)[:, 0]  # expect: CL121
    out = torch.zeros_like(x)
    for i in picked:
        out[i] = x[i] * 2  # expect: CL114
    return out


def where_item(x: Tensor, m: Tensor) -> Tensor:
    picked = torch.where(m)[0]  # expect: CL121
    for i in picked:
        x = x + x[i]  # expect: CL114
    return x


def branches(x: Tensor, first: bool) -> Tensor:
    i = x.argmax()
    if first:
        y = x[i] + 1  # expect: CL114
    else:
        y = x[i] * 2  # expect: CL114
    return y


def quiet(x: Tensor, m: Tensor) -> Tensor:
    rows = x[torch.nonzero(m)[:, 0]]  # expect: CL121
    out = torch.zeros_like(x)
    for row in torch.argwhere(m > 0):  # expect: CL121
        out[row] = 1.
    return rows.sum() + out + torch.where(m[:, None] > 0, x, -x)[0]


class Walks(nn.Module):
    def forward(self, h, chain_M, x, m):
        y = argwhere_column(h, chain_M).sum() + branches(x[:, 0], True) + branches(x[:, 0], False)
        return y + nonzero_column(x, m).sum() + where_item(x, m > 0).sum() + quiet(x, m).sum()


def example():
    return Walks(), (torch.randn(2, 6), torch.tensor([[1., 0., 1., 1., 0., 1.]]), torch.randn(6, 3),
                     torch.tensor([1, 0, 1, 1, 0, 1]))
