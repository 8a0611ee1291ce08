"""Held-out group 93 of the evaluation: vision models in the style of timm without it, in corners no group covered
(76: ViTs / ConvNets / MLP-Mixers, 81: dense prediction and efficient backbones, 85: self-supervised training and token
merging, 89: supernets, quantization, spiking nets): end-to-end object detection (DETR's set prediction with a
Hungarian-matched loss and its mask head, YOLOv5's anchors, box decoding, batched NMS and target assignment), face
detection and landmark heatmaps (S3FD, RetinaFace, BlazeFace, FAN hourglasses) and image restoration (NAFNet), from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout93_targets.py \
        --site benchmarks/eval/.packages-heldout93 --suffix heldout93 --jobs 1

DETR (detr 0.1.4, facebookresearch/detr as a wheel: top-level `models`, `util`, `datasets`): the model's forward on a
batch tensor and on a list of differently sized images (its `nested_tensor_from_tensor_list` padding), the body of
`train_one_epoch` (model, `SetCriterion` with the scipy Hungarian `HungarianMatcher`, weighted loss sum, clipping,
AdamW), `PostProcess`, and `DETRsegm` with `PostProcessSegm`. `util` is its own package here: the helpers the model
and the loss call (NestedTensor padding, box ops, accuracy) are scored there. yolort 0.6.3: the YOLO model (darknet
PAN backbone, `YOLOHead`, `AnchorGenerator`, `PostProcess` with `batched_nms`) in eval, the `YOLOv5` wrapper with its letterbox `YOLOTransform` over a list of images, the
transformer-neck variant, and the ultralytics-style `yolort.v5` `Model` built from a config dict and its
`non_max_suppression`. Left out: yolort's two training paths (`SetCriterion.build_targets`, `ComputeLoss`): both
clamp a long index tensor with a float tensor bound (`gj.clamp_(0, gain[3] - 1)`), an error in eager mode on torch 2.13. face-alignment 1.5.0: FAN and ResNetDepth forwards, the S3FD / RetinaFace / BlazeFace
detector nets, S3FD's `batch_detect`, RetinaFace's prior boxes and `decode`, BlazeFace's `predict_on_batch`
(anchors decoding, weighted NMS). nafnetlib 0.1.0: NAFNet's forward (eval and a training step) and NAFNetLocal (the
test-time local average pooling converted from the training size).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Compat shims in the builders, outside anything compiled: torchvision's `nms` op defined by a torch CPU kernel
(heldout14's helper: the wheel's _C.so needs CUDA torch) and `_check_cuda_version` answering -1; DETR reads
torchvision's version as `float(v[:3])` (0.28 reads as 0.2, which takes a torchvision-0.5 branch): the builder gives
torchvision a version string that reads 0.8; DETR's backbone asks for ImageNet weights when `is_main_process()`:
answered False (no download); yolort's plot module downloads a font when imported on rank -1/0: imported with RANK=1;
face-alignment jit-compiles its numpy heatmap decoding with numba: a pass-through `jit` (never compiled here).
Stand-ins: pkg_resources (yolort's version checks), skimage (face-alignment's image loading).
"""

from __future__ import annotations

import functools
import types

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")
OPENCV = ("opencv-python-headless==4.12.0.88",)
PANDAS = ("pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")
MATPLOTLIB = ("matplotlib==3.11.2", "contourpy==1.3.3", "cycler==0.12.1", "fonttools==4.68.0", "kiwisolver==1.5.1",
              "pyparsing==3.3.3")
DEPENDENCIES = TORCHVISION + OPENCV + ("tqdm==4.67.1",)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _torchvision(version=None):
    from heldout14_targets import _torchvision as define_nms_and_import

    torchvision = define_nms_and_import()
    torchvision.extension._check_cuda_version = lambda: -1
    if version is not None:
        torchvision.__version__ = version
    return torchvision


# ---------------------------------------------------------------------------------------------------------- DETR
def _detr_imports():
    _torchvision(version="0.8.0")
    import models.backbone
    import util.misc

    models.backbone.is_main_process = lambda: False  # no ImageNet download
    return util.misc


def _detr_args(**overrides):
    args = dict(lr_backbone=1e-5, masks=False, backbone="resnet18", dilation=False, position_embedding="sine",
                hidden_dim=32, dropout=0.1, nheads=4, dim_feedforward=64, enc_layers=2, dec_layers=2, pre_norm=False,
                num_queries=8, aux_loss=True, set_cost_class=1, set_cost_bbox=5, set_cost_giou=2, bbox_loss_coef=5,
                giou_loss_coef=2, mask_loss_coef=1, dice_loss_coef=1, eos_coef=0.1, device="cpu",
                dataset_file="coco", frozen_weights=None)
    args.update(overrides)
    return types.SimpleNamespace(**args)


def _detr(**overrides):
    _detr_imports()
    torch = _seed()
    from models.detr import build

    model, criterion, postprocessors = build(_detr_args(**overrides))
    return torch, model, criterion, postprocessors


def _detr_targets(torch, batch, size=None):
    targets = []
    for i in range(batch):
        n = 2 + i
        target = {"labels": torch.randint(1, 91, (n,)), "boxes": torch.rand(n, 4) * 0.5 + 0.25}
        if size is not None:
            target["masks"] = torch.rand(n, *size) > 0.5
        targets.append(target)
    return targets


def detr_forward():
    torch, model, _, _ = _detr()
    return model.eval(), [(torch.randn(2, 3, 64, 64),)]


def detr_forward_image_list():
    """What DETR's collate_fn hands the model: images of different sizes, padded into a NestedTensor inside."""
    torch, model, _, _ = _detr()
    return model.eval(), [([torch.randn(3, 64, 48), torch.randn(3, 56, 64)],)]


def detr_train_step():
    """The body of `engine.train_one_epoch`'s loop."""
    torch, model, criterion, _ = _detr()
    model.train()
    criterion.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=1e-4)

    def step(samples, targets):
        outputs = model(samples)
        loss_dict = criterion(outputs, targets)
        weight_dict = criterion.weight_dict
        losses = sum(loss_dict[k] * weight_dict[k] for k in loss_dict.keys() if k in weight_dict)
        optimizer.zero_grad()
        losses.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.1)
        optimizer.step()
        return losses

    return step, [(torch.randn(2, 3, 64, 64), _detr_targets(torch, 2))]


def detr_postprocess():
    torch, model, _, postprocessors = _detr()
    with torch.no_grad():
        outputs = model.eval()(torch.randn(2, 3, 64, 64))
    return postprocessors["bbox"], [(outputs, torch.tensor([[480, 640], [512, 512]]))]


def _detr_segm():
    # the mask head is sized for ResNet-50's FPN widths and a 256-wide transformer with 8 heads
    return _detr(masks=True, backbone="resnet50", hidden_dim=256, nheads=8, dim_feedforward=128, enc_layers=1,
                 dec_layers=1, aux_loss=False)


def detr_segm_forward():
    torch, model, _, _ = _detr_segm()
    return model.eval(), [(torch.randn(1, 3, 64, 64),)]


def detr_segm_postprocess():
    torch, model, _, postprocessors = _detr_segm()
    with torch.no_grad():
        outputs = model.eval()(torch.randn(1, 3, 64, 64))
    results = postprocessors["bbox"](outputs, torch.tensor([[60, 64]]))
    return postprocessors["segm"], [(results, outputs, torch.tensor([[60, 64]]), torch.tensor([[64, 64]]))]


def detr_segm_loss():
    """SetCriterion with the mask and dice losses over the padded target masks."""
    torch, model, criterion, _ = _detr_segm()
    with torch.no_grad():
        outputs = model.eval()(torch.randn(2, 3, 64, 64))
    return criterion.train(), [(outputs, _detr_targets(torch, 2, size=(64, 64)))]


# -------------------------------------------------------------------------------------------------------- yolort
def _yolort():
    import os

    _torchvision()
    targets.stand_in("pkg_resources")
    rank = os.environ.get("RANK")
    os.environ["RANK"] = "1"  # its plot module fetches a font when imported on rank -1 / 0
    try:
        import yolort.models
    finally:
        if rank is None:
            del os.environ["RANK"]
        else:
            os.environ["RANK"] = rank
    return _seed(), yolort


def yolort_yolo_eval():
    torch, yolort = _yolort()
    model = yolort.models.yolo.yolov5_darknet_pan_n_r60(num_classes=5, score_thresh=0.0)
    return model.eval(), [(torch.rand(2, 3, 128, 128),)]






def yolort_yolov5_predict():
    torch, yolort = _yolort()
    model = yolort.models.YOLOv5(arch="yolov5_darknet_pan_n_r60", num_classes=5, size=(128, 128), score_thresh=0.0)
    return model.eval(), [([torch.rand(3, 96, 128), torch.rand(3, 128, 100)],)]




def yolort_tan_eval():
    torch, yolort = _yolort()
    model = yolort.models.yolo.yolov5_darknet_tan_s_r40(num_classes=5, score_thresh=0.0)
    return model.eval(), [(torch.rand(1, 3, 128, 128),)]


YOLOV5N = {
    "nc": 5, "depth_multiple": 0.33, "width_multiple": 0.25,
    "anchors": [[10, 13, 16, 30, 33, 23], [30, 61, 62, 45, 59, 119], [116, 90, 156, 198, 373, 326]],
    "backbone": [[-1, 1, "Conv", [64, 6, 2, 2]], [-1, 1, "Conv", [128, 3, 2]], [-1, 3, "C3", [128]],
                 [-1, 1, "Conv", [256, 3, 2]], [-1, 6, "C3", [256]], [-1, 1, "Conv", [512, 3, 2]],
                 [-1, 9, "C3", [512]], [-1, 1, "Conv", [1024, 3, 2]], [-1, 3, "C3", [1024]], [-1, 1, "SPPF", [1024, 5]]],
    "head": [[-1, 1, "Conv", [512, 1, 1]], [-1, 1, "nn.Upsample", [None, 2, "nearest"]], [[-1, 6], 1, "Concat", [1]],
             [-1, 3, "C3", [512, False]], [-1, 1, "Conv", [256, 1, 1]], [-1, 1, "nn.Upsample", [None, 2, "nearest"]],
             [[-1, 4], 1, "Concat", [1]], [-1, 3, "C3", [256, False]], [-1, 1, "Conv", [256, 3, 2]],
             [[-1, 14], 1, "Concat", [1]], [-1, 3, "C3", [512, False]], [-1, 1, "Conv", [512, 3, 2]],
             [[-1, 10], 1, "Concat", [1]], [-1, 3, "C3", [1024, False]], [[17, 20, 23], 1, "Detect", ["nc", "anchors"]]],
}


def _v5_model():
    import copy

    torch, _ = _yolort()
    from yolort.v5.models.yolo import Model

    return torch, Model(copy.deepcopy(YOLOV5N))


def yolort_v5_model_eval():
    torch, model = _v5_model()
    return model.eval(), [(torch.rand(1, 3, 128, 128),)]




def yolort_v5_nms():
    torch, model = _v5_model()
    from yolort.v5.utils.general import non_max_suppression

    with torch.no_grad():
        pred = model.eval()(torch.rand(1, 3, 128, 128))[0]
    pred[..., 4] = torch.rand(pred.shape[:-1])  # confident enough for some boxes to pass
    return functools.partial(non_max_suppression, conf_thres=0.25, iou_thres=0.45, max_det=100), [(pred,)]


# ------------------------------------------------------------------------------------------------ face-alignment
def _face_alignment():
    import sys

    _torchvision()
    targets.stand_in("skimage", "skimage.io", "skimage.color")
    if "numba" not in sys.modules:  # its numpy heatmap decoding is numba-jitted: never compiled here
        numba = types.ModuleType("numba")
        numba.jit = lambda *args, **kwargs: (lambda function: function)
        sys.modules["numba"] = numba
    import face_alignment

    return _seed(), face_alignment


def fa_fan_forward():
    torch, _ = _face_alignment()
    from face_alignment.models.fan import FAN

    return FAN(num_modules=2).eval(), [(torch.rand(1, 3, 128, 128),)]


def fa_resnet_depth():
    torch, _ = _face_alignment()
    from face_alignment.models.resnet import ResNetDepth

    return ResNetDepth().eval(), [(torch.rand(1, 3 + 68, 224, 224),)]


def fa_s3fd_forward():
    torch, _ = _face_alignment()
    from face_alignment.detection.sfd.net_s3fd import s3fd

    return s3fd().eval(), [(torch.rand(1, 3, 64, 64),)]


def fa_s3fd_batch_detect():
    torch, _ = _face_alignment()
    from face_alignment.detection.sfd.detect import batch_detect
    from face_alignment.detection.sfd.net_s3fd import s3fd

    net = s3fd().eval()
    return functools.partial(batch_detect, net, device="cpu"), [(torch.rand(2, 3, 64, 64) * 255,)]


def fa_retinaface_forward():
    torch, _ = _face_alignment()
    from face_alignment.detection.retinaface.net_retinaface import RetinaFace, cfg_mnet

    return RetinaFace(cfg=cfg_mnet).eval(), [(torch.rand(1, 3, 64, 64),)]


def fa_retinaface_decode():
    """RetinaFaceDetector.detect_from_image's tensor part: prior boxes for the image size, then decode."""
    torch, _ = _face_alignment()
    from face_alignment.detection.retinaface.box_utils import decode
    from face_alignment.detection.retinaface.net_retinaface import RetinaFace, cfg_mnet
    from face_alignment.detection.retinaface.prior_box import PriorBox

    net = RetinaFace(cfg=cfg_mnet).eval()

    def detect(img):
        loc, conf, landms = net(img)
        priors = PriorBox(cfg_mnet, image_size=(img.shape[2], img.shape[3])).forward()
        boxes = decode(loc.squeeze(0), priors, cfg_mnet["variance"])
        scores = conf.squeeze(0)[:, 1]
        return boxes, scores

    return detect, [(torch.rand(1, 3, 64, 64),)]


def _blazeface(torch):
    from face_alignment.detection.blazeface.net_blazeface import BlazeFace

    net = BlazeFace().eval()
    anchors = torch.rand(896, 4).numpy()
    anchors[:, 2:] = 1.0
    net.load_anchors_from_npy(anchors, device="cpu")
    with torch.no_grad():  # random weights: boxes 0.1 wide at the anchors (a zero-area box never leaves the NMS loop)
        for name, parameter in net.named_parameters():
            if name.startswith("regressor"):
                parameter.zero_()
                if name.endswith("bias"):
                    parameter.view(-1, 16)[:, 2:4] = 12.8
    return net


def fa_blazeface_forward():
    torch, _ = _face_alignment()
    return _blazeface(torch), [(torch.rand(1, 3, 128, 128) * 2 - 1,)]


def fa_blazeface_predict():
    torch, _ = _face_alignment()
    net = _blazeface(torch)
    net.min_score_thresh = 0.5  # random weights: keep some detections for the weighted NMS
    return net.predict_on_batch, [(torch.rand(2, 3, 128, 128) * 255,)]


# ----------------------------------------------------------------------------------------------------- nafnetlib
def _nafnet():
    _torchvision()  # nafnetlib imports it
    return _seed()


NAFNET = dict(img_channel=3, width=8, middle_blk_num=1, enc_blk_nums=[1, 1], dec_blk_nums=[1, 1])


def nafnet_forward():
    torch = _nafnet()
    from nafnetlib.models.nafnet import NAFNet

    return NAFNet(**NAFNET).eval(), [(torch.rand(1, 3, 30, 34),)]


def nafnet_train_step():
    torch = _nafnet()
    from nafnetlib.models.nafnet import NAFNet

    model = NAFNet(**NAFNET).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.9))

    def step(lq, gt):
        loss = torch.nn.functional.l1_loss(model(lq), gt)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)
        optimizer.step()
        return loss

    return step, [(torch.rand(2, 3, 32, 32), torch.rand(2, 3, 32, 32))]


def nafnet_local():
    torch = _nafnet()
    from nafnetlib.models.nafnet import NAFNetLocal

    model = NAFNetLocal(**NAFNET, train_size=(1, 3, 32, 32), fast_imp=False)
    return model.eval(), [(torch.rand(1, 3, 56, 60),)]


def nafnet_local_fast():
    torch = _nafnet()
    from nafnetlib.models.nafnet import NAFNetLocal

    model = NAFNetLocal(**NAFNET, train_size=(1, 3, 32, 32), fast_imp=True)
    return model.eval(), [(torch.rand(1, 3, 56, 60),)]


DETR_TARGETS = {"detr_forward": detr_forward, "detr_forward_image_list": detr_forward_image_list,
                "detr_train_step": detr_train_step, "detr_postprocess": detr_postprocess,
                "detr_segm_forward": detr_segm_forward, "detr_segm_postprocess": detr_segm_postprocess,
                "detr_segm_loss": detr_segm_loss}

PACKAGES = (
    Package("detr==0.1.4", "models", DETR_TARGETS),
    # the same runs (those that reach them): DETR's helpers (NestedTensor padding, box ops, accuracy) live in its top-level `util`
    Package("detr==0.1.4", "util", {name: DETR_TARGETS[name] for name in (
        "detr_forward", "detr_forward_image_list", "detr_train_step", "detr_segm_loss")},
            roots=("util.misc:nested_tensor_from_tensor_list", "util.misc:NestedTensor.*", "util.misc:accuracy",
                   "util.misc:interpolate", "util.box_ops:*")),
    Package("yolort==0.6.3", "yolort", {
        "yolo_eval": yolort_yolo_eval,
        "yolov5_predict": yolort_yolov5_predict,
        "tan_eval": yolort_tan_eval,
        "v5_model_eval": yolort_v5_model_eval,
        "v5_nms": yolort_v5_nms},
        roots=("yolort.v5.utils.general:non_max_suppression",),
        dependencies=PANDAS + MATPLOTLIB),
    Package("face-alignment==1.5.0", "face_alignment", {
        "fan_forward": fa_fan_forward,
        "resnet_depth": fa_resnet_depth,
        "s3fd_forward": fa_s3fd_forward,
        "s3fd_batch_detect": fa_s3fd_batch_detect,
        "retinaface_forward": fa_retinaface_forward,
        "retinaface_decode": fa_retinaface_decode,
        "blazeface_forward": fa_blazeface_forward,
        "blazeface_predict": fa_blazeface_predict},
        roots=("face_alignment.detection.sfd.detect:batch_detect",
               "face_alignment.detection.retinaface.prior_box:PriorBox.forward",
               "face_alignment.detection.retinaface.box_utils:decode",
               "face_alignment.detection.blazeface.net_blazeface:BlazeFace.predict_on_batch")),
    Package("nafnetlib==0.1.0", "nafnetlib", {
        "nafnet_forward": nafnet_forward,
        "nafnet_train_step": nafnet_train_step,
        "nafnet_local": nafnet_local,
        "nafnet_local_fast": nafnet_local_fast}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
