"""Sliced VAE encoding: with slicing enabled and a batch larger than one, the batch is split into single samples
(`x.split(1)`) and the encoder runs on each in a list comprehension before concatenation."""
import torch
from torch import nn


class TinyEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv_in = nn.Conv2d(3, 4, 3, padding=1)
        self.conv_out = nn.Conv2d(4, 8, 1)

    def forward(self, x):
        return self.conv_out(torch.nn.functional.silu(self.conv_in(x)))


class SlicedVAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = TinyEncoder()
        self.quant_conv = nn.Conv2d(8, 8, 1)
        self.use_slicing = True

    def _encode(self, x):
        return self.quant_conv(self.encoder(x))

    def forward(self, x):
        if self.use_slicing and x.shape[0] > 1:
            encoded_slices = [self._encode(x_slice) for x_slice in x.split(1)]
            h = torch.cat(encoded_slices)
        else:
            h = self._encode(x)
        mean, logvar = h.chunk(2, dim=1)
        return mean + torch.exp(0.5 * logvar.clamp(-30.0, 20.0))


def example():
    return SlicedVAE(), (torch.randn(3, 3, 4, 4),)
