"""A hierarchical ViT's masked pretraining path: a random keep mask over mask units is made by argsort/gather,
and the kept tokens are gathered by indexing with the expanded boolean mask, then viewed back."""
import torch
from torch import nn


class MaskUnitEncoder(nn.Module):
    def __init__(self, dim=4, mu_size=2, mask_ratio=0.5):
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.mu_size, self.mask_ratio = mu_size, mask_ratio

    def get_random_mask(self, x):
        B, num_windows = x.shape[0], x.shape[1] // self.mu_size
        len_keep = int(num_windows * (1 - self.mask_ratio))
        noise = torch.rand(B, num_windows)
        ids_restore = torch.argsort(torch.argsort(noise, dim=1), dim=1)
        mask = torch.zeros(B, num_windows)
        mask[:, :len_keep] = 1
        return torch.gather(mask, dim=1, index=ids_restore).bool()

    def forward(self, x):
        x = self.embed(x)
        mask = self.get_random_mask(x)
        unit_mask = mask.repeat_interleave(self.mu_size, dim=1)
        x = x[unit_mask[..., None].expand_as(x)].view(x.shape[0], -1, x.shape[-1])  # expect: CL122
        return x.mean(1)


def example():
    return MaskUnitEncoder(), (torch.randn(2, 8, 4),)
