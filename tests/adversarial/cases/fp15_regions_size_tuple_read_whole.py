"""SwinIR-style blocks told nothing (every forward assumed compiled): the block unpacks `x_size` into the sizes of
`x.view(B, H, W, C)` and also reads it whole, comparing it with the resolution the mask was built for and handing it
to `self.calculate_mask`; the layer hands on its own forward's `x_size`. A tuple of ints: the comparison is Python's."""
import torch
from torch import nn
from torch.nn import functional as F


class Block(nn.Module):
    def __init__(self, dim, input_resolution, window_size):
        super().__init__()
        self.input_resolution = input_resolution
        self.window_size = window_size
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("attn_mask", self.calculate_mask(input_resolution))

    def calculate_mask(self, x_size):
        H, W = x_size
        img_mask = torch.zeros((1, H, W, 1))
        return img_mask.view(-1, self.window_size * self.window_size)

    def forward(self, x, x_size):
        H, W = x_size
        B, L, C = x.shape
        x = x.view(B, H, W, C)
        if self.input_resolution == x_size:
            mask = self.attn_mask
        else:
            mask = self.calculate_mask(x_size).to(x.device)
        x = self.proj(x).view(B, H * W, C)
        return x + mask.sum()


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(4, (4, 4), 2) for _ in range(2)])

    def forward(self, x, x_size):
        for blk in self.blocks:
            x = blk(x, x_size)
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer()

    def forward(self, x):
        x_size = (x.shape[2], x.shape[3])
        x = x.flatten(2).transpose(1, 2)
        return self.layer(x, x_size)


def example():
    return Net(), (torch.randn(1, 4, 4, 4),)
