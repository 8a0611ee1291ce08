"""UNet timestep handling: a Python number becomes a tensor, a 0-d tensor gets a batch dimension, the
upsample-size flag comes from shape ints; validating the timesteps against the training range with
`torch.any(...)` is a tensor condition."""
import math

import torch
from torch import nn


def get_timestep_embedding(timesteps, embedding_dim, flip_sin_to_cos=False, downscale_freq_shift=1, max_period=10000):
    assert len(timesteps.shape) == 1, "Timesteps should be a 1d-array"
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=torch.float32)
    exponent = exponent / (half_dim - downscale_freq_shift)
    emb = timesteps[:, None].float() * torch.exp(exponent)[None, :]
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1, 0, 0))
    return emb


class UNet(nn.Module):
    def __init__(self, num_train_timesteps=1000):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.time_embedding = nn.Linear(8, 4)
        self.num_upsamplers = 2
        self.num_train_timesteps = num_train_timesteps

    def forward(self, sample, timestep):
        default_overall_up_factor = 2 ** self.num_upsamplers
        forward_upsample_size = False
        if any(s % default_overall_up_factor != 0 for s in sample.shape[-2:]):
            forward_upsample_size = True
        timesteps = timestep
        if not torch.is_tensor(timesteps):
            is_mps = sample.device.type == "mps"
            if isinstance(timestep, float):
                dtype = torch.float32 if is_mps else torch.float64
            else:
                dtype = torch.int32 if is_mps else torch.int64
            timesteps = torch.tensor([timesteps], dtype=dtype, device=sample.device)
        elif len(timesteps.shape) == 0:
            timesteps = timesteps[None].to(sample.device)
        if torch.any(timesteps >= self.num_train_timesteps):  # expect: CL101
            raise ValueError("timestep out of range")
        timesteps = timesteps.expand(sample.shape[0])
        t_emb = get_timestep_embedding(timesteps, 8, flip_sin_to_cos=True).to(dtype=sample.dtype)
        emb = self.time_embedding(t_emb)
        return self.conv(sample) + emb[:, :, None, None], forward_upsample_size


def example():
    return UNet(), (torch.randn(2, 4, 6, 6), torch.tensor(10))
