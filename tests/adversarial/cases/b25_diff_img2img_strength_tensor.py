"""An image-to-image denoiser works out where to start from `strength`: `get_timesteps` takes
`min(int(num_inference_steps * strength), num_inference_steps)`; here the strength arrives as a 0-d tensor input."""
import torch
from torch import nn


class Img2ImgDenoiser(nn.Module):
    def __init__(self, num_inference_steps=4):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 1)
        self.num_inference_steps = num_inference_steps
        self.register_buffer("timesteps", torch.linspace(999, 0, num_inference_steps).long())

    def get_timesteps(self, num_inference_steps, strength):
        init_timestep = min(int(num_inference_steps * strength), num_inference_steps)  # expect: CL111
        t_start = max(num_inference_steps - init_timestep, 0)
        return self.timesteps[t_start:]

    def forward(self, latents, strength):
        timesteps = self.get_timesteps(self.num_inference_steps, strength)
        return self.unet(latents) * timesteps[0]


def example():
    return Img2ImgDenoiser(), (torch.randn(1, 4, 4, 4), torch.tensor(0.75))
