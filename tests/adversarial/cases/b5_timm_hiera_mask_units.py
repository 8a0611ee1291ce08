"""Hiera-style masked pretraining: a random keep-mask over mask units is built with argsort/gather (all
static shapes), then the tokens of the kept units are selected with the tiled boolean mask, whose number of
True entries the compiler cannot know."""
import torch
from torch import nn


class MaskUnitEncoder(nn.Module):
    def __init__(self, dim=4, tokens_per_unit=2, num_units=6):
        super().__init__()
        self.tokens_per_unit = tokens_per_unit
        self.num_units = num_units
        self.proj = nn.Linear(dim, dim)

    def get_random_mask(self, x, mask_ratio):
        batch = x.shape[0]
        len_keep = int(self.num_units * (1 - mask_ratio))
        noise = torch.rand(batch, self.num_units, device=x.device)
        ids_shuffle = torch.argsort(noise, dim=1)
        ids_restore = torch.argsort(ids_shuffle, dim=1)
        mask = torch.zeros([batch, self.num_units], device=x.device)
        mask[:, :len_keep] = 1
        return torch.gather(mask, dim=1, index=ids_restore).bool()

    def forward(self, x, mask_ratio: float = 0.5):
        x = self.proj(x)
        mask = self.get_random_mask(x, mask_ratio)
        unit_mask = mask.repeat_interleave(self.tokens_per_unit, dim=1)
        kept = x[unit_mask[..., None].expand(-1, -1, x.shape[-1])].view(x.shape[0], -1, x.shape[-1])  # expect: CL122
        return kept.mean(1)


def example():
    return MaskUnitEncoder(), (torch.randn(2, 12, 4),)
