"""einops' rearrange, repeat and reduce return a tensor of the backend of the tensor they are given first, so a
comparison with one is elementwise: a boolean mask, and a read through it has a data-dependent size (GB0036). NaViT's
attention-pool filter (frvit, missed in held-out group 60): `is_images = image_id_arange < rearrange(num_images, "b ->
b 1")`, where `image_id_arange` comes from a `partial(torch.arange, ...)` whose calls are of unknown kind, then
`x[is_images]`. A tensor rearranged from an integer tensor indexes by position: that compiles."""
from functools import partial

import torch
from einops import rearrange, reduce, repeat
from torch import nn


class AttentionPoolFilter(nn.Module):
    def forward(self, x, counts):
        arange = partial(torch.arange, device=x.device)
        num_images = torch.tensor(counts, dtype=torch.long)
        image_id_arange = arange(x.shape[1])
        is_images = image_id_arange < rearrange(num_images, "b -> b 1")
        is_images = rearrange(is_images, "b n -> (b n)")
        pooled = rearrange(x, "b n d -> (b n) d")[is_images]  # expect: CL122
        first = arange(x.shape[0]) >= reduce(num_images, "b -> ", "min")
        wide = arange(x.shape[2]) < repeat(num_images.amax(), " -> d", d=x.shape[2])
        order = rearrange(torch.argsort(num_images), "b -> b")
        firsts = x[first].sum()  # expect: CL122
        return pooled.sum() + firsts + x[:, :, wide].sum() + x[order].sum()  # expect: CL122


def example():
    return AttentionPoolFilter(), (torch.randn(2, 3, 4), [2, 1])
