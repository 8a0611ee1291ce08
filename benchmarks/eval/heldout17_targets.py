"""Held-out group 17 of the evaluation: vision backbones, self-supervised and contrastive image training, image
restoration and diffusion denoising from small libraries, from packages no rule was tuned on, measured before
any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout17_targets.py \
        --site benchmarks/eval/.packages-heldout17 --suffix heldout17

Self-supervised training of a small CNN with BYOL (random augmentations applied inside forward, a hooked hidden
layer, a lazily built projector and a momentum target encoder) and its SimSiam variant without momentum, and the
embedding path (byol-pytorch); CLIP trained contrastively with masked-language-model and SimCLR/SimSiam visual
self-supervision, decoupled contrastive loss, extra latent projections, multiview augmented pairs, similarity
regularisation and fine-grained token-wise similarity over downsampled image tokens (x-clip); MLP-Mixer, its 3D
(video) variant and Vision Permutator classifiers (mlp-mixer-pytorch); blocked local self-attention with halos
over feature maps (halonet-pytorch); a U-shaped windowed-attention restoration network with axial rotary positions,
with and without a diffusion time embedding (uformer-pytorch); BoTNet bottleneck stacks with multi-head
self-attention over the feature map, relative (height and width logits) or absolute position embeddings, with and
without downsampling (bottleneck-transformer-pytorch); Nystrom attention with landmark means, the Moore-Penrose
iterative pseudo-inverse, padding to a landmark multiple and masks, as used over image patch bags
(nystrom-attention). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its
own dynamo cache. Importing this module does not import torch.

torchvision (byol-pytorch and x-clip import its transforms) is the CUDA-built PyPI wheel, imported as
held-out group 14 does it (its _torchvision(): torchvision::nms given a torch CPU kernel); only its tensor transforms
are used here, and torchvision's own files are not linted or scored.

Left out: segmentation-models-pytorch, gigagan-pytorch (timm, open-clip), stylegan2-pytorch, transganformer,
pixel-level-contrastive-learning (kornia, already a group's package, and stylegan2's aim/retry stack),
retinaface-pytorch (albumentations, opencv, pytorch-lightning and a helper package at import), rectified-flow-pytorch,
maskbit-pytorch, titok-pytorch (x-transformers and x-unet, already groups' packages, and accelerate trainers at
import), slot-attention (vector-quantize-pytorch at import, already a group's package), imagen-pytorch,
dalle2-pytorch, muse-maskgit-pytorch, video-diffusion-pytorch (transformers). Packages already in another group
(vit-pytorch, perceiver-pytorch, CoCa-pytorch, MEGABYTE-pytorch, lightweight-gan, vector-quantize-pytorch,
segformer-pytorch, swin-transformer-pytorch, x-unet, denoising-diffusion-pytorch, efficientnet-pytorch, nfnets) are
not reused. pi-gan-pytorch asserts a CUDA device at import: nothing of it runs on this CPU build. x-clip's causal
text mask with an end-of-sequence token fails eagerly (`b` is undefined where it splits off the eos tokens), so its
text encoder runs bidirectional only. byol-pytorch's BYOLTrainer (accelerate with a data loader) is not run, only
the BYOL module it trains.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "torchvision==0.28.0",
    "pillow==11.3.0",
    "tqdm==4.67.1",
    "beartype==0.22.9",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------ byol-pytorch
def _small_cnn(torch):
    nn = torch.nn
    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.Conv2d(8, 16, 3, stride=2),
                         nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))


def byol_momentum_training():
    torch = _seed()
    _torchvision()
    from byol_pytorch import BYOL

    model = BYOL(_small_cnn(torch), image_size=32, hidden_layer=-2, projection_size=16, projection_hidden_size=32,
                 sem_num_simplices=4, sem_simplex_dim=4).train()
    return model, [(torch.rand(4, 3, 32, 32),)]


def byol_simsiam_without_momentum():
    torch = _seed()
    _torchvision()
    from byol_pytorch import BYOL

    model = BYOL(_small_cnn(torch), image_size=32, hidden_layer=-2, projection_size=16, projection_hidden_size=32,
                 use_momentum=False, use_simplicial_embeddings=False).train()
    return model, [(torch.rand(4, 3, 32, 32),)]


def byol_embedding():
    torch = _seed()
    _torchvision()
    from byol_pytorch import BYOL

    model = BYOL(_small_cnn(torch), image_size=32, hidden_layer=-2, projection_size=16, projection_hidden_size=32,
                 use_simplicial_embeddings=False).eval()
    return model, [(torch.rand(2, 3, 32, 32),)], {"return_embedding": True}


# ------------------------------------------------------------------------------------------------------------ x-clip
def _clip(**kwargs):
    from x_clip import CLIP

    options = dict(dim_text=32, dim_image=32, dim_latent=16, num_text_tokens=64, text_enc_depth=1, text_seq_len=12,
                   text_heads=2, text_dim_head=16, visual_enc_depth=1, visual_heads=2, visual_dim_head=16,
                   visual_image_size=32, visual_patch_size=8)
    return CLIP(**{**options, **kwargs})


def _texts_and_images(torch):
    text = torch.randint(1, 64, (4, 12))
    text[1, 9:] = 0  # padding, masked by text_pad_id
    return text, torch.rand(4, 3, 32, 32)


def clip_loss_with_mlm_and_simclr():
    torch = _seed()
    _torchvision()
    model = _clip(use_mlm=True, use_visual_ssl=True, visual_ssl_type="simclr", decoupled_contrastive_learning=True,
                  extra_latent_projection=True, text_rotary_pos_emb=True, sim_reg_loss_weight=0.1).train()

    def loss(text, images):
        return model(text, images, return_loss=True)

    return loss, [_texts_and_images(torch)]


def clip_fine_grained_multiview_simsiam():
    torch = _seed()
    _torchvision()
    model = _clip(use_all_token_embeds=True, downsample_image_embeds=True, use_visual_ssl=True,
                  visual_ssl_type="simsiam").train()
    text, images = _texts_and_images(torch)

    def loss(text, images, aug_text, aug_images):
        return model(text, images, return_loss=True, aug_text=aug_text, aug_image=aug_images)

    return loss, [(text, images, text.flip(0), images.flip(-1))]


def clip_similarity_eval():
    torch = _seed()
    _torchvision()
    model = _clip(extra_latent_projection=True, text_has_cls_token=False, visual_patch_dropout=0.).eval()

    def similarity(text, images):
        return model(text, images, text_to_image=False), model(text, images, return_latents=True)

    return similarity, [_texts_and_images(torch)]


# ------------------------------------------------------------------------------------------------- mlp-mixer-pytorch
def mixer_image_classifier():
    torch = _seed()
    from mlp_mixer_pytorch import MLPMixer

    model = MLPMixer(image_size=(32, 16), channels=3, patch_size=8, dim=32, depth=2, num_classes=10, dropout=0.1)
    return model.train(), [(torch.randn(2, 3, 32, 16),)]


def mixer_video_classifier():
    torch = _seed()
    from mlp_mixer_pytorch import MLPMixer3D

    model = MLPMixer3D(image_size=16, time_size=4, channels=3, patch_size=8, time_patch_size=2, dim=32, depth=1,
                       num_classes=10)
    return model.eval(), [(torch.randn(2, 3, 4, 16, 16),)]


def permutator_classifier():
    torch = _seed()
    from mlp_mixer_pytorch import Permutator

    model = Permutator(image_size=16, patch_size=4, dim=32, depth=2, num_classes=10, segments=4)
    return model.eval(), [(torch.randn(2, 3, 16, 16),)]


# --------------------------------------------------------------------------------------------------- halonet-pytorch
def halo_attention_feature_map():
    torch = _seed()
    from halonet_pytorch import HaloAttention

    layer = HaloAttention(dim=16, block_size=4, halo_size=1, dim_head=8, heads=2)
    return layer.eval(), [(torch.randn(2, 16, 8, 12),)]


def halo_attention_backbone_training():
    torch = _seed()
    from halonet_pytorch import HaloAttention

    nn = torch.nn
    model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), HaloAttention(dim=16, block_size=4, halo_size=2, heads=2,
                          dim_head=8), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 4)).train()

    def loss(images, labels):
        return nn.functional.cross_entropy(model(images), labels)

    return loss, [(torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))]


# --------------------------------------------------------------------------------------------------- uformer-pytorch
def uformer_restoration():
    torch = _seed()
    from uformer_pytorch import Uformer

    model = Uformer(dim=16, stages=2, num_blocks=1, window_size=4, dim_head=8, heads=2, ff_mult=2)
    return model.eval(), [(torch.randn(1, 3, 16, 16),)]


def uformer_denoiser_with_time():
    torch = _seed()
    from uformer_pytorch import Uformer

    model = Uformer(dim=16, stages=2, num_blocks=(1, 2), window_size=(8, 4), dim_head=8, heads=2, ff_mult=2,
                    time_emb=True, input_channels=4, output_channels=3).train()

    def loss(noisy, time, target):
        return torch.nn.functional.mse_loss(model(noisy, time=time), target)

    return loss, [(torch.randn(2, 4, 16, 16), torch.rand(2), torch.randn(2, 3, 16, 16))]


# --------------------------------------------------------------------------------------- bottleneck-transformer-pytorch
def botnet_stack_training():
    torch = _seed()
    from bottleneck_transformer_pytorch import BottleStack

    layer = BottleStack(dim=16, fmap_size=8, dim_out=32, proj_factor=2, downsample=True, heads=2, dim_head=8,
                        rel_pos_emb=True, activation=torch.nn.ReLU())
    return layer.train(), [(torch.randn(2, 16, 8, 8),)]


def botnet_absolute_positions_eval():
    torch = _seed()
    from bottleneck_transformer_pytorch import BottleStack

    layer = BottleStack(dim=16, fmap_size=(4, 6), dim_out=16, num_layers=2, proj_factor=2, downsample=False,
                        heads=2, dim_head=8, rel_pos_emb=False)
    return layer.eval(), [(torch.randn(2, 16, 4, 6),)]


# ------------------------------------------------------------------------------------------------- nystrom-attention
def nystromformer_padded_masked():
    torch = _seed()
    from nystrom_attention import Nystromformer

    model = Nystromformer(dim=32, depth=2, dim_head=16, heads=2, num_landmarks=4, pinv_iterations=3,
                          attn_values_residual_conv_kernel=5)
    mask = torch.ones(2, 18, dtype=torch.bool)
    mask[1, 13:] = False
    return model.train(), [(torch.randn(2, 18, 32),)], {"mask": mask}


def nystrom_attention_with_weights():
    torch = _seed()
    from nystrom_attention import NystromAttention

    layer = NystromAttention(dim=32, dim_head=16, heads=2, num_landmarks=4, pinv_iterations=4, residual=False)
    return layer.eval(), [(torch.randn(2, 16, 32),)], {"return_attn": True}


PACKAGES: Tuple[Package, ...] = (
    Package("byol-pytorch==0.9.1", "byol_pytorch", {
        "momentum_training": byol_momentum_training,
        "simsiam_without_momentum": byol_simsiam_without_momentum,
        "embedding": byol_embedding},
        dependencies=("accelerate==1.15.0", "huggingface-hub==0.36.0", "safetensors==0.6.2", "psutil==7.1.0")),
    Package("x-clip==0.14.4", "x_clip", {
        "loss_with_mlm_and_simclr": clip_loss_with_mlm_and_simclr,
        "fine_grained_multiview_simsiam": clip_fine_grained_multiview_simsiam,
        "similarity_eval": clip_similarity_eval},
        dependencies=("ftfy==6.3.1", "wcwidth==0.2.13")),
    Package("mlp-mixer-pytorch==0.3.1", "mlp_mixer_pytorch", {
        "image_classifier": mixer_image_classifier,
        "video_classifier": mixer_video_classifier,
        "permutator_classifier": permutator_classifier}),
    Package("halonet-pytorch==0.0.5", "halonet_pytorch", {
        "feature_map": halo_attention_feature_map,
        "backbone_training": halo_attention_backbone_training}),
    Package("uformer-pytorch==0.0.8", "uformer_pytorch", {
        "restoration": uformer_restoration,
        "denoiser_with_time": uformer_denoiser_with_time}),
    Package("bottleneck-transformer-pytorch==0.1.4", "bottleneck_transformer_pytorch", {
        "stack_training": botnet_stack_training,
        "absolute_positions_eval": botnet_absolute_positions_eval}),
    Package("nystrom-attention==0.0.14", "nystrom_attention", {
        "padded_masked": nystromformer_padded_masked,
        "attention_with_weights": nystrom_attention_with_weights}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
