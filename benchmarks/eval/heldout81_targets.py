"""Held-out group 81 of the evaluation: dense-prediction and efficient backbones in the style of timm (EfficientViT
with MBConv / fused-MBConv blocks and lite multi-scale linear attention, its SAM image encoder with an upsampling
neck and the prompt-driven mask decoder; semantic segmentation heads on ResNet / MobileNetV2 / HRNet / Xception
backbones: PPM, UPerNet FPNs, BiSeNet context paths, SFNet flow alignment, ENet; RetinaNet detection with an FPN,
anchors, focal loss and NMS; ViT and ConvNeXt building blocks with stochastic depth, learnable relative position
bias, attention pooling and DiT modulation, trained with label smoothing, mixup and a model EMA), from packages no
rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout81_targets.py \
        --site benchmarks/eval/.packages-heldout81 --suffix heldout81 --jobs 1

EfficientViT-SAM (efficientsam): the EfficientViT B0 and L0 backbones, the SAM L0 image encoder (backbone + the
neck that upsamples three stages to one map), the whole SAM model on a batch of prompt records (points, boxes), and
the predictor's `predict_torch` after `set_image_batch`. pixseg: BiSeNet (ResNet18, auxiliary heads) in the library's
own batch step (`engine.forward_batch`: interpolation of every output to the mask size, a loss per output, weighted
sum), PSPNet, UPerNet, SFNet, SFNet-lite, ENet and BiSeNet-Xception forwards, its Dice and focal losses, sliding-window
and test-time-augmentation inference. mit-semseg: the CSAIL segmentation module (dilated ResNet18 + PPM with deep
supervision, its NLL loss and pixel accuracy) in a training step, UPerNet on ResNet18 and C1 on HRNetV2 at inference
(`segSize`), MobileNetV2-dilated + C1 with deep supervision. kappamodules: a small ViT (patch embedding, 2-d sin-cos
position embedding, class token, blocks with stochastic depth, attention pooling) in a training step with mixup,
label smoothing and an EMA of the weights, a ConvNeXt with global response norm, DiT blocks with efficient DropPath,
2-d attention with learnable relative position bias, linear / Linformer / perceiver pooling attention, an async batch
norm and the PDE-Arena UNet. distinanet: RetinaNet with a distance head (ResNet18 + FPN, anchors) in a training step
(focal, box and distance losses) and at inference (box decoding, clipping, per-class NMS). Same shape as targets.py
(PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does not
import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): celldetection, medimm,
cellseg-models-pytorch (timm required); fastseg (its MobileNetV3 is geffnet's, group 2); mindglow (a small UNet
library with little model code). Nothing stands in: torchvision is pinned and its `nms` op defined by a torch CPU
kernel (heldout14's helper), since the wheel's _C needs CUDA torch.
"""

from __future__ import annotations

import functools

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()
TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _torchvision():
    from heldout14_targets import _torchvision as define_nms_and_import

    return define_nms_and_import()


def _train_step(torch, model, loss_fn, lr=1e-3):
    """One optimisation step as the packages' training loops write it: forward, loss, backward, step."""
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    def step(*batch):
        loss = loss_fn(model, *batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss

    return step


# --------------------------------------------------------------------------------------------- EfficientViT-SAM
def evit_backbone_b0():
    torch = _seed()
    _torchvision()
    from efficientsam.models.efficientvit.backbone import efficientvit_backbone_b0

    return efficientvit_backbone_b0().eval(), [(torch.randn(2, 3, 64, 64),)]


def evit_backbone_l0_train():
    torch = _seed()
    _torchvision()
    from efficientsam.models.efficientvit.backbone import efficientvit_backbone_l0

    backbone = efficientvit_backbone_l0().train()

    def loss_fn(model, images):
        features = model(images)
        return sum(features[f"stage{i}"].float().pow(2).mean() for i in range(1, 5))

    return _train_step(torch, backbone, loss_fn), [(torch.randn(2, 3, 64, 64),)]


def _sam_l0():
    _torchvision()
    from efficientsam.models.efficientvit.sam import efficientvit_sam_l0

    return efficientvit_sam_l0().eval()


def evit_sam_image_encoder():
    torch = _seed()
    return _sam_l0().image_encoder, [(torch.randn(1, 3, 64, 64),)]


def evit_sam_prompts():
    """EfficientViTSam.forward on a batch of prompt records (the SamPredictor-free path the training code uses)."""
    torch = _seed()
    sam = _sam_l0()
    records = [{"image": torch.randn(3, 64, 64), "point_coords": torch.rand(1, 2, 2) * 1024,
                "point_labels": torch.tensor([[1, 0]]), "original_size": (64, 64)},
               {"image": torch.randn(3, 64, 64), "boxes": torch.tensor([[100.0, 120.0, 600.0, 700.0]]),
                "original_size": (64, 64)}]
    return sam, [(records,)], {"multimask_output": True}


def evit_sam_predictor():
    torch = _seed()
    from efficientsam.models.efficientvit.sam import EfficientViTSamPredictor

    predictor = EfficientViTSamPredictor(_sam_l0())
    with torch.no_grad():
        predictor.set_image_batch(torch.randn(1, 3, 64, 64))
    predictor.original_size, predictor.input_size = (64, 64), (64, 64)

    def predict(point_coords, point_labels, boxes):
        return predictor.predict_torch(point_coords, point_labels, boxes, multimask_output=False)

    points, labels = torch.rand(1, 3, 2) * 1024, torch.tensor([[1, 1, 0]])
    return predict, [(points, labels, torch.tensor([[50.0, 50.0, 900.0, 800.0]]))]


# ------------------------------------------------------------------------------------------------------ pixseg
def _pixseg_imports():
    _torchvision()
    # pixseg.pipeline's loggers, plots and metrics (its `full` extra), none of them in anything compiled
    targets.stand_in("wandb", "wandb.wandb_run", "torch.utils.tensorboard.writer", "matplotlib.pyplot",
                     "matplotlib.axes", "matplotlib.figure", "seaborn", "sklearn.metrics", "toml")


def _pixseg(name, **kwargs):
    _pixseg_imports()
    from pixseg.models import get_model

    return get_model(name, num_classes=5, **kwargs)


def _pixseg_batch(torch, size=64):
    return torch.randn(2, 3, size, size), torch.randint(0, 5, (2, size, size))


def pixseg_bisenet_batch_step():
    """pixseg's train_one_epoch body: forward_batch (outputs resized to the masks, a loss each), weighted sum, step."""
    torch = _seed()
    _pixseg_imports()
    from pixseg.learn.criteria import DiceLoss
    from pixseg.pipeline.engine import forward_batch
    from torchvision.transforms import v2

    model = _pixseg("bisenet_resnet18", aux_loss=True, weights_backbone=None).train()
    criterion, augment = DiceLoss(), v2.Identity()
    loss_weight = {"out": 1.0, "aux": 0.4}

    def loss_fn(model, images, masks):
        logits, losses = forward_batch(model, images, masks, augment, criterion, "cpu")
        return sum(v * loss_weight.get(k, 1) for k, v in losses.items())

    return _train_step(torch, model, loss_fn), [_pixseg_batch(torch)]


def pixseg_pspnet_focal_step():
    torch = _seed()
    _pixseg_imports()
    from pixseg.learn.criteria import FocalLoss
    from pixseg.pipeline.engine import forward_batch
    from torchvision.transforms import v2

    model = _pixseg("pspnet_resnet50", aux_loss=True, weights_backbone=None).train()
    criterion = FocalLoss(weight=torch.ones(5), gamma=2.0, ignore_index=255)

    def loss_fn(model, images, masks):
        _, losses = forward_batch(model, images, masks, v2.Identity(), criterion, "cpu")
        return losses["out"] + 0.4 * losses["aux"]

    return _train_step(torch, model, loss_fn), [_pixseg_batch(torch)]


def _pixseg_eval(name, size=64, **kwargs):
    torch = _seed()
    return _pixseg(name, **kwargs).eval(), [(torch.randn(2, 3, size, size),)]


def pixseg_upernet():
    return _pixseg_eval("upernet_resnet18", weights_backbone=None)


def pixseg_sfnet():
    return _pixseg_eval("sfnet_resnet18", weights_backbone=None)


def pixseg_sfnet_lite():
    return _pixseg_eval("sfnet_lite_resnet18", weights_backbone=None)


def pixseg_enet():
    return _pixseg_eval("enet")


def pixseg_bisenet_xception():
    return _pixseg_eval("bisenet_xception", weights_backbone=None)


def pixseg_lraspp_resnet18():
    return _pixseg_eval("lraspp_resnet18", weights_backbone=None)


def pixseg_sliding_window():
    torch = _seed()
    _pixseg_imports()
    from pixseg.pipeline.test_time import inference_with_sliding_window

    model = _pixseg("upernet_resnet18", weights_backbone=None).eval()

    def infer(images):
        return inference_with_sliding_window(model, images, (32, 32))

    return infer, [(torch.randn(1, 3, 48, 64),)]


def pixseg_tta():
    torch = _seed()
    _pixseg_imports()
    from pixseg.pipeline.test_time import TestTimeAugmentations, inference_with_augmentations

    model = _pixseg("sfnet_lite_resnet18", weights_backbone=None).eval()
    ttas = TestTimeAugmentations(scales=(1, 0.75), hflips=(False, True), iter_product=True)

    def infer(images):
        return inference_with_augmentations(model, images, ttas)

    return infer, [(torch.randn(1, 3, 64, 64),)]


def pixseg_losses():
    torch = _seed()
    _pixseg_imports()
    from pixseg.learn.criteria import DiceLoss, FocalLoss

    dice, focal = DiceLoss(weight=torch.rand(5), ignore_index=255), FocalLoss(gamma=2.0, ignore_index=255)

    def losses(logits, target):
        return dice(logits, target) + focal(logits, target)

    target = torch.randint(0, 5, (2, 16, 16))
    target[0, :2] = 255
    return losses, [(torch.randn(2, 5, 16, 16, requires_grad=True), target)]


# -------------------------------------------------------------------------------------------------- mit-semseg
def _semseg_module(encoder, decoder, deep_sup_scale=None):
    import torch
    from mit_semseg.models.models import SegmentationModule

    return SegmentationModule(encoder, decoder, torch.nn.NLLLoss(ignore_index=-1), deep_sup_scale)


def _semseg_feed(torch, size=64, label=True):
    feed = {"img_data": torch.randn(2, 3, size, size)}
    if label:
        labels = torch.randint(0, 5, (2, size // 8, size // 8))
        labels[0, 0] = -1
        feed["seg_label"] = labels
    return feed


def semseg_ppm_deepsup_step():
    """ModelBuilder's resnet18dilated + ppm_deepsup in train.py's iteration: loss and accuracy, backward, SGD step."""
    torch = _seed()
    from mit_semseg.models import resnet
    from mit_semseg.models.models import ModelBuilder, PPMDeepsup, ResnetDilated

    encoder = ResnetDilated(resnet.resnet18(pretrained=False), dilate_scale=8)
    decoder = PPMDeepsup(num_class=5, fc_dim=512)
    decoder.apply(ModelBuilder.weights_init)
    module = _semseg_module(encoder, decoder, deep_sup_scale=0.4).train()
    optimizer = torch.optim.SGD(module.parameters(), lr=0.02, momentum=0.9)

    def step(feed_dict):
        loss, acc = module(feed_dict)
        loss = loss.mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss, acc

    return step, [(_semseg_feed(torch),)]


def semseg_upernet_inference():
    torch = _seed()
    from mit_semseg.models import resnet
    from mit_semseg.models.models import Resnet, UPerNet

    module = _semseg_module(Resnet(resnet.resnet18(pretrained=False)),
                            UPerNet(num_class=5, fc_dim=512, use_softmax=True,
                                    fpn_inplanes=(64, 128, 256, 512), fpn_dim=64)).eval()
    return module, [(_semseg_feed(torch, label=False),)], {"segSize": (64, 64)}


def semseg_hrnet_c1_inference():
    torch = _seed()
    from mit_semseg.models import hrnet
    from mit_semseg.models.models import C1

    module = _semseg_module(hrnet.hrnetv2(pretrained=False), C1(num_class=5, fc_dim=720, use_softmax=True)).eval()
    return module, [(_semseg_feed(torch, label=False),)], {"segSize": (64, 64)}


def semseg_mobilenet_c1_deepsup_step():
    torch = _seed()
    from mit_semseg.models import mobilenet
    from mit_semseg.models.models import C1DeepSup, MobileNetV2Dilated

    encoder = MobileNetV2Dilated(mobilenet.mobilenetv2(pretrained=False), dilate_scale=8)
    module = _semseg_module(encoder, C1DeepSup(num_class=5, fc_dim=320), deep_sup_scale=0.4).train()

    def loss_fn(model, feed_dict):
        loss, _ = model(feed_dict)
        return loss

    return _train_step(torch, module, loss_fn), [(_semseg_feed(torch),)]


# ------------------------------------------------------------------------------------------------- kappamodules
def _kappa_vit(torch, dim=32, num_classes=5):
    from kappamodules.layers import LinearProjection
    from kappamodules.pooling import CrossAttentionPooling
    from kappamodules.vit import VitBlock, VitClassTokens, VitPatchEmbed, VitPosEmbed2d

    class TinyViT(torch.nn.Module):
        """The ViT the library's README assembles: patches, position embedding, class token, blocks, pooling, head."""

        def __init__(self):
            super().__init__()
            self.patch_embed = VitPatchEmbed(dim=dim, num_channels=3, resolution=(32, 32), patch_size=8)
            self.pos_embed = VitPosEmbed2d(seqlens=self.patch_embed.seqlens, dim=dim, is_learnable=False)
            self.cls_tokens = VitClassTokens(dim=dim, num_tokens=1)
            self.blocks = torch.nn.ModuleList(VitBlock(dim=dim, num_heads=2, drop_path=0.2) for _ in range(2))
            self.norm = torch.nn.LayerNorm(dim, eps=1e-6)
            self.pool = CrossAttentionPooling(dim=dim, num_heads=2)
            self.head = LinearProjection(dim, num_classes)

        def forward(self, x):
            x = self.pos_embed(self.patch_embed(x))
            x = x.flatten(1, 2)
            x = self.cls_tokens(x)
            for block in self.blocks:
                x = block(x)
            return self.head(self.pool(self.norm(x)).squeeze(1))

    return TinyViT()


def kappa_vit_mixup_ema_step():
    """A timm-style training step: mixup of the batch, label smoothing, AdamW, then an EMA of the weights."""
    torch = _seed()
    import torch.nn.functional as F

    model = _kappa_vit(torch).train()
    ema = _kappa_vit(torch).eval()
    ema.load_state_dict(model.state_dict())
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(images, labels, lam):
        index = torch.randperm(images.shape[0])
        images = lam * images + (1 - lam) * images[index]
        logits = model(images)
        loss = (lam * F.cross_entropy(logits, labels, label_smoothing=0.1)
                + (1 - lam) * F.cross_entropy(logits, labels[index], label_smoothing=0.1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            for ema_param, param in zip(ema.parameters(), model.parameters()):
                ema_param.lerp_(param, 0.001)
        return loss

    return step, [(torch.randn(8, 3, 32, 32), torch.randint(0, 5, (8,)), torch.tensor(0.7))]


def kappa_vit_eval_interpolated():
    """The ViT at a larger resolution than it was built for (position embedding interpolation)."""
    torch = _seed()
    return _kappa_vit(torch).eval(), [(torch.randn(2, 3, 48, 48),)]


def kappa_convnext_train():
    torch = _seed()
    from kappamodules.convolution import ConvNext

    model = ConvNext(patch_size=4, input_dim=3, depths=[1, 1, 2], dims=[16, 32, 64], drop_path_rate=0.2).train()

    def loss_fn(model, images):
        return model(images).pow(2).mean()

    return _train_step(torch, model, loss_fn), [(torch.randn(4, 3, 32, 32),)]


def kappa_dit_blocks():
    torch = _seed()
    from kappamodules.modulation import TimestepEmbed
    from kappamodules.transformer import DitBlock

    class DiT(torch.nn.Module):
        def __init__(self, dim=32):
            super().__init__()
            self.timestep_embed = TimestepEmbed(num_total_timesteps=100, embed_dim=dim, hidden_dim=dim * 4)
            self.blocks = torch.nn.ModuleList(DitBlock(dim=dim, num_heads=2, cond_dim=dim * 4, drop_path=0.25)
                                              for _ in range(2))

        def forward(self, x, timestep):
            cond = self.timestep_embed(timestep)
            for block in self.blocks:
                x = block(x, cond=cond)
            return x

    return DiT().train(), [(torch.randn(8, 10, 32), torch.randint(0, 100, (8,)))]


def kappa_relpos_attention():
    torch = _seed()
    from kappamodules.attention import DotProductAttention2d

    attention = DotProductAttention2d(dim=32, num_heads=4, rel_pos_bias="learnable", seqlens=(4, 4)).eval()
    return attention, [(torch.randn(2, 1 + 16, 32),)]


def kappa_pooling_attentions():
    torch = _seed()
    from kappamodules.attention import EfficientAttention1d, LinformerAttention1d
    from kappamodules.transformer import PerceiverPoolingBlock

    efficient = EfficientAttention1d(dim=32, num_heads=4)
    linformer = LinformerAttention1d(dim=32, input_seqlen=16, kv_seqlen=4, num_heads=4)
    pooling = PerceiverPoolingBlock(dim=32, num_heads=4, num_query_tokens=3)

    def attend(x):
        return pooling(kv=linformer(efficient(x)))

    return attend, [(torch.randn(2, 16, 32),)]


def kappa_async_batchnorm():
    torch = _seed()
    from kappamodules.layers import AsyncBatchNorm

    return AsyncBatchNorm(dim=16).train(), [(torch.randn(4, 16, 8, 8),)]


def kappa_unet_pdearena():
    torch = _seed()
    from kappamodules.unet import UnetPdearena

    model = UnetPdearena(input_dim=2, output_dim=2, hidden_channels=8, cond_dim=8, ch_mults=(1, 2),
                         is_attn=(False, True), mid_attn=True, n_blocks=1, use_scale_shift_norm=True).eval()
    return model, [(torch.randn(2, 2, 16, 16), torch.randn(2, 8))]


def kappa_dino_projector():
    torch = _seed()
    from kappamodules.ssl import DinoProjector

    projector = DinoProjector(input_dim=32, hidden_dim=64, bottleneck_dim=16, output_dim=128).train()
    return projector, [(torch.randn(4, 32),)]


# --------------------------------------------------------------------------------------------------- distinanet
def _distinanet(head="base"):
    _torchvision()
    targets.stand_in("torch.utils.tensorboard")  # its Trainer's SummaryWriter, imported by distinanet.utils
    from distinanet.model.model import DistinaNet

    return DistinaNet(num_classes=3, backbone_depth=18, distance_head_type=head)


def _annotations(torch):
    """Boxes (x1, y1, x2, y2), class, distance; rows of -1 pad images with fewer objects (the collater's format)."""
    annotations = -torch.ones(2, 3, 6)
    annotations[0, 0] = torch.tensor([4.0, 6.0, 40.0, 50.0, 1.0, 12.5])
    annotations[0, 1] = torch.tensor([20.0, 10.0, 60.0, 30.0, 0.0, 30.0])
    annotations[1, 0] = torch.tensor([8.0, 8.0, 24.0, 56.0, 2.0, 7.0])
    return annotations


def _distinanet_step(head):
    torch = _seed()
    model = _distinanet(head).train()

    def loss_fn(model, images, annotations):
        classification_loss, regression_loss, distance_loss = model([images, annotations])
        return classification_loss.mean() + regression_loss.mean() + distance_loss.mean()

    return _train_step(torch, model, loss_fn), [(torch.randn(2, 3, 64, 64), _annotations(torch))]


def distinanet_train_base():
    return _distinanet_step("base")


def distinanet_train_cbam():
    return _distinanet_step("cbam")


def distinanet_train_dynamic():
    return _distinanet_step("dynamicbranching")


def distinanet_inference():
    torch = _seed()
    return _distinanet("deep").eval(), [(torch.randn(1, 3, 64, 64),)]


PACKAGES = (
    Package("efficientsam==1.0.0", "efficientsam", {
        "evit_backbone_b0": evit_backbone_b0,
        "evit_backbone_l0_train": evit_backbone_l0_train,
        "evit_sam_image_encoder": evit_sam_image_encoder,
        "evit_sam_prompts": evit_sam_prompts,
        "evit_sam_predictor": evit_sam_predictor,
    }, roots=("efficientsam.models.efficientvit.sam:EfficientViTSamPredictor.predict_torch",),
        dependencies=TORCHVISION),
    Package("pixseg==0.8.2", "pixseg", {
        "pixseg_bisenet_batch_step": pixseg_bisenet_batch_step,
        "pixseg_pspnet_focal_step": pixseg_pspnet_focal_step,
        "pixseg_upernet": pixseg_upernet,
        "pixseg_sfnet": pixseg_sfnet,
        "pixseg_sfnet_lite": pixseg_sfnet_lite,
        "pixseg_enet": pixseg_enet,
        "pixseg_bisenet_xception": pixseg_bisenet_xception,
        "pixseg_lraspp_resnet18": pixseg_lraspp_resnet18,
        "pixseg_sliding_window": pixseg_sliding_window,
        "pixseg_tta": pixseg_tta,
        "pixseg_losses": pixseg_losses,
    }, roots=("pixseg.pipeline.engine:forward_batch", "pixseg.pipeline.test_time:inference_with_*"),
        dependencies=TORCHVISION),
    Package("mit-semseg==1.0.0", "mit_semseg", {
        "semseg_ppm_deepsup_step": semseg_ppm_deepsup_step,
        "semseg_upernet_inference": semseg_upernet_inference,
        "semseg_hrnet_c1_inference": semseg_hrnet_c1_inference,
        "semseg_mobilenet_c1_deepsup_step": semseg_mobilenet_c1_deepsup_step,
    }, dependencies=TORCHVISION + ("yacs==0.1.8", "tqdm==4.67.1")),
    Package("kappamodules==0.1.112", "kappamodules", {
        "kappa_vit_mixup_ema_step": kappa_vit_mixup_ema_step,
        "kappa_vit_eval_interpolated": kappa_vit_eval_interpolated,
        "kappa_convnext_train": kappa_convnext_train,
        "kappa_dit_blocks": kappa_dit_blocks,
        "kappa_relpos_attention": kappa_relpos_attention,
        "kappa_pooling_attentions": kappa_pooling_attentions,
        "kappa_async_batchnorm": kappa_async_batchnorm,
        "kappa_unet_pdearena": kappa_unet_pdearena,
        "kappa_dino_projector": kappa_dino_projector,
    }, dependencies=("einops==0.8.2",)),
    Package("distinanet==1.0.1", "distinanet", {
        "distinanet_train_base": distinanet_train_base,
        "distinanet_train_cbam": distinanet_train_cbam,
        "distinanet_train_dynamic": distinanet_train_dynamic,
        "distinanet_inference": distinanet_inference,
    }, dependencies=TORCHVISION),
)


package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
