"""Karras/Heun sampling with "churn": the extra noise gamma applies only while `s_tmin <= sigmas[i] <= s_tmax`,
a chained comparison of a tensor entry against Python floats. The second-order correction is skipped on the
last step by a comparison of the *next* sigma with zero, which is a tensor too."""
import torch
from torch import nn


class HeunSampler(nn.Module):
    def __init__(self, s_churn=0.5, s_tmin=0.0, s_tmax=float("inf"), s_noise=1.0):
        super().__init__()
        self.model = nn.Linear(3, 3)
        self.s_churn, self.s_tmin, self.s_tmax, self.s_noise = s_churn, s_tmin, s_tmax, s_noise

    def denoise(self, x, sigma):
        return self.model(x) * sigma / (1 + sigma)

    def step(self, x, sigma, sigma_next, steps):
        gamma = min(self.s_churn / steps, 2 ** 0.5 - 1) if self.s_tmin <= sigma <= self.s_tmax else 0.0  # expect: CL101
        sigma_hat = sigma * (gamma + 1)
        x = x + torch.randn_like(x) * self.s_noise * (sigma_hat ** 2 - sigma ** 2).clamp(min=0) ** 0.5
        d = (x - self.denoise(x, sigma_hat)) / sigma_hat
        dt = sigma_next - sigma_hat
        if sigma_next == 0:  # known-miss: CL101
            return x + d * dt
        x_2 = x + d * dt
        d_2 = (x_2 - self.denoise(x_2, sigma_next)) / sigma_next
        return x + (d + d_2) / 2 * dt

    def forward(self, x, sigma, sigma_next):
        return self.step(x, sigma, sigma_next, steps=4)


def example():
    return HeunSampler(), (torch.randn(2, 3), torch.tensor(2.0), torch.tensor(1.0))
