"""A multi-ControlNet wrapper runs each net on its own condition and scale (`zip` of images, scales and an
`nn.ModuleList`), keeping the first net's residuals and summing the others' in with list comprehensions."""
import torch
from torch import nn


class ControlNetStub(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.cond = nn.Conv2d(3, c, 3, padding=1)
        self.down = nn.ModuleList([nn.Conv2d(c, c, 3, padding=1), nn.Conv2d(c, c, 3, stride=2, padding=1)])
        self.mid = nn.Conv2d(c, c, 1)

    def forward(self, sample, controlnet_cond, conditioning_scale):
        h = sample + self.cond(controlnet_cond)
        down_block_res_samples = []
        for block in self.down:
            h = block(h)
            down_block_res_samples.append(h * conditioning_scale)
        return down_block_res_samples, self.mid(h) * conditioning_scale


class MultiControlNetModel(nn.Module):
    def __init__(self, n=2):
        super().__init__()
        self.nets = nn.ModuleList([ControlNetStub() for _ in range(n)])

    def forward(self, sample, controlnet_cond, conditioning_scale):
        for i, (image, scale, controlnet) in enumerate(zip(controlnet_cond, conditioning_scale, self.nets)):
            down_samples, mid_sample = controlnet(sample, image, scale)
            if i == 0:
                down_block_res_samples, mid_block_res_sample = down_samples, mid_sample
            else:
                down_block_res_samples = [
                    samples_prev + samples_curr for samples_prev, samples_curr in zip(down_block_res_samples, down_samples)
                ]
                mid_block_res_sample += mid_sample
        return down_block_res_samples, mid_block_res_sample


def example():
    conds = [torch.randn(1, 3, 4, 4), torch.randn(1, 3, 4, 4)]
    return MultiControlNetModel(), (torch.randn(1, 4, 4, 4), conds, [1.0, 0.5])
