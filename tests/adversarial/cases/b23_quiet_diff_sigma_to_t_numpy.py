"""A Karras-sigma scheduler maps sigmas back to timesteps with `_sigma_to_t`, all numpy: `np.log` of the sigmas,
distances to the log-sigma table, a cumsum/argmax for the lower index, and linear interpolation between the two
neighbours; the model then embeds the timesteps."""
import numpy as np
import torch
from torch import nn


class KarrasSchedulerStub:
    def __init__(self, n=10):
        sigmas = np.linspace(14.6, 0.03, n)
        self.log_sigmas = np.log(sigmas)

    def _sigma_to_t(self, sigma, log_sigmas):
        log_sigma = np.log(np.maximum(sigma, 1e-10))
        dists = log_sigma - log_sigmas[:, np.newaxis]
        low_idx = np.cumsum((dists >= 0).astype(np.int64), axis=0).argmax(axis=0).clip(max=log_sigmas.shape[0] - 2)
        high_idx = low_idx + 1
        low = log_sigmas[low_idx]
        high = log_sigmas[high_idx]
        w = (low - log_sigma) / (low - high)
        w = np.clip(w, 0, 1)
        t = (1 - w) * low_idx + w * high_idx
        return t.reshape(sigma.shape)


class SigmaConditionedDenoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = KarrasSchedulerStub()
        self.time_embed = nn.Linear(1, 8)

    def forward(self, sample, sigmas):
        t = self.scheduler._sigma_to_t(sigmas.numpy(), self.scheduler.log_sigmas)
        t = torch.from_numpy(t).float()
        return sample + self.time_embed(t[:, None])


def example():
    return SigmaConditionedDenoiser(), (torch.randn(2, 8), torch.tensor([10.0, 0.5], dtype=torch.float64))
