"""Held-out group 79 of the evaluation: encoder-decoder and speech model code written in the style of transformers
without it (T5 with relative position buckets, Transformer and attention-RNN sequence-to-sequence models with teacher
forcing, greedy, sampling and beam-search decoding, BERT and GPT-2 stacks, streaming Conformer, Squeezeformer and
Efficient Conformer speech encoders with conv subsampling, CTC and bidirectional attention decoders over padding masks
built from lengths, LSTM encoder-decoders with attention, copy and beam search), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout79_targets.py \
        --site benchmarks/eval/.packages-heldout79 --suffix heldout79 --jobs 1

Texar-PyTorch: the T5 encoder-decoder (`T5EncoderDecoder`, random weights), the Transformer NMT model of its
examples/transformer (word and sinusoid position embedders, `TransformerEncoder`, `TransformerDecoder` tied to the
embedding) in a training step, greedy decoding and beam search, the attention seq2seq model of examples/seq2seq_attn
(`BidirectionalRNNEncoder`, `AttentionRNNDecoder`) in a training step with
`sequence_sparse_softmax_cross_entropy`, greedy and beam-search inference, the BERT classifier and GPT-2 top-k
sampling. MASR: the streaming Conformer (relative positions, causal convolution, dynamic chunks) in its training
forward (CTC plus left-to-right and right-to-left attention decoders with label smoothing) and a training step,
`get_encoder_out` with the CTC greedy decoder, the Squeezeformer and Efficient Conformer training forwards and the
DeepSpeech2 CRNN. Stanza: the seq2seq lemmatizer model (LSTM encoder, attention decoder with edit classifier and
copy) training forward, greedy and beam-search prediction, and the BiLSTM language identifier. Same shape as
targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this
module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): funasr, simple-clip and s3prl
(transformers required); openspeech-core (imports needs pytorch-lightning 1.x loggers, downloads a librosa example at
import, and its wheel lacks `openspeech.data.text`); speechtokenizer (encodec's modules, group 4 and tuned);
mozuma-clip and clip-anytorch (copies of OpenAI CLIP, group 14). Shims, all outside anything compiled: texar reads
`np.float_` (gone in NumPy 2) and `pkg_resources.parse_version` (gone with setuptools 81) at import: the targets put
them back as `np.float64` and `packaging.version.parse`; MASR's squeezeformer imports `Union` and `Optional` from
`torch.nn.modules.conv`, where torch no longer re-exports them: the targets put the typing names there. Stand-ins:
MASR's audio stack (yeaudio, soundfile, kaldi_native_fbank, zhconv, resampy, soundcard, ijson, Levenshtein,
visualdl, onnxruntime: its feature extraction and data loaders, which the targets replace by random fbank
features) and stanza's udtools evaluation scripts and orjson.
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


# -------------------------------------------------------------------------------------------------------- texar
VOCAB, BOS, EOS = 40, 1, 2


def _texar():
    _seed()
    import sys
    import types

    import numpy as np

    if not hasattr(np, "float_"):  # texar's dtype table reads it at import
        np.float_ = np.float64
    if "pkg_resources" not in sys.modules:  # texar's data iterators compare torch versions with it at import
        from packaging.version import parse

        shim = types.ModuleType("pkg_resources")
        shim.parse_version = parse
        sys.modules["pkg_resources"] = shim
    import texar.torch as tx

    return tx


def _attention_hparams(dim, heads=2, **extra):
    return {"num_units": dim, "output_dim": dim, "num_heads": heads, **extra}


def _ids(torch, batch=2, length=7, low=3):
    ids = torch.randint(low, VOCAB, (batch, length))
    ids[1, length - 2:] = 0  # padding, as the examples' data iterators give it
    return ids


def texar_t5_encoder_decoder():
    tx = _texar()
    import torch

    dim = 16
    stack = {"dim": dim, "num_blocks": 2,
             "poswise_feedforward": {"layers": [
                 {"type": "Linear", "kwargs": {"in_features": dim, "out_features": 32, "bias": False}},
                 {"type": "ReLU"},
                 {"type": "Linear", "kwargs": {"in_features": 32, "out_features": dim, "bias": False}}]}}
    model = tx.modules.T5EncoderDecoder(hparams={
        "pretrained_model_name": None, "vocab_size": VOCAB, "hidden_size": dim, "embed": {"dim": dim},
        "encoder": {**stack, "multihead_attention": _attention_hparams(dim, is_decoder=False)},
        "decoder": {**stack, "multihead_attention": _attention_hparams(dim, is_decoder=True)}}).eval()
    return model, [(_ids(torch), torch.tensor([7, 5]))]


class _TransformerNMT:
    """examples/transformer/model.py of texar-pytorch: embedders, encoder and a decoder tied to the word embedding."""

    def __init__(self, tx, dim=16, max_length=12):
        import torch

        self.tx, self.dim, self.max_length = tx, dim, max_length
        stack = {"dim": dim, "num_blocks": 2, "multihead_attention": _attention_hparams(dim),
                 "poswise_feedforward": tx.modules.default_transformer_poswise_net_hparams(dim, dim)}
        self.word_embedder = tx.modules.WordEmbedder(vocab_size=VOCAB, hparams={"dim": dim})
        self.pos_embedder = tx.modules.SinusoidsPositionEmbedder(position_size=max_length, hparams={"dim": dim})
        self.encoder = tx.modules.TransformerEncoder(hparams=stack)
        self.decoder = tx.modules.TransformerDecoder(token_pos_embedder=self._embedding_fn, vocab_size=VOCAB,
                                                     output_layer=self.word_embedder.embedding, hparams=stack)
        self.modules = torch.nn.ModuleList([self.word_embedder, self.pos_embedder, self.encoder, self.decoder])

    def _embedding_fn(self, tokens, positions):
        return self.word_embedder(tokens) * self.dim ** 0.5 + self.pos_embedder(positions)

    def encode(self, encoder_input):
        lengths = (encoder_input != 0).int().sum(dim=1)
        embedded = self.word_embedder(encoder_input) * self.dim ** 0.5 + self.pos_embedder(sequence_length=lengths)
        return self.encoder(inputs=embedded, sequence_length=lengths), lengths

    def loss(self, encoder_input, decoder_input, labels):
        memory, lengths = self.encode(encoder_input)
        outputs = self.decoder(memory=memory, memory_sequence_length=lengths, inputs=decoder_input,
                               decoding_strategy="train_greedy")
        label_lengths = (labels != 0).long().sum(dim=1)
        return self.tx.losses.sequence_sparse_softmax_cross_entropy(labels=labels, logits=outputs.logits,
                                                                   sequence_length=label_lengths)

    def predict(self, encoder_input, beam_width=None):
        memory, lengths = self.encode(encoder_input)
        start_tokens = encoder_input.new_full((encoder_input.size(0),), BOS)
        return self.decoder(memory=memory, memory_sequence_length=lengths, beam_width=beam_width,
                            length_penalty=0.6, start_tokens=start_tokens, end_token=EOS,
                            max_decoding_length=self.max_length, decoding_strategy="infer_greedy")


def texar_transformer_train_step():
    tx = _texar()
    import torch

    model = _TransformerNMT(tx)
    model.modules.train()
    optimizer = torch.optim.Adam(model.modules.parameters(), lr=1e-3, betas=(0.9, 0.997), eps=1e-9)

    def step(encoder_input, decoder_input, labels):
        optimizer.zero_grad()
        loss = model.loss(encoder_input, decoder_input, labels)
        loss.backward()
        optimizer.step()
        return loss

    target = _ids(torch, length=6)
    decoder_input = torch.cat([torch.full((2, 1), BOS), target[:, :-1]], dim=1)
    return step, [(_ids(torch), decoder_input, target)]


def texar_transformer_greedy():
    tx = _texar()
    import torch

    model = _TransformerNMT(tx)
    model.modules.eval()
    return model.predict, [(_ids(torch),)]


def texar_transformer_beam_search():
    tx = _texar()
    import torch

    model = _TransformerNMT(tx)
    model.modules.eval()
    return model.predict, [(_ids(torch), 3)]


class _Seq2SeqAttn:
    """examples/seq2seq_attn/model.py of texar-pytorch: a bidirectional LSTM encoder and an attention LSTM decoder."""

    def __init__(self, tx, dim=16):
        import torch

        self.tx = tx
        self.source_embedder = tx.modules.WordEmbedder(vocab_size=VOCAB, hparams={"dim": dim})
        self.target_embedder = tx.modules.WordEmbedder(vocab_size=VOCAB, hparams={"dim": dim})
        self.encoder = tx.modules.BidirectionalRNNEncoder(input_size=dim, hparams={
            "rnn_cell_fw": {"kwargs": {"num_units": dim}}})
        self.decoder = tx.modules.AttentionRNNDecoder(
            token_embedder=self.target_embedder, encoder_output_size=2 * dim, input_size=dim, vocab_size=VOCAB,
            hparams={"rnn_cell": {"kwargs": {"num_units": dim}},
                     "attention": {"kwargs": {"num_units": dim}, "attention_layer_size": dim}})
        self.modules = torch.nn.ModuleList([self.source_embedder, self.target_embedder, self.encoder, self.decoder])

    def _memory(self, source, source_length):
        import torch

        outputs, _ = self.encoder(inputs=self.source_embedder(source), sequence_length=source_length)
        return torch.cat(outputs, dim=2)

    def loss(self, source, source_length, target, target_length):
        memory = self._memory(source, source_length)
        helper = self.decoder.create_helper(decoding_strategy="train_greedy")
        outputs, _, _ = self.decoder(memory=memory, memory_sequence_length=source_length, helper=helper,
                                     inputs=target[:, :-1], sequence_length=target_length - 1)
        return self.tx.losses.sequence_sparse_softmax_cross_entropy(
            labels=target[:, 1:], logits=outputs.logits, sequence_length=target_length - 1)

    def infer(self, source, source_length, beam_width=None):
        import torch

        memory = self._memory(source, source_length)
        start_tokens = memory.new_full(source_length.size(), BOS, dtype=torch.int64)
        return self.decoder(start_tokens=start_tokens, end_token=EOS, memory=memory,
                            memory_sequence_length=source_length, beam_width=beam_width, max_decoding_length=10)


def _seq2seq_batch(torch):
    return _ids(torch), torch.tensor([7, 5]), _ids(torch, length=6), torch.tensor([6, 4])


def texar_seq2seq_attn_train_step():
    tx = _texar()
    import torch

    model = _Seq2SeqAttn(tx)
    model.modules.train()
    optimizer = torch.optim.Adam(model.modules.parameters(), lr=1e-3)

    def step(source, source_length, target, target_length):
        optimizer.zero_grad()
        loss = model.loss(source, source_length, target, target_length)
        loss.backward()
        optimizer.step()
        return loss

    return step, [_seq2seq_batch(torch)]


def texar_seq2seq_attn_greedy():
    tx = _texar()
    import torch

    model = _Seq2SeqAttn(tx)
    model.modules.eval()
    source, source_length, _, _ = _seq2seq_batch(torch)
    return model.infer, [(source, source_length)]


def texar_seq2seq_attn_beam_search():
    tx = _texar()
    import torch

    model = _Seq2SeqAttn(tx)
    model.modules.eval()
    source, source_length, _, _ = _seq2seq_batch(torch)
    return model.infer, [(source, source_length, 3)]


def _bert_like(dim=16):
    return {"dim": dim, "num_blocks": 2, "multihead_attention": _attention_hparams(dim),
            "poswise_feedforward": {"layers": [
                {"type": "Linear", "kwargs": {"in_features": dim, "out_features": 32, "bias": True}},
                {"type": "BertGELU"},
                {"type": "Linear", "kwargs": {"in_features": 32, "out_features": dim, "bias": True}}]}}


def texar_bert_classifier():
    tx = _texar()
    import torch

    dim = 16
    model = tx.modules.BERTClassifier(hparams={
        "num_classes": 3, "pretrained_model_name": None, "vocab_size": VOCAB, "hidden_size": dim,
        "embed": {"dim": dim}, "type_vocab_size": 2, "segment_embed": {"dim": dim}, "position_size": 16,
        "position_embed": {"dim": dim}, "encoder": _bert_like(dim)}).eval()
    return model, [(_ids(torch), torch.tensor([7, 5]), torch.zeros(2, 7, dtype=torch.long))]


def texar_gpt2_topk_sample():
    """examples/gpt-2/gpt2_generate_main.py: top-k sampling from a context with a TopKSampleEmbeddingHelper."""
    tx = _texar()
    import torch

    dim = 16
    model = tx.modules.GPT2Decoder(hparams={
        "pretrained_model_name": None, "vocab_size": VOCAB, "context_size": 16, "embedding_size": dim,
        "embed": {"dim": dim}, "position_size": 16, "position_embed": {"dim": dim},
        "decoder": {"dim": dim, "num_blocks": 2, "multihead_attention": _attention_hparams(dim, use_bias=True),
                    "poswise_feedforward": {"layers": [
                        {"type": "Linear", "kwargs": {"in_features": dim, "out_features": 32, "bias": True}},
                        {"type": "GPTGELU", "kwargs": {}},
                        {"type": "Linear", "kwargs": {"in_features": 32, "out_features": dim, "bias": True}}]}}}).eval()

    def generate(context, context_length):
        helper = tx.modules.TopKSampleEmbeddingHelper(start_tokens=context[:, 0], end_token=EOS, top_k=5,
                                                      softmax_temperature=0.7)
        output, _ = model(context=context, context_sequence_length=context_length, max_decoding_length=10,
                          helper=helper)
        return output.sample_id

    return generate, [(_ids(torch, length=4), torch.tensor([4, 2]))]


# --------------------------------------------------------------------------------------------------------- masr
FEATURES, TOKENS = 20, 30


def _masr_imports():
    targets.stand_in("yeaudio", "yeaudio.audio", "yeaudio.augmentation", "soundfile", "kaldi_native_fbank",
                     "zhconv", "resampy", "soundcard", "ijson", "Levenshtein", "visualdl", "onnxruntime")
    import typing

    import torch.nn.modules.conv as conv

    conv.Union, conv.Optional = typing.Union, typing.Optional  # squeezeformer's conv2d imports them from there


def _masr_model(model, encoder_name, encoder_args, decoder=True, **model_args):
    """masr.model_utils.build_model with a small config and the mean/istd json its data step writes."""
    import json
    import tempfile

    _seed()
    _masr_imports()
    from masr.model_utils import build_model
    from masr.utils.utils import dict_to_object

    path = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump({"mean": [0.5] * FEATURES, "istd": [2.0] * FEATURES}, path)
    path.close()
    decoder_conf = {"decoder_name": "BiTransformerDecoder", "decoder_args": {
        "attention_heads": 2, "linear_units": 32, "num_blocks": 1, "r_num_blocks": 1, "dropout_rate": 0.1,
        "positional_dropout_rate": 0.1, "self_attention_dropout_rate": 0.1, "src_attention_dropout_rate": 0.1}}
    config = dict_to_object({"encoder_conf": {"encoder_name": encoder_name, "encoder_args": encoder_args},
                             "decoder_conf": decoder_conf if decoder else None,
                             "model_conf": {"model": model, "model_args": model_args}})
    return build_model(input_size=FEATURES, vocab_size=TOKENS, mean_istd_path=path.name, eos_id=TOKENS - 1,
                       encoder_conf=config.encoder_conf, decoder_conf=config.decoder_conf,
                       model_conf=config.model_conf)


def _conformer(streaming=True):
    return _masr_model("ConformerModel", "ConformerEncoder", {
        "output_size": 16, "attention_heads": 2, "linear_units": 32, "num_blocks": 2, "input_layer": "conv2d",
        "normalize_before": True, "cnn_module_kernel": 5, "use_cnn_module": True, "activation_type": "swish",
        "pos_enc_layer_type": "rel_pos"}, streaming=streaming, ctc_weight=0.3, lsm_weight=0.1, reverse_weight=0.3)


def _speech_batch(torch, frames=40, text=5):
    speech = torch.randn(2, frames, FEATURES)
    text_ids = torch.randint(1, TOKENS - 1, (2, text))
    text_ids[1, text - 2:] = -1  # IGNORE_ID padding, as masr's collate_fn pads labels
    return speech, torch.tensor([frames, frames - 8]), text_ids, torch.tensor([text, text - 2])


def masr_conformer_forward():
    torch = _seed()
    model = _conformer().train()
    return model, [_speech_batch(torch)]


def masr_conformer_train_step():
    """The body of MASRTrainer.__train_epoch: forward, the loss, backward, clipping and the step."""
    torch = _seed()
    model = _conformer().train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(speech, speech_lengths, text, text_lengths):
        loss_dict = model(speech, speech_lengths, text, text_lengths)
        loss = loss_dict["loss"] / 1  # accum_grad
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        if torch.isfinite(grad_norm):
            optimizer.step()
        optimizer.zero_grad()
        return loss

    return step, [_speech_batch(torch)]


def masr_conformer_greedy_decode():
    """What masr's predictor does per utterance batch: get_encoder_out, then the CTC greedy decoder."""
    torch = _seed()
    model = _conformer(streaming=False).eval()
    from masr.decoders.ctc_greedy_search import ctc_greedy_search

    def decode(speech, speech_lengths):
        encoder_outs, ctc_probs, ctc_lens = model.get_encoder_out(speech, speech_lengths)
        return ctc_greedy_search(ctc_probs=ctc_probs, ctc_lens=ctc_lens, blank_id=0)

    speech, lengths, _, _ = _speech_batch(torch)
    return decode, [(speech, lengths)]


def masr_squeezeformer_forward():
    torch = _seed()
    model = _masr_model("SqueezeformerModel", "SqueezeformerEncoder", {
        "encoder_dim": 16, "output_size": 16, "attention_heads": 2, "num_blocks": 4, "reduce_idx": 1,
        "recover_idx": 3, "feed_forward_expansion_factor": 2, "adaptive_scale": True, "cnn_module_kernel": 5,
        "normalize_before": False, "activation_type": "swish", "pos_enc_layer_type": "rel_pos"},
        ctc_weight=0.3, lsm_weight=0.1, reverse_weight=0.3).train()
    return model, [_speech_batch(torch, frames=64)]


def masr_efficient_conformer_forward():
    torch = _seed()
    model = _masr_model("EfficientConformerModel", "EfficientConformerEncoder", {
        "output_size": 16, "attention_heads": 2, "linear_units": 32, "num_blocks": 3, "activation_type": "swish",
        "cnn_module_kernel": 5, "cnn_module_norm": "layer_norm", "input_layer": "conv2d", "normalize_before": True,
        "pos_enc_layer_type": "rel_pos",
        "efficient_conf": {"stride_layer_idx": [1], "stride": [2], "group_layer_idx": [0, 1], "group_size": 3,
                           "stride_kernel": True}},
        ctc_weight=0.3, lsm_weight=0.1, reverse_weight=0.3).train()
    return model, [_speech_batch(torch, frames=64)]


def masr_deepspeech2_forward():
    torch = _seed()
    model = _masr_model("DeepSpeech2Model", "CRNNEncoder", {"num_rnn_layers": 2, "rnn_size": 16, "use_gru": True},
                        decoder=False).train()
    return model, [_speech_batch(torch)]


# ------------------------------------------------------------------------------------------------------- stanza
def _stanza_imports():
    targets.stand_in("udtools", "udtools.src", "udtools.src.udtools", "udtools.src.udtools.udeval", "orjson")


def _lemma_model(**overrides):
    """A Seq2SeqModel with the lemmatizer's options (edit classifier, POS input, attention), small."""
    _seed()
    _stanza_imports()
    from stanza.models.common.seq2seq_model import Seq2SeqModel

    args = {"vocab_size": VOCAB, "emb_dim": 16, "hidden_dim": 16, "num_layers": 1, "emb_dropout": 0.1,
            "dropout": 0.3, "max_dec_len": 10, "beam_size": 2, "attn_type": "soft", "pos": True, "pos_dim": 16,
            "pos_vocab_size": 6, "pos_dropout": 0.1, "edit": True, "num_edit": 3, "copy": False}
    args.update(overrides)
    return Seq2SeqModel(args)


def _lemma_batch(torch):
    _stanza_imports()
    from stanza.models.common.vocab import PAD_ID

    src = torch.randint(4, VOCAB, (2, 6))
    src[1, 4:] = PAD_ID
    tgt_in = torch.randint(4, VOCAB, (2, 5))
    return src, src.eq(PAD_ID), tgt_in, torch.randint(0, 6, (2,))


def stanza_lemma_forward():
    torch = _seed()
    src, src_mask, tgt_in, pos = _lemma_batch(torch)
    return _lemma_model().train(), [(src, src_mask, tgt_in, pos)]


def stanza_lemma_predict_greedy():
    torch = _seed()
    model = _lemma_model().eval()
    src, src_mask, _, pos = _lemma_batch(torch)
    return model.predict_greedy, [(src, src_mask, pos)]


def stanza_lemma_beam_search():
    torch = _seed()
    model = _lemma_model().eval()
    src, src_mask, _, pos = _lemma_batch(torch)
    return model.predict, [(src, src_mask, pos, 2)]


def stanza_copy_seq2seq_forward():
    """The MWT expander's variant: no POS, no edit classifier, a copy mechanism over the source."""
    torch = _seed()
    src, src_mask, tgt_in, _ = _lemma_batch(torch)
    return _lemma_model(pos=False, edit=False, copy=True).train(), [(src, src_mask, tgt_in)]


def stanza_langid():
    torch = _seed()
    _stanza_imports()
    from stanza.models.langid.model import LangIDBiLSTM

    chars = {c: i for i, c in enumerate(["<PAD>", "<UNK>"] + list("abcdefghij"))}
    model = LangIDBiLSTM(chars, {"en": 0, "de": 1, "fr": 2}, num_layers=1, embedding_dim=8, hidden_dim=8,
                         batch_size=2).eval()
    return model, [(torch.randint(1, len(chars), (2, 9)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("texar-pytorch==0.1.4", "texar", {
        "t5_encoder_decoder": texar_t5_encoder_decoder,
        "transformer_train_step": texar_transformer_train_step,
        "transformer_greedy": texar_transformer_greedy,
        "transformer_beam_search": texar_transformer_beam_search,
        "seq2seq_attn_train_step": texar_seq2seq_attn_train_step,
        "seq2seq_attn_greedy": texar_seq2seq_attn_greedy,
        "seq2seq_attn_beam_search": texar_seq2seq_attn_beam_search,
        "bert_classifier": texar_bert_classifier,
        "gpt2_topk_sample": texar_gpt2_topk_sample},
        dependencies=("asyml-utilities==0.0.2", "funcsigs==1.0.2", "sentencepiece==0.2.3",
                      "mypy-extensions==1.1.0")),
    Package("masr==3.0.3", "masr", {
        "conformer_forward": masr_conformer_forward,
        "conformer_train_step": masr_conformer_train_step,
        "conformer_greedy_decode": masr_conformer_greedy_decode,
        "squeezeformer_forward": masr_squeezeformer_forward,
        "efficient_conformer_forward": masr_efficient_conformer_forward,
        "deepspeech2_forward": masr_deepspeech2_forward},
        roots=("masr.model_utils.*:*.get_encoder_out", "masr.decoders.ctc_greedy_search:ctc_greedy_search"),
        dependencies=("typeguard==2.13.3", "tqdm==4.70.1")),
    Package("stanza==1.15.0", "stanza", {
        "lemma_forward": stanza_lemma_forward,
        "lemma_predict_greedy": stanza_lemma_predict_greedy,
        "lemma_beam_search": stanza_lemma_beam_search,
        "copy_seq2seq_forward": stanza_copy_seq2seq_forward,
        "langid": stanza_langid},
        roots=("stanza.models.common.seq2seq_model:Seq2SeqModel.predict",
               "stanza.models.common.seq2seq_model:Seq2SeqModel.predict_greedy"),
        dependencies=("emoji==2.16.0", "networkx==3.6.1", "platformdirs==4.14.8", "protobuf==7.36.2",
                      "huggingface-hub==0.36.0", "filelock==4.3.1", "fsspec==2026.9.0", "tqdm==4.70.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
