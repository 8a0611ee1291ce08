"""A project function whose every return is `.bool()` of a tensor returns a boolean mask: its callers' reads through
it have a data-dependent shape (GB0036), and so do reads through the mask with its elements repeated
(`mask.repeat_interleave(k, dim=1)`, a hierarchical ViT spreading its keep mask over mask units to their tokens:
adversarial batch 19). A function returning `.float()` of a comparison returns weights, not a mask."""
import torch
from torch import nn


def random_keep_mask(x, keep):
    noise = torch.rand(x.shape[0], x.shape[1])
    ids_restore = torch.argsort(torch.argsort(noise, dim=1), dim=1)
    mask = torch.zeros(x.shape[0], x.shape[1])
    mask[:, :keep] = 1
    return torch.gather(mask, dim=1, index=ids_restore).bool()


def positive_weights(x):
    return (x > 0).float()


class KeepUnits(nn.Module):
    def forward(self, x):
        mask = random_keep_mask(x, 2)
        kept = x[mask]  # expect: CL122
        tokens = torch.cat([x, x], dim=1)
        spread = tokens[mask.repeat_interleave(2, dim=1)]  # expect: CL122
        units = torch.repeat_interleave(mask, 2, dim=1)
        also = tokens[units[..., None].expand(-1, -1, 3)[..., 0]]  # expect: CL122
        w = positive_weights(x)
        counts = w.repeat_interleave(2, dim=1)
        return kept.sum() + spread.sum() + also.sum() + (tokens * counts).sum() + x[:, w.long()[0]].sum()


def example():
    return KeepUnits(), (torch.randn(2, 4),)
