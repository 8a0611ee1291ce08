"""UNet timestep handling: a Python number or a 0-d tensor turned into a batch of sinusoidal embeddings."""
import math

import torch
from torch import nn


def get_timestep_embedding(timesteps, embedding_dim, flip_sin_to_cos=False, downscale_freq_shift=1,
                           scale=1, max_period=10000):
    assert len(timesteps.shape) == 1, "Timesteps should be a 1d-array"
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=torch.float32, device=timesteps.device)
    exponent = exponent / (half_dim - downscale_freq_shift)
    emb = torch.exp(exponent)
    emb = timesteps[:, None].float() * emb[None, :]
    emb = scale * emb
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1, 0, 0))
    return emb


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.time_embedding = nn.Linear(8, 8)
        self.conv_in = nn.Conv2d(2, 8, 1)

    def forward(self, sample, timestep):
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
        timesteps = timesteps.expand(sample.shape[0])
        t_emb = get_timestep_embedding(timesteps, 8, flip_sin_to_cos=True, downscale_freq_shift=0)
        emb = self.time_embedding(t_emb.to(dtype=sample.dtype))
        return self.conv_in(sample) + emb[:, :, None, None]


def example():
    import compilelint
    return compilelint.Example(UNet(), (torch.randn(2, 2, 4, 4), 10), variants=[(torch.randn(2, 2, 4, 4), torch.tensor(7))])
