"""Held-out group 12 of the evaluation: image models and generative image code (diffusion samplers and losses,
UNets with timestep embeddings and attention, diffusion transformers, GANs, normalizer-free backbones) from packages
no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout12_targets.py \
        --site benchmarks/eval/.packages-heldout12 --suffix heldout12

Karras-style diffusion (k-diffusion: the image UNet and the hourglass-free image transformer denoisers, the
preconditioned Denoiser's loss, the Euler/Heun/DPM/LMS/DPM++ samplers with their sigma schedules and Brownian-tree
noise, the wrappers around discrete-time eps and v models), the x-unet UNet (nested residual UNets, weight
standardized convs, attention-residual skips, video frames), MM-DiT joint text/image attention blocks with hyper
connections (mmdit, both the two-modality and the generalized version), Recurrent Interface Networks and their
Gaussian diffusion training loss and DDPM/DDIM samplers (rin-pytorch), MedSegDiff's conditioned segmentation UNet
with its FF-parser and diffusion losses and samplers (med-seg-diff-pytorch), the Lightweight GAN generator,
discriminator with auxiliary reconstruction and differentiable augmentation (lightweight-gan), and normalizer-free
ResNets with scaled weight-standardized convs (nfnets-pytorch). Same shape as targets.py (PACKAGES, DEPENDENCIES,
package(), build()), its own site folder, its own dynamo cache. Importing this module does not import torch.

Left out: video-diffusion-pytorch, imagen-pytorch, muse-maskgit-pytorch, classifier-free-guidance-pytorch and
make-a-video-pytorch (they depend on transformers), gigagan-pytorch (open-clip-torch, which depends on timm),
stylegan2-pytorch (pins vector-quantize-pytorch==0.1.0 and pulls aim), bit-diffusion and rectified-flow-pytorch
(only the first of their samplers differs from denoising-diffusion-pytorch's, already in targets.py; rectified-flow
imports torchvision's VGG weights at module level). Modules that the packages import at module level for code no
target runs (torchvision's transforms, accelerate, CLIP, clean-fid, scikit-image) are stood in by empty modules:
PyPI's torchvision does not import beside this torch, and the others are heavy trees only trainers and metrics use.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "einx==0.4.3",
    "frozendict==2.5.1",
    "loguru==0.7.3",
    "torch-einops-utils==0.2.0",
    "tqdm==4.70.1",
    "beartype==0.23.1",
    "ema-pytorch==0.8.3",
    "pillow==13.0.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _stand_in(*names):
    """Empty modules for imports only untargeted code (trainers, metrics, data loading) uses; any attribute read
    from them is a placeholder class, so `from x import y` at module level succeeds."""
    import importlib.util
    import sys
    import types

    class Placeholder:
        def __init__(self, *args, **kwargs):
            raise RuntimeError("stand-in module: not available in this evaluation")

    def _placeholder_attribute(attribute):
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        return Placeholder

    for name in names:
        top = name.split(".")[0]
        if top not in sys.modules and importlib.util.find_spec(top) is not None:
            continue  # really installed
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            qualified = ".".join(parts[:depth])
            if qualified not in sys.modules:
                module = types.ModuleType(qualified)
                module.__getattr__ = _placeholder_attribute
                module.__path__ = []
                sys.modules[qualified] = module
                if depth > 1:
                    setattr(sys.modules[".".join(parts[:depth - 1])], parts[depth - 1], module)


# -------------------------------------------------------------------------------------------------------- k-diffusion
def _k_diffusion():
    import os

    # the transformer model torch.compiles its own helpers and sets dynamo's suppress_errors on import unless told not to
    os.environ["K_DIFFUSION_USE_COMPILE"] = "0"
    _stand_in("torchvision.transforms", "torchvision.transforms.functional", "clip", "cleanfid.inception_torchscript",
              "skimage", "wandb", "accelerate")
    import k_diffusion

    return k_diffusion


def _k_unet(torch, **overrides):
    k_diffusion = _k_diffusion()
    config = dict(c_in=3, feats_in=32, depths=[1, 1], channels=[16, 32], self_attn_depths=[False, True])
    inner = k_diffusion.models.ImageDenoiserModelV1(**{**config, **overrides})
    return k_diffusion.layers.Denoiser(inner, sigma_data=0.5)


def kdiffusion_unet_denoiser_training_loss():
    torch = _seed()
    denoiser = _k_unet(torch, dropout_rate=0.1).train()

    def training_loss(images, noise, sigma):
        return denoiser.loss(images, noise, sigma).mean()

    return training_loss, [(torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16), torch.rand(2) * 2 + 0.1)]


def kdiffusion_unet_cross_attention_denoiser():
    torch = _seed()
    denoiser = _k_unet(torch, cross_attn_depths=[False, True], cross_cond_dim=8, mapping_cond_dim=4,
                       has_variance=True).eval()

    def denoise(images, sigma, mapping, cross, padding):
        return denoiser(images, sigma, mapping_cond=mapping, cross_cond=cross, cross_cond_padding=padding)

    padding = torch.tensor([[0.0, 0.0, 1.0], [0.0, 0.0, 0.0]])  # 1 where a cross token is padding
    return denoise, [(torch.randn(2, 3, 16, 16), torch.rand(2) + 0.1, torch.randn(2, 4), torch.randn(2, 3, 8), padding)]


def kdiffusion_transformer_denoiser():
    torch = _seed()
    k_diffusion = _k_diffusion()
    inner = k_diffusion.models.ImageTransformerDenoiserModelV1(n_layers=2, d_model=64, d_ff=128, in_features=3,
                                                                out_features=3, patch_size=(4, 4), num_classes=5)
    denoiser = k_diffusion.layers.Denoiser(inner, sigma_data=0.5, weighting="soft-min-snr").train()

    def training_loss(images, noise, sigma, labels):
        return denoiser.loss(images, noise, sigma, class_cond=labels).mean()

    return training_loss, [(torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16), torch.rand(2) + 0.1,
                            torch.tensor([1, 4]))]


def kdiffusion_first_order_samplers():
    torch = _seed()
    k_diffusion = _k_diffusion()
    denoiser = _k_unet(torch).eval()
    sampling = k_diffusion.sampling

    def sample(noise):
        sigmas = sampling.get_sigmas_karras(4, 0.02, 10.0)
        x = noise * sigmas[0]
        with torch.no_grad():
            return (sampling.sample_euler(denoiser, x, sigmas, disable=True, s_churn=1.0),
                    sampling.sample_euler_ancestral(denoiser, x, sigmas, disable=True),
                    sampling.sample_dpm_2_ancestral(denoiser, x, sigmas, disable=True))

    return sample, [(torch.randn(1, 3, 8, 8),)]


def kdiffusion_higher_order_samplers():
    torch = _seed()
    k_diffusion = _k_diffusion()
    denoiser = _k_unet(torch).eval()
    sampling = k_diffusion.sampling

    def sample(noise):
        sigmas = sampling.get_sigmas_exponential(4, 0.02, 10.0)
        x = noise * sigmas[0]
        with torch.no_grad():
            return (sampling.sample_heun(denoiser, x, sigmas, disable=True),
                    sampling.sample_dpm_2(denoiser, x, sigmas, disable=True),
                    sampling.sample_lms(denoiser, x, sigmas, disable=True, order=3),
                    sampling.sample_dpmpp_2m(denoiser, x, sigmas, disable=True),
                    sampling.sample_dpmpp_2s_ancestral(denoiser, x, sigmas, disable=True))

    return sample, [(torch.randn(1, 3, 8, 8),)]


def kdiffusion_sde_samplers():
    torch = _seed()
    k_diffusion = _k_diffusion()
    denoiser = _k_unet(torch).eval()
    sampling = k_diffusion.sampling

    def sample(noise):
        sigmas = sampling.get_sigmas_polyexponential(4, 0.02, 10.0)
        x = noise * sigmas[0]
        with torch.no_grad():
            return (sampling.sample_dpmpp_2m_sde(denoiser, x, sigmas, disable=True),
                    sampling.sample_dpmpp_3m_sde(denoiser, x, sigmas, disable=True))

    return sample, [(torch.randn(1, 3, 8, 8),)]


def kdiffusion_dpm_solver_fast():
    torch = _seed()
    k_diffusion = _k_diffusion()
    denoiser = _k_unet(torch).eval()

    def sample(noise):
        with torch.no_grad():
            return k_diffusion.sampling.sample_dpm_fast(denoiser, noise * 10.0, 0.02, 10.0, 4, disable=True)

    return sample, [(torch.randn(1, 3, 8, 8),)]


def kdiffusion_discrete_time_wrappers():
    torch = _seed()
    k_diffusion = _k_diffusion()

    class EpsModel(torch.nn.Module):  # a discrete-time model called with (x, t) as CompVis' UNets are
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Conv2d(3, 3, 3, padding=1)

        def forward(self, x, t):
            return self.net(x) * (t.float()[:, None, None, None] / 1000 + 1)

        def apply_model(self, x, t, cond=None):
            return self(x, t)

    alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 2e-2, 1000), dim=0)
    eps = k_diffusion.external.DiscreteEpsDDPMDenoiser(EpsModel(), alphas_cumprod, quantize=True).eval()
    v = k_diffusion.external.DiscreteVDDPMDenoiser(EpsModel(), alphas_cumprod, quantize=False).eval()

    def denoise(x, sigma):
        return eps(x, sigma), v(x, sigma), eps.get_sigmas(4)

    return denoise, [(torch.randn(2, 3, 8, 8), torch.tensor([0.5, 3.0]))]


# -------------------------------------------------------------------------------------------------------------- x-unet
def xunet_image_unet():
    torch = _seed()
    from x_unet import XUnet

    model = XUnet(dim=16, channels=3, dim_mults=(1, 2), nested_unet_depths=(1, 1), consolidate_upsample_fmaps=True,
                  attn_dim_head=8, attn_heads=2, num_blocks_per_stage=(1, 1),
                  num_self_attn_per_stage=(0, 1)).eval()
    return model, [(torch.randn(1, 3, 32, 32),)]


def xunet_video_weight_standardized_training():
    torch = _seed()
    from x_unet import XUnet

    model = XUnet(dim=16, frame_kernel_size=3, channels=3, dim_mults=(1, 2), nested_unet_depths=(1, 1),
                  weight_standardize=True, use_convnext=True, attn_dim_head=8, attn_heads=2,
                  num_blocks_per_stage=(1, 1), num_self_attn_per_stage=(0, 1)).train()

    def training_loss(video):
        return model(video).pow(2).mean()

    return training_loss, [(torch.randn(1, 3, 2, 32, 32),)]


def xunet_attention_residual_skips():
    torch = _seed()
    from x_unet import NestedResidualUnet, XUnet

    model = XUnet(dim=16, channels=3, dim_mults=(1, 2), nested_unet_depths=(1, 1), use_xattnres=True,
                  xattnres_replace_skips=True, attn_dim_head=8, attn_heads=2, num_blocks_per_stage=(1, 1),
                  num_self_attn_per_stage=(0, 0)).eval()
    nested = NestedResidualUnet(dim=16, depth=2, dim_inner=8, add_residual=True).eval()

    def features(images, volumes):
        return model(images), nested(volumes)

    return features, [(torch.randn(1, 3, 32, 32), torch.randn(1, 16, 2, 16, 16))]


# --------------------------------------------------------------------------------------------------------------- mmdit
def mmdit_joint_attention_with_time_condition():
    torch = _seed()
    from mmdit import MMDiT

    model = MMDiT(depth=2, dim_image=32, dim_text=24, dim_cond=16, dim_head=8, heads=2, qk_rmsnorm=True,
                  num_register_tokens=2, num_residual_streams=2).eval()

    def joint(text, image, text_mask, time):
        return model(text_tokens=text, image_tokens=image, text_mask=text_mask, time_cond=time)

    mask = torch.tensor([[True, True, True, False], [True, True, True, True]])
    return joint, [(torch.randn(2, 4, 24), torch.randn(2, 9, 32), mask, torch.randn(2, 16))]


def mmdit_generalized_modalities_training():
    torch = _seed()
    from mmdit.mmdit_generalized_pytorch import MMDiT

    model = MMDiT(depth=2, dim_modalities=(16, 24, 32), dim_cond=8, dim_head=8, heads=2, qk_rmsnorm=True,
                  num_residual_streams=1).train()

    def training_loss(a, b, c, mask, time):
        outputs = model(modality_tokens=(a, b, c), modality_masks=(mask, None, None), time_cond=time)
        return sum(out.pow(2).mean() for out in outputs)

    mask = torch.tensor([[True, True, False], [True, True, True]])
    return training_loss, [(torch.randn(2, 3, 16), torch.randn(2, 5, 24), torch.randn(2, 4, 32), mask,
                            torch.randn(2, 8))]


# --------------------------------------------------------------------------------------------------------- rin-pytorch
def _rin(torch, **overrides):
    _stand_in("torchvision", "torchvision.transforms", "torchvision.utils", "accelerate")
    from rin_pytorch import RIN, GaussianDiffusion

    rin = RIN(dim=32, image_size=16, patch_size=4, depth=2, num_latents=8, dim_latent=32,
              latent_self_attn_depth=1)
    return GaussianDiffusion(rin, timesteps=4, **overrides)


def rin_diffusion_training_loss():
    torch = _seed()
    diffusion = _rin(torch).train()
    return diffusion, [(torch.rand(2, 3, 16, 16),)]


def rin_ddim_and_ddpm_sampling():
    torch = _seed()
    ddim = _rin(torch, use_ddim=True).eval()
    ddpm = _rin(torch, use_ddim=False, objective="eps").eval()

    def sample(batch_size):
        return ddim.sample(batch_size=batch_size), ddpm.sample(batch_size=batch_size)

    return sample, [(2,)]


# ------------------------------------------------------------------------------------------------ med-seg-diff-pytorch
def _medsegdiff(**overrides):
    from med_seg_diff_pytorch import MedSegDiff, Unet

    config = dict(dim=16, image_size=32, mask_channels=1, input_img_channels=3, dim_mults=(1, 2),
                  full_self_attn=(False, True), attn_dim_head=8, attn_heads=2, mid_transformer_depth=1,
                  conditioning_kwargs=dict(dim_head=8, heads=2, depth=1, patch_size=8))
    unet_overrides = {k: overrides.pop(k) for k in list(overrides) if k in ("self_condition", "skip_connect_condition_fmaps",
                                                                           "dynamic_ff_parser_attn_map")}
    return MedSegDiff(Unet(**{**config, **unet_overrides}), timesteps=4, **overrides)


def medsegdiff_segmentation_training_loss():
    torch = _seed()
    diffusion = _medsegdiff(self_condition=True, skip_connect_condition_fmaps=True, objective="pred_v").train()
    return diffusion, [(torch.rand(2, 1, 32, 32), torch.rand(2, 3, 32, 32))]


def medsegdiff_dynamic_ff_parser_unet():
    torch = _seed()
    diffusion = _medsegdiff(dynamic_ff_parser_attn_map=True, objective="pred_x0").train()
    return diffusion, [(torch.rand(2, 1, 32, 32), torch.rand(2, 3, 32, 32))]


def medsegdiff_sampling():
    torch = _seed()
    ancestral = _medsegdiff().eval()
    ddim = _medsegdiff(sampling_timesteps=2).eval()

    def segment(condition):
        return ancestral.sample(condition), ddim.sample(condition)

    return segment, [(torch.rand(1, 3, 32, 32),)]


# ------------------------------------------------------------------------------------------------------ lightweight-gan
def _lightweight_gan():
    _stand_in("torchvision", "torchvision.transforms")
    from unittest import mock

    with mock.patch("torch.cuda.is_available", return_value=True):  # its module asserts a GPU; no target needs one
        import lightweight_gan

    return lightweight_gan


def lightweight_gan_generator_and_discriminator():
    torch = _seed()
    lightweight_gan = _lightweight_gan()
    generator = lightweight_gan.Generator(image_size=32, latent_dim=32, fmap_max=32, attn_res_layers=[16],
                                          freq_chan_attn=True).eval()
    discriminator = lightweight_gan.Discriminator(image_size=32, fmap_max=32, attn_res_layers=[16]).eval()

    def generate_and_score(latents):
        images = generator(latents)
        return images, discriminator(images)

    return generate_and_score, [(torch.randn(2, 32),)]


def lightweight_gan_discriminator_auxiliary_loss():
    torch = _seed()
    lightweight_gan = _lightweight_gan()
    discriminator = lightweight_gan.Discriminator(image_size=64, fmap_max=32, disc_output_size=1).train()
    augmented = lightweight_gan.lightweight_gan.AugWrapper(discriminator, 64).train()

    def discriminator_loss(images):
        logits, logits_32, aux_loss = augmented(images, prob=1.0, types=["translation", "cutout", "color"],
                                                calc_aux_loss=True)
        return torch.nn.functional.relu(1 + logits).mean() + torch.nn.functional.relu(1 + logits_32).mean() + aux_loss

    return discriminator_loss, [(torch.rand(2, 3, 64, 64) * 2 - 1,)]


def lightweight_gan_differentiable_augment():
    torch = _seed()
    lightweight_gan = _lightweight_gan()
    from lightweight_gan.diff_augment import DiffAugment

    def augment(images):
        return DiffAugment(images, types=["color", "offset", "offset_h", "offset_v", "translation", "cutout"])

    return augment, [(torch.rand(2, 3, 16, 16),)]


# ------------------------------------------------------------------------------------------------------ nfnets-pytorch
def _nfnets_on_python3_10():
    """nfnets/agc.py imports Iterable from collections, which Python 3.10 moved to collections.abc only."""
    import collections
    import collections.abc

    collections.Iterable = collections.abc.Iterable


def nfnets_resnet_classifier():
    torch = _seed()
    _nfnets_on_python3_10()
    from nfnets.models.resnet import nf_resnet18, nf_resnext50_32x4d

    basic = nf_resnet18(num_classes=5).eval()
    bottleneck = nf_resnext50_32x4d(num_classes=5).eval()

    def logits(images):
        return basic(images), bottleneck(images)

    return logits, [(torch.randn(1, 3, 32, 32),)]


def nfnets_weight_standardized_convs_training():
    torch = _seed()
    _nfnets_on_python3_10()
    from nfnets import WSConv2d, WSConvTranspose2d
    from nfnets.base import WSConv1d

    conv1d = WSConv1d(3, 8, 3, padding=1)
    conv2d = WSConv2d(3, 8, 3, padding=1)
    transposed = WSConvTranspose2d(8, 3, 4, stride=2, padding=1)

    def training_loss(signal, images):
        return conv1d(signal).pow(2).mean() + transposed(conv2d(images)).pow(2).mean()

    return training_loss, [(torch.randn(2, 3, 16), torch.randn(2, 3, 16, 16))]


PACKAGES: Tuple[Package, ...] = (
    Package("k-diffusion==0.1.1.post1", "k_diffusion", {
        "unet_denoiser_training_loss": kdiffusion_unet_denoiser_training_loss,
        "unet_cross_attention_denoiser": kdiffusion_unet_cross_attention_denoiser,
        "transformer_denoiser": kdiffusion_transformer_denoiser,
        "first_order_samplers": kdiffusion_first_order_samplers,
        "higher_order_samplers": kdiffusion_higher_order_samplers,
        "sde_samplers": kdiffusion_sde_samplers,
        "dpm_solver_fast": kdiffusion_dpm_solver_fast,
        "discrete_time_wrappers": kdiffusion_discrete_time_wrappers},
        roots=("k_diffusion.layers:*.loss", "k_diffusion.sampling:*", "k_diffusion.external:*.get_sigmas"),
        # k-diffusion imports its DCT helpers, config merging, samplers' ODE/SDE solvers and image I/O at module level
        dependencies=("jsonmerge==1.9.2", "dctorch==0.1.2", "torchdiffeq==0.2.5", "torchsde==0.2.6",
                      "trampoline==0.1.2", "safetensors==0.8.0")),
    Package("x-unet==0.5.0", "x_unet", {
        "image_unet": xunet_image_unet,
        "video_weight_standardized_training": xunet_video_weight_standardized_training,
        "attention_residual_skips": xunet_attention_residual_skips}),
    Package("mmdit==0.3.0", "mmdit", {
        "joint_attention_with_time_condition": mmdit_joint_attention_with_time_condition,
        "generalized_modalities_training": mmdit_generalized_modalities_training},
        dependencies=("x-transformers==2.31.10", "hyper-connections==0.4.11")),
    Package("rin-pytorch==0.8.0", "rin_pytorch", {
        "diffusion_training_loss": rin_diffusion_training_loss,
        "ddim_and_ddpm_sampling": rin_ddim_and_ddpm_sampling},
        roots=("rin_pytorch.rin_pytorch:GaussianDiffusion.sample",)),
    Package("med-seg-diff-pytorch==0.3.3", "med_seg_diff_pytorch", {
        "segmentation_training_loss": medsegdiff_segmentation_training_loss,
        "dynamic_ff_parser_unet": medsegdiff_dynamic_ff_parser_unet,
        "sampling": medsegdiff_sampling},
        roots=("med_seg_diff_pytorch.med_seg_diff_pytorch:MedSegDiff.sample",)),
    Package("lightweight-gan==1.2.1", "lightweight_gan", {
        "generator_and_discriminator": lightweight_gan_generator_and_discriminator,
        "discriminator_auxiliary_loss": lightweight_gan_discriminator_auxiliary_loss,
        "differentiable_augment": lightweight_gan_differentiable_augment},
        roots=("lightweight_gan.diff_augment:DiffAugment",),
        # its trainer's optimizer (AdaBelief, which prints its settings through tabulate) is imported at module level
        dependencies=("kornia==0.9.0", "kornia-rs==0.2.0", "adabelief-pytorch==0.2.1", "tabulate==0.9.0")),
    Package("nfnets-pytorch==0.1.3", "nfnets", {
        "resnet_classifier": nfnets_resnet_classifier,
        "weight_standardized_convs_training": nfnets_weight_standardized_convs_training}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
