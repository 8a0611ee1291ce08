"""Dynamic thresholding as a DDPM scheduler does it: upcast by dtype, `torch.quantile` of the absolute
sample, `clamp` and divide; the ratio and maximum are config floats."""
import math

import torch
from torch import nn


class ThresholdingScheduler(nn.Module):
    def __init__(self, ratio=0.9, sample_max_value=1.5):
        super().__init__()
        self.ratio, self.sample_max_value = ratio, sample_max_value

    def forward(self, sample):
        dtype = sample.dtype
        batch_size, channels, *remaining = sample.shape
        if dtype not in (torch.float32, torch.float64):
            sample = sample.float()
        flat = sample.reshape(batch_size, channels * math.prod(remaining))
        abs_sample = flat.abs()
        s = torch.quantile(abs_sample, self.ratio, dim=1)
        s = torch.clamp(s, min=1, max=self.sample_max_value).unsqueeze(1)
        flat = torch.clamp(flat, -s, s) / s
        return flat.reshape(batch_size, channels, *remaining).to(dtype)


def example():
    return ThresholdingScheduler(), (torch.randn(2, 3, 4, 4) * 2,)
