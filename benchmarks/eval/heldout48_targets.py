"""Held-out group 48 of the evaluation: language models in the style of Hugging Face transformers without it (padding
masks and causal masks, relative and rotary position codes, encoder-decoder stacks with recurrent memory, autoregressive
wrappers with top-k sampling, end-of-sequence stopping and randomly truncated training inputs), from packages no rule
was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout48_targets.py \
        --site benchmarks/eval/.packages-heldout48 --suffix heldout48

sinkhorn-transformer: the Sinkhorn-sorted bucketed attention LM, causal over a padded batch and bidirectional with a
sort net and local heads, an encoder-decoder pair where the decoder attends to the encoder's output under context
masks, the autoregressive wrapper's training loss over randomly truncated sequences and its top-k generation loop with
an end-of-sequence stop. long-short-transformer: the long-short attention LM with rotary codes, causal (segment
projections) and bidirectional, over padded batches, plus its autoregressive wrapper's loss and generation.
memformer: the encoder-decoder with memory slots updated by attention and a GRU cell, over masked source segments,
its memory-replay backpropagation, and the encoder alone streaming segments through its memory. hourglass-transformer-
pytorch: the hourglass LM (shortening, attention resampling, a nested valley) causal with a padding mask, its
training loss and generation.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: h-transformer-1d and rela-transformer (smaller variants of the same wrapper code). long-short-transformer
calls the rotary embedding with the 2021 cache_key keyword, so rotary-embedding-torch is pinned to a release of that
time; sinkhorn-transformer takes the local-attention, product-key-memory and axial-positional-embedding releases of its
time, as group 4 does for reformer. hourglass-transformer-pytorch's generate fails on its end-of-sequence branch
(a misspelled name), so no target passes eos_token there; its module calls math.ceil without importing math, so
the builder sets the module's `math`. memformer's decoder generation passes an input_mask its decoder does not take:
left out.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ("einops==0.8.2",)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _padded(torch, lengths, width, vocab=64):
    """Right-padded token batch and its boolean mask (True = token), as a tokenizer's batch encoding gives it."""
    ids = torch.randint(1, vocab, (len(lengths), width))
    mask = torch.arange(width).unsqueeze(0) < torch.tensor(lengths).unsqueeze(1)
    return ids.masked_fill(~mask, 0), mask


# ------------------------------------------------------------------------------------------- sinkhorn-transformer
def _sinkhorn_lm(torch, **kwargs):
    from sinkhorn_transformer import SinkhornTransformerLM

    small = dict(num_tokens=64, dim=32, depth=2, heads=4, max_seq_len=16, bucket_size=4)
    return SinkhornTransformerLM(**{**small, **kwargs})


def sinkhorn_causal_lm():
    torch = _seed()
    model = _sinkhorn_lm(torch, causal=True).eval()

    def lm(ids, mask):
        return model(ids, input_mask=mask)

    return lm, [_padded(torch, (16, 11), 16)]


def sinkhorn_sorted_local_heads():
    torch = _seed()
    model = _sinkhorn_lm(torch, non_permutative=False, n_local_attn_heads=2, sinkhorn_iter=3).eval()

    def lm(ids, mask):
        return model(ids, input_mask=mask)

    return lm, [_padded(torch, (16, 9), 16)]


def sinkhorn_encoder_decoder():
    torch = _seed()
    encoder = _sinkhorn_lm(torch, return_embeddings=True).train()
    decoder = _sinkhorn_lm(torch, causal=True, receives_context=True).train()

    def step(src, src_mask, tgt):
        context = encoder(src, input_mask=src_mask)
        logits = decoder(tgt[:, :-1], context=context, context_mask=src_mask)
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), tgt[:, 1:])
        loss.backward()
        return loss

    src, src_mask = _padded(torch, (16, 12), 16)
    return step, [(src, src_mask, torch.randint(1, 64, (2, 9)))]


def sinkhorn_truncated_training():
    torch = _seed()
    from sinkhorn_transformer import AutoregressiveWrapper

    model = AutoregressiveWrapper(_sinkhorn_lm(torch, causal=True)).train()

    def step(ids, mask):
        loss = model(ids, return_loss=True, randomly_truncate_sequence=True, input_mask=mask)
        loss.backward()
        return loss

    return step, [_padded(torch, (13, 10), 13)]


def sinkhorn_generate():
    torch = _seed()
    from sinkhorn_transformer import AutoregressiveWrapper

    model = AutoregressiveWrapper(_sinkhorn_lm(torch, causal=True))

    def generate(prompt):
        return model.generate(prompt, 4, eos_token=3, temperature=0.8)

    return generate, [(torch.randint(4, 64, (2, 5)),)]


# ------------------------------------------------------------------------------------------ long-short-transformer
def _long_short(torch, causal):
    from long_short_transformer import LongShortTransformer

    # the bidirectional path masks its (batch x heads) projections with a (batch) mask: one head, as it needs
    return LongShortTransformer(num_tokens=64, dim=32, depth=2, max_seq_len=32, window_size=8,
                                heads=4 if causal else 1, dim_head=8 if causal else 32, causal=causal, segment_size=4 if causal else None, r=1 if causal else 4)


def long_short_causal_lm():
    torch = _seed()
    model = _long_short(torch, causal=True).eval()

    def lm(ids, mask):
        return model(ids, mask=mask)

    return lm, [_padded(torch, (14, 9), 14)]


def long_short_bidirectional():
    torch = _seed()
    model = _long_short(torch, causal=False).eval()

    def encode(ids, mask):
        return model(ids, mask=mask)

    return encode, [_padded(torch, (16, 10), 16)]


def long_short_training():
    torch = _seed()
    from long_short_transformer.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_long_short(torch, causal=True)).train()

    def step(ids, mask):
        loss = model(ids, mask=mask)
        loss.backward()
        return loss

    return step, [_padded(torch, (17, 12), 17)]


def long_short_generate():
    torch = _seed()
    from long_short_transformer.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_long_short(torch, causal=True))

    def generate(prompt):
        return model.generate(prompt, 4, eos_token=3)

    return generate, [(torch.randint(4, 64, (2, 6)),)]


# ----------------------------------------------------------------------------------------------------- memformer
def _memformer(torch):
    from memformer import Memformer

    return Memformer(dim=32, num_memory_slots=4, mem_update_attn_heads=4,
                     enc_num_tokens=64, enc_max_seq_len=8, enc_depth=2, enc_heads=4,
                     dec_num_tokens=64, dec_max_seq_len=8, dec_depth=2, dec_heads=4)


def memformer_segments():
    torch = _seed()
    model = _memformer(torch).train()

    def step(src, src_mask, tgt):
        mems, losses = None, []
        for segment, segment_mask in zip(src.split(8, dim=1), src_mask.split(8, dim=1)):
            _, mems, loss = model(segment, tgt, mems=mems, src_mask=segment_mask)
            losses.append(loss)
        total = torch.stack(losses).sum()
        total.backward()
        return total, mems

    src, src_mask = _padded(torch, (16, 11), 16)
    return step, [(src, src_mask, torch.randint(1, 64, (2, 6)))]


def memformer_replay_backprop():
    torch = _seed()
    from memformer import memory_replay_backprop

    model = _memformer(torch).train()

    def step(src, src_mask, tgt):
        memory_replay_backprop(model, src, tgt, src_mask=src_mask)
        return model.memory_slots.grad

    src, src_mask = _padded(torch, (16, 13), 16)
    return step, [(src, src_mask, torch.randint(1, 64, (2, 6)))]


def memformer_encode_stream():
    torch = _seed()
    from memformer import Memformer

    model = Memformer(dim=32, num_memory_slots=4, mem_update_attn_heads=4, encoder_only=True,
                      enc_num_tokens=64, enc_max_seq_len=8, enc_depth=2, enc_heads=4).eval()

    def encode(src, src_mask):
        mems, encodings = None, []
        for segment, segment_mask in zip(src.split(8, dim=1), src_mask.split(8, dim=1)):
            enc, mems = model(segment, mems=mems, src_mask=segment_mask)
            encodings.append(enc)
        return torch.cat(encodings, dim=1), mems

    return encode, [_padded(torch, (24, 13), 24)]


# ---------------------------------------------------------------------------------- hourglass-transformer-pytorch
def _hourglass(torch, **kwargs):
    import math

    from hourglass_transformer_pytorch import HourglassTransformerLM, hourglass_transformer_pytorch

    hourglass_transformer_pytorch.math = math  # its pad_to_multiple calls math.ceil without importing math

    return HourglassTransformerLM(num_tokens=64, dim=32, max_seq_len=16, heads=2, dim_head=8, **kwargs)


def hourglass_masked_lm():
    torch = _seed()
    model = _hourglass(torch, depth=(1, (1, 1, 1), 1), shorten_factor=(2, 2)).eval()

    def lm(ids, mask):
        return model(ids, mask=mask)

    return lm, [_padded(torch, (13, 8), 13)]


def hourglass_training():
    torch = _seed()
    from hourglass_transformer_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_hourglass(torch, depth=(1, 1, 1), shorten_factor=2,
                                             updown_sample_type="linear")).train()

    def step(ids):
        loss = model(ids)
        loss.backward()
        return loss

    return step, [(torch.randint(1, 64, (2, 12)),)]


def hourglass_generate():
    torch = _seed()
    from hourglass_transformer_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(_hourglass(torch, depth=(1, 1, 1), shorten_factor=2))

    def generate(prompt):
        return model.generate(prompt, 4, temperature=0.9)

    return generate, [(torch.randint(1, 64, (2, 5)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("sinkhorn-transformer==0.11.4", "sinkhorn_transformer", {
        "causal_lm": sinkhorn_causal_lm,
        "sorted_local_heads": sinkhorn_sorted_local_heads,
        "encoder_decoder": sinkhorn_encoder_decoder,
        "truncated_training": sinkhorn_truncated_training,
        "generate": sinkhorn_generate},
        roots=("sinkhorn_transformer.autoregressive_wrapper:AutoregressiveWrapper.generate",),
        dependencies=("local-attention==1.4.4", "product-key-memory==0.1.10", "axial-positional-embedding==0.3.12")),
    Package("long-short-transformer==0.0.5", "long_short_transformer", {
        "causal_lm": long_short_causal_lm,
        "bidirectional": long_short_bidirectional,
        "training": long_short_training,
        "generate": long_short_generate},
        roots=("long_short_transformer.autoregressive_wrapper:AutoregressiveWrapper.generate",),
        dependencies=("rotary-embedding-torch==0.1.5",)),
    Package("memformer==0.3.1", "memformer", {
        "segments": memformer_segments,
        "replay_backprop": memformer_replay_backprop,
        "encode_stream": memformer_encode_stream},
        roots=("memformer.mrbp:memory_replay_backprop",)),
    Package("hourglass-transformer-pytorch==0.0.6", "hourglass_transformer_pytorch", {
        "masked_lm": hourglass_masked_lm,
        "training": hourglass_training,
        "generate": hourglass_generate},
        roots=("hourglass_transformer_pytorch.autoregressive_wrapper:AutoregressiveWrapper.generate",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
