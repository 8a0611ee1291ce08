"""DropBlock2d: gamma from Python numbers and shape ints, a batchwise random mask compared with gamma,
max_pool over the mask, a normalize scale from numel() and a tensor sum kept as a tensor: nothing breaks."""
import torch
import torch.nn.functional as F
from torch import nn


def drop_block_fast_2d(x, drop_prob=0.1, block_size=3, gamma_scale=1.0, with_noise=False, inplace=False):
    B, C, H, W = x.shape
    total_size = W * H
    clipped_block_size = min(block_size, min(W, H))
    gamma = gamma_scale * drop_prob * total_size / clipped_block_size**2 / (
        (W - block_size + 1) * (H - block_size + 1))
    block_mask = torch.empty_like(x).bernoulli_(gamma)
    block_mask = F.max_pool2d(block_mask.to(x.dtype), kernel_size=clipped_block_size, stride=1,
                              padding=clipped_block_size // 2)
    if with_noise:
        normal_noise = torch.empty_like(x).normal_()
        if inplace:
            x.mul_(1.0 - block_mask).add_(normal_noise * block_mask)
        else:
            x = x * (1.0 - block_mask) + normal_noise * block_mask
    else:
        block_mask = 1 - block_mask
        normalize_scale = (block_mask.numel() / block_mask.to(dtype=torch.float32).sum().add(1e-6)).to(dtype=x.dtype)
        if inplace:
            x.mul_(block_mask * normalize_scale)
        else:
            x = x * block_mask * normalize_scale
    return x


class DropBlock2d(nn.Module):
    def __init__(self, drop_prob=0.1, block_size=3, gamma_scale=1.0, with_noise=False):
        super().__init__()
        self.drop_prob, self.block_size = drop_prob, block_size
        self.gamma_scale, self.with_noise = gamma_scale, with_noise

    def forward(self, x):
        if not self.training or not self.drop_prob:
            return x
        return drop_block_fast_2d(x, self.drop_prob, self.block_size, self.gamma_scale, self.with_noise)


def example():
    return DropBlock2d().train(), (torch.randn(2, 3, 5, 5),)
