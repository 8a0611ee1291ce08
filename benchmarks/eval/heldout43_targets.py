"""Held-out group 43 of the evaluation: vision backbones and dense-prediction models built the way timm-style zoos
build them (architectures made by name through factories and arch-config dicts, pretrained-config attributes that
change what forward does, feature extraction through intermediate-layer getters and feature functions, position
embeddings resampled for another image size, inputs resized to the configured resolution, FPN, SSH and U-Net heads,
prior boxes and box decoding computed from the input size), from packages no rule was tuned on, measured before any
rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout43_targets.py \
        --site benchmarks/eval/.packages-heldout43 --suffix heldout43 --jobs 1

docTR (python-doctr): classifiers made by name from its zoo (the ViT with its position embedding interpolated to a
wider image, VIP with mixed local and global mixers in training, TextNet re-parameterized for inference), the DBNet
text detector over a MobileNetV3 feature extractor with its FPN and probability head and postprocessing, the CRNN
recognizer trained with CTC on string targets, and PARSeq decoding autoregressively. TorchXRayVision
(torchxrayvision): DenseNet classifiers with the pretrained configuration's input resolution and operating-point
thresholds (inputs resized to the configured size, outputs normalized), feature extraction, the ResNet autoencoder's
encode and decode, and the PSPNet segmentation network with pyramid pooling. facexlib (facexlib): RetinaFace with a
MobileNet body through an IntermediateLayerGetter, FPN and SSH heads, batched detection with prior boxes from the
input size and box decoding, BiSeNet face parsing, MODNet matting, HopeNet head pose. EasyOCR (easyocr): the CRAFT
detector (a VGG16-BN backbone with a U-Net decoder interpolating to each skip's size) and the ResNet and VGG
recognizers with BiLSTM sequence heads, trained with CTC on encoded labels.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and every package built on it (pytorch-toolbelt imports timm at import time, hiera-transformer and
lightly's ViT modules need it); mmsegmentation (needs mmcv's compiled ops). Imports only code no target runs needs are
stood in: pypdfium2, h5py, shapely, pyclipper, langdetect, rapidfuzz, anyascii, validators, huggingface_hub, onnx,
matplotlib (docTR), scikit-image, pandas, imageio, pydicom (TorchXRayVision), filterpy and numba (facexlib), scikit-image,
python-bidi, shapely, pyclipper (EasyOCR). OpenCV is installed (docTR's and facexlib's postprocessing calls it).
torchvision is a dependency only, made importable as in held-out group 14.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package, stand_in

DEPENDENCIES = (
    "torchvision==0.28.0",
    "pillow==11.3.0",
    "tqdm==4.67.1",
    "opencv-python-headless==4.12.0.88",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------------ docTR
def _doctr():
    torch = _seed()
    _torchvision()
    stand_in("pypdfium2", "h5py", "shapely", "shapely.geometry", "pyclipper", "langdetect", "rapidfuzz",
             "rapidfuzz.distance", "anyascii", "validators", "huggingface_hub", "onnx", "matplotlib",
             "matplotlib.pyplot", "matplotlib.patches", "mplcursors", "weasyprint", "onnxruntime")
    from doctr import models

    return torch, models


def doctr_vit_resampled_pos_embed():
    torch, models = _doctr()
    model = models.classification.__dict__["vit_s"](pretrained=False, num_classes=10).eval()
    return model, [(torch.rand(2, 3, 32, 64),)]


def doctr_vip_mixed_mixers_training():
    torch, models = _doctr()
    model = models.vip_tiny(pretrained=False, num_classes=10).train()
    return model, [(torch.rand(2, 3, 32, 32),)]


def doctr_textnet_reparameterized():
    torch, models = _doctr()
    model = models.reparameterize(models.textnet_tiny(pretrained=False, num_classes=10).eval())
    return model, [(torch.rand(2, 3, 32, 32),)]


def doctr_dbnet_mobilenet_detection():
    torch, models = _doctr()
    model = models.db_mobilenet_v3_large(pretrained=False, pretrained_backbone=False, bin_thresh=1.01, box_thresh=0.9).eval()

    def detect(pages):
        out = model(pages, return_model_output=True, return_preds=True)
        return out["out_map"], out["preds"]

    return detect, [(torch.rand(1, 3, 64, 64),)]


def doctr_crnn_ctc_training():
    torch, models = _doctr()
    model = models.crnn_mobilenet_v3_small(pretrained=False, pretrained_backbone=False).train()

    def loss(crops):
        return model(crops, target=["hello", "world"])["loss"]

    return loss, [(torch.rand(2, 3, 32, 128),)]


def doctr_parseq_decoding():
    torch, models = _doctr()
    model = models.parseq(pretrained=False, max_length=8).eval()

    def read(crops):
        out = model(crops, return_model_output=True, return_preds=True)
        return out["out_map"], out["preds"]

    return read, [(torch.rand(2, 3, 32, 128),)]


# ---------------------------------------------------------------------------------------------------- TorchXRayVision
def _xrv():
    torch = _seed()
    _torchvision()
    stand_in("skimage", "skimage.transform", "skimage.io", "pandas", "imageio", "pydicom")
    import torchxrayvision

    return torch, torchxrayvision


def xrv_densenet_pretrained_config():
    torch, xrv = _xrv()
    model = xrv.models.DenseNet(block_config=(2, 2, 2, 2), num_init_features=16, growth_rate=8).eval()
    model.input_resolution = 64  # what a pretrained configuration sets: inputs are resized to it
    model.op_threshs = torch.rand(model.classifier.out_features)  # and its operating points normalize outputs
    return model, [(torch.rand(2, 1, 96, 96) * 2048 - 1024,)]


def xrv_densenet_features_training():
    torch, xrv = _xrv()
    model = xrv.models.DenseNet(block_config=(2, 2, 2, 2), num_init_features=16, growth_rate=8,
                                drop_rate=0.1).train()

    def features(images):
        return model.features2(images)

    return features, [(torch.rand(2, 1, 64, 64),)]


def xrv_resnet_autoencoder():
    torch, xrv = _xrv()
    model = xrv.autoencoders.ResNetAE50().eval()

    def round_trip(images):
        z = model.encode(images)
        return model.decode(z)

    return round_trip, [(torch.rand(1, 1, 224, 224) * 2048 - 1024,)]


def xrv_pspnet_segmentation():
    torch, xrv = _xrv()
    from torchxrayvision.baseline_models.chestx_det.ptsemseg.pspnet import pspnet

    model = pspnet(n_classes=14, block_config=[1, 1, 1, 1], input_size=(64, 64)).eval()
    return model, [(torch.rand(1, 3, 64, 64),)]


# ---------------------------------------------------------------------------------------------------------- facexlib
def _facexlib():
    torch = _seed()
    _torchvision()
    stand_in("filterpy", "filterpy.kalman", "numba")
    return torch


def facexlib_retinaface_batched_detection():
    torch = _facexlib()
    from facexlib.detection.retinaface import RetinaFace

    model = RetinaFace(network_name="mobile0.25", device=torch.device("cpu"))

    def detect(frames):
        return model.batched_detect_faces(frames, conf_threshold=0.5)

    return detect, [(torch.rand(2, 64, 64, 3) * 255,)]


def facexlib_retinaface_training_heads():
    torch = _facexlib()
    from facexlib.detection.retinaface import RetinaFace

    model = RetinaFace(network_name="mobile0.25", phase="train", device=torch.device("cpu")).train()
    return model, [(torch.rand(2, 3, 64, 64),)]


def facexlib_bisenet_parsing():
    torch = _facexlib()
    from facexlib.parsing.bisenet import BiSeNet

    model = BiSeNet(num_class=19).eval()
    return model, [(torch.rand(1, 3, 64, 64),)]


def facexlib_modnet_matting():
    torch = _facexlib()
    from facexlib.matting.modnet import MODNet

    model = MODNet(backbone_pretrained=False).eval()

    def matte(images):
        return model(images, True)

    return matte, [(torch.rand(1, 3, 64, 64),)]


def facexlib_hopenet_headpose():
    torch = _facexlib()
    from facexlib.headpose.hopenet_arch import HopeNet

    model = HopeNet("resnet", [1, 1, 1, 1], 66).eval()
    return model, [(torch.rand(1, 3, 224, 224),)]


# ----------------------------------------------------------------------------------------------------------- EasyOCR
def _easyocr():
    torch = _seed()
    _torchvision()
    stand_in("skimage", "bidi", "bidi.algorithm", "shapely", "shapely.geometry", "pyclipper")
    return torch


def easyocr_craft_detector():
    torch = _easyocr()
    from easyocr.craft import CRAFT

    model = CRAFT(pretrained=False).eval()
    return model, [(torch.rand(1, 3, 64, 96),)]


def _ctc_step(torch, model, converter, labels):
    criterion = torch.nn.CTCLoss(zero_infinity=True)

    def step(crops):
        text, length = converter.encode(labels)
        preds = model(crops, text).log_softmax(2)
        sizes = torch.IntTensor([preds.size(1)] * preds.size(0))
        return criterion(preds.permute(1, 0, 2), text, sizes, length)

    return step


def easyocr_resnet_recognizer_ctc():
    torch = _easyocr()
    from easyocr.model.model import Model
    from easyocr.utils import CTCLabelConverter

    converter = CTCLabelConverter("0123456789abcdefghijklmnopqrstuvwxyz", {}, {})
    model = Model(1, 64, 32, len(converter.character)).train()
    return _ctc_step(torch, model, converter, ["hello", "world"]), [(torch.rand(2, 1, 32, 100),)]


def easyocr_vgg_recognizer_greedy():
    torch = _easyocr()
    from easyocr.model.vgg_model import Model
    from easyocr.utils import CTCLabelConverter

    converter = CTCLabelConverter("0123456789abcdefghijklmnopqrstuvwxyz", {}, {})
    model = Model(1, 64, 32, len(converter.character)).eval()

    def read(crops):
        preds = model(crops, None).softmax(2)
        _, index = preds.max(2)
        return converter.decode_greedy(index.view(-1), [preds.size(1)] * preds.size(0))

    return read, [(torch.rand(2, 1, 32, 100),)]


PACKAGES: Tuple[Package, ...] = (
    Package("python-doctr==1.1.0", "doctr", {
        "vit_resampled_pos_embed": doctr_vit_resampled_pos_embed,
        "vip_mixed_mixers_training": doctr_vip_mixed_mixers_training,
        "textnet_reparameterized": doctr_textnet_reparameterized,
        "dbnet_mobilenet_detection": doctr_dbnet_mobilenet_detection,
        "crnn_ctc_training": doctr_crnn_ctc_training,
        "parseq_decoding": doctr_parseq_decoding}),
    Package("torchxrayvision==1.5.7", "torchxrayvision", {
        "densenet_pretrained_config": xrv_densenet_pretrained_config,
        "densenet_features_training": xrv_densenet_features_training,
        "resnet_autoencoder": xrv_resnet_autoencoder,
        "pspnet_segmentation": xrv_pspnet_segmentation},
        roots=("torchxrayvision.models:DenseNet.features2", "torchxrayvision.autoencoders:_ResNetAE.encode",
               "torchxrayvision.autoencoders:_ResNetAE.decode")),
    Package("facexlib==0.3.0", "facexlib", {
        "retinaface_batched_detection": facexlib_retinaface_batched_detection,
        "retinaface_training_heads": facexlib_retinaface_training_heads,
        "bisenet_parsing": facexlib_bisenet_parsing,
        "modnet_matting": facexlib_modnet_matting,
        "hopenet_headpose": facexlib_hopenet_headpose},
        roots=("facexlib.detection.retinaface:RetinaFace.batched_detect_faces",)),
    Package("easyocr==1.7.2", "easyocr", {
        "craft_detector": easyocr_craft_detector,
        "resnet_recognizer_ctc": easyocr_resnet_recognizer_ctc,
        "vgg_recognizer_greedy": easyocr_vgg_recognizer_greedy},
        roots=("easyocr.utils:CTCLabelConverter.encode", "easyocr.utils:CTCLabelConverter.decode_greedy")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
