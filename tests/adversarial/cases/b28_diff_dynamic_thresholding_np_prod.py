"""A DDPM scheduler's dynamic thresholding flattens the sample with `np.prod(remaining_dims)` of the shape's
tail, takes a `torch.quantile` of the absolute values per sample and clamps by it. numpy is traced, so
`np.prod` of the Python sizes is a 0-d tensor of the graph, and the reshape is sized by a tensor."""
import numpy as np
import torch
from torch import nn


class DDPMScheduler:
    def __init__(self, ratio=0.9, sample_max_value=1.5):
        self.dynamic_thresholding_ratio = ratio
        self.sample_max_value = sample_max_value

    def _threshold_sample(self, sample):
        dtype = sample.dtype
        batch_size, channels, *remaining_dims = sample.shape
        if dtype not in (torch.float32, torch.float64):
            sample = sample.float()
        sample = sample.reshape(batch_size, channels * np.prod(remaining_dims))  # expect: CL124
        abs_sample = sample.abs()
        s = torch.quantile(abs_sample, self.dynamic_thresholding_ratio, dim=1)
        s = torch.clamp(s, min=1, max=self.sample_max_value)
        s = s.unsqueeze(1)
        sample = torch.clamp(sample, -s, s) / s
        return sample.reshape(batch_size, channels, *remaining_dims).to(dtype)


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = DDPMScheduler()

    def forward(self, x0):
        return self.scheduler._threshold_sample(x0 * 3)


def example():
    return Step(), (torch.randn(2, 3, 2, 2),)
