"""Held-out group 46 of the evaluation: image backbones, diffusion UNets, noise schedulers and samplers written in the
style of timm and diffusers without them (guided-diffusion UNets with sinusoidal time embeddings, attention blocks and
scale-shift norms, respaced timestep tables, DDPM/DDIM sampling loops over timestep tables held in numpy arrays and
tensors, classifier-free guidance wrappers, cold diffusion, a ViT with a class token and stochastic depth / DropBlock /
ShakeDrop regularisers on residual branches), from packages no rule was tuned on, measured before any rule changes for
them, as inference and as training steps.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout46_targets.py \
        --site benchmarks/eval/.packages-heldout46 --suffix heldout46

DDPM and DDIM pipelines over a timestep-conditioned denoiser (purediffusion): one reverse DDPM step, the whole DDIM
sampler over its numpy timestep table, a DDPM training step, and cold diffusion's degrade-and-restore loop. A
guided-diffusion-style UNet with hyper-connection streams (mhc-ddim): the UNet's forward with and without the
manifold-constrained streams, a respaced DDIM sampling loop, a training step through the diffusion's losses, and
classifier-free guidance around a class-conditional UNet. A tabular DDPM (probabilisticdiffusion): its ancestral
sampler and its forward noising. A plain ViT (vit-hk) as inference and as a training step. Residual-branch
regularisers (torchregularize): stochastic depth, DropBlock and ShakeDrop in ConvNeXt-like residual blocks built here,
as training steps.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and diffusers and everything built on them (convnext-unet: timm and segmentation-models-pytorch;
flexivit-pytorch: timm); make-a-video-pytorch (classifier-free-guidance-pytorch, which pulls transformers and
open_clip); efficientnet-lite-pytorch (a fork of efficientnet_pytorch, which the rules were tuned on, as group 32 said);
pythae (its ModelOutput loses its attributes under dynamo, as group 20 found: nothing compiles); k-samplers (a copy of
k-diffusion's samplers, measured in another group); vit-pytorch-implementation (installs a `vit_pytorch` folder, the
name of another group's package); distillable-vision-transformer (a fork of pytorch-pretrained-vit, another group's).
Modules imported at module level only for code no target runs are stood in by empty modules: matplotlib and tqdm
(probabilisticdiffusion's plotting and training loop, mhc-ddim's logger and plots), torchvision and scikit-learn
(vit-hk's data loaders and metrics; PyPI's torchvision does not import beside this torch).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()

_STAND_INS = ("matplotlib", "matplotlib.pyplot", "tqdm", "torchvision", "torchvision.datasets",
              "torchvision.transforms", "sklearn", "sklearn.metrics")


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up real modules' specs on import

    targets.stand_in(*_STAND_INS)
    torch.manual_seed(0)
    return torch


# ----------------------------------------------------------------------------------------------------- purediffusion
def _pure_denoiser(steps):
    from purediffusion.model import LinearDiffusion

    return LinearDiffusion(steps, y_dim=4, feature_dim=16).eval()


def _pure_pipeline(steps=12):
    from purediffusion.gaussian import DDPMpipline

    return DDPMpipline(num_timesteps=steps, beta_schedule="linear")


def purediffusion_ddpm_step():
    torch = _seed()
    pipeline = _pure_pipeline()
    model = _pure_denoiser(12)

    def step(noisy):
        return pipeline.ddpm_step(model, noisy, 7, stochastic=True)

    return step, [(torch.randn(3, 4),)]


def purediffusion_ddim_sampler():
    _seed()
    from purediffusion.gaussian import DDIMpipline

    ddim = DDIMpipline(_pure_pipeline(12), ddim_num_steps=4, ddim_eta=0.5)
    model = _pure_denoiser(13)

    def sample():
        return ddim.ddim_reverse(model, 2, [4])

    return sample, [()]


def purediffusion_ddpm_sampler():
    _seed()
    pipeline = _pure_pipeline(6)
    model = _pure_denoiser(6)

    def sample():
        return pipeline.ddpm_reverse(model, 2, [4])

    return sample, [()]


def purediffusion_train_step():
    torch = _seed()
    pipeline = _pure_pipeline()
    model = _pure_denoiser(12).train()

    def step(clean):
        t = pipeline.sample_t(size=(clean.shape[0],))
        noise = torch.randn_like(clean)
        loss = torch.nn.functional.mse_loss(model(pipeline.add_noise(clean, noise, t), timesteps=t), noise)
        loss.backward()
        return loss

    return step, [(torch.randn(3, 4),)]


def purediffusion_cold_restore():
    torch = _seed()
    from purediffusion.cold import Coldpipline

    cold = Coldpipline(num_timesteps=6, beta_schedule="linear")
    model = _pure_denoiser(6)

    def restore(degraded):
        return cold.cold_reverse(model, degraded)

    return restore, [(torch.randn(2, 4),)]


# ---------------------------------------------------------------------------------------------------------- mhc-ddim
def _mhc_unet(use_mhc=False, num_classes=None):
    from mhc_ddim.unet import UNetModel

    return UNetModel(in_channels=3, model_channels=32, out_channels=3, num_res_blocks=1, attention_resolutions=(2,),
                     dropout=0.0, channel_mult=(1, 2), num_classes=num_classes, num_heads=2, use_mhc=use_mhc,
                     num_streams=2, sinkhorn_iters=3).eval()


def _mhc_diffusion(respacing):
    from mhc_ddim.script_util import create_gaussian_diffusion

    return create_gaussian_diffusion(steps=20, noise_schedule="linear", timestep_respacing=respacing)


def _images(torch, batch=2, size=8):
    return torch.randn(batch, 3, size, size)


def mhc_unet_forward():
    torch = _seed()
    plain, streams = _mhc_unet(), _mhc_unet(use_mhc=True)

    def denoise(x, t):
        return plain(x, t), streams(x, t)

    return denoise, [(_images(torch), torch.tensor([3, 11]))]


def mhc_ddim_sampler():
    torch = _seed()
    model = _mhc_unet()
    diffusion = _mhc_diffusion("ddim4")

    def sample(noise):
        return diffusion.ddim_sample_loop(model, tuple(noise.shape), "cpu", noise=noise, eta=0.0)

    return sample, [(_images(torch),)]


def mhc_ancestral_sampler():
    torch = _seed()
    model = _mhc_unet()
    diffusion = _mhc_diffusion("5")

    def sample(noise):
        return diffusion.p_sample_loop(model, tuple(noise.shape), "cpu", noise=noise)

    return sample, [(_images(torch),)]


def mhc_train_step():
    torch = _seed()
    model = _mhc_unet().train()
    diffusion = _mhc_diffusion("")

    def step(x, t):
        loss = diffusion.training_losses(model, x, t)["loss"].mean()
        loss.backward()
        return loss

    return step, [(_images(torch), torch.tensor([4, 17]))]


def mhc_classifier_free_guidance():
    torch = _seed()
    from mhc_ddim.cfg import CFGModelWrapper

    guided = CFGModelWrapper(_mhc_unet(num_classes=5), null_class=4, guidance_scale=2.0)

    def eps(x, t, y):
        return guided(x, t, y=y)

    return eps, [(_images(torch), torch.tensor([3, 11]), torch.tensor([0, 2]))]


# ------------------------------------------------------------------------------------------- probabilisticdiffusion
def _time_denoiser(torch, dim=3, steps=8):
    """A denoiser model(x, t) with a learned time embedding."""

    class Denoiser(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Embedding(steps, 16)
            self.net = torch.nn.Sequential(torch.nn.Linear(dim + 16, 16), torch.nn.SiLU(), torch.nn.Linear(16, dim))

        def forward(self, x, t):
            return self.net(torch.cat([x, self.embed(t).expand(x.shape[0], -1)], dim=-1))

    return Denoiser()


def _tabular_diffusion(torch):
    from ProbabilisticDiffusion.ProbabilisticDiffusion import Diffusion

    model = _time_denoiser(torch)
    return Diffusion(torch.randn(10, 3), 8, 1e-4, 0.02, "linear", model, torch.nn.MSELoss(),
                     torch.optim.SGD(model.parameters(), lr=0.01))


def probdiff_sample():
    torch = _seed()
    diffusion = _tabular_diffusion(torch)

    def sample():
        return diffusion.sample(4, keep="last")

    return sample, [()]


def probdiff_forward_noising():
    torch = _seed()
    diffusion = _tabular_diffusion(torch)

    def noised(t):
        return diffusion.forward(t, plot=False)

    return noised, [(torch.tensor(5),)]


# ---------------------------------------------------------------------------------------------------------- vit-hk
def _vit():
    from ViT import ViT

    return ViT(img_size=16, patch_size=4, num_classes=5, embed_dim=16, depth=2, num_heads=2, dropout=0.1)


def vit_inference():
    torch = _seed()
    model = _vit().eval()
    return model, [(_images(torch, size=16),)]


def vit_train_step():
    torch = _seed()
    model = _vit().train()
    labels = torch.tensor([1, 4])

    def step(images):
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        loss.backward()
        return loss

    return step, [(_images(torch, size=16),)]


# --------------------------------------------------------------------------------------------------- torchregularize
def _convnext_stage(torch, regulariser):
    """Two ConvNeXt-like residual blocks (depthwise conv, norm, inverted MLP) joined by the regulariser."""
    from torchregularize import DropBlock2D

    class Block(torch.nn.Module):
        def __init__(self, dim=8):
            super().__init__()
            self.dw = torch.nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
            self.norm = torch.nn.GroupNorm(1, dim)
            self.mlp = torch.nn.Sequential(torch.nn.Conv2d(dim, 4 * dim, 1), torch.nn.GELU(),
                                           torch.nn.Conv2d(4 * dim, dim, 1))
            self.drop_block = DropBlock2D(block_size=3, drop_prob=0.2)
            self.join = regulariser()

        def forward(self, x):
            return self.join(x, self.mlp(self.norm(self.drop_block(self.dw(x)))))

    return torch.nn.Sequential(Block(), Block()).train()


def _regulariser_step(torch, regulariser):
    stage = _convnext_stage(torch, regulariser)

    def step(x):
        loss = stage(x).square().mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, 8, 8, 8),)]


def regularize_stochastic_depth():
    torch = _seed()
    from torchregularize import StochasticDepth

    return _regulariser_step(torch, lambda: StochasticDepth(survival_prob=0.7))


def regularize_shakedrop():
    torch = _seed()
    from torchregularize import ShakeDrop

    return _regulariser_step(torch, lambda: ShakeDrop(p_drop=0.5))


PACKAGES: Tuple[Package, ...] = (
    Package("purediffusion==0.1.1", "purediffusion", {
        "ddpm_step": purediffusion_ddpm_step,
        "ddim_sampler": purediffusion_ddim_sampler,
        "ddpm_sampler": purediffusion_ddpm_sampler,
        "train_step": purediffusion_train_step,
        "cold_restore": purediffusion_cold_restore},
        roots=("purediffusion.gaussian:DDPMpipline.ddpm_step", "purediffusion.gaussian:DDIMpipline.ddim_reverse",
               "purediffusion.gaussian:DDPMpipline.ddpm_reverse",
               "purediffusion.gaussian:DDPMpipline.sample_t", "purediffusion.gaussian:DDPMpipline.add_noise",
               "purediffusion.cold:Coldpipline.cold_reverse")),
    Package("mhc-ddim==0.2.5", "mhc_ddim", {
        "unet_forward": mhc_unet_forward,
        "ddim_sampler": mhc_ddim_sampler,
        "ancestral_sampler": mhc_ancestral_sampler,
        "train_step": mhc_train_step,
        "classifier_free_guidance": mhc_classifier_free_guidance},
        roots=("mhc_ddim.gaussian_diffusion:GaussianDiffusion.ddim_sample_loop",
               "mhc_ddim.gaussian_diffusion:GaussianDiffusion.p_sample_loop",
               "mhc_ddim.respace:SpacedDiffusion.training_losses", "mhc_ddim.cfg:CFGModelWrapper.__call__")),
    Package("probabilisticdiffusion==2.1.0", "ProbabilisticDiffusion", {
        "sample": probdiff_sample,
        "forward_noising": probdiff_forward_noising},
        roots=("ProbabilisticDiffusion.ProbabilisticDiffusion:Diffusion.sample",
               "ProbabilisticDiffusion.ProbabilisticDiffusion:Diffusion.forward")),
    Package("vit-hk==0.1.3", "ViT", {
        "inference": vit_inference,
        "train_step": vit_train_step}),
    Package("torchregularize==0.1.0", "torchregularize", {
        "stochastic_depth": regularize_stochastic_depth,
        "shakedrop": regularize_shakedrop}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
