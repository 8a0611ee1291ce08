"""Held-out group 45 of the evaluation: language models written in the style of Hugging Face transformers without it
(config objects with flags, output dataclasses carrying key/value caches, attention masks built from sequence lengths,
rotary and ALiBi position codes, decoder-only and encoder-decoder stacks, generation loops with greedy, top-k/top-p
sampling and beam search, stopping conditions), from packages no rule was tuned on, measured before any rule changes
for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout45_targets.py \
        --site benchmarks/eval/.packages-heldout45 --suffix heldout45

curated-transformers (explosion's transformer zoo with HF-compatible configs): Llama (rotary, grouped key/value heads,
RMS norm) and GPT-NeoX (partial rotary, parallel attention) causal LMs over a padded batch, a prefill then one cached
decoding step; Falcon and MPT with ALiBi; a BERT encoder over a mask from lengths; the generator state's step with
end-of-sequence and maximum-length stopping conditions; top-k/top-p/temperature logits transforms with sampling; a
greedy generation loop driving the cached model. transformers-from-scratch (transformer_variants): a decoder-only LM
with a padding mask and an encoder-decoder translation model with source and target masks. tinyllama: a rotary Llama
with a per-head key/value cache, trained and decoded token by token. seq2seq-pytorch: a GRU encoder-decoder with
Luong attention under teacher forcing, greedy search and beam search.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: transformers and everything built on it (openlanguagemodel and optimus-dl require it); texar-pytorch (numpy 2
and torch 1.x data internals, as group 19 found); mistral-inference (xformers kernels); llm-from-scratch (Python 3.12
only). curated-transformers' tokenizers and hub loading (curated-tokenizers, tokenizers, huggingface-hub) are never run:
they are stood in, and models are built from their configs with random weights. tinyllama's package root imports its
hyper-parameter tuner (matplotlib, pandas, pystan, scipy) and a PDF reader: stood in. seq2seq-pytorch imports torchtext,
nltk and jieba for data loading, BLEU and tokenizing, which no target runs: stood in.
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


# ------------------------------------------------------------------------------------------- curated-transformers
_CURATED_STAND_INS = ("huggingface_hub", "huggingface_hub.utils", "curated_tokenizers", "tokenizers")


def _lengths_mask(torch, lengths, width):
    """Left-padded prompts: a boolean mask from the lengths, as a tokenizer's batch encoding gives it."""
    return torch.arange(width).unsqueeze(0) >= (width - torch.tensor(lengths)).unsqueeze(1)


def _prompts(torch, lengths=(6, 4), width=6, vocab=64):
    return torch.randint(1, vocab, (len(lengths), width)), _lengths_mask(torch, lengths, width)


def _curated_model(name):
    torch = _seed()
    targets.stand_in(*_CURATED_STAND_INS)
    from curated_transformers import models

    small = dict(hidden_width=32, n_hidden_layers=2, n_pieces=64, dtype=torch.float32)
    if name == "llama":
        config = models.LlamaConfig(intermediate_width=64, n_query_heads=4, n_key_value_heads=2,
                                    rotary_embedding_fraction=1.0, **small)
        return torch, models.LlamaCausalLM(config).eval()
    if name == "gpt_neox":
        config = models.GPTNeoXConfig(intermediate_width=64, n_attention_heads=4, n_positions=32, **small)
        return torch, models.GPTNeoXCausalLM(config).eval()
    if name == "falcon":
        config = models.FalconConfig(n_query_heads=4, n_key_value_heads=1, use_alibi=True, **small)
        return torch, models.FalconCausalLM(config).eval()
    config = models.MPTConfig(n_attention_heads=4, model_max_length=32, **small)
    return torch, models.MPTCausalLM(config).eval()


def _prefill_and_step(name):
    torch, model = _curated_model(name)
    from curated_transformers.layers import AttentionMask

    def prefill_and_step(ids, mask):
        attention_mask = AttentionMask(mask)
        positions = mask.int().cumsum(-1) - 1
        out = model(ids, attention_mask, store_cache=True, positions=positions)
        next_ids = out.logits[:, -1:].argmax(-1)
        attention_mask = attention_mask.extend_length(count=1, fill_value=True)
        step = model(next_ids, attention_mask, cache=out.cache, store_cache=True,
                     positions=positions.max(-1, keepdim=True).values + 1)
        return step.logits, next_ids

    return prefill_and_step, [_prompts(torch)]


def curated_llama_cached_step():
    return _prefill_and_step("llama")


def curated_gpt_neox_cached_step():
    return _prefill_and_step("gpt_neox")


def curated_falcon_alibi():
    return _prefill_and_step("falcon")


def curated_mpt_alibi():
    return _prefill_and_step("mpt")


def curated_bert_encoder():
    torch = _seed()
    targets.stand_in(*_CURATED_STAND_INS)
    from curated_transformers.layers import AttentionMask
    from curated_transformers.models import BERTConfig, BERTEncoder

    config = BERTConfig(embedding_width=32, hidden_width=32, intermediate_width=64, n_attention_heads=4,
                        n_hidden_layers=2, n_pieces=64, n_positions=32)
    encoder = BERTEncoder(config).eval()

    def encode(ids, lengths):
        mask = torch.arange(ids.shape[1]).unsqueeze(0) < lengths.unsqueeze(1)
        return encoder(ids, AttentionMask(mask)).last_hidden_layer_state

    return encode, [(torch.randint(1, 64, (2, 7)), torch.tensor([7, 4]))]


def curated_sample_logits():
    torch = _seed()
    targets.stand_in(*_CURATED_STAND_INS)
    from curated_transformers.generation import SampleGeneratorConfig

    transform = SampleGeneratorConfig(temperature=0.7, top_k=8, top_p=0.9).logits_transform()

    def sample(logits):
        logits = transform(logits, inplace=False)
        return torch.distributions.Categorical(logits=logits).sample()

    return sample, [(torch.randn(2, 1, 64),)]


def curated_generator_step():
    torch = _seed()
    targets.stand_in(*_CURATED_STAND_INS)
    from curated_transformers.generation import GreedyGeneratorConfig
    from curated_transformers.generation.state import GeneratorState
    from curated_transformers.layers import AttentionMask

    stop_condition = GreedyGeneratorConfig(eos_id=3, max_generated_pieces=4).stop_condition()
    ids, mask = _prompts(torch)

    def step(predicted):
        state = GeneratorState(attention_mask=AttentionMask(mask), cache=None, prompt_ids=ids)
        seq_ids, last = state.step(cache=None, predicted_ids=predicted, stop_condition=stop_condition)
        return seq_ids, last, state.generated_ids

    return step, [(torch.tensor([[3], [5]]),)]


def curated_greedy_generate():
    torch, model = _curated_model("llama")
    from curated_transformers.generation import GreedyGeneratorConfig
    from curated_transformers.generation.generator import Generator
    from curated_transformers.layers import AttentionMask

    generator = Generator(model)  # the piece-id generator under the tokenizer wrappers
    config = GreedyGeneratorConfig(eos_id=3, max_generated_pieces=3)

    def generate(ids, mask):
        return [piece for _, piece in generator(attention_mask=AttentionMask(mask), ids=ids, config=config)]

    return generate, [_prompts(torch)]


# ------------------------------------------------------------------------------------- transformers-from-scratch
def tfs_decoder_only_lm():
    torch = _seed()
    from transformer_variants import DecoderOnlyTransformer

    model = DecoderOnlyTransformer(vocab_size=50, max_seq_len=16, d_model=32, d_ff=64, n_heads=4, n_blocks=2).eval()

    def lm(ids, lengths):
        pad_mask = (torch.arange(ids.shape[1]).unsqueeze(0) >= lengths.unsqueeze(1)).unsqueeze(1)  # True = padding
        return model(ids, pad_mask)

    return lm, [(torch.randint(0, 50, (2, 8)), torch.tensor([8, 5]))]


def tfs_encoder_decoder_train():
    torch = _seed()
    from transformer_variants import EncoderDecoderTransformer

    model = EncoderDecoderTransformer(vocab_size=50, max_seq_len=16, d_model=32, d_ff=64, n_heads=4,
                                      n_blocks_encoder=2, n_blocks_decoder=2).train()

    def step(src, src_lengths, tgt):
        src_mask = (torch.arange(src.shape[1]).unsqueeze(0) >= src_lengths.unsqueeze(1)).unsqueeze(1)
        width = tgt.shape[1] - 1
        tgt_mask = torch.ones(width, width, dtype=torch.bool).triu(1).unsqueeze(0)
        logits = model(src, tgt[:, :-1], src_mask, tgt_mask)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), tgt[:, 1:].reshape(-1))
        loss.backward()
        return loss

    return step, [(torch.randint(0, 50, (2, 7)), torch.tensor([7, 4]), torch.randint(0, 50, (2, 6)))]


# ------------------------------------------------------------------------------------------------------ tinyllama
_TINYLLAMA_STAND_INS = ("matplotlib", "matplotlib.pyplot", "pandas", "stan", "stan.fit", "scipy", "scipy.interpolate",
                        "scipy.stats", "PyPDF2")


def _tinyllama(torch):
    targets.stand_in(*_TINYLLAMA_STAND_INS)
    from tinyllama.models import Llama

    return Llama(context_window=8, emb_dim=16, n_heads=2, n_blocks=2, gq_ratio=2, vocab_size=30)


def tinyllama_train_step():
    torch = _seed()
    model = _tinyllama(torch).train()

    def step(ids, labels):
        _, loss = model(ids, labels)
        loss.backward()
        return loss

    return step, [(torch.randint(0, 30, (2, 8)), torch.randint(0, 30, (2, 8)))]


def tinyllama_cached_decode():
    torch = _seed()
    model = _tinyllama(torch).eval()

    def decode(prompt):
        model.clear_kv_cache()
        logits = model(prompt, kv_cache=True)
        tokens = []
        for _ in range(3):
            next_token = logits[:, -1, :].argmax(-1, keepdim=True)
            tokens.append(next_token)
            logits = model(next_token, kv_cache=True)
        return torch.cat(tokens, dim=1)

    return decode, [(torch.randint(0, 30, (1, 4)),)]


# ------------------------------------------------------------------------------------------------ seq2seq-pytorch
_SEQ2SEQ_STAND_INS = ("torchtext", "torchtext.data", "nltk", "nltk.translate", "nltk.translate.bleu_score", "jieba")


def _seq2seq(torch):
    """The model without its vocabulary files: Seq2Seq.__init__ loads them, so the attributes it reads are set."""
    import types

    targets.stand_in(*_SEQ2SEQ_STAND_INS)
    from seq2seq.model import Seq2Seq

    model = Seq2Seq.__new__(Seq2Seq)
    torch.nn.Module.__init__(model)
    model.__dict__.update(device="cpu", embed_size=16, hidden_size=16, encoder_num_layers=2, decoder_num_layers=1,
                          encoder_dropout=0.1, decoder_dropout=0.1, attention="luong", attention_method="dot",
                          input_size=40, output_size=30)
    model.tokenizer4src = types.SimpleNamespace(pad_id=1)
    model.tokenizer4tgt = types.SimpleNamespace(pad_id=1, sos_id=2, eos_id=3)
    model.build()
    return model


def seq2seq_teacher_forcing():
    torch = _seed()
    model = _seq2seq(torch).train()

    def step(src, tgt):
        outputs = model(src, tgt, teacher_forcing_ratio=1.0)
        loss = torch.nn.functional.nll_loss(outputs[1:].reshape(-1, outputs.shape[-1]), tgt[1:].reshape(-1))
        loss.backward()
        return loss

    return step, [(torch.randint(4, 40, (6, 2)), torch.randint(4, 30, (5, 2)))]


def seq2seq_greedy_search():
    torch = _seed()
    model = _seq2seq(torch)

    def search(src):
        return model.greedy_search(src, max_len=4)

    return search, [(torch.randint(4, 40, (6, 1)),)]


def seq2seq_beam_search():
    torch = _seed()
    model = _seq2seq(torch)

    def search(src):
        return model.beam_search(src, max_len=4, beam_size=3, sample_bias=0)

    return search, [(torch.randint(4, 40, (6, 1)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("curated-transformers==2.0.1", "curated_transformers", {
        "llama_cached_step": curated_llama_cached_step,
        "gpt_neox_cached_step": curated_gpt_neox_cached_step,
        "falcon_alibi": curated_falcon_alibi,
        "mpt_alibi": curated_mpt_alibi,
        "bert_encoder": curated_bert_encoder,
        "sample_logits": curated_sample_logits,
        "generator_step": curated_generator_step,
        "greedy_generate": curated_greedy_generate},
        roots=("curated_transformers.generation.state:GeneratorState.*",
               "curated_transformers.generation.logits:*.__call__",
               "curated_transformers.generation.generator:Generator.*",
               "curated_transformers.layers.attention:AttentionMask.*"),
        dependencies=("catalogue==2.0.10",)),
    Package("transformers-from-scratch==0.1.2", "transformer_variants", {
        "decoder_only_lm": tfs_decoder_only_lm,
        "encoder_decoder_train": tfs_encoder_decoder_train}),
    Package("tinyllama==0.0.2b0", "tinyllama", {
        "train_step": tinyllama_train_step,
        "cached_decode": tinyllama_cached_decode},
        roots=("tinyllama.models.llama:Llama.clear_kv_cache",),
        dependencies=("tqdm==4.67.1",)),
    Package("seq2seq-pytorch==0.1.2", "seq2seq", {
        "teacher_forcing": seq2seq_teacher_forcing,
        "greedy_search": seq2seq_greedy_search,
        "beam_search": seq2seq_beam_search},
        roots=("seq2seq.model:Seq2Seq.greedy_search", "seq2seq.model:Seq2Seq.beam_search")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
