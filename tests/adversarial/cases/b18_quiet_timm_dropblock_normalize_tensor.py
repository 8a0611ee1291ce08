"""DropBlock's fast path: the block mask comes from max-pooling a Bernoulli seed, and the rescale factor is
numel over the mask sum kept as a tensor; gamma is computed from Python sizes."""
import torch
import torch.nn.functional as F
from torch import nn


def drop_block_fast_2d(x, drop_prob=0.1, block_size=3, gamma_scale=1.0):
    B, C, H, W = x.shape
    total_size = W * H
    clipped_block_size = min(block_size, min(W, H))
    gamma = gamma_scale * drop_prob * total_size / clipped_block_size ** 2 / ((W - block_size + 1) * (H - block_size + 1))
    block_mask = torch.empty_like(x).bernoulli_(gamma)
    block_mask = F.max_pool2d(block_mask, kernel_size=clipped_block_size, stride=1, padding=clipped_block_size // 2)
    block_mask = 1 - block_mask
    normalize_scale = block_mask.numel() / block_mask.to(dtype=torch.float32).sum().add(1e-7)
    return x * block_mask * normalize_scale.to(x.dtype)


class DropBlock2d(nn.Module):
    def __init__(self, drop_prob=0.1, block_size=3):
        super().__init__()
        self.drop_prob, self.block_size = drop_prob, block_size

    def forward(self, x):
        if not self.training or not self.drop_prob:
            return x
        return drop_block_fast_2d(x, self.drop_prob, self.block_size)


def example():
    return DropBlock2d(), (torch.randn(2, 3, 6, 6),)
