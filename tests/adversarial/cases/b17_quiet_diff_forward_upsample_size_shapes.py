"""A UNet deciding whether to pass explicit upsample sizes: any spatial size not divisible by the overall
upsampling factor (Python ints from the shape) forces them."""
import torch
import torch.nn.functional as F
from torch import nn


class UpUNet(nn.Module):
    def __init__(self, num_upsamplers=2):
        super().__init__()
        self.default_overall_up_factor = 2 ** num_upsamplers
        self.conv = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, sample):
        forward_upsample_size = False
        upsample_size = None
        for dim in sample.shape[-2:]:
            if dim % self.default_overall_up_factor != 0:
                forward_upsample_size = True
                break
        h = F.avg_pool2d(self.conv(sample), 2, ceil_mode=True)
        if forward_upsample_size:
            upsample_size = sample.shape[-2:]
        if upsample_size is None:
            return F.interpolate(h, scale_factor=2.0, mode="nearest")
        return F.interpolate(h, size=upsample_size, mode="nearest")


def example():
    return UpUNet(), (torch.randn(1, 2, 6, 8),)
