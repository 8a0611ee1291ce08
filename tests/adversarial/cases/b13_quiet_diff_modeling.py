"""A diffusion library's shared modeling file: a ModelMixin with a dtype property, a register-to-config
decorator, an Attention module that hands every call to a processor object (a default one set through
`set_processor` in `__init__`), and a scheduler object that is not a module. The other b13 diffusion cases
import it."""
import functools
import inspect
import math

import torch
import torch.nn.functional as F
from torch import nn


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        names = list(inspect.signature(init).parameters)[1:]
        config = {k: p.default for k, p in inspect.signature(init).parameters.items() if k != "self"}
        config.update(dict(zip(names, args)))
        config.update(kwargs)
        init(self, *args, **kwargs)
        self.config = type("FrozenConfig", (), config)
    return inner


class ModelMixin(nn.Module):
    @property
    def dtype(self):
        return next(self.parameters()).dtype


class AttnProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attention_mask)
        return attn.to_out(out)


class Attention(nn.Module):
    def __init__(self, dim, rescale_output_factor=1.0):
        super().__init__()
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.rescale_output_factor = rescale_output_factor
        self.set_processor(AttnProcessor())

    def set_processor(self, processor):
        self.processor = processor

    def forward(self, hidden_states, attention_mask=None):
        out = self.processor(self, hidden_states, attention_mask=attention_mask)
        return out / self.rescale_output_factor


class Scheduler:
    def __init__(self, num_train_timesteps=1000, beta_start=0.0001, beta_end=0.02):
        self.num_train_timesteps = num_train_timesteps
        betas = torch.linspace(beta_start, beta_end, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.timesteps = torch.arange(num_train_timesteps - 1, -1, -100)
        self.init_noise_sigma = math.sqrt(1.0 + beta_end)

    def scale_model_input(self, sample, timestep=None):
        return sample

    def add_noise(self, sample, noise, timesteps):
        alpha = self.alphas_cumprod.to(sample.device)[timesteps].flatten()
        while alpha.ndim < sample.ndim:
            alpha = alpha.unsqueeze(-1)
        return alpha.sqrt() * sample + (1 - alpha).sqrt() * noise


class _TinyBlock(ModelMixin):
    @register_to_config
    def __init__(self, dim=8):
        super().__init__()
        self.attn = Attention(dim)

    def forward(self, x):
        return self.attn(x.to(self.dtype))


def example():
    return _TinyBlock(), (torch.randn(1, 4, 8),)
