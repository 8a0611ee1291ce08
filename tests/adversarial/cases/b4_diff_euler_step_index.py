"""An Euler scheduler owned by a pipeline module: the step index is found once with
`int(torch.argmin(...))` (a host read), then kept as a Python int; sigmas are read with int indices and the
update is plain tensor arithmetic."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self, num_train_timesteps=10, steps=4):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.timesteps = torch.linspace(num_train_timesteps - 1, 0, steps)
        sigmas = ((1 - alphas_cumprod) / alphas_cumprod) ** 0.5
        self.sigmas = torch.cat([sigmas[self.timesteps.long()], torch.zeros(1)])
        self._step_index = None
        self.init_noise_sigma = float(self.sigmas.max())

    @property
    def step_index(self):
        return self._step_index

    def _init_step_index(self, timestep):
        if isinstance(timestep, torch.Tensor):
            timestep = timestep.to(self.timesteps.device)
        self._step_index = int(torch.argmin((self.timesteps - timestep).abs()))  # expect: CL111

    def scale_model_input(self, sample, timestep):
        if self.step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self.step_index]
        return sample / ((sigma**2 + 1) ** 0.5)

    def step(self, model_output, timestep, sample, s_churn=0.0):
        if self.step_index is None:
            self._init_step_index(timestep)
        sample = sample.to(torch.float32)
        sigma = self.sigmas[self.step_index]
        gamma = min(s_churn / (len(self.sigmas) - 1), 2**0.5 - 1) if s_churn > 0 else 0.0
        sigma_hat = sigma * (gamma + 1)
        pred_original_sample = sample - sigma_hat * model_output
        derivative = (sample - pred_original_sample) / sigma_hat
        dt = self.sigmas[self.step_index + 1] - sigma_hat
        prev_sample = sample + derivative * dt
        self._step_index += 1
        return prev_sample, pred_original_sample


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self.scheduler = EulerScheduler()

    def forward(self, latents, t):
        latent_model_input = self.scheduler.scale_model_input(latents, t)
        noise_pred = self.unet(latent_model_input)
        latents, _ = self.scheduler.step(noise_pred, t, latents)
        return latents


def example():
    return Denoiser(), (torch.randn(1, 4, 4, 4), torch.tensor(9.0))
