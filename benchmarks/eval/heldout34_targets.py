"""Held-out group 34 of the evaluation: language and speech models in the style of a model hub without the hub's
library (config objects and dataclasses, attention and feed-forward implementations chosen by name from a registry,
decoders with key/value caches, prefill and single-token decode steps, `generate` loops with sampling, encoder-decoder
ASR with CTC, beam search over several scorers, transducer greedy decoding), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout34_targets.py \
        --site benchmarks/eval/.packages-heldout34 --suffix heldout34

eole (OpenNMT's LLM toolkit): pydantic decoder/encoder configs, a rotary decoder-only LM with grouped-query attention
trained on padded batches, its static KV cache filled by a prefill and then one token a step, and an encoder-decoder
with cross-attention (eole). transformer-toolkit: a `TransformerConfig` dataclass whose `attn` / `ffn` / `pos_enc`
strings pick grouped-query, multi-query, multi-head latent attention, mixture-of-experts feed-forwards, RoPE or ALiBi
from registries, a forward that returns (logits, aux_loss, present key/values), and `generate` with and without a KV
cache (transformer_toolkit). ESPnet: the ESPnet2 ASR model (Conformer encoder, Transformer decoder, CTC, label
smoothing loss) and the Transformer LM's batched scoring with per-layer caches, and the beam search that joins the
decoder, CTC prefix scorer and LM (espnet, espnet2). nemoasr2pytorch: the Parakeet/NeMo Conformer encoder with
relative positions and length masks, its LSTM prediction network and joint, and the TDT and RNN-T greedy decoders
(nemoasr2pytorch). trim-transformer: linear-attention encoder layers with a causal mask and a key/value cache
(trim_transformer).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: transformers and every package built on it: openlanguagemodel, rwkv7-hf, optimus-dl and funasr require
transformers; torchscale requires timm; gpt-oss and nanochat have no release for this Python; esm-efficient requires
flash-attn. Not run: eole's tokenizers, CTranslate2, serving and data imports, ESPnet's audio front ends and text
normalisers, nemoasr2pytorch's audio loading and sentencepiece tokenizer (stood in by empty modules).
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


# ---------------------------------------------------------------------------------------------------------- eole
def _without_eole_services():
    targets.stand_in("pyonmttok", "ctranslate2", "sacrebleu", "rapidfuzz", "ahocorasick", "fasttext", "spacy",
                     "configargparse", "tensorboard", "torch.utils.tensorboard", "sentencepiece", "subword_nmt",
                     "torchcodec", "optimi", "datasets", "uvicorn", "fastapi", "waitress")


def _eole_decoder(**overrides):
    _without_eole_services()
    from eole.config.inference import InferenceConfig
    from eole.config.models import TransformerDecoderConfig
    from eole.decoders.transformer import TransformerDecoder

    config = dict(layers=2, hidden_size=32, heads=4, heads_kv=2, transformer_ff=64, with_cross_attn=False,
                  max_position_embeddings=16, position_encoding_type="Rotary", layer_norm="rms", mlp_activation_fn="gated-silu")
    config.update(overrides)
    running = InferenceConfig(self_attn_backend="pytorch", dynamic_shapes=False)
    decoder = TransformerDecoder(TransformerDecoderConfig(**config), running_config=running)
    return decoder


def _eole_causal_batch(torch, batch=2, length=6, pad_from=4):
    emb = torch.randn(batch, length, 32)
    pad = torch.zeros(batch, 1, length, dtype=torch.bool)
    pad[1, :, pad_from:] = True
    return emb, pad


def eole_rotary_gqa_decoder_training():
    torch = _seed()
    decoder = _eole_decoder().train()
    emb, pad = _eole_causal_batch(torch)

    def forward(emb, pad):
        return decoder(emb, tgt_pad_mask=pad)

    return forward, [(emb, pad)]


def eole_static_kv_cache_prefill_and_steps():
    torch = _seed()
    decoder = _eole_decoder().eval()
    emb, pad = _eole_causal_batch(torch, pad_from=6)
    decoder._init_cache(emb, pad)

    def decode(emb, pad, steps):
        out, attns = decoder(emb, tgt_pad_mask=pad)
        decoder.cache_seqlens += emb.size(1)
        for step in steps:
            out, attns = decoder(step, tgt_pad_mask=torch.zeros(2, 1, 1, dtype=torch.bool))
            decoder.cache_seqlens += 1
        return out

    return decode, [(emb, pad, [torch.randn(2, 1, 32), torch.randn(2, 1, 32)])]


def eole_encoder_decoder_cross_attention():
    torch = _seed()
    _without_eole_services()
    from eole.config.models import TransformerEncoderConfig
    from eole.encoders.transformer import TransformerEncoder

    encoder = TransformerEncoder(TransformerEncoderConfig(layers=2, hidden_size=32, heads=4, transformer_ff=64,
                                                          position_encoding_type="SinusoidalInterleaved"
                                                          )).eval()
    decoder = _eole_decoder(with_cross_attn=True, position_encoding_type="SinusoidalInterleaved",
                            heads_kv=None, layer_norm="standard", mlp_activation_fn="relu").eval()
    src = torch.randn(2, 7, 32)
    src_pad = torch.zeros(2, 1, 7, dtype=torch.bool)
    src_pad[1, :, 5:] = True
    tgt, tgt_pad = _eole_causal_batch(torch)

    def forward(src, src_pad, tgt, tgt_pad):
        enc_out, *_ = encoder(src, pad_mask=src_pad)
        return decoder(tgt, enc_out=enc_out, src_pad_mask=src_pad, tgt_pad_mask=tgt_pad,
                       return_attn=True)

    return forward, [(src, src_pad, tgt, tgt_pad)]


# --------------------------------------------------------------------------------------------- transformer-toolkit
def _toolkit(**overrides):
    from transformer_toolkit.model import Transformer, TransformerConfig

    config = dict(vocab_size=64, dim=32, n_layers=2, n_heads=4, n_kv_heads=2, latent_dim=8, max_seq=16,
                  hidden_dim=64, n_experts=4, top_k=2, moe_n_shared=1, moe_n_routed=3, dropout=0.0)
    config.update(overrides)
    return Transformer(TransformerConfig(**config))


def _tokens(torch, batch=2, length=8):
    return torch.randint(0, 64, (batch, length))


def toolkit_gqa_rope_moe_forward():
    torch = _seed()
    model = _toolkit(attn="gqa", ffn="moe", pos_enc="rope").train()
    return model, [(_tokens(torch),)]


def toolkit_mla_shared_experts_forward():
    torch = _seed()
    model = _toolkit(attn="mla", ffn="moe_shared", pos_enc="rope").eval()
    return model, [(_tokens(torch),)]


def toolkit_mqa_alibi_expert_choice_forward():
    torch = _seed()
    model = _toolkit(attn="mqa", ffn="moe_ec", pos_enc="alibi", norm="layernorm").eval()
    return model, [(_tokens(torch),)]


def toolkit_generate_with_kv_cache():
    torch = _seed()
    model = _toolkit(attn="gqa", ffn="swiglu", pos_enc="rope", use_kv_cache=True).eval()

    def generate(tokens):
        return model.generate(tokens, max_new=3, temperature=0.8, top_k=5)

    return generate, [(_tokens(torch, length=4),)]


def toolkit_generate_without_cache_learned_positions():
    torch = _seed()
    model = _toolkit(attn="mha", ffn="geglu", pos_enc="learned").eval()

    def generate(tokens):
        return model.generate(tokens, max_new=2, temperature=1.0, top_k=0)

    return generate, [(_tokens(torch, length=4),)]


# --------------------------------------------------------------------------------------------------------- ESPnet
def _without_espnet_front_ends():
    targets.stand_in("librosa", "soundfile", "h5py", "kaldiio", "torch_complex", "torch_complex.tensor",
                     "sentencepiece", "jamo", "nltk", "editdistance", "pypinyin", "g2p_en", "espnet_tts_frontend",
                     "ci_sdr", "fast_bss_eval", "opt_einsum", "lightning")


def _espnet_asr(torch):
    _without_espnet_front_ends()
    from espnet2.asr.ctc import CTC
    from espnet2.asr.decoder.transformer_decoder import TransformerDecoder
    from espnet2.asr.encoder.conformer_encoder import ConformerEncoder
    from espnet2.asr.espnet_model import ESPnetASRModel

    tokens = ["<blank>", "<unk>"] + [chr(ord("a") + i) for i in range(13)] + ["<sos/eos>"]
    encoder = ConformerEncoder(16, output_size=32, attention_heads=4, linear_units=64, num_blocks=2,
                               dropout_rate=0.0, positional_dropout_rate=0.0, attention_dropout_rate=0.0,
                               input_layer="conv2d", cnn_module_kernel=3)
    decoder = TransformerDecoder(len(tokens), 32, attention_heads=4, linear_units=64, num_blocks=2,
                                 dropout_rate=0.0, positional_dropout_rate=0.0, self_attention_dropout_rate=0.0,
                                 src_attention_dropout_rate=0.0)
    ctc = CTC(len(tokens), 32)
    model = ESPnetASRModel(len(tokens), tokens, None, None, None, None, encoder, None, decoder, ctc, None,
                           ctc_weight=0.3, lsm_weight=0.1, report_cer=False, report_wer=False)
    return model, tokens


def espnet_conformer_ctc_attention_loss():
    torch = _seed()
    model, tokens = _espnet_asr(torch)
    model.train()
    speech = torch.randn(2, 40, 16)
    speech_lengths = torch.tensor([40, 32])
    text = torch.randint(2, 15, (2, 5))
    text[1, 4:] = -1
    text_lengths = torch.tensor([5, 4])
    return model, [(speech, speech_lengths, text, text_lengths)]


def _espnet_lm(torch, vocab):
    from espnet2.lm.transformer_lm import TransformerLM

    return TransformerLM(vocab, pos_enc="sinusoidal", embed_unit=32, att_unit=32, head=4, unit=64, layer=2,
                         dropout_rate=0.0, positional_dropout_rate=0.0, attention_dropout_rate=0.0).eval()


def espnet_transformer_lm_cached_batch_score():
    torch = _seed()
    _without_espnet_front_ends()
    lm = _espnet_lm(torch, 16)

    def score(prefix, xs):
        logp, states = lm.batch_score(prefix, [None, None], xs)
        longer = torch.cat([prefix, logp.argmax(-1, keepdim=True)], dim=1)
        return lm.batch_score(longer, states, xs)

    return score, [(torch.randint(2, 15, (3, 2)), torch.randn(3, 4, 32))]


def espnet_beam_search_decoder_lm():
    torch = _seed()
    model, tokens = _espnet_asr(torch)
    model.eval()
    from espnet.nets.beam_search import BeamSearch

    lm = _espnet_lm(torch, len(tokens))
    sos = eos = len(tokens) - 1
    search = BeamSearch(dict(decoder=model.decoder, lm=lm), dict(decoder=1.0, lm=0.3), beam_size=2,
                        vocab_size=len(tokens), sos=sos, eos=eos, token_list=tokens,
                        pre_beam_score_key="full").eval()

    def decode(speech):
        encoded, _ = model.encode(speech, torch.tensor([speech.size(1)]))
        return search(encoded[0], maxlenratio=0.3, minlenratio=0.0)

    return decode, [(torch.randn(1, 40, 16),)]


# ------------------------------------------------------------------------------------------------ nemoasr2pytorch
def _nemo_parts(torch):
    targets.stand_in("librosa", "sentencepiece", "torchaudio")
    from nemoasr2pytorch.models.asr.conformer import ConformerEncoder, ConformerEncoderConfig
    from nemoasr2pytorch.models.asr.rnnt import RNNTDecoder, RNNTDecoderConfig, RNNTJoint, RNNTJointConfig

    encoder = ConformerEncoder(ConformerEncoderConfig(feat_in=16, n_layers=2, d_model=32, subsampling_factor=4,
                                                      subsampling_conv_channels=8, n_heads=4, conv_kernel_size=3,
                                                      dropout=0.0, dropout_pre_encoder=0.0, dropout_att=0.0,
                                                      xscaling=True)).eval()
    decoder = RNNTDecoder(RNNTDecoderConfig(pred_hidden=16, pred_rnn_layers=1, vocab_size=12, dropout=0.0)).eval()
    joint = RNNTJoint(RNNTJointConfig(encoder_hidden=32, pred_hidden=16, joint_hidden=16, num_classes=12,
                                      num_extra_outputs=3)).eval()
    return encoder, decoder, joint


def _mel_batch(torch):
    return torch.randn(2, 16, 40), torch.tensor([40, 28])


def nemo_conformer_relpos_length_masks():
    torch = _seed()
    encoder, _, _ = _nemo_parts(torch)
    return encoder, [_mel_batch(torch)]


def nemo_tdt_greedy_decode():
    torch = _seed()
    encoder, decoder, joint = _nemo_parts(torch)
    from nemoasr2pytorch.decoding.tdt_greedy import GreedyTDTDecoder, TDTGreedyConfig

    search = GreedyTDTDecoder(decoder, joint, TDTGreedyConfig(blank_id=12, durations=[0, 1, 2],
                                                              max_symbols_per_step=3))
    enc_out, enc_len = encoder(*_mel_batch(torch))
    return search.decode, [(enc_out[:1].detach(), enc_len[:1])]


def nemo_rnnt_greedy_decode():
    torch = _seed()
    encoder, decoder, _ = _nemo_parts(torch)
    from nemoasr2pytorch.decoding.rnnt_greedy import GreedyRNNTDecoder, RNNTGreedyConfig
    from nemoasr2pytorch.models.asr.rnnt import RNNTJoint, RNNTJointConfig

    joint = RNNTJoint(RNNTJointConfig(encoder_hidden=32, pred_hidden=16, joint_hidden=16, num_classes=12)).eval()
    search = GreedyRNNTDecoder(decoder, joint, RNNTGreedyConfig(blank_id=12, max_symbols_per_step=3))
    enc_out, enc_len = encoder(*_mel_batch(torch))
    return search.decode, [(enc_out[:1].detach(), enc_len[:1])]


# ------------------------------------------------------------------------------------------------ trim-transformer
def _trim_encoder(**layer_overrides):
    from trim_transformer.transformer_layers import TrimTransformerEncoder, TrimTransformerEncoderLayer

    layer = dict(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, batch_first=True, activation="gelu")
    layer.update(layer_overrides)
    return TrimTransformerEncoder(TrimTransformerEncoderLayer(**layer), num_layers=2)


def trim_linear_attention_causal_mask():
    torch = _seed()
    encoder = _trim_encoder(norm_first=True).train()
    mask = torch.arange(6)  # the last key position each query sees (trim's causal mask)

    def forward(x, mask):
        return encoder(x, mask=mask)

    return forward, [(torch.randn(2, 6, 32), mask)]


def trim_linear_attention_kv_cache_steps():
    torch = _seed()
    encoder = _trim_encoder().eval()

    def steps(prefix, step):
        encoder.clear_kv_cache()
        out = encoder(prefix, use_kv_cache=True)
        return out, encoder(step, use_kv_cache=True)

    return steps, [(torch.randn(2, 4, 32), torch.randn(2, 1, 32))]


PACKAGES: Tuple[Package, ...] = (
    Package("eole==0.6.4", "eole", {
        "rotary_gqa_decoder_training": eole_rotary_gqa_decoder_training,
        "static_kv_cache_prefill_and_steps": eole_static_kv_cache_prefill_and_steps,
        "encoder_decoder_cross_attention": eole_encoder_decoder_cross_attention}),
    Package("transformer-toolkit==0.0.33", "transformer_toolkit", {
        "gqa_rope_moe_forward": toolkit_gqa_rope_moe_forward,
        "mla_shared_experts_forward": toolkit_mla_shared_experts_forward,
        "mqa_alibi_expert_choice_forward": toolkit_mqa_alibi_expert_choice_forward,
        "generate_with_kv_cache": toolkit_generate_with_kv_cache,
        "generate_without_cache_learned_positions": toolkit_generate_without_cache_learned_positions},
        roots=("transformer_toolkit.model:Transformer.generate",)),
    Package("espnet==202511", "espnet2", {
        "conformer_ctc_attention_loss": espnet_conformer_ctc_attention_loss,
        "transformer_lm_cached_batch_score": espnet_transformer_lm_cached_batch_score},
        roots=("espnet2.lm.transformer_lm:TransformerLM.batch_score",),
        dependencies=("typeguard==2.13.3", "humanfriendly==10.0")),
    # one wheel, two import folders: the ASR model of espnet2 runs the masks, losses and search of espnet/nets
    Package("espnet==202511", "espnet", {
        "conformer_ctc_attention_loss": espnet_conformer_ctc_attention_loss,
        "beam_search_decoder_lm": espnet_beam_search_decoder_lm},
        roots=tuple(f"espnet.nets.pytorch_backend.{name}" for name in (
            "nets_utils:make_pad_mask", "nets_utils:th_accuracy", "transformer.add_sos_eos:add_sos_eos")),
        dependencies=("typeguard==2.13.3", "humanfriendly==10.0")),
    Package("nemoasr2pytorch==0.1.6", "nemoasr2pytorch", {
        "conformer_relpos_length_masks": nemo_conformer_relpos_length_masks,
        "tdt_greedy_decode": nemo_tdt_greedy_decode,
        "rnnt_greedy_decode": nemo_rnnt_greedy_decode},
        roots=("nemoasr2pytorch.decoding.tdt_greedy:GreedyTDTDecoder.decode",
               "nemoasr2pytorch.decoding.rnnt_greedy:GreedyRNNTDecoder.decode")),
    Package("trim-transformer==0.1.3", "trim_transformer", {
        "linear_attention_causal_mask": trim_linear_attention_causal_mask,
        "linear_attention_kv_cache_steps": trim_linear_attention_kv_cache_steps}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
