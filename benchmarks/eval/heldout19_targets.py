"""Held-out group 19 of the evaluation: text and sequence models written in the style of model-hub files (config
objects, generation utilities, key/value and recurrent caches, attention-mask preparation, output records) from
small libraries without transformers, from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout19_targets.py \
        --site benchmarks/eval/.packages-heldout19 --suffix heldout19

Decoder language models built from config dicts with a key/value cache object, rotary tables, causal masks sliced
by the cache position, a mixture-of-experts feed-forward and greedy generation loops with and without the cache, one
of them batched with per-sequence positions (llms-from-scratch: GPT-2, Llama 3, Qwen 3); a transformer
encoder-decoder, a causal transformer LM and an LSTM LM behind stateful `Unidirectional` wrappers, with padding
masks, and their decoder states stepped by beam search and ancestral sampling (rau); Mamba from dataclass configs
with an inference-params cache, its causal-LM loss, its sampling generation with top-k/top-p and its sequence
classifier over an attention mask (minimamba); a segment-recurrent transformer with compressive memories and key/value
caches, its segmented loss and its generation loop (infini-transformer-pytorch); minGRU/minLSTM language models,
their loss and a decoding loop stepped through their cached hidden states (mingru-pytorch); a GateLoop
transformer's loss with its associative scan (gateloop-transformer); and a Perceiver AR over a masked prefix, its
loss and its generation loop with an end token (perceiver-ar-pytorch). Same shape as targets.py (PACKAGES,
DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does not import
torch.

Left out: recurrentgemma (its package root imports its JAX half: jax, flax and pallas), texar-pytorch (uses
`np.float_` at import, gone in numpy 2), eole and opennmt-py (ctranslate2, pyonmttok and a tree of servers and
tokenizers; eole's extras pull transformers), openlanguagemodel and optimus-dl (depend on transformers), mamba-ssm
(depends on transformers, and on CUDA kernels), llama-models and nanotron (their reference models are built from
model-parallel layers that need an initialized process group, and fairscale), gpt-oss (no wheel for this Python),
language-modeling-transformers (tensorflow, torchaudio). llms-from-scratch's chapter 5 helpers import matplotlib and
its tokenizers need downloaded files, so only the model files and the generation modules are run; its cached GPT-2
fails eagerly one token into the cache (its causal mask is sliced by column, not row), so its GPT-2 runs the
uncached loop. minimamba's cached generation fails eagerly (`Tensor.roll_` does not exist), so it generates
without the cache.
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


# ------------------------------------------------------------------------------------------------ llms-from-scratch
def _qwen3_config(torch, **kwargs):
    return dict(vocab_size=64, context_length=32, emb_dim=32, n_heads=4, n_layers=2, hidden_dim=64, head_dim=8,
                qk_norm=True, n_kv_groups=2, rope_base=10000.0, dtype=torch.float32, **kwargs)


def lfs_gpt2_generation():
    torch = _seed()
    from llms_from_scratch.ch04 import GPTModel, generate_text_simple

    cfg = dict(vocab_size=64, context_length=16, emb_dim=32, n_heads=4, n_layers=2, drop_rate=0.0, qkv_bias=True)
    model = GPTModel(cfg).eval()

    def generate(prompt):
        return generate_text_simple(model, prompt, 4, context_size=16)

    return generate, [(torch.randint(0, 64, (1, 5)),)]


def lfs_gpt2_training_forward():
    torch = _seed()
    from llms_from_scratch.ch04 import GPTModel

    cfg = dict(vocab_size=64, context_length=32, emb_dim=32, n_heads=4, n_layers=2, drop_rate=0.1, qkv_bias=False)
    model = GPTModel(cfg).train()

    def loss(tokens):
        logits = model(tokens[:, :-1])
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())

    return loss, [(torch.randint(0, 64, (2, 17)),)]


def lfs_llama3_cached_stream():
    torch = _seed()
    from llms_from_scratch.kv_cache.generate import generate_text_simple_stream
    from llms_from_scratch.kv_cache.llama3 import Llama3Model

    cfg = dict(vocab_size=64, context_length=32, emb_dim=32, n_heads=4, n_layers=2, hidden_dim=64, n_kv_groups=2,
               rope_base=500000.0, dtype=torch.float32,
               rope_freq=dict(factor=8.0, low_freq_factor=1.0, high_freq_factor=4.0,
                              original_context_length=16))
    model = Llama3Model(cfg).eval()

    def stream(prompt):
        return torch.cat(list(generate_text_simple_stream(model, prompt, 4, eos_token_id=63)), dim=1)

    return stream, [(torch.randint(0, 63, (1, 5)),)]


def lfs_qwen3_moe_cached_generation():
    torch = _seed()
    from llms_from_scratch.kv_cache.generate import generate_text_simple
    from llms_from_scratch.kv_cache.qwen3 import Qwen3Model

    model = Qwen3Model(_qwen3_config(torch, num_experts=4, num_experts_per_tok=2, moe_intermediate_size=32)).eval()

    def generate(prompt):
        return generate_text_simple(model, prompt, 4, use_cache=True)

    return generate, [(torch.randint(0, 64, (2, 5)),)]


def lfs_qwen3_batched_cache_generation():
    torch = _seed()
    from llms_from_scratch.kv_cache_batched.generate import generate_text_simple
    from llms_from_scratch.kv_cache_batched.qwen3 import Qwen3Model

    model = Qwen3Model(_qwen3_config(torch)).eval()

    def generate(prompt):
        return generate_text_simple(model, prompt, 4, use_cache=True)

    return generate, [(torch.randint(0, 64, (2, 5)),)]


def lfs_qwen3_full_forward():
    torch = _seed()
    from llms_from_scratch.qwen3 import Qwen3Model

    model = Qwen3Model(_qwen3_config(torch, num_experts=0)).eval()
    return model, [(torch.randint(0, 64, (2, 12)),)]


# ------------------------------------------------------------------------------------------------------------ rau
def _rau_encoder_decoder():
    from rau.models.transformer.encoder_decoder import get_transformer_encoder_decoder

    return get_transformer_encoder_decoder(source_vocabulary_size=20, target_input_vocabulary_size=20,
                                           target_output_vocabulary_size=20, tie_embeddings=True,
                                           num_encoder_layers=1, num_decoder_layers=1, d_model=32, num_heads=4,
                                           feedforward_size=64, dropout=0.1)


def _padded_source(torch):
    source = torch.randint(0, 18, (2, 7))
    padding = torch.zeros(2, 7, dtype=torch.bool)
    padding[1, 5:] = True
    return source.masked_fill(padding, 19), padding


def rau_seq2seq_loss():
    torch = _seed()
    model = _rau_encoder_decoder().train()
    source, padding = _padded_source(torch)

    def loss(source, padding, target):
        logits = model(source, target[:, :-1], source_is_padding_mask=padding)
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), target[:, 1:].flatten())

    return loss, [(source, padding, torch.randint(0, 18, (2, 6)))]


def rau_seq2seq_beam_search():
    torch = _seed()
    from rau.generation.beam_search import beam_search

    model = _rau_encoder_decoder().eval()
    source, padding = _padded_source(torch)

    def decode(source, padding):
        state = model.initial_decoder_state(source, padding)
        state = state.next(torch.full((state.batch_size(),), 18, dtype=torch.long))
        return beam_search(state, 3, 17, 5, source.device)

    return decode, [(source, padding)]


def rau_transformer_lm_sampling():
    torch = _seed()
    from rau.generation.sample import sample
    from rau.models.transformer.unidirectional_encoder import get_unidirectional_transformer_encoder

    model = get_unidirectional_transformer_encoder(input_vocabulary_size=20, output_vocabulary_size=20,
                                                   tie_embeddings=True, num_layers=1, d_model=32, num_heads=4,
                                                   feedforward_size=64, dropout=0.0, use_padding=False).eval()

    def generate(prompt):
        state = model.initial_state(batch_size=prompt.size(0))
        return sample(state.fastforward(prompt), 17, 5, prompt.device)

    return generate, [(torch.randint(0, 17, (2, 4)),)]


def rau_lstm_lm_forward():
    torch = _seed()
    from rau.models.rnn.language_model import get_lstm_language_model

    model = get_lstm_language_model(input_vocabulary_size=20, output_vocabulary_size=20, hidden_units=32,
                                    layers=2, dropout=0.1).train()

    def loss(tokens):
        logits = model(tokens[:, :-1], include_first=False)
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())

    return loss, [(torch.randint(0, 20, (2, 9)),)]


# ------------------------------------------------------------------------------------------------------ minimamba
def _mamba_config(**kwargs):
    return dict(d_model=32, n_layer=2, d_state=8, d_conv=4, expand=2, **kwargs)


def minimamba_lm_loss():
    torch = _seed()
    from minimamba import MambaForCausalLM, MambaLMConfig

    model = MambaForCausalLM(MambaLMConfig(vocab_size=64, **_mamba_config())).train()

    def loss(tokens):
        return model(tokens, labels=tokens)["loss"]

    return loss, [(torch.randint(0, 64, (2, 12)),)]


def minimamba_cached_generation():
    torch = _seed()
    from minimamba import MambaForCausalLM, MambaLMConfig

    model = MambaForCausalLM(MambaLMConfig(vocab_size=64, **_mamba_config())).eval()

    def generate(prompt):
        return model.generate(prompt, max_new_tokens=4, top_k=8, top_p=0.9, eos_token_id=63, use_cache=False)

    return generate, [(torch.randint(0, 63, (2, 5)),)]


def minimamba_masked_classification():
    torch = _seed()
    from minimamba import MambaClassificationConfig, MambaForSequenceClassification

    model = MambaForSequenceClassification(MambaClassificationConfig(num_labels=3, pooling_strategy="mean",
                                                                     **_mamba_config())).eval()
    mask = torch.ones(2, 10, dtype=torch.long)
    mask[1, 6:] = 0
    return model, [(torch.randint(0, 64, (2, 10)),)], {"attention_mask": mask, "labels": torch.tensor([0, 2])}


# -------------------------------------------------------------------------------------- infini-transformer-pytorch
def _infini_wrapper():
    from infini_transformer_pytorch import InfiniTransformer, InfiniTransformerWrapper

    model = InfiniTransformer(num_tokens=64, dim=32, depth=2, dim_head=16, heads=2, use_mem_delta_rule=True)
    return InfiniTransformerWrapper(model, segment_length=4, detach_mems_every_num_segments=2)


def infini_segmented_loss():
    torch = _seed()
    wrapper = _infini_wrapper().train()

    def loss(tokens):
        return wrapper(tokens)

    return loss, [(torch.randint(0, 64, (2, 13)),)]


def infini_memory_generation():
    torch = _seed()
    wrapper = _infini_wrapper()

    def generate(prompt):
        return wrapper.generate(seq_len=10, prompt=prompt)

    return generate, [(torch.randint(0, 64, (1, 3)),)]


# -------------------------------------------------------------------------------------------------- mingru-pytorch
def mingru_lm_loss():
    torch = _seed()
    from minGRU_pytorch.minLM import minLM

    model = minLM(num_tokens=64, dim=32, depth=2, enable_conv=True).train()

    def loss(tokens):
        return model(tokens, return_loss=True)

    return loss, [(torch.randint(0, 64, (2, 13)),)]


def minlstm_cached_decoding():
    torch = _seed()
    from minGRU_pytorch.minLM import minLM

    model = minLM(num_tokens=64, dim=32, depth=2, use_lstm=True).eval()

    def decode(prompt):
        logits, hiddens = model(prompt, return_prev_hiddens=True)
        tokens = [logits[:, -1:].argmax(dim=-1)]
        for _ in range(3):
            logits, hiddens = model(tokens[-1], return_prev_hiddens=True, prev_hiddens=hiddens)
            tokens.append(logits[:, -1:].argmax(dim=-1))
        return torch.cat(tokens, dim=1)

    return decode, [(torch.randint(0, 64, (2, 5)),)]


# --------------------------------------------------------------------------------------------- gateloop-transformer
def gateloop_lm_loss():
    torch = _seed()
    from gateloop_transformer import Transformer

    model = Transformer(dim=32, num_tokens=64, depth=2, dim_head=16, heads=2, rotary_emb=True,
                        data_dependent_rel_pos=True, checkpoint_gate_looped_attn=False).train()

    def loss(tokens):
        return model(tokens, return_loss=True)

    return loss, [(torch.randint(0, 64, (2, 16)),)]


def gateloop_full_attention_logits():
    torch = _seed()
    from gateloop_transformer import Transformer

    model = Transformer(dim=32, num_tokens=64, depth=1, dim_head=16, heads=2, use_gate_looped_attn=False,
                        post_ln_norm=True).eval()
    return model, [(torch.randint(0, 64, (2, 16)),)]


# -------------------------------------------------------------------------------------------- perceiver-ar-pytorch
def _perceiver_ar():
    from perceiver_ar_pytorch import PerceiverAR

    return PerceiverAR(num_tokens=64, dim=32, depth=1, max_seq_len=16, cross_attn_seq_len=8, dim_head=64, heads=2)


def perceiver_ar_masked_prefix_loss():
    torch = _seed()
    model = _perceiver_ar().train()
    prefix_mask = torch.ones(2, 8, dtype=torch.bool)
    prefix_mask[1, :3] = False
    tokens = torch.randint(1, 64, (2, 16))
    return model, [(tokens,)], {"prefix_mask": prefix_mask, "labels": tokens}


def perceiver_ar_generation():
    torch = _seed()
    from perceiver_ar_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    wrapper = AutoregressiveWrapper(_perceiver_ar())

    def generate(prompt):
        return wrapper.generate(prompt, 3, eos_token=63)

    return generate, [(torch.randint(1, 63, (2, 10)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("llms-from-scratch==1.0.19", "llms_from_scratch", {
        "gpt2_generation": lfs_gpt2_generation,
        "gpt2_training_forward": lfs_gpt2_training_forward,
        "llama3_cached_stream": lfs_llama3_cached_stream,
        "qwen3_moe_cached_generation": lfs_qwen3_moe_cached_generation,
        "qwen3_batched_cache_generation": lfs_qwen3_batched_cache_generation,
        "qwen3_full_forward": lfs_qwen3_full_forward},
        roots=("llms_from_scratch.ch04:generate_text_simple", "llms_from_scratch.kv_cache.generate:generate_text_simple",
               "llms_from_scratch.kv_cache.generate:generate_text_simple_stream",
               "llms_from_scratch.kv_cache_batched.generate:generate_text_simple"),
        dependencies=("tiktoken==0.14.0",)),
    Package("rau==0.2.0", "rau", {
        "seq2seq_loss": rau_seq2seq_loss,
        "seq2seq_beam_search": rau_seq2seq_beam_search,
        "transformer_lm_sampling": rau_transformer_lm_sampling,
        "lstm_lm_forward": rau_lstm_lm_forward},
        roots=("rau.models.transformer.encoder_decoder:TransformerEncoderDecoder.initial_decoder_state",
               "rau.generation.beam_search:beam_search", "rau.generation.sample:sample",
               "rau.unidirectional.*:*.fastforward"),
        dependencies=("humanfriendly==10.0", "more-itertools==11.2.1")),
    Package("minimamba==1.0.1", "minimamba", {
        "lm_loss": minimamba_lm_loss,
        "cached_generation": minimamba_cached_generation,
        "masked_classification": minimamba_masked_classification},
        roots=("minimamba.models:MambaForCausalLM.generate",)),
    Package("infini-transformer-pytorch==0.2.1", "infini_transformer_pytorch", {
        "segmented_loss": infini_segmented_loss,
        "memory_generation": infini_memory_generation},
        roots=("infini_transformer_pytorch.wrapper:InfiniTransformerWrapper.generate",),
        dependencies=("rotary-embedding-torch==0.9.1", "tqdm==4.70.1")),
    Package("mingru-pytorch==0.2.1", "minGRU_pytorch", {
        "lm_loss": mingru_lm_loss,
        "minlstm_cached_decoding": minlstm_cached_decoding}),
    Package("gateloop-transformer==0.2.5", "gateloop_transformer", {
        "lm_loss": gateloop_lm_loss,
        "full_attention_logits": gateloop_full_attention_logits},
        dependencies=("rotary-embedding-torch==0.9.1",)),
    Package("perceiver-ar-pytorch==0.0.10", "perceiver_ar_pytorch", {
        "masked_prefix_loss": perceiver_ar_masked_prefix_loss,
        "generation": perceiver_ar_generation},
        roots=("perceiver_ar_pytorch.autoregressive_wrapper:AutoregressiveWrapper.generate",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
