"""Held-out group 51 of the evaluation: image backbones written in the style of timm without it (vision
transformers with a class token and learned position embeddings, a hybrid ResNetV2 stem with weight-standardised
convolutions, Swin transformers with shifted window attention, relative position bias and drop path, MobileViT with
inverted residuals and unfolded-patch transformer blocks, and a DeiT-style distillation token trained against a
teacher), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout51_targets.py \
        --site benchmarks/eval/.packages-heldout51 --suffix heldout51 --jobs 1

Vision transformers (vision-transformers): ViT, Swin (shifted windows, attention mask, drop path in training) and
MobileViT, as inference and as a training step. ViT after the JAX reference (vision-transformer-pytorch): the plain
ViT and the R50+ViT hybrid on a ResNetV2 stem, inference and a training step. DeiT-style distillation
(distillable-vision-transformer): the student alone, the DistillationTrainer wrapper with a teacher under no_grad,
and the DistilledLoss training step. Contrastive self-supervision (simclr): the SimCLR two-view projector over a
small CNN encoder and its NT-Xent training step (negatives picked by a boolean mask). torchvision, which only its
ResNet helpers import, is stood in; its LARS optimizer step is left out (it moves a tensor to `get_device()`, -1 on
CPU, and fails eagerly).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and everything built on it (flexivit-pytorch, convnext-unet, efficientformers); deepvision-toolkit
(imports tensorflow and pytorch_lightning); vit-pytorch-implementation (torchvision); pretrained-vit-pytorch (a copy
of pytorch-pretrained-vit, which group targets name); efficientnet-pytorch-youngj98 (a copy of efficientnet-pytorch).
mobile-block (a single module, not a package folder). vision-transformers' detection models (DETR) and tools need
torchvision and are not made.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch

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


# --------------------------------------------------------------------------------------------- vision-transformers
def _vt_vit(torch):
    from vision_transformers.models.vit import ViT

    return ViT(img_size=32, patch_size=8, num_classes=10, embed_dim=32, mlp_in=32, mlp_ratio=2, mlp_out=32, depth=2,
               num_heads=2, dim_head=16)


def _vt_swin(torch):
    from vision_transformers.models.swin_transformer import SwinTransformer

    return SwinTransformer(img_size=32, patch_size=2, num_classes=10, embed_dim=16, depths=[2, 2], num_heads=[2, 2],
                           window_size=4, mlp_ratio=2.0, drop_path_rate=0.1)


def _vt_mobilevit(torch):
    from vision_transformers.models.mobile_vit import mobilevit_xxs

    return mobilevit_xxs(num_classes=10)


def vt_vit():
    torch = _seed()
    model = _vt_vit(torch).eval()
    return model, [(_images(torch),)]


def vt_vit_train():
    torch = _seed()
    return _train_step(torch, _vt_vit(torch).train(), _images(torch), _labels(torch))


def vt_swin():
    torch = _seed()
    model = _vt_swin(torch).eval()
    return model, [(_images(torch),)]


def vt_swin_train():
    torch = _seed()
    return _train_step(torch, _vt_swin(torch).train(), _images(torch), _labels(torch))


def vt_mobilevit():
    torch = _seed()
    model = _vt_mobilevit(torch).eval()
    return model, [(_images(torch, size=64),)]


def vt_mobilevit_train():
    torch = _seed()
    return _train_step(torch, _vt_mobilevit(torch).train(), _images(torch, size=64), _labels(torch))


# ------------------------------------------------------------------------------------- vision-transformer-pytorch
def _jax_vit(torch, hybrid=False):
    from vision_transformer_pytorch import VisionTransformer

    name = "R50+ViT-B_16" if hybrid else "ViT-B_16"
    return VisionTransformer.from_name(name, image_size=64 if hybrid else 32, patch_size=1 if hybrid else 8,
                                       emb_dim=32, mlp_dim=64, num_heads=2, num_layers=2, num_classes=10)


def jax_vit():
    torch = _seed()
    model = _jax_vit(torch).eval()
    return model, [(_images(torch),)]


def jax_vit_train():
    torch = _seed()
    return _train_step(torch, _jax_vit(torch).train(), _images(torch), _labels(torch))


def jax_hybrid():
    torch = _seed()
    model = _jax_vit(torch, hybrid=True).eval()
    return model, [(_images(torch, batch=1, size=64),)]


# --------------------------------------------------------------------------------- distillable-vision-transformer
def _student(torch):
    from distillable_vision_transformer import DistillableVisionTransformer

    return DistillableVisionTransformer(image_size=(32, 32), patch_size=8, emb_dim=32, mlp_dim=64, num_heads=2,
                                        num_layers=2, num_classes=10)


def distill_student():
    torch = _seed()
    model = _student(torch).eval()
    return model, [(_images(torch),)]


def distill_train():
    torch = _seed()
    from distillable_vision_transformer import DistillationTrainer, DistilledLoss

    teacher = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 32 * 32, 10)).eval()
    trainer = DistillationTrainer(teacher, _student(torch).train())
    criterion = DistilledLoss(alpha=0.5, temperature=2.0)

    def step(images, labels):
        teacher_logits, student_logits, distill_logits = trainer(images)
        loss = criterion(teacher_logits, student_logits, distill_logits, labels)
        loss.backward()
        return loss

    return step, [(_images(torch), _labels(torch))]


# ---------------------------------------------------------------------------------------------------------- simclr
_SIMCLR_STAND_INS = ("torchvision", "torchvision.models.resnet")  # the package's ResNet helpers, no target makes them


def _encoder(torch, features=16):
    """A small CNN with an `fc` head, as SimCLR expects of its torchvision ResNet encoder."""
    encoder = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                  torch.nn.Conv2d(8, features, 3, stride=2, padding=1), torch.nn.ReLU(),
                                  torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten())
    encoder.fc = torch.nn.Linear(features, 10)
    return encoder


def _simclr(torch):
    targets.stand_in(*_SIMCLR_STAND_INS)
    from simclr import SimCLR

    return SimCLR(_encoder(torch), projection_dim=8, n_features=16)


def simclr_views():
    torch = _seed()
    model = _simclr(torch).eval()
    return model, [(_images(torch), _images(torch))]


def simclr_train():
    torch = _seed()
    model = _simclr(torch).train()
    from simclr.modules import NT_Xent

    criterion = NT_Xent(batch_size=4, temperature=0.5, world_size=1)

    def step(x_i, x_j):
        _, _, z_i, z_j = model(x_i, x_j)
        loss = criterion(z_i, z_j)
        loss.backward()
        return loss

    return step, [(_images(torch, batch=4), _images(torch, batch=4))]


PACKAGES: Tuple[Package, ...] = (
    Package("vision-transformers==0.1.1.0", "vision_transformers", {
        "vit": vt_vit,
        "vit_train": vt_vit_train,
        "swin": vt_swin,
        "swin_train": vt_swin_train,
        "mobilevit": vt_mobilevit,
        "mobilevit_train": vt_mobilevit_train}),
    Package("vision-transformer-pytorch==1.0.3", "vision_transformer_pytorch", {
        "vit": jax_vit,
        "vit_train": jax_vit_train,
        "hybrid": jax_hybrid}),
    Package("distillable-vision-transformer==1.0.1", "distillable_vision_transformer", {
        "student": distill_student,
        "distill_train": distill_train}),
    Package("simclr==1.0.2", "simclr", {
        "views": simclr_views,
        "train": simclr_train}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
