"""Held-out group 85 of the evaluation: training-time vision machinery in the style of timm without it (self-supervised
pretraining with momentum encoders, memory-bank queues, DINO centering and teacher-temperature schedules, multi-crop,
SwaV's Sinkhorn codes and MAE's random masking by argsort of noise; person re-identification with ArcFace / CosFace /
Circle margin heads, triplet and circle losses, a MoCo queue and EMA self-distillation; token merging for a latent
diffusion U-Net; episodic few-shot classifiers with prototypes, attention and transductive fine-tuning), from packages
no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout85_targets.py \
        --site benchmarks/eval/.packages-heldout85 --suffix heldout85 --jobs 1

Self-supervised learning (lightly, written the way its examples train): SimCLR on its ResNet-9, MoCo with a momentum
encoder, cosine momentum schedule and a memory-bank NT-Xent, BYOL, NNCLR's nearest-neighbour bank, DINO multi-crop with
the teacher-temperature warm-up and last-layer freezing, SwaV multi-crop with frozen prototypes, MAE on a torchvision
ViT (random token mask, patchify, decoder), Barlow Twins / VICReg / MMCR / iBOT-patch / KoLeo losses. Re-identification
(fastreid, built from its yacs config as its trainer builds it): the Baseline meta-architecture training with ArcFace,
CosFace and Circle classifier layers, cross-entropy with label smoothing, hard-mined triplet, pairwise circle / cosface
losses; evaluation forward; MoCo memory meta-architecture; EMA self-distillation; MGN. Token merging (tomesd): a small
LDM-style U-Net with BasicTransformerBlocks patched by `apply_patch` (random and fixed destination tokens, merging MLP
and cross-attention). Few-shot (easyfsl): prototypical, matching, relation networks, SimpleShot, BD-CSPN, PT-MAP,
LaplacianShot and TIM / Finetune (gradient steps inside forward) episodes, support set processed in the compiled
function. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo
cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA): solo-learn (requires timm), lightning-bolts
(pytorch-lightning < 2 on torch 2.13), vissl and mmselfsup (classy-vision / mmcv stacks); lightly's `*_timm` modules
(timm) and its DINOv2 / I-JEPA / AIM examples (timm ViTs). torchvision's C++ ops need CUDA torch: heldout14's CPU nms
stands in for its registration.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()
TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")


def _seed():
    import torch

    from heldout14_targets import _torchvision

    _torchvision()
    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------------- lightly
def _tiny_backbone(torch, width=16):
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, width, 3, padding=1), torch.nn.BatchNorm2d(width), torch.nn.ReLU(),
        torch.nn.Conv2d(width, width * 2, 3, stride=2, padding=1), torch.nn.BatchNorm2d(width * 2), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten())


def lightly_simclr_step():
    torch = _seed()
    from lightly.loss import NTXentLoss
    from lightly.models import ResNetGenerator
    from lightly.models.modules import SimCLRProjectionHead

    resnet = ResNetGenerator("resnet-9", width=0.125)
    backbone = torch.nn.Sequential(*list(resnet.children())[:-1], torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten())
    head = SimCLRProjectionHead(64, 64, 32)
    criterion = NTXentLoss(temperature=0.5)
    params = list(backbone.parameters()) + list(head.parameters())
    optimizer = torch.optim.SGD(params, lr=0.06)

    def step(x0, x1):
        z0 = head(backbone(x0))
        z1 = head(backbone(x1))
        loss = criterion(z0, z1)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss

    return step, [(torch.randn(4, 3, 32, 32), torch.randn(4, 3, 32, 32))]


def lightly_moco_step():
    torch = _seed()
    import copy

    from lightly.loss import NTXentLoss
    from lightly.models.modules import MoCoProjectionHead
    from lightly.models.utils import deactivate_requires_grad, update_momentum
    from lightly.utils.scheduler import cosine_schedule

    class MoCo(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.backbone = _tiny_backbone(torch)
            self.projection_head = MoCoProjectionHead(32, 64, 16)
            self.backbone_momentum = copy.deepcopy(self.backbone)
            self.projection_head_momentum = copy.deepcopy(self.projection_head)
            deactivate_requires_grad(self.backbone_momentum)
            deactivate_requires_grad(self.projection_head_momentum)

        def forward(self, x):
            return self.projection_head(self.backbone(x))

        def forward_momentum(self, x):
            return self.projection_head_momentum(self.backbone_momentum(x)).detach()

    model = MoCo()
    criterion = NTXentLoss(memory_bank_size=(32, 16))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.06)

    def step(x_query, x_key, epoch):
        momentum = cosine_schedule(epoch, 10, 0.996, 1)
        update_momentum(model.backbone, model.backbone_momentum, m=momentum)
        update_momentum(model.projection_head, model.projection_head_momentum, m=momentum)
        query = model(x_query)
        key = model.forward_momentum(x_key)
        loss = criterion(query, key)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss

    return step, [(torch.randn(8, 3, 32, 32), torch.randn(8, 3, 32, 32), 0),
                  (torch.randn(8, 3, 32, 32), torch.randn(8, 3, 32, 32), 1)]


def lightly_byol_step():
    torch = _seed()
    import copy

    from lightly.loss import NegativeCosineSimilarity
    from lightly.models.modules import BYOLPredictionHead, BYOLProjectionHead
    from lightly.models.utils import deactivate_requires_grad, update_momentum
    from lightly.utils.scheduler import cosine_schedule

    backbone = _tiny_backbone(torch)
    projection = BYOLProjectionHead(32, 64, 16)
    prediction = BYOLPredictionHead(16, 64, 16)
    backbone_m, projection_m = copy.deepcopy(backbone), copy.deepcopy(projection)
    deactivate_requires_grad(backbone_m)
    deactivate_requires_grad(projection_m)
    criterion = NegativeCosineSimilarity()

    def step(x0, x1, epoch):
        momentum = cosine_schedule(epoch, 10, 0.996, 1)
        update_momentum(backbone, backbone_m, m=momentum)
        update_momentum(projection, projection_m, m=momentum)
        p0 = prediction(projection(backbone(x0)))
        z0 = projection_m(backbone_m(x0)).detach()
        p1 = prediction(projection(backbone(x1)))
        z1 = projection_m(backbone_m(x1)).detach()
        loss = 0.5 * (criterion(p0, z1) + criterion(p1, z0))
        loss.backward()
        return loss

    return step, [(torch.randn(4, 3, 32, 32), torch.randn(4, 3, 32, 32), 2)]


def lightly_nnclr_step():
    torch = _seed()
    from lightly.loss import NTXentLoss
    from lightly.models.modules import NNCLRPredictionHead, NNCLRProjectionHead, NNMemoryBankModule

    backbone = _tiny_backbone(torch)
    projection = NNCLRProjectionHead(32, 64, 16)
    prediction = NNCLRPredictionHead(16, 64, 16)
    memory_bank = NNMemoryBankModule(size=(32, 16))
    criterion = NTXentLoss()

    def step(x0, x1):
        z0, z1 = projection(backbone(x0)), projection(backbone(x1))
        p0, p1 = prediction(z0), prediction(z1)
        z0 = memory_bank(z0.detach(), update=False)
        z1 = memory_bank(z1.detach(), update=True)
        loss = 0.5 * (criterion(z0, p1) + criterion(z1, p0))
        loss.backward()
        return loss

    return step, [(torch.randn(8, 3, 32, 32), torch.randn(8, 3, 32, 32))]


def lightly_dino_multicrop_step():
    torch = _seed()
    import copy

    from lightly.loss import DINOLoss
    from lightly.models.modules import DINOProjectionHead
    from lightly.models.utils import deactivate_requires_grad, update_momentum
    from lightly.utils.scheduler import cosine_schedule

    student_backbone = _tiny_backbone(torch)
    student_head = DINOProjectionHead(32, 64, 16, 128, freeze_last_layer=1)
    teacher_backbone, teacher_head = copy.deepcopy(student_backbone), DINOProjectionHead(32, 64, 16, 128)
    deactivate_requires_grad(teacher_backbone)
    deactivate_requires_grad(teacher_head)
    criterion = DINOLoss(output_dim=128, warmup_teacher_temp_epochs=5)
    params = list(student_backbone.parameters()) + list(student_head.parameters())
    optimizer = torch.optim.AdamW(params, lr=1e-3)

    def step(views, epoch):
        momentum = cosine_schedule(epoch, 10, 0.996, 1)
        update_momentum(student_backbone, teacher_backbone, m=momentum)
        update_momentum(student_head, teacher_head, m=momentum)
        global_views = views[:2]
        teacher_out = [teacher_head(teacher_backbone(view)) for view in global_views]
        student_out = [student_head(student_backbone(view)) for view in views]
        loss = criterion(teacher_out, student_out, epoch=epoch)
        loss.backward()
        student_head.cancel_last_layer_gradients(current_epoch=epoch)
        optimizer.step()
        optimizer.zero_grad()
        return loss

    def views():
        return [torch.randn(4, 3, 32, 32), torch.randn(4, 3, 32, 32),
                torch.randn(4, 3, 16, 16), torch.randn(4, 3, 16, 16)]

    return step, [(views(), 0), (views(), 1)]


def lightly_swav_multicrop_step():
    torch = _seed()
    from lightly.loss import SwaVLoss
    from lightly.models.modules import SwaVProjectionHead, SwaVPrototypes

    backbone = _tiny_backbone(torch)
    projection = SwaVProjectionHead(32, 64, 16)
    prototypes = SwaVPrototypes(16, n_prototypes=24, n_steps_frozen_prototypes=1)
    criterion = SwaVLoss(sinkhorn_iterations=3)

    def step(high_res_views, low_res_views, global_step):
        prototypes.normalize()
        high = [prototypes(torch.nn.functional.normalize(projection(backbone(v)), dim=1, p=2), global_step)
                for v in high_res_views]
        low = [prototypes(torch.nn.functional.normalize(projection(backbone(v)), dim=1, p=2), global_step)
               for v in low_res_views]
        loss = criterion(high, low)
        loss.backward()
        return loss

    return step, [([torch.randn(4, 3, 32, 32), torch.randn(4, 3, 32, 32)],
                   [torch.randn(4, 3, 16, 16), torch.randn(4, 3, 16, 16)], 0)]


def lightly_mae_step():
    torch = _seed()
    import torchvision
    from lightly.models import utils
    from lightly.models.modules import MAEDecoder, MaskedVisionTransformerTorchvision

    class MAE(torch.nn.Module):
        def __init__(self):
            super().__init__()
            vit = torchvision.models.VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2,
                                                       hidden_dim=32, mlp_dim=64)
            decoder_dim = 32
            self.mask_ratio = 0.75
            self.patch_size = vit.patch_size
            self.sequence_length = vit.seq_length
            self.mask_token = torch.nn.Parameter(torch.zeros(1, 1, decoder_dim))
            self.backbone = MaskedVisionTransformerTorchvision(vit=vit)
            self.decoder = MAEDecoder(seq_length=vit.seq_length, num_layers=1, num_heads=2,
                                      embed_input_dim=vit.hidden_dim, hidden_dim=decoder_dim, mlp_dim=decoder_dim * 2,
                                      out_dim=vit.patch_size ** 2 * 3, dropout=0, attention_dropout=0)

        def forward(self, images):
            batch_size = images.shape[0]
            idx_keep, idx_mask = utils.random_token_mask(size=(batch_size, self.sequence_length),
                                                         mask_ratio=self.mask_ratio, device=images.device)
            x_encoded = self.backbone.encode(images=images, idx_keep=idx_keep)
            x_decode = self.decoder.embed(x_encoded)
            x_masked = utils.repeat_token(self.mask_token, (batch_size, self.sequence_length))
            x_masked = utils.set_at_index(x_masked, idx_keep, x_decode.type_as(x_masked))
            x_decoded = self.decoder.decode(x_masked)
            x_pred = self.decoder.predict(utils.get_at_index(x_decoded, idx_mask))
            patches = utils.patchify(images, self.patch_size)
            target = utils.get_at_index(patches, idx_mask - 1)
            return torch.nn.functional.mse_loss(x_pred, target)

    return MAE().train(), [(torch.randn(2, 3, 32, 32),)]


def lightly_redundancy_losses():
    """Barlow Twins, VICReg, MMCR and KoLeo: the feature-statistics losses, one compiled step each view pair."""
    torch = _seed()
    from lightly.loss import BarlowTwinsLoss, KoLeoLoss, MMCRLoss, VICRegLoss
    from lightly.models.modules.heads import BarlowTwinsProjectionHead, VICRegProjectionHead

    backbone = _tiny_backbone(torch)
    barlow_head = BarlowTwinsProjectionHead(32, 64, 32)
    vicreg_head = VICRegProjectionHead(32, 64, 32, num_layers=2)
    barlow, vicreg, mmcr, koleo = BarlowTwinsLoss(), VICRegLoss(), MMCRLoss(), KoLeoLoss()

    def step(x0, x1):
        f0, f1 = backbone(x0), backbone(x1)
        loss = barlow(barlow_head(f0), barlow_head(f1))
        loss = loss + vicreg(vicreg_head(f0), vicreg_head(f1))
        loss = loss + mmcr(torch.stack([f0, f1], dim=1), torch.stack([f1, f0], dim=1))
        loss = loss + koleo(f0)
        loss.backward()
        return loss

    return step, [(torch.randn(8, 3, 32, 32), torch.randn(8, 3, 32, 32))]


def lightly_ibot_patch_loss():
    torch = _seed()
    from lightly.loss import IBOTPatchLoss

    criterion = IBOTPatchLoss(output_dim=32)
    mask = torch.rand(2, 4, 4) < 0.4  # (batch, height, width) in tokens; the outputs are the masked tokens'
    mask[:, 0, 0] = True
    masked = int(mask.sum())
    return criterion, [(torch.randn(masked, 32), torch.randn(masked, 32), mask)], {"teacher_temp": 0.05}


# --------------------------------------------------------------------------------------------------------- fastreid
def _reid_cfg(meta="Baseline", backbone="build_resnet_backbone", depth="18x", cls_layer="Linear",
              losses=("CrossEntropyLoss",), feat_dim=512):
    from fastreid.config import get_cfg

    cfg = get_cfg()
    cfg.MODEL.DEVICE = "cpu"
    cfg.MODEL.META_ARCHITECTURE = meta
    cfg.MODEL.BACKBONE.NAME = backbone
    cfg.MODEL.BACKBONE.DEPTH = depth
    cfg.MODEL.BACKBONE.FEAT_DIM = feat_dim
    cfg.MODEL.BACKBONE.PRETRAIN = False
    cfg.MODEL.HEADS.NUM_CLASSES = 6
    cfg.MODEL.HEADS.CLS_LAYER = cls_layer
    cfg.MODEL.HEADS.MARGIN = 0.35
    cfg.MODEL.HEADS.SCALE = 16
    cfg.MODEL.HEADS.WITH_BNNECK = True
    cfg.MODEL.HEADS.POOL_LAYER = "GeneralizedMeanPoolingP"
    cfg.MODEL.LOSSES.NAME = losses
    cfg.MODEL.LOSSES.CE.EPSILON = 0.1
    cfg.MODEL.QUEUE_SIZE = 16
    return cfg


def _reid_batch(torch, batch=8, size=(64, 32)):
    return {"images": torch.rand(batch, 3, *size) * 255, "targets": torch.arange(batch) % 4}


def _reid_model(cfg):
    """The model as its trainer builds it; training runs inside the trainer's EventStorage (accuracy is logged)."""
    from fastreid.modeling import build_model
    from fastreid.utils.events import EventStorage

    if not hasattr(_reid_model, "storage"):
        _reid_model.storage = EventStorage(0).__enter__()
    return build_model(cfg)


def fastreid_arcface_train():
    torch = _seed()
    model = _reid_model(_reid_cfg(cls_layer="ArcSoftmax", losses=("CrossEntropyLoss", "TripletLoss")))
    return model.train(), [(_reid_batch(torch),)]


def fastreid_circle_train():
    torch = _seed()
    cfg = _reid_cfg(cls_layer="CircleSoftmax", losses=("CrossEntropyLoss", "CircleLoss"))
    cfg.MODEL.LOSSES.TRI.HARD_MINING = True
    return _reid_model(cfg).train(), [(_reid_batch(torch),)]


def fastreid_cosface_osnet_train():
    torch = _seed()
    cfg = _reid_cfg(backbone="build_osnet_backbone", depth="x0_25", cls_layer="CosSoftmax",
                    losses=("CrossEntropyLoss", "TripletLoss", "Cosface"), feat_dim=128)
    cfg.MODEL.LOSSES.TRI.HARD_MINING = True
    cfg.MODEL.LOSSES.TRI.NORM_FEAT = True
    return _reid_model(cfg).train(), [(_reid_batch(torch),)]


def fastreid_eval_features():
    torch = _seed()
    model = _reid_model(_reid_cfg(cls_layer="ArcSoftmax"))
    return model.eval(), [(torch.rand(4, 3, 64, 32) * 255,)]


def fastreid_moco_memory_train():
    torch = _seed()
    model = _reid_model(_reid_cfg(meta="MoCo", losses=("CrossEntropyLoss",)))
    return model.train(), [(_reid_batch(torch),), (_reid_batch(torch),)]


def fastreid_ema_self_distillation():
    torch = _seed()
    cfg = _reid_cfg(meta="Distiller", losses=("CrossEntropyLoss",))
    cfg.KD.EMA.ENABLED = True
    return _reid_model(cfg).train(), [(_reid_batch(torch),)]


def fastreid_mgn_train():
    torch = _seed()
    cfg = _reid_cfg(meta="MGN", depth="50x", losses=("CrossEntropyLoss", "TripletLoss"), feat_dim=2048)
    cfg.MODEL.BACKBONE.WITH_IBN = False
    return _reid_model(cfg).train(), [(_reid_batch(torch, batch=4, size=(128, 64)),)]


# ----------------------------------------------------------------------------------------------------------- tomesd
def _ldm(torch):
    """A latent-diffusion module tree the way LDM names it: model.diffusion_model with BasicTransformerBlocks."""

    class CrossAttention(torch.nn.Module):
        def __init__(self, dim, context_dim=None, heads=2):
            super().__init__()
            self.heads = heads
            self.to_q = torch.nn.Linear(dim, dim, bias=False)
            self.to_k = torch.nn.Linear(context_dim or dim, dim, bias=False)
            self.to_v = torch.nn.Linear(context_dim or dim, dim, bias=False)
            self.to_out = torch.nn.Linear(dim, dim)

        def forward(self, x, context=None):
            context = x if context is None else context
            b, n, d = x.shape
            q, k, v = (t.reshape(b, -1, self.heads, d // self.heads).transpose(1, 2)
                       for t in (self.to_q(x), self.to_k(context), self.to_v(context)))
            out = torch.nn.functional.scaled_dot_product_attention(q, k, v)
            return self.to_out(out.transpose(1, 2).reshape(b, n, d))

    class BasicTransformerBlock(torch.nn.Module):
        def __init__(self, dim, context_dim):
            super().__init__()
            self.attn1 = CrossAttention(dim)
            self.attn2 = CrossAttention(dim, context_dim)
            self.ff = torch.nn.Sequential(torch.nn.Linear(dim, dim * 2), torch.nn.GELU(), torch.nn.Linear(dim * 2, dim))
            self.norm1, self.norm2, self.norm3 = (torch.nn.LayerNorm(dim) for _ in range(3))

        def forward(self, x, context=None):
            return self._forward(x, context)

        def _forward(self, x, context=None):
            x = self.attn1(self.norm1(x)) + x
            x = self.attn2(self.norm2(x), context=context) + x
            return self.ff(self.norm3(x)) + x

    class SpatialTransformer(torch.nn.Module):
        def __init__(self, channels, context_dim):
            super().__init__()
            self.norm = torch.nn.GroupNorm(4, channels)
            self.block = BasicTransformerBlock(channels, context_dim)

        def forward(self, x, context):
            b, c, h, w = x.shape
            tokens = self.norm(x).flatten(2).transpose(1, 2)
            tokens = self.block(tokens, context=context)
            return tokens.transpose(1, 2).reshape(b, c, h, w) + x

    class UNet(torch.nn.Module):
        def __init__(self, channels=16, context_dim=8):
            super().__init__()
            self.time = torch.nn.Linear(1, channels)
            self.conv_in = torch.nn.Conv2d(4, channels, 3, padding=1)
            self.attn_full = SpatialTransformer(channels, context_dim)
            self.down = torch.nn.Conv2d(channels, channels, 3, stride=2, padding=1)
            self.attn_half = SpatialTransformer(channels, context_dim)
            self.up = torch.nn.ConvTranspose2d(channels, channels, 2, stride=2)
            self.conv_out = torch.nn.Conv2d(channels, 4, 3, padding=1)

        def forward(self, x, timesteps, context):
            h = self.conv_in(x) + self.time(timesteps[:, None].float())[:, :, None, None]
            h = self.attn_full(h, context)
            h = self.up(self.attn_half(self.down(h), context)) + h
            return self.conv_out(h)

    class DiffusionWrapper(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.diffusion_model = UNet()

    class LatentDiffusion(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = DiffusionWrapper()

    return LatentDiffusion()


def tomesd_ldm_random_merge():
    torch = _seed()
    import tomesd

    ldm = _ldm(torch)
    tomesd.apply_patch(ldm, ratio=0.5, max_downsample=1)
    unet = ldm.model.diffusion_model.eval()
    return unet, [(torch.randn(2, 4, 8, 8), torch.tensor([10, 500]), torch.randn(2, 3, 8))]


def tomesd_ldm_all_layers_fixed():
    torch = _seed()
    import tomesd

    ldm = _ldm(torch)
    tomesd.apply_patch(ldm, ratio=0.4, max_downsample=2, use_rand=False, merge_crossattn=True, merge_mlp=True)
    unet = ldm.model.diffusion_model.eval()
    return unet, [(torch.randn(1, 4, 6, 6), torch.tensor([250]), torch.randn(1, 3, 8))]


# ---------------------------------------------------------------------------------------------------------- easyfsl
def _episode(torch, n_way=3, n_shot=2, n_query=2):
    support = torch.randn(n_way * n_shot, 3, 16, 16)
    labels = torch.arange(n_way).repeat_interleave(n_shot)
    query = torch.randn(n_way * n_query, 3, 16, 16)
    return support, labels, query


def _fsl(method, **kwargs):
    torch = _seed()
    import easyfsl.methods

    backbone = _tiny_backbone(torch, width=8)
    model = getattr(easyfsl.methods, method)(backbone, **kwargs)

    def episode(support_images, support_labels, query_images):
        model.process_support_set(support_images, support_labels)
        return model(query_images)

    return episode, [_episode(torch)]


def easyfsl_prototypical():
    return _fsl("PrototypicalNetworks")


def easyfsl_simple_shot():
    return _fsl("SimpleShot")


def easyfsl_matching():
    return _fsl("MatchingNetworks", feature_dimension=16)


def easyfsl_relation():
    torch = _seed()
    import easyfsl.methods

    backbone = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2))
    model = easyfsl.methods.RelationNetworks(backbone, feature_dimension=8)

    def episode(support_images, support_labels, query_images):
        model.process_support_set(support_images, support_labels)
        return model(query_images)

    return episode, [_episode(torch)]


def easyfsl_bd_cspn():
    return _fsl("BDCSPN")


def easyfsl_pt_map():
    return _fsl("PTMAP", fine_tuning_steps=3)


def easyfsl_laplacian_shot():
    return _fsl("LaplacianShot", inference_steps=3)


def easyfsl_tim():
    return _fsl("TIM", fine_tuning_steps=2)


def easyfsl_finetune():
    return _fsl("Finetune", fine_tuning_steps=2)


def easyfsl_train_episode():
    """Episodic training of a prototypical network: one optimizer step per episode."""
    torch = _seed()
    import easyfsl.methods

    model = easyfsl.methods.PrototypicalNetworks(_tiny_backbone(torch, width=8))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(support_images, support_labels, query_images, query_labels):
        optimizer.zero_grad()
        model.process_support_set(support_images, support_labels)
        loss = torch.nn.functional.cross_entropy(model(query_images), query_labels)
        loss.backward()
        optimizer.step()
        return loss

    support, labels, query = _episode(torch)
    return step, [(support, labels, query, torch.arange(3).repeat_interleave(2))]


PACKAGES: Tuple[Package, ...] = (
    Package("lightly==1.6.0", "lightly", {
        "simclr_step": lightly_simclr_step,
        "moco_step": lightly_moco_step,
        "byol_step": lightly_byol_step,
        "nnclr_step": lightly_nnclr_step,
        "dino_multicrop_step": lightly_dino_multicrop_step,
        "swav_multicrop_step": lightly_swav_multicrop_step,
        "mae_step": lightly_mae_step,
        "redundancy_losses": lightly_redundancy_losses,
        "ibot_patch_loss": lightly_ibot_patch_loss},
        roots=("lightly.models.utils:*", "lightly.utils.scheduler:cosine_schedule",
               "lightly.models.modules.heads:DINOProjectionHead.cancel_last_layer_gradients",
               "lightly.models.modules.heads:SwaVPrototypes.normalize"),
        dependencies=TORCHVISION),
    Package("fastreid==1.4.0", "fastreid", {
        "arcface_train": fastreid_arcface_train,
        "circle_train": fastreid_circle_train,
        "cosface_osnet_train": fastreid_cosface_osnet_train,
        "eval_features": fastreid_eval_features,
        "moco_memory_train": fastreid_moco_memory_train,
        "ema_self_distillation": fastreid_ema_self_distillation,
        "mgn_train": fastreid_mgn_train},
        dependencies=(*TORCHVISION, "yacs==0.1.8", "termcolor==3.1.0", "tabulate==0.9.0")),
    Package("tomesd==0.1.3", "tomesd", {
        "ldm_random_merge": tomesd_ldm_random_merge,
        "ldm_all_layers_fixed": tomesd_ldm_all_layers_fixed}),
    Package("easyfsl==1.5.0", "easyfsl", {
        "prototypical": easyfsl_prototypical,
        "simple_shot": easyfsl_simple_shot,
        "matching": easyfsl_matching,
        "relation": easyfsl_relation,
        "bd_cspn": easyfsl_bd_cspn,
        "pt_map": easyfsl_pt_map,
        "laplacian_shot": easyfsl_laplacian_shot,
        "tim": easyfsl_tim,
        "finetune": easyfsl_finetune,
        "train_episode": easyfsl_train_episode},
        roots=("easyfsl.methods.*:*.process_support_set",),
        dependencies=(*TORCHVISION, "tqdm==4.70.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
