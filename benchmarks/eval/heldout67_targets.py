"""Held-out group 67 of the evaluation: diffusion models written in the style of diffusers without it (noise-predicting
UNets with sinusoidal timestep embeddings, DDPM / improved-DDPM / DDIM schedules held as buffers and indexed by
timestep tensors, training losses with random timesteps, ancestral and implicit sampling loops, classifier guidance,
an Elucidated-Diffusion (Karras) Euler / Heun sampler, Brownian-bridge diffusion between two images, and a latent
diffusion super-resolution model with a KL autoencoder and a DDIM sampler), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout67_targets.py \
        --site benchmarks/eval/.packages-heldout67 --suffix heldout67 --jobs 1

Diffusion Models Made Easy (dmme): the DDPM and improved-DDPM UNets, a DDPM training step, the DDPM / IDDPM /
DDIM sampling steps and DDIM's whole generation loop, the IDDPM hybrid loss (learned variance, VLB terms over the
timesteps equal to and above one), and classifier guidance's gradient. Diffusionism: the unified DiffusionModel of its
README (a DPM diffuser with a DDPM or DDIM sampler over a linear beta schedule; noise and velocity parameterisations)
in training (the loss) and in evaluation (the whole sampling loop), and the Elucidated Diffusion Models diffuser with
its Euler and Heun samplers. SDE-BBDM (sde-bbdm): the OpenAI UNet it builds, the Brownian-bridge forward diffusion
and a training loss, and the BBDM / SDE-BBDM / A-Bridge sampling steps (full and fast). OpenSR (opensr-model): the
latent-diffusion super-resolution model (KL autoencoder, conditioned UNet, DDIM sampler) built from its config with
random weights (the pretrained checkpoint is downloaded at run time), its encoder, one DDIM step, the denoiser loss,
and the whole super-resolution forward.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = ()

TORCHVISION = ("torchvision==0.28.0", "pillow==13.0.0")
LIGHTNING = ("pytorch-lightning==2.6.6", "lightning-utilities==0.15.3", "torchmetrics==1.9.0", "fsspec==2026.9.0",
             "tqdm==4.70.1")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------------ dmme
def _dmme():
    _torchvision()
    targets.stand_in("lmdb", "wandb")


def _dmme_unet(improved=False):
    _dmme()
    from dmme.models import ddpm, iddpm

    module = iddpm if improved else ddpm
    return module.UNet(in_channels=3, pos_dim=16, emb_dim=32, num_groups=4, dropout=0.1, channels_per_depth=(8, 16),
                       num_blocks=1, attention_depths=(2,))


def dmme_unet():
    torch = _seed()
    model = _dmme_unet().eval()
    return model, [(torch.randn(2, 3, 8, 8), torch.tensor([3, 17]))]


def dmme_iddpm_unet():
    torch = _seed()
    model = _dmme_unet(improved=True).eval()
    return model, [(torch.randn(2, 3, 8, 8), torch.tensor([3, 17]))]


def dmme_ddpm_train_step():
    torch = _seed()
    _dmme()
    from dmme.diffusion_models import DDPM

    ddpm = DDPM(_dmme_unet(), timesteps=20).train()

    def step(x_0):
        loss = ddpm.training_step(x_0)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8),)]


def dmme_ddpm_sampling_step():
    torch = _seed()
    _dmme()
    from dmme.diffusion_models import DDPM

    ddpm = DDPM(_dmme_unet(), timesteps=20).eval()

    def denoise(x_t, t):
        with torch.no_grad():
            return ddpm.sampling_step(x_t, t)

    return denoise, [(torch.randn(2, 3, 8, 8), torch.tensor([5]))]


def dmme_ddim_generate():
    torch = _seed()
    _dmme()
    from dmme.diffusion_models import DDIM

    # the last step builds Normal(mean, 0) (alpha_bar at tau_0 is 1), which argument validation rejects in eager
    torch.distributions.Distribution.set_default_validate_args(False)
    ddim = DDIM(_dmme_unet(), timesteps=20, sub_timesteps=4).eval()

    def generate():
        return ddim.generate((1, 3, 8, 8))

    return generate, [()]


def dmme_iddpm_train_step():
    torch = _seed()
    _dmme()
    from dmme.diffusion_models import IDDPM

    iddpm = IDDPM(_dmme_unet(improved=True), timesteps=20).train()

    def step(x_0):
        loss = iddpm.training_step(x_0)
        loss.backward()
        return loss

    return step, [(torch.rand(4, 3, 8, 8) * 2 - 1,)]


def dmme_iddpm_sampling_step():
    torch = _seed()
    _dmme()
    from dmme.diffusion_models import IDDPM

    iddpm = IDDPM(_dmme_unet(improved=True), timesteps=20).eval()

    def denoise(x_t, t):
        with torch.no_grad():
            return iddpm.sampling_step(x_t, t)

    return denoise, [(torch.randn(2, 3, 8, 8), torch.tensor([5]))]


# ---------------------------------------------------------------------------------------------------- diffusionism
def _diffusionism():
    _torchvision()
    targets.stand_in("pipelight", "pipelight.run", "pipelight.run.core")  # the YAML runner; no target runs it


def _backbone(torch):
    class Backbone(torch.nn.Module):  # a small noise predictor taking (x, t), the README's `unet`
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
            self.time = torch.nn.Linear(1, 8)
            self.out = torch.nn.Conv2d(8, 3, 3, padding=1)

        def forward(self, x, t):
            h = self.conv(x) + self.time(t.to(x.dtype).view(-1, 1))[:, :, None, None]
            return self.out(torch.nn.functional.silu(h))

    return Backbone()


def _uniform_timesteps(low, high):
    from diffusionism.diffusion.schedules.context import distributions

    # the README's `distributions.uniform_int.init(low=..., high=...)`; the decorator no longer attaches `init`
    return distributions.ShapeContext.init()(distributions.uniform_int).initialize(low=low, high=high)


def _fresh_handlers():
    from diffusionism.diffusion.utils.range_clipper import RangeClipper

    # the samplers' default handler list is one shared object that a collected sampler detaches: one per model
    return [RangeClipper(-1, 1)]


def _dpm_model(parameterization="noise"):
    torch = _seed()
    _diffusionism()
    from diffusionism.diffusion.unification import DiffusionModel
    from diffusionism.methods.dpm import parameterizations
    from diffusionism.methods.dpm.diffusers import DPMDiffuser
    from diffusionism.methods.dpm.samplers import DDPMSampler
    from diffusionism.methods.dpm.schedules import DPMDiscreteSchedule

    parameterize = {"noise": parameterizations.NoiseParameterization,
                    "velocity": parameterizations.VelocityParameterization}[parameterization]
    model = DiffusionModel(
        diffuser=DPMDiffuser,
        sampler=DDPMSampler,
        timesteps_distribution=_uniform_timesteps(0, 20),
        timesteps=torch.arange(0, 20, 4).flip(0),
        backbone=_backbone(torch),
        diffusion_schedule=DPMDiscreteSchedule(betas=torch.linspace(1.e-4, 2.e-2, 20, dtype=torch.float64)),
        parameterization=parameterize(),
        output_handlers=_fresh_handlers())
    return torch, model


def diffusionism_dpm_train_step():
    torch, model = _dpm_model()
    model.train()

    def step(x_0):
        loss = model(x_0).mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8),)]


def diffusionism_dpm_velocity_loss():
    torch, model = _dpm_model(parameterization="velocity")
    model.train()

    def loss(x_0):
        return model.step_loss(x_0).mean()

    return loss, [(torch.randn(2, 3, 8, 8),)]


def diffusionism_ddpm_sample():
    torch, model = _dpm_model()
    return model.eval(), [(torch.randn(1, 3, 8, 8),)]


def _edm_model(heun=False):
    torch = _seed()
    _diffusionism()
    from diffusionism.diffusion.unification import DiffusionModel
    from diffusionism.methods.edm import diffusers, samplers, schedules
    from diffusionism.diffusion.schedules.context import distributions

    log_normal = distributions.ShapeContext.init()(distributions.normal_logarithm).initialize(mean=-1.2, std=1.2)
    model = DiffusionModel(
        diffuser=diffusers.ElucidatedDiffusionModelsDiffuser,
        sampler=samplers.EDMHeunSampler if heun else samplers.EDMEulerSampler,
        timesteps_distribution=log_normal,
        timesteps=torch.tensor([80.0, 10.0, 2.0, 0.5, 0.0]),
        backbone=_backbone(torch),
        diffusion_schedule=schedules.ElucidatedDiffusionModelsSchedule(data_std=0.5),
        output_handlers=_fresh_handlers())
    return torch, model


def diffusionism_edm_train_step():
    torch, model = _edm_model()
    model.train()

    def step(x_0):
        loss = model(x_0).mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8),)]


def diffusionism_edm_euler_sample():
    torch, model = _edm_model()
    return model.eval(), [(torch.randn(1, 3, 8, 8),)]


def diffusionism_edm_heun_sample():
    torch, model = _edm_model(heun=True)
    return model.eval(), [(torch.randn(1, 3, 8, 8),)]



# ------------------------------------------------------------------------------------------------------- sde-bbdm
def _sde_bbdm_unet(torch, timed=False):
    _torchvision()
    targets.stand_in("lpips")  # a metric module of torchmanager-diffusion imports it; no target measures images
    from sde_bbdm.networks import OpenAIUNet, TimedUNet

    # networks.build's UNet (scale-shift norm, residual up / down sampling, attention) at a size CPU compiles
    return (TimedUNet if timed else OpenAIUNet)(3, 32, 3, num_res_blocks=1, attention_resolutions=[2],
                                               channel_mult=(1, 2), num_heads=2, num_head_channels=16,
                                               use_scale_shift_norm=True, resblock_updown=True)


def sde_bbdm_unet():
    torch = _seed()
    model = _sde_bbdm_unet(torch).eval()
    return model, [(torch.randn(2, 3, 8, 8), torch.tensor([3, 17]))]


def _bridge(torch, kind):
    from sde_bbdm import nn as bridges

    unet = _sde_bbdm_unet(torch, timed=True)  # the managers hand the network its DiffusionData
    module = {"bbdm": bridges.BBDMModule, "sde": bridges.SDEBBDMModule, "abridge": bridges.ABridgeModule}[kind]
    return module(unet, 20)


def _bridge_loss(kind):
    torch = _seed()
    module = _bridge(torch, kind).train()

    def step(x, y):  # the managers' train_step: bridge x towards the condition y, regress the objective
        data, objective = module.forward_diffusion(x, condition=y)
        prediction = module(data)
        loss = torch.nn.functional.l1_loss(prediction, objective)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8), torch.randn(2, 3, 8, 8))]


def sde_bbdm_bbdm_train_step():
    return _bridge_loss("bbdm")


def sde_bbdm_abridge_train_step():
    return _bridge_loss("abridge")


def _bridge_step(kind, t, fast_steps=None):
    torch = _seed()
    from diffusion import DiffusionData

    module = _bridge(torch, kind).eval()
    module.fast_sampling_steps = fast_steps

    def step(x, y, timestep):
        with torch.no_grad():
            return module.sampling_step(DiffusionData(x, timestep, condition=y), t)

    return step, [(torch.randn(2, 3, 8, 8), torch.randn(2, 3, 8, 8), torch.tensor([t]))]


def sde_bbdm_bbdm_sampling_step():
    return _bridge_step("bbdm", 7)


def sde_bbdm_sde_sampling_step():
    return _bridge_step("sde", 7)


def sde_bbdm_abridge_sampling_step():
    return _bridge_step("abridge", 7)


def sde_bbdm_bbdm_fast_sampling_step():
    return _bridge_step("bbdm", 2, fast_steps=[1, 5, 10, 15, 20])


def sde_bbdm_sde_fast_sampling_step():
    return _bridge_step("sde", 2, fast_steps=[20, 15, 10, 5, 1])



# --------------------------------------------------------------------------------------------------- opensr-model
def _opensr():
    _torchvision()
    targets.stand_in("skimage", "skimage.exposure")  # histogram matching; the targets turn it off


def _opensr_config():
    from omegaconf import OmegaConf

    # the shape of the package's config_10m.yaml (fetched from its repository at run time) at a size CPU compiles:
    # four Sentinel-2 bands, a KL autoencoder downsampling 4x, a UNet denoising the latent concatenated with the LR
    return OmegaConf.create({
        "apply_normalization": True, "encode_conditioning": False,
        "first_stage_config": {"embed_dim": 4, "double_z": True, "z_channels": 4, "resolution": 512, "in_channels": 4,
                               "out_ch": 4, "ch": 32, "ch_mult": [1, 2, 4], "num_res_blocks": 1,
                               "attn_resolutions": [], "dropout": 0.0},
        "cond_stage_config": {"image_size": 128, "in_channels": 8, "model_channels": 32, "out_channels": 4,
                              "num_res_blocks": 1, "attention_resolutions": [4], "channel_mult": [1, 2],
                              "num_head_channels": 16},
        "denoiser_settings": {"timesteps": 50, "linear_start": 0.0015, "linear_end": 0.0155, "sampling_eta": 1.0,
                              "sampling_steps": 2, "sampling_temperature": 1.0},
        "other": {"concat_mode": True, "cond_stage_trainable": False, "first_stage_key": "image",
                  "cond_stage_key": "LR_image"}})


def _opensr_model(torch):
    _opensr()
    import opensr_model

    return opensr_model.SRLatentDiffusion(_opensr_config(), device="cpu").eval()


def opensr_super_resolution():
    torch = _seed()
    model = _opensr_model(torch)

    def super_resolve(lr):
        return model(lr, histogram_matching=False)

    return super_resolve, [(torch.rand(1, 4, 128, 128),)]


def opensr_denoiser():
    torch = _seed()
    diffusion = _opensr_model(torch).model

    def denoise(latent, t, lr):
        with torch.no_grad():
            return diffusion.apply_model(latent, t, lr)

    return denoise, [(torch.randn(1, 4, 32, 32), torch.tensor([17]), torch.rand(1, 4, 32, 32))]


def opensr_ddim_step():
    torch = _seed()
    from opensr_model.diffusion.utils import DDIMSampler

    diffusion = _opensr_model(torch).model
    ddim = DDIMSampler(diffusion)
    ddim.make_schedule(ddim_num_steps=5, ddim_eta=1.0, verbose=False)

    def step(latent, lr):
        with torch.no_grad():
            return ddim.p_sample_ddim(latent, lr, 21, 2, temperature=1.0)

    return step, [(torch.randn(1, 4, 32, 32), torch.rand(1, 4, 32, 32))]


def opensr_autoencoder():
    torch = _seed()
    diffusion = _opensr_model(torch).model

    def round_trip(hr):
        with torch.no_grad():
            return diffusion.decode_first_stage(diffusion.encode_first_stage(hr).sample())

    return round_trip, [(torch.rand(1, 4, 64, 64),)]


PACKAGES: Tuple[Package, ...] = (
    Package("dmme==0.5.2", "dmme", {
        "unet": dmme_unet,
        "iddpm_unet": dmme_iddpm_unet,
        "ddpm_train_step": dmme_ddpm_train_step,
        "ddpm_sampling_step": dmme_ddpm_sampling_step,
        "iddpm_train_step": dmme_iddpm_train_step,
        "iddpm_sampling_step": dmme_iddpm_sampling_step,
        "ddim_generate": dmme_ddim_generate},  # last: it turns distribution argument validation off
        roots=("dmme.diffusion_models.*:*.training_step", "dmme.diffusion_models.*:*.sampling_step",
               "dmme.diffusion_models.ddim:DDIM.generate"),
        dependencies=TORCHVISION + LIGHTNING),
    Package("diffusionism==0.0.1b9", "diffusionism", {
        "dpm_train_step": diffusionism_dpm_train_step,
        "dpm_velocity_loss": diffusionism_dpm_velocity_loss,
        "ddpm_sample": diffusionism_ddpm_sample,
        "edm_train_step": diffusionism_edm_train_step,
        "edm_euler_sample": diffusionism_edm_euler_sample,
        "edm_heun_sample": diffusionism_edm_heun_sample},
        roots=("diffusionism.diffusion.unification.diffusion_model:DiffusionModel.step_loss",),
        dependencies=("torchflint==0.0.1b16.post1.dev3", "pyreflex==0.0.1b13") + TORCHVISION),
    Package("sde-bbdm==1.1", "sde_bbdm", {
        "unet": sde_bbdm_unet,
        "bbdm_train_step": sde_bbdm_bbdm_train_step,
        "abridge_train_step": sde_bbdm_abridge_train_step,
        "bbdm_sampling_step": sde_bbdm_bbdm_sampling_step,
        "sde_sampling_step": sde_bbdm_sde_sampling_step,
        "abridge_sampling_step": sde_bbdm_abridge_sampling_step,
        "bbdm_fast_sampling_step": sde_bbdm_bbdm_fast_sampling_step,
        "sde_fast_sampling_step": sde_bbdm_sde_fast_sampling_step},
        roots=("sde_bbdm.nn.*:*.forward_diffusion", "sde_bbdm.nn.*:*.sampling_step",
               "sde_bbdm.nn.*:*.fast_sampling_step"),
        dependencies=("torchmanager-diffusion==1.2.2", "torchmanager==1.5") + TORCHVISION),
    Package("opensr-model==1.0.8", "opensr_model", {
        "super_resolution": opensr_super_resolution,
        "denoiser": opensr_denoiser,
        "ddim_step": opensr_ddim_step,
        "autoencoder": opensr_autoencoder},
        roots=("opensr_model.diffusion.latentdiffusion:*.apply_model",
               "opensr_model.diffusion.latentdiffusion:*.decode_first_stage",
               "opensr_model.diffusion.latentdiffusion:*.encode_first_stage",
               "opensr_model.diffusion.utils:DDIMSampler.p_sample_ddim"),
        dependencies=("omegaconf==2.3.0", "antlr4-python3-runtime==4.9.3", "matplotlib==3.11.2", "contourpy==1.3.3",
                      "cycler==0.12.1", "fonttools==4.68.0", "kiwisolver==1.5.1", "pyparsing==3.3.3",
                      "python-dateutil==2.9.0.post0", "six==1.17.0") + TORCHVISION + LIGHTNING),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
