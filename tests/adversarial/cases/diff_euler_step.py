"""Euler step: churn factor from sigma bounds, noise, and the step_index increment."""
import torch
from torch import nn


class EulerDiscreteScheduler(nn.Module):
    def __init__(self, num_inference_steps=4):
        super().__init__()
        self.register_buffer("sigmas", torch.linspace(2.0, 0.0, num_inference_steps + 1))
        self._step_index = 0

    def forward(self, model_output, timestep, sample, s_churn=0.5, s_tmin=0.0, s_tmax=float("inf"), s_noise=1.0):
        sigma = self.sigmas[self._step_index]
        gamma = min(s_churn / (len(self.sigmas) - 1), 2 ** 0.5 - 1) if s_tmin <= sigma <= s_tmax else 0.0  # expect: CL101
        sigma_hat = sigma * (gamma + 1)
        if gamma > 0:
            noise = torch.randn(model_output.shape, dtype=model_output.dtype)
            eps = noise * s_noise
            sample = sample + eps * (sigma_hat ** 2 - sigma ** 2) ** 0.5
        pred_original_sample = sample - sigma_hat * model_output
        derivative = (sample - pred_original_sample) / sigma_hat
        dt = self.sigmas[self._step_index + 1] - sigma_hat
        prev_sample = sample + derivative * dt
        return prev_sample, pred_original_sample


def example():
    return EulerDiscreteScheduler(), (torch.randn(1, 2, 4, 4), torch.tensor(999), torch.randn(1, 2, 4, 4))
