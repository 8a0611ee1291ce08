"""Held-out group 30 of the evaluation: encoder and encoder-decoder models in the style of a model hub (config
objects filled from dicts, BERT/RoBERTa-like encoders with attention masks built from padding tokens, DeBERTa's
disentangled attention with bucketed relative positions, output dataclasses and `output_attentions` /
`return_attn_weights` / output-all-layers switches, speech encoders with padding masks built from relative lengths,
relative-position-bucket attention biases, Transformer and Conformer seq2seq models with their greedy and beam
decoders), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout30_targets.py \
        --site benchmarks/eval/.packages-heldout30 --suffix heldout30

Microsoft's DeBERTa: a `ModelConfig` built from a dict, the encoder with relative attention over log-bucketed
positions (c2p and p2c), a convolution layer, all-layer outputs and attention matrices on request, and the
sequence-classification app with its loss over labelled rows (DeBERTa). AbLang 2 and AbLang 1 (one package): antibody
language models, ESM-2 and BERT style, with padding masks from the pad token, an output dataclass and attention
weights / hidden-state switches (ablang2). BERT-pytorch: the masked-LM and next-sentence BERT with its padding mask
(bert-pytorch). SpeechBrain: the Transformer and Conformer (relative-position XL attention) ASR models with source
masks from relative lengths and causal target masks, their greedy and beam-search decoders, and BEATs' audio
encoder with relative-position buckets and a gated bias (speechbrain). OpenNMT-py's Transformer seq2seq: T5-style
relative-position buckets or Shaw relative positions, source padding masks from lengths, alignment heads, and
stepwise decoding with per-layer key/value caches (scaled-dot and average attention) (onmt).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: transformers and every package built on it; cn-clip (requires timm); bert4torch (its multimodal models
are copies of transformers' modeling files, so it is not held out from that library); perceiver-io (its text extra
requires transformers, and it pins torch 1.12); electra-pytorch (requires transformers). DeBERTa's tokenizers and SpeechBrain's audio front ends are not
run: sentencepiece, torchaudio, soundfile and huggingface_hub are stood in by empty modules, and so are OpenNMT-py's
tokenizer, CTranslate2, scoring and serving imports. AbLang 1 jit-compiles a tokenizer helper with numba at import:
numba's `jit` is stood in by a decorator that returns the function. DeBERTa 0.1.12 imports
`collections.Sequence`, which Python 3.10 removed, and casts with `numpy.int`, which numpy 1.24 removed; the targets
alias them to `collections.abc.Sequence` and `int` first.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.67.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------- DeBERTa
def _deberta_config(**overrides):
    import collections
    import collections.abc

    import numpy

    collections.Sequence = collections.abc.Sequence  # removed from collections in Python 3.10
    numpy.int = int  # removed from numpy in 1.24; the relative-position buckets cast with it
    targets.stand_in("sentencepiece")
    from DeBERTa.deberta import ModelConfig

    config = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64, vocab_size=64,
                  hidden_act="gelu", hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0,
                  max_position_embeddings=32, type_vocab_size=0, initializer_range=0.02, layer_norm_eps=1e-7,
                  padding_idx=0, relative_attention=True, max_relative_positions=-1, position_buckets=8,
                  pos_att_type="p2c|c2p", norm_rel_ebd="layer_norm", share_att_key=True, position_biased_input=False)
    config.update(overrides)
    return ModelConfig.from_dict(config)


def _padded_tokens(torch, batch=2, length=10, pad_from=7):
    tokens = torch.randint(1, 64, (batch, length))
    tokens[1, pad_from:] = 0
    return tokens, (tokens != 0).long()


def deberta_encoder_all_layers_with_attention():
    torch = _seed()
    config = _deberta_config(conv_kernel_size=3)
    from DeBERTa.deberta import DeBERTa

    model = DeBERTa(config).eval()

    def encode(tokens, mask):
        layers, attentions = model(tokens, attention_mask=mask, return_att=True)
        return layers[-1], attentions

    return encode, [_padded_tokens(torch)]


def deberta_sequence_classification_loss():
    torch = _seed()
    config = _deberta_config()
    config.pooling = _deberta_config(hidden_size=32, dropout=0.0, hidden_act="gelu")
    from DeBERTa.apps.models import SequenceClassificationModel

    model = SequenceClassificationModel(config, num_labels=3, drop_out=0.0).train()
    tokens, mask = _padded_tokens(torch)
    return model, [(tokens,)], {"input_mask": mask, "labels": torch.tensor([2, -1])}


# ------------------------------------------------------------------------------------------------------- ablang2
def ablang2_masked_lm_with_attention_weights():
    torch = _seed()
    from ablang2.models.ablang2.ablang import AbLang

    model = AbLang(vocab_size=26, hidden_embed_size=32, n_attn_heads=4, n_encoder_blocks=2, padding_tkn=21,
                   mask_tkn=23, a_fn="swiglu", dropout=0.0).eval()
    tokens = torch.randint(1, 20, (2, 12))
    tokens[1, 9:] = 21

    def forward(tokens):
        likelihoods = model(tokens)
        weights = model(tokens, return_attn_weights=True)
        layers = model(tokens, return_rep_layers=[0, 2])
        return likelihoods, weights, layers

    return forward, [(tokens,)]


def _numba_jit_as_plain_python():
    """AbLang 1's package jit-compiles a tokenizer helper with numba when imported: run it as plain Python."""
    import sys

    targets.stand_in("numba", "numba.typed", "numba.types")
    sys.modules["numba"].jit = lambda *args, **kwargs: (lambda function: function)


def ablang1_with_output_attentions():
    torch = _seed()
    import types

    _numba_jit_as_plain_python()
    from ablang2.models.ablang1.model import AbRep

    hparams = types.SimpleNamespace(vocab_size=24, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                                    intermediate_size=64, hidden_act="gelu", hidden_dropout_prob=0.0,
                                    attention_probs_dropout_prob=0.0, max_position_embeddings=32,
                                    layer_norm_eps=1e-12, initializer_range=0.02, pad_token_id=21)
    model = AbRep(hparams).eval()
    tokens = torch.randint(1, 20, (2, 12))
    tokens[1, 8:] = 21

    def forward(tokens):
        output = model(tokens, output_attentions=True)
        return output.last_hidden_states, output.attentions

    return forward, [(tokens,)]


# --------------------------------------------------------------------------------------------------- bert-pytorch
def bert_pytorch_masked_lm_and_next_sentence():
    torch = _seed()
    from bert_pytorch.model import BERT, BERTLM

    model = BERTLM(BERT(64, hidden=32, n_layers=2, attn_heads=4, dropout=0.0), 64).train()
    tokens = torch.randint(1, 64, (2, 12))
    tokens[1, 9:] = 0
    segments = torch.ones(2, 12, dtype=torch.long)
    segments[:, 6:] = 2
    return model, [(tokens, segments)]


# ---------------------------------------------------------------------------------------------------- speechbrain
def _without_audio_io():
    targets.stand_in("torchaudio", "torchaudio.transforms", "torchaudio.functional", "torchaudio.compliance.kaldi",
                     "soundfile", "sentencepiece", "huggingface_hub", "joblib")


def _asr(**overrides):
    _without_audio_io()
    import torch
    from speechbrain.lobes.models.transformer.TransformerASR import TransformerASR

    config = dict(tgt_vocab=32, input_size=16, d_model=32, nhead=4, num_encoder_layers=2, num_decoder_layers=2,
                  d_ffn=64, dropout=0.0, activation=torch.nn.GELU, causal=False, max_length=64)
    config.update(overrides)
    return TransformerASR(**config)


def _features(torch, batch=2, frames=20):
    """Filter-bank-like features; the second utterance is 75% of the longest (speechbrain's relative lengths)."""
    return torch.randn(batch, frames, 16), torch.tensor([1.0, 0.75])


def speechbrain_transformer_asr_teacher_forcing():
    torch = _seed()
    model = _asr().train()
    features, lengths = _features(torch)
    tokens = torch.randint(1, 32, (2, 7))
    tokens[1, 5:] = 0

    def forward(features, tokens, lengths):
        return model(features, tokens, wav_len=lengths, pad_idx=0)

    return forward, [(features, tokens, lengths)]


def speechbrain_conformer_relpos_asr():
    torch = _seed()
    model = _asr(encoder_module="conformer", attention_type="RelPosMHAXL", normalize_before=True,
                 kernel_size=3).eval()
    features, lengths = _features(torch)
    tokens = torch.randint(1, 32, (2, 7))

    def forward(features, tokens, lengths):
        return model(features, tokens, wav_len=lengths)

    return forward, [(features, tokens, lengths)]


def speechbrain_greedy_decode():
    torch = _seed()
    model = _asr().eval()
    from speechbrain.decoders.seq2seq import S2STransformerGreedySearcher

    searcher = S2STransformerGreedySearcher([model, torch.nn.Linear(32, 32)], bos_index=1, eos_index=2,
                                            min_decode_ratio=0.0, max_decode_ratio=0.3).eval()
    features, lengths = _features(torch)

    def decode(features, lengths):
        encoded = model.encode(features, lengths)
        return searcher(encoded, lengths)

    return decode, [(features, lengths)]


def speechbrain_beam_search_decode():
    torch = _seed()
    model = _asr().eval()
    from speechbrain.decoders.seq2seq import S2STransformerBeamSearcher

    from speechbrain.nnet.linear import Linear

    searcher = S2STransformerBeamSearcher([model, Linear(32, input_size=32)], bos_index=1, eos_index=2,
                                          min_decode_ratio=0.0, max_decode_ratio=0.3, beam_size=3).eval()
    features, lengths = _features(torch)

    def decode(features, lengths):
        encoded = model.encode(features, lengths)
        return searcher(encoded, lengths)

    return decode, [(features, lengths)]


def speechbrain_beats_encoder_relative_buckets():
    torch = _seed()
    _without_audio_io()
    from speechbrain.lobes.models.beats import BEATsConfig, TransformerEncoder

    config = BEATsConfig(dict(encoder_layers=2, encoder_embed_dim=32, encoder_ffn_embed_dim=64,
                              encoder_attention_heads=4, conv_pos=3, conv_pos_groups=4, dropout=0.0,
                              attention_dropout=0.0, activation_dropout=0.0, encoder_layerdrop=0.0,
                              relative_position_embedding=True, num_buckets=16, max_distance=32, gru_rel_pos=True,
                              layer_norm_first=False, deep_norm=True))
    encoder = TransformerEncoder(config).eval()
    padding = torch.zeros(2, 12, dtype=torch.bool)
    padding[1, 9:] = True

    def encode(frames, padding_mask):
        return encoder(frames, padding_mask=padding_mask)

    return encode, [(torch.randn(2, 12, 32), padding)]


# ---------------------------------------------------------------------------------------------------- OpenNMT-py
def _without_tokenizers_and_servers():
    targets.stand_in("pyonmttok", "ctranslate2", "sacrebleu", "rapidfuzz", "ahocorasick", "fasttext", "spacy",
                     "flask", "waitress", "configargparse", "tensorboard", "torch.utils.tensorboard")


def _onmt_seq2seq(relative_buckets=0, max_relative_positions=0, self_attn_type="scaled-dot", position_encoding=True):
    _without_tokenizers_and_servers()
    from onmt.decoders.transformer import TransformerDecoder
    from onmt.encoders.transformer import TransformerEncoder
    from onmt.models.model import NMTModel
    from onmt.modules import Embeddings

    def embeddings():
        return Embeddings(32, 40, word_padding_idx=1, position_encoding=position_encoding)

    encoder = TransformerEncoder(2, 32, 4, 64, 0.0, 0.0, embeddings(), max_relative_positions, relative_buckets)
    decoder = TransformerDecoder(2, 32, 4, 64, False, self_attn_type, 0.0, 0.0, embeddings(),
                                 max_relative_positions, relative_buckets, aan_useffn=False,
                                 full_context_alignment=False, alignment_layer=-1, alignment_heads=0)
    return NMTModel(encoder, decoder)


def _onmt_batch(torch):
    """Source tokens with lengths 9 and 6 (padding index 1), targets with BOS 2; onmt's (batch, len, 1) layout."""
    src = torch.randint(4, 40, (2, 9, 1))
    src[1, 6:] = 1
    tgt = torch.randint(4, 40, (2, 6, 1))
    tgt[:, 0] = 2
    return src, tgt, torch.tensor([9, 6])


def onmt_relative_buckets_teacher_forcing():
    torch = _seed()
    model = _onmt_seq2seq(relative_buckets=8, max_relative_positions=16, position_encoding=False).train()
    return model, [_onmt_batch(torch)]


def onmt_shaw_relative_positions_with_alignment():
    torch = _seed()
    model = _onmt_seq2seq(max_relative_positions=4, position_encoding=False).eval()
    src, tgt, src_len = _onmt_batch(torch)

    def forward(src, tgt, src_len):
        return model(src, tgt, src_len, with_align=True)

    return forward, [(src, tgt, src_len)]


def _onmt_greedy(model, torch):
    def decode(src, src_len):
        enc_out, enc_final_hs, src_len = model.encoder(src, src_len)
        model.decoder.init_state(src, enc_out, enc_final_hs)
        tokens = torch.full((src.shape[0], 1, 1), 2)
        for step in range(3):
            dec_out, attns = model.decoder(tokens[:, -1:], enc_out, src_len=src_len, step=step)
            tokens = torch.cat([tokens, dec_out[:, -1:, :1].argmax(-1, keepdim=True)], 1)
        return tokens, attns["std"]

    return decode


def onmt_cached_greedy_steps():
    torch = _seed()
    model = _onmt_seq2seq().eval()
    src, _, src_len = _onmt_batch(torch)
    return _onmt_greedy(model, torch), [(src, src_len)]


def onmt_average_attention_cached_steps():
    torch = _seed()
    model = _onmt_seq2seq(self_attn_type="average").eval()
    src, _, src_len = _onmt_batch(torch)
    return _onmt_greedy(model, torch), [(src, src_len)]


PACKAGES: Tuple[Package, ...] = (
    Package("deberta==0.1.12", "DeBERTa", {
        "encoder_all_layers_with_attention": deberta_encoder_all_layers_with_attention,
        "sequence_classification_loss": deberta_sequence_classification_loss}),
    Package("ablang2==0.2.1", "ablang2", {
        "masked_lm_with_attention_weights": ablang2_masked_lm_with_attention_weights,
        "ablang1_with_output_attentions": ablang1_with_output_attentions},
        dependencies=("rotary-embedding-torch==0.9.1",)),
    Package("bert-pytorch==0.0.1a4", "bert_pytorch", {
        "masked_lm_and_next_sentence": bert_pytorch_masked_lm_and_next_sentence}),
    Package("speechbrain==1.1.2", "speechbrain", {
        "transformer_asr_teacher_forcing": speechbrain_transformer_asr_teacher_forcing,
        "conformer_relpos_asr": speechbrain_conformer_relpos_asr,
        "greedy_decode": speechbrain_greedy_decode,
        "beam_search_decode": speechbrain_beam_search_decode,
        "beats_encoder_relative_buckets": speechbrain_beats_encoder_relative_buckets},
        dependencies=("hyperpyyaml==1.2.3", "ruamel.yaml==0.18.10")),
    Package("opennmt-py==3.5.1", "onmt", {
        "relative_buckets_teacher_forcing": onmt_relative_buckets_teacher_forcing,
        "shaw_relative_positions_with_alignment": onmt_shaw_relative_positions_with_alignment,
        "cached_greedy_steps": onmt_cached_greedy_steps,
        "average_attention_cached_steps": onmt_average_attention_cached_steps}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
