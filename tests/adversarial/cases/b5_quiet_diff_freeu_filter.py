"""FreeU's Fourier filter on skip features: fftn/fftshift, a low-frequency box of the mask rescaled by slice
assignment (bounds from the shape), inverse transform. The power-of-two test that forces float32 is bit
arithmetic on shape ints."""
import torch
import torch.fft as fft
from torch import nn


def fourier_filter(x_in, threshold, scale):
    x = x_in
    batch, channels, height, width = x.shape
    if (width & (width - 1)) != 0 or (height & (height - 1)) != 0:
        x = x.to(dtype=torch.float32)
    x_freq = fft.fftn(x, dim=(-2, -1))
    x_freq = fft.fftshift(x_freq, dim=(-2, -1))
    mask = torch.ones((batch, channels, height, width), device=x.device)
    crow, ccol = height // 2, width // 2
    mask[..., crow - threshold:crow + threshold, ccol - threshold:ccol + threshold] = scale
    x_freq = x_freq * mask
    x_freq = fft.ifftshift(x_freq, dim=(-2, -1))
    return fft.ifftn(x_freq, dim=(-2, -1)).real.to(dtype=x_in.dtype)


class FreeUUpBlock(nn.Module):
    def __init__(self, channels=4, b1=1.2, s1=0.9):
        super().__init__()
        self.conv = nn.Conv2d(2 * channels, channels, 1)
        self.b1, self.s1 = b1, s1

    def forward(self, hidden_states, res_hidden_states):
        num_half = hidden_states.shape[1] // 2
        hidden_states[:, :num_half] = hidden_states[:, :num_half] * self.b1
        res_hidden_states = fourier_filter(res_hidden_states, threshold=1, scale=self.s1)
        return self.conv(torch.cat([hidden_states, res_hidden_states], dim=1))


def example():
    return FreeUUpBlock(), (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 8, 8))
