"""Held-out group 24 of the evaluation: language and multimodal models written in the style of a model hub (config
objects and presets, attention-implementation switches, KV caches written in forward, input/output dataclasses,
optional flags checked in forward, mixture-of-experts routing), from packages no rule was tuned on, measured before
any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout24_targets.py \
        --site benchmarks/eval/.packages-heldout24 --suffix heldout24

OLMo-core's TransformerConfig presets built into Llama-like decoders: grouped-query attention through the torch
attention backend, QK-norm, sliding-window attention, RoPE, and its normalized-transformer (nGPT-like) preset
(ai2-olmo-core). Llama 4's reference model: pydantic ModelArgs, TransformerInput/TransformerOutput dataclasses, a KV
cache written in every attention call at the token position, chunked local attention with no-RoPE layers, QK-norm,
temperature tuning and a token-choice mixture of experts with a shared expert, over fairscale's model-parallel layers
with a one-process gloo group (llama-models). RecurrentGemma's Griffin: a NamedTuple config of residual blocks mixing
RG-LRU recurrences and local attention, with prefill returning its caches and a decode step reading them
(recurrentgemma, its torch half). Flamingo: a PaLM decoder with gated cross-attention over perceiver-resampled image
and video embeddings, freezing and unfreezing layers in forward (flamingo-pytorch). nGPT's hypersphere-normalized
decoder with its loss flag (ngpt-pytorch). Mixture-of-attention: routed queries and key/values across attention
experts, its autoregressive windowed form and its transformer (mixture-of-attention).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: transformers and every package built on it (llama-recipes, OpenFlamingo, LAVIS, audiocraft, bark, kokoro,
chronos); pytorch-pretrained-bert and pytorch-transformers (earlier releases of transformers itself); torchscale
(timm); mistral-inference (xformers at import); gpt-oss (Python 3.12 only); torchtitan (torchdata, wandb and a
pinned spmd-types); nanotron and megatron-core (flash-attn, apex); palm-rlhf-pytorch, titans-pytorch and
CALM-pytorch (x-transformers and other groups' packages among a long list). OLMo-core's mixture-of-experts blocks
need its triton kernels (grouped gather), so only its dense presets run; its generation module needs a trainer and
checkpoints. OLMo-core imports cached-path, whose cloud clients (google-cloud-storage, boto3) are stood in by empty
modules: no target reads a remote file. recurrentgemma's package __init__ imports its JAX half, so the torch half
is imported with the top package registered without running that __init__ (jax is not installed).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch



# ---------------------------------------------------------------------------------------------------- ai2-olmo-core
def _olmo_config():
    targets.stand_in("google.api_core.exceptions", "google.auth.exceptions", "google.cloud.storage.blob",
              "google.cloud.storage.retry", "boto3.dynamodb", "boto3.session", "botocore.client",
              "botocore.exceptions", "botocore.config", "huggingface_hub.utils")
    from olmo_core.nn.transformer import TransformerConfig

    return TransformerConfig


def olmo_llama_like_gqa_qk_norm_loss():
    torch = _seed()
    transformer_config = _olmo_config()
    from olmo_core.nn.attention import SlidingWindowAttentionConfig

    config = transformer_config.llama_like(d_model=32, vocab_size=64, n_layers=2, n_heads=4, n_kv_heads=2,
                                       qk_norm=True, hidden_size_multiple_of=16,
                                       sliding_window=SlidingWindowAttentionConfig(pattern=[4, -1]))
    model = config.build(init_device="cpu").train()

    def loss(tokens):
        logits = model(tokens[:, :-1])
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())

    return loss, [(torch.randint(0, 64, (2, 13)),)]


def olmo2_30m_preset_eval():
    torch = _seed()
    config = _olmo_config().olmo2_30M(vocab_size=64)
    model = config.build(init_device="cpu").eval()
    return model, [(torch.randint(0, 64, (2, 12)),)]


def olmo_ngpt_like_normalized():
    torch = _seed()
    config = _olmo_config().ngpt_like(d_model=32, vocab_size=64, n_layers=2, n_heads=4)
    model = config.build(init_device="cpu").train()
    return model, [(torch.randint(0, 64, (2, 12)),)]


# ----------------------------------------------------------------------------------------------------- llama-models
def _llama4(**overrides):
    import tempfile
    from unittest import mock

    import torch
    import torch.distributed as dist
    from fairscale.nn.model_parallel import initialize as fs_init

    if not dist.is_initialized():  # the model-parallel layers ask for a group: one process, on the CPU
        dist.init_process_group("gloo", init_method=f"file://{tempfile.mktemp()}", rank=0, world_size=1)
    if not fs_init.model_parallel_is_initialized():
        fs_init.initialize_model_parallel(1)
    from llama_models.llama4.args import ModelArgs
    from llama_models.llama4.model import Transformer

    args = dict(dim=32, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=64, multiple_of=16, max_batch_size=2,
                max_seq_len=32)
    args.update(overrides)
    with mock.patch.object(torch.Tensor, "cuda", lambda tensor, *_, **__: tensor):  # KV caches made on the GPU
        return Transformer(ModelArgs(**args))


def llama4_prefill_then_decode():
    torch = _seed()
    from llama_models.llama4.datatypes import TransformerInput

    model = _llama4(use_qk_norm=True).eval()

    def prefill_and_step(prompt, next_token):
        logits = model(TransformerInput(tokens=prompt, tokens_position=0)).logits
        step = model(TransformerInput(tokens=next_token, tokens_position=prompt.shape[1])).logits
        return logits, step

    return prefill_and_step, [(torch.randint(0, 64, (2, 8)), torch.randint(0, 64, (2, 1)))]


def llama4_moe_chunked_attention():
    torch = _seed()
    from llama_models.llama4.args import MoEArgs
    from llama_models.llama4.datatypes import TransformerInput

    model = _llama4(moe_args=MoEArgs(num_experts=4, top_k=1, capacity_factor=1.0, interleave_moe_layer_step=1),
                    attention_chunk_size=4, nope_layer_interval=2, attn_temperature_tuning=True, ffn_exp=2.0,
                    ffn_dim_multiplier=1.0).eval()

    def forward(tokens):
        return model(TransformerInput(tokens=tokens, tokens_position=0)).logits

    return forward, [(torch.randint(0, 64, (2, 12)),)]


# --------------------------------------------------------------------------------------------------- recurrentgemma
def _griffin_module():
    import importlib.util
    import sys
    import types

    if "recurrentgemma" not in sys.modules:  # its __init__ imports the JAX half: register the package without it
        spec = importlib.util.find_spec("recurrentgemma")
        package = types.ModuleType("recurrentgemma")
        package.__path__ = list(spec.submodule_search_locations)
        sys.modules["recurrentgemma"] = package
    import recurrentgemma.torch as griffin

    return griffin


def _griffin(griffin, torch, **overrides):
    kinds = griffin.TemporalBlockType
    config = dict(vocab_size=64, width=32, mlp_expanded_width=64, num_heads=4,
                  block_types=(kinds.RECURRENT, kinds.RECURRENT, kinds.ATTENTION), embeddings_scale_by_sqrt_dim=True,
                  attention_window_size=8, logits_soft_cap=30.0)
    config.update(overrides)
    return griffin.Griffin(griffin.GriffinConfig(**config), gradient_checkpointing=False, dtype=torch.float32)


def griffin_prefill_then_decode():
    torch = _seed()
    griffin = _griffin_module()
    model = _griffin(griffin, torch).eval()

    def prefill_and_step(prompt, next_token):
        positions = torch.arange(prompt.shape[1])[None].expand(prompt.shape[0], -1)
        logits, cache = model(prompt, positions, return_logits=True, return_cache=True)
        step_positions = torch.full((prompt.shape[0], 1), prompt.shape[1])
        step_logits, _ = model(next_token, step_positions, cache=cache, return_logits=True, return_cache=True)
        return logits, step_logits

    return prefill_and_step, [(torch.randint(0, 64, (2, 6)), torch.randint(0, 64, (2, 1)))]


def griffin_training_loss():
    torch = _seed()
    griffin = _griffin_module()
    model = _griffin(griffin, torch, lru_width=48).train()

    def loss(tokens, positions):
        logits, _ = model(tokens[:, :-1], positions[:, :-1], return_logits=True)
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())

    return loss, [(torch.randint(0, 64, (2, 11)), torch.arange(11)[None].expand(2, -1))]


# ------------------------------------------------------------------------------------------------- flamingo-pytorch
def _flamingo(torch, **overrides):
    from flamingo_pytorch import FlamingoPaLM

    class PatchEncoder(torch.nn.Module):  # images (n, 3, 8, 8) -> 4 patch embeddings of width 32
        def __init__(self):
            super().__init__()
            self.patches = torch.nn.Conv2d(3, 32, 4, stride=4)

        def forward(self, images):
            return self.patches(images).flatten(2).transpose(1, 2)

    config = dict(num_tokens=64, dim=32, depth=2, dim_head=8, heads=4, img_encoder=PatchEncoder(),
                  perceiver_num_latents=4, perceiver_depth=1)
    config.update(overrides)
    return FlamingoPaLM(**config)


def flamingo_palm_images():
    torch = _seed()
    model = _flamingo(torch, depth=3, cross_attn_every=2).train()
    text = torch.randint(4, 64, (2, 12))
    text[:, 0] = 3  # the media token
    text[:, 6] = 3
    return model, [(text,)], {"images": torch.randn(2, 2, 3, 8, 8)}


def flamingo_palm_text_only():
    torch = _seed()
    model = _flamingo(torch).eval()
    return model, [(torch.randint(0, 64, (2, 10)),)]


def flamingo_videos_encoder():
    torch = _seed()
    model = _flamingo(torch, max_video_frames=3).train()
    text = torch.randint(4, 64, (2, 10))
    text[:, 0] = 3
    return model, [(text,)], {"videos": torch.randn(2, 1, 3, 3, 8, 8)}


# ----------------------------------------------------------------------------------------------------- ngpt-pytorch
def ngpt_loss():
    torch = _seed()
    from nGPT_pytorch import nGPT

    model = nGPT(num_tokens=64, dim=32, depth=2, dim_head=8, heads=4, tied_embedding=True)  # made in training mode
    return model, [(torch.randint(0, 64, (2, 12)),)], {"return_loss": True}


def ngpt_masked_bidirectional():
    torch = _seed()
    from nGPT_pytorch import nGPT

    model = nGPT(num_tokens=64, dim=32, depth=2, dim_head=8, heads=4, causal=False, num_hyperspheres=2,
                 manual_norm_weights=True, add_value_residual=False)
    mask = torch.ones(2, 12, dtype=torch.bool)
    mask[1, -3:] = False
    return model, [(torch.randint(0, 64, (2, 12)),)], {"mask": mask}


# ---------------------------------------------------------------------------------------------- mixture-of-attention
def moa_routed_cross_attention():
    torch = _seed()
    from mixture_of_attention import MixtureOfAttention

    layer = MixtureOfAttention(dim=32, dim_context=16, num_routed_queries=8, num_routed_key_values=6,
                               num_experts=2, dim_head=8, heads=2, use_triton=False, flash_attn=False).train()
    return layer, [(torch.randn(2, 16, 32),)], {"context": torch.randn(2, 12, 16)}


def moa_autoregressive_windows():
    torch = _seed()
    from mixture_of_attention import MixtureOfAutoregressiveAttention

    layer = MixtureOfAutoregressiveAttention(dim=32, num_routed_queries=4, num_routed_key_values=4,
                                             local_attn_window_size=8, num_experts=2, dim_head=8, heads=2).eval()
    return layer, [(torch.randn(2, 24, 32),)]


def moa_transformer_lm():
    torch = _seed()
    from mixture_of_attention.transformer import Transformer

    model = Transformer(num_tokens=64, dim=32, depth=2, seq_len=32, local_attn_window_size=8,
                        num_routed_queries=4, num_routed_key_values=4, num_experts=2, dim_head=8, heads=2, use_triton=False).eval()
    return model, [(torch.randint(0, 64, (2, 24)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("ai2-olmo-core==3.0.0", "olmo_core", {
        "llama_like_gqa_qk_norm_loss": olmo_llama_like_gqa_qk_norm_loss,
        "olmo2_30m_preset_eval": olmo2_30m_preset_eval,
        "ngpt_like_normalized": olmo_ngpt_like_normalized},
        dependencies=("cached_path==1.8.10", "dataclass-extensions==0.5.0", "bettermap==1.3.1", "dill==0.4.1")),
    Package("llama-models==0.3.0", "llama_models", {
        "llama4_prefill_then_decode": llama4_prefill_then_decode,
        "llama4_moe_chunked_attention": llama4_moe_chunked_attention},
        dependencies=("fairscale==0.4.13",)),
    Package("recurrentgemma==1.0.1", "recurrentgemma", {
        "griffin_prefill_then_decode": griffin_prefill_then_decode,
        "griffin_training_loss": griffin_training_loss},
        dependencies=("jaxtyping==0.3.11", "wadler_lindig==0.1.8", "typeguard==2.13.3", "sentencepiece==0.2.3")),
    Package("flamingo-pytorch==0.1.2", "flamingo_pytorch", {
        "palm_images": flamingo_palm_images,
        "palm_text_only": flamingo_palm_text_only,
        "videos_encoder": flamingo_videos_encoder},
        dependencies=("einops-exts==0.0.4",)),
    Package("ngpt-pytorch==0.2.16", "nGPT_pytorch", {
        "loss": ngpt_loss,
        "masked_bidirectional": ngpt_masked_bidirectional},
        dependencies=("rotary-embedding-torch==0.9.1", "hyper-connections==0.4.11")),
    Package("mixture-of-attention==0.0.25", "mixture_of_attention", {
        "routed_cross_attention": moa_routed_cross_attention,
        "autoregressive_windows": moa_autoregressive_windows,
        "transformer_lm": moa_transformer_lm},
        dependencies=("colt5-attention==0.11.2", "local-attention==1.11.2")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
