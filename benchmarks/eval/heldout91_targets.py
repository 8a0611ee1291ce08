"""Held-out group 91 of the evaluation: NLP models in the style of transformers without it, in a corner no group
covered (74: decoder-only LMs, 79: encoder-decoders and speech, 83: mixture of experts and state-space LMs, 87: CRF
tagging, LoRA, byte-level models): efficient-attention transformers. Linformer's low-rank key / value projections
(learned, convolutional or fixed E / F matrices shared per layer, per head or not at all; gradient checkpointing per
layer or per head; a causal LM, an encoder-decoder and a padder), DARKformer's data-aware random-feature (Performer
style) attention with chunked causal prefix sums, recurrent decode state, feature redraws and an exact fallback
under a length threshold (its backend picked at run time), memory-efficient / flash attention written in plain
PyTorch (query / key buckets with a running max, checkpointed chunk summaries, a custom autograd Function, a
reversible transformer), and Perceiver IO's latent cross-attention, from packages no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout91_targets.py \
        --site benchmarks/eval/.packages-heldout91 --suffix heldout91 --jobs 1

Linformer (linformer-pytorch): a Linformer encoder (learned E / F shared layerwise), an LM checkpointing every layer
with convolutional E / F shared per head (a training step), one checkpointing every head with fixed E / F matrices,
a causal LinformerLM with an input mask, its training step, a LinformerEncDec and a Padder around an LM. DARKformer
(darkformer-pytorch): DarkformerLM forward, its loss training step with projection redraws, `generate` (a sampling
loop over recurrent state) and `forward_with_state`, a non-causal Darkformer encoder with a key mask in "auto" mode
(exact attention for the short input, random features for the long one), a DarkformerEncDec loss step and its
`generate`, an LM calibrated as the README fine-tunes (whitening, variance-optimal proposal), a standalone attention
layer on the default "auto" exact backend. Memory- efficient attention (memory-efficient-attention-pytorch): chunked
Attention (eval with a mask, and a training step, where chunks are checkpointed), FlashAttention (a custom autograd
Function) forward and training step, the cosine-sim variants (chunked, and its own flash Function), the reversible
Transformer under the AutoregressiveWrapper (loss step, and `generate`). Perceiver IO (perceiver-io-pytorch): an
encoder with a cross-attention decoder over queries, and a classifier with the projection decoder (a training step).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports, and /work/PICKS.md): linformer,
nystrom-attention, performer-pytorch, reformer-pytorch, sinkhorn-transformer, routing-transformer,
linear-attention-transformer, isab-pytorch, perceiver-pytorch, perceiver-ar-pytorch, charformer-pytorch, deberta
(earlier groups); electra-pytorch (transformers required); perceiver-model (a fork of perceiver-pytorch, imports
torchvision); albert-pytorch (a vendored copy of transformers' modeling code); fnet-pytorch (a single top-level
module, no package folder to lint). Stand-in, outside anything compiled: matplotlib (linformer's visualizer, imported
by its package).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()

VOCAB = 64


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _tokens(torch, batch, length, vocab=VOCAB):
    return torch.randint(0, vocab, (batch, length))


def _train_step(torch, model, loss_of):
    """One optimiser step as a training loop runs it: the loss `loss_of(model, *batch)` computes."""
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(*batch):
        opt.zero_grad()
        loss = loss_of(model, *batch)
        loss.backward()
        opt.step()
        return loss

    return step


# ----------------------------------------------------------------------------------------------- linformer-pytorch
SEQ, CHANNELS = 32, 32


def _linformer():
    targets.stand_in("matplotlib", "matplotlib.colors", "matplotlib.pyplot")
    torch = _seed()
    import linformer_pytorch

    return torch, linformer_pytorch


def _linformer_lm(lp, **kwargs):
    return lp.LinformerLM(num_tokens=VOCAB, input_size=SEQ, channels=CHANNELS, dim_k=8, dim_ff=64, nhead=2, depth=2,
                          **kwargs)


def linformer_encoder():
    torch, lp = _linformer()
    model = lp.Linformer(input_size=SEQ, channels=CHANNELS, dim_k=8, dim_ff=64, nhead=4, depth=2, dropout=0.1,
                         activation="gelu", checkpoint_level="C0", parameter_sharing="layerwise")
    return model.eval(), [(torch.randn(2, SEQ, CHANNELS),)]


def linformer_checkpointed_train_step():
    """An LM checkpointing every layer (C1), convolutional E / F shared by the heads of a layer, its token loss."""
    torch, lp = _linformer()
    model = _linformer_lm(lp, checkpoint_level="C1", parameter_sharing="headwise", method="convolution").train()

    def loss_of(m, tokens, labels):
        return torch.nn.functional.cross_entropy(m(tokens).reshape(-1, VOCAB), labels.reshape(-1))

    return _train_step(torch, model, loss_of), [(_tokens(torch, 2, SEQ), _tokens(torch, 2, SEQ))]


def linformer_head_checkpoint_fixed_projection():
    """Checkpointing every head (C2) with fixed (no_params) E / F matrices, no sharing, k reduced per layer."""
    torch, lp = _linformer()
    model = lp.Linformer(input_size=SEQ, channels=CHANNELS, dim_k=8, dim_ff=64, nhead=2, depth=2,
                         checkpoint_level="C2", parameter_sharing="none", method="no_params", k_reduce_by_layer=2)
    return model.train(), [(torch.randn(2, SEQ, CHANNELS, requires_grad=True),)]


def linformer_lm_causal_masked():
    """A causal LM over a padded batch: `input_mask` (True = token) is handed down to every head."""
    torch, lp = _linformer()
    model = _linformer_lm(lp, causal=True, parameter_sharing="kv").eval()
    mask = torch.ones(2, SEQ, dtype=torch.bool)
    mask[1, 20:] = False
    return model, [(_tokens(torch, 2, SEQ),)], {"input_mask": mask}


def linformer_lm_train_step():
    torch, lp = _linformer()
    model = _linformer_lm(lp, emb_dim=16).train()

    def loss_of(m, tokens, labels):
        return torch.nn.functional.cross_entropy(m(tokens).reshape(-1, VOCAB), labels.reshape(-1))

    return _train_step(torch, model, loss_of), [(_tokens(torch, 2, SEQ), _tokens(torch, 2, SEQ))]


def linformer_encdec():
    torch, lp = _linformer()
    model = lp.LinformerEncDec(enc_num_tokens=VOCAB, enc_input_size=SEQ, enc_channels=CHANNELS, dec_num_tokens=VOCAB,
                               dec_input_size=SEQ, dec_channels=CHANNELS, enc_dim_k=8, dec_dim_k=8, enc_dim_ff=64,
                               dec_dim_ff=64, enc_nhead=2, dec_nhead=2, enc_depth=1, dec_depth=1)
    return model.eval(), [(_tokens(torch, 2, SEQ), _tokens(torch, 2, SEQ))]


def linformer_padder():
    """The Padder pads a shorter batch up to the LM's input size and crops the output."""
    torch, lp = _linformer()
    model = lp.Padder(_linformer_lm(lp)).eval()
    return model, [(_tokens(torch, 2, 20),)]


# ---------------------------------------------------------------------------------------------- darkformer-pytorch
def _darkformer():
    torch = _seed()
    import darkformer_pytorch

    return torch, darkformer_pytorch


def _dark_lm(df, **kwargs):
    return df.DarkformerLM(VOCAB, 32, 2, heads=2, num_features=16, max_seq_len=64, causal_chunk_size=8,
                           projection_seed=0, **kwargs)


def darkformer_lm_forward():
    torch, df = _darkformer()
    return _dark_lm(df).eval(), [(_tokens(torch, 2, 16),)]


def darkformer_lm_train_step():
    """Next-token loss from the model itself, projections redrawn every second call as in training."""
    torch, df = _darkformer()
    model = _dark_lm(df, feature_redraw_interval=2, dropout=0.1).train()
    tokens = _tokens(torch, 2, 16)
    step = _train_step(torch, model, lambda m, tokens, labels: m(tokens, labels=labels))
    return step, [(tokens, tokens), (tokens, tokens)]


def darkformer_lm_generate():
    """Sampling: the recurrent-state loop of `generate` with top-k, stopping at an end token."""
    torch, df = _darkformer()
    model = _dark_lm(df).eval()
    generate = functools.partial(model.generate, max_new_tokens=4, eos_token_id=3, top_k=8)
    return generate, [(_tokens(torch, 2, 6),)]


def darkformer_lm_decode_state():
    """A prompt's logits and recurrent state, then one step fed the state back, as a serving loop does."""
    torch, df = _darkformer()
    model = _dark_lm(df).eval()

    def prefill_and_step(prompt, next_token):
        logits, state = model.forward_with_state(prompt)
        step_logits, state = model.forward_with_state(next_token, state=state)
        return logits, step_logits

    return prefill_and_step, [(_tokens(torch, 2, 6), _tokens(torch, 2, 1))]


def darkformer_encoder_auto_masked():
    """A non-causal encoder in "auto" mode: exact attention up to 8 positions, random features above."""
    torch, df = _darkformer()
    model = df.Darkformer(32, 2, heads=2, num_features=16, attention_mode="auto", exact_threshold=8,
                          exact_backend="sdpa", projection_seed=0).eval()
    short_mask = torch.ones(2, 8, dtype=torch.bool)
    long_mask = torch.ones(2, 16, dtype=torch.bool)
    long_mask[0, 12:] = False
    return (lambda x, mask: model(x, mask=mask)), [(torch.randn(2, 8, 32), short_mask),
                                                   (torch.randn(2, 16, 32), long_mask)]


def darkformer_encdec_train_step():
    torch, df = _darkformer()
    model = df.DarkformerEncDec(VOCAB, VOCAB, 32, 1, heads=2, num_features=16, causal_chunk_size=8,
                                projection_seed=0).train()
    source_mask = torch.ones(2, 12, dtype=torch.bool)
    source_mask[1, 9:] = False
    target = _tokens(torch, 2, 10)

    def loss_of(m, source, target, source_mask):
        return m(source, target, source_mask=source_mask, labels=target)

    return _train_step(torch, model, loss_of), [(_tokens(torch, 2, 12), target, source_mask)]


def darkformer_calibrated_lm_forward():
    """The README's fine-tuning recipe: whitened geometry and the variance-optimal proposal from calibration tokens,
    then the LM in eval."""
    torch, df = _darkformer()
    model = _dark_lm(df)
    calibration = _tokens(torch, 4, 32)
    model.initialize_whitening_(calibration, regularization=1e-4, shrinkage=0.01, geometry_scale=0.1)
    model.initialize_variance_optimal_proposal_(calibration)
    return model.eval(), [(_tokens(torch, 2, 16),)]


def darkformer_attention_auto_backend():
    """A standalone attention layer as the README builds it: "auto" mode, the default "auto" exact backend (flash
    when installed, else SDPA), rotary, a padding mask on the long input."""
    torch, df = _darkformer()
    model = df.DarkformerAttention(32, heads=2, num_features=16, attention_mode="auto", exact_threshold=12,
                                   exact_backend="auto", rotary=True, projection_seed=0).eval()
    mask = torch.ones(2, 16, dtype=torch.bool)
    mask[1, 10:] = False
    return (lambda x, mask: model(x, mask=mask)), [(torch.randn(2, 8, 32), None), (torch.randn(2, 16, 32), mask)]


def darkformer_encdec_generate():
    torch, df = _darkformer()
    model = df.DarkformerEncDec(VOCAB, VOCAB, 32, 1, heads=2, num_features=16, causal_chunk_size=8,
                                projection_seed=0).eval()
    generate = functools.partial(model.generate, max_new_tokens=3, top_k=8)
    return generate, [(_tokens(torch, 2, 12), _tokens(torch, 2, 2))]


# ------------------------------------------------------------------------------ memory-efficient-attention-pytorch
def _mea():
    torch = _seed()
    import memory_efficient_attention_pytorch

    return torch, memory_efficient_attention_pytorch


def chunked_attention_masked():
    """Chunked (bucketed) causal attention over a padding mask, in eval."""
    torch, mea = _mea()
    model = mea.Attention(dim=32, heads=2, dim_head=16, causal=True, memory_efficient=True, q_bucket_size=8,
                          k_bucket_size=8).eval()
    mask = torch.ones(2, 24, dtype=torch.bool)
    mask[1, 18:] = False
    return model, [(torch.randn(2, 24, 32),)], {"mask": mask}


def chunked_attention_train_step():
    """Under grad the chunk summaries are checkpointed."""
    torch, mea = _mea()
    model = mea.Attention(dim=32, heads=2, dim_head=16, memory_efficient=True, dropout=0.1, q_bucket_size=8,
                          k_bucket_size=16).train()
    step = _train_step(torch, model, lambda m, x, bias: m(x, attn_bias=bias).pow(2).mean())
    return step, [(torch.randn(2, 24, 32), torch.randn(2, 24, 24))]


def flash_attention_forward():
    torch, mea = _mea()
    model = mea.FlashAttention(dim=32, heads=2, dim_head=16, causal=True, q_bucket_size=8, k_bucket_size=8).eval()
    return model, [(torch.randn(2, 24, 32),)]


def flash_attention_train_step():
    torch, mea = _mea()
    model = mea.FlashAttention(dim=32, heads=2, dim_head=16, q_bucket_size=8, k_bucket_size=8).train()
    mask = torch.ones(2, 24, dtype=torch.bool)
    mask[0, 20:] = False
    step = _train_step(torch, model, lambda m, x, mask: m(x, mask=mask).pow(2).mean())
    return step, [(torch.randn(2, 24, 32), mask)]


def cosine_sim_attention():
    torch, mea = _mea()
    model = mea.CosineSimAttention(dim=32, seq_len=24, heads=2, dim_head=16, causal=True, memory_efficient=True,
                                   q_bucket_size=8, k_bucket_size=8).eval()
    return model, [(torch.randn(2, 24, 32),)]


def cosine_sim_flash_attention_train_step():
    """The cosine-similarity flash attention (its own autograd Function, a fixed scale)."""
    torch, mea = _mea()
    from memory_efficient_attention_pytorch.cosine_sim_flash_attention import FlashAttention

    model = FlashAttention(dim=32, heads=2, dim_head=16, causal=True, q_bucket_size=8, k_bucket_size=8).train()
    step = _train_step(torch, model, lambda m, x: m(x).pow(2).mean())
    return step, [(torch.randn(2, 24, 32),)]


def _reversible_lm(mea_transformer, use_flash_attn):
    return mea_transformer.Transformer(num_tokens=VOCAB, max_seq_len=32, dim=32, depth=2, heads=2, dim_head=16,
                                       causal=True, ff_chunks=2, use_flash_attn=use_flash_attn, q_bucket_size=8,
                                       k_bucket_size=8)


def reversible_lm_train_step():
    """The package's training script: the reversible Transformer under the AutoregressiveWrapper's shifted loss."""
    torch, mea = _mea()
    from memory_efficient_attention_pytorch import transformer
    from memory_efficient_attention_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_reversible_lm(transformer, use_flash_attn=True)).train()
    return _train_step(torch, model, lambda m, seq: m(seq)), [(_tokens(torch, 2, 25),)]


def reversible_lm_generate():
    torch, mea = _mea()
    from memory_efficient_attention_pytorch import transformer
    from memory_efficient_attention_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_reversible_lm(transformer, use_flash_attn=False))
    return functools.partial(model.generate, seq_len=4), [(_tokens(torch, 2, 8),)]


# ------------------------------------------------------------------------------------------- perceiver-io-pytorch
def _perceiver_encoder(pio):
    return pio.PerceiverEncoder(num_latents=8, latent_dim=32, input_dim=16, num_self_attn_per_block=2, num_blocks=2,
                                num_self_attn_heads=4, num_cross_attn_heads=1)


def perceiver_io_query_decoder():
    torch = _seed()
    import perceiver_io as pio

    decoder = pio.PerceiverDecoder(latent_dim=32, query_dim=24, num_heads=1, projection_dim=10)
    model = pio.PerceiverIO(_perceiver_encoder(pio), decoder).eval()
    return model, [(torch.randn(2, 50, 16), torch.randn(2, 12, 24))]


def perceiver_io_classifier_train_step():
    torch = _seed()
    import perceiver_io as pio

    model = pio.PerceiverIO(_perceiver_encoder(pio), pio.ProjectionDecoder(latent_dim=32, num_classes=5)).train()
    step = _train_step(torch, model, lambda m, x, y: torch.nn.functional.cross_entropy(m(x), y))
    return step, [(torch.randn(2, 50, 16), torch.tensor([1, 3]))]


PACKAGES: Tuple[Package, ...] = (
    Package("linformer-pytorch==0.19.3", "linformer_pytorch", {
        "encoder": linformer_encoder,
        "checkpointed_train_step": linformer_checkpointed_train_step,
        "head_checkpoint_fixed_projection": linformer_head_checkpoint_fixed_projection,
        "lm_causal_masked": linformer_lm_causal_masked,
        "lm_train_step": linformer_lm_train_step,
        "encdec": linformer_encdec,
        "padder": linformer_padder}),
    Package("darkformer-pytorch==1.0.0", "darkformer_pytorch", {
        "lm_forward": darkformer_lm_forward,
        "lm_train_step": darkformer_lm_train_step,
        "lm_generate": darkformer_lm_generate,
        "lm_decode_state": darkformer_lm_decode_state,
        "encoder_auto_masked": darkformer_encoder_auto_masked,
        "encdec_train_step": darkformer_encdec_train_step,
        "calibrated_lm_forward": darkformer_calibrated_lm_forward,
        "attention_auto_backend": darkformer_attention_auto_backend,
        "encdec_generate": darkformer_encdec_generate},
        roots=("darkformer_pytorch.model:DarkformerLM.generate",
               "darkformer_pytorch.model:DarkformerLM.forward_with_state",
               "darkformer_pytorch.model:DarkformerEncDec.generate")),
    Package("memory-efficient-attention-pytorch==0.1.6", "memory_efficient_attention_pytorch", {
        "chunked_attention_masked": chunked_attention_masked,
        "chunked_attention_train_step": chunked_attention_train_step,
        "flash_attention_forward": flash_attention_forward,
        "flash_attention_train_step": flash_attention_train_step,
        "cosine_sim_attention": cosine_sim_attention,
        "cosine_sim_flash_attention_train_step": cosine_sim_flash_attention_train_step,
        "reversible_lm_train_step": reversible_lm_train_step,
        "reversible_lm_generate": reversible_lm_generate},
        roots=("memory_efficient_attention_pytorch.autoregressive_wrapper:AutoregressiveWrapper.generate",),
        dependencies=("einops==0.8.2",)),
    Package("perceiver-io-pytorch==0.1.5", "perceiver_io", {
        "query_decoder": perceiver_io_query_decoder,
        "classifier_train_step": perceiver_io_classifier_train_step}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
