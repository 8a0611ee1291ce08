"""`torch.triu_indices` / `tril_indices` (their row and column counts), `torch.kthvalue` / `Tensor.kthvalue` (its
`k`) and `torch.tensor_split` / `Tensor.tensor_split` (its `indices_or_sections`) given a tensor computed in the graph
break (GB0033: the value is read from the data); Python counts, lists and ints compile."""
import torch
from torch import nn


def all_pairs(counts):
    n = counts.max()
    return torch.triu_indices(n, n, offset=1)  # expect: CL124


def lower_pairs(counts):
    return torch.tril_indices(row=counts.sum(), col=counts.sum())  # expect: CL124


def median_of_positive(deg):
    k = (deg > 0).sum() // 2 + 1
    return torch.kthvalue(deg, k).values  # expect: CL124


def quartile(deg):
    return deg.kthvalue(k=(deg > 0).sum()).values  # expect: CL124


def split_at_pointer(x, ptr):
    return torch.tensor_split(x, ptr[1:-1], dim=0)  # expect: CL124


def split_in_sections(x, counts):
    return x.tensor_split(counts.max())  # expect: CL124


def quiet(x, deg, n: int):
    pairs = torch.triu_indices(n, n, 1)
    low = torch.kthvalue(deg, max(deg.numel() // 2, 1)).values + deg.kthvalue(1).values
    parts = torch.tensor_split(x, [1, 3]) + x.tensor_split(2)
    return pairs.sum() + low + sum(p.sum() for p in parts)


class IndexOps(nn.Module):
    def forward(self, x, counts, deg, ptr):
        a = all_pairs(counts).sum() + lower_pairs(counts).sum()
        b = median_of_positive(deg) + quartile(deg)
        c = sum(p.sum() for p in split_at_pointer(x, ptr)) + sum(p.sum() for p in split_in_sections(x, counts))
        return a + b + c + quiet(x, deg, x.shape[0])


def example():
    return IndexOps(), (torch.randn(5, 3), torch.tensor([2, 3]), torch.tensor([0.0, 2.0, 1.0, 3.0]),
                        torch.tensor([0, 2, 5]))
