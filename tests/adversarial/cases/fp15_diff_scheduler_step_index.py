"""A diffusion sampler in the style of a pipeline library: a scheduler keeps a step index on itself, set
on first use from an int timestep, reads its sigma table with it and counts it up; a deprecation helper is called
only when an old keyword is passed; the UNet-side timestep turns a Python number into a tensor and expands it."""
import math
import warnings

import torch
from torch import nn


def deprecate(*args, take_from=None, standard_warn=True):
    for name, version, message in (args,):
        if take_from is not None and name in take_from:
            warnings.warn(f"{name} is deprecated and will be removed in {version}. {message}", FutureWarning)  # known-fp: CL131
            return take_from.pop(name)
    return None


class Scheduler:
    order = 1

    def __init__(self, num_train_timesteps=10):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.sigmas = ((1 - alphas_cumprod) / alphas_cumprod) ** 0.5
        self.timesteps = torch.arange(num_train_timesteps - 1, -1, -1)
        self.num_inference_steps = num_train_timesteps
        self._step_index = None
        self._begin_index = None

    @property
    def step_index(self):
        return self._step_index

    def _init_step_index(self, timestep):
        if self._begin_index is None:
            self._step_index = self.num_inference_steps - 1 - timestep
        else:
            self._step_index = self._begin_index

    def scale_model_input(self, sample, timestep):
        if self.step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self.step_index]
        return sample / ((sigma ** 2 + 1) ** 0.5)

    def step(self, model_output, timestep, sample, s_churn=0.0, return_dict=True, **kwargs):
        deprecate("generator", "1.0.0", "Pass `generator` to the pipeline instead.", take_from=kwargs)
        if self.step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self.step_index]
        gamma = min(s_churn / (len(self.sigmas) - 1), 2 ** 0.5 - 1) if s_churn > 0 else 0.0
        sigma_hat = sigma * (gamma + 1)
        pred_original_sample = sample - sigma_hat * model_output
        derivative = (sample - pred_original_sample) / sigma_hat
        if self._step_index + 1 < len(self.sigmas):
            dt = self.sigmas[self.step_index + 1] - sigma_hat
        else:
            dt = -sigma_hat
        prev_sample = sample + derivative * dt
        self._step_index += 1
        if not return_dict:
            return (prev_sample,)
        return {"prev_sample": prev_sample}


def timestep_embedding(timesteps, embedding_dim, max_period=10000, downscale_freq_shift=1):
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=torch.float32, device=timesteps.device)
    exponent = exponent / (half_dim - downscale_freq_shift)
    emb = timesteps[:, None].float() * torch.exp(exponent)[None, :]
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1, 0, 0))
    return emb


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.center_input_sample = False
        self.proj = nn.Linear(8, 4)

    def forward(self, sample, timestep, encoder_hidden_states=None, return_dict=True):
        if self.center_input_sample:
            sample = 2 * sample - 1.0
        timesteps = timestep
        if not torch.is_tensor(timesteps):
            dtype = torch.float32 if isinstance(timestep, float) else torch.int64
            timesteps = torch.tensor([timesteps], dtype=dtype, device=sample.device)
        elif len(timesteps.shape) == 0:
            timesteps = timesteps[None].to(sample.device)
        timesteps = timesteps.expand(sample.shape[0])
        emb = self.proj(timestep_embedding(timesteps, 8))
        out = sample + emb[:, :, None, None]
        if not return_dict:
            return (out,)
        return {"sample": out}


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = UNet()
        self.scheduler = Scheduler()

    def forward(self, latents, num_inference_steps=3, guidance_scale=1.0):
        do_classifier_free_guidance = guidance_scale > 1.0
        for i in range(num_inference_steps):
            t = num_inference_steps - 1 - i
            latent_model_input = torch.cat([latents] * 2) if do_classifier_free_guidance else latents
            latent_model_input = self.scheduler.scale_model_input(latent_model_input, t)
            noise_pred = self.unet(latent_model_input, t)["sample"]
            if do_classifier_free_guidance:
                noise_pred_uncond, noise_pred_text = noise_pred.chunk(2)
                noise_pred = noise_pred_uncond + guidance_scale * (noise_pred_text - noise_pred_uncond)
            latents = self.scheduler.step(noise_pred, t, latents)["prev_sample"]
        return latents


def example():
    return Pipeline(), (torch.randn(1, 4, 2, 2),)
