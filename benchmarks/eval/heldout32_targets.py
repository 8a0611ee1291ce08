"""Held-out group 32 of the evaluation: image backbones in the style of a vision model zoo (hierarchical and windowed
vision transformers, pyramid and convolutional-token transformers, hybrid conv-attention and MLP-like MetaFormers,
a native-resolution encoder with packed variable-length images, masked patches, stochastic depth, position
embeddings resampled to the input's grid, dense prediction necks fed by forward hooks), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout32_targets.py \
        --site benchmarks/eval/.packages-heldout32 --suffix heldout32

VFormer's zoo: the Swin Transformer (shifted windows, patch merging, stochastic depth), PVT classification with its
spatial-reduction attention at two image sizes, PVT-v2 as a detection backbone returning its pyramid and PVT as a
segmentation model with its upsampling neck, CvT and CCT (convolutional tokenizers, sequence
pooling), CrossViT (two patch sizes and cross attention), ConViT (gated positional self-attention), Visformer, ViViT
over video clips, and the DPT depth model whose reassembly neck reads the ViT's blocks through forward hooks
(vformer). MetaFormer baselines: CAFormer with attention mixers and StarReLU, ConvFormer with masked patches
(random patch masking), CFFormer with Fourier mixing and RMS norms (x-metaformer). MoonViT, a native-resolution
vision encoder: images of different sizes patch-embedded one by one, its absolute position embedding interpolated to
each grid, 2-D rotary embedding, and a packed sequence attended image by image through cumulative sequence lengths,
then its pixel-shuffle projector (open-moonvit). The ViT of pytorch-pretrained-vit training with its representation
layer, from a tiny named configuration and no weights (pytorch-pretrained-vit). TokenLearner and TokenFuser over a
feature map (tokenlearner-pytorch). GLOM's column iterations with consensus attention over its levels (glom-pytorch).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

PVT's absolute position embeddings are off (ape=False): sized for a patch grid its overlapping patch embedding does
not produce, they are resized in an `except` after the failing addition, which dynamo cannot trace (a fake-tensor
error, no graph break).

Left out: timm and every package built on it (flexivit-pytorch, segmentation-models-pytorch, hiera-transformer,
mobile-sam, fastervit, open_clip, torchseg); navit-torch (zetascale); efficientnet-lite-pytorch (a fork of
efficientnet_pytorch, which the rules were tuned on); packages already in another group (vit-pytorch, swin-transformer-
pytorch, segformer-pytorch, mlp-mixer-pytorch, res-mlp-pytorch, g-mlp-pytorch, dinov2, pycls, classy-vision,
torchvision and the rest): torchvision is only VFormer's dependency here (its StochasticDepth and resize). VFormer pins
its development tools (pytest, pre-commit, cookiecutter and more) as requirements; none is imported, so only einops,
torchvision and pillow are installed beside it;
the wheel's C++ ops do not load beside this torch, so torchvision::nms is defined by a torch CPU kernel as in held-out
group 14 (its _torchvision()), which lets torchvision import.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ----------------------------------------------------------------------------------------------------------- vformer
def vformer_swin_shifted_windows_training():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.swin import SwinTransformer

    model = SwinTransformer(img_size=32, patch_size=2, in_channels=3, n_classes=10, embedding_dim=16,
                            depths=[2, 2], num_heads=[2, 4], window_size=4, drop_path_rate=0.2).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_pvt_classification():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.pyramid import PVTClassification

    model = PVTClassification(img_size=32, patch_size=[4, 2, 2, 2], n_classes=10, embed_dims=[8, 16, 16, 32],
                              num_heads=[1, 2, 2, 4], mlp_ratio=[2, 2, 2, 2], depths=[1, 1, 1, 1],
                              sr_ratios=[4, 2, 1, 1], drop_path_rate=0.1, ape=False).eval()
    return model, [(torch.randn(2, 3, 32, 32),), (torch.randn(2, 3, 48, 64),)]


def vformer_pvt_v2_detection_pyramid():
    torch = _seed()
    _torchvision()
    from vformer.models.dense.PVT.detection import PVTDetectionV2

    model = PVTDetectionV2(img_size=32, patch_size=[7, 3, 3, 3], embedding_dims=[8, 16, 16, 32],
                           num_heads=[1, 2, 2, 4], mlp_ratio=[2, 2, 2, 2], depths=[1, 1, 1, 1],
                           sr_ratios=[4, 2, 1, 1]).eval()
    return model, [(torch.randn(2, 3, 32, 32),), (torch.randn(2, 3, 48, 64),)]


def vformer_pvt_segmentation_neck():
    torch = _seed()
    _torchvision()
    from vformer.models.dense.PVT.segmentation import PVTSegmentation

    model = PVTSegmentation(img_size=32, patch_size=[4, 2, 2, 2], embedding_dims=[8, 16, 16, 32],
                            num_heads=[1, 2, 2, 4], mlp_ratio=[2, 2, 2, 2], depths=[1, 1, 1, 1],
                            sr_ratios=[4, 2, 1, 1], out_channels=2, return_pyramid=True,
                            ape=False).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_cvt_sequence_pooling():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.cvt import CVT

    model = CVT(img_size=32, patch_size=4, embedding_dim=32, head_dim=16, num_layers=2, num_heads=2,
                n_classes=10, decoder_config=(32, 10)).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_cct_conv_tokenizer():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.cct import CCT

    model = CCT(img_size=32, patch_size=4, embedding_dim=32, num_layers=2, head_dim=16, num_heads=2,
                n_classes=10, positional_embedding="sine", decoder_config=(32, 10)).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_crossvit_two_scales():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.cross import CrossViT

    model = CrossViT(img_size=32, patch_size_s=4, patch_size_l=8, n_classes=10, cross_dim_head_s=8,
                     cross_dim_head_l=8, latent_dim_s=16, latent_dim_l=32, head_dim_s=8, head_dim_l=8, depth_s=1,
                     depth_l=1, attn_heads_s=2, attn_heads_l=2, cross_head_s=2, cross_head_l=2,
                     encoder_mlp_dim_s=32, encoder_mlp_dim_l=32).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_convit_gated_positional():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.convit import ConViT

    model = ConViT(img_size=32, patch_size=8, n_classes=10, embedding_dim=32, head_dim=8, depth_sa=1,
                   depth_gpsa=1, attn_heads_sa=2, attn_heads_gpsa=2, encoder_mlp_dim=32).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_visformer():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.visformer import Visformer

    model = Visformer(img_size=32, n_classes=10, depth=(0, 1, 1, 1), config=(0, 1, 1),
                      channel_config=(3, 8, 16, 16, 32), num_heads=2, conv_group=2).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def vformer_vivit_video():
    torch = _seed()
    _torchvision()
    from vformer.models.classification.vivit import ViViTModel2

    model = ViViTModel2(img_size=32, in_channels=3, patch_size=8, embedding_dim=32, num_frames=4, depth=1,
                        num_heads=2, head_dim=16, n_classes=10).train()
    return model, [(torch.randn(2, 4, 3, 32, 32),)]


def vformer_dpt_depth_hooks():
    torch = _seed()
    _torchvision()
    from vformer.models.dense.dpt import DPTDepth

    model = DPTDepth(backbone="vit_tiny", img_size=(64, 64), hooks=(0, 1, 2, 3)).eval()
    return model, [(torch.randn(1, 3, 64, 64),)]


# ------------------------------------------------------------------------------------------------------ x-metaformer
def metaformer_caformer_attention_training():
    torch = _seed()
    from x_metaformer import CAFormer

    model = CAFormer(3, depths=(1, 1, 1, 1), dims=(8, 16, 16, 32), init_kernel_size=(8, 4), init_stride=(4, 2),
                     use_starreglu=True, use_seqpool=True, drop_path_rate=0.2).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def metaformer_convformer_patch_masking():
    torch = _seed()
    from x_metaformer import ConvFormer

    model = ConvFormer(3, depths=(1, 1, 1, 1), dims=(8, 16, 16, 32), patchmasking_prob=0.25,
                       use_dual_patchnorm=True).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def metaformer_cfformer_fourier_rms():
    torch = _seed()
    from x_metaformer import CFFormer

    model = CFFormer(3, depths=(1, 1, 1, 1), dims=(8, 16, 16, 32), norm="rms").eval()

    def embed(images):
        return model(images, return_embeddings=True)

    return embed, [(torch.randn(2, 3, 32, 32),), (torch.randn(2, 3, 48, 32),)]


# ------------------------------------------------------------------------------------------------------ open-moonvit
def _moonvit_config():
    from open_moonvit import MoonViTConfig

    return MoonViTConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                         patch_size=4, abs_pos_embed_grid_size=4)


def moonvit_native_resolution_packed():
    torch = _seed()
    from open_moonvit import MoonViT

    model = MoonViT(_moonvit_config()).eval()

    def encode(first, second):
        return model([first, second]).last_hidden_state

    return encode, [(torch.randn(3, 16, 24), torch.randn(3, 20, 16))]


def moonvit_pixel_shuffle_projector():
    torch = _seed()
    from open_moonvit import MLPProjector, MoonViT

    encoder = MoonViT(_moonvit_config()).eval()
    projector = MLPProjector(vision_hidden_size=32, llm_hidden_size=48).eval()

    def project(first, second):
        out = encoder([first, second])
        return projector(out.last_hidden_state, out.grid_shapes, out.cu_seqlens)

    return project, [(torch.randn(3, 16, 16), torch.randn(3, 24, 16))]


# ---------------------------------------------------------------------------------------------- pytorch-pretrained-vit
def pretrained_vit_token_classifier():
    torch = _seed()
    from pytorch_pretrained_vit import ViT
    from pytorch_pretrained_vit.configs import PRETRAINED_MODELS

    # without a name its constructor reads an undefined variable: a tiny named configuration, no weights loaded
    PRETRAINED_MODELS["tiny"] = {
        "config": dict(patches=(8, 8), dim=32, ff_dim=64, num_heads=2, num_layers=2, attention_dropout_rate=0.0,
                       dropout_rate=0.1, representation_size=16, classifier="token"),
        "num_classes": 10, "image_size": (32, 32)}
    model = ViT("tiny", load_repr_layer=True).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


# ------------------------------------------------------------------------------------------------ tokenlearner-pytorch
def tokenlearner_learn_and_fuse():
    torch = _seed()
    from tokenlearner_pytorch import TokenFuser, TokenLearner

    learner, fuser = TokenLearner(S=4), TokenFuser(H=8, W=8, C=16, S=4)
    for tokenizer in learner.tokenizers:
        tokenizer.eval()
    fuser.eval()

    def learn_and_fuse(feature_map):
        return fuser(learner(feature_map), feature_map)

    return learn_and_fuse, [(torch.randn(2, 8, 8, 16),)]


# ------------------------------------------------------------------------------------------------------- glom-pytorch
def glom_column_iterations():
    torch = _seed()
    from glom_pytorch import Glom

    model = Glom(dim=32, levels=3, image_size=32, patch_size=8).eval()

    def run(images):
        return model(images, iters=3, return_all=True)

    return run, [(torch.randn(2, 3, 32, 32),)]


PACKAGES: Tuple[Package, ...] = (
    Package("vformer==0.1.3", "vformer", {
        "swin_shifted_windows_training": vformer_swin_shifted_windows_training,
        "pvt_classification": vformer_pvt_classification,
        "pvt_v2_detection_pyramid": vformer_pvt_v2_detection_pyramid,
        "pvt_segmentation_neck": vformer_pvt_segmentation_neck,
        "cvt_sequence_pooling": vformer_cvt_sequence_pooling,
        "cct_conv_tokenizer": vformer_cct_conv_tokenizer,
        "crossvit_two_scales": vformer_crossvit_two_scales,
        "convit_gated_positional": vformer_convit_gated_positional,
        "visformer": vformer_visformer,
        "vivit_video": vformer_vivit_video,
        "dpt_depth_hooks": vformer_dpt_depth_hooks},
        dependencies=("torchvision==0.28.0", "pillow==11.3.0")),
    Package("x-metaformer==0.3.1", "x_metaformer", {
        "caformer_attention_training": metaformer_caformer_attention_training,
        "convformer_patch_masking": metaformer_convformer_patch_masking,
        "cfformer_fourier_rms": metaformer_cfformer_fourier_rms}),
    Package("open-moonvit==0.2.0", "open_moonvit", {
        "native_resolution_packed": moonvit_native_resolution_packed,
        "pixel_shuffle_projector": moonvit_pixel_shuffle_projector},
        dependencies=("loguru==0.7.3",)),
    Package("pytorch-pretrained-vit==0.0.7", "pytorch_pretrained_vit", {
        "token_classifier": pretrained_vit_token_classifier}),
    Package("tokenlearner-pytorch==0.1.2", "tokenlearner_pytorch", {
        "learn_and_fuse": tokenlearner_learn_and_fuse}),
    Package("glom-pytorch==0.0.14", "glom_pytorch", {
        "column_iterations": glom_column_iterations}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
