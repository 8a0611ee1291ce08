"""Held-out group 39 of the evaluation: diffusion sampling and adapters in the style of the big diffusion libraries
(noise schedules indexed by timestep, DDIM, PLMS and PRK sampling steps, spliced cosine schedules, DDPM losses, LoRA
adapters in training and merged), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout39_targets.py \
        --site benchmarks/eval/.packages-heldout39 --suffix heldout39

V-diffusion-pytorch (diffusion): the DDIM sampling loop, PLMS and PRK steps and the spliced DDPM-cosine schedule around a small user v-model. Diffusion-pytorch-lib
(diffusion_pytorch_lib): its DDPM schedules around the same v-model: the loss, one p_sample step and a DDIM loop (its
own UNet is left out: its forward passes two arguments to nn.Sequential and fails in eager mode). Loralib (loralib): LoRA Linear,
MergedLinear, Embedding and Conv2d layers in training and after merging. Lora-pytorch (lora_pytorch): LoRA wrapped
around a small transformer (multi-head attention, linear and conv layers) by from_module, and merged.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: diffusers and everything built on it (consistency), video-diffusion-pytorch, make-a-video-pytorch and
classifier-free-guidance-pytorch (they depend on transformers or open_clip). denoising-diffusion-pytorch was
measured here blind too, but the rules were tuned on it (targets.py): it is left out of the group, which keeps four
packages (its blind numbers: benchmarks/results/heldout39-2026-11-28j.md). torchvision is a dependency only, made
importable as in group 14.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package, stand_in

DEPENDENCIES = (
    "einops==0.8.2",
    "torchvision==0.28.0",
    "pillow==11.3.0",
    "tqdm==4.67.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------ v-diffusion-pytorch
def _vdiff():
    torch = _seed()
    _torchvision()  # diffusion.utils converts PIL images with torchvision
    return torch


def _v_model(torch):  # shared with diffusion-pytorch-lib, whose integer timesteps it takes as floats
    class TinyV(torch.nn.Module):  # a user's v-objective model: image and time in, velocity out
        def __init__(self):
            super().__init__()
            self.time = torch.nn.Linear(1, 8)
            self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
            self.out = torch.nn.Conv2d(8, 3, 3, padding=1)

        def forward(self, x, t):
            h = self.conv(x) + self.time(t[:, None].float())[:, :, None, None]
            return self.out(torch.nn.functional.silu(h))

    return TinyV().eval()


def vdiff_ddim_loop():
    torch = _vdiff()
    from diffusion import sampling, utils

    model = _v_model(torch)

    def sample(x):
        steps = utils.get_spliced_ddpm_cosine_schedule(torch.linspace(1, 0, 4)[:-1])
        return sampling.sample(model, x, steps, 1.0, {})

    return sample, [(torch.randn(1, 3, 8, 8),)]


def vdiff_plms_step():
    torch = _vdiff()
    from diffusion import sampling

    model = _v_model(torch)

    def step(x, eps1, eps2, eps3):
        return sampling.plms_step(model, x, [eps1, eps2, eps3], torch.tensor([0.6]), torch.tensor([0.4]), {})

    return step, [tuple(torch.randn(1, 3, 8, 8) for _ in range(4))]


def vdiff_prk_step():
    torch = _vdiff()
    from diffusion import sampling

    model = _v_model(torch)

    def step(x):
        return sampling.prk_step(model, x, torch.tensor([0.6]), torch.tensor([0.4]), {})

    return step, [(torch.randn(1, 3, 8, 8),)]


def vdiff_cond_sample():
    torch = _vdiff()
    from diffusion import sampling

    model = _v_model(torch)

    def cond_fn(x, t, pred, **kwargs):
        return -(pred - 0.5)

    def sample(x):
        return sampling.cond_sample(model, x, torch.linspace(1, 0, 4)[:-1], 0.0, {}, cond_fn)

    return sample, [(torch.randn(1, 3, 8, 8),)]


# ---------------------------------------------------------------------------------------------- diffusion-pytorch-lib
def _dpl_diffusion(torch, timesteps=10, **kwargs):
    from diffusion_pytorch_lib import Diffusion

    return Diffusion(_v_model(torch), image_size=8, timesteps=timesteps, **kwargs)


def dpl_training_loss():
    torch = _seed()
    diffusion = _dpl_diffusion(torch, beta_schedule="cosine").train()
    return diffusion, [(torch.rand(2, 3, 8, 8),)]


def dpl_p_sample():
    torch = _seed()
    diffusion = _dpl_diffusion(torch).eval()

    def step(x):
        return diffusion.p_sample(x, 4)

    return step, [(torch.randn(1, 3, 8, 8),)]


def dpl_ddim_loop():
    torch = _seed()
    diffusion = _dpl_diffusion(torch).eval()

    def sample(x):
        return diffusion.ddim_sample(shape=list(x.shape), sampling_timesteps=3)

    return sample, [(torch.randn(1, 3, 8, 8),)]


# ------------------------------------------------------------------------------------------------------------ loralib
def _lora_block(torch):
    import loralib as lora

    class Block(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = lora.Embedding(20, 16, r=4)
            self.qkv = lora.MergedLinear(16, 48, r=4, enable_lora=[True, False, True])
            self.proj = lora.Linear(16, 16, r=4, lora_dropout=0.1)
            self.conv = lora.Conv2d(4, 4, 3, r=2, padding=1)

        def forward(self, tokens):
            h = self.embed(tokens)
            q, k, v = self.qkv(h).chunk(3, dim=-1)
            h = torch.nn.functional.scaled_dot_product_attention(q, k, v)
            h = self.proj(h)
            b, n, d = h.shape
            return self.conv(h.reshape(b, 4, 2, 2 * n)).flatten(1)

    return Block()


def loralib_training():
    torch = _seed()
    model = _lora_block(torch).train()
    return model, [(torch.tensor([[1, 4, 7, 2], [3, 3, 9, 0]]),)]


def loralib_merged_eval():
    torch = _seed()
    model = _lora_block(torch).train()
    model.eval()  # merges the low-rank update into the weights
    return model, [(torch.tensor([[1, 4, 7, 2], [3, 3, 9, 0]]),)]


# ------------------------------------------------------------------------------------------------------- lora-pytorch
def _encoder(torch):
    class Encoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Embedding(20, 16)
            self.attn = torch.nn.MultiheadAttention(16, 2, batch_first=True)
            self.ff = torch.nn.Linear(16, 16)
            self.conv = torch.nn.Conv1d(16, 16, 3, padding=1)

        def forward(self, tokens):
            h = self.embed(tokens)
            h = h + self.attn(h, h, h, need_weights=False)[0]
            h = h + self.ff(h)
            return self.conv(h.transpose(1, 2))

    return Encoder()


def lora_pytorch_adapted():
    torch = _seed()
    from lora_pytorch import LoRA

    model = LoRA.from_module(_encoder(torch), rank=4).eval()
    return model, [(torch.tensor([[1, 4, 7, 2], [3, 3, 9, 0]]),)]


def lora_pytorch_merged():
    torch = _seed()
    from lora_pytorch import LoRA

    model = LoRA.from_module(_encoder(torch), rank=4).merge_lora(inplace=False).eval()
    return model, [(torch.tensor([[1, 4, 7, 2], [3, 3, 9, 0]]),)]


PACKAGES: Tuple[Package, ...] = (
    Package("v-diffusion-pytorch==0.0.2", "diffusion", {
        "ddim_loop": vdiff_ddim_loop,
        "plms_step": vdiff_plms_step,
        "prk_step": vdiff_prk_step,
        "cond_sample": vdiff_cond_sample},
        roots=("diffusion.sampling:sample", "diffusion.sampling:plms_step", "diffusion.sampling:prk_step",
               "diffusion.sampling:cond_sample", "diffusion.utils:get_spliced_ddpm_cosine_schedule")),
    Package("diffusion-pytorch-lib==1.0.2", "diffusion_pytorch_lib", {
        "training_loss": dpl_training_loss,
        "p_sample": dpl_p_sample,
        "ddim_loop": dpl_ddim_loop},
        roots=("diffusion_pytorch_lib.module:Diffusion.p_sample", "diffusion_pytorch_lib.module:Diffusion.ddim_sample")),
    Package("loralib==0.1.2", "loralib", {
        "training": loralib_training,
        "merged_eval": loralib_merged_eval}),
    Package("lora-pytorch==0.2.0", "lora_pytorch", {
        "adapted": lora_pytorch_adapted,
        "merged": lora_pytorch_merged}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
