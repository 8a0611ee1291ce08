"""Held-out group 2 of the evaluation: model code in the style of LLM, vision and diffusion libraries, measured
before any rule changes for it.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout2_targets.py \
        --site benchmarks/eval/.packages-heldout2 --suffix heldout2

Chosen after the rules were tuned on targets.py and heldout_targets.py, in the style of the acceptance run's model
libraries: vision backbones (EfficientNet/MobileNet families with drop path and same padding, CIFAR ResNets with
stochastic depth and shake regularizers, segmentation pyramids), decoder-only language models with a cached decode
step (Mamba, Jamba's attention + mixture of experts, MEGABYTE's multiscale transformer and its sampler), a CLIP-like
two-tower contrastive captioner and a diffusion UNet with time conditioning. Same shape as targets.py (PACKAGES,
DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does not import
torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.67.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# -------------------------------------------------------------------------------------------------- geffnet
def geffnet_efficientnet_drop_path():
    torch = _seed()
    import geffnet

    model = geffnet.create_model("efficientnet_b0", num_classes=10, drop_rate=0.2, drop_connect_rate=0.2).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


def geffnet_tf_same_padding_mixnet():
    torch = _seed()
    import geffnet

    tf_net = geffnet.create_model("tf_efficientnet_lite0", num_classes=10).eval()
    mixnet = geffnet.create_model("mixnet_s", num_classes=10).eval()

    def both(x):
        return tf_net(x), mixnet(x)

    return both, [(torch.randn(1, 3, 33, 33),)]


def geffnet_mobilenetv3_condconv():
    torch = _seed()
    import geffnet

    mobile = geffnet.create_model("mobilenetv3_large_100", num_classes=10).eval()
    condconv = geffnet.create_model("efficientnet_cc_b0_4e", num_classes=10).eval()

    def both(x):
        return mobile(x), condconv(x)

    return both, [(torch.randn(2, 3, 32, 32),)]


# ------------------------------------------------------------------------------------------------ pytorchcv
def pytorchcv_cifar_stochastic_depth():
    torch = _seed()
    from pytorchcv.models.resdropresnet_cifar import resdropresnet20_cifar10
    from pytorchcv.models.shakedropresnet_cifar import shakedropresnet20_cifar10
    from pytorchcv.models.shakeshakeresnet_cifar import shakeshakeresnet20_2x16d_cifar10

    nets = [resdropresnet20_cifar10().train(), shakedropresnet20_cifar10().train(),
            shakeshakeresnet20_2x16d_cifar10().train()]

    def all_three(x):
        return [net(x) for net in nets]

    return all_three, [(torch.randn(2, 3, 32, 32),)]


def pytorchcv_backbones():
    torch = _seed()
    from pytorchcv.models.bamresnet import bam_resnet18
    from pytorchcv.models.ghostnet import ghostnet
    from pytorchcv.models.resnesta import resnesta18

    nets = [ghostnet(num_classes=10).eval(), resnesta18(num_classes=10).eval(), bam_resnet18(num_classes=10).eval()]

    def all_three(x):
        return [net(x) for net in nets]

    return all_three, [(torch.randn(1, 3, 224, 224),)]


def pytorchcv_segmentation_pyramids():
    torch = _seed()
    from pytorchcv.models.fastscnn import fastscnn_cityscapes
    from pytorchcv.models.unet import unet_cityscapes

    fast = fastscnn_cityscapes(in_size=(64, 64), aux=True).eval()
    unet = unet_cityscapes(in_size=(64, 64)).eval()

    def both(x):
        return fast(x), unet(x)

    return both, [(torch.randn(1, 3, 64, 64),)]


def pytorchcv_keypoints_and_detection():
    torch = _seed()
    from pytorchcv.models.centernet import centernet_resnet18_voc
    from pytorchcv.models.simplepose_coco import simplepose_resnet18_coco
    from pytorchcv.models.superpointnet import superpointnet

    detector = centernet_resnet18_voc(in_size=(64, 64)).eval()
    pose = simplepose_resnet18_coco(in_size=(64, 48)).eval()
    points = superpointnet().eval()

    def heads(image, gray):
        return detector(image), pose(image[..., :48]), points(gray)

    return heads, [(torch.randn(1, 3, 64, 64), torch.randn(1, 1, 64, 64))]


# -------------------------------------------------------------------------------------------------- mambapy
def mambapy_mamba_forward_and_step():
    torch = _seed()
    from mambapy.mamba import Mamba, MambaConfig

    config = MambaConfig(d_model=16, n_layers=2, d_state=4)
    model = Mamba(config).eval()

    def forward_then_step(seq):
        # a cache per layer: (h, the last d_conv - 1 inputs), as a decode loop starts it
        caches = [(None, torch.zeros(1, config.d_inner, config.d_conv - 1)) for _ in range(config.n_layers)]
        return model(seq), model.step(seq[:, -1], caches)

    return forward_then_step, [(torch.randn(1, 8, 16),)]


def mambapy_jamba_moe():
    torch = _seed()
    from mambapy.jamba import JambaLM

    model = JambaLM(_jamba_config()).train()
    return model, [(torch.randint(0, 32, (1, 8)),)]


def _jamba_config():
    from mambapy.jamba import JambaLMConfig

    return JambaLMConfig(d_model=16, n_layers=2, mlp_size=32, d_state=4, num_attention_heads=2,
                         num_key_value_heads=1, num_experts=4, num_experts_per_tok=2, attn_layer_offset=1,
                         attn_layer_period=2, expert_layer_offset=1, expert_layer_period=2, vocab_size=32)


def mambapy_jamba_kv_cache_step():
    torch = _seed()
    from mambapy.jamba import JambaLM

    model = JambaLM(_jamba_config()).eval()
    caches = [model.jamba.layers[i].get_empty_cache(1, "cpu") for i in range(len(model.jamba.layers))]

    def decode(tokens):
        logits, new_caches = model.step(tokens[:, :1], caches)
        return model.step(tokens[:, 1:2], new_caches)

    return decode, [(torch.randint(0, 32, (1, 2)),)]


def mambapy_vision_mamba():
    torch = _seed()
    from mambapy.vim import MambaConfig, VMamba

    model = VMamba(MambaConfig(d_model=16, n_layers=2, d_state=4)).train()
    return model, [(torch.randn(1, 8, 16),)]


# -------------------------------------------------------------------------------------------------- MEGABYTE
def megabyte_loss():
    torch = _seed()
    from MEGABYTE_pytorch import MEGABYTE

    model = MEGABYTE(num_tokens=32, dim=(32, 16), depth=(1, 1), max_seq_len=(8, 4), dim_head=8, heads=2).train()

    def loss(ids):
        return model(ids, return_loss=True)

    return loss, [(torch.randint(0, 32, (2, 20)),)]


def megabyte_generate():
    torch = _seed()
    from MEGABYTE_pytorch import MEGABYTE

    model = MEGABYTE(num_tokens=32, dim=(32, 16), depth=(1, 1), max_seq_len=(2, 2), dim_head=8, heads=2,
                     rel_pos=True).eval()

    def sample(prime):
        return model.generate(prime)

    return sample, [(torch.randint(0, 32, (1, 2)),)]


def megabyte_flash_attend_and_empty_prime():
    torch = _seed()
    from MEGABYTE_pytorch import MEGABYTE

    model = MEGABYTE(num_tokens=32, dim=(32, 16), depth=(1, 1), max_seq_len=(4, 4), dim_head=8, heads=2,
                     flash_attn=True, pos_emb=True).eval()

    def logits(ids):
        return model(ids), model.forward_empty(ids.shape[0])

    return logits, [(torch.randint(0, 32, (2, 11)),)]


# ------------------------------------------------------------------------------------------------------ rwkv
def _rwkv_v4_checkpoint(torch, vocab=32, width=16, layers=2):
    """A tiny random RWKV-4 checkpoint in the layout the released ones have (what RWKV() loads and converts)."""
    import tempfile

    w = {"emb.weight": torch.randn(vocab, width), "blocks.0.ln0.weight": torch.ones(width),
         "blocks.0.ln0.bias": torch.zeros(width), "ln_out.weight": torch.ones(width),
         "ln_out.bias": torch.zeros(width), "head.weight": torch.randn(vocab, width) * 0.1}
    for i in range(layers):
        block = f"blocks.{i}."
        for norm in ("ln1", "ln2"):
            w[block + norm + ".weight"], w[block + norm + ".bias"] = torch.ones(width), torch.zeros(width)
        for mix in ("time_mix_k", "time_mix_v", "time_mix_r"):
            w[block + "att." + mix] = torch.rand(1, 1, width)
        w[block + "att.time_decay"], w[block + "att.time_first"] = torch.randn(width), torch.randn(width)
        for proj in ("key", "value", "receptance", "output"):
            w[block + "att." + proj + ".weight"] = torch.randn(width, width) * 0.1
        w[block + "ffn.time_mix_k"], w[block + "ffn.time_mix_r"] = torch.rand(1, 1, width), torch.rand(1, 1, width)
        w[block + "ffn.key.weight"] = torch.randn(4 * width, width) * 0.1
        w[block + "ffn.receptance.weight"] = torch.randn(width, width) * 0.1
        w[block + "ffn.value.weight"] = torch.randn(width, 4 * width) * 0.1
    path = tempfile.mkdtemp(prefix="compilelint-heldout2-rwkv-") + "/rwkv4-tiny.pth"
    torch.save(w, path)
    return path


def _rwkv(torch):
    import os

    os.environ["RWKV_JIT_ON"] = "0"  # its documented switch: plain nn.Module methods instead of TorchScript
    from rwkv.model import RWKV

    return RWKV(model=_rwkv_v4_checkpoint(torch), strategy="cpu fp32", verbose=False)


def rwkv_prompt_then_decode():
    torch = _seed()
    model = _rwkv(torch)

    def prompt_then_step(next_token):
        logits, state = model.forward([1, 5, 7, 2], None)
        return model.forward([next_token], state)

    return prompt_then_step, [(3,)]


def rwkv_sampled_decode_step():
    torch = _seed()
    from rwkv.utils import PIPELINE

    model = _rwkv(torch)
    pipeline = PIPELINE(model, "rwkv_vocab_v20230424")
    _, state = model.forward([1, 5, 7, 2], None)

    def decode(logits):
        token = pipeline.sample_logits(logits, temperature=1.0, top_p=0.7)
        return model.forward([token], [s.clone() for s in state])

    return decode, [(torch.randn(32),)]


# ------------------------------------------------------------------------------------------------- coca-pytorch
def _coca(torch):
    from coca_pytorch import CoCa

    class PatchEncoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = torch.nn.Conv2d(3, 24, 8, stride=8)

        def forward(self, images):
            return self.proj(images).flatten(2).transpose(1, 2)

    return CoCa(dim=32, num_tokens=64, unimodal_depth=1, multimodal_depth=1, image_dim=24, num_img_queries=4,
                dim_head=8, heads=2, img_encoder=PatchEncoder())


def coca_contrastive_caption_loss():
    torch = _seed()
    model = _coca(torch).train()

    def loss(text, images):
        return model(text, images=images, return_loss=True)

    return loss, [(torch.randint(1, 64, (2, 10)), torch.randn(2, 3, 16, 16))]


def coca_embeddings_and_logits():
    torch = _seed()
    model = _coca(torch).eval()

    def embed(text, images):
        return model(text, images=images, return_embeddings=True), model(text, images=images)

    return embed, [(torch.randint(1, 64, (2, 10)), torch.randn(2, 3, 16, 16))]


# ---------------------------------------------------------------------------------------------------- a-unet
def _unet(torch, cfg=False):
    from a_unet import ClassifierFreeGuidancePlugin, TimeConditioningPlugin
    from a_unet.apex import AttentionItem, CrossAttentionItem, ModulationItem, ResnetItem, SkipCat, XBlock, XUNet

    net_t = TimeConditioningPlugin(ClassifierFreeGuidancePlugin(XUNet, embedding_max_length=4) if cfg else XUNet)
    items = [ResnetItem, ModulationItem, AttentionItem] + ([CrossAttentionItem] if cfg else [])
    return net_t(dim=1, in_channels=2, blocks=[XBlock(channels=8, factor=2, items=[ResnetItem, ModulationItem]),
                                               XBlock(channels=16, factor=2, items=items)],
                 skip_t=SkipCat, attention_features=8, attention_heads=2, modulation_features=16,
                 resnet_groups=4, **({"embedding_features": 8} if cfg else {}))


def aunet_time_conditioned():
    torch = _seed()
    unet = _unet(torch).train()

    def denoise(x, sigmas):
        return unet(x, time=sigmas)

    return denoise, [(torch.randn(2, 2, 16), torch.rand(2))]


def aunet_classifier_free_guidance():
    torch = _seed()
    unet = _unet(torch, cfg=True).eval()

    def guided(x, sigmas, embedding):
        return unet(x, time=sigmas, embedding=embedding, embedding_scale=3.0, embedding_mask_proba=0.1)

    return guided, [(torch.randn(2, 2, 16), torch.rand(2), torch.randn(2, 4, 8))]


PACKAGES: Tuple[Package, ...] = (
    Package("geffnet==1.0.2", "geffnet", {
        "efficientnet_drop_path": geffnet_efficientnet_drop_path,
        "tf_same_padding_mixnet": geffnet_tf_same_padding_mixnet,
        "mobilenetv3_condconv": geffnet_mobilenetv3_condconv}),
    Package("pytorchcv==0.0.74", "pytorchcv", {
        "cifar_stochastic_depth": pytorchcv_cifar_stochastic_depth, "backbones": pytorchcv_backbones,
        "segmentation_pyramids": pytorchcv_segmentation_pyramids,
        "keypoints_and_detection": pytorchcv_keypoints_and_detection}),
    Package("mambapy==1.2.0", "mambapy", {
        "mamba_forward_and_step": mambapy_mamba_forward_and_step, "jamba_moe": mambapy_jamba_moe,
        "jamba_kv_cache_step": mambapy_jamba_kv_cache_step, "vision_mamba": mambapy_vision_mamba},
        roots=("mambapy.mamba:Mamba.step", "mambapy.jamba:JambaLM.step")),
    Package("MEGABYTE-pytorch==0.3.6", "MEGABYTE_pytorch", {
        "loss": megabyte_loss, "generate": megabyte_generate,
        "flash_attend_and_empty_prime": megabyte_flash_attend_and_empty_prime},
        roots=("MEGABYTE_pytorch.megabyte:MEGABYTE.generate",),
        dependencies=("beartype==0.22.9", "packaging==25.0")),
    Package("rwkv==0.8.32", "rwkv", {
        "prompt_then_decode": rwkv_prompt_then_decode, "sampled_decode_step": rwkv_sampled_decode_step},
        roots=("rwkv.model:RWKV.forward", "rwkv.utils:PIPELINE.sample_logits")),
    Package("CoCa-pytorch==0.1.0", "coca_pytorch", {
        "contrastive_caption_loss": coca_contrastive_caption_loss,
        "embeddings_and_logits": coca_embeddings_and_logits}),
    Package("a-unet==0.0.16", "a_unet", {
        "time_conditioned": aunet_time_conditioned, "classifier_free_guidance": aunet_classifier_free_guidance}),
)


package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
