"""Held-out group 38 of the evaluation: pretrained-language-model code in the style of a model hub (config objects
read from a config file, encoders with padding masks, decoders with rotary or ALiBi positions and grouped-query
attention, key/value caches carried as past_key_values lists, prefill and single-token decode steps, gradient
checkpointing, mixture-of-experts feed-forwards, sampling `generate` loops), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout38_targets.py \
        --site benchmarks/eval/.packages-heldout38 --suffix heldout38

bert4torch: models built by `build_transformer_model` from a `bert4torch_config.json`: BERT with an MLM head on a
padded batch, GPT-2, LLaMA with grouped-query attention and rotary positions (forward, training with gradient
checkpointing, a cached prefill, a single-token decode step on the cache, and `generate` with top-k sampling),
BLOOM with ALiBi, Falcon, ChatGLM2, RoFormer, BART as an encoder-decoder and the Qwen3 mixture-of-experts decoder (bert4torch). CoLT5's
conditionally routed attention and feed-forward: a routed transformer block and the autoregressive routed attention
with its coordinate-descent router (colt5_attention). Toolformer's PaLM (parallel attention/feed-forward with rotary
positions) and its `sample` loop (toolformer_pytorch). The Compressive Transformer: a segment attending to carried
memories and compressed memories, and its wrapper's top-k `generate` loop (compressive_transformer_pytorch). The
Feedback Transformer: one pass over a sequence with a memory carried from the previous one
(feedback_transformer_pytorch).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: transformers and every package built on it (ai2-olmo requires transformers; palm-rlhf-pytorch and other
accelerate-based zoos); texar-pytorch needs torch 1.x data internals; mistral-inference needs xformers;
memorizing-transformers-pytorch needs faiss. bert4torch's tokenizer, image and hub paths are not run: tokenizers,
huggingface-hub and torchvision are installed only so that its package imports (torchvision made importable as in
held-out group 14); httpx is stood in. Its 0.6.2 sdist imports `bert4torch.models.__pycache__`, which exists only
when pip compiles: an empty module stands in for it.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package, stand_in

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------------- bert4torch
def _bert4torch(name, **config):
    import json
    import os
    import sys
    import tempfile
    import types

    torch = _seed()
    _torchvision()
    stand_in("httpx")
    sys.modules.setdefault("bert4torch.models.__pycache__", types.ModuleType("bert4torch.models.__pycache__"))
    from bert4torch.models import build_transformer_model

    config = {"vocab_size": 100, "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
              "intermediate_size": 64, "hidden_act": "silu", "max_position_embeddings": 64, "segment_vocab_size": 0,
              "hidden_dropout_prob": 0.0, "attention_probs_dropout_prob": 0.0, **config}
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "bert4torch_config.json")
    with open(path, "w") as handle:
        json.dump(config, handle)
    return torch, build_transformer_model(config_path=path, model=name, verbose=0)


def _padded(torch, batch=2, length=8):
    ids = torch.randint(1, 100, (batch, length))
    ids[1, length - 2:] = 0
    return ids


def bert4torch_bert_mlm_padded():
    torch, model = _bert4torch("bert", hidden_act="gelu", with_mlm=True)
    return model.eval(), [(_padded(torch),)]


def bert4torch_gpt2():
    torch, model = _bert4torch("gpt2", hidden_act="gelu")
    return model.eval(), [(_padded(torch),)]


def bert4torch_llama_gqa():
    torch, model = _bert4torch("llama", num_key_value_heads=2)
    return model.eval(), [(_padded(torch),)]


def bert4torch_llama_gradient_checkpointing():
    torch, model = _bert4torch("llama", num_key_value_heads=2, gradient_checkpoint=True)
    return model.train(), [(torch.randint(1, 100, (2, 8)),)]


def bert4torch_llama_prefill():
    torch, model = _bert4torch("llama", num_key_value_heads=2)
    model.eval()

    def prefill(ids):
        logits, states = model.predict([ids], use_states=True)
        return logits, states["past_key_values"]

    return prefill, [(torch.randint(1, 100, (2, 8)),)]


def bert4torch_llama_decode_step():
    torch, model = _bert4torch("llama", num_key_value_heads=2)
    model.eval()
    ids = torch.randint(1, 100, (2, 8))
    _, states = model.predict([ids], use_states=True)
    past, positions = states["past_key_values"], states["position_ids"][:, -1:]

    def decode_step(token, position):
        logits, states = model.predict([token], use_states=True, past_key_values=past, position_ids=position)
        return logits[:, -1], states["past_key_values"]

    return decode_step, [(ids[:, -1:], positions + 1)]


def bert4torch_llama_generate_topk():
    torch, model = _bert4torch("llama", num_key_value_heads=2)
    model.eval()

    def generate(ids):
        return model.generate(ids, max_new_tokens=3, topk=5, include_input=False)

    return generate, [(torch.randint(1, 100, (1, 6)),)]


def bert4torch_bart_encoder_decoder():
    torch, model = _bert4torch("bart", hidden_act="gelu")
    model.eval()

    def seq2seq(source, target):
        return model([[source], [target]])

    return seq2seq, [(_padded(torch), torch.randint(1, 100, (2, 6)))]


def bert4torch_bloom_alibi():
    torch, model = _bert4torch("bloom", hidden_act="gelu")
    return model.eval(), [(_padded(torch),)]


def bert4torch_falcon():
    torch, model = _bert4torch("falcon", hidden_act="gelu")
    return model.eval(), [(_padded(torch),)]


def bert4torch_chatglm2():
    torch, model = _bert4torch("glm2")
    return model.eval(), [(_padded(torch),)]


def bert4torch_roformer():
    torch, model = _bert4torch("roformer", hidden_act="gelu")
    return model.eval(), [(_padded(torch),)]


def bert4torch_qwen3_moe():
    torch, model = _bert4torch("qwen3_moe", num_key_value_heads=2, head_dim=8, num_experts=4,
                               num_experts_per_tok=2, moe_intermediate_size=16, mlp_only_layers=[],
                               decoder_sparse_step=1, norm_topk_prob=True)
    return model.eval(), [(torch.randint(1, 100, (2, 8)),)]


# ---------------------------------------------------------------------------------------------------------- colt5
def colt5_routed_transformer_block():
    torch = _seed()
    from colt5_attention import ConditionalRoutedTransformerBlock

    block = ConditionalRoutedTransformerBlock(32, num_heavy_attn_tokens_q=8, num_heavy_attn_tokens_kv=8,
                                              num_heavy_ff_tokens=8, light_dim_head=8, light_heads=2,
                                              light_window_size=4, heavy_dim_head=8, heavy_heads=2)
    return block.eval(), [(torch.randn(2, 16, 32),)]


def colt5_autoregressive_routed_attention():
    torch = _seed()
    from colt5_attention import ConditionalRoutedAutoregressiveAttention

    attention = ConditionalRoutedAutoregressiveAttention(32, num_heavy_tokens_q=4, num_heavy_tokens_kv=4,
                                                         light_dim_head=8, light_heads=2, light_window_size=4,
                                                         heavy_window_size=8, heavy_dim_head=8, heavy_heads=2)
    return attention.eval(), [(torch.randn(2, 16, 32),)]


# ---------------------------------------------------------------------------------------------------------- toolformer
def _palm():
    torch = _seed()
    _torchvision()  # x-clip's tokenizer module imports torchvision
    from toolformer_pytorch import PaLM

    return torch, PaLM(dim=32, depth=2, num_tokens=100, dim_head=8, heads=4).eval()


def toolformer_palm():
    torch, model = _palm()
    return model, [(torch.randint(1, 100, (2, 8)),)]


def toolformer_sample_loop():
    torch, model = _palm()
    from toolformer_pytorch.toolformer_pytorch import sample

    def generate(prime):
        return sample(model, seq_len=4, prime=prime, temperature=0.)

    return generate, [(torch.randint(1, 100, (2, 3)),)]


# ---------------------------------------------------------------------------------------------------------- compressive
def _compressive():
    torch = _seed()
    from compressive_transformer_pytorch import CompressiveTransformer

    model = CompressiveTransformer(num_tokens=100, dim=32, seq_len=8, depth=2, heads=4, mem_len=8, cmem_len=2,
                                   cmem_ratio=4).eval()
    return torch, model


def compressive_segment_with_memories():
    torch, model = _compressive()
    first = torch.randint(0, 100, (2, 8))
    _, memories, _ = model(first)

    def segment(tokens):
        return model(tokens, memories=memories)

    return segment, [(torch.randint(0, 100, (2, 8)),)]


def compressive_generate():
    torch, model = _compressive()
    from compressive_transformer_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    wrapper = AutoregressiveWrapper(model)

    def generate(start):
        return wrapper.generate(start, 4)

    return generate, [(torch.randint(0, 100, (1, 4)),)]


# ---------------------------------------------------------------------------------------------------------- feedback
def feedback_with_memory():
    torch = _seed()
    from feedback_transformer_pytorch import FeedbackTransformer

    model = FeedbackTransformer(num_tokens=100, dim=32, depth=2, mem_len=4, seq_len=2, heads=4, dim_head=8).eval()
    tokens = torch.randint(0, 100, (2, 8))
    _, memory = model(tokens, return_memory=True)

    def step(tokens):
        return model(tokens, memory=memory, return_memory=True)

    return step, [(tokens,)]


PACKAGES: Tuple[Package, ...] = (
    Package("bert4torch==0.6.2", "bert4torch", {
        "bert_mlm_padded": bert4torch_bert_mlm_padded,
        "gpt2": bert4torch_gpt2,
        "llama_gqa": bert4torch_llama_gqa,
        "llama_gradient_checkpointing": bert4torch_llama_gradient_checkpointing,
        "llama_prefill": bert4torch_llama_prefill,
        "llama_decode_step": bert4torch_llama_decode_step,
        "llama_generate_topk": bert4torch_llama_generate_topk,
        "bart_encoder_decoder": bert4torch_bart_encoder_decoder,
        "bloom_alibi": bert4torch_bloom_alibi,
        "falcon": bert4torch_falcon,
        "chatglm2": bert4torch_chatglm2,
        "roformer": bert4torch_roformer,
        "qwen3_moe": bert4torch_qwen3_moe},
        roots=("bert4torch.models.base.pretrained_model:PreTrainedModel.predict",
               "bert4torch.models.base.modeling_transformer:*.generate"),
        dependencies=("torch4keras==0.3.4", "tqdm==4.67.1", "six==1.17.0", "pillow==11.3.0", "packaging==25.0",
                      "tokenizers==0.23.3", "huggingface-hub==0.36.0", "torchvision==0.28.0")),
    Package("colt5-attention==0.11.2", "colt5_attention", {
        "routed_transformer_block": colt5_routed_transformer_block,
        "autoregressive_routed_attention": colt5_autoregressive_routed_attention},
        dependencies=("local-attention==1.11.2", "hyper-connections==0.4.11", "torch-einops-utils==0.2.0")),
    Package("toolformer-pytorch==0.0.30", "toolformer_pytorch", {
        "palm": toolformer_palm,
        "sample_loop": toolformer_sample_loop},
        roots=("toolformer_pytorch.toolformer_pytorch:sample",),
        dependencies=("x-clip==0.14.4", "ftfy==6.3.1", "wcwidth==0.2.13", "beartype==0.23.1")),
    Package("compressive-transformer-pytorch==0.4.0", "compressive_transformer_pytorch", {
        "segment_with_memories": compressive_segment_with_memories,
        "generate": compressive_generate},
        roots=("compressive_transformer_pytorch.autoregressive_wrapper:AutoregressiveWrapper.generate",),
        dependencies=("mogrifier==0.0.5",)),
    Package("feedback-transformer-pytorch==0.0.11", "feedback_transformer_pytorch", {
        "with_memory": feedback_with_memory}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
