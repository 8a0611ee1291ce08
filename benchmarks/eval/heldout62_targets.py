"""Held-out group 62 of the evaluation: text and sequence models written in the style of transformers without it
(decoder-only language models with causal and sliding-window masks, grouped-query attention, rotary and learned
positions, KV caches updated by prefill and single-token decode steps, sampling with temperature, top-k, top-p and
repetition / frequency penalties, beam search and speculative decoding, LoRA adapters, mixture-of-experts routing in
a latent space with grouped and looped dispatch, and a byte-level hierarchical model over padded batches with a top-k
MoE feed-forward and chunked parallel decoding), from packages no rule was tuned on, measured before any rule changes
for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout62_targets.py \
        --site benchmarks/eval/.packages-heldout62 --suffix heldout62 --jobs 1

Oscillator / attention hybrid LM with a generation cache (bclm-pytorch): the model's forward (logits; next-token loss,
chunked cross-entropy, gradient checkpointing in a training step), and its generation wrapper: prefill into a fresh
cache, one cached decode step, and the whole generation loop: sampling with top-k, top-p, repetition and frequency
penalties, and greedy with a stop token. Decoder-only LM from scratch (zenith-nlp): Llama-style (RMSNorm, RoPE,
SwiGLU, eager attention) and GPT-2-style (LayerNorm, learned positions, GELU, SDPA) forwards, a training step, the
KV-cache forward, sampling with and without the cache (top-k, top-p, repetition penalty, stop ids, an allowed-token
constraint; greedy until a stop id), beam search, speculative decoding against a draft model, and a LoRA-injected
training step. Latent mixture-of-experts transformer (latent-moe): the MoE transformer with grouped (sorted segments)
and looped dispatch, a training step on the loss with the router's auxiliary terms, the MoE layer alone (the "eff"
variant), and cached generation. Byte-level hierarchical LM (physis-lm): the forward over a padded batch with an
attention mask, the MoE feed-forward variant, a training step on its trainer's total loss, and chunked parallel
decoding, greedy and with sampling and a repetition penalty.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: every candidate that requires transformers (openlanguagemodel, seren-llm, wiola, gpt-simple-lm, nano-gpt,
kydon-gpt, archit, densemixer, liteinfer, tfs-mt, smi-ted, optimus-dl); eztransformer (pins torch 2.0.0);
rumi-llm (a plain GPT whose forward has nothing data-dependent); language-modeling-transformers (the same summary and
code as pylmt, group 54); palm-pytorch (PaLM-pytorch, group 7). bclm's tokenizer (tokenmonster), Hugging Face loader
and xformers path, zenith's CLI (hydra, typer) and physis-lm's JAX and TensorFlow backends are never imported.
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


# ---------------------------------------------------------------------------------------------------- bclm-pytorch
def _bclm(torch):
    from bclm.config import BCLM1ModelConfig
    from bclm.model import BCLM1Model

    config = BCLM1ModelConfig(vocab_size=64, embed_dim=32, n_layers=2, max_seq_len=64, attn_heads=2, attn_kv_heads=1,
                              local_attn_layers=(0,), global_attn_layers=(1,), attn_window_size=4, osc_n_real=4)
    return BCLM1Model(config)


def bclm_logits():
    torch = _seed()
    model = _bclm(torch).eval()

    def logits(idx):
        return model(idx)[0]

    return logits, [(torch.randint(0, 64, (2, 12)),)]


def bclm_train_step():
    torch = _seed()
    model = _bclm(torch).train()

    def step(idx, targets):
        _, loss = model(idx, targets)
        loss.backward()
        return loss

    idx = torch.randint(0, 64, (2, 12))
    targets_ = torch.roll(idx, -1, dims=1)
    targets_[:, -1] = -100
    return step, [(idx, targets_)]


def bclm_chunked_ce_checkpointed():
    """Chunked cross-entropy (chunks of 8 positions) with gradient checkpointing on every layer."""
    torch = _seed()
    model = _bclm(torch).train()
    model.set_ce_chunk_size(8)
    model.enable_gradient_checkpointing()

    def step(idx, targets):
        _, loss = model(idx, targets)
        loss.backward()
        return loss

    idx = torch.randint(0, 64, (2, 12))
    return step, [(idx, torch.roll(idx, -1, dims=1))]


def bclm_prefill():
    torch = _seed()
    from bclm.inference import BCLM1Cache, BCLM1ForGeneration

    generator = BCLM1ForGeneration(_bclm(torch).eval())

    def prefill(prompt):
        cache = BCLM1Cache.create(generator.config, prompt.size(0), prompt.device, torch.float32)
        return generator.prefill(prompt, cache)

    return prefill, [(torch.randint(0, 64, (2, 10)),)]


def bclm_decode_step():
    torch = _seed()
    from bclm.inference import BCLM1Cache, BCLM1ForGeneration

    generator = BCLM1ForGeneration(_bclm(torch).eval())
    prompt = torch.randint(0, 64, (2, 10))
    cache = BCLM1Cache.create(generator.config, 2, prompt.device, torch.float32)
    generator.prefill(prompt, cache)

    def decode(token):
        return generator.decode_one_token(token, cache)

    return decode, [(torch.randint(0, 64, (2, 1)),)]


def bclm_generate():
    torch = _seed()
    from bclm.inference import BCLM1ForGeneration

    generator = BCLM1ForGeneration(_bclm(torch).eval())

    def generate(prompt):
        return generator.generate(prompt, max_new_tokens=4, temperature=0.8, top_k=20, top_p=0.9, stop_token=63)

    return generate, [(torch.randint(0, 63, (2, 6)),)]


def bclm_generate_greedy():
    """Greedy decoding without the repetition and frequency penalties, stopping at a stop token."""
    torch = _seed()
    from bclm.inference import BCLM1ForGeneration

    generator = BCLM1ForGeneration(_bclm(torch).eval())

    def generate(prompt):
        return generator.generate(prompt, max_new_tokens=4, temperature=0.0, stop_token=63, repetition_penalty=1.0,
                                  frequency_penalty=0.0)

    return generate, [(torch.randint(0, 63, (2, 6)),)]


# ------------------------------------------------------------------------------------------------------- zenith-nlp
def _zenith(torch, **overrides):
    from zenith.models import DecoderConfig, DecoderLM

    settings = dict(vocab_size=64, block_size=32, embed_dim=32, num_layers=2, num_heads=2, ff_dim=64, dropout=0.0)
    settings.update(overrides)
    return DecoderLM(DecoderConfig(**settings))


def _gpt2_style(torch):
    return _zenith(torch, norm="layernorm", positional="learned", ffn="gelu", attention="sdpa", dropout=0.1)


def zenith_llama_logits():
    torch = _seed()
    model = _zenith(torch).eval()

    def logits(input_ids):
        return model(input_ids)

    return logits, [(torch.randint(0, 64, (2, 12)),)]


def zenith_gpt2_train_step():
    torch = _seed()
    model = _gpt2_style(torch).train()

    def step(inputs, targets):
        logits = model(inputs)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
        loss.backward()
        return loss

    ids = torch.randint(0, 64, (2, 13))
    return step, [(ids[:, :-1], ids[:, 1:])]


def zenith_cached_forward():
    """Prefill the KV cache with a prompt, then one decode step through it (both attention kernels)."""
    torch = _seed()
    from zenith.models import KVCache

    eager, sdpa = _zenith(torch).eval(), _gpt2_style(torch).eval()

    def decode(prompt, token):
        out = []
        for model in (eager, sdpa):
            cache = KVCache(model.config.num_layers)
            model(prompt, cache=cache)
            out.append(model(token, cache=cache))
        return out

    return decode, [(torch.randint(0, 64, (1, 6)), torch.randint(0, 64, (1, 1)))]


def zenith_sample_cached():
    torch = _seed()
    from zenith.generation import Generator

    generator = Generator(_zenith(torch))

    def sample(input_ids):
        return generator.generate_ids(input_ids, max_new_tokens=3, temperature=0.8, top_k=10, top_p=0.9,
                                      repetition_penalty=1.2, stop_ids=[0])

    return sample, [(torch.randint(1, 64, (1, 5)),)]


def zenith_sample_uncached_constrained():
    torch = _seed()
    from zenith.generation import Generator
    from zenith.generation.constraints import AllowedTokens

    generator = Generator(_zenith(torch))
    constraint = AllowedTokens(trigger_ids={5, 6, 7}, allowed_ids={10, 11})

    def sample(input_ids):
        return generator.generate_ids(input_ids, max_new_tokens=3, temperature=1.0, use_cache=False,
                                      logits_constraint=constraint)

    return sample, [(torch.tensor([[3, 9, 6]]),)]


def zenith_greedy_uncached_stop():
    torch = _seed()
    from zenith.generation import Generator

    generator = Generator(_zenith(torch))

    def greedy(input_ids):
        return generator.generate_ids(input_ids, max_new_tokens=3, temperature=0.0, use_cache=False, stop_ids=[0])

    return greedy, [(torch.randint(1, 64, (1, 5)),)]


def zenith_beam_search():
    torch = _seed()
    from zenith.generation import Generator

    generator = Generator(_zenith(torch))

    def beams(input_ids):
        return generator.beam_search_ids(input_ids, max_new_tokens=3, num_beams=3)

    return beams, [(torch.randint(0, 64, (1, 5)),)]


def zenith_speculative():
    torch = _seed()
    from zenith.generation import Generator

    generator = Generator(_zenith(torch))
    draft = _zenith(torch, num_layers=1)

    def speculate(input_ids):
        ids, stats = generator.speculative_generate_ids(input_ids, draft, max_new_tokens=4, lookahead=2)
        return ids

    return speculate, [(torch.randint(0, 64, (1, 5)),)]


def zenith_lora_train_step():
    torch = _seed()
    from zenith.peft import LoraConfig, inject_lora

    model = inject_lora(_zenith(torch), LoraConfig(rank=4, alpha=8)).train()

    def step(inputs, targets):
        logits = model(inputs)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
        loss.backward()
        return loss

    ids = torch.randint(0, 64, (2, 9))
    return step, [(ids[:, :-1], ids[:, 1:])]


# ------------------------------------------------------------------------------------------------------- latent-moe
def _moe_transformer(torch, **overrides):
    from latent_moe import MoETransformer, TransformerConfig

    settings = dict(vocab_size=64, d_model=32, n_layers=2, n_heads=4, n_kv_heads=2, max_seq_len=32, d_ff=16,
                    n_experts=4, top_k=2, alpha=2, n_shared=1, device="cpu", multi_gpu=False)
    settings.update(overrides)
    return MoETransformer(TransformerConfig(**settings))


def latent_moe_grouped_logits():
    torch = _seed()
    model = _moe_transformer(torch).eval()

    def logits(idx):
        return model(idx)[0]

    return logits, [(torch.randint(0, 64, (2, 8)),)]


def latent_moe_loop_train_step():
    torch = _seed()
    model = _moe_transformer(torch, moe_impl="loop").train()

    def step(idx, targets):
        _, loss = model(idx, targets)
        loss.backward()
        return loss

    ids = torch.randint(0, 64, (2, 9))
    return step, [(ids[:, :-1], ids[:, 1:])]


def latent_moe_layer_eff():
    torch = _seed()
    from latent_moe import LatentMoE, LatentMoEConfig

    layer = LatentMoE(LatentMoEConfig(d=32, m=16, n_experts=4, top_k=2, alpha=2, n_shared=1, variant="eff",
                                      device="cpu", multi_gpu=False))

    def mix(x):
        y = layer(x)
        return y, layer.aux_loss + layer.z_loss

    return mix, [(torch.randn(2, 6, 32),)]


def latent_moe_generate():
    torch = _seed()
    model = _moe_transformer(torch)

    def generate(idx):
        return model.generate(idx, max_new_tokens=3, temperature=0.9, top_k=8)

    return generate, [(torch.randint(0, 64, (1, 4)),)]


# -------------------------------------------------------------------------------------------------------- physis-lm
def _physis(torch, **overrides):
    from physis_lm.core import PhysisCoreConfig
    from physis_lm.torch_backend import PhysisLM

    settings = dict(C=32, M=4, H=2, W=8, NB=1, K_sconm=1, Nmax=8, nref=64, droute=8, R=2, bucket_target=4, Nchunk=4,
                    Lmax_generate=8)
    settings.update(overrides)
    return PhysisLM(PhysisCoreConfig(**settings))


def _padded_bytes(torch):
    """Two byte strings of 12 and 7 bytes, the shorter padded with the pad byte and masked out."""
    ids = torch.randint(1, 256, (2, 12))
    mask = torch.ones(2, 12, dtype=torch.bool)
    ids[1, 7:] = 0
    mask[1, 7:] = False
    return ids, mask


def physis_logits():
    torch = _seed()
    model = _physis(torch).eval()

    def logits(input_ids, attention_mask):
        return model(input_ids, attention_mask, compute_aux=False).logits

    return logits, [_padded_bytes(torch)]


def physis_moe_logits():
    torch = _seed()
    model = _physis(torch, use_moe=True, moe_num_experts=4, moe_top_k=2).eval()

    def logits(input_ids, attention_mask):
        return model(input_ids, attention_mask, compute_aux=False).logits

    return logits, [_padded_bytes(torch)]


def physis_train_step():
    """A training step on the package's own total loss (cross-entropy, deep supervision and entropy terms under
    homoscedastic weighting), as its trainer computes it after the compiled forward."""
    torch = _seed()
    from physis_lm.torch_backend import losses
    from physis_lm.torch_backend.train import TrainSettings, compute_total_loss

    model = _physis(torch).train()
    weighting = losses.HomoscedasticWeighting()
    settings = TrainSettings()

    def step(input_ids, labels):
        out = model(input_ids, tau=0.5)
        total, parts = compute_total_loss(model, out, labels, weighting, 0.1, 0.5, settings)
        total.backward()
        return total

    return step, [(torch.randint(1, 256, (2, 12)), torch.randint(0, 256, (2, 8)))]


def physis_generate_sampled():
    torch = _seed()
    model = _physis(torch).eval()

    def generate(input_ids):
        out, info = model.generate_cpd(input_ids, do_sample=True, temperature=0.9, top_k=16, top_p=0.9,
                                       repetition_penalty=1.2)
        return out

    return generate, [(torch.randint(1, 256, (1, 10)),)]


def physis_generate_greedy():
    torch = _seed()
    model = _physis(torch).eval()

    def generate(input_ids):
        out, info = model.generate_cpd(input_ids, Lmax=12, theta_stop=-1e9)
        return out

    return generate, [(torch.randint(1, 256, (1, 10)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("bclm-pytorch==1.0.7", "bclm", {
        "logits": bclm_logits,
        "train_step": bclm_train_step,
        "chunked_ce_checkpointed": bclm_chunked_ce_checkpointed,
        "prefill": bclm_prefill,
        "decode_step": bclm_decode_step,
        "generate": bclm_generate,
        "generate_greedy": bclm_generate_greedy},
        roots=("bclm.inference:BCLM1ForGeneration.prefill", "bclm.inference:BCLM1ForGeneration.decode_one_token",
               "bclm.inference:BCLM1ForGeneration.generate", "bclm.inference:BCLM1Cache.create")),
    Package("zenith-nlp==1.1.0", "zenith", {
        "llama_logits": zenith_llama_logits,
        "gpt2_train_step": zenith_gpt2_train_step,
        "cached_forward": zenith_cached_forward,
        "sample_cached": zenith_sample_cached,
        "sample_uncached_constrained": zenith_sample_uncached_constrained,
        "greedy_uncached_stop": zenith_greedy_uncached_stop,
        "beam_search": zenith_beam_search,
        "speculative": zenith_speculative,
        "lora_train_step": zenith_lora_train_step},
        roots=("zenith.generation.generator:Generator.generate_ids",
               "zenith.generation.generator:Generator.beam_search_ids",
               "zenith.generation.generator:Generator.speculative_generate_ids")),
    Package("latent-moe==0.0.3", "latent_moe", {
        "grouped_logits": latent_moe_grouped_logits,
        "loop_train_step": latent_moe_loop_train_step,
        "layer_eff": latent_moe_layer_eff,
        "generate": latent_moe_generate},
        roots=("latent_moe.transformer:MoETransformer.generate",)),
    Package("physis-lm==0.2.4", "physis_lm", {
        "logits": physis_logits,
        "moe_logits": physis_moe_logits,
        "train_step": physis_train_step,
        "generate_sampled": physis_generate_sampled,
        "generate_greedy": physis_generate_greedy},
        roots=("physis_lm.torch_backend.model:PhysisLM.generate_cpd", "physis_lm.torch_backend.train:compute_total_loss",
               "physis_lm.torch_backend.losses:cross_entropy_loss", "physis_lm.torch_backend.losses:deep_supervision_loss",
               "physis_lm.torch_backend.losses:ert_loss")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
