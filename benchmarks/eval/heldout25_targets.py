"""Held-out group 25 of the evaluation: image backbones written in the style of a vision model zoo (stochastic depth
and drop-connect, layer-scale, random layer dropping, gradient-checkpointing flags, heads attached to named blocks
that keep their outputs, train-time and deploy-time (reparameterized) structures, relative-position lambdas, anchor
decoding and NMS), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout25_targets.py \
        --site benchmarks/eval/.packages-heldout25 --suffix heldout25

Classy Vision's model zoo built from its config dicts with heads forked off named blocks (a metaclass wraps every
model so that forward also runs the heads on the outputs the attachable blocks stored): a Vision Transformer with a
convolutional stem and its token head, a RegNetY with squeeze-excitation and a fully connected head, EfficientNet-B0
training with drop-connect, a ResNeXt3D video model with its fully convolutional head (classy-vision). gMLP's vision
model training with random layer dropping (a survival probability) and its language model with tiny attention and
causal spatial gating (g-mlp-pytorch). ResMLP with its affine pre-norm and layer-scale (res-mlp-pytorch). Lambda
layers with a global and a local (relative position, 3D convolution) context (lambda-networks). RepVGG and RepVGG+
training with gradient checkpointing and auxiliary heads, and RepVGG after its conversion to the deploy structure
(repvgg-pytorch). MobileOne-S0 with over-parameterized branches, and its reparameterized form (mobileone-pytorch).
Lightnet's Darknet detectors: Tiny YOLOv3 with its multi-scale anchor-box decoding (grid offsets, score threshold,
masked selection) and batched NMS, Tiny YOLOv2 with soft NMS, and MobileNet-YOLO training (lightnet).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and every package built on it (segmentation-models-pytorch, effdet, hiera-transformer, mobile-sam,
fastervit, open_clip, torchgeo), and pytorch-toolbelt (its encoders wrap timm's); sam2 (an sdist whose build needs
torch in an isolated build env, and hydra at import); facexlib's RetinaFace (OpenCV, numba and filterpy at import);
retinaface-pytorch (pins torch 1.9); poolformer (a language model despite the name). Packages already in another
group (torchvision, pretrainedmodels, mlp-mixer-pytorch, halonet-pytorch, bottleneck-transformer-pytorch, vit-pytorch,
geffnet, pytorchcv, pycls, nfnets, swin-transformer-pytorch, ultralytics) are not measured again: torchvision is only
lightnet's dependency here. Classy Vision imports fvcore's PathManager for checkpoint I/O
no target runs, and Lightnet imports pandas and brambox for its dataframe outputs: they are stood in by empty
modules. Lightnet's NMS calls torchvision.ops, whose C++ ops do not load beside this torch: torchvision::nms is defined
by a torch CPU kernel as in held-out group 14 (its _torchvision()).
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


# ----------------------------------------------------------------------------------------------------- classy-vision
def _classy_model(config):
    targets.stand_in("fvcore.common.file_io")
    from classy_vision.models import build_model

    model = build_model(config).classy_model  # the metaclass's wrapper is no nn.Module: run its heads as it does

    has_heads = bool(model.get_heads())

    def forward(images):
        out = model(images)  # the attachable blocks keep their outputs for the heads
        return model.execute_heads() if has_heads else out

    return model, forward


def classy_vit_conv_stem_token_head():
    torch = _seed()
    model, forward = _classy_model({
        "name": "vision_transformer", "image_size": 32, "patch_size": 8, "num_layers": 2, "num_heads": 2,
        "hidden_dim": 16, "mlp_dim": 32, "dropout_rate": 0.1, "attention_dropout_rate": 0.1, "classifier": "token",
        "conv_stem_layers": [{"kernel": 3, "stride": 2, "out_channels": 8},
                             {"kernel": 3, "stride": 4, "out_channels": 8}],
        "heads": [{"name": "vision_transformer_head", "unique_id": "head", "fork_block": "trunk_output",
                   "in_plane": 16, "hidden_dim": 8, "num_classes": 10}]})
    model.train()
    return forward, [(torch.randn(2, 3, 32, 32),)]


def classy_regnet_se_fully_connected_head():
    torch = _seed()
    model, forward = _classy_model({
        "name": "regnet", "depth": 4, "w_0": 8, "w_a": 8.0, "w_m": 2.0, "group_width": 8, "stem_width": 8,
        "use_se": True,
        "heads": [{"name": "fully_connected", "unique_id": "head", "fork_block": "trunk_output",
                   "in_plane": 32, "num_classes": 10}]})
    model.eval()
    return forward, [(torch.randn(2, 3, 32, 32),)]


def classy_efficientnet_drop_connect_training():
    torch = _seed()
    model, forward = _classy_model({"name": "efficientnet_b0", "num_classes": 10, "drop_connect_rate": 0.2})
    model.train()
    return forward, [(torch.randn(2, 3, 32, 32),)]


def classy_resnext3d_video_head():
    torch = _seed()
    model, forward = _classy_model({
        "name": "resnext3d", "input_key": "video", "clip_crop_size": 32, "frames_per_clip": 4, "input_planes": 3,
        "skip_transformation_type": "postactivated_shortcut",
        "residual_transformation_type": "basic_transformation", "num_blocks": [1, 1, 1, 1],
        "stem_name": "resnext3d_stem", "stem_planes": 8, "stem_temporal_kernel": 3, "stage_planes": 8,
        "num_groups": 1, "width_per_group": 8,
        "heads": [{"name": "fully_convolutional_linear", "unique_id": "head", "fork_block": "pathway0-stage4-block0",
                   "in_plane": 64, "pool_size": (1, 1, 1), "activation_func": "softmax", "num_classes": 3}]})
    model.eval()

    def video_forward(clips):
        return forward({"video": clips})

    return video_forward, [(torch.randn(2, 3, 4, 32, 32),)]


# ---------------------------------------------------------------------------------------------------- g-mlp-pytorch
def gmlp_vision_layer_dropping():
    torch = _seed()
    from g_mlp_pytorch import gMLPVision

    model = gMLPVision(image_size=32, patch_size=8, num_classes=10, dim=32, depth=3, heads=2, attn_dim=16,
                       prob_survival=0.7).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def gmlp_causal_language_model():
    torch = _seed()
    from g_mlp_pytorch import gMLP

    model = gMLP(num_tokens=64, dim=32, depth=2, seq_len=16, heads=2, attn_dim=16, causal=True,
                 circulant_matrix=True, shift_tokens=1).eval()
    return model, [(torch.randint(0, 64, (2, 16)),)]


# -------------------------------------------------------------------------------------------------- res-mlp-pytorch
def resmlp_layer_scale():
    torch = _seed()
    from res_mlp_pytorch import ResMLP

    model = ResMLP(image_size=32, patch_size=8, dim=32, depth=2, num_classes=10).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


# -------------------------------------------------------------------------------------------------- lambda-networks
def lambda_global_context():
    torch = _seed()
    from lambda_networks import LambdaLayer

    layer = LambdaLayer(16, dim_out=32, n=8, dim_k=8, heads=4, dim_u=2).train()
    return layer, [(torch.randn(2, 16, 8, 8),)]


def lambda_local_relative_context():
    torch = _seed()
    from lambda_networks import LambdaLayer

    layer = LambdaLayer(16, dim_out=32, r=5, dim_k=8, heads=4, dim_u=1).eval()
    return layer, [(torch.randn(2, 16, 8, 8),)]


# --------------------------------------------------------------------------------------------------- repvgg-pytorch
def _repvgg(**overrides):
    from repvgg_pytorch.repvgg import RepVGG

    config = dict(num_blocks=[1, 2, 2, 1], num_classes=10, width_multiplier=[0.25, 0.25, 0.25, 0.25], use_se=True)
    config.update(overrides)
    return RepVGG(**config)


def repvgg_checkpointed_training():
    torch = _seed()
    model = _repvgg(use_checkpoint=True, override_groups_map={2: 2}).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def repvgg_deploy_converted():
    torch = _seed()
    from repvgg_pytorch import repvgg_model_convert

    model = repvgg_model_convert(_repvgg().eval())
    return model, [(torch.randn(2, 3, 32, 32),)]


def repvggplus_aux_heads_checkpointed():
    torch = _seed()
    from repvgg_pytorch.repvggplus import RepVGGplus

    model = RepVGGplus(num_blocks=[1, 1, 2, 1], num_classes=10, width_multiplier=[0.25, 0.25, 0.25, 0.5],
                       use_post_se=True, use_checkpoint=True).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


# ------------------------------------------------------------------------------------------------ mobileone-pytorch
def mobileone_s0_training():
    torch = _seed()
    from mobileone_pytorch import mobileone_s0

    model = mobileone_s0(num_classes=10).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def mobileone_s0_reparametrized():
    torch = _seed()
    from mobileone_pytorch import mobileone_s0

    model = mobileone_s0(num_classes=10).eval().reparametrize().eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


# --------------------------------------------------------------------------------------------------------- lightnet
def _lightnet():
    _torchvision()
    targets.stand_in("pandas", "brambox")
    import lightnet

    return lightnet


def lightnet_tiny_yolo_v3_multiscale_nms():
    torch = _seed()
    ln = _lightnet()
    model = ln.models.TinyYoloV3(num_classes=3).eval()
    postprocess = torch.nn.Sequential(
        ln.data.transform.GetMultiScaleAnchorBoxes(conf_thresh=0.1, network_stride=model.stride, anchors=model.anchors),
        ln.data.transform.NMS(iou_thresh=0.5))

    def detect(images):
        return postprocess(model(images))

    return detect, [(torch.randn(2, 3, 64, 64),)]


def lightnet_tiny_yolo_v2_soft_nms():
    torch = _seed()
    ln = _lightnet()
    model = ln.models.TinyYoloV2(num_classes=3).eval()
    postprocess = torch.nn.Sequential(
        ln.data.transform.GetAnchorBoxes(conf_thresh=0.1, network_stride=model.stride, anchors=model.anchors),
        ln.data.transform.NMSSoft(sigma=0.5, conf_thresh=0.2))

    def detect(images):
        return postprocess(model(images))

    return detect, [(torch.randn(2, 3, 64, 64),)]


def lightnet_mobilenet_yolo_training():
    torch = _seed()
    model = _lightnet().models.MobilenetYolo(num_classes=3).train()
    return model, [(torch.randn(2, 3, 64, 64),)]


PACKAGES: Tuple[Package, ...] = (
    Package("classy-vision==0.7.0", "classy_vision", {
        "vit_conv_stem_token_head": classy_vit_conv_stem_token_head,
        "regnet_se_fully_connected_head": classy_regnet_se_fully_connected_head,
        "efficientnet_drop_connect_training": classy_efficientnet_drop_connect_training,
        "resnext3d_video_head": classy_resnext3d_video_head}),
    Package("g-mlp-pytorch==0.1.5", "g_mlp_pytorch", {
        "vision_layer_dropping": gmlp_vision_layer_dropping,
        "causal_language_model": gmlp_causal_language_model}),
    Package("res-mlp-pytorch==0.0.6", "res_mlp_pytorch", {
        "layer_scale": resmlp_layer_scale}),
    Package("lambda-networks==0.4.0", "lambda_networks", {
        "global_context": lambda_global_context,
        "local_relative_context": lambda_local_relative_context}),
    Package("repvgg-pytorch==1.0.1", "repvgg_pytorch", {
        "checkpointed_training": repvgg_checkpointed_training,
        "deploy_converted": repvgg_deploy_converted,
        "plus_aux_heads_checkpointed": repvggplus_aux_heads_checkpointed}),
    Package("mobileone-pytorch==0.1.0", "mobileone_pytorch", {
        "s0_training": mobileone_s0_training,
        "s0_reparametrized": mobileone_s0_reparametrized}),
    Package("lightnet==4.0.0", "lightnet", {
        "tiny_yolo_v3_multiscale_nms": lightnet_tiny_yolo_v3_multiscale_nms,
        "tiny_yolo_v2_soft_nms": lightnet_tiny_yolo_v2_soft_nms,
        "mobilenet_yolo_training": lightnet_mobilenet_yolo_training},
        dependencies=("torchvision==0.28.0", "pillow==11.3.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
