"""FreeU's Fourier filter: a non power-of-two spatial size is upcast first (bit tricks on shape ints), a box of
the shifted spectrum is scaled through a slice write, and the result goes back to the input dtype."""
import torch
import torch.fft as fft
from torch import nn


def fourier_filter(x_in, threshold, scale):
    x = x_in
    B, C, H, W = x.shape
    if (W & (W - 1)) != 0 or (H & (H - 1)) != 0:
        x = x.to(dtype=torch.float32)
    x_freq = fft.fftshift(fft.fftn(x, dim=(-2, -1)), dim=(-2, -1))
    mask = torch.ones((B, C, H, W))
    crow, ccol = H // 2, W // 2
    mask[..., crow - threshold: crow + threshold, ccol - threshold: ccol + threshold] = scale
    x_freq = x_freq * mask
    x_filtered = fft.ifftn(fft.ifftshift(x_freq, dim=(-2, -1)), dim=(-2, -1)).real
    return x_filtered.to(dtype=x_in.dtype)


class FreeUBlock(nn.Module):
    def __init__(self, dim=4, b1=1.2, s1=0.9):
        super().__init__()
        self.conv = nn.Conv2d(dim, dim, 1)
        self.b1, self.s1 = b1, s1

    def forward(self, hidden_states, res_hidden_states):
        num_half = hidden_states.shape[1] // 2
        hidden_states[:, :num_half] = hidden_states[:, :num_half] * self.b1
        res_hidden_states = fourier_filter(res_hidden_states, threshold=1, scale=self.s1)
        return self.conv(hidden_states + res_hidden_states)


def example():
    return FreeUBlock(), (torch.randn(1, 4, 6, 4), torch.randn(1, 4, 6, 4))
