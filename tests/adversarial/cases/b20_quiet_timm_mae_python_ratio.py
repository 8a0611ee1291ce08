"""MAE-style random masking with the mask ratio a Python float attribute: `len_keep` is a Python int."""
import torch
from torch import nn


class RandomMasking(nn.Module):
    def __init__(self, mask_ratio=0.5):
        super().__init__()
        self.mask_ratio = mask_ratio

    def forward(self, x):
        B, L, D = x.shape
        len_keep = int(L * (1 - self.mask_ratio))
        noise = torch.rand(B, L, device=x.device)
        ids_keep = torch.argsort(noise, dim=1)[:, :len_keep]
        return torch.gather(x, 1, ids_keep.unsqueeze(-1).expand(-1, -1, D))


class MaskedEncoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.masking = RandomMasking()
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens):
        return self.proj(self.masking(tokens))


def example():
    return MaskedEncoder(), (torch.randn(2, 6, 4),)
