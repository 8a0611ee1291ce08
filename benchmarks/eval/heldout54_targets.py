"""Held-out group 54 of the evaluation: decoder-only language models written in the style of Hugging Face transformers
without it (config dataclasses and presets, grouped-query and latent attention with key/value caches, rotary and
learned position codes, sliding windows, mixture-of-experts and mixture-of-depths routing, sampling loops with top-k,
nucleus and end-of-sequence stopping, prints on configuration flags), from packages no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout54_targets.py \
        --site benchmarks/eval/.packages-heldout54 --suffix heldout54 --jobs 1

pylmt (lmt, a zoo of LLM architectures built from registries of blocks): GPT (learned positions, multi-head
attention), LLaMA (rotary, grouped key/value heads, RMS norm) prefilled then decoded token by token through per-layer
KVCache objects, Mixtral (top-k routed SwiGLU experts over a sliding window) as a training step with its auxiliary
load-balancing loss, DeepSeek-V2 (multi-head latent attention, shared and routed experts), Mamba's selective scan, a
mixture-of-depths block, multi-token prediction heads, the package's sampling loop with top-k and an end-of-sequence
id, and its sample printer (generation, decoding through a character tokenizer, print). lairgpt (LightOn's PAGnol
inference code): the GPT decoder under an autoregressive mask, the greedy, top-k and nucleus decoders of its text
generator, and its batch-shrinking decoding step (examples that ended removed, padding scattered with the
predictions), and its whole infer loop over a character tokenizer. microgpt (a nanoGPT derivative): a training step,
and generation with top-k sampling. jam-gpt (a character-level GPT configured through module globals): the GPT
language model's training step, its generation loop with a one-token end-of-sequence tensor (its truth test fails on a
longer one), and the trainer's loss estimate (batches sliced at random offsets, losses stored by .item()).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: gpt-simple-lm and kydon-gpt (they require transformers); gpt-oss (no release for this Python). pylmt's
training and tokenizer modules import pandas, matplotlib and tiktoken for code no target runs (stood in). lairgpt's
text generator imports tokenizers, and its asset loader wget, for tokenizing and downloading snapshots no target runs:
stood in, and the generator is made without its tokenizer (the attributes its decoding reads are set).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up stood-in packages' specs on import

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------------ pylmt
_LMT_STAND_INS = ("pandas", "matplotlib", "matplotlib.pyplot", "tiktoken")


def _lmt_config(torch, **overrides):
    targets.stand_in(*_LMT_STAND_INS)
    from lmt.models.config import ModelConfig

    small = dict(context_length=16, vocab_size=48, num_layers=2, num_heads=4, embed_dim=32, dropout=0.0)
    return ModelConfig(**{**small, **overrides})


def _tokens(torch, batch=2, length=8, vocab=48):
    return torch.randint(0, vocab, (batch, length))


def lmt_gpt_forward():
    torch = _seed()
    config = _lmt_config(torch)
    from lmt.models.gpt import GPT

    model = GPT(config).eval()
    return model, [(_tokens(torch),)]


def lmt_llama_cached_decode():
    torch = _seed()
    config = _lmt_config(torch, num_kv_heads=2)
    from lmt.layers.attention import KVCache
    from lmt.models.llama import LLaMA

    model = LLaMA(config).eval()

    def decode(prompt):
        for block in model.blocks:
            block.attn.kv_cache = KVCache(max_seq_len=config.context_length)
        logits = model(prompt)
        tokens = []
        for _ in range(3):
            next_token = logits[:, -1].argmax(-1, keepdim=True)
            tokens.append(next_token)
            logits = model(next_token)
        return torch.cat(tokens, dim=1)

    return decode, [(_tokens(torch, batch=1, length=4),)]


def lmt_mixtral_train_step():
    torch = _seed()
    config = _lmt_config(torch, num_kv_heads=2, window_size=4)
    from lmt.models.mixtral import Mixtral

    model = Mixtral(config, num_experts=4, top_k=2).train()

    def step(ids, labels):
        logits = model(ids)
        loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), labels.flatten()) + 0.01 * model.aux_loss
        loss.backward()
        return loss

    return step, [(_tokens(torch), _tokens(torch))]


def lmt_deepseek_mla():
    torch = _seed()
    config = _lmt_config(torch)
    from lmt.models.deepseek import DeepSeekV2

    model = DeepSeekV2(config, kv_compress_dim=16, q_compress_dim=16, rope_dim=4, num_experts=4, top_k=2,
                       num_shared_experts=1, num_dense_layers=1).eval()
    return model, [(_tokens(torch),)]


def lmt_mamba():
    torch = _seed()
    config = _lmt_config(torch)
    from lmt.models.mamba import Mamba

    model = Mamba(config, d_state=4, expand=2, d_conv=3).eval()
    return model, [(_tokens(torch),)]


def lmt_mixture_of_depths():
    torch = _seed()
    config = _lmt_config(torch)
    from lmt.layers.blocks.configurable_block import BlockConfig
    from lmt.layers.blocks.mixture_of_depths import MoDBlock

    block = MoDBlock(config, BlockConfig(attention="mha", ffn="default", norm="layernorm"), capacity=0.5).eval()
    return block, [(torch.randn(2, 8, 32),)]


def lmt_multi_token_prediction():
    torch = _seed()
    config = _lmt_config(torch)
    from lmt.models.llama import LLaMA
    from lmt.models.multi_token_prediction import MultiTokenPredictionHead

    model = MultiTokenPredictionHead(LLaMA(config), num_heads=2).train()

    def step(ids, labels):
        loss = model.compute_loss(model(ids, labels), labels)
        loss.backward()
        return loss

    return step, [(_tokens(torch), _tokens(torch))]


def lmt_generate():
    torch = _seed()
    config = _lmt_config(torch)
    from lmt.generate import generate
    from lmt.models.gpt import GPT

    model = GPT(config).eval()

    def sample(prompt):
        return generate(model, prompt, max_new_tokens=3, context_size=config.context_length, temperature=0.8,
                        top_k=5, eos_id=0)

    return sample, [(_tokens(torch, batch=1, length=4),)]


def lmt_print_sample():
    torch = _seed()
    config = _lmt_config(torch, vocab_size=27)
    from lmt.generate import generate_and_print_sample
    from lmt.models.gpt import GPT
    from lmt.tokenizer import CharTokenizer

    model = GPT(config)
    tokenizer = CharTokenizer.from_text("abcdefghijklmnopqrstuvwxyz ")

    def sample(start_context):
        generate_and_print_sample(model, tokenizer, torch.device("cpu"), start_context)
        return model.out_head.weight.sum()

    return sample, [("hello",)]


# ---------------------------------------------------------------------------------------------------------- lairgpt
_LAIR_STAND_INS = ("tokenizers", "wget")
_LAIR_CONFIG = dict(vocab_size=40, d_model=32, n_heads=4, n_layers=2, max_seq_len=16, dropout=0.0)


def _lair_model(torch):
    targets.stand_in(*_LAIR_STAND_INS)
    from lairgpt.gpt_model import LairGPT

    return LairGPT(**_LAIR_CONFIG).eval()


def _lair_generator(torch):
    """The generator without its tokenizer: __init__ pads through it, so the attributes decoding reads are set."""
    model = _lair_model(torch)
    from lairgpt.text_generator import TextGenerator

    generator = TextGenerator.__new__(TextGenerator)
    generator.__dict__.update(device=torch.device("cpu"), model=model, vocab_size=40, eos_ids=3, pad_ids=0,
                              max_seq_len=16, max_decoding_steps=3, temperature=0.8, k=5, p=0.9)
    generator.decode = {"greedy": generator.greedy_decoding, "topk": generator.topk_decoding,
                        "nucleus": generator.nucleus_decoding}
    return generator


class _CharTokenizer:
    """The two methods TextGenerator.infer calls on its tokenizer, over characters, right-padded with id 0."""

    def encode_batch(self, texts):
        import types

        width = max(len(text) for text in texts)
        return [types.SimpleNamespace(ids=[4 + ord(c) % 36 for c in text] + [0] * (width - len(text)))
                for text in texts]

    def decode(self, ids):
        return "".join(chr(97 + i % 26) for i in ids)


def lair_infer():
    torch = _seed()
    generator = _lair_generator(torch)
    generator.tokenizer = _CharTokenizer()

    def infer(texts):
        return generator.infer(texts, mode="topk", k=5, max_decoding_steps=3)

    return infer, [(["bonjour", "le monde"],)]


def lair_decoder():
    torch = _seed()
    model = _lair_model(torch)
    from lairgpt.utils.mask import get_autoregressive_mask

    def forward(ids):
        return model(ids, attn_mask=get_autoregressive_mask(ids.size(1)))

    return forward, [(torch.randint(4, 40, (2, 7)),)]


def lair_sampling():
    torch = _seed()
    generator = _lair_generator(torch)

    def decode(logits):
        return (generator.greedy_decoding(logits), generator.topk_decoding(logits.clone()),
                generator.nucleus_decoding(logits.clone()))

    return decode, [(torch.randn(2, 40),)]


def lair_decoding_step():
    torch = _seed()
    generator = _lair_generator(torch)
    from lairgpt.utils.mask import get_autoregressive_mask

    def step(input_ids):
        """One step of TextGenerator.infer past tokenizing: predict, drop the examples that ended, write the rest."""
        targets_ = generator._get_targets(input_ids)
        logits = generator.model(input_ids, attn_mask=get_autoregressive_mask(input_ids.size(1)))
        targeted_logits = torch.vstack([t[idx, :] for t, idx in zip(logits, targets_)])
        pred_ids = generator.topk_decoding(targeted_logits)
        ended = generator._get_ended_examples(pred_ids)
        mapping = generator._update_mapping({i: i for i in range(input_ids.size(0))}, ended)
        input_ids, pred_ids, targets_ = input_ids[~ended, :], pred_ids[~ended], targets_[~ended] + 1
        padding = torch.tensor([generator.pad_ids] * input_ids.size(0)).view(-1, 1)
        input_ids = torch.cat([input_ids, padding], dim=1).scatter_(1, targets_.view(-1, 1), pred_ids.view(-1, 1))
        return input_ids, mapping

    ids = torch.randint(4, 40, (3, 6))
    ids[1, 4:] = 0  # right padding, as the tokenizer's batch encoding gives it
    return step, [(ids,)]


# --------------------------------------------------------------------------------------------------------- microgpt
def _microgpt(torch):
    from microgpt.model import MicroGPT, MicroGPTConfig

    config = MicroGPTConfig()
    config.__dict__.update(block_size=16, vocab_size=40, n_layer=2, n_head=4, n_embd=32, dropout=0.0)
    return MicroGPT(config)


def microgpt_train_step():
    torch = _seed()
    model = _microgpt(torch).train()

    def step(ids, labels):
        _, loss = model(ids, labels)
        loss.backward()
        return loss

    return step, [(torch.randint(0, 40, (2, 8)), torch.randint(0, 40, (2, 8)))]


def microgpt_generate():
    torch = _seed()
    model = _microgpt(torch).eval()

    def generate(prompt):
        return model.generate(prompt, max_new_tokens=3, temperature=0.8, top_k=5)

    return generate, [(torch.randint(0, 40, (1, 4)),)]


# ---------------------------------------------------------------------------------------------------------- jam-gpt
def _jam_gpt(torch):
    """The hyper-parameters are module globals of jam_gpt.config that each model reads when it is made."""
    from jam_gpt import config, lm

    config.__dict__.update(vocab_size=40, block_size=16, n_embd=32, n_head=4, n_layer=2, dropout=0.0, device="cpu")
    return lm.GPTLM()


def jam_train_step():
    torch = _seed()
    model = _jam_gpt(torch).train()

    def step(ids, labels):
        _, loss = model(ids, labels)
        loss.backward()
        return loss

    return step, [(torch.randint(0, 40, (2, 8)), torch.randint(0, 40, (2, 8)))]


def jam_generate():
    torch = _seed()
    model = _jam_gpt(torch).eval()

    def generate(prompt):
        return model.generate(prompt, max_new_tokens=3, eos_token=torch.tensor([[0]]))

    return generate, [(torch.randint(2, 40, (1, 4)),)]


def jam_estimate_loss():
    torch = _seed()
    _jam_gpt(torch)
    from jam_gpt import config
    from jam_gpt.model import Model

    config.__dict__.update(batch_size=2, eval_iters=2)
    model = Model()
    model.set_model(_jam_gpt(torch))

    def evaluate(train, val):
        model.set_data([train, val])
        return model.estimate_loss()

    return evaluate, [(torch.randint(0, 40, (64,)), torch.randint(0, 40, (32,)))]


PACKAGES: Tuple[Package, ...] = (
    Package("pylmt==0.7.0", "lmt", {
        "gpt_forward": lmt_gpt_forward,
        "llama_cached_decode": lmt_llama_cached_decode,
        "mixtral_train_step": lmt_mixtral_train_step,
        "deepseek_mla": lmt_deepseek_mla,
        "mamba": lmt_mamba,
        "mixture_of_depths": lmt_mixture_of_depths,
        "multi_token_prediction": lmt_multi_token_prediction,
        "generate": lmt_generate,
        "print_sample": lmt_print_sample},
        roots=("lmt.generate:generate", "lmt.generate:generate_and_print_sample",
               "lmt.models.multi_token_prediction:MultiTokenPredictionHead.compute_loss")),
    Package("lairgpt==0.5.2", "lairgpt", {
        "decoder": lair_decoder,
        "sampling": lair_sampling,
        "decoding_step": lair_decoding_step,
        "infer": lair_infer},
        roots=("lairgpt.text_generator:TextGenerator.infer", "lairgpt.text_generator:TextGenerator.*_decoding",
               "lairgpt.text_generator:TextGenerator._get_*", "lairgpt.text_generator:TextGenerator._update_mapping",
               "lairgpt.utils.mask:*")),
    Package("microgpt==0.0.2", "microgpt", {
        "train_step": microgpt_train_step,
        "generate": microgpt_generate},
        roots=("microgpt.model:MicroGPT.generate",)),
    Package("jam-gpt==0.0.4", "jam_gpt", {
        "train_step": jam_train_step,
        "generate": jam_generate,
        "estimate_loss": jam_estimate_loss},
        roots=("jam_gpt.lm:*.generate", "jam_gpt.model:Model.estimate_loss")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
