"""Held-out group 40 of the evaluation: image model zoos in the style of a timm-like library (models built by name
from registries and configs, architectures chosen by string, activation and norm layers chosen by name, stochastic
depth, layer scale, squeeze-excitation, feature extraction through out_indices, endpoints and forward hooks, gradient
checkpointing over stages, windowed attention with shift masks and relative positions, position embeddings resampled
for a new image size), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout40_targets.py \
        --site benchmarks/eval/.packages-heldout40 --suffix heldout40 --jobs 1

MMPretrain (mmpretrain, on mmengine and mmcv-lite): classifiers built from config dicts through the MODELS registry, the
Swin transformer with shifted-window masks, padding of small maps and checkpointed blocks, the ViT with layer scale and
bicubic resampling of its position embedding for another image size, ConvNeXt with layer scale and stochastic depth,
EfficientNet decoded from its arch table, and the classifier's loss with data samples. SAM 2's Hiera image encoder
(sam2): windowed attention with query pooling, drop path, the windowed position embedding interpolated to the image,
and the FPN neck. Spandrel (spandrel): image-restoration architectures detected from a state dict by its registry
(ModelLoader), SwinIR and HAT with window masks computed for the input size and padding to a window multiple.
Torchreid (torchreid): build_model by name, OSNet, ResNet-50 with a feature head and PCB, logits in training and
features in eval. glasses: AutoModel.from_name over its zoo, the encoder's features through forward hooks,
squeeze-excitation ResNets, EfficientNet and ViT. ResNeSt (resnest): split attention with radix, deep stem and average
downsampling.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and every package built on it; efficientnet-pytorch, segment-anything, monai and vit-pytorch (tuned on
in targets.py); geffnet (an earlier group's). mmpretrain's optional timm wrappers are never built. Imports only code no
target runs needs are stood in: OpenCV, matplotlib, mat4py, modelindex (mmpretrain, glasses), gdown and torch's
tensorboard writer (torchreid), torchsummary and requests (glasses). torchvision is a dependency only, made importable
as in held-out group 14.
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


# -------------------------------------------------------------------------------------------------------- mmpretrain
def _mmpretrain():
    torch = _seed()
    _torchvision()
    stand_in("cv2", "matplotlib", "matplotlib.pyplot", "mat4py", "modelindex.load_model_index",
             "modelindex.models.Model", "modelindex.models.ModelIndex", "modelindex.models.Collection",
             "modelindex.models.Result", "modelindex.models.Metadata")
    from mmpretrain.registry import MODELS

    import mmpretrain.models  # noqa: F401  (fills the registry)
    return torch, MODELS


def mmpretrain_swin_shifted_windows_checkpointed():
    torch, models = _mmpretrain()
    model = models.build(dict(type="SwinTransformer", arch=dict(embed_dims=16, depths=[2, 2], num_heads=[1, 2]),
                              img_size=32, window_size=4, drop_path_rate=0.1, out_indices=(0, 1), with_cp=True,
                              pad_small_map=True))
    model.train()  # mmpretrain backbones' train() returns None
    return model, [(torch.randn(2, 3, 40, 40),)]


def mmpretrain_vit_layer_scale_resampled_pos_embed():
    torch, models = _mmpretrain()
    model = models.build(dict(type="VisionTransformer", arch=dict(embed_dims=32, num_layers=2, num_heads=2,
                                                                  feedforward_channels=64),
                              img_size=32, patch_size=8, drop_path_rate=0.1, layer_scale_init_value=0.1,
                              out_indices=(0, 1), out_type="cls_token"))
    model.eval()  # mmpretrain backbones' train() returns None
    return model, [(torch.randn(2, 3, 48, 48),)]


def mmpretrain_convnext_training():
    torch, models = _mmpretrain()
    model = models.build(dict(type="ConvNeXt", arch=dict(depths=[1, 1, 1, 1], channels=[8, 16, 32, 64]),
                              drop_path_rate=0.2, layer_scale_init_value=1e-6, out_indices=(1, 3)))
    model.train()  # mmpretrain backbones' train() returns None
    return model, [(torch.randn(2, 3, 32, 32),)]


def mmpretrain_efficientnet_by_arch():
    torch, models = _mmpretrain()
    model = models.build(dict(type="EfficientNet", arch="b0", drop_path_rate=0.1, out_indices=(6,),
                              norm_cfg=dict(type="BN"), act_cfg=dict(type="Swish")))
    model.eval()  # mmpretrain backbones' train() returns None
    return model, [(torch.randn(1, 3, 32, 32),)]


def _classifier(models):
    return models.build(dict(
        type="ImageClassifier",
        backbone=dict(type="ResNet", depth=18, base_channels=8, drop_path_rate=0.1),
        neck=dict(type="GlobalAveragePooling"),
        head=dict(type="LinearClsHead", num_classes=10, in_channels=64,
                  loss=dict(type="LabelSmoothLoss", label_smooth_val=0.1))))


def mmpretrain_classifier_tensor_mode():
    torch, models = _mmpretrain()
    model = _classifier(models).eval()

    def classify(images):
        return model(images, mode="tensor")

    return classify, [(torch.randn(2, 3, 32, 32),)]


def mmpretrain_classifier_loss_with_data_samples():
    torch, models = _mmpretrain()
    from mmpretrain.structures import DataSample

    model = _classifier(models).train()
    samples = [DataSample().set_gt_label(3), DataSample().set_gt_label(7)]

    def loss(images):
        return model(images, samples, mode="loss")["loss"]

    return loss, [(torch.randn(2, 3, 32, 32),)]


# -------------------------------------------------------------------------------------------------------------- sam2
def _sam2_encoder(training):
    torch = _seed()
    _torchvision()
    from sam2.modeling.backbones.hieradet import Hiera
    from sam2.modeling.backbones.image_encoder import FpnNeck, ImageEncoder
    from sam2.modeling.position_encoding import PositionEmbeddingSine

    trunk = Hiera(embed_dim=16, num_heads=1, drop_path_rate=0.1, q_pool=3, stages=(1, 1, 1, 2),
                  window_pos_embed_bkg_spatial_size=(4, 4), window_spec=(4, 4, 2, 2), global_att_blocks=(4,))
    neck = FpnNeck(position_encoding=PositionEmbeddingSine(num_pos_feats=32), d_model=32,
                   backbone_channel_list=[128, 64, 32, 16], fpn_top_down_levels=[2, 3])
    return torch, ImageEncoder(trunk, neck, scalp=1).train(training)


def sam2_hiera_image_encoder():
    torch, encoder = _sam2_encoder(False)

    def encode(images):
        out = encoder(images)
        return out["vision_features"], out["backbone_fpn"], out["vision_pos_enc"]

    return encode, [(torch.randn(1, 3, 64, 64),)]


def sam2_hiera_trunk_training():
    torch, encoder = _sam2_encoder(True)
    return encoder.trunk, [(torch.randn(2, 3, 64, 64),)]


# ----------------------------------------------------------------------------------------------------------- spandrel
def _spandrel():
    torch = _seed()
    _torchvision()
    return torch


def spandrel_swinir_from_state_dict():
    torch = _spandrel()
    from spandrel import ModelLoader
    from spandrel.architectures.SwinIR import SwinIR

    made = SwinIR(img_size=16, embed_dim=12, depths=[1, 1], num_heads=[2, 2], window_size=4, mlp_ratio=2.0,
                  upscale=2, upsampler="pixelshuffledirect", resi_connection="1conv")
    model = ModelLoader().load_from_state_dict(made.state_dict()).model.eval()
    return model, [(torch.rand(1, 3, 18, 22),)]


def spandrel_swinir_checkpointed_training():
    torch = _spandrel()
    from spandrel.architectures.SwinIR import SwinIR

    model = SwinIR(img_size=16, embed_dim=12, depths=[1, 1], num_heads=[2, 2], window_size=4, mlp_ratio=2.0,
                   upscale=1, upsampler="", use_checkpoint=True, drop_path_rate=0.1).train()
    return model, [(torch.rand(2, 3, 16, 16),)]


def spandrel_hat_hybrid_attention():
    torch = _spandrel()
    from spandrel.architectures.HAT import HAT

    model = HAT(img_size=16, embed_dim=12, depths=(1,), num_heads=(2,), window_size=4, compress_ratio=3,
                squeeze_factor=3, overlap_ratio=0.5, mlp_ratio=2.0, upscale=2, upsampler="pixelshuffle").eval()
    return model, [(torch.rand(1, 3, 16, 20),)]


# ---------------------------------------------------------------------------------------------------------- torchreid
def _torchreid(name, training, **kwargs):
    import sys
    import types

    torch = _seed()
    _torchvision()
    stand_in("gdown", "cv2", "matplotlib", "matplotlib.pyplot")
    writer = types.ModuleType("torch.utils.tensorboard")  # the engine's SummaryWriter: no target trains with it
    writer.SummaryWriter = None
    sys.modules.setdefault("torch.utils.tensorboard", writer)
    from torchreid.reid.models import build_model

    model = build_model(name, num_classes=10, pretrained=False, use_gpu=False, **kwargs)
    return torch, model.train(training)


def torchreid_osnet_training_logits():
    torch, model = _torchreid("osnet_x0_25", True)
    return model, [(torch.randn(2, 3, 64, 32),)]


def torchreid_osnet_eval_features():
    torch, model = _torchreid("osnet_ain_x0_25", False)
    return model, [(torch.randn(2, 3, 64, 32),)]


def torchreid_resnet50_fc512_triplet():
    torch, model = _torchreid("resnet50_fc512", True, loss="triplet")
    return model, [(torch.randn(2, 3, 64, 32),)]


def torchreid_pcb_parts():
    torch, model = _torchreid("pcb_p6", True)
    return model, [(torch.randn(2, 3, 96, 32),)]


# ----------------------------------------------------------------------------------------------------------- glasses
def _glasses():
    torch = _seed()
    _torchvision()
    stand_in("cv2", "matplotlib", "matplotlib.pyplot", "torchsummary", "requests")
    return torch


def glasses_resnet_by_name_training():
    torch = _glasses()
    from glasses.models import AutoModel

    model = AutoModel.from_name("resnet26d", n_classes=10).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def glasses_encoder_features_hooks():
    torch = _glasses()
    from glasses.models import AutoModel

    model = AutoModel.from_name("se_resnet18", n_classes=10).eval()
    encoder = model.encoder
    encoder.features  # registers the forward hooks that store each stage's output

    def features(images):
        encoder(images)
        return encoder.features

    return features, [(torch.randn(2, 3, 32, 32),)]


def glasses_efficientnet_by_name():
    torch = _glasses()
    from glasses.models import AutoModel

    model = AutoModel.from_name("efficientnet_b0", n_classes=10).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def glasses_vit_by_name():
    torch = _glasses()
    from glasses.models import AutoModel

    model = AutoModel.from_name("vit_small_patch16_224", n_classes=10, img_size=32).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


# ----------------------------------------------------------------------------------------------------------- resnest
def resnest_split_attention_radix():
    torch = _seed()
    from resnest.torch.resnet import Bottleneck, ResNet

    model = ResNet(Bottleneck, [1, 1, 1, 1], radix=2, groups=1, bottleneck_width=16, num_classes=10, deep_stem=True,
                   stem_width=8, avg_down=True, avd=True, avd_first=False, final_drop=0.2).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def resnest_radix_one_eval():
    torch = _seed()
    from resnest.torch.resnet import Bottleneck, ResNet

    model = ResNet(Bottleneck, [1, 1, 1, 1], radix=1, groups=2, bottleneck_width=16, num_classes=10,
                   dilated=True).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


PACKAGES: Tuple[Package, ...] = (
    Package("mmpretrain==1.2.0", "mmpretrain", {
        "swin_shifted_windows_checkpointed": mmpretrain_swin_shifted_windows_checkpointed,
        "vit_layer_scale_resampled_pos_embed": mmpretrain_vit_layer_scale_resampled_pos_embed,
        "convnext_training": mmpretrain_convnext_training,
        "efficientnet_by_arch": mmpretrain_efficientnet_by_arch,
        "classifier_tensor_mode": mmpretrain_classifier_tensor_mode,
        "classifier_loss_with_data_samples": mmpretrain_classifier_loss_with_data_samples},
        dependencies=("mmengine==0.10.7", "mmcv-lite==2.2.0", "addict==2.4.0", "yapf==0.43.0", "termcolor==3.1.0",
                      "importlib-metadata==8.7.0", "zipp==4.1.2")),
    Package("sam2==1.1.0", "sam2", {
        "hiera_image_encoder": sam2_hiera_image_encoder,
        "hiera_trunk_training": sam2_hiera_trunk_training},
        dependencies=("hydra-core==1.3.8", "omegaconf==2.3.0", "antlr4-python3-runtime==4.9.3", "iopath==0.1.10",
                      "portalocker==3.2.0")),
    Package("spandrel==0.4.2", "spandrel", {
        "swinir_from_state_dict": spandrel_swinir_from_state_dict,
        "swinir_checkpointed_training": spandrel_swinir_checkpointed_training,
        "hat_hybrid_attention": spandrel_hat_hybrid_attention},
        dependencies=("safetensors==0.6.2",)),
    Package("torchreid==0.2.5", "torchreid", {
        "osnet_training_logits": torchreid_osnet_training_logits,
        "osnet_eval_features": torchreid_osnet_eval_features,
        "resnet50_fc512_triplet": torchreid_resnet50_fc512_triplet,
        "pcb_parts": torchreid_pcb_parts}),
    Package("glasses==0.0.6", "glasses", {
        "resnet_by_name_training": glasses_resnet_by_name_training,
        "encoder_features_hooks": glasses_encoder_features_hooks,
        "efficientnet_by_name": glasses_efficientnet_by_name,
        "vit_by_name": glasses_vit_by_name}),
    Package("resnest==0.0.5", "resnest", {
        "split_attention_radix": resnest_split_attention_radix,
        "radix_one_eval": resnest_radix_one_eval}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
