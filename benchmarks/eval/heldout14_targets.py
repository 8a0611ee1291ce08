"""Held-out group 14 of the evaluation: image models (classification backbones, detection and segmentation) and
their ops, from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout14_targets.py \
        --site benchmarks/eval/.packages-heldout14 --suffix heldout14

torchvision's models built small with random weights: CNN, ViT, Swin and MaxViT classifiers, DeepLabV3 and LRASPP
segmentation, RetinaNet, FCOS and SSDlite detectors both training (anchor matching, box coding, losses) and in eval
(score thresholds, top-k, batched NMS, boxes mapped back to the image sizes), and the box ops and v2 tensor
transforms a user compiles on their own; ultralytics' YOLO11 detection, segmentation and pose models from their
shipped yaml configs, the detection loss with its task-aligned assigner, non-max suppression, and an RT-DETR decoder;
CLIP with a ViT and a modified-ResNet image tower (openai-clip); LPIPS distances over AlexNet and SqueezeNet
features with the shipped linear heads (lpips); facenet-pytorch's InceptionResnetV1 and its MTCNN cascade (P/R/O-Nets
with the shipped weights, image pyramid, box regression and NMS); Cadene's pretrainedmodels (DPN, SE-ResNeXt,
NASNet-A mobile, Xception) and deformable attention in 1D and 2D (deformable-attention). Same shape as targets.py
(PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does
not import torch.

torchvision's C++ ops: PyPI's torchvision 0.28.0 (the one for torch 2.13.0) is built against CUDA torch, and its
_C.so does not load on torch 2.13.0+cpu; importing torchvision then fails where it registers the fake of
torchvision::nms. Before importing it the builders define the torchvision::nms operator with a plain torch CPU
kernel and mark the ops as loaded (_torchvision() below): dynamo sees the op through torchvision's own fake, as
with the real extension. No other C++ op is defined, so what needs roi_align (Faster/Mask/Keypoint R-CNN and
MultiScaleRoIAlign) is left out.

Left out: segmentation-models-pytorch, effdet, hiera-transformer, open_clip, mobile-sam, torchseg (depend on timm),
sam2 (an sdist whose build needs torch in an isolated build env, and hydra at import), pytorchvideo (fvcore, av),
depth-anything-v2 (not on the index). Packages already in another group (efficientnet_pytorch, geffnet, pytorchcv,
vit_pytorch, kornia, segment_anything, dinov2, swin_transformer, segformer_pytorch, nfnets, cjm_yolox_pytorch,
pycls) are not reused.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "pillow==11.3.0",
    "tqdm==4.67.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _torchvision():
    """torchvision with torchvision::nms defined by a torch CPU kernel (the wheel's _C.so needs CUDA torch)."""
    import sys

    import torch

    if "torchvision" not in sys.modules and not hasattr(torch.ops.torchvision, "nms"):
        library = torch.library.Library("torchvision", "DEF")
        library.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
        library.define("qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")

        def nms(boxes, scores, iou_threshold):
            x1, y1, x2, y2 = boxes.unbind(1)
            area = (x2 - x1) * (y2 - y1)
            suppressed = torch.zeros(boxes.shape[0], dtype=torch.bool)
            keep = []
            for index in scores.argsort(descending=True).tolist():
                if not suppressed[index]:
                    keep.append(index)
                    inter = ((torch.minimum(x2[index], x2) - torch.maximum(x1[index], x1)).clamp(min=0)
                             * (torch.minimum(y2[index], y2) - torch.maximum(y1[index], y1)).clamp(min=0))
                    suppressed |= inter / (area[index] + area - inter) > iou_threshold
            return torch.tensor(keep, dtype=torch.long)

        library.impl("nms", nms, "CPU")
        _torchvision.library = library  # keep the registration alive
    import torchvision
    import torchvision.extension

    torchvision.extension._has_ops = lambda: True
    return torchvision


# ------------------------------------------------------------------------------------------------------- torchvision
def torchvision_cnn_classifiers():
    torch = _seed()
    models = _torchvision().models

    nets = [models.resnet18(num_classes=5), models.mobilenet_v3_small(num_classes=5),
            models.efficientnet_b0(num_classes=5), models.regnet_y_400mf(num_classes=5),
            models.shufflenet_v2_x0_5(num_classes=5), models.squeezenet1_1(num_classes=5),
            models.densenet121(num_classes=5), models.googlenet(num_classes=5, aux_logits=False, init_weights=False)]
    for net in nets:
        net.eval()

    def logits(images):
        return [net(images) for net in nets]

    return logits, [(torch.randn(2, 3, 64, 64),)]


def torchvision_transformer_classifiers():
    torch = _seed()
    models = _torchvision().models
    from torchvision.models.maxvit import MaxVit
    from torchvision.models.swin_transformer import PatchMergingV2, SwinTransformer, SwinTransformerBlockV2
    from torchvision.models.vision_transformer import VisionTransformer

    nets = [VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2, hidden_dim=32, mlp_dim=64,
                              num_classes=5),
            SwinTransformer(patch_size=[4, 4], embed_dim=16, depths=[2, 2], num_heads=[2, 2], window_size=[4, 4],
                            num_classes=5),
            SwinTransformer(patch_size=[4, 4], embed_dim=16, depths=[2, 2], num_heads=[2, 2], window_size=[4, 4],
                            num_classes=5, block=SwinTransformerBlockV2, downsample_layer=PatchMergingV2),
            MaxVit(input_size=(32, 32), stem_channels=8, partition_size=2, block_channels=[16, 32],
                   block_layers=[1, 1], head_dim=8, stochastic_depth_prob=0.1, num_classes=5),
            models.convnext_tiny(num_classes=5)]
    for net in nets:
        net.eval()

    def logits(images):
        return [net(images) for net in nets]

    return logits, [(torch.randn(2, 3, 32, 32),)]


def torchvision_classifier_training():
    torch = _seed()
    models = _torchvision().models
    net = models.mobilenet_v3_small(num_classes=5).train()

    def training_loss(images, labels):
        return torch.nn.functional.cross_entropy(net(images), labels)

    return training_loss, [(torch.randn(2, 3, 64, 64), torch.tensor([1, 3]))]


def torchvision_segmentation():
    torch = _seed()
    segmentation = _torchvision().models.segmentation
    nets = [segmentation.deeplabv3_mobilenet_v3_large(num_classes=3, weights_backbone=None, aux_loss=True),
            segmentation.lraspp_mobilenet_v3_large(num_classes=3, weights_backbone=None)]
    for net in nets:
        net.eval()

    def masks(images):
        return [net(images)["out"] for net in nets]

    return masks, [(torch.randn(1, 3, 64, 64),)]


def _detection_targets(torch):
    return [{"boxes": torch.tensor([[4.0, 6.0, 30.0, 40.0], [20.0, 10.0, 60.0, 50.0]]), "labels": torch.tensor([1, 2])},
            {"boxes": torch.tensor([[10.0, 12.0, 44.0, 48.0]]), "labels": torch.tensor([1])}]


def _detectors(torchvision):
    detection = torchvision.models.detection
    return [detection.retinanet_resnet50_fpn(num_classes=3, weights_backbone=None, min_size=64, max_size=64),
            detection.fcos_resnet50_fpn(num_classes=3, weights_backbone=None, min_size=64, max_size=64),
            detection.ssdlite320_mobilenet_v3_large(num_classes=3, weights_backbone=None)]


def torchvision_detection_training():
    torch = _seed()
    detectors = [net.train() for net in _detectors(_torchvision())]

    def losses(images):
        return [net(list(images), _detection_targets(torch)) for net in detectors]

    return losses, [(torch.rand(2, 3, 64, 64),)]


def torchvision_detection_inference():
    torch = _seed()
    detectors = [net.eval() for net in _detectors(_torchvision())]

    def detections(images):
        return [net(list(images)) for net in detectors]

    return detections, [(torch.rand(2, 3, 64, 64),)]


def torchvision_box_ops():
    torch = _seed()
    ops = _torchvision().ops

    def box_losses(boxes, other, scores, logits, targets, masks):
        boxes_xyxy = ops.box_convert(boxes, "cxcywh", "xyxy")
        other_xyxy = ops.box_convert(other, "cxcywh", "xyxy")
        clipped = ops.clip_boxes_to_image(boxes_xyxy, (64, 64))
        kept = ops.remove_small_boxes(clipped, 2.0)
        return (ops.box_iou(boxes_xyxy, other_xyxy), ops.generalized_box_iou(boxes_xyxy, other_xyxy),
                ops.generalized_box_iou_loss(boxes_xyxy, other_xyxy, reduction="mean"),
                ops.complete_box_iou_loss(boxes_xyxy, other_xyxy, reduction="sum"),
                ops.distance_box_iou_loss(boxes_xyxy, other_xyxy),
                ops.sigmoid_focal_loss(logits, targets, reduction="mean"),
                ops.batched_nms(clipped, scores, torch.tensor([0, 1, 0, 1, 0, 1]), 0.5),
                kept, ops.masks_to_boxes(masks))

    boxes = torch.tensor([[20.0, 20, 10, 12], [22, 21, 10, 12], [40, 40, 8, 6], [10, 50, 4, 4], [60, 10, 12, 12],
                          [30, 30, 1, 1]])
    masks = torch.zeros(2, 16, 16, dtype=torch.bool)
    masks[0, 2:6, 3:9] = True
    masks[1, 8:15, 1:4] = True
    return box_losses, [(boxes, boxes + torch.rand(6, 4), torch.rand(6), torch.randn(6, 3),
                         (torch.rand(6, 3) > 0.5).float(), masks)]


def torchvision_layers():
    torch = _seed()
    ops = _torchvision().ops
    from collections import OrderedDict

    fpn = ops.FeaturePyramidNetwork([8, 16], 8, extra_blocks=ops.feature_pyramid_network.LastLevelMaxPool()).eval()
    depth = ops.StochasticDepth(0.2, "row").train()
    block = ops.DropBlock2d(0.2, 3).train()
    squeeze = ops.SqueezeExcitation(8, 4)
    mlp = ops.MLP(8, [16, 8], norm_layer=torch.nn.LayerNorm, dropout=0.1)

    def layers(small, large):
        pyramid = fpn(OrderedDict([("p2", small), ("p3", large)]))
        return pyramid, depth(small), block(small), squeeze(small), mlp(small.mean((2, 3)))

    return layers, [(torch.randn(2, 8, 16, 16), torch.randn(2, 16, 8, 8))]


def torchvision_tensor_transforms():
    torch = _seed()
    _torchvision()
    from torchvision.transforms.v2 import functional as F

    def preprocess(images):
        images = F.resize(images, [48, 40], antialias=True)
        images = F.center_crop(images, [32, 32])
        images = F.horizontal_flip(images)
        images = F.adjust_brightness(images, 1.2)
        images = F.gaussian_blur(images, [3, 3], [0.8, 0.8])
        images = F.to_dtype(images, torch.float32, scale=True)
        return F.normalize(images, [0.5, 0.5, 0.5], [0.2, 0.2, 0.2])

    return preprocess, [(torch.randint(0, 256, (2, 3, 56, 64), dtype=torch.uint8),)]


# ------------------------------------------------------------------------------------------------------- ultralytics
def _ultralytics_env():
    import os

    os.environ.setdefault("YOLO_OFFLINE", "1")
    os.environ.setdefault("YOLO_VERBOSE", "False")


def ultralytics_yolo_detect():
    torch = _seed()
    _ultralytics_env()
    from ultralytics.nn.tasks import DetectionModel

    model = DetectionModel("yolo11n.yaml", nc=3, verbose=False).eval()
    return model, [(torch.randn(2, 3, 64, 64),)]


def ultralytics_yolo_detect_and_nms():
    torch = _seed()
    _ultralytics_env()
    from ultralytics.nn.tasks import DetectionModel
    from ultralytics.utils.nms import non_max_suppression

    model = DetectionModel("yolov8n.yaml", nc=3, verbose=False).eval()

    def detect(images):
        return non_max_suppression(model(images), conf_thres=0.0, iou_thres=0.5, max_det=20)

    return detect, [(torch.randn(2, 3, 64, 64),)]


def ultralytics_yolo_training_loss():
    torch = _seed()
    _ultralytics_env()
    from ultralytics.cfg import get_cfg
    from ultralytics.nn.tasks import DetectionModel

    model = DetectionModel("yolo11n.yaml", nc=3, verbose=False).train()
    model.args = get_cfg()

    def training_loss(images, batch_idx, cls, bboxes):
        batch = {"img": images, "batch_idx": batch_idx, "cls": cls, "bboxes": bboxes}
        return model.loss(batch)[0].sum()

    return training_loss, [(torch.randn(2, 3, 64, 64), torch.tensor([0.0, 0.0, 1.0]),
                            torch.tensor([[0.0], [1.0], [2.0]]),
                            torch.tensor([[0.5, 0.5, 0.2, 0.3], [0.3, 0.3, 0.1, 0.1], [0.6, 0.4, 0.3, 0.3]]))]


def ultralytics_yolo_segment_and_pose():
    torch = _seed()
    _ultralytics_env()
    from ultralytics.nn.tasks import ClassificationModel, PoseModel, SegmentationModel

    models = [SegmentationModel("yolo11n-seg.yaml", nc=3, verbose=False).eval(),
              PoseModel("yolo11n-pose.yaml", nc=1, verbose=False).eval(),
              ClassificationModel("yolo11n-cls.yaml", nc=5, verbose=False).eval()]

    def outputs(images):
        return [model(images) for model in models]

    return outputs, [(torch.randn(1, 3, 64, 64),)]


def ultralytics_rtdetr():
    torch = _seed()
    _ultralytics_env()
    from ultralytics.nn.tasks import RTDETRDetectionModel

    model = RTDETRDetectionModel("rtdetr-resnet50.yaml", nc=3, verbose=False).eval()
    return model, [(torch.randn(1, 3, 64, 64),)]


# ------------------------------------------------------------------------------------------------------ openai-clip
def _clip(vision_layers):
    _torchvision()  # clip.py imports torchvision's transforms
    from clip.model import CLIP

    return CLIP(embed_dim=32, image_resolution=32, vision_layers=vision_layers, vision_width=64, vision_patch_size=8,
                context_length=16, vocab_size=100, transformer_width=32, transformer_heads=2,
                transformer_layers=2).eval()


def clip_vit_similarity():
    torch = _seed()
    model = _clip(2)
    return model, [(torch.randn(2, 3, 32, 32), torch.randint(1, 100, (3, 16)))]


def clip_resnet_encoders():
    torch = _seed()
    model = _clip((1, 1, 1, 1))

    def embeddings(images, text):
        return model.encode_image(images), model.encode_text(text)

    return embeddings, [(torch.randn(2, 3, 32, 32), torch.randint(1, 100, (3, 16)))]


# ------------------------------------------------------------------------------------------------------------ lpips
def lpips_distances():
    torch = _seed()
    _torchvision()
    import lpips

    metrics = [lpips.LPIPS(net="alex", pnet_rand=True, verbose=False).eval(),
               lpips.LPIPS(net="squeeze", pnet_rand=True, spatial=True, verbose=False).eval()]

    def distances(first, second):
        return [metric(first, second, normalize=True) for metric in metrics]

    return distances, [(torch.rand(2, 3, 64, 64), torch.rand(2, 3, 64, 64))]


# -------------------------------------------------------------------------------------------------- facenet-pytorch
def facenet_embeddings():
    torch = _seed()
    _torchvision()
    from facenet_pytorch import InceptionResnetV1
    from facenet_pytorch.models.mtcnn import fixed_image_standardization

    model = InceptionResnetV1(classify=True, num_classes=5).eval()

    def embed(faces):
        return model(fixed_image_standardization(faces))

    return embed, [(torch.rand(2, 3, 80, 80) * 255,)]


def facenet_mtcnn_detection():
    torch = _seed()
    _torchvision()
    from facenet_pytorch import MTCNN

    detector = MTCNN(image_size=40, min_face_size=20, thresholds=[0.3, 0.4, 0.4], keep_all=True).eval()

    def detect(images):
        return detector.detect(images)

    return detect, [(torch.rand(1, 48, 48, 3) * 255,)]


# ------------------------------------------------------------------------------------------------- pretrainedmodels
def pretrainedmodels_classifiers():
    torch = _seed()
    _torchvision()  # pretrainedmodels.models wraps torchvision's models too
    from pretrainedmodels.models import dpn, nasnet_mobile, senet
    from pretrainedmodels.models.xception import xception

    nets = [dpn.DPN(small=True, num_init_features=8, k_r=8, groups=4, k_sec=(1, 1, 1, 1), inc_sec=(4, 4, 4, 4),
                    num_classes=5, test_time_pool=True),
            senet.SENet(senet.SEResNeXtBottleneck, [1, 1, 1, 1], groups=4, reduction=4, dropout_p=0.2,
                        inplanes=64, input_3x3=False, downsample_kernel_size=1, downsample_padding=0,
                        num_classes=5),
            nasnet_mobile.NASNetAMobile(num_classes=5, stem_filters=8, penultimate_filters=96,
                                        filters_multiplier=2),
            xception(num_classes=5, pretrained=None)]
    for net in nets:
        net.eval()

    def logits(images):
        return [net(images) for net in nets]

    return logits, [(torch.randn(1, 3, 224, 224),)]


# --------------------------------------------------------------------------------------------- deformable-attention
def deformable_attention_2d_and_1d():
    torch = _seed()
    from deformable_attention import DeformableAttention, DeformableAttention1D

    attention_2d = DeformableAttention(dim=16, dim_head=8, heads=2, downsample_factor=4, offset_scale=4,
                                       offset_kernel_size=6).eval()
    attention_1d = DeformableAttention1D(dim=16, dim_head=8, heads=2, downsample_factor=4, offset_scale=2,
                                         offset_kernel_size=6).eval()

    def attend(image, sequence):
        return attention_2d(image), attention_1d(sequence)

    return attend, [(torch.randn(1, 16, 16, 16), torch.randn(1, 16, 32))]


PACKAGES: Tuple[Package, ...] = (
    Package("torchvision==0.28.0", "torchvision", {
        "cnn_classifiers": torchvision_cnn_classifiers,
        "transformer_classifiers": torchvision_transformer_classifiers,
        "classifier_training": torchvision_classifier_training,
        "segmentation": torchvision_segmentation,
        "detection_training": torchvision_detection_training,
        "detection_inference": torchvision_detection_inference,
        "box_ops": torchvision_box_ops,
        "layers": torchvision_layers,
        "tensor_transforms": torchvision_tensor_transforms},
        roots=("torchvision.ops.*:*", "torchvision.transforms.v2.functional.*:*")),
    Package("ultralytics==8.4.190", "ultralytics", {
        "yolo_detect": ultralytics_yolo_detect,
        "yolo_detect_and_nms": ultralytics_yolo_detect_and_nms,
        "yolo_training_loss": ultralytics_yolo_training_loss,
        "yolo_segment_and_pose": ultralytics_yolo_segment_and_pose,
        "rtdetr": ultralytics_rtdetr},
        roots=("ultralytics.utils.nms:*", "ultralytics.nn.tasks:*.loss", "ultralytics.utils.loss:*"),
        # ultralytics' utils import cv2 at module level, its torch_utils the thop FLOPs counter
        dependencies=("opencv-python-headless==4.12.0.88", "ultralytics-thop==2.0.18")),
    Package("openai-clip==1.0.1", "clip", {
        "vit_similarity": clip_vit_similarity,
        "resnet_encoders": clip_resnet_encoders},
        roots=("clip.model:CLIP.encode_image", "clip.model:CLIP.encode_text"),
        # clip.py imports pkg_resources (setuptools) and its tokenizer ftfy
        dependencies=("setuptools==75.8.0", "ftfy==6.3.1", "wcwidth==0.2.13")),
    Package("lpips==0.1.4", "lpips", {
        "distances": lpips_distances}),
    Package("facenet-pytorch==2.6.0", "facenet_pytorch", {
        "embeddings": facenet_embeddings,
        "mtcnn_detection": facenet_mtcnn_detection},
        roots=("facenet_pytorch.models.mtcnn:*", "facenet_pytorch.models.utils.detect_face:*")),
    Package("pretrainedmodels==0.7.4", "pretrainedmodels", {
        "classifiers": pretrainedmodels_classifiers},
        dependencies=("munch==4.0.0",)),
    Package("deformable-attention==0.0.20", "deformable_attention", {
        "attention_2d_and_1d": deformable_attention_2d_and_1d}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
