"""Held-out group 70 of the evaluation: language models written in the style of transformers without it (decoder-only
LMs with rotary embeddings, grouped-query attention behind a registry of attention backends, KV caches kept in dicts,
masks built in forward, greedy / top-k / top-p generation loops, encoder-only BERTs with padding masks and pooling
heads, config objects with flags, LoRA adapters and DPO / chunked log-probability losses), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout70_targets.py \
        --site benchmarks/eval/.packages-heldout70 --suffix heldout70 --jobs 1

baby-llm: its LLaMA-style TinyCausalLM (RMSNorm, RoPE cache, GQA Attention on the `sdpa` and `eager` backends, SwiGLU)
in evaluation and in training steps (plain, with activation checkpointing, with LoRA adapters), the eager-kernel
reference `force_attention_backend` documents, its sampling loop `generate`, the DPO loss on sequence log-probabilities of a policy and a reference, and the chunked token
log-probabilities (checkpointed per chunk). flexitransformers: GPT-style decoders with each positional encoding
(rotary, ALiBi, Shaw relative, T5 relative bias, learned, sinusoidal), a KV-cache step, greedy and sampled decoding
(top-k, top-p), training steps on flexit's own Batch and LabelSmoothing loss (directly, and through its LossCompute
as its `run_epoch` calls it, decoder-only with partial rotary and encoder-decoder with T5 bias), BERT-style encoders with classification
heads and a padding mask, and the encoder-decoder with greedy decoding. minibert: MiniBert's three attention kinds, the
MLM model in training (random masking in forward) and evaluation, sequence classification, and the two-task model.
simple-bert-pytorch: Bert (MLM head), BGE (pooled embedding) and CrossEncoder from their configs at small sizes, with
2-D and 4-D attention masks. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site
folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA): kydon-gpt, nano-gpt, phi-torch,
gpt-simple-lm, genesis-llm, axiomlm (require transformers); optimus-dl (hydra, lm-eval, liger-kernel, datasets);
minigptai (an empty wheel); nanotransformer (a three-token-context toy); original-llm, nanollama,
encoder-decoder-transformer (no installable distribution); language-modeling-transformers (the same code as pylmt,
group 54's). Stand-ins: typer (baby-llm's command line only).
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


# ------------------------------------------------------------------------------------------------------- baby-llm
def _baby_config(**overrides):
    targets.stand_in("typer")
    from baby_llm.configs.base import ModelConfig

    fields = dict(hidden_size=32, num_layers=2, num_heads=4, vocab_size=257, max_seq_len=32)
    attention = overrides.pop("attention", None)
    fields.update(overrides)
    if attention is not None:
        from baby_llm.configs.base import AttentionConfig

        fields["attention"] = AttentionConfig(**attention)
    return ModelConfig(**fields)


def _tiny_lm(**overrides):
    from baby_llm.recipes.minimal_sft import TinyCausalLM

    return TinyCausalLM(_baby_config(**overrides))


def baby_tiny_lm():
    torch = _seed()
    model = _tiny_lm().eval()
    return model, [(torch.randint(0, 257, (2, 12)),)]


def baby_tiny_lm_eager_gqa():
    torch = _seed()
    model = _tiny_lm(num_kv_heads=2, attention={"backend": "eager"}).eval()
    return model, [(torch.randint(0, 257, (2, 12)),)]


def _lm_step(model, torch):
    import torch.nn.functional as F

    def step(input_ids, labels):
        logits = model(input_ids)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), labels.reshape(-1), ignore_index=-100)
        loss.backward()
        return loss

    tokens = torch.randint(0, 257, (2, 13))
    return step, [(tokens[:, :-1], tokens[:, 1:])]


def baby_tiny_lm_train_step():
    torch = _seed()
    return _lm_step(_tiny_lm(num_kv_heads=2).train(), torch)


def baby_tiny_lm_checkpointed_train_step():
    torch = _seed()
    model = _tiny_lm(attention={"backend": "eager", "dropout": 0.1}).train()
    model.activation_checkpointing = True
    return _lm_step(model, torch)


def baby_lora_train_step():
    torch = _seed()
    from baby_llm.modules.lora import apply_lora

    model = _tiny_lm()
    apply_lora(model, ["q_proj", "v_proj"], rank=4, alpha=8.0, dropout=0.1)
    return _lm_step(model.train(), torch)


def baby_eager_reference():
    """The A/B check `force_attention_backend` documents: the same model routed through the eager kernel."""
    torch = _seed()
    from baby_llm.modules.attention import force_attention_backend

    model = _tiny_lm(num_kv_heads=2).eval()

    def reference(input_ids):
        with force_attention_backend("eager"):
            return model(input_ids)

    return reference, [(torch.randint(0, 257, (2, 12)),)]


def baby_generate():
    torch = _seed()
    from baby_llm.recipes.minimal_sft import ByteTokenizer, generate

    model = _tiny_lm().eval()
    tok = ByteTokenizer()
    sample = functools.partial(generate, model, tok, torch.device("cpu"), max_new_tokens=4, temperature=0.8)

    def run(prompt):
        return sample(prompt=prompt)

    return run, [("hello",)]


def baby_dpo_step():
    torch = _seed()
    from baby_llm.recipes.dpo import dpo_loss, sequence_logprobs

    policy = _tiny_lm().train()
    reference = _tiny_lm().eval()

    def step(chosen, rejected, chosen_labels, rejected_labels):
        with torch.no_grad():
            ref_chosen = sequence_logprobs(reference(chosen), chosen_labels)
            ref_rejected = sequence_logprobs(reference(rejected), rejected_labels)
        losses, margins = dpo_loss(sequence_logprobs(policy(chosen), chosen_labels),
                                   sequence_logprobs(policy(rejected), rejected_labels),
                                   ref_chosen, ref_rejected, beta=0.1)
        loss = losses.mean()
        loss.backward()
        return loss, margins

    chosen, rejected = torch.randint(0, 256, (2, 10)), torch.randint(0, 256, (2, 10))
    chosen_labels, rejected_labels = chosen.clone(), rejected.clone()
    chosen_labels[:, :4] = -100  # the prompt is not a target
    rejected_labels[:, :4] = -100
    return step, [(chosen, rejected, chosen_labels, rejected_labels)]


def baby_chunked_logprobs_step():
    torch = _seed()
    from baby_llm.losses import token_logprobs

    model = _tiny_lm().train()

    def step(hidden, targets):
        logps = token_logprobs(model.lm_head, hidden, targets, chunk_size=8)
        loss = -logps.sum() / (targets != -100).sum()
        loss.backward()
        return loss

    hidden = torch.randn(20, 32, requires_grad=True)
    labels = torch.randint(0, 257, (20,))
    labels[:3] = -100
    return step, [(hidden, labels)]


# ----------------------------------------------------------------------------------------------- flexitransformers
def _gpt(pe_type="rotary", **kwargs):
    from flexit import FlexiGPT

    return FlexiGPT(vocab_size=50, d_model=32, n_heads=4, n_layers=2, d_ff=64, pe_type=pe_type, max_seq_len=64,
                    dropout=0.0, **kwargs)


def _causal(torch, seq):
    from flexit.utils.masks import create_combined_mask

    return create_combined_mask(seq, pad_id=0)


def _flexit_gpt(pe_type, **kwargs):
    torch = _seed()
    model = _gpt(pe_type, **kwargs).eval()
    tokens = torch.randint(1, 50, (2, 12))
    tokens[1, 9:] = 0  # padding
    return model, [(tokens, _causal(torch, tokens))]


def flexit_gpt_rotary():
    return _flexit_gpt("rotary")


def flexit_gpt_alibi():
    return _flexit_gpt("alibi", norm_type="rmsnorm", ff_activation="swiglu")


def flexit_gpt_relative():
    return _flexit_gpt("relative")


def flexit_gpt_relative_bias():
    return _flexit_gpt("relative_bias", ff_activation="geglu")


def flexit_gpt_learned():
    return _flexit_gpt("learned", pre_norm=False)


def flexit_gpt_absolute():
    return _flexit_gpt("absolute")


def flexit_gpt_kv_cache_step():
    """Incremental decoding: the prompt fills the per-layer cache dicts, then one token at a time with an offset."""
    torch = _seed()
    model = _gpt("rotary").eval()
    cache = model.init_kv_cache()

    def decode_step(tokens, offset):
        with torch.no_grad():
            return model(tokens, None, cache, offset)

    prompt = torch.randint(1, 50, (1, 6))
    return decode_step, [(prompt, 0), (torch.randint(1, 50, (1, 1)), 6), (torch.randint(1, 50, (1, 1)), 7)]


def flexit_greedy_decode():
    torch = _seed()
    from flexit import greedy_decode

    model = _gpt("rotary").eval()

    def decode(prompt):
        return greedy_decode(model, prompt, None, max_len=10, start_symbol=1, end_symbol=2)

    return decode, [(torch.randint(3, 50, (2, 4)),)]


def flexit_sample_decode_top_k():
    torch = _seed()
    from flexit import sample_decode

    model = _gpt("alibi").eval()

    def decode(prompt):
        return sample_decode(model, prompt, None, max_len=9, start_symbol=1, end_symbol=2, temperature=0.9, top_k=5)

    return decode, [(torch.randint(3, 50, (2, 4)),)]


def flexit_sample_decode_top_p():
    torch = _seed()
    from flexit import sample_decode

    model = _gpt("rotary").eval()

    def decode(prompt):
        return sample_decode(model, prompt, None, max_len=9, start_symbol=1, temperature=1.0, top_p=0.8)

    return decode, [(torch.randint(3, 50, (2, 4)),)]


def flexit_gpt_train_step():
    """flexit's own training pieces: a decoder-only Batch (shifted targets, std mask) and the LabelSmoothing loss."""
    torch = _seed()
    from flexit.training.batch import Batch
    from flexit.training.loss import LabelSmoothing

    model = _gpt("rotary").train()
    criterion = LabelSmoothing(size=50, padding_idx=0, smoothing=0.1)

    def step(sequence):
        batch = Batch(tgt=sequence, pad=0, model_type="decoder-only")
        logits = model(batch.tgt, batch.tgt_mask)
        loss = criterion(logits.reshape(-1, logits.size(-1)), batch.tgt_y.reshape(-1)) / batch.ntokens
        loss.backward()
        return loss

    sequence = torch.randint(1, 50, (2, 11))
    sequence[0, 8:] = 0
    return step, [(sequence,)]


def _loss_compute_step(model, criterion_size, make_batch):
    """The body of flexit's `run_epoch`: hidden states from the model, then its LossCompute (generator + criterion),
    normalised by the batch's token count."""
    from flexit.training.loss import LabelSmoothing, LossCompute

    loss_compute = LossCompute(model.generator, LabelSmoothing(size=criterion_size, padding_idx=0, smoothing=0.1),
                               model)

    def step(*tensors):
        batch = make_batch(*tensors)
        if batch.model_type == "decoder-only":
            _, hidden = model.forward(tgt=batch.tgt, tgt_mask=batch.tgt_mask, return_hidden=True)
        else:
            _, hidden = model.forward(batch.src, batch.tgt, batch.src_mask, batch.tgt_mask, return_hidden=True)
        loss, loss_for_backward = loss_compute(hidden, batch.tgt_y, batch.ntokens)
        loss_for_backward.backward()
        return loss

    return step


def flexit_gpt_loss_compute_step():
    torch = _seed()
    from flexit.training.batch import Batch

    model = _gpt("rotary", rope_percentage=0.5).train()
    step = _loss_compute_step(model, 50, lambda sequence: Batch(tgt=sequence, pad=0, model_type="decoder-only"))
    sequence = torch.randint(1, 50, (2, 11))
    sequence[1, 7:] = 0
    return step, [(sequence,)]


def flexit_seq2seq_loss_compute_step():
    torch = _seed()
    from flexit import FlexiTransformer
    from flexit.training.batch import Batch

    model = FlexiTransformer(src_vocab_size=40, tgt_vocab_size=40, d_model=32, n_heads=4, n_layers=(1, 1), d_ff=64,
                             max_seq_len=64, pe_type="relative_bias").train()
    step = _loss_compute_step(model, 40, lambda src, tgt: Batch(src=src, tgt=tgt, pad=0,
                                                                model_type="encoder-decoder"))
    src, tgt = torch.randint(1, 40, (2, 9)), torch.randint(1, 40, (2, 8))
    src[0, 6:] = 0
    return step, [(src, tgt)]


def flexit_bert_classifier():
    torch = _seed()
    from flexit import FlexiBERT
    from flexit.utils.masks import create_padding_mask

    model = FlexiBERT(vocab_size=50, d_model=32, n_heads=4, n_layers=2, d_ff=64, num_classes=3, max_seq_len=64).eval()
    tokens = torch.randint(1, 50, (2, 10))
    tokens[1, 7:] = 0
    return model, [(tokens, create_padding_mask(tokens))]


def flexit_bert_train_step():
    torch = _seed()
    from flexit import FlexiBERT
    from flexit.training.batch import Batch
    from flexit.training.loss import BertLoss

    model = FlexiBERT(vocab_size=50, d_model=32, n_heads=4, n_layers=2, d_ff=64, num_classes=3, max_seq_len=64,
                      pe_type="rotary", pooling="mean").train()
    loss_fn = BertLoss()

    def step(src, labels):
        batch = Batch(src=src, labels=labels, pad=0, model_type="encoder-only")
        logits = model(batch.src, batch.src_mask)
        loss, _ = loss_fn(logits, batch.labels, batch.ntokens)
        loss.backward()
        return loss

    src = torch.randint(1, 50, (2, 10))
    src[0, 6:] = 0
    return step, [(src, torch.tensor([0, 2]))]


def flexit_encoder_decoder():
    torch = _seed()
    from flexit import FlexiTransformer
    from flexit.utils.masks import create_look_ahead_mask

    model = FlexiTransformer(src_vocab_size=40, tgt_vocab_size=40, d_model=32, n_heads=4, n_layers=(1, 1), d_ff=64,
                             dropout=0.0, max_seq_len=64).eval()
    src, tgt = torch.randint(1, 40, (2, 9)), torch.randint(1, 40, (2, 7))
    tgt_mask, src_mask = create_look_ahead_mask(tgt, src, pad_id=0)
    return model, [(src, tgt, src_mask, tgt_mask)]


def flexit_encoder_decoder_greedy():
    torch = _seed()
    from flexit import FlexiTransformer, greedy_decode

    model = FlexiTransformer(src_vocab_size=40, tgt_vocab_size=40, d_model=32, n_heads=4, n_layers=(1, 1), d_ff=64,
                             dropout=0.0, max_seq_len=64, pe_type="absolute").eval()

    def translate(src, src_mask):
        return greedy_decode(model, src, src_mask, max_len=8, start_symbol=1, end_symbol=2)

    src = torch.randint(3, 40, (2, 9))
    return translate, [(src, (src != 0).unsqueeze(-2))]


# -------------------------------------------------------------------------------------------------------- minibert
def _vocabulary():
    return ["<pad>", "<mask>"] + [f"w{i}" for i in range(30)]


def _minibert_input(torch, seq=16):
    return torch.randint(2, 32, (2, seq))


def _minibert(attention_type_name):
    torch = _seed()
    from minibert import AttentionType, MiniBert, MiniBertConfiguration

    config = MiniBertConfiguration(vocabulary=_vocabulary(), embedding_dim=16, position_embeddings_count=16,
                                   attention_type=getattr(AttentionType, attention_type_name))
    return MiniBert(config).eval(), [(_minibert_input(torch),)]


def minibert_self_attention():
    return _minibert("SelfAttention")


def minibert_attention_embedding():
    return _minibert("AttentionEmbedding")


def minibert_non_transforming():
    return _minibert("NonTransformingAttention")


def _mlm_config(config_class, **kwargs):
    from minibert import PositionalEmbeddingType

    return config_class(vocabulary=_vocabulary(), embedding_dim=16, position_embeddings_count=16, mask_idx=1,
                        position_type=PositionalEmbeddingType.FIXED, **kwargs)


def minibert_mlm_train_step():
    torch = _seed()
    from minibert import MiniBertForMLM, MiniBertForMLMConfiguration

    model = MiniBertForMLM(_mlm_config(MiniBertForMLMConfiguration)).train()

    def step(tokens):
        _, loss = model(tokens)
        loss.backward()
        return loss

    return step, [(_minibert_input(torch),)]


def minibert_mlm_eval():
    torch = _seed()
    from minibert import MiniBertForMLM, MiniBertForMLMConfiguration

    model = MiniBertForMLM(_mlm_config(MiniBertForMLMConfiguration)).eval()
    return model, [(_minibert_input(torch),)]


def minibert_sequence_classification():
    torch = _seed()
    from minibert import MiniBertForSequenceClassification, MiniBertForSequenceClassificationConfiguration

    config = MiniBertForSequenceClassificationConfiguration(vocabulary=_vocabulary(), embedding_dim=16,
                                                            position_embeddings_count=16, output_size=3)
    return MiniBertForSequenceClassification(config).eval(), [(_minibert_input(torch),)]


def minibert_mlm_and_classification():
    torch = _seed()
    from minibert import MiniBertForMLMAndSequenceClassification, MiniBertForMLMAndSequenceClassificationConfiguration

    model = MiniBertForMLMAndSequenceClassification(
        _mlm_config(MiniBertForMLMAndSequenceClassificationConfiguration, cls_output_size=3)).train()
    tokens = _minibert_input(torch)
    return model, [(tokens, 0), (tokens, 1)]


def minibert_mlm_and_regression():
    torch = _seed()
    from minibert import MiniBertForMLMAndRegression, MiniBertForMLMAndRegressionConfiguration

    model = MiniBertForMLMAndRegression(_mlm_config(MiniBertForMLMAndRegressionConfiguration, reg_output_size=1)).eval()
    tokens = _minibert_input(torch)
    return model, [(tokens, 0), (tokens, 1)]


# --------------------------------------------------------------------------------------------- simple-bert-pytorch
_SMALL_BERT = dict(vocab_size=100, num_layers=2, dim=32, num_heads=4, intermediate_size=64, max_length=64,
                   pad_token_id=0, dropout=0.1, attention_dropout=0.1, activation="gelu", layer_norm_eps=1e-12)


def _bert_inputs(torch):
    input_ids = torch.randint(1, 100, (2, 12))
    input_ids[1, 8:] = 0
    return input_ids, input_ids != 0


def simple_bert_mlm():
    torch = _seed()
    from simple_bert_pytorch.models.bert import Bert

    model = Bert.from_config(dict(_SMALL_BERT)).eval()
    input_ids, mask = _bert_inputs(torch)
    return model, [(input_ids, mask)]


def simple_bert_mlm_train_step():
    torch = _seed()
    from simple_bert_pytorch.models.bert import Bert

    model = Bert.from_config(dict(_SMALL_BERT)).train()

    def step(input_ids, attention_mask, labels):
        logits = model(input_ids, attention_mask=attention_mask)
        loss = torch.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1), ignore_index=-100)
        loss.backward()
        return loss

    input_ids, mask = _bert_inputs(torch)
    labels = torch.where(torch.rand(input_ids.shape) < 0.3, input_ids, torch.full_like(input_ids, -100))
    return step, [(input_ids, mask, labels)]


def simple_bert_bge():
    torch = _seed()
    from simple_bert_pytorch.models.bge import BGE

    model = BGE.from_config(dict(_SMALL_BERT)).eval()
    input_ids, mask = _bert_inputs(torch)
    return model, [(input_ids, mask)]


def simple_bert_cross_encoder():
    torch = _seed()
    from simple_bert_pytorch.models.cross_encoder import CrossEncoder

    model = CrossEncoder.from_config(dict(_SMALL_BERT)).eval()
    input_ids, mask = _bert_inputs(torch)
    token_type_ids = torch.zeros_like(input_ids)
    token_type_ids[:, 6:] = 1  # query, then passage
    pairwise = mask[:, None, :] & mask[:, :, None]  # a (batch, seq, seq) mask
    return model, [(input_ids, pairwise)], {"token_type_ids": token_type_ids}


PACKAGES: Tuple[Package, ...] = (
    Package("baby-llm==0.2.0", "baby_llm", {
        "tiny_lm": baby_tiny_lm,
        "tiny_lm_eager_gqa": baby_tiny_lm_eager_gqa,
        "tiny_lm_train_step": baby_tiny_lm_train_step,
        "tiny_lm_checkpointed_train_step": baby_tiny_lm_checkpointed_train_step,
        "lora_train_step": baby_lora_train_step,
        "eager_reference": baby_eager_reference,
        "generate": baby_generate,
        "dpo_step": baby_dpo_step,
        "chunked_logprobs_step": baby_chunked_logprobs_step},
        roots=("baby_llm.recipes.minimal_sft:generate", "baby_llm.recipes.dpo:sequence_logprobs",
               "baby_llm.recipes.dpo:dpo_loss", "baby_llm.losses:token_logprobs",
               "baby_llm.modules.attention:force_attention_backend")),
    Package("flexitransformers==0.3.0", "flexit", {
        "gpt_rotary": flexit_gpt_rotary,
        "gpt_alibi": flexit_gpt_alibi,
        "gpt_relative": flexit_gpt_relative,
        "gpt_relative_bias": flexit_gpt_relative_bias,
        "gpt_learned": flexit_gpt_learned,
        "gpt_absolute": flexit_gpt_absolute,
        "gpt_kv_cache_step": flexit_gpt_kv_cache_step,
        "greedy_decode": flexit_greedy_decode,
        "sample_decode_top_k": flexit_sample_decode_top_k,
        "sample_decode_top_p": flexit_sample_decode_top_p,
        "gpt_train_step": flexit_gpt_train_step,
        "gpt_loss_compute_step": flexit_gpt_loss_compute_step,
        "seq2seq_loss_compute_step": flexit_seq2seq_loss_compute_step,
        "bert_classifier": flexit_bert_classifier,
        "bert_train_step": flexit_bert_train_step,
        "encoder_decoder": flexit_encoder_decoder,
        "encoder_decoder_greedy": flexit_encoder_decoder_greedy},
        roots=("flexit.inference.decoding:greedy_decode", "flexit.inference.decoding:*.decode",
               "flexit.inference.sampling:sample_decode", "flexit.training.batch:Batch.*",
               "flexit.training.loss:BertLoss.__call__", "flexit.training.loss:LossCompute.__call__"),
        dependencies=("tqdm==4.70.1",)),
    Package("minibert==0.2.2", "minibert", {
        "self_attention": minibert_self_attention,
        "attention_embedding": minibert_attention_embedding,
        "non_transforming": minibert_non_transforming,
        "mlm_train_step": minibert_mlm_train_step,
        "mlm_eval": minibert_mlm_eval,
        "sequence_classification": minibert_sequence_classification,
        "mlm_and_classification": minibert_mlm_and_classification,
        "mlm_and_regression": minibert_mlm_and_regression}),
    Package("simple-bert-pytorch==0.2.0", "simple_bert_pytorch", {
        "bert_mlm": simple_bert_mlm,
        "bert_mlm_train_step": simple_bert_mlm_train_step,
        "bge": simple_bert_bge,
        "cross_encoder": simple_bert_cross_encoder}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
