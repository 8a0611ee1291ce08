"""Held-out group 49 of the evaluation: diffusion UNets with time embeddings, noise schedulers and samplers written in
the style of diffusers without it (a diffusers-like UNet with attention down/up blocks and an Imagen efficient UNet,
DDPM/DDIM schedulers over numpy tables turned tensors and their pipelines, a score-SDE UNet with gradient-checkpointed
attention and an Euler-Maruyama sampler, a weight-standardised UNet with linear attention and its DDPM functions),
from packages no rule was tuned on, measured before any rule changes for them, as inference and as training steps.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout49_targets.py \
        --site benchmarks/eval/.packages-heldout49 --suffix heldout49

diffusions: its UNet's forward (tensor and python timesteps), the Imagen efficient UNet through UnconditionalImagen,
one DDPM and one DDIM scheduler step, the DDPM and DDIM pipelines end to end, and a training step through add_noise.
diffusion-sde: the score UNet's forward (attention under a custom autograd checkpoint), the Euler-Maruyama sampler
and the SDE loss as a training step. denoising-diffusion-probabilistic-models (imports as `diffusion`): its Unet's
forward, DDMFunctions' ancestral sampling loop and its p_losses training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: jxb-mobilenetv3 (its model is torchvision's mobilenet_v3_small: PyPI's torchvision does not import beside
this torch); diffusion-model-framework (depends on transformers); diffusionism (torchflint and pipelight).
Modules imported at module level only for code no target runs are stood in by empty modules: matplotlib,
torchvision, PIL (images the pipelines and datasets make), datasets (the HF loader of denoising-diffusion-probabilistic-models'
Train). tqdm is installed (the pipelines and the sampling loop iterate through it).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ("tqdm==4.67.1",)

_STAND_INS = ("matplotlib", "matplotlib.pyplot", "torchvision", "torchvision.transforms", "torchvision.utils",
              "datasets", "PIL", "PIL.Image")


def _transforms_stand_in():
    """diffusion-sde builds its (unused) torchvision transforms when imported: an empty module whose classes accept
    anything and do nothing, so its package imports."""
    import sys
    import types

    class Transform:
        def __init__(self, *args, **kwargs):
            pass

    def attribute(name):
        if name.startswith("__"):
            raise AttributeError(name)  # dynamo asks modules for __file__: a class there fails it
        return Transform

    module = types.ModuleType("torchvision.transforms")
    module.__getattr__ = attribute
    sys.modules.setdefault("torchvision.transforms", module)


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up real modules' specs on import

    _transforms_stand_in()
    targets.stand_in(*_STAND_INS)
    torch.manual_seed(0)
    return torch


# -------------------------------------------------------------------------------------------------------- diffusions
def _diffusions_unet():
    from diffusions.models.blocks import AttnDownBlock, AttnUpBlock, DownBlock, UpBlock
    from diffusions.models.unet import UNet

    return UNet(sample_size=8, in_channels=3, out_channels=3, down_block_types=(DownBlock, AttnDownBlock),
                up_block_types=(AttnUpBlock, UpBlock), block_out_channels=(32, 64), layers_per_block=2,
                head_dim=8).eval()


def diffusions_unet_forward():
    torch = _seed()
    unet = _diffusions_unet()
    return unet, [(torch.randn(2, 3, 8, 8), torch.tensor([3, 7])), (torch.randn(2, 3, 8, 8), 5)]


def diffusions_imagen_forward():
    torch = _seed()
    from diffusions.models.imagen import UnconditionalEfficientUnet, UnconditionalImagen

    unet = UnconditionalEfficientUnet(sample_size=8, block_out_channels=(16, 32), layers_per_block=1,
                                      num_heads=(None, 2), groups=4).eval()
    imagen = UnconditionalImagen(unets=(unet,), sample_sizes=(8,))

    def denoise(sample):
        return imagen(sample, 0, 0)["sample"]

    return denoise, [(torch.randn(2, 3, 8, 8),)]


def diffusions_ddpm_step():
    torch = _seed()
    from diffusions.schedulers.ddpm import DDPM

    scheduler = DDPM(num_train_timesteps=10, dynamic_threshold=False)

    def step(model_output, sample):
        return scheduler.step(model_output=model_output, timestep=4, sample=sample)["prev_sample"]

    return step, [(torch.randn(2, 3, 4, 4), torch.randn(2, 3, 4, 4))]


def diffusions_ddim_step():
    torch = _seed()
    from diffusions.schedulers.ddim import DDIM

    scheduler = DDIM(num_train_timesteps=10)
    scheduler.set_timesteps(5)

    def step(model_output, sample):
        return scheduler.step(model_output=model_output, timestep=4, sample=sample)["prev_sample"]

    return step, [(torch.randn(2, 3, 4, 4), torch.randn(2, 3, 4, 4))]


def diffusions_ddpm_pipeline():
    _seed()
    from diffusions.pipelines import DDPMPipeline
    from diffusions.schedulers.ddpm import DDPM

    pipeline = DDPMPipeline(_diffusions_unet(), DDPM(num_train_timesteps=4))

    def sample():
        return pipeline(batch_size=1, device="cpu", timesteps=4)["sample"]

    return sample, [()]


def diffusions_ddim_pipeline():
    _seed()
    from diffusions.pipelines import DDIMPipeline
    from diffusions.schedulers.ddim import DDIM

    pipeline = DDIMPipeline(_diffusions_unet(), DDIM(num_train_timesteps=8))

    def sample():
        return pipeline(batch_size=1, device="cpu", timesteps=4)["sample"]

    return sample, [()]


def diffusions_train_step():
    torch = _seed()
    from diffusions.schedulers.ddpm import DDPM

    scheduler = DDPM(num_train_timesteps=10)
    unet = _diffusions_unet().train()

    def step(clean):
        noise = torch.randn_like(clean)
        t = torch.randint(0, 10, (clean.shape[0],))
        loss = torch.nn.functional.mse_loss(unet(scheduler.add_noise(clean, noise, t), t)["sample"], noise)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8),)]


# ----------------------------------------------------------------------------------------------------- diffusion-sde
def _sde_unet():
    from diffusion_sde.models.unet import UNet

    return UNet(in_channel=3, out_channel=3, inner_channel=32, channel_mults=(1, 2), attn_res=(4,), res_blocks=1,
                dropout=0.0, image_size=8, num_head_channels=8).eval()


def sde_unet_forward():
    torch = _seed()
    return _sde_unet(), [(torch.randn(2, 3, 8, 8), torch.tensor([10.0, 500.0]))]


def sde_sampler():
    _seed()
    from diffusion_sde.ops.sampling import get_sampler
    from diffusion_sde.ops.sde import VPSDE

    sde = VPSDE(N=4)
    sampler = get_sampler(sde, (2, 3, 8, 8), "cpu")
    model = _sde_unet()

    def sample():
        return sampler(model, num_steps=4)

    return sample, [()]


def sde_train_step():
    torch = _seed()
    from diffusion_sde.ops.loss import get_sde_loss_fn
    from diffusion_sde.ops.sde import VPSDE

    loss_fn = get_sde_loss_fn(VPSDE(N=4), "cpu")
    model = _sde_unet().train()

    def step(batch):
        loss = loss_fn(model, batch)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8),)]


# ---------------------------------------------------------------------------- denoising-diffusion-probabilistic-models
def _ddpm_unet():
    from diffusion.Network import Unet

    return Unet(dim=8, dim_mults=(1, 2), channels=3, resnet_block_groups=4).eval()


def ddpm_unet_forward():
    torch = _seed()
    return _ddpm_unet(), [(torch.randn(2, 3, 8, 8), torch.tensor([1, 7]))]


def ddpm_sample_loop():
    _seed()
    from diffusion.DDMFunctions import DDMFunctions

    functions = DDMFunctions(4, "linear")
    model = _ddpm_unet()

    def sample():
        return functions.sample(model, image_size=8, batch_size=2)

    return sample, [()]


def ddpm_train_step():
    torch = _seed()
    from diffusion.DDMFunctions import DDMFunctions

    functions = DDMFunctions(10, "cosine")
    model = _ddpm_unet().train()

    def step(clean, t):
        loss = functions.p_losses(model, clean, t, loss_type="huber")
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 8, 8), torch.tensor([2, 9]))]


PACKAGES: Tuple[Package, ...] = (
    Package("diffusions==0.1.13", "diffusions", {
        "unet_forward": diffusions_unet_forward,
        "imagen_forward": diffusions_imagen_forward,
        "ddpm_step": diffusions_ddpm_step,
        "ddim_step": diffusions_ddim_step,
        "ddpm_pipeline": diffusions_ddpm_pipeline,
        "ddim_pipeline": diffusions_ddim_pipeline,
        "train_step": diffusions_train_step},
        roots=("diffusions.models.imagen.imagen:UnconditionalImagen", "diffusions.schedulers.ddpm:DDPM.step",
               "diffusions.schedulers.ddim:DDIM.step", "diffusions.pipelines.ddpm:DDPMPipeline.__call__",
               "diffusions.pipelines.ddim:DDIMPipeline.__call__",
               "diffusions.schedulers.scheduler:NoiseScheduler.add_noise")),
    Package("diffusion-sde==0.1.1", "diffusion_sde", {
        "unet_forward": sde_unet_forward,
        "sampler": sde_sampler,
        "train_step": sde_train_step},
        roots=("diffusion_sde.ops.sampling:get_sampler.*", "diffusion_sde.ops.loss:get_sde_loss_fn.*")),
    Package("denoising-diffusion-probabilistic-models==1.0.2", "diffusion", {
        "unet_forward": ddpm_unet_forward,
        "sample_loop": ddpm_sample_loop,
        "train_step": ddpm_train_step},
        roots=("diffusion.DDMFunctions:DDMFunctions.sample", "diffusion.DDMFunctions:DDMFunctions.p_losses")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
