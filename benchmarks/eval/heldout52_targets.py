"""Held-out group 52 of the evaluation: diffusion code in the style of diffusers without it (a guided-diffusion UNet
with timestep embeddings, class embeddings and classifier-free guidance, a Gaussian diffusion over float64 beta
tables with DDPM/DDIM/PLMS solvers and their step loops, a score-SDE UNet with Fourier time features and
Euler-Maruyama / predictor-corrector samplers, an EDM-preconditioned 1-D UNet with its loss and Heun step, noise
processes over SU(N) matrices with heat-kernel sampling and scores), from packages no rule was tuned on, measured
before any rule changes for them, as inference and as training steps.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout52_targets.py \
        --site benchmarks/eval/.packages-heldout52 --suffix heldout52

mediffusion: its UNetModel's forward, forward_with_cond_scale (classifier-free guidance with a class embedding), the
DDPM, DDIM and PLMS solvers' sample loops, and training_losses as a training step. generative-diffusion: its
ScoreNet's forward, DiffusionModel.generate through the Euler-Maruyama and the predictor-corrector samplers, and the
denoising score-matching loss as a training step. diffcrysgen: the EDM Precond denoiser, one Heun step of its
sampler's loop (generate_samples itself loads saved weights and a scaler), the EDM loss as a training step.
sun-diffusion: the Euclidean variance-expanding diffusion, the SU(N) diffusion (heat-kernel eigenangle sampling, Haar
eigenvectors, matrix exponential) and the heat kernel's score.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: easy-unet (its EasyUNet appends its decoder stages to its encoder list: no configuration runs forward); hdit
and ddpm-proteins (named by groups 31 and 20).
Modules imported at module level only for code no target runs are stood in by empty modules: bkh_pytorch_utils,
pytorch_lightning, torchextractor, omegaconf (mediffusion's Lightning module and trainer), torchvision, matplotlib, PIL
(image saving). colorlog is installed (generative-diffusion logs through it).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ("tqdm==4.67.1",)

_STAND_INS = ("bkh_pytorch_utils", "pytorch_lightning", "pytorch_lightning.callbacks",
              "pytorch_lightning.loggers", "pytorch_lightning.strategies", "pytorch_lightning.strategies.ddp",
              "torchextractor", "omegaconf", "torchvision", "torchvision.utils", "torchvision.transforms",
              "matplotlib", "matplotlib.pyplot", "PIL", "PIL.Image")


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up real modules' specs on import

    targets.stand_in(*_STAND_INS)
    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------- mediffusion
def _mediffusion_unet(num_classes=0):
    from mediffusion.models.unet import UNetModel

    return UNetModel(input_size=8, in_channels=3, model_channels=32, out_channels=3, num_res_blocks=[1, 1],
                     attention_resolutions=[2], channel_mult=(1, 2), num_heads=2, num_classes=num_classes,
                     use_scale_shift_norm=True, guidance_drop_prob=0.1).eval()


def _mediffusion_diffusion():
    from mediffusion.diffusion.base import GaussianDiffusionBase, LossType, ModelMeanType, ModelVarType
    from mediffusion.utils.diffusion import get_named_beta_schedule

    betas = get_named_beta_schedule(schedule_name="cosine", num_diffusion_timesteps=8)
    return GaussianDiffusionBase(betas=betas, model_mean_type=ModelMeanType.EPSILON,
                                 model_var_type=ModelVarType.FIXED_SMALL, loss_type=LossType.MSE)


def mediffusion_unet_forward():
    torch = _seed()
    return _mediffusion_unet(), [(torch.randn(2, 3, 8, 8), torch.tensor([1, 6]))]


def mediffusion_class_forward():
    torch = _seed()
    unet = _mediffusion_unet(num_classes=4)

    def guided(x, t, cls):
        with torch.no_grad():  # its forward asserts a class unless grad is off, as in sampling
            return unet.forward_with_cond_scale(x, t, cls=cls, cond_scale=3.0)

    return guided, [(torch.randn(2, 3, 8, 8), torch.tensor([1, 6]), torch.eye(4)[:2])]


def mediffusion_ddpm_sample():
    torch = _seed()
    from mediffusion.diffusion.solvers import DDPMSolver

    solver = DDPMSolver(_mediffusion_diffusion())
    unet = _mediffusion_unet()

    def sample(noise):
        return solver.sample(unet, noise, cond_scale=0)

    return sample, [(torch.randn(2, 3, 8, 8),)]


def mediffusion_ddim_sample():
    torch = _seed()
    from mediffusion.diffusion.solvers import DDIMSolver

    solver = DDIMSolver(_mediffusion_diffusion(), num_steps=4)
    unet = _mediffusion_unet()

    def sample(noise):
        return solver.sample(unet, noise, cond_scale=0)

    return sample, [(torch.randn(2, 3, 8, 8),)]


def mediffusion_plms_sample():
    torch = _seed()
    from mediffusion.diffusion.solvers import PLMSSolver

    solver = PLMSSolver(_mediffusion_diffusion(), num_steps=8)
    unet = _mediffusion_unet()

    def sample(noise):
        return solver.sample(unet, noise, cond_scale=0)

    return sample, [(torch.randn(2, 3, 8, 8),)]


def mediffusion_train_step():
    torch = _seed()
    diffusion = _mediffusion_diffusion()
    unet = _mediffusion_unet().train()

    def step(clean, t):
        loss = diffusion.training_losses(unet, clean, t)["loss"].mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8), torch.tensor([2, 5]))]


# ---------------------------------------------------------------------------------------------- generative-diffusion
def _generative_model(sampler_name):
    from generative_diffusion import ModelFactory
    from generative_diffusion.score_networks.unet_score_network import ScoreNet

    return ModelFactory.create(score_model_class=ScoreNet, is_conditional=False, sde_name="vp_sde",
                               sampler_name=sampler_name, scheduler_name="linear", device="cpu",
                               model_kwargs={"in_channels": 1, "channels": [32, 32, 32, 32], "embed_dim": 32},
                               data_shape=(1, 28, 28))


def generative_score_forward():
    torch = _seed()
    model = _generative_model("euler_maruyama")
    model._initialize_score_model()
    return model.score_model.eval(), [(torch.randn(2, 1, 28, 28), torch.tensor([0.3, 0.9]))]


def generative_euler_maruyama():
    _seed()
    model = _generative_model("euler_maruyama")

    def generate():
        return model.generate(n_samples=2, n_steps=3)[0]

    return generate, [()]


def generative_predictor_corrector():
    _seed()
    model = _generative_model("predictor_corrector")

    def generate():
        return model.generate(n_samples=2, n_steps=3)[0]

    return generate, [()]


def generative_train_step():
    torch = _seed()
    from generative_diffusion.diffusion.losses import dsm_loss

    model = _generative_model("euler_maruyama")
    model._initialize_score_model()
    score_model = model.score_model.train()

    def step(clean):
        loss = dsm_loss(score_model=score_model, sde=model.sde, x_0=clean)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 1, 28, 28),)]


# ------------------------------------------------------------------------------------------------------- diffcrysgen
def _diffcrysgen_model():
    from diffcrysgen.model import Model, UNet

    return Model(denoise_fn=UNet(in_c=3, out_c=3, time_emb_dim=32))


def diffcrysgen_denoise():
    torch = _seed()
    denoiser = _diffcrysgen_model().eval().denoise_fn_D
    return denoiser, [(torch.randn(2, 3, 136), torch.tensor([0.5, 20.0]))]


def diffcrysgen_heun_step():
    torch = _seed()
    denoiser = _diffcrysgen_model().eval().denoise_fn_D

    def step(x_cur, t_cur, t_next):  # one step of its EDM sampler's loop body (generate_samples needs saved weights)
        with torch.no_grad():
            denoised = denoiser(x_cur, t_cur).float()
            d_cur = (x_cur - denoised) / t_cur[:, None, None]
            x_next = x_cur + (t_next[:, None, None] - t_cur[:, None, None]) * d_cur
            d_prime = (x_next - denoiser(x_next, t_next).float()) / t_next[:, None, None]
            return x_cur + (t_next[:, None, None] - t_cur[:, None, None]) * (0.5 * d_cur + 0.5 * d_prime)

    return step, [(torch.randn(2, 3, 136), torch.tensor([10.0, 10.0]), torch.tensor([5.0, 5.0]))]


def diffcrysgen_train_step():
    torch = _seed()
    model = _diffcrysgen_model().train()

    def step(batch):
        loss = model(batch)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 136),)]


# ----------------------------------------------------------------------------------------------------- sun-diffusion
def sun_euclidean_diffuse():
    torch = _seed()
    from sun_diffusion.diffusion import VarianceExpandingDiffusion

    return VarianceExpandingDiffusion(kappa=3.0), [(torch.randn(4, 8), torch.tensor([0.2, 0.4, 0.6, 0.8]))]


def sun_diffuse():
    torch = _seed()
    from sun_diffusion.diffusion import VarianceExpandingDiffusionSUN
    from sun_diffusion.sun import random_sun_element

    process = VarianceExpandingDiffusionSUN(kappa=3.0)

    def diffuse(U_0, t):
        return process.diffuse(U_0, t)[0]

    return diffuse, [(random_sun_element(4, Nc=3), torch.tensor([0.2, 0.4, 0.6, 0.8]))]


def sun_score():
    torch = _seed()
    from sun_diffusion.heat import sun_score_hk

    def score(thetas, width):
        return sun_score_hk(thetas, width=width, n_max=1)

    return score, [(torch.rand(4, 2), torch.tensor([0.3, 0.6, 0.9, 1.2]))]


PACKAGES: Tuple[Package, ...] = (
    Package("mediffusion==0.7.1", "mediffusion", {
        "unet_forward": mediffusion_unet_forward,
        "class_forward": mediffusion_class_forward,
        "ddpm_sample": mediffusion_ddpm_sample,
        "ddim_sample": mediffusion_ddim_sample,
        "plms_sample": mediffusion_plms_sample,
        "train_step": mediffusion_train_step},
        roots=("mediffusion.models.unet:UNetModel.forward_with_cond_scale", "mediffusion.diffusion.solvers:*.sample",
               "mediffusion.diffusion.base:GaussianDiffusionBase.training_losses")),
    Package("generative-diffusion==0.1.3", "generative_diffusion", {
        "score_forward": generative_score_forward,
        "euler_maruyama": generative_euler_maruyama,
        "predictor_corrector": generative_predictor_corrector,
        "train_step": generative_train_step},
        roots=("generative_diffusion.diffusion.diffusion_core:DiffusionModel.generate",
               "generative_diffusion.diffusion.losses:dsm_loss"),
        dependencies=("colorlog==6.9.0",)),
    Package("diffcrysgen==0.1.1", "diffcrysgen", {
        "denoise": diffcrysgen_denoise,
        "heun_step": diffcrysgen_heun_step,
        "train_step": diffcrysgen_train_step},
        roots=("diffcrysgen.model:EDMLoss",)),
    Package("sun-diffusion==1.0.0", "sun_diffusion", {
        "euclidean_diffuse": sun_euclidean_diffuse,
        "diffuse": sun_diffuse,
        "score": sun_score},
        roots=("sun_diffusion.diffusion:DiffusionSUN.diffuse", "sun_diffusion.heat:sun_score_hk")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
