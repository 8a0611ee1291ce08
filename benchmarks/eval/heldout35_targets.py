"""Held-out group 35 of the evaluation: diffusion and flow-matching models in the style of a diffusion-model library
(windowed diffusion transformers for images and volumes with adaLN modulation, UNets with timestep embeddings and
skip lists, VAEs, scheduler objects whose `step` takes a timestep, samplers that loop over timesteps, flow-matching
losses, ODE solvers and posterior guidance, layers built by factory objects stored from constructor arguments), from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout35_targets.py \
        --site benchmarks/eval/.packages-heldout35 --suffix heldout35

WiDiT's windowed diffusion transformer for 2-D images and 3-D volumes (shifted windows, relative position bias,
SDPA or explicit attention, a conditioning stream) and its 2-D / 3-D UNets with a timestep input (widit). A hackable
diffusion library's UNet whose layers come from `LayerFactory` objects, its convolutional VAE, and its
diffusers-style `DDPMScheduler` (`add_noise` for training, `step(e, t, sample)` in a loop over `scheduler.timesteps`,
the latent-diffusion beta variant) (tiny-diff). DeltaFlow's class-conditional DiT velocity field with classifier-free
guidance, conditional flow matching over linear, variance-preserving and Schrodinger-bridge paths, the Euler and Heun
solvers, and the posterior solver that adds a likelihood gradient to each step (torchdeltaflow). A DDPM library built
on a training-manager framework: its UNet, the DDPM module's forward diffusion, the manager's sampling loop over its
DDPM step, and the score-SDE module's VE step (torchmanager-diffusion). Bit Diffusion's self-conditioned
UNet, its training forward and its DDPM / DDIM samplers (bit-diffusion). A latent-diffusion toolkit's small
encoder-decoder denoiser and its sampling loop (latent-diffusion-tools).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: diffusers and everything built on it (rectified-flow, stablefused, consistency, distvae, ltx-video, campd);
transformers dependants (torchdiff, iddm, visage-image, video-diffusion-pytorch); name placeholders with no code
(ml-mdm, zipvoice); diffusion-pytorch-lib and easy-unet (copies of denoising-diffusion-pytorch's UNet, measured
elsewhere); the packages of the other groups. Modules imported at module level only for code no target runs are
stood in by empty modules: torchvision, PIL, accelerate and ema_pytorch (bit diffusion's trainer), lpips (a metric of
torchmanager-diffusion).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.70.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# -------------------------------------------------------------------------------------------------------- widit
def _widit(**options):
    from widit import WiDiT

    config = dict(spatial_dim=2, patch_size=2, in_channels=1, hidden_size=32, depth=2, num_heads=2, window_size=4)
    config.update(options)
    return WiDiT(**config).eval()


def widit_2d_conditioned():
    torch = _seed()
    model = _widit()
    return model, [(torch.randn(2, 1, 16, 16), torch.tensor([3.0, 250.0]))], {"conditioned": torch.randn(2, 1, 16, 16)}


def widit_2d_explicit_attention_padded():
    torch = _seed()
    model = _widit(use_conditioning=False, use_flash_attention=False, window_size=3)  # 6x6 tokens, no padding
    return model, [(torch.randn(2, 1, 14, 14), torch.tensor([10.0, 500.0]))]  # 7x7 tokens: padded windows


def widit_3d_volume():
    torch = _seed()
    model = _widit(spatial_dim=3, hidden_size=16, window_size=2, depth=2)
    return model, [(torch.randn(1, 1, 4, 8, 8), torch.tensor([42.0]))], {"conditioned": torch.randn(1, 1, 4, 8, 8)}


def widit_unet_2d():
    torch = _seed()
    from widit import Unet

    model = Unet(in_channels=1, filters=8, kernel_size=3, layers=3, spatial_dim=2).eval()
    return model, [(torch.randn(2, 1, 16, 16), torch.tensor([3.0, 700.0]))], {"conditioned": torch.randn(2, 1, 16, 16)}


def widit_unet_3d_odd_size():
    torch = _seed()
    from widit import Unet

    model = Unet(in_channels=1, filters=8, kernel_size=3, layers=2, spatial_dim=3, use_conditioning=False).eval()
    return model, [(torch.randn(1, 1, 9, 13, 13), torch.tensor([12.0]))]  # odd sizes: the skip is resized


# ---------------------------------------------------------------------------------------------------- tiny-diff
def _tiny_attention():
    from tiny_diff.modules.attention import SelfVisualAttention
    from tiny_diff.modules.layer_factory import LayerFactory

    return LayerFactory(cls=SelfVisualAttention, kwargs={"head_dim": 8})  # heads = channels // head_dim


def _tiny_unet(**options):
    from tiny_diff.models import UNet

    config = dict(base_channels=16, channel_mult=[1, 2], n_res_blocks=1, input_channels=3, kernel_size=3, dropout=0.0,
                  num_groups=4, attn_at_layer=[False, True], attention_factory=_tiny_attention())
    config.update(options)
    return UNet(**config).eval()


def tiny_diff_unet():
    torch = _seed()
    model = _tiny_unet()
    return model, [(torch.randn(2, 3, 16, 16), torch.tensor([3, 700]))]


def tiny_diff_conv_vae():
    torch = _seed()
    from tiny_diff.models import ConvVAE

    model = ConvVAE(component_kwargs=dict(base_channels=16, channel_mult=[1, 2], n_res_blocks=1, input_channels=3,
                                          kernel_size=3, dropout=0.0, num_groups=4, z_channels=4,
                                          input_resolution=16)).train()
    return model, [(torch.randn(2, 3, 16, 16),)]


def tiny_diff_add_noise_loss():
    torch = _seed()
    from tiny_diff.schedulers import DDPMScheduler

    model = _tiny_unet().train()
    scheduler = DDPMScheduler(num_train_steps=100)

    def loss(clean, noise, timesteps):
        noisy = scheduler.add_noise(clean, noise, timesteps)
        return torch.nn.functional.mse_loss(model(noisy, timesteps), noise)

    return loss, [(torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16), torch.tensor([5, 80]))]


def tiny_diff_scheduler_loop():
    torch = _seed()
    from tiny_diff.schedulers import DDPMScheduler

    model = _tiny_unet()
    scheduler = DDPMScheduler(num_train_steps=20, num_inference_steps=4)
    scheduler.timesteps = scheduler.get_timesteps(4)

    def draw(sample):  # the pipeline loop a user writes around the scheduler: one step per timestep
        for t in scheduler.timesteps:
            e = model(sample, t.expand(sample.shape[0]))
            sample = scheduler.step(e, t, sample)["z"]
        return sample

    return draw, [(torch.randn(2, 3, 16, 16),)]


def tiny_diff_latent_scheduler_int_steps():
    torch = _seed()
    from tiny_diff.schedulers import LatentDDPMScheduler

    model = _tiny_unet()
    scheduler = LatentDDPMScheduler(num_train_steps=12, num_inference_steps=3, clip_range=1.0)

    def draw(sample):  # Python int timesteps, as a loop over range() gives them
        for t in range(8, -1, -4):
            e = model(sample, torch.full((sample.shape[0],), t))
            sample = scheduler.step(e, t, sample)["z"]
        return sample

    return draw, [(torch.randn(2, 3, 16, 16),)]


# ----------------------------------------------------------------------------------------------- torchdeltaflow
def _deltaflow_dit(**options):
    from deltaflow.models.dit import DiT

    config = dict(input_size=8, patch_size=2, in_channels=1, hidden_size=32, depth=2, num_heads=2, num_classes=4)
    config.update(options)
    return DiT(**config)


def deltaflow_dit_class_cond():
    torch = _seed()
    model = _deltaflow_dit().train()
    return model, [(torch.randn(2, 1, 8, 8), torch.tensor([0.25, 0.5]))], {"y": torch.tensor([1, 3])}


def deltaflow_dit_cfg():
    torch = _seed()
    model = _deltaflow_dit().eval()

    def guided(x, t, y):
        return model.forward_with_cfg(x, t, y, cfg_scale=3.0)

    return guided, [(torch.randn(2, 1, 8, 8), torch.tensor([0.3, 0.3]), torch.tensor([2, 0]))]


def _flow_matching_loss(interpolant):
    torch = _seed()
    from deltaflow.losses import ConditionalFlowMatchingLoss

    model = _deltaflow_dit().train()
    loss_fn = ConditionalFlowMatchingLoss(interpolant=interpolant)

    def loss(x1, y):
        return loss_fn(model, x1, y=y)

    return loss, [(torch.randn(2, 1, 8, 8), torch.tensor([1, 2]))]


def deltaflow_linear_flow_matching_loss():
    from deltaflow.interpolants import LinearInterpolant

    return _flow_matching_loss(LinearInterpolant())


def deltaflow_vp_flow_matching_loss():
    from deltaflow.interpolants import VariancePreservingInterpolant

    return _flow_matching_loss(VariancePreservingInterpolant())


def deltaflow_bridge_flow_matching_loss():
    from deltaflow.interpolants import SchrodingerBridgeInterpolant

    return _flow_matching_loss(SchrodingerBridgeInterpolant(sigma=0.5))


def deltaflow_euler_sampling():
    torch = _seed()
    from deltaflow.solvers import EulerSolver

    model = _deltaflow_dit().eval()
    solver = EulerSolver(model)

    def draw(x, y):
        return solver.sample(x, n_steps=3, show_progress=False, y=y)

    return draw, [(torch.randn(2, 1, 8, 8), torch.tensor([0, 1]))]


def deltaflow_heun_sampling_with_progress():
    torch = _seed()
    from deltaflow.solvers import HeunSolver

    model = _deltaflow_dit().eval()
    solver = HeunSolver(model)

    def draw(x):
        return solver.sample(x, n_steps=2, show_progress=True)

    return draw, [(torch.randn(2, 1, 8, 8),)]


def deltaflow_posterior_sampling():
    torch = _seed()
    from deltaflow.inverse import GaussianLikelihood
    from deltaflow.inverse.operators import DownsampleOperator
    from deltaflow.solvers import EulerSolver, PosteriorSolver

    model = _deltaflow_dit().eval()
    operator = DownsampleOperator(factor=2)
    likelihood = GaussianLikelihood(torch.randn(2, 1, 4, 4), operator, sigma=0.1)
    solver = PosteriorSolver(EulerSolver(model), likelihood, guidance_scale=0.5, grad_normalize=True)

    def draw(x):
        return solver.sample(x, n_steps=2, show_progress=False)

    return draw, [(torch.randn(2, 1, 8, 8),)]


# ---------------------------------------------------------------------------------------- torchmanager-diffusion
def _torchmanager():
    targets.stand_in("lpips")  # a metric module imports it; no target measures images


def _tm_unet(timed=False):
    _torchmanager()
    from diffusion.networks.unet import TimedUNet, UNet

    return (TimedUNet if timed else UNet)(16, channels=3, dim_mults=(1, 2), resnet_block_groups=4).eval()


def torchmanager_unet():
    torch = _seed()
    model = _tm_unet()
    return model, [(torch.randn(2, 3, 16, 16), torch.tensor([4, 90]))]


def torchmanager_ddpm_training_loss():
    torch = _seed()
    model = _tm_unet().train()
    from diffusion import nn as diffusion_nn
    from diffusion.scheduling import linear_schedule

    ddpm = diffusion_nn.DDPM(model, linear_schedule(50), 50)

    def loss(x, t):
        noisy, noise = ddpm.forward_diffusion(x, t)
        return torch.nn.functional.mse_loss(ddpm(noisy), noise)

    return loss, [(torch.randn(2, 3, 16, 16), torch.tensor([7, 33]))]


def torchmanager_ddpm_manager_sampling():
    torch = _seed()
    model = _tm_unet(timed=True)  # the manager hands the network its DiffusionData
    from diffusion import DDPMManager
    from diffusion.scheduling import linear_schedule

    manager = DDPMManager(model, linear_schedule(4), 4)

    def draw(x_t):
        return manager.sampling(2, x_t, sampling_range=range(4, 0, -1))

    return draw, [(torch.randn(2, 3, 16, 16),)]


def torchmanager_ve_sde_step():
    torch = _seed()
    model = _tm_unet()
    from diffusion import nn as diffusion_nn
    from diffusion.data import DiffusionData
    from diffusion.sde import VESDE

    module = diffusion_nn.SDEModule(model, VESDE(20), 20)

    def step(x, t):  # one ancestral-sampling step of the score SDE (its VP path mis-broadcasts in eager)
        return module.sampling_step(DiffusionData(x, t), 2)

    return step, [(torch.randn(2, 3, 16, 16), torch.tensor([15, 15]))]


# ------------------------------------------------------------------------------------------------ bit diffusion
def _bit_diffusion(**options):
    targets.stand_in("torchvision", "torchvision.transforms", "torchvision.utils", "PIL", "PIL.Image", "accelerate",
                     "ema_pytorch")
    from bit_diffusion import BitDiffusion, Unet

    unet = Unet(dim=16, dim_mults=(1, 2), channels=3, resnet_block_groups=4, learned_sinusoidal_dim=8)
    return BitDiffusion(unet, image_size=8, timesteps=3, **options)


def bit_diffusion_unet_self_cond():
    torch = _seed()
    model = _bit_diffusion().model.eval()
    return model, [(torch.randn(2, 24, 8, 8), torch.randn(2), torch.randn(2, 24, 8, 8))]


def bit_diffusion_training_forward():
    torch = _seed()
    model = _bit_diffusion().train()
    return model, [(torch.rand(2, 3, 8, 8),)]


def bit_diffusion_ddpm_sampling():
    torch = _seed()
    diffusion = _bit_diffusion().eval()

    def draw():
        return diffusion.sample(batch_size=2)

    return draw, [()]


def bit_diffusion_ddim_sampling():
    torch = _seed()
    diffusion = _bit_diffusion(use_ddim=True, time_difference=0.1).eval()

    def draw():
        return diffusion.sample(batch_size=2)

    return draw, [()]


# --------------------------------------------------------------------------------------- latent-diffusion-tools
def latent_diffusion_denoiser():
    torch = _seed()
    from latent_diffusion_tools import build_latent_diffusion

    model = build_latent_diffusion(input_channels=3, hidden_channels=16, latent_channels=16).eval()
    return model, [(torch.randn(2, 3, 16, 16), torch.tensor([0.2, 0.9]))]


def latent_diffusion_sampling():
    torch = _seed()
    from latent_diffusion_tools import build_latent_diffusion

    model = build_latent_diffusion(input_channels=3, hidden_channels=16, latent_channels=16).eval()

    def draw():
        return model.sample(batch_size=2, image_size=16, steps=3)

    return draw, [()]


PACKAGES: Tuple[Package, ...] = (
    Package("widit==0.1.15", "widit", {
        "2d_conditioned": widit_2d_conditioned,
        "2d_explicit_attention_padded": widit_2d_explicit_attention_padded,
        "3d_volume": widit_3d_volume,
        "unet_2d": widit_unet_2d,
        "unet_3d_odd_size": widit_unet_3d_odd_size}),
    Package("tiny-diff==0.1.0", "tiny_diff", {
        "unet": tiny_diff_unet,
        "conv_vae": tiny_diff_conv_vae,
        "add_noise_loss": tiny_diff_add_noise_loss,
        "scheduler_loop": tiny_diff_scheduler_loop,
        "latent_scheduler_int_steps": tiny_diff_latent_scheduler_int_steps},
        roots=("tiny_diff.schedulers.ddpm:DDPMScheduler.add_noise",
               "tiny_diff.schedulers.ddpm:DDPMScheduler.step")),
    Package("torchdeltaflow==0.2.7", "deltaflow", {
        "dit_class_cond": deltaflow_dit_class_cond,
        "dit_cfg": deltaflow_dit_cfg,
        "linear_flow_matching_loss": deltaflow_linear_flow_matching_loss,
        "vp_flow_matching_loss": deltaflow_vp_flow_matching_loss,
        "bridge_flow_matching_loss": deltaflow_bridge_flow_matching_loss,
        "euler_sampling": deltaflow_euler_sampling,
        "heun_sampling_with_progress": deltaflow_heun_sampling_with_progress,
        "posterior_sampling": deltaflow_posterior_sampling},
        roots=("deltaflow.models.dit:DiT.forward_with_cfg",
               "deltaflow.losses.conditional_flow_matching:ConditionalFlowMatchingLoss.__call__",
               "deltaflow.solvers.euler:EulerSolver.sample",
               "deltaflow.solvers.heun:HeunSolver.sample",
               "deltaflow.solvers.posterior_solver:PosteriorSolver.sample")),
    Package("torchmanager-diffusion==1.2.2", "diffusion", {
        "unet": torchmanager_unet,
        "ddpm_training_loss": torchmanager_ddpm_training_loss,
        "ddpm_manager_sampling": torchmanager_ddpm_manager_sampling,
        "ve_sde_step": torchmanager_ve_sde_step},
        roots=("diffusion.nn.diffusion.ddpm:DDPM.forward_diffusion",
               "diffusion.managers.base:DiffusionManager.sampling",
               "diffusion.nn.diffusion.sde:SDEModule.sampling_step"),
        dependencies=("torchmanager==1.5",)),
    Package("bit-diffusion==0.1.4", "bit_diffusion", {
        "unet_self_cond": bit_diffusion_unet_self_cond,
        "training_forward": bit_diffusion_training_forward,
        "ddpm_sampling": bit_diffusion_ddpm_sampling,
        "ddim_sampling": bit_diffusion_ddim_sampling},
        roots=("bit_diffusion.bit_diffusion:BitDiffusion.sample",)),
    Package("latent-diffusion-tools==0.1.1", "latent_diffusion_tools", {
        "denoiser": latent_diffusion_denoiser,
        "sampling": latent_diffusion_sampling},
        roots=("latent_diffusion_tools.modeling:LatentDiffusionModel.sample",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
