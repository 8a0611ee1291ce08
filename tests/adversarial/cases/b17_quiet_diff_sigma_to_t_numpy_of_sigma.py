"""A Karras-sigma scheduler's `_sigma_to_t`, written for numpy arrays, is handed the step's sigma as a torch
tensor: numpy functions run on the tensor itself, and dynamo 2.13 traces them without a break."""
import numpy as np
import torch
from torch import nn


class SigmaToT(nn.Module):
    def __init__(self, n=10):
        super().__init__()
        self.log_sigmas = np.log(np.linspace(0.1, 10.0, n))

    def _sigma_to_t(self, sigma, log_sigmas):
        log_sigma = np.log(np.maximum(sigma, 1e-10))
        dists = log_sigma - log_sigmas[:, np.newaxis]
        low_idx = np.abs(dists).argmin(axis=0)
        return low_idx

    def forward(self, sample, sigma):
        t = self._sigma_to_t(sigma, self.log_sigmas)
        return sample * torch.as_tensor(t, dtype=sample.dtype)


def example():
    return SigmaToT(), (torch.randn(2, 4), torch.tensor([1.5]))
