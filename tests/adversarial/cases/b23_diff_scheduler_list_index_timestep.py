"""An inverse-DDIM style scheduler keeps its timesteps as a Python list and finds the current step's position
with `list.index(timestep)`; the denoiser hands it the timestep it received, a 0-d tensor."""
import torch
from torch import nn


class ListTimestepScheduler:
    def __init__(self, num_inference_steps=5):
        self.timesteps = list(range(800, -1, -200))
        self.alphas_cumprod = torch.linspace(0.99, 0.1, num_inference_steps)

    def step(self, model_output, timestep, sample):
        step_index = self.timesteps.index(timestep)  # known-miss: CL101
        alpha = self.alphas_cumprod[step_index]
        return (sample - (1 - alpha).sqrt() * model_output) / alpha.sqrt()


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = ListTimestepScheduler()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, latents, t):
        noise_pred = self.unet(latents)
        return self.scheduler.step(noise_pred, t, latents)


def example():
    return Denoiser(), (torch.randn(1, 4, 4, 4), torch.tensor(400))
