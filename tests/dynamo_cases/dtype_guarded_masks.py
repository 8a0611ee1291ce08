"""A value whose dtype the function checks to be `torch.bool` before going on (`if mask.dtype != torch.bool: raise`,
`assert mask.dtype == torch.bool`) is a boolean mask after the check: reading through it has a data-dependent shape
(GB0036). curated-transformers filters its key/value cache and attention mask this way (held-out group 45). Inside the
branch of `if m.dtype == torch.bool:` (a graph library's `select(src, index_or_mask)`) it is a mask too, and in the
else branch of `!=` (adversarial batch 18)."""
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Cache:
    key: torch.Tensor
    value: torch.Tensor

    def filter_batch_items(self, mask):
        if mask.dtype != torch.bool:
            raise ValueError(f"Cache mask dtype must be bool, was: {mask.dtype}.")
        return self.key[mask]  # expect: CL122


def keep_rows(x, keep):
    assert keep.dtype == torch.bool, "a boolean mask"
    return x[keep]  # expect: CL122


def pick(x, index):
    if index.dtype == torch.bool:  # a mask in the branch only: not a guard of the rest
        x = x * 2
    return x[index]


def select(src, index_or_mask):
    if index_or_mask.dtype == torch.bool:
        return src[index_or_mask]  # expect: CL122
    return src.index_select(0, index_or_mask)


def take(src, index_or_mask):
    if index_or_mask.dtype != torch.bool:
        out = src.index_select(0, index_or_mask)
    else:
        out = src[index_or_mask]  # expect: CL122
    return out


class Filter(nn.Module):
    def forward(self, cache, x, mask, index):
        key = cache.filter_batch_items(mask)
        picked = select(x, index).sum() + select(x, mask).sum() + take(x, mask).sum()
        return key.sum() + keep_rows(x, mask).sum() + pick(x, index).sum() + picked


def example():
    x = torch.randn(4, 3)
    return Filter(), (Cache(x, x + 1), x, torch.tensor([True, False, True, True]), torch.tensor([0, 2]))
