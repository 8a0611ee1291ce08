"""Held-out group 16 of the evaluation: language models of the model-hub kind written without transformers (the
speech models of the family could not be had, see below), from packages no rule was tuned on, measured before any
rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout16_targets.py \
        --site benchmarks/eval/.packages-heldout16 --suffix heldout16

Mixture-of-experts routing: top-2 gating with capacity, random second-expert policies and auxiliary balance losses,
flat and two-level hierarchical (mixture-of-experts), soft routing through slots with masks, noise and dynamic slots
(soft-moe-pytorch); decoder language models driven by their own generation loops: a routing transformer with k-means
clustered attention, local attention heads, rotary sinusoidal positions, product-key memory and mixture-of-experts
layers, its causal LM loss, its generation loop with input masks and its encoder-decoder (routing-transformer); a
linear-attention LM with local heads, axial or rotary positions, token shifting and product-key memory, its loss,
its generation loop and a masked bidirectional encoder (linear-attention-transformer); a grouped-query decoder with
rotary embeddings and native sparse attention (compressed, selected and sliding-window branches), its loss, and its
sampler with and without a key/value cache stepped one token at a time (native-sparse-attention-pytorch); a
hierarchical transformer that compresses the token stream into coarser streams, with its reconstruction loss and its
generation loop (simple-hierarchical-transformer); and Mega's moving-average gated attention with FFT convolutions,
its LM loss and its sampler (Mega-pytorch). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()),
its own site folder, its own dynamo cache. Importing this module does not import torch.

Left out: speechbrain, vocos, descript-audio-codec (torchaudio at import: no wheel of it for this torch 2.13 CPU
build), titans-pytorch (x-transformers, already a group's package, and tensordict's compiled wheel),
memorizing-transformers-pytorch (faiss-gpu), PaLM-rlhf-pytorch (accelerate and a chain of trainers around a PaLM
much like palm-pytorch, already a group), ai2-olmo-core and torchtitan (cached-path with cloud storage clients,
datasets, tokenizers, wandb at import: far past the light dependencies a site takes), stanza (its models are LSTMs
behind a download-driven pipeline), conformer (a package of the tuned 22-package targets.py: it was run here
first by mistake, with no break and no finding, and dropped). native-sparse-attention-pytorch's flex-attention
masks and Triton kernel are not run (no Triton on CPU), and neither is its dense-attention Transformer (that layer
rejects the `cache` argument its own Transformer passes it): the sparse path with the reference implementation is.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "packaging==25.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------ mixture-of-experts
def moe_top2_gating_training():
    torch = _seed()
    from mixture_of_experts import MoE

    model = MoE(dim=16, num_experts=4, hidden_dim=32).train()
    return model, [(torch.randn(2, 8, 16),)]


def moe_hierarchical_eval():
    torch = _seed()
    from mixture_of_experts import HeirarchicalMoE

    model = HeirarchicalMoE(dim=16, num_experts=(4, 4), hidden_dim=32).eval()
    return model, [(torch.randn(2, 8, 16),)]


# -------------------------------------------------------------------------------------------------- soft-moe-pytorch
def soft_moe_masked_noisy():
    torch = _seed()
    from soft_moe_pytorch import SoftMoE

    model = SoftMoE(dim=16, seq_len=8, num_experts=4).train()
    mask = torch.ones(2, 8, dtype=torch.bool)
    mask[1, 5:] = False
    return model, [(torch.randn(2, 8, 16),)], {"mask": mask, "add_noise": True}


def soft_moe_dynamic_slots():
    torch = _seed()
    from soft_moe_pytorch import DynamicSlotsSoftMoE

    model = DynamicSlotsSoftMoE(dim=16, num_experts=4, geglu=True).eval()
    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[0, 7:] = False
    return model, [(torch.randn(2, 10, 16),)], {"mask": mask}


# ----------------------------------------------------------------------------------------------- routing-transformer
def _routing_lm(**kwargs):
    from routing_transformer import RoutingTransformerLM

    options = dict(num_tokens=32, dim=32, depth=2, max_seq_len=16, heads=2, dim_head=16, window_size=4,
                   causal=True, n_local_attn_heads=1, local_attn_window_size=4)
    return RoutingTransformerLM(**{**options, **kwargs})


def routing_lm_loss_with_moe_and_memory():
    torch = _seed()
    from routing_transformer import AutoregressiveWrapper

    model = AutoregressiveWrapper(_routing_lm(moe_layers=(1,), pkm_layers=(2,), pkm_num_keys=32)).train()

    def loss(tokens, mask):
        return model(tokens, return_loss=True, randomly_truncate_sequence=True, input_mask=mask)

    return loss, [(torch.randint(0, 32, (2, 17)), torch.ones(2, 17, dtype=torch.bool))]


def routing_lm_generation():
    torch = _seed()
    from routing_transformer import AutoregressiveWrapper

    model = AutoregressiveWrapper(_routing_lm())

    def generate(prompt):
        return model.generate(prompt, 3, eos_token=31)

    return generate, [(torch.randint(0, 31, (2, 4)),)]


def routing_encoder_decoder_loss():
    torch = _seed()
    from routing_transformer import RoutingTransformerEncDec

    model = RoutingTransformerEncDec(dim=32, enc_num_tokens=32, enc_depth=1, enc_heads=2, enc_max_seq_len=16,
                                     enc_window_size=4, dec_num_tokens=32, dec_depth=1, dec_heads=2,
                                     dec_max_seq_len=16, dec_window_size=4).train()

    def loss(source, target):
        return model(source, target, return_loss=True)

    return loss, [(torch.randint(0, 32, (2, 16)), torch.randint(0, 32, (2, 17)))]


# --------------------------------------------------------------------------------------- linear-attention-transformer
def _linear_lm(**kwargs):
    from linear_attention_transformer import LinearAttentionTransformerLM

    options = dict(num_tokens=32, dim=32, depth=1, max_seq_len=16, heads=2, dim_head=16, causal=True,
                   n_local_attn_heads=1, local_attn_window_size=4)
    return LinearAttentionTransformerLM(**{**options, **kwargs})


def linear_attention_lm_loss():
    torch = _seed()
    from linear_attention_transformer import AutoregressiveWrapper

    model = AutoregressiveWrapper(_linear_lm(ff_glu=True, shift_tokens=True)).train()

    def loss(tokens):
        return model(tokens, return_loss=True)

    return loss, [(torch.randint(0, 32, (2, 17)),)]


def linear_attention_generation():
    torch = _seed()
    from linear_attention_transformer import AutoregressiveWrapper

    model = AutoregressiveWrapper(_linear_lm())

    def generate(prompt):
        return model.generate(prompt, 3, eos_token=31)

    return generate, [(torch.randint(0, 31, (2, 4)),)]


def linear_attention_encoder_with_mask():
    torch = _seed()

    model = _linear_lm(causal=False, use_rotary_emb=True, pkm_layers=(1,), pkm_num_keys=16)
    mask = torch.ones(2, 16, dtype=torch.bool)
    mask[1, 12:] = False
    return model.eval(), [(torch.randint(0, 32, (2, 16)),)], {"input_mask": mask}


# ----------------------------------------------------------------------------------- native-sparse-attention-pytorch
def _nsa_transformer(use_sparse_attn):
    from native_sparse_attention_pytorch.transformer import Transformer

    return Transformer(num_tokens=32, dim=32, depth=1, dim_head=16, heads=4, kv_heads=2,
                       use_sparse_attn=use_sparse_attn,
                       sparse_attn_kwargs=dict(sliding_window_size=4, compress_block_size=4,
                                               compress_block_sliding_stride=2, selection_block_size=4,
                                               num_selected_blocks=2))


def nsa_sparse_loss():
    torch = _seed()
    model = _nsa_transformer(True).train()

    def losses(tokens):
        return model(tokens, return_loss=True)

    return losses, [(torch.randint(0, 32, (2, 17)),)]


def nsa_sparse_attention_layer():
    torch = _seed()
    from native_sparse_attention_pytorch import SparseAttention

    layer = SparseAttention(dim=32, dim_head=16, heads=4, kv_heads=2, causal=True, sliding_window_size=4,
                            compress_block_size=4, compress_block_sliding_stride=2, selection_block_size=4,
                            num_selected_blocks=2).eval()
    return layer, [(torch.randn(2, 16, 32),)]


def nsa_cached_sampling():
    torch = _seed()
    model = _nsa_transformer(True).eval()

    def sample(prompt):
        return model.sample(prompt, 7, use_cache_kv=True), model.sample(prompt, 6, temperature=0.)

    return sample, [(torch.randint(0, 32, (1, 4)),)]


# ----------------------------------------------------------------------------------- simple-hierarchical-transformer
def _hierarchical_model():
    from simple_hierarchical_transformer import HierarchicalTransformer

    return HierarchicalTransformer(num_tokens=32, dim=32, depth=2, seq_len=16, dim_head=16, heads=2,
                                   hierarchies=(1, 2), window_sizes=(8, 4))


def hierarchical_lm_loss():
    torch = _seed()
    model = _hierarchical_model().train()

    def loss(tokens):
        return model(tokens, return_loss=True)

    return loss, [(torch.randint(0, 32, (2, 16)),)]


def hierarchical_generation():
    torch = _seed()
    model = _hierarchical_model()

    def generate(prompt):
        return model.generate(prompt, 3)

    return generate, [(torch.randint(0, 32, (2, 4)),)]


# ----------------------------------------------------------------------------------------------------- Mega-pytorch
def _mega_model():
    from mega_pytorch import Mega

    return Mega(num_tokens=32, dim=32, depth=2, ema_heads=4, attn_dim_qk=16, attn_dim_value=32,
                laplacian_attn_fn=True)


def mega_lm_loss():
    torch = _seed()
    from mega_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_mega_model()).train()
    return model, [(torch.randint(0, 32, (2, 17)),)]


def mega_generation():
    torch = _seed()
    from mega_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_mega_model())

    def generate(prompt):
        return model.generate(prompt, 3)

    return generate, [(torch.randint(0, 32, (2, 4)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("mixture-of-experts==0.2.3", "mixture_of_experts", {
        "top2_gating_training": moe_top2_gating_training,
        "hierarchical_eval": moe_hierarchical_eval}),
    Package("soft-moe-pytorch==0.1.9", "soft_moe_pytorch", {
        "masked_noisy": soft_moe_masked_noisy,
        "dynamic_slots": soft_moe_dynamic_slots}),
    Package("routing-transformer==1.6.1", "routing_transformer", {
        "lm_loss_with_moe_and_memory": routing_lm_loss_with_moe_and_memory,
        "lm_generation": routing_lm_generation,
        "encoder_decoder_loss": routing_encoder_decoder_loss},
        roots=("routing_transformer.autoregressive_wrapper:AutoregressiveWrapper.generate",),
        dependencies=("local-attention==1.11.2", "hyper-connections==0.4.11", "mixture-of-experts==0.2.3",
                      "product-key-memory==0.3.0", "colt5-attention==0.11.2")),
    Package("linear-attention-transformer==0.19.1", "linear_attention_transformer", {
        "lm_loss": linear_attention_lm_loss,
        "generation": linear_attention_generation,
        "encoder_with_mask": linear_attention_encoder_with_mask},
        roots=("linear_attention_transformer.autoregressive_wrapper:AutoregressiveWrapper.generate",),
        dependencies=("local-attention==1.11.2", "hyper-connections==0.4.11", "product-key-memory==0.3.0",
                      "colt5-attention==0.11.2", "linformer==0.2.3", "axial-positional-embedding==0.3.12")),
    Package("native-sparse-attention-pytorch==0.2.3", "native_sparse_attention_pytorch", {
        "sparse_loss": nsa_sparse_loss,
        "sparse_attention_layer": nsa_sparse_attention_layer,
        "cached_sampling": nsa_cached_sampling},
        roots=("native_sparse_attention_pytorch.transformer:Transformer.sample",),
        dependencies=("einx==0.4.3", "frozendict==2.5.1", "jaxtyping==0.3.11", "wadler-lindig==0.1.8",
                      "local-attention==1.11.2", "hyper-connections==0.4.11", "rotary-embedding-torch==0.9.1",
                      "tqdm==4.70.1")),
    Package("simple-hierarchical-transformer==0.4.0", "simple_hierarchical_transformer", {
        "lm_loss": hierarchical_lm_loss,
        "generation": hierarchical_generation},
        roots=("simple_hierarchical_transformer.*:HierarchicalTransformer.generate",),
        dependencies=("local-attention==1.11.2", "hyper-connections==0.4.11", "rotary-embedding-torch==0.9.1",
                      "torch-einops-utils==0.2.0")),
    Package("Mega-pytorch==0.1.0", "mega_pytorch", {
        "lm_loss": mega_lm_loss,
        "generation": mega_generation},
        roots=("mega_pytorch.autoregressive_wrapper:AutoregressiveWrapper.generate",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
