"""A LoRA-compatible linear fuses its low-rank update into a merged weight on its first forward, with
`safe_fusing` checking the fused weight for NaNs through `.item()` before keeping it."""
import torch
import torch.nn.functional as F
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, dim=4, rank=2, lora_scale=0.5):
        super().__init__()
        self.base = nn.Linear(dim, dim)
        self.down = nn.Parameter(torch.randn(rank, dim) * 0.1)
        self.up = nn.Parameter(torch.randn(dim, rank) * 0.1)
        self.lora_scale = lora_scale
        self.merged_weight = None

    def _fuse_lora(self, safe_fusing=True):
        fused = self.base.weight + self.lora_scale * (self.up @ self.down)
        if safe_fusing and torch.isnan(fused).any().item():  # expect: CL111
            raise ValueError("This LoRA weight seems to be broken: fusing would produce NaNs.")
        self.merged_weight = fused

    def forward(self, x):
        if self.merged_weight is None:
            self._fuse_lora(safe_fusing=True)
        return F.linear(x, self.merged_weight, self.base.bias)


def example():
    return LoRALinear(), (torch.randn(2, 4),)
