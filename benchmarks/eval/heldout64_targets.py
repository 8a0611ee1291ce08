"""Held-out group 64 of the evaluation: vision backbones, detectors and training steps written in the style of timm
without it (MobileNetV2/V3, EfficientNet, ShuffleNetV2 and SE-ResNeXt classifiers built from a name registry,
intermediate features pulled out of a backbone by forward hooks, FPN / FPN-lite / MnasFPN / BiFPN pyramids over those
features, SSD-lite and RetinaNet heads with their prior boxes, losses and NMS predictors, a 3-D windowed ViT with
decomposed relative positions inside a promptable segmenter, a 3-D residual U-Net, a ViT with rotary multi-query
attention, a state-space block and a routed mixture of experts, and mixing augmentations inside training steps), from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout64_targets.py \
        --site benchmarks/eval/.packages-heldout64 --suffix heldout64 --jobs 1

Mobile / efficient backbones and detectors (mitorch-models): classifiers from ``ModelFactory.create``
(MobileNetV3Small, EfficientNetB0 in a training step with the model's own loss, ShuffleNetV2, SEResNext14),
multi-scale features of a MobileNetV2 through ``forward(input, output_names)``, SSD-lite detectors over the
extra-layer, FPN-lite and MnasFPN heads, a BiFPN head, a RetinaNet over an FPN, and what a detection user compiles
besides the forward: the SSD and focal losses against box targets (prior matching, hard negative mining) and the
predictors (box decoding, NMS, Python result lists). Medical 3-D models (medim): SAM-Med3D from the package's registry
at a small size (windowed and global 3-D attention with decomposed relative positions, prompt encoder with clicks and
the previous mask, two-way mask decoder, upsampled logits; one prompt and a loop of refining clicks), the image
encoder alone with a small window, and STU-Net from the registry in inference and a training step. OmegaViT
(omegavit): image classification with flexible patch embedding (padding odd sizes), the SSM and MoE blocks, attention
maps for visualisation, and the package's ``train_step`` with an optimizer. Augmentation-aware training steps (mixup):
a classifier's step on a batch mixed inside the step by MixUp, CutMix, ResizeMix, FMix (Fourier masks), PuzzleMix
(heuristic and input-gradient saliency) and a random pipeline of two; the mixers are plain classes, not modules, so
their modules are declared as roots. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own
site folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with ``pip download --no-deps`` and the wheel's METADATA): convnext-unet, convnextpl,
efficientformers, flexivit-pytorch, s2vit, hyvitasbench, lra-benchmark, medimm, transcv, ps3-torch (timm);
deepvision-toolkit (tensorflow); torch-tresnet (inplace-abn, compiled); canvit-pytorch (Python >= 3.12 only);
pytorch-attention and torch-attention (a single file of layers, no models); vit-zoo (transformers);
efficientnet-lite-pytorch (a copy of efficientnet-pytorch, another group's pick); mixers, rvit, vision-transformer (a
few hundred lines, no idioms the others lack). mitorch's NMS imports torchvision (pinned, installed with --no-deps; its
C++ nms is stood in for as in heldout14). medim's weight download helpers (requests, appdirs) are imported but never
reach the network: no target loads weights. SAM_Med3D.forward and postprocess_masks are not run: with one input
channel its three-value pixel mean cannot broadcast and "bilinear" does not take 5-D masks, so the targets follow
SAM-Med3D's own inference (encoder, prompt encoder, decoder, trilinear upsampling); box prompts index point
embeddings that do not exist. mixup's SaliencyMix is not run: it mixes labels with a (B, 1, 1, 1) ratio, which turns
the (B, classes) targets every other mixer takes into (B, 1, B, classes).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------- mitorch-models
def _mitorch():
    """mitorch's NMS imports torchvision, whose PyPI wheel needs CUDA torch: heldout14's CPU definition of
    torchvision::nms stands in for the extension (dynamo sees the op through torchvision's own fake)."""
    _torchvision()
    import mitorch.models

    return mitorch.models


def _factory(name, num_classes=3):
    ModelFactory = _mitorch().ModelFactory

    return ModelFactory.create(name, num_classes)


def mitorch_mobilenetv3_small():
    torch = _seed()
    model = _factory("MobileNetV3Small", 10).eval()

    def classify(images):
        return model(images).softmax(-1)

    return classify, [(torch.randn(2, 3, 64, 64),)]


def mitorch_efficientnet_train_step():
    torch = _seed()
    model = _factory("EfficientNetB0", 10).train()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def step(images, labels):
        optimizer.zero_grad()
        loss = model.loss(model(images), labels)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randn(2, 3, 64, 64), torch.tensor([1, 7]))]


def mitorch_shufflenetv2():
    torch = _seed()
    model = _factory("ShuffleNetV2", 10).eval()

    def classify(images):
        return model(images)

    return classify, [(torch.randn(2, 3, 64, 64),)]


def mitorch_seresnext14():
    torch = _seed()
    model = _factory("SEResNext14", 10).eval()

    def classify(images):
        return model(images)

    return classify, [(torch.randn(2, 3, 64, 64),)]


def mitorch_multiscale_features():
    torch = _seed()
    backbone = _mitorch().MobileNetV2().eval()

    def features(images):
        return backbone(images, ["features.block3_0.conv0", "features.block5_0.conv0", "features.conv1"])

    return features, [(torch.randn(1, 3, 64, 64),)]


def mitorch_ssdlite():
    torch = _seed()
    model = _factory("MobileNetV2-SSDLite").eval()

    def detect(images):
        return model(images)

    return detect, [(torch.randn(1, 3, 64, 64),)]


def mitorch_fpnlite_ssdlite():
    torch = _seed()
    model = _factory("MobileNetV3Small-FPNLite-SSDLite").eval()

    def detect(images):
        return model(images)

    return detect, [(torch.randn(1, 3, 64, 64),)]


def mitorch_mnasfpn_ssdlite():
    torch = _seed()
    model = _factory("MobileNetV3Small-MnasFPN-SSDLite").eval()

    def detect(images):
        return model(images)

    return detect, [(torch.randn(1, 3, 64, 64),)]


def mitorch_bifpn():
    torch = _seed()
    models = _mitorch()
    head = models.BidirectionalFeaturePyramidNetwork(models.MobileNetV3Small(), out_channels=32, num_blocks=2).eval()

    def pyramid(images):
        return head(images)

    return pyramid, [(torch.randn(1, 3, 64, 64),)]


_BOXES = [[[0, 0.1, 0.1, 0.6, 0.5], [2, 0.4, 0.3, 0.9, 0.95]], [[1, 0.2, 0.25, 0.7, 0.8]]]


def mitorch_ssd_train_step():
    torch = _seed()
    model = _factory("MobileNetV3Small-FPNLite-SSDLite").train()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

    def step(images):
        optimizer.zero_grad()
        loss = model.loss(model(images), _BOXES)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randn(2, 3, 64, 64),)]


def mitorch_ssd_predict():
    torch = _seed()
    model = _factory("MobileNetV2-SSDLite").eval()

    def predict(images):
        with torch.no_grad():
            return model.predictor(model(images))

    return predict, [(torch.randn(1, 3, 64, 64),)]


def mitorch_retinanet_train_step():
    torch = _seed()
    model = _factory("MobileNetV3Small-FPN-RetinaNet").train()

    def step(images):
        loss = model.loss(model(images), _BOXES)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 64, 64),)]


def mitorch_retinanet_predict():
    torch = _seed()
    model = _factory("MobileNetV3Small-FPNLite-RetinaNet").eval()

    def predict(images):
        with torch.no_grad():
            return model.predictor(model(images))

    return predict, [(torch.randn(1, 3, 64, 64),)]


# ------------------------------------------------------------------------------------------------------------ medim
def _sam_med3d():
    import medim

    return medim.create_model("SAM-Med3D", encoder_embed_dim=32, encoder_depth=2, encoder_num_heads=2,
                              encoder_global_attn_indexes=[1], prompt_embed_dim=48, image_size=32,
                              vit_patch_size=8).eval()


def medim_sam_point_prompt():
    """SAM-Med3D's own inference: encode the volume, embed a click and the previous low-resolution mask, decode,
    and upsample the logits to the volume."""
    torch = _seed()
    model = _sam_med3d()

    def segment(volume, points, labels, previous):
        with torch.no_grad():
            embedding = model.image_encoder(volume)
            sparse, dense = model.prompt_encoder(points=[points, labels], boxes=None, masks=previous)
            low_res, iou = model.mask_decoder(image_embeddings=embedding, image_pe=model.prompt_encoder.get_dense_pe(),
                                              sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense,
                                              multimask_output=False)
            masks = torch.nn.functional.interpolate(low_res, size=volume.shape[-3:], mode="trilinear",
                                                    align_corners=False)
            return torch.sigmoid(masks) > 0.5, low_res, iou

    return segment, [(torch.randn(1, 1, 32, 32, 32), torch.tensor([[[10.0, 12.0, 16.0]]]), torch.tensor([[1]]),
                      torch.zeros(1, 1, 16, 16, 16))]


def medim_sam_click_loop():
    """Interactive refinement: each round adds a click (positive or negative) and feeds the last mask back."""
    torch = _seed()
    model = _sam_med3d()

    def refine(volume, clicks, labels):
        with torch.no_grad():
            embedding = model.image_encoder(volume)
            low_res = None
            for round in range(clicks.shape[1]):
                sparse, dense = model.prompt_encoder(points=[clicks[:, :round + 1], labels[:, :round + 1]], boxes=None,
                                                     masks=low_res)
                low_res, _ = model.mask_decoder(image_embeddings=embedding,
                                                image_pe=model.prompt_encoder.get_dense_pe(),
                                                sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense,
                                                multimask_output=False)
            return low_res

    return refine, [(torch.randn(1, 1, 32, 32, 32), torch.tensor([[[10.0, 12.0, 16.0], [20.0, 8.0, 4.0]]]),
                     torch.tensor([[1, 0]]))]


def medim_windowed_encoder():
    torch = _seed()
    from functools import partial

    from medim.models.sam_med3d import ImageEncoderViT3D

    encoder = ImageEncoderViT3D(img_size=48, patch_size=8, embed_dim=32, depth=2, num_heads=2, out_chans=16,
                                norm_layer=partial(torch.nn.LayerNorm, eps=1e-6), use_rel_pos=True, window_size=4,
                                global_attn_indexes=(1,)).eval()

    def encode(volume):
        return encoder(volume)

    return encode, [(torch.randn(1, 1, 48, 48, 48),)]


def medim_stunet():
    torch = _seed()
    import medim

    model = medim.create_model("STU-Net-S", input_channels=1, num_classes=3).eval()

    def segment(volume):
        return model(volume).argmax(1)

    return segment, [(torch.randn(1, 1, 32, 32, 64),)]


def medim_stunet_train_step():
    torch = _seed()
    import medim

    model = medim.create_model("STU-Net-S", input_channels=1, num_classes=3).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(volume, labels):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(volume), labels)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randn(1, 1, 32, 32, 64), torch.randint(0, 3, (1, 32, 32, 64)))]


# --------------------------------------------------------------------------------------------------------- omegavit
def _omegavit():
    from omegavit.main import OmegaViT, ViTConfig

    config = ViTConfig(hidden_size=32, num_attention_heads=2, num_experts=4, expert_capacity=8, num_layers=2,
                       num_classes=5, patch_size=8, ssm_state_size=4)
    return OmegaViT(config)


def omegavit_classify():
    torch = _seed()
    model = _omegavit().eval()

    def classify(images):
        return model(images)

    return classify, [(torch.randn(2, 3, 32, 32),), (torch.randn(2, 3, 36, 30),)]


def omegavit_attention_maps():
    torch = _seed()
    model = _omegavit().eval()

    def maps(images):
        return model.get_attention_maps(images)

    return maps, [(torch.randn(1, 3, 32, 32),)]


def omegavit_train_step():
    torch = _seed()
    from omegavit.main import train_step

    model = _omegavit()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(images, labels):
        return train_step(model, optimizer, (images, labels), torch.device("cpu"))

    return step, [(torch.randn(2, 3, 32, 32), torch.tensor([0, 3]))]


# ------------------------------------------------------------------------------------------------------------ mixup
def _mixup_step(make_mixer):
    """A classifier's training step on a mixed batch with soft (one-hot, then mixed) targets, as mixup's users write
    it: the augmentation runs inside the compiled step, on the batch the step receives."""
    torch = _seed()
    import mixup
    import numpy as np
    import random

    np.random.seed(0)
    random.seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(2),
                                torch.nn.Flatten(), torch.nn.Linear(32, 5))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    mixer = make_mixer(mixup, model)

    def step(images, labels):
        targets = torch.nn.functional.one_hot(labels, 5).float()
        images, targets = mixer(images, targets)
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(images), targets)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(4, 3, 16, 16), torch.tensor([0, 1, 2, 4]))]


def mixup_vanilla():
    return _mixup_step(lambda mixup, model: mixup.VanillaMixUp(alpha=0.4))


def mixup_cutmix():
    return _mixup_step(lambda mixup, model: mixup.CutMix(alpha=1.0))


def mixup_resizemix():
    return _mixup_step(lambda mixup, model: mixup.ResizeMix(alpha=1.0))


def mixup_fmix():
    return _mixup_step(lambda mixup, model: mixup.FMix(alpha=1.0, decay_power=3.0))


def mixup_puzzlemix_gradient():
    return _mixup_step(lambda mixup, model: mixup.PuzzleMix(alpha=1.0, mode="gradient", model=model, block_size=4))


def mixup_puzzlemix():
    return _mixup_step(lambda mixup, model: mixup.PuzzleMix(alpha=1.0, block_size=4))


def mixup_pipeline():
    return _mixup_step(lambda mixup, model: mixup.MixupPipeline([mixup.VanillaMixUp(alpha=0.4),
                                                                 mixup.CutMix(alpha=1.0, probability=0.5)]))


PACKAGES: Tuple[Package, ...] = (
    Package("mitorch-models==0.0.6", "mitorch", {
        "mobilenetv3_small": mitorch_mobilenetv3_small,
        "efficientnet_train_step": mitorch_efficientnet_train_step,
        "shufflenetv2": mitorch_shufflenetv2,
        "seresnext14": mitorch_seresnext14,
        "multiscale_features": mitorch_multiscale_features,
        "ssdlite": mitorch_ssdlite,
        "fpnlite_ssdlite": mitorch_fpnlite_ssdlite,
        "mnasfpn_ssdlite": mitorch_mnasfpn_ssdlite,
        "bifpn": mitorch_bifpn,
        "ssd_train_step": mitorch_ssd_train_step,
        "ssd_predict": mitorch_ssd_predict,
        "retinanet_train_step": mitorch_retinanet_train_step,
        "retinanet_predict": mitorch_retinanet_predict},
        dependencies=("torchvision==0.28.0", "pillow==11.3.0")),
    Package("medim==0.1.2", "medim", {
        "sam_point_prompt": medim_sam_point_prompt,
        "sam_click_loop": medim_sam_click_loop,
        "windowed_encoder": medim_windowed_encoder,
        "stunet": medim_stunet,
        "stunet_train_step": medim_stunet_train_step},
        dependencies=("appdirs==1.4.4",)),
    Package("omegavit==0.0.1", "omegavit", {
        "classify": omegavit_classify,
        "attention_maps": omegavit_attention_maps,
        "train_step": omegavit_train_step},
        roots=("omegavit.main:train_step", "omegavit.main:OmegaViT.get_attention_maps"),
        dependencies=("einops==0.8.2", "loguru==0.7.3")),
    Package("mixup==0.2.2", "mixup", {
        "vanilla": mixup_vanilla,
        "cutmix": mixup_cutmix,
        "resizemix": mixup_resizemix,
        "fmix": mixup_fmix,
        "puzzlemix": mixup_puzzlemix,
        "puzzlemix_gradient": mixup_puzzlemix_gradient,
        "pipeline": mixup_pipeline},
        roots=("mixup.base:*", "mixup.methods:*", "mixup.pipeline:*", "mixup.saliency:*")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
