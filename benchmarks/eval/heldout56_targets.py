"""Held-out group 56 of the evaluation: image backbones and their regularisers and necks written in the style of timm
without it (ResNet factories for ImageNet and CIFAR with projection or zero-padding shortcuts, pre-activation and wide
ResNets, a ViT whose patch embedding mixes three patch sizes chosen per region by an image-complexity score, DropBlock
as a structured stochastic-depth-like regulariser with a schedule, and feature-pyramid necks over multi-scale backbone
features: FPN, PAFPN, BiFPN with fast normalised fusion, NAS-FPN, HRFPN, LRFPN, CARAFE upsampling, a CSP-PAN with a
transformer on its deepest level), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout56_targets.py \
        --site benchmarks/eval/.packages-heldout56 --suffix heldout56 --jobs 1

torch-resnet: ResNet20 (CIFAR stem, projection shortcuts) and ResNet18 (ImageNet stem) inference, a ResNet with the
zero-padding identity shortcut, a pre-activation wide ResNet with dropout as a training step, and a Bottleneck ResNet50
with its head replaced through set_head. dp-vit: the dynamic-patch ViT over a batch its collate function builds
(patches of three sizes, positions and padding masks in a dict), inference and a training step, and the package's
single-image predict_tensor (complexity map computed with numpy and scipy, collate, inference under inference_mode),
compiled whole as a user would wrap a predict helper. dropblock: DropBlock2D inside a small CNN as a training step and
in eval (where it returns its input), and DropBlock3D behind its LinearScheduler. feneck: each neck over three backbone
levels (strides 8, 16, 32), in eval; BiFPN and the CSP-PAN with its transformer also as a training step. torchvision,
which only feneck's DyHead imports (DeformConv2d), is stood in and DyHead is not made.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and everything built on it (classifyhub, medimm, deepguard); torch-tresnet (inplace-abn, a compiled
extension); resnet-pytorch and densenet-pytorch (their forwards break nowhere and their weights download from a hub);
image-classification-tools (huggingface_hub); squeeznet (torchvision models).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up stood-in packages' specs on import

    torch.manual_seed(0)
    return torch


def _images(torch, batch=2, size=32):
    return torch.randn(batch, 3, size, size)


def _labels(torch, batch=2, classes=10):
    return torch.randint(0, classes, (batch,))


def _train_step(torch, model, images, labels):
    def step(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        return loss

    return step, [(images, labels)]


# --------------------------------------------------------------------------------------------------- torch-resnet
def _classifier(torch, model, classes=10):
    model.set_head(torch.nn.Linear(model.out_planes, classes))
    return model


def resnet20():
    torch = _seed()
    from torch_resnet import ResNet20

    return _classifier(torch, ResNet20()).eval(), [(_images(torch),)]


def resnet18_imagenet_stem():
    torch = _seed()
    from torch_resnet import ResNet18

    return _classifier(torch, ResNet18()).eval(), [(_images(torch, size=64),)]


def resnet_identity_shortcut():
    torch = _seed()
    from torch_resnet import IdentityShortcut, ResNet
    from torch_resnet.resnet import BasicBlock

    model = ResNet([(0, 8), (1, 8), (1, 16), (1, 32)], BasicBlock, shortcut=IdentityShortcut, small_images=True)
    return _classifier(torch, model).eval(), [(_images(torch),)]


def preact_wide_resnet_train():
    torch = _seed()
    from torch_resnet import PreActWideResNet16

    model = _classifier(torch, PreActWideResNet16(width=2, drop_rate=0.3)).train()
    return _train_step(torch, model, _images(torch), _labels(torch))


def resnet50_bottleneck():
    torch = _seed()
    from torch_resnet import ResNet50

    return _classifier(torch, ResNet50(small_images=True)).eval(), [(_images(torch, batch=1),)]


# --------------------------------------------------------------------------------------------------------- dp-vit
def _dpvit_config():
    from dp_vit import DPViTConfig

    return DPViTConfig(num_classes=10, image_size=64, region_size=32, patch_sizes=(8, 16, 32), embed_dim=32,
                       num_layers=2, num_heads=2, mlp_ratio=2.0, dropout=0.0)


def _dpvit_batch(torch, config, count=2):
    import numpy as np
    from dp_vit import adaptive_collate_fn

    cells = config.image_size // config.region_size
    maps = [np.array([[8, 16], [32, 8]]), np.array([[32, 32], [16, 8]])]
    samples = [(torch.rand(3, config.image_size, config.image_size), maps[i % 2][:cells, :cells], i) for i in range(count)]
    batch = adaptive_collate_fn(samples, region_size=config.region_size, patch_sizes=config.patch_sizes)
    return {key: value for key, value in batch.items() if key != "labels"}


def dpvit():
    torch = _seed()
    from dp_vit import DPViT

    config = _dpvit_config()
    return DPViT(config).eval(), [(_dpvit_batch(torch, config),)]


def dpvit_train():
    torch = _seed()
    from dp_vit import DPViT

    config = _dpvit_config()
    model = DPViT(config).train()

    def step(batch, labels):
        loss = torch.nn.functional.cross_entropy(model(batch), labels)
        loss.backward()
        return loss

    return step, [(_dpvit_batch(torch, config), _labels(torch))]


def dpvit_predict():
    torch = _seed()
    from dp_vit import DPViT, ICSCalibration, predict_tensor

    config = _dpvit_config()
    model = DPViT(config).eval()
    calibration = ICSCalibration(alpha=0.5, beta=0.5, p30=0.01, p70=0.05)

    def predict(image):
        return predict_tensor(model, image, calibration)["probabilities"]

    return predict, [(torch.rand(3, config.image_size, config.image_size),)]


# ------------------------------------------------------------------------------------------------------ dropblock
def _dropblock_cnn(torch, block):
    return torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), block,
                               torch.nn.Conv2d(8, 8, 3, stride=2, padding=1), torch.nn.ReLU(),
                               torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(8, 10))


def dropblock2d_train():
    torch = _seed()
    from dropblock import DropBlock2D

    model = _dropblock_cnn(torch, DropBlock2D(drop_prob=0.2, block_size=3)).train()
    return _train_step(torch, model, _images(torch, size=16), _labels(torch))


def dropblock2d_eval():
    torch = _seed()
    from dropblock import DropBlock2D

    model = _dropblock_cnn(torch, DropBlock2D(drop_prob=0.2, block_size=4)).eval()
    return model, [(_images(torch, size=16),)]


def dropblock3d_scheduled():
    torch = _seed()
    from dropblock import DropBlock3D, LinearScheduler

    scheduler = LinearScheduler(DropBlock3D(drop_prob=0.0, block_size=3), start_value=0.0, stop_value=0.25, nr_steps=5)
    scheduler.train()
    for _ in range(3):
        scheduler.step()
    return scheduler, [(torch.randn(2, 4, 6, 6, 6),)]


# --------------------------------------------------------------------------------------------------------- feneck
_FENECK_STAND_INS = ("torchvision", "torchvision.ops")  # only DyHead's DeformConv2d, which no target makes
_CHANNELS = [8, 16, 32]
_STRIDES = [8, 16, 32]


def _features(torch, batch=2, size=64):
    return [torch.randn(batch, c, size // s, size // s) for c, s in zip(_CHANNELS, _STRIDES)]


def _neck(name, **kwargs):
    torch = _seed()
    targets.stand_in(*_FENECK_STAND_INS)
    import feneck

    return torch, getattr(feneck, name)(_CHANNELS, _STRIDES, **kwargs)


def _neck_eval(name, **kwargs):
    torch, neck = _neck(name, **kwargs)
    return neck.eval(), [(_features(torch),)]


def _neck_train(name, **kwargs):
    torch, neck = _neck(name, **kwargs)
    neck.train()

    def step(features):
        loss = sum(level.pow(2).mean() for level in neck(features))
        loss.backward()
        return loss

    return step, [(_features(torch),)]


def fpn():
    return _neck_eval("FPN", out_channels=16, num_levels=5, has_extra_convs=True, norm_type="batch")


def pafpn():
    return _neck_eval("PAFPN", out_channels=16, num_levels=4, has_extra_convs=True)


def bifpn():
    return _neck_eval("BiFPN", out_channels=16, num_levels=5, num_layers=2)


def bifpn_train():
    return _neck_train("BiFPN", out_channels=16, num_levels=4, num_layers=1, use_fast_attention=False,
                       norm_type="batch")


def nasfpn():
    torch, neck = _neck("NASFPN", out_channels=16, num_repeats=2)
    return neck.eval(), [(_features(torch, batch=1, size=256),)]


def hrfpn():
    return _neck_eval("HRFPN", out_channels=16, num_levels=4, pooling_type="max")


def lrfpn():
    return _neck_eval("LRFPN", out_channels=16, num_levels=4)


def carafe():
    return _neck_eval("CARAFE", out_channels=16)


def simple_fpn():
    """SimpleFPN (ViTDet) builds its pyramid from one stride-16 map of a plain ViT."""
    torch = _seed()
    targets.stand_in(*_FENECK_STAND_INS)
    from feneck import SimpleFPN

    neck = SimpleFPN(32, 16, out_channels=16, num_levels=4, start_level=2).eval()
    return neck, [([torch.randn(2, 32, 4, 4)],)]


def extender():
    return _neck_eval("FeaturePyramidExtender", out_channels=16, num_levels=5, add_higher_res=True)


def csppan_transformer_train():
    return _neck_train("CustomCSPPAN", out_channels=16, spp=True, use_alpha=True, use_transformer=True,
                       transformer_num_heads=2, transformer_num_layers=1, transformer_dim_feedforward=32)


PACKAGES: Tuple[Package, ...] = (
    Package("torch-resnet==0.0.4", "torch_resnet", {
        "resnet20": resnet20,
        "resnet18_imagenet_stem": resnet18_imagenet_stem,
        "identity_shortcut": resnet_identity_shortcut,
        "preact_wide_train": preact_wide_resnet_train,
        "resnet50_bottleneck": resnet50_bottleneck}),
    Package("dp-vit==0.1.3", "dp_vit", {
        "dpvit": dpvit,
        "dpvit_train": dpvit_train,
        "predict": dpvit_predict},
        roots=("dp_vit.inference:predict_tensor",)),
    Package("dropblock==0.3.0", "dropblock", {
        "dropblock2d_train": dropblock2d_train,
        "dropblock2d_eval": dropblock2d_eval,
        "dropblock3d_scheduled": dropblock3d_scheduled}),
    Package("feneck==0.0.1", "feneck", {
        "fpn": fpn,
        "pafpn": pafpn,
        "bifpn": bifpn,
        "bifpn_train": bifpn_train,
        "nasfpn": nasfpn,
        "hrfpn": hrfpn,
        "lrfpn": lrfpn,
        "carafe": carafe,
        "simple_fpn": simple_fpn,
        "extender": extender,
        "csppan_transformer_train": csppan_transformer_train}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
