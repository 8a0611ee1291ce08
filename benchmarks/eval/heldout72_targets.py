"""Held-out group 72 of the evaluation: image backbones and their building blocks written in the style of timm without
it (ConvMixer, MobileViT, CoAtNet, ConTNet, ResNet / ResNeXt, MLP-Mixer, ResMLP with layer scale, gMLP, sMLP,
RepMLP / RepVGG / ACNet re-parameterised for deployment, the attention modules these backbones plug in (halo,
outlook, criss-cross, ACmix, polarized, triplet ...), dynamic and conditional convolutions, MobileNet / ShuffleNet /
Inception / Xception / MobileNeXt / BlazeFace encoders for mobile devices with drop-connect EfficientNets and their
endpoint feature extraction, a multi-resolution ViT with world-coordinate rotary embeddings and multi-level
masked-autoencoder pre-training, and ViT / DeiT / DINO / MAE classifiers that save their attention maps and gradients
through hooks for explainability), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout72_targets.py \
        --site benchmarks/eval/.packages-heldout72 --suffix heldout72 --jobs 1

External-Attention (fightingcv-attention): backbones, MLPs, attention modules, convolutions and re-parameterisable
blocks at small sizes, the way the package's README and its modules' own `__main__` blocks run them, a ResNet-50
training step, and RepVGG / ACNet / RepMLP after `_switch_to_deploy` / `switch_to_deploy`. Only the files that do not
import timm are run (the package declares no dependencies; 25 of its files import timm for DropPath and friends).
Mobile backbones (bfmd): every encoder it exports in evaluation, an EfficientNet-B0 training step (drop connect),
and its `extract_endpoints` / `extract_features` feature extraction. MuViT (muvit): the multi-level encoder with and
without bounding boxes, its `compute_features`, the MAE pre-training loss step (Dirichlet level masking) and its
`return_all` reconstruction with per-level losses. Transformer explainability (txv): its ViT, distilled DeiT, DINO
(average-pooled patch tokens) and MAE heads at 32x32 with 8x8 patches (the factories' layout, no pretrained weights),
the LRP variant, an MAE training step, and what its users call on them: each explainer's `explain` (raw attention,
attention rollout, Grad-SAM, LRP, Beyond-Attention, generic attention, integrated gradients, TAM, Beyond-Intuition).
Stand-ins, outside anything compiled: lightning, wandb, matplotlib, scikit-image and PIL (muvit's trainer, dataset
plots and image logging), cv2, PIL, torchvision and requests (txv's image reading and weight download). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(),
build()), its own site folder, its own dynamo cache. Importing this module does not import torch.
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


def _module(make, *shape):
    """A module in evaluation on one random input of `shape`."""
    torch = _seed()
    return make(torch).eval(), [(torch.randn(*shape),)]


def _train_step(model, torch, inputs, labels):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    model.train()

    def step(x, y):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(inputs, labels)]


# ----------------------------------------------------------------------------------------- fightingcv-attention
def fcv_convmixer():
    from fightingcv_attention.backbone.ConvMixer import ConvMixer

    return _module(lambda torch: ConvMixer(dim=32, depth=2, kernel_size=5, patch_size=4, num_classes=10), 2, 3, 32, 32)


def fcv_mobilevit():
    from fightingcv_attention.backbone.MobileViT import MobileViTAttention  # its MobileViT's pooling is broken

    return _module(lambda torch: MobileViTAttention(in_channel=16, dim=32, kernel_size=3, patch_size=2, depth=2,
                                                    mlp_dim=64), 2, 16, 8, 8)


def fcv_resnet50():
    from fightingcv_attention.backbone.resnet import ResNet50

    return _module(lambda torch: ResNet50(10), 2, 3, 32, 32)


def fcv_resnext50():
    from fightingcv_attention.backbone.resnext import ResNeXt50

    return _module(lambda torch: ResNeXt50(10), 2, 3, 32, 32)


def fcv_contnet():
    from fightingcv_attention.backbone.ConTNet import create_ConTNet_Ti

    return _module(lambda torch: create_ConTNet_Ti({"num_classes": 10, "relative": True, "qkv_bias": True, "pre_norm": False}), 1, 3, 224, 224)


def fcv_coatnet():
    from fightingcv_attention.attention.CoAtNet import CoAtNet

    return _module(lambda torch: CoAtNet(3, 64, out_chs=[8, 16, 24, 32, 40]), 1, 3, 64, 64)


def fcv_mlp_mixer():
    from fightingcv_attention.mlp.mlp_mixer import MlpMixer

    return _module(lambda torch: MlpMixer(num_classes=10, num_blocks=2, patch_size=8, tokens_hidden_dim=16,
                                          channels_hidden_dim=32, tokens_mlp_dim=16, channels_mlp_dim=32),
                   2, 3, 32, 32)


def fcv_resmlp_train_step():
    torch = _seed()
    from fightingcv_attention.mlp.resmlp import ResMLP

    model = ResMLP(dim=32, image_size=16, patch_size=4, depth=2, class_num=10)
    return _train_step(model, torch, torch.randn(2, 3, 16, 16), torch.tensor([0, 3]))


def fcv_gmlp():
    torch = _seed()
    from fightingcv_attention.mlp.g_mlp import gMLP

    model = gMLP(num_tokens=100, len_sen=12, dim=32, d_ff=64, num_layers=2).eval()
    return model, [(torch.randint(100, (2, 12)),)]


def fcv_smlp():
    from fightingcv_attention.mlp.sMLP_block import sMLPBlock

    return _module(lambda torch: sMLPBlock(h=16, w=16, c=8), 2, 8, 16, 16)


def fcv_repmlp_deploy():
    torch = _seed()
    from fightingcv_attention.mlp.repmlp import RepMLP

    model = RepMLP(16, 32, 8, 8, 4, 4, 1, 4, repconv_kernels=[1, 3]).eval()
    model.switch_to_deploy()
    return model, [(torch.randn(2, 16, 8, 8),)]


def fcv_repmlp():
    from fightingcv_attention.mlp.repmlp import RepMLP

    return _module(lambda torch: RepMLP(16, 32, 8, 8, 4, 4, 1, 4, repconv_kernels=[1, 3]), 2, 16, 8, 8)


def fcv_repvgg_deploy():
    torch = _seed()
    from fightingcv_attention.rep.repvgg import RepBlock

    model = RepBlock(16, 16).eval()
    model._switch_to_deploy()
    return model, [(torch.randn(2, 16, 9, 9),)]


def fcv_acnet_train():
    from fightingcv_attention.rep.acnet import ACNet

    return _module(lambda torch: ACNet(16, 16).train(), 2, 16, 9, 9)


def fcv_halo():
    from fightingcv_attention.attention.HaloAttention import HaloAttention

    return _module(lambda torch: HaloAttention(dim=32, block_size=2, halo_size=1, heads=2, dim_head=8), 1, 32, 8, 8)


def fcv_outlook():
    from fightingcv_attention.attention.OutlookAttention import OutlookAttention

    return _module(lambda torch: OutlookAttention(dim=32, num_heads=2), 2, 8, 8, 32)


def fcv_vip():
    from fightingcv_attention.attention.ViP import WeightedPermuteMLP

    return _module(lambda torch: WeightedPermuteMLP(32, 4), 2, 4, 4, 32)


def fcv_acmix():
    from fightingcv_attention.attention.ACmixAttention import ACmix

    return _module(lambda torch: ACmix(in_planes=32, out_planes=32, head=4), 2, 32, 7, 7)


def fcv_criss_cross():
    from fightingcv_attention.attention.CrissCrossAttention import CrissCrossAttention

    return _module(lambda torch: CrissCrossAttention(16), 2, 16, 7, 7)


def fcv_danet():
    from fightingcv_attention.attention.DANet import DAModule

    return _module(lambda torch: DAModule(d_model=512, kernel_size=3, H=7, W=7), 1, 512, 7, 7)


def fcv_psa():
    from fightingcv_attention.attention.PSA import PSA

    return _module(lambda torch: PSA(channel=32, reduction=4), 2, 32, 7, 7)


def fcv_s2_attention():
    from fightingcv_attention.attention.S2Attention import S2Attention

    return _module(lambda torch: S2Attention(channels=512), 1, 512, 7, 7)


def fcv_parnet():
    from fightingcv_attention.attention.ParNetAttention import ParNetAttention

    return _module(lambda torch: ParNetAttention(channel=32), 2, 32, 7, 7)


def fcv_ufo():
    torch = _seed()
    from fightingcv_attention.attention.UFOAttention import UFOAttention

    model = UFOAttention(d_model=32, d_k=32, d_v=32, h=4).eval()
    x = torch.randn(2, 10, 32)
    return model, [(x, x, x)]


def fcv_mobilevitv2_attention():
    from fightingcv_attention.attention.MobileViTv2Attention import MobileViTv2Attention

    return _module(lambda torch: MobileViTv2Attention(d_model=32), 2, 10, 32)


def fcv_cot():
    from fightingcv_attention.attention.CoTAttention import CoTAttention

    return _module(lambda torch: CoTAttention(dim=32, kernel_size=3), 2, 32, 7, 7)


def fcv_aft():
    from fightingcv_attention.attention.AFT import AFT_FULL

    return _module(lambda torch: AFT_FULL(d_model=32, n=10), 2, 10, 32)


def fcv_sk():
    from fightingcv_attention.attention.SKAttention import SKAttention

    return _module(lambda torch: SKAttention(channel=32, reduction=4), 2, 32, 7, 7)


def fcv_bam_cbam():
    torch = _seed()
    from fightingcv_attention.attention.BAM import BAMBlock
    from fightingcv_attention.attention.CBAM import CBAMBlock

    bam, cbam = BAMBlock(channel=32, reduction=4).eval(), CBAMBlock(channel=32, reduction=4, kernel_size=7).eval()

    def both(x):
        return bam(x) + cbam(x)

    return both, [(torch.randn(2, 32, 7, 7),)]


def fcv_shuffle_triplet():
    torch = _seed()
    from fightingcv_attention.attention.ShuffleAttention import ShuffleAttention
    from fightingcv_attention.attention.TripletAttention import TripletAttention

    shuffle, triplet = ShuffleAttention(channel=32, G=4).eval(), TripletAttention().eval()

    def both(x):
        return triplet(shuffle(x))

    return both, [(torch.randn(2, 32, 7, 7),)]


def fcv_polarized():
    torch = _seed()
    from fightingcv_attention.attention.PolarizedSelfAttention import (ParallelPolarizedSelfAttention,
                                                                       SequentialPolarizedSelfAttention)

    parallel = ParallelPolarizedSelfAttention(channel=32).eval()
    sequential = SequentialPolarizedSelfAttention(channel=32).eval()

    def both(x):
        return parallel(x) + sequential(x)

    return both, [(torch.randn(2, 32, 7, 7),)]


def fcv_channel_gates():
    torch = _seed()
    from fightingcv_attention.attention.CoordAttention import CoordAtt
    from fightingcv_attention.attention.ECAAttention import ECAAttention
    from fightingcv_attention.attention.SEAttention import SEAttention
    from fightingcv_attention.attention.SGE import SpatialGroupEnhance
    from fightingcv_attention.attention.SimAM import SimAM

    gates = [SEAttention(channel=32, reduction=4), ECAAttention(kernel_size=3), SpatialGroupEnhance(groups=4),
             CoordAtt(32, 32, reduction=4), SimAM()]
    gates = [gate.eval() for gate in gates]

    def gated(x):
        for gate in gates:
            x = gate(x)
        return x

    return gated, [(torch.randn(2, 32, 7, 7),)]


def fcv_emsa():
    torch = _seed()
    from fightingcv_attention.attention.EMSA import EMSA

    model = EMSA(d_model=32, d_k=32, d_v=32, h=4, H=8, W=8, ratio=2, apply_transform=True).eval()
    x = torch.randn(2, 64, 32)
    return model, [(x, x, x)]


def fcv_muse():
    torch = _seed()
    from fightingcv_attention.attention.MUSEAttention import MUSEAttention

    model = MUSEAttention(d_model=32, d_k=32, d_v=32, h=4).eval()
    x = torch.randn(2, 10, 32)
    return model, [(x, x, x)]


def fcv_a2_external():
    torch = _seed()
    from fightingcv_attention.attention.A2Atttention import DoubleAttention
    from fightingcv_attention.attention.ExternalAttention import ExternalAttention

    double, external = DoubleAttention(32, 16, 16).eval(), ExternalAttention(d_model=32, S=8).eval()

    def both(image, tokens):
        return double(image), external(tokens)

    return both, [(torch.randn(2, 32, 7, 7), torch.randn(2, 10, 32))]


def fcv_residual_attention():
    from fightingcv_attention.attention.ResidualAttention import ResidualAttention

    return _module(lambda torch: ResidualAttention(channel=32, num_class=10, la=0.2), 2, 32, 7, 7)


def fcv_axial():
    from fightingcv_attention.attention.Axial_attention import AxialImageTransformer

    return _module(lambda torch: AxialImageTransformer(dim=16, depth=2, heads=2, reversible=True), 1, 16, 8, 8)


def fcv_axial_train_step():
    """The reversible axial transformer trains with its RNG state recorded for the recomputing backward."""
    torch = _seed()
    from fightingcv_attention.attention.Axial_attention import AxialImageTransformer

    model = AxialImageTransformer(dim=16, depth=2, heads=2, reversible=True).train()

    def step(x):
        loss = model(x).square().mean()
        loss.backward()
        return loss

    return step, [(torch.randn(1, 16, 8, 8, requires_grad=True),)]  # the reversible Function's output needs it


def fcv_dynamic_convs():
    torch = _seed()
    from fightingcv_attention.conv.CondConv import CondConv
    from fightingcv_attention.conv.DynamicConv import DynamicConv

    cond = CondConv(in_planes=16, out_planes=32, kernel_size=3, stride=1, padding=1, bias=False).eval()
    dynamic = DynamicConv(in_planes=16, out_planes=32, kernel_size=3, stride=1, padding=1, bias=False).eval()

    def both(x):
        return cond(x) + dynamic(x)

    return both, [(torch.randn(2, 16, 16, 16),)]


def fcv_involution():
    from fightingcv_attention.conv.Involution import Involution

    return _module(lambda torch: Involution(kernel_size=3, in_channel=4, stride=2), 1, 4, 16, 16)


def fcv_mbconv():
    from fightingcv_attention.conv.MBConv import MBConvBlock

    return _module(lambda torch: MBConvBlock(ksize=3, input_filters=8, output_filters=8, image_size=16).train(),
                   2, 8, 16, 16)


# ------------------------------------------------------------------------------------------------------- bfmd
def _bfmd(make, *shape):
    import bfmd

    return _module(lambda torch: make(bfmd), *shape)


def bfmd_blazenet():
    return _bfmd(lambda bfmd: bfmd.BlazeEncoder(3), 2, 3, 64, 64)


def bfmd_googlenet():
    return _bfmd(lambda bfmd: bfmd.googlenet(), 2, 3, 32, 32)


def bfmd_inception_resnet_v2():
    return _bfmd(lambda bfmd: bfmd.inception_v2(), 1, 3, 96, 96)


def bfmd_inception_v3():
    return _bfmd(lambda bfmd: bfmd.inception_v3(), 1, 3, 96, 96)


def bfmd_xception():
    return _bfmd(lambda bfmd: bfmd.xception(), 1, 3, 64, 64)


def bfmd_mobilenet():
    return _bfmd(lambda bfmd: bfmd.mobilenet(alpha=0.25, class_num=10), 2, 3, 32, 32)


def bfmd_mobilenetv2():
    return _bfmd(lambda bfmd: bfmd.mobilenetv2(), 2, 3, 32, 32)


def bfmd_mobilenetv3_large():
    return _bfmd(lambda bfmd: bfmd.Mobilenet_v3_large(wm=0.5), 2, 3, 64, 64)


def bfmd_mobilenetv3_small_train_step():
    torch = _seed()
    import bfmd

    model = bfmd.Mobilenet_v3_small(wm=0.5, drop_prob=0.2)
    return _train_step(model, torch, torch.randn(2, 3, 64, 64), torch.tensor([1, 4]))


def bfmd_mobilenext():
    return _bfmd(lambda bfmd: bfmd.MobileNeXt(num_classes=10, width_mult=0.5), 2, 3, 64, 64)


def bfmd_shufflenet():
    return _bfmd(lambda bfmd: bfmd.shufflenet(), 2, 3, 32, 32)


def bfmd_shufflenetv2():
    return _bfmd(lambda bfmd: bfmd.shufflenetv2(), 2, 3, 32, 32)


def _efficientnet(torch, **override):
    from bfmd.efficientnet_pytorch import EfficientNet

    return EfficientNet.from_name("efficientnet-b0", image_size=64, num_classes=10, **override)


def bfmd_efficientnet():
    torch = _seed()
    return _efficientnet(torch).eval(), [(torch.randn(2, 3, 64, 64),)]


def bfmd_efficientnet_train_step():
    torch = _seed()
    return _train_step(_efficientnet(torch), torch, torch.randn(2, 3, 64, 64), torch.tensor([2, 9]))


def bfmd_efficientnet_endpoints():
    torch = _seed()
    model = _efficientnet(torch).eval()

    def features(x):
        endpoints = model.extract_endpoints(x)
        return [endpoints[f"reduction_{i}"] for i in range(1, 6)], model.extract_features(x)

    return features, [(torch.randn(2, 3, 64, 64),)]


def bfmd_efficientnet_dynamic_padding():
    """No image size: every convolution pads itself from its input's size (Conv2dDynamicSamePadding)."""
    torch = _seed()
    from bfmd.efficientnet_pytorch import EfficientNet

    model = EfficientNet.from_name("efficientnet-b0", num_classes=10).eval()
    model.set_swish(memory_efficient=False)
    return model, [(torch.randn(1, 3, 48, 48),)]


# ------------------------------------------------------------------------------------------------------- muvit
def _muvit():
    targets.stand_in("lightning", "lightning.pytorch", "lightning.pytorch.utilities", "wandb", "matplotlib",
                     "matplotlib.pyplot", "skimage", "skimage.color", "skimage.draw", "PIL", "PIL.Image")


def _levels(torch, batch=2, levels=2, size=32):
    """Crops of one image at each level and their world-coordinate boxes (B, L, 2, 2), as MuViTDataset gives them."""
    x = torch.randn(batch, levels, 1, size, size)
    boxes = []
    for level in range(levels):
        scale = 4 ** level
        low = torch.tensor([64.0, 64.0]) - size * scale / 2
        boxes.append(torch.stack([low, low + size * scale]))
    bbox = torch.stack(boxes).unsqueeze(0).repeat(batch, 1, 1, 1)
    return x, bbox


def _mae(torch, **kwargs):
    _muvit()
    from muvit import MuViTMAE2d
    from muvit.decoders import MuViTDecoder2d
    from muvit.encoders import MuViTEncoder2d

    # `ndim` is a classmethod wrapping a property (deprecated since Python 3.11, gone in 3.13: the package's own
    # FIXME); dynamo crashes on it ("'property' object has no attribute '__name__'"), so it reads as the class
    # attribute the 2-D classes mean
    for cls in (MuViTMAE2d, MuViTEncoder2d, MuViTDecoder2d):
        cls.ndim = 2

    return MuViTMAE2d(in_channels=1, levels=(1, 4), patch_size=8, num_layers=2, dim=64, num_layers_decoder=1,
                      dim_decoder=64, heads=2, **kwargs)


def muvit_encoder():
    torch = _seed()
    encoder = _mae(torch).encoder.eval()
    return encoder, [_levels(torch)]


def muvit_encoder_no_bbox():
    torch = _seed()
    encoder = _mae(torch, rotary_mode="shared").encoder.eval()
    x, _ = _levels(torch)
    return encoder, [(x,)]


def muvit_compute_features():
    torch = _seed()
    encoder = _mae(torch).encoder.eval()
    return encoder.compute_features, [_levels(torch)]


def muvit_mae_train_step():
    torch = _seed()
    model = _mae(torch).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def step(x, bbox):
        optimizer.zero_grad()
        loss = model(x, bbox)["loss"]
        loss.backward()
        optimizer.step()
        return loss

    return step, [_levels(torch)]


def muvit_mae_single_decoder():
    torch = _seed()
    model = _mae(torch, decoder_mode="single", loss="norm_mse", masking_mode="random").eval()
    return model, [_levels(torch)]


def muvit_mae_reconstruction():
    torch = _seed()
    model = _mae(torch).eval()
    return model, [_levels(torch)], {"return_all": True}


# --------------------------------------------------------------------------------------------------------- txv
def _txv_model(torch, lrp=False, distilled=False, **kwargs):
    """A small ViT / DeiT of txv's own (the factories' layout at 32x32 with 8x8 patches, no pretrained weights)."""
    targets.stand_in("cv2", "PIL", "PIL.Image", "torchvision", "torchvision.transforms", "requests")
    from txv.lrp_models import LRPDistilledVisionTransformer, LRPVisionTransformer
    from txv.models import DistilledVisionTransformer, VisionTransformer

    kinds = {(False, False): VisionTransformer, (False, True): DistilledVisionTransformer,
             (True, False): LRPVisionTransformer, (True, True): LRPDistilledVisionTransformer}
    settings = dict(img_size=32, patch_size=8, embed_dim=32, depth=2, num_heads=2, mlp_ratio=2, qkv_bias=True,
                    num_classes=10)
    settings.update(kwargs)
    return kinds[(lrp, distilled)](**settings).eval()


def _image(torch):
    return torch.randn(1, 3, 32, 32)


def txv_vit():
    torch = _seed()
    return _txv_model(torch), [(_image(torch),)]


def txv_deit_distilled():
    torch = _seed()
    return _txv_model(torch, distilled=True), [(_image(torch),)]


def txv_dino_avgpool():
    torch = _seed()
    return _txv_model(torch, arch="dino", n_last_blocks=1, avgpool_patchtokens=True), [(_image(torch),)]


def txv_mae_train_step():
    torch = _seed()
    model = _txv_model(torch, arch="mae")
    return _train_step(model, torch, torch.randn(2, 3, 32, 32), torch.tensor([3, 5]))


def txv_lrp_vit():
    torch = _seed()
    return _txv_model(torch, lrp=True), [(_image(torch),)]


def _explainer(kind, lrp=False, distilled=False, **call):
    torch = _seed()
    import txv.exp

    explainer = getattr(txv.exp, kind)(_txv_model(torch, lrp=lrp, distilled=distilled))
    return explainer.explain, [(_image(torch),)], call


def txv_raw_attention():
    return _explainer("RawAttention", layer=1)


def txv_attention_rollout():
    return _explainer("AttentionRollout")


def txv_attention_rollout_distilled():
    return _explainer("AttentionRollout", distilled=True)


def txv_grad_sam():
    return _explainer("GradSAM")


def txv_lrp():
    return _explainer("LRP", lrp=True)


def txv_beyond_attention():
    return _explainer("BeyondAttention", lrp=True)


def txv_generic_attention():
    return _explainer("GenericAttention")


def txv_integrated_gradients():
    return _explainer("IntegratedGradients", steps=3)


def txv_tam():
    return _explainer("TAM", steps=3)


def txv_beyond_intuition():
    return _explainer("BeyondIntuition", steps=3)


PACKAGES: Tuple[Package, ...] = (
    Package("fightingcv-attention==1.0.0", "fightingcv_attention", {
        "convmixer": fcv_convmixer,
        "mobilevit": fcv_mobilevit,
        "resnet50": fcv_resnet50,
        "resnext50": fcv_resnext50,
        "contnet": fcv_contnet,
        "coatnet": fcv_coatnet,
        "mlp_mixer": fcv_mlp_mixer,
        "resmlp_train_step": fcv_resmlp_train_step,
        "gmlp": fcv_gmlp,
        "smlp": fcv_smlp,
        "repmlp": fcv_repmlp,
        "repmlp_deploy": fcv_repmlp_deploy,
        "repvgg_deploy": fcv_repvgg_deploy,
        "acnet_train": fcv_acnet_train,
        "halo": fcv_halo,
        "outlook": fcv_outlook,
        "vip": fcv_vip,
        "acmix": fcv_acmix,
        "criss_cross": fcv_criss_cross,
        "danet": fcv_danet,
        "psa": fcv_psa,
        "s2_attention": fcv_s2_attention,
        "parnet": fcv_parnet,
        "ufo": fcv_ufo,
        "mobilevitv2_attention": fcv_mobilevitv2_attention,
        "cot": fcv_cot,
        "aft": fcv_aft,
        "sk": fcv_sk,
        "bam_cbam": fcv_bam_cbam,
        "shuffle_triplet": fcv_shuffle_triplet,
        "polarized": fcv_polarized,
        "channel_gates": fcv_channel_gates,
        "emsa": fcv_emsa,
        "muse": fcv_muse,
        "a2_external": fcv_a2_external,
        "residual_attention": fcv_residual_attention,
        "axial": fcv_axial,
        "axial_train_step": fcv_axial_train_step,
        "dynamic_convs": fcv_dynamic_convs,
        "involution": fcv_involution,
        "mbconv": fcv_mbconv}),
    Package("bfmd==0.0.3", "bfmd", {
        "blazenet": bfmd_blazenet,
        "googlenet": bfmd_googlenet,
        "inception_resnet_v2": bfmd_inception_resnet_v2,
        "inception_v3": bfmd_inception_v3,
        "xception": bfmd_xception,
        "mobilenet": bfmd_mobilenet,
        "mobilenetv2": bfmd_mobilenetv2,
        "mobilenetv3_large": bfmd_mobilenetv3_large,
        "mobilenetv3_small_train_step": bfmd_mobilenetv3_small_train_step,
        "mobilenext": bfmd_mobilenext,
        "shufflenet": bfmd_shufflenet,
        "shufflenetv2": bfmd_shufflenetv2,
        "efficientnet": bfmd_efficientnet,
        "efficientnet_train_step": bfmd_efficientnet_train_step,
        "efficientnet_endpoints": bfmd_efficientnet_endpoints,
        "efficientnet_dynamic_padding": bfmd_efficientnet_dynamic_padding}),
    Package("muvit==0.1.0", "muvit", {
        "encoder": muvit_encoder,
        "encoder_no_bbox": muvit_encoder_no_bbox,
        "compute_features": muvit_compute_features,
        "mae_train_step": muvit_mae_train_step,
        "mae_single_decoder": muvit_mae_single_decoder,
        "mae_reconstruction": muvit_mae_reconstruction},
        roots=("muvit.encoders:*.compute_features",),
        dependencies=("x-transformers==2.31.10", "einx==0.4.3", "frozendict==2.5.1", "loguru==0.7.3",
                      "einops==0.8.2", "torch-einops-utils==0.2.0")),
    Package("txv==0.0.2", "txv", {
        "vit": txv_vit,
        "deit_distilled": txv_deit_distilled,
        "dino_avgpool": txv_dino_avgpool,
        "mae_train_step": txv_mae_train_step,
        "lrp_vit": txv_lrp_vit,
        "raw_attention": txv_raw_attention,
        "attention_rollout": txv_attention_rollout,
        "attention_rollout_distilled": txv_attention_rollout_distilled,
        "grad_sam": txv_grad_sam,
        "lrp": txv_lrp,
        "beyond_attention": txv_beyond_attention,
        "generic_attention": txv_generic_attention,
        "integrated_gradients": txv_integrated_gradients,
        "tam": txv_tam,
        "beyond_intuition": txv_beyond_intuition},
        roots=("txv.exp:*.explain",),
        dependencies=("einops==0.8.2", "tqdm==4.67.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
