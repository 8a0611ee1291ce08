"""SD3-style loss weighting by scheme: `sigma_sqrt` is `sigmas ** -2`, `cosmap` divides by `math.pi * bot` with
`bot` a tensor of the sigmas, anything else weighs ones; the weighted MSE is reduced per sample."""
import math

import torch
from torch import nn


def compute_loss_weighting_for_sd3(weighting_scheme, sigmas=None):
    if weighting_scheme == "sigma_sqrt":
        weighting = (sigmas ** -2.0).float()
    elif weighting_scheme == "cosmap":
        bot = 1 - 2 * sigmas + 2 * sigmas ** 2
        weighting = 2 / (math.pi * bot)
    else:
        weighting = torch.ones_like(sigmas)
    return weighting


class WeightedFlowLoss(nn.Module):
    def __init__(self, weighting_scheme="cosmap"):
        super().__init__()
        self.weighting_scheme = weighting_scheme
        self.transformer = nn.Linear(8, 8)

    def forward(self, noisy, target, sigmas):
        model_pred = self.transformer(noisy)
        weighting = compute_loss_weighting_for_sd3(self.weighting_scheme, sigmas=sigmas)
        loss = torch.mean((weighting.float() * (model_pred.float() - target.float()) ** 2).reshape(target.shape[0], -1), 1)
        return loss.mean()


def example():
    return WeightedFlowLoss(), (torch.randn(2, 8), torch.randn(2, 8), torch.rand(2, 1))
