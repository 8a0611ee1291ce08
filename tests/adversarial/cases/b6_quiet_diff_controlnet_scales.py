"""ControlNet residual scaling: in guess mode the per-block scales come from torch.logspace over the number
of residuals (a Python length) times a float conditioning scale; otherwise every residual is multiplied by
the float. `zip` over a list and a tensor of scales compiles."""
import torch
from torch import nn


class ControlNet(nn.Module):
    def __init__(self, blocks=3, channels=2, global_pool_conditions=False):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Conv2d(channels, channels, 1) for _ in range(blocks))
        self.mid = nn.Conv2d(channels, channels, 1)
        self.global_pool_conditions = global_pool_conditions

    def forward(self, sample, cond, conditioning_scale: float = 1.0, guess_mode: bool = False):
        sample = sample + cond
        down_block_res_samples = []
        for block in self.blocks:
            sample = block(sample)
            down_block_res_samples.append(sample)
        mid_block_res_sample = self.mid(sample)
        if guess_mode and not self.global_pool_conditions:
            scales = torch.logspace(-1, 0, len(down_block_res_samples) + 1, device=sample.device)
            scales = scales * conditioning_scale
            down_block_res_samples = [s * scale for s, scale in zip(down_block_res_samples, scales)]
            mid_block_res_sample = mid_block_res_sample * scales[-1]
        else:
            down_block_res_samples = [s * conditioning_scale for s in down_block_res_samples]
            mid_block_res_sample = mid_block_res_sample * conditioning_scale
        if self.global_pool_conditions:
            down_block_res_samples = [torch.mean(s, dim=(2, 3), keepdim=True) for s in down_block_res_samples]
        return down_block_res_samples, mid_block_res_sample


def example():
    model = ControlNet()
    return (lambda x, c: model(x, c, 0.5, True)), (torch.randn(1, 2, 3, 3), torch.randn(1, 2, 3, 3))
