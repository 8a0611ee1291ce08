"""Held-out group 60 of the evaluation: image backbones written in the style of timm without it (a MaxViT with
MBConv blocks, squeeze-excite gates, stochastic-depth-like drop-sample residuals and block / grid windowed attention
over a relative-position bias table with register tokens; NaViT, a ViT over images of several resolutions packed into
variable-length sequences with key-padding and per-image attention masks, token dropout and attention pooling; a ViT
with QK-normalised attention under an SDPA backend context manager; and a ShuffleNet-like network with channel
shuffles and split-crossover blocks), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout60_targets.py \
        --site benchmarks/eval/.packages-heldout60 --suffix heldout60 --jobs 1

frvit: MaxViT (two stages, window 4) in eval and as a training step; NaViT over a list of groups of images of
different sizes, in eval, and with token dropout over a flat list it groups itself by sequence length, as a training
step. torchvision, which only frvit's LandmarkCNN imports (a pretrained mobilenet), is stood in and never made.
mega-vit: MegaVit with cls pooling in eval and with mean pooling as a training step. augshufflenet-pytorch: the
AugShuffleNet of the package at small widths, in eval and as a training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: modelfeast (its package __init__ imports `collections.Iterable`, gone since Python 3.10, so none of its
models import; its CNNs would break nowhere anyway); timm and everything built on it (convnext-unet, efficientformers,
flexivit-pytorch, hiera-transformer, hyvitasbench, lra-benchmark, medimm, robustvsnormalzoo); medim
(huggingface_hub); navit-torch (zetascale); torch-tresnet (inplace-abn, a compiled extension); deepvision-toolkit
(tensorflow, pytorch_lightning); squeeznet and mnistvit (torchvision models and datasets); pytorch-attention (its
sdist holds no code).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ("einops==0.8.2",)


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up stood-in packages' specs on import

    torch.manual_seed(0)
    return torch


def _images(torch, batch=2, size=32):
    return torch.randn(batch, 3, size, size)


def _labels(torch, batch=2, classes=10):
    return torch.randint(0, classes, (batch,))


def _train_step(torch, model, inputs, labels):
    def step(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        return loss

    return step, [(inputs, labels)]


# ---------------------------------------------------------------------------------------------------------- frvit
_FRVIT_STAND_INS = ("torchvision", "torchvision.models")


def _maxvit(torch):
    from frvit.main import MaxViT

    return MaxViT(num_classes=10, dim=16, depth=(1, 1), dim_head=8, window_size=4, dropout=0.1,
                  num_register_tokens=2)


def maxvit():
    torch = _seed()
    return _maxvit(torch).eval(), [(_images(torch),)]


def maxvit_train():
    torch = _seed()
    return _train_step(torch, _maxvit(torch).train(), _images(torch), _labels(torch))


def _navit(torch, **kwargs):
    targets.stand_in(*_FRVIT_STAND_INS)
    from frvit.navit import NaViT

    return NaViT(image_size=32, patch_size=8, num_classes=10, dim=32, depth=1, heads=2, mlp_dim=64, dim_head=16,
                 **kwargs)


def _resolutions(torch):
    """Images of three resolutions (each side a multiple of the patch size)."""
    return [torch.randn(3, 32, 32), torch.randn(3, 16, 24), torch.randn(3, 24, 16)]


def navit():
    torch = _seed()
    model = _navit(torch).eval()
    first, second, third = _resolutions(torch)

    def classify(images):
        return model(images)

    return classify, [([[first, second], [third]],)]


def navit_token_dropout_train():
    torch = _seed()
    model = _navit(torch, token_dropout_prob=0.25).train()
    labels = _labels(torch, batch=3)

    def step(images, y):
        loss = torch.nn.functional.cross_entropy(model(images, group_images=True, group_max_seq_len=16), y)
        loss.backward()
        return loss

    return step, [(_resolutions(torch), labels)]


# ------------------------------------------------------------------------------------------------------- mega-vit
def _megavit(torch, pool):
    from mega_vit import MegaVit

    return MegaVit(image_size=32, patch_size=8, num_classes=10, dim=32, depth=2, heads=2, mlp_dim=64, dim_head=16,
                   pool=pool, dropout=0.1, emb_dropout=0.1)


def megavit():
    torch = _seed()
    return _megavit(torch, "cls").eval(), [(_images(torch),)]


def megavit_mean_train():
    torch = _seed()
    return _train_step(torch, _megavit(torch, "mean").train(), _images(torch), _labels(torch))


# ------------------------------------------------------------------------------------------- augshufflenet-pytorch
def _augshufflenet(torch):
    from augshufflenet_pytorch import AugShuffleNet

    return AugShuffleNet([2, 3, 2], [8, 16, 32, 64])


def augshufflenet():
    torch = _seed()
    return _augshufflenet(torch).eval(), [(_images(torch),)]


def augshufflenet_train():
    torch = _seed()
    model = _augshufflenet(torch).train()
    head = torch.nn.Linear(64, 10)

    def step(x, y):
        loss = torch.nn.functional.cross_entropy(head(model(x)), y)
        loss.backward()
        return loss

    return step, [(_images(torch), _labels(torch))]


PACKAGES: Tuple[Package, ...] = (
    Package("frvit==0.0.2", "frvit", {
        "maxvit": maxvit,
        "maxvit_train": maxvit_train,
        "navit": navit,
        "navit_token_dropout_train": navit_token_dropout_train}),
    Package("mega-vit==0.0.4", "mega_vit", {
        "megavit": megavit,
        "megavit_mean_train": megavit_mean_train}),
    Package("augshufflenet-pytorch==0.0.2", "augshufflenet_pytorch", {
        "augshufflenet": augshufflenet,
        "augshufflenet_train": augshufflenet_train}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
