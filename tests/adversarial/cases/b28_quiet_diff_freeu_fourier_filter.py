"""FreeU in an up block: the backbone half of the channels is scaled, and the skip features are filtered in
the Fourier domain (fftn, fftshift, a box mask written by slices, ifftn, `.real`); compiles."""
import torch
import torch.fft as fft
from torch import nn


def fourier_filter(x_in, threshold, scale):
    x = x_in.float()
    B, C, H, W = x.shape
    x_freq = fft.fftshift(fft.fftn(x, dim=(-2, -1)), dim=(-2, -1))
    mask = torch.ones((B, C, H, W), device=x.device)
    crow, ccol = H // 2, W // 2
    mask[..., crow - threshold : crow + threshold, ccol - threshold : ccol + threshold] = scale
    x_freq = x_freq * mask
    x_filtered = fft.ifftn(fft.ifftshift(x_freq, dim=(-2, -1)), dim=(-2, -1)).real
    return x_filtered.to(dtype=x_in.dtype)


def apply_freeu(resolution_idx, hidden_states, res_hidden_states, s1, b1):
    if resolution_idx == 0:
        num_half_channels = hidden_states.shape[1] // 2
        hidden_states[:, :num_half_channels] = hidden_states[:, :num_half_channels] * b1
        res_hidden_states = fourier_filter(res_hidden_states, threshold=1, scale=s1)
    return hidden_states, res_hidden_states


class UpBlock(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.conv = nn.Conv2d(ch * 2, ch, 3, padding=1)
        self.resolution_idx = 0
        self.s1, self.b1 = 0.9, 1.2

    def forward(self, hidden_states, res_hidden_states):
        is_freeu_enabled = getattr(self, "s1", None) and getattr(self, "b1", None)
        if is_freeu_enabled:
            hidden_states, res_hidden_states = apply_freeu(
                self.resolution_idx, hidden_states.clone(), res_hidden_states, s1=self.s1, b1=self.b1
            )
        return self.conv(torch.cat([hidden_states, res_hidden_states], dim=1))


def example():
    return UpBlock(), (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 4, 4))
