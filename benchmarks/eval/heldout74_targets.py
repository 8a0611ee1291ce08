"""Held-out group 74 of the evaluation: language models written in the style of transformers without it (decoder-only
GPT / LLaMA / Gemma models with causal masks, rotary embeddings and a stateful KV cache filled by prefill / decode,
BERT and RoBERTa encoders building padding masks and position ids in the forward, an encoder-decoder, typed
encoders over padded and packed batches with masked-token pretraining, a mixture-of-experts decoder, generation
loops with temperature / top-k / top-p sampling and an end-of-sequence stop), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout74_targets.py \
        --site benchmarks/eval/.packages-heldout74 --suffix heldout74 --jobs 1

StackFormer (stackformer): GPT-1 and GPT-2 (a training step), LLaMA 1, LLaMA 2 with its grouped-query KV cache called
as its own `prefill` / `decode` call it (start position passed as a Python int), Gemma, BERT with and without padding
tokens, RoBERTa (padding-offset position ids), the encoder-decoder Transformer, and `text_generate` (the model's own
`generate`) over GPT-1 with top-k / top-p / an EOS id and over LLaMA 2 through its KV cache. stackformers: the plain
RoPE encoder on a padded batch, the causal and sliding-window encoders, the distance-biased node encoder, the
cross-attention decoder, the masked-token pretraining wrapper in a training step, and the padded-to-packed
conversion. llmcollection: GPT, LLaMA (torchtune's rotary embedding and RMSNorm) and Mixtral (top-k routed experts)
in training steps and their `generate` loops. bantamtrain: ZoomGPT training steps (plain, token groups merged into
slots with the chunked cross-entropy, the bag output, gradient checkpointing with a logit soft cap), its `generate`
with top-k and an EOS id, the model with LoRA adapters, and the 8-bit weight-quantised model. Same shape as
targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this
module does not import torch.

Left out: see benchmarks/results/heldout74-2026-11-29u.md.
"""

from __future__ import annotations

import functools

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()

VOCAB = 64


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _tokens(torch, batch=2, length=12, vocab=VOCAB, low=2):
    return torch.randint(low, vocab, (batch, length))


def _lm_step(torch, model, forward=None):
    """One optimiser step of next-token prediction, as a user's training loop runs it."""
    import torch.nn.functional as F

    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)

    def step(ids, targets_):
        logits = model(ids) if forward is None else forward(ids)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets_.reshape(-1))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    return step


# ----------------------------------------------------------------------------------------------------- stackformer
def stackformer_gpt1():
    torch = _seed()
    from stackformer import GPT1

    model = GPT1(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=16, dropout=0.0)
    return model.eval(), [(_tokens(torch),), (_tokens(torch),)]


def stackformer_gpt2_train_step():
    torch = _seed()
    from stackformer import GPT2

    model = GPT2(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=16, dropout=0.1).train()
    ids = _tokens(torch, length=13)
    return _lm_step(torch, model), [(ids[:, :-1], ids[:, 1:])]


def stackformer_llama1():
    torch = _seed()
    from stackformer import Llama1

    model = Llama1(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=16)
    return model.eval(), [(_tokens(torch),)]


def _llama2(torch):
    from stackformer import Llama2

    return Llama2(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_query_heads=4, num_kv_heads=2, batch_size=2,
                  kv_seq_len=24, hidden_dim=64).eval()


def stackformer_llama2_kv_cache():
    """LLaMA 2 as its `prefill` / `decode` call it: the prompt at position 0, then one token at a time."""
    torch = _seed()
    model = _llama2(torch)
    model.reset_cache()
    prompt = _tokens(torch, length=8)
    return model, [(prompt, 0), (_tokens(torch, length=1), 8), (_tokens(torch, length=1), 9)]


def stackformer_gemma():
    torch = _seed()
    from stackformer import Gemma1_2B

    model = Gemma1_2B(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=16, hidden_dim=64)
    return model.eval(), [(_tokens(torch),)]


def stackformer_bert():
    """BERT with segment ids and without (a batch holding padding fails in eager: its padding mask reaches an `if`)."""
    torch = _seed()
    from stackformer import BERT

    model = BERT(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=16, dropout=0.0).eval()
    ids = _tokens(torch)
    segments = torch.zeros_like(ids)
    segments[:, 6:] = 1
    return model, [(ids, segments), (_tokens(torch),)]


def stackformer_roberta():
    torch = _seed()
    from stackformer import RoBERTa

    model = RoBERTa(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=20, dropout=0.0).eval()
    ids = _tokens(torch)
    ids[1, 10:] = 1  # padding_idx
    return model, [(ids,)]


def stackformer_encoder_decoder():
    torch = _seed()
    from stackformer import Transformer

    model = Transformer(vocab_size=VOCAB, embed_dim=32, num_heads=4, dropout=0.0, encoder_layers=2,
                        decoder_layers=2, seq_len=16).eval()
    return model, [(_tokens(torch, length=10), _tokens(torch, length=7))]


def stackformer_generate_top_k_top_p():
    torch = _seed()
    from stackformer import GPT1, text_generate

    model = GPT1(vocab_size=VOCAB, num_layers=2, embed_dim=32, num_heads=4, seq_len=16, dropout=0.0).eval()
    return text_generate, [(model, _tokens(torch, length=6))], {
        "max_context_len": 16, "max_new_tokens": 4, "temperature": 0.8, "top_k": 10, "top_p": 0.9,
        "eos_token_id": 3}


def stackformer_generate_kv_cache():
    torch = _seed()
    model = _llama2(torch)
    return model.generate, [(_tokens(torch, length=6),)], {"max_context_len": 24, "max_new_tokens": 4, "top_k": 8}


def stackformer_attention_masks():
    """The attention modules a user builds a custom block from, each with the masks it is documented with: causal +
    sliding-window (dense SDPA mask), grouped-query with flex attention, multi-query with RoPE and a document mask
    of packed sequences, cross-attention with an explicit mask, and the KV-cached multi-head attention stepping."""
    torch = _seed()
    from stackformer.modules.Attention import (Cross_MultiHead_Attention, Group_query_Attention,
                                               Multi_Head_Attention, Multi_query_Attention_With_RoPE,
                                               kv_cache_multihead)

    windowed = Multi_Head_Attention(32, 4, mask_type=["causal", "sliding_window"], combine="and", window_size=4)
    flex = Group_query_Attention(32, num_query_heads=4, num_kv_heads=2, mask_type="causal", backend="flex")
    documents = torch.tensor([0] * 5 + [1] * 7)
    mqa = Multi_query_Attention_With_RoPE(32, 4, mask_type=["document_mask"], document_ids=documents)
    cross = Cross_MultiHead_Attention(32, 4)
    cached = kv_cache_multihead(32, 4, batch_size=2, kv_seq_len=16, mask_type=["causal"])
    modules = [windowed, flex, mqa, cross, cached]
    for module in modules:
        module.eval()

    def attend(x, context, cross_mask, step):
        with torch.no_grad():  # inference (flex attention has no backward on CPU)
            return (windowed(x), flex(x), mqa(x), cross(x, context, attn_mask=cross_mask),
                    cached(x, start_pos=0), cached(step, start_pos=x.shape[1]))

    x = torch.randn(2, 12, 32)
    return attend, [(x, torch.randn(2, 6, 32), torch.rand(2, 1, 12, 6) > 0.3, torch.randn(2, 1, 32))]


# ---------------------------------------------------------------------------------------------------- stackformers
def _padded(torch, dim=32, batch=2, length=10, lengths=(10, 7)):
    from stackformers import make_padded_input

    mask = torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]
    return make_padded_input(torch.randn(batch, length, dim), mask)


def stackformers_plain_encoder():
    torch = _seed()
    from stackformers import TransformerEncoder, plain_encoder_config

    model = TransformerEncoder(plain_encoder_config(dim=32, heads=4, num_layers=2)).eval()
    return model, [(_padded(torch),)]


def stackformers_causal_windowed_encoders():
    torch = _seed()
    from stackformers import TransformerEncoder, plain_encoder_config, windowed_encoder_config

    causal = TransformerEncoder(plain_encoder_config(dim=32, heads=4, num_layers=2, causal=True)).eval()
    windowed = TransformerEncoder(windowed_encoder_config(dim=32, heads=4, num_layers=2, window_size=4)).eval()

    def both(inp):
        return causal(inp), windowed(inp)

    return both, [(_padded(torch),)]


def stackformers_node_encoder():
    torch = _seed()
    from stackformers import PaddedInput, TransformerEncoder
    from stackformers.presets.encoder import node_encoder_config

    model = TransformerEncoder(node_encoder_config(dim=32, heads=4, num_layers=2, r_max=3.0, num_rbf=8)).eval()
    mask = torch.ones(2, 9, dtype=torch.bool)
    mask[1, 6:] = False
    return model, [(PaddedInput(x=torch.randn(2, 9, 32), mask=mask, abs_positions=torch.randn(2, 9, 2)),)]


def stackformers_decoder():
    torch = _seed()
    from stackformers import TransformerDecoder, plain_decoder_config

    model = TransformerDecoder(plain_decoder_config(dim=32, heads=4, num_layers=2)).eval()
    return model, [(_padded(torch, length=8, lengths=(8, 5)), _padded(torch, length=10))]


def stackformers_mlm_train_step():
    """Masked-token pretraining: the wrapper's clean and masked passes through the encoder, one optimiser step."""
    torch = _seed()
    from stackformers import MLMWrapper, MLMWrapperConfig, TransformerEncoder, plain_encoder_config

    encoder = TransformerEncoder(plain_encoder_config(dim=32, heads=4, num_layers=2)).train()
    wrapper = MLMWrapper(MLMWrapperConfig(dim=32, mask_ratio=0.25)).train()
    optimizer = torch.optim.AdamW([*encoder.parameters(), *wrapper.parameters()], lr=1e-3)

    def step(inp):
        out = wrapper(inp, encoder)
        loss = out.out.pow(2).mean() * 0.0 + out.mlm_loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    return step, [(_padded(torch),)]


def _packed(torch, lengths=(7, 5, 4), dim=32):
    from stackformers import make_packed_input
    from stackformers.sequence import lengths_to_cu_seqlens

    cu_seqlens = lengths_to_cu_seqlens(torch.tensor(lengths))
    return make_packed_input(torch.randn(sum(lengths), dim), cu_seqlens, max(lengths))


def stackformers_packed_train_step():
    """A causal encoder trained on a packed batch (no padding), as its presets advise for training."""
    torch = _seed()
    from stackformers import TransformerEncoder, plain_encoder_config

    model = TransformerEncoder(plain_encoder_config(dim=32, heads=4, num_layers=2, causal=True)).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(inp, target):
        loss = (model(inp) - target).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    return step, [(_packed(torch), torch.randn(16, 32))]


def stackformers_cross_attender():
    torch = _seed()
    from stackformers import CrossAttender
    from stackformers.presets.cross_attender import plain_cross_attender_config

    model = CrossAttender(plain_cross_attender_config(dim=32, heads=4, num_layers=2)).eval()
    return model, [(_padded(torch, length=4, lengths=(4, 4)), _padded(torch))]


def stackformers_packed_to_padded():
    torch = _seed()
    from stackformers.sequence import packed_to_padded

    return packed_to_padded, [(_packed(torch),)]


def stackformers_padded_to_packed():
    torch = _seed()
    from stackformers.sequence import padded_to_packed

    return padded_to_packed, [(_padded(torch),)]


# -------------------------------------------------------------------------------------------------- llmcollection
def _llmcollection(torch, kind, **kwargs):
    # torchtune 0.1.1 (LLaMA's and Mixtral's rotary embedding and RMSNorm) imports its dataset, config and tokenizer
    # code on import; none of it runs here
    targets.stand_in("datasets", "sentencepiece", "omegaconf", "tiktoken", "tiktoken.load", "pkg_resources")
    import llmcollection

    embedding = torch.nn.Embedding(VOCAB + 1, 32)
    return getattr(llmcollection, kind)(d_model=32, context_length=16, num_heads=4, num_blocks=2,
                                        embedding_table=embedding, **kwargs)


def _llmcollection_step(torch, model):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(ids, targets_):
        logits, loss = model(ids, targets_)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    return step


def llmcollection_gpt_train_step():
    torch = _seed()
    model = _llmcollection(torch, "GPT", dropout=0.1).train()
    ids = _tokens(torch, length=13)
    return _llmcollection_step(torch, model), [(ids[:, :-1].contiguous(), ids[:, 1:].contiguous())]


def llmcollection_llama_train_step():
    torch = _seed()
    model = _llmcollection(torch, "LLAMA").train()
    ids = _tokens(torch, length=13)
    return _llmcollection_step(torch, model), [(ids[:, :-1].contiguous(), ids[:, 1:].contiguous())]


def llmcollection_mixtral_train_step():
    torch = _seed()
    model = _llmcollection(torch, "Mixtral", num_experts=4).train()
    ids = _tokens(torch, length=13)
    return _llmcollection_step(torch, model), [(ids[:, :-1].contiguous(), ids[:, 1:].contiguous())]


def llmcollection_generate():
    torch = _seed()
    gpt = _llmcollection(torch, "GPT").eval()
    llama = _llmcollection(torch, "LLAMA").eval()

    def both(idx):
        return gpt.generate(idx, max_new_tokens=3), llama.generate(idx, max_new_tokens=3)

    return both, [(_tokens(torch, length=6),)]


def llmcollection_mixtral_generate():
    torch = _seed()
    model = _llmcollection(torch, "Mixtral", num_experts=4).eval()
    return model.generate, [(_tokens(torch, length=6),)], {"max_new_tokens": 3}


# ----------------------------------------------------------------------------------------------------- bantamtrain
def _zoom_gpt(torch, **kwargs):
    from bantamtrain.models.gpt import ZoomGPT

    return ZoomGPT(VOCAB, d=32, n_layer=2, n_head=4, **kwargs)


def _zoom_step(torch, model, k=1):
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)

    def step(idx, targets_):
        loss = model(idx, targets_, k)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    return step


def bantamtrain_train_step():
    torch = _seed()
    model = _zoom_gpt(torch, qk_norm=True, mlp="swiglu").train()
    ids = _tokens(torch, length=17)
    return _zoom_step(torch, model), [(ids[:, :-1], ids[:, 1:])]


def bantamtrain_zoom_slot_chunked_ce():
    """Token groups of 2 merged into slots, the slot output head, and the chunked cross-entropy."""
    torch = _seed()
    model = _zoom_gpt(torch, zoom_ks=(2,), ce_chunk=8).train()
    ids = _tokens(torch, length=17)
    return _zoom_step(torch, model, k=2), [(ids[:, :-1], ids[:, 1:])]


def bantamtrain_zoom_bag_linear_merge():
    torch = _seed()
    model = _zoom_gpt(torch, zoom_ks=(4,), out_mode="bag", merge_mode="linear", rope_pos="patch").train()
    ids = _tokens(torch, length=17)
    return _zoom_step(torch, model, k=4), [(ids[:, :-1], ids[:, 1:])]


def bantamtrain_grad_checkpoint_softcap():
    torch = _seed()
    model = _zoom_gpt(torch, grad_ckpt=True, softcap=15.0, zero_init_proj=True).train()
    ids = _tokens(torch, length=17)
    return _zoom_step(torch, model), [(ids[:, :-1], ids[:, 1:])]


def bantamtrain_generate():
    torch = _seed()
    model = _zoom_gpt(torch).eval()
    return model.generate, [(_tokens(torch, batch=1, length=6),)], {"n_new": 4, "top_k": 8, "eos_id": 3}


def bantamtrain_lora_train_step():
    torch = _seed()
    from bantamtrain.lora import apply_lora

    model = _zoom_gpt(torch)
    apply_lora(model, r=4, alpha=8, targets=("qkv", "proj"))
    ids = _tokens(torch, length=17)
    return _zoom_step(torch, model.train()), [(ids[:, :-1], ids[:, 1:])]


def bantamtrain_quantized(bits=8):
    torch = _seed()
    from bantamtrain.qweights import quantize_model

    model = _zoom_gpt(torch)
    quantize_model(model, bits=bits, block=32, min_numel=512)
    ids = _tokens(torch, length=17)
    return model.eval(), [(ids[:, :-1], ids[:, 1:])]


def bantamtrain_quantized_nf4():
    return bantamtrain_quantized(bits="nf4")


PACKAGES = (
    Package("stackformer==0.1.10", "stackformer", {
        "gpt1": stackformer_gpt1,
        "gpt2_train_step": stackformer_gpt2_train_step,
        "llama1": stackformer_llama1,
        "llama2_kv_cache": stackformer_llama2_kv_cache,
        "gemma": stackformer_gemma,
        "bert": stackformer_bert,
        "roberta": stackformer_roberta,
        "encoder_decoder": stackformer_encoder_decoder,
        "generate_top_k_top_p": stackformer_generate_top_k_top_p,
        "generate_kv_cache": stackformer_generate_kv_cache,
        "attention_masks": stackformer_attention_masks},
        roots=("stackformer.generate:text_generate", "stackformer.models.*:*.generate"),
        dependencies=("safetensors==0.8.0", "tqdm==4.70.1")),
    Package("stackformers==4.6.0", "stackformers", {
        "plain_encoder": stackformers_plain_encoder,
        "causal_windowed_encoders": stackformers_causal_windowed_encoders,
        "node_encoder": stackformers_node_encoder,
        "decoder": stackformers_decoder,
        "mlm_train_step": stackformers_mlm_train_step,
        "packed_train_step": stackformers_packed_train_step,
        "cross_attender": stackformers_cross_attender,
        "packed_to_padded": stackformers_packed_to_padded,
        "padded_to_packed": stackformers_padded_to_packed},
        roots=("stackformers.sequence:padded_to_packed", "stackformers.sequence:packed_to_padded"),
        dependencies=("beartype==0.23.1", "jaxtyping==0.3.11", "wadler-lindig==0.1.8")),
    Package("llmcollection==0.2.0", "llmcollection", {
        "gpt_train_step": llmcollection_gpt_train_step,
        "llama_train_step": llmcollection_llama_train_step,
        "mixtral_train_step": llmcollection_mixtral_train_step,
        "generate": llmcollection_generate,
        "mixtral_generate": llmcollection_mixtral_generate},
        roots=("llmcollection.*:*.generate",),
        dependencies=("torchtune==0.1.1", "torchao==0.1", "safetensors==0.8.0", "tqdm==4.70.1")),
    Package("bantamtrain==0.2.0", "bantamtrain", {
        "train_step": bantamtrain_train_step,
        "zoom_slot_chunked_ce": bantamtrain_zoom_slot_chunked_ce,
        "zoom_bag_linear_merge": bantamtrain_zoom_bag_linear_merge,
        "grad_checkpoint_softcap": bantamtrain_grad_checkpoint_softcap,
        "generate": bantamtrain_generate,
        "lora_train_step": bantamtrain_lora_train_step,
        "quantized": bantamtrain_quantized,
        "quantized_nf4": bantamtrain_quantized_nf4},
        roots=("bantamtrain.models.gpt:ZoomGPT.generate",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
