"""Held-out group 36 of the evaluation: image and video backbones, detection and segmentation heads and the layer
libraries under them (stochastic depth, layer scale, DropBlock, blur pooling, norm and activation chosen by name or by
class, re-parameterizable branches, position embeddings and separable space-time attention), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout36_targets.py \
        --site benchmarks/eval/.packages-heldout36 --suffix heldout36

Holocron's zoo (pylocron): ConvNeXt with layer scale and stochastic depth training, ReXNet, RepViT, MobileOne with
over-parameterized branches, a ResNet with DropBlock, CSP-Darknet, YOLOv1 and YOLOv2 detection (losses in training,
boxes through NMS in eval), YOLOv4 with its PAN neck, UNet, UNet++ and UNet3+ segmentation. PyTorchVideo's builders
(pytorchvideo): X3D, the multiscale vision transformer with pooled attention, separable position embeddings and drop
path, a 3-D ResNet, SlowFast's two pathways and the mobile-CPU efficient X3D. nnU-Net's dynamic architectures
(dynamic-network-architectures): plain and residual-encoder UNets in 2-D and 3-D with deep supervision, ResNet-D with
squeeze-excitation and stochastic depth. Self-attention-cv: ViT, TransUNet, UNETR, TimeSformer, axial attention and the
bottleneck transformer block with relative position embeddings. TimeSformer (timesformer-pytorch) with rotary
embeddings, token shift and a frame mask. Anti-aliased CNNs (antialiased-cnns): ResNet and MobileNetV2 with BlurPool.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: timm and every package built on it (dynamic-network-architectures 0.4, segmentation-models-pytorch, effdet,
torchseg, open_clip and more): dynamic-network-architectures is pinned at 0.3.1, which copies timm's DropPath and
squeeze-excitation instead of importing timm. pytorchvideo installs fvcore and iopath (light, pure Python) but not av or
its test tools; holocron's hub downloads and plotting are stood in (huggingface_hub, matplotlib), nothing a target runs
needs them. torchvision is a dependency only (its ops and model helpers), made importable as in held-out group 14.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package, stand_in

DEPENDENCIES = (
    "einops==0.8.2",
    "torchvision==0.28.0",
    "pillow==11.3.0",
    "tqdm==4.67.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _holocron():
    torch = _seed()
    _torchvision()
    stand_in("huggingface_hub", "matplotlib.pyplot", "matplotlib.font_manager", "matplotlib.ft2font")
    return torch


# ---------------------------------------------------------------------------------------------------------- holocron
def holocron_convnext_layer_scale_training():
    torch = _holocron()
    from holocron.models.classification.convnext import ConvNeXt

    model = ConvNeXt([1, 1, 1, 1], [8, 16, 16, 32], num_classes=10, stochastic_depth_prob=0.2).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def holocron_rexnet():
    torch = _holocron()
    from holocron.models.classification.rexnet import ReXNet

    model = ReXNet(width_mult=0.25, depth_mult=0.25, num_classes=10, final_planes=32).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def holocron_repvit():
    torch = _holocron()
    from holocron.models.classification.repvit import RepViT

    model = RepViT([8, 16, 32, 64], [1, 1, 1, 1], num_classes=10).eval()
    return model, [(torch.randn(2, 3, 64, 64),)]


def holocron_mobileone_branches():
    torch = _holocron()
    from holocron.models.classification.mobileone import MobileOne

    model = MobileOne([1, 1, 1, 1], [0.25, 0.25, 0.25, 0.25], overparam_factor=2, num_classes=10).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def holocron_resnet_dropblock_training():
    torch = _holocron()
    from holocron.models.classification.resnet import Bottleneck, ResNet
    from holocron.nn import DropBlock2d

    model = ResNet(Bottleneck, [1, 1, 1, 1], [8, 16, 32, 64], num_classes=10, width_per_group=8,
                   drop_layer=functools.partial(DropBlock2d, 0.1, 3), deep_stem=True, avg_downsample=True).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def holocron_cspdarknet():
    torch = _holocron()
    from holocron.models.classification.darknetv4 import DarknetV4

    model = DarknetV4([(16, 1), (32, 1), (64, 1)], num_classes=10, stem_channels=8).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def _boxes(torch, images=2):
    return [{"boxes": torch.tensor([[0.1, 0.1, 0.5, 0.6], [0.3, 0.2, 0.9, 0.8]]), "labels": torch.tensor([1, 3])},
            {"boxes": torch.tensor([[0.2, 0.3, 0.7, 0.9]]), "labels": torch.tensor([2])}][:images]


def holocron_yolov1_detect():
    torch = _holocron()
    from holocron.models.detection.yolo import YOLOv1

    model = YOLOv1([[16], [16, 32], [32, 64], [64, 1024]], num_classes=5, stem_channels=8,
                   head_hidden_nodes=32).eval()
    return model, [(torch.rand(1, 3, 448, 448),)]


def holocron_yolov1_losses():
    torch = _holocron()
    from holocron.models.detection.yolo import YOLOv1

    model = YOLOv1([[16], [16, 32], [32, 64], [64, 1024]], num_classes=5, stem_channels=8,
                   head_hidden_nodes=32).train()

    def losses(images):
        return model(images, _boxes(torch, images=1))

    return losses, [(torch.rand(1, 3, 448, 448),)]


def holocron_yolov2_losses():
    torch = _holocron()
    from holocron.models.detection.yolov2 import YOLOv2

    model = YOLOv2([(16, 0), (32, 1), (64, 1), (64, 1), (128, 1)], num_classes=5, stem_chanels=8).train()

    def losses(images):
        return model(images, _boxes(torch))

    return losses, [(torch.rand(2, 3, 64, 64),)]


def holocron_yolov4_pan_neck():
    torch = _holocron()
    from holocron.models.detection.yolov4 import YOLOv4

    model = YOLOv4([(16, 1), (32, 1), (256, 1), (512, 1), (1024, 1)], num_classes=5, stem_channels=8).eval()
    return model, [(torch.rand(1, 3, 64, 64),)]


def holocron_unet():
    torch = _holocron()
    from holocron.models.segmentation.unet import UNet

    model = UNet([8, 16, 32, 64], num_classes=3).eval()
    return model, [(torch.randn(2, 3, 64, 64),)]


def holocron_unetpp_unet3p():
    torch = _holocron()
    from holocron.models.segmentation.unet3p import UNet3p
    from holocron.models.segmentation.unetpp import UNetpp

    unetpp, unet3p = UNetpp([8, 16, 32, 64], num_classes=3).eval(), UNet3p([8, 16, 32, 64], num_classes=3).eval()

    def segment(images):
        return unetpp(images) + unet3p(images)

    return segment, [(torch.randn(2, 3, 64, 64),)]


# ------------------------------------------------------------------------------------------------------ pytorchvideo
def _pytorchvideo():
    torch = _seed()
    _torchvision()
    return torch


def pytorchvideo_x3d_training():
    torch = _pytorchvideo()
    from pytorchvideo.models.x3d import create_x3d

    model = create_x3d(input_clip_length=4, input_crop_size=32, model_num_class=10, width_factor=1.0,
                       depth_factor=0.5, head_dim_out=32, dropout_rate=0.2).train()
    return model, [(torch.randn(2, 3, 4, 32, 32),)]


def pytorchvideo_mvit_pooled_attention():
    torch = _pytorchvideo()
    from pytorchvideo.models.vision_transformers import create_multiscale_vision_transformers

    model = create_multiscale_vision_transformers(
        spatial_size=32, temporal_size=4, depth=2, patch_embed_dim=16, num_heads=1, embed_dim_mul=[[1, 2.0]],
        atten_head_mul=[[1, 2.0]], pool_q_stride_size=[[1, 1, 2, 2]], pool_kv_stride_adaptive=[1, 4, 4],
        pool_kvq_kernel=[3, 3, 3], droppath_rate_block=0.2, head_num_classes=10).train()
    return model, [(torch.randn(2, 3, 4, 32, 32),)]


def pytorchvideo_mvit_2d_patches():
    torch = _pytorchvideo()
    from pytorchvideo.models.vision_transformers import create_multiscale_vision_transformers

    model = create_multiscale_vision_transformers(
        spatial_size=32, temporal_size=1, depth=2, patch_embed_dim=16, num_heads=2, use_2d_patch=True,
        conv_patch_embed_kernel=(7, 7), conv_patch_embed_stride=(4, 4), conv_patch_embed_padding=(3, 3),
        sep_pos_embed=False, pool_q_stride_size=[[1, 1, 2, 2]], pool_kvq_kernel=[1, 3, 3], pooling_mode="max",
        head_num_classes=10).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def pytorchvideo_resnet3d():
    torch = _pytorchvideo()
    from pytorchvideo.models.resnet import create_resnet

    model = create_resnet(model_depth=50, model_num_class=10, stem_dim_out=8, head_pool_kernel_size=(4, 1, 1),
                          head_output_with_global_average=True).eval()
    return model, [(torch.randn(1, 3, 4, 32, 32),)]


def pytorchvideo_slowfast_two_pathways():
    torch = _pytorchvideo()
    from pytorchvideo.models.slowfast import create_slowfast

    model = create_slowfast(model_depth=50, model_num_class=10, stem_dim_outs=(16, 2),
                            head_pool_kernel_sizes=((2, 1, 1), (8, 1, 1))).eval()

    def classify(slow, fast):
        return model([slow, fast])

    return classify, [(torch.randn(1, 3, 2, 32, 32), torch.randn(1, 3, 8, 32, 32))]


def pytorchvideo_efficient_x3d_mobile():
    torch = _pytorchvideo()
    from pytorchvideo.models.accelerator.mobile_cpu.efficient_x3d import EfficientX3d

    model = EfficientX3d(num_classes=10, dropout=0.2, expansion="XS", head_act="identity").eval()
    return model, [(torch.randn(1, 3, 4, 32, 32),)]


# --------------------------------------------------------------------------------------- dynamic-network-architectures
def dna_plain_unet_deep_supervision():
    torch = _seed()
    from dynamic_network_architectures.architectures.unet import PlainConvUNet

    model = PlainConvUNet(1, 4, [8, 16, 32, 32], torch.nn.Conv2d, 3, [1, 2, 2, 2], 2, 3, 2, conv_bias=True,
                          norm_op=torch.nn.InstanceNorm2d, norm_op_kwargs={"affine": True},
                          dropout_op=torch.nn.Dropout2d, dropout_op_kwargs={"p": 0.1}, nonlin=torch.nn.LeakyReLU,
                          nonlin_kwargs={"inplace": True}, deep_supervision=True).train()
    return model, [(torch.randn(2, 1, 32, 32),)]


def dna_residual_encoder_unet_3d():
    torch = _seed()
    from dynamic_network_architectures.architectures.unet import ResidualEncoderUNet

    model = ResidualEncoderUNet(1, 3, [8, 16, 32], torch.nn.Conv3d, 3, [1, 2, 2], [1, 2, 2], 2, 1, conv_bias=True,
                                norm_op=torch.nn.InstanceNorm3d, norm_op_kwargs={"affine": True},
                                nonlin=torch.nn.LeakyReLU, nonlin_kwargs={"inplace": True}).eval()
    return model, [(torch.randn(1, 1, 16, 16, 16),)]


def dna_resnet_d_training():
    torch = _seed()
    from dynamic_network_architectures.architectures.resnet import ResNetD

    model = ResNetD(10, config="18", input_dimension=2, final_layer_dropout=0.1, stochastic_depth_p=0.2,
                    squeeze_excitation=True).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


# -------------------------------------------------------------------------------------------------- self-attention-cv
def _self_attention_cv():
    torch = _seed()
    _torchvision()
    return torch


def sacv_vit_classifier():
    torch = _self_attention_cv()
    from self_attention_cv import ViT

    model = ViT(img_dim=32, patch_dim=8, num_classes=10, dim=32, blocks=2, heads=2, dim_linear_block=64,
                dropout=0.1).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def sacv_transunet():
    torch = _self_attention_cv()
    from self_attention_cv import TransUnet

    model = TransUnet(img_dim=64, in_channels=3, classes=2, vit_blocks=1, vit_heads=2,
                      vit_dim_linear_mhsa_block=64).eval()
    return model, [(torch.randn(1, 3, 64, 64),)]


def sacv_unetr_volume():
    torch = _self_attention_cv()
    from self_attention_cv import UNETR

    model = UNETR(img_shape=(32, 32, 32), input_dim=1, output_dim=2, embed_dim=32, patch_size=16, num_heads=2,
                  ext_layers=[1, 2, 3, 4], base_filters=4, dim_linear_block=64).eval()
    return model, [(torch.randn(1, 1, 32, 32, 32),)]


def sacv_timesformer():
    torch = _self_attention_cv()
    from self_attention_cv import Timesformer

    model = Timesformer(img_dim=32, frames=4, num_classes=10, patch_dim=8, dim=32, blocks=1, heads=2,
                        dim_linear_block=64).eval()
    return model, [(torch.randn(2, 4, 3, 32, 32),)]


def sacv_axial_and_bottleneck_attention():
    torch = _self_attention_cv()
    from self_attention_cv import AxialAttentionBlock
    from self_attention_cv.bottleneck_transformer import BottleneckBlock

    axial = AxialAttentionBlock(in_channels=16, dim=8, heads=2).eval()
    bottleneck = BottleneckBlock(in_channels=16, fmap_size=(8, 8), out_channels=32, proj_factor=4, heads=2,
                                 dim_head=8).eval()

    def attend(feature_map):
        return bottleneck(axial(feature_map))

    return attend, [(torch.randn(2, 16, 8, 8),)]


# ----------------------------------------------------------------------------------------------- timesformer-pytorch
def timesformer_rotary_masked_frames():
    torch = _seed()
    from timesformer_pytorch import TimeSformer

    model = TimeSformer(dim=32, num_frames=4, num_classes=10, image_size=32, patch_size=8, depth=2, heads=2,
                        dim_head=16).eval()
    mask = torch.tensor([[True, True, True, True], [True, True, False, False]])

    def classify(video):
        return model(video, mask=mask)

    return classify, [(torch.randn(2, 4, 3, 32, 32),)]


def timesformer_token_shift_absolute():
    torch = _seed()
    from timesformer_pytorch import TimeSformer

    model = TimeSformer(dim=32, num_frames=4, num_classes=10, image_size=32, patch_size=8, depth=2, heads=2,
                        dim_head=16, rotary_emb=False, shift_tokens=True).eval()
    return model, [(torch.randn(2, 3, 3, 32, 32),)]


# --------------------------------------------------------------------------------------------------- antialiased-cnns
def antialiased_resnet_blurpool():
    torch = _seed()
    import antialiased_cnns

    model = antialiased_cnns.resnet18(filter_size=3, num_classes=10).eval()
    return model, [(torch.randn(2, 3, 32, 32),)]


def antialiased_mobilenet_v2():
    torch = _seed()
    import antialiased_cnns

    model = antialiased_cnns.mobilenet_v2(filter_size=4, num_classes=10, width_mult=0.25).eval()
    return model, [(torch.randn(2, 3, 64, 64),)]


PACKAGES: Tuple[Package, ...] = (
    Package("pylocron==0.3.0", "holocron", {
        "convnext_layer_scale_training": holocron_convnext_layer_scale_training,
        "rexnet": holocron_rexnet,
        "repvit": holocron_repvit,
        "mobileone_branches": holocron_mobileone_branches,
        "resnet_dropblock_training": holocron_resnet_dropblock_training,
        "cspdarknet": holocron_cspdarknet,
        "yolov1_detect": holocron_yolov1_detect,
        "yolov1_losses": holocron_yolov1_losses,
        "yolov2_losses": holocron_yolov2_losses,
        "yolov4_pan_neck": holocron_yolov4_pan_neck,
        "unet": holocron_unet,
        "unetpp_unet3p": holocron_unetpp_unet3p},
        dependencies=("fastprogress==1.0.3",)),
    Package("pytorchvideo==0.1.5", "pytorchvideo", {
        "x3d_training": pytorchvideo_x3d_training,
        "mvit_pooled_attention": pytorchvideo_mvit_pooled_attention,
        "mvit_2d_patches": pytorchvideo_mvit_2d_patches,
        "resnet3d": pytorchvideo_resnet3d,
        "slowfast_two_pathways": pytorchvideo_slowfast_two_pathways,
        "efficient_x3d_mobile": pytorchvideo_efficient_x3d_mobile},
        dependencies=("fvcore==0.1.5.post20221221", "iopath==0.1.10", "yacs==0.1.8", "portalocker==3.2.0",
                      "tabulate==0.9.0", "termcolor==3.1.0")),
    Package("dynamic-network-architectures==0.3.1", "dynamic_network_architectures", {
        "plain_unet_deep_supervision": dna_plain_unet_deep_supervision,
        "residual_encoder_unet_3d": dna_residual_encoder_unet_3d,
        "resnet_d_training": dna_resnet_d_training}),
    Package("self-attention-cv==1.2.3", "self_attention_cv", {
        "vit_classifier": sacv_vit_classifier,
        "transunet": sacv_transunet,
        "unetr_volume": sacv_unetr_volume,
        "timesformer": sacv_timesformer,
        "axial_and_bottleneck_attention": sacv_axial_and_bottleneck_attention}),
    Package("timesformer-pytorch==0.4.1", "timesformer_pytorch", {
        "rotary_masked_frames": timesformer_rotary_masked_frames,
        "token_shift_absolute": timesformer_token_shift_absolute}),
    Package("antialiased-cnns==0.3", "antialiased_cnns", {
        "resnet_blurpool": antialiased_resnet_blurpool,
        "mobilenet_v2": antialiased_mobilenet_v2}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
