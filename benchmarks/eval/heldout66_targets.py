"""Held-out group 66 of the evaluation: language models written in the style of transformers without it (decoder-only
LLM families built from composable blocks: grouped-query, sliding-window, multi-head latent, chunked and linear
attention with rotary, partial and scaled rotary embeddings, softcapped logits, mixture-of-experts routers with
load-balance losses, multi-token prediction, a trainer's loss over structured outputs; frontier-lab attention
mechanisms as drop-in modules with index-selected sparse attention and auxiliary losses; and a small causal LM with a
lazily cached rotary table, a padding-aware loss and a top-k / top-p sampling loop; a Llama-style chat model with a
per-layer KV cache, an additive padding mask, output dataclasses and greedy / nucleus generation; a small historical LM
with a repetition-penalised sampler), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout66_targets.py \
        --site benchmarks/eval/.packages-heldout66 --suffix heldout66 --jobs 1

OpenLanguageModel (olm): the model families at tiny sizes in evaluation (Llama 3, GPT-2, OPT, Gemma 2 / 3, Qwen 3
MoE, Qwen3-Next, DeepSeek-V3, Llama 4, Kimi Linear, MiniMax-M2, OLMo 3, Phi-3), Llama 3 with a padding mask passed
through the blocks, training steps through the Trainer's own loss (`_compute_model_loss`) for GPT-2, Llama 3 and
DeepSeek-V3, a top-k router with its load-balance loss, and the attention modules the families do not use (sparse
attention, flash attention with RoPE, ALiBi) and the scaled rotary embeddings (YaRN, dynamic NTK). attnhut: each
attention module on a (batch, seq, dim) tensor, the sparse ones with their auxiliary losses. corext: COREXModel in
evaluation, its loss on labels with padding, with gradient checkpointing, and its `generate` sampling loop. flatbuild:
FlatbuildModel's forward (a ModelOutput with the per-layer cache), a training step with labels, linear RoPE scaling,
label smoothing and token accuracy, one cached decode step after a padded prefill, and `generate` greedy (with an
EOS check) and sampling (top-k, top-p). eka-ai: EKA1Model in evaluation and one generation step through its
`sample_token` (repetition penalty over the context list, temperature, top-k, top-p, multinomial).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

olm imports `transformers.AutoTokenizer`, `datasets`, `tokenizers` and `wandb` at package import for its tokenizer,
dataset and logger modules (none in its METADATA): they are stand-ins, outside anything compiled. corext's `generate`
crashes in its top-k and top-p branches (a (1, 1, 1) threshold broadcast to 3-D logits, a 1-D scatter index), so
the sampling target runs it with `top_k=0, top_p=1.0` (temperature and the repetition penalty).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()

VOCAB = 64


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------------- olm
def _olm():
    targets.stand_in("transformers", "datasets", "tokenizers", "tokenizers.models", "tokenizers.trainers",
                     "tokenizers.pre_tokenizers", "wandb")
    torch = _seed()
    return torch


_DENSE = dict(vocab_size=VOCAB, embed_dim=32, intermediate_size=64, num_layers=2, num_heads=4, num_kv_heads=2,
              max_seq_len=32)
_LATENT = dict(vocab_size=VOCAB, embed_dim=32, num_layers=2, num_heads=4, max_seq_len=32, kv_lora_rank=8,
               qk_nope_head_dim=8, qk_rope_head_dim=4, v_head_dim=8, q_lora_rank=16, moe_intermediate_size=16,
               num_experts=4, num_shared_experts=1, top_k=2)


def _olm_model(name, **config):
    torch = _olm()
    import olm.models

    model = getattr(olm.models, name)(**config).eval()
    return model, [(torch.randint(0, VOCAB, (2, 8)),)]


def olm_llama3():
    return _olm_model("Llama3Model", **_DENSE)


def olm_gpt2():
    return _olm_model("GPT2Model", vocab_size=VOCAB, embed_dim=32, num_layers=2, num_heads=4, max_seq_len=32)


def olm_opt():
    return _olm_model("OPTModel", vocab_size=VOCAB, embed_dim=32, intermediate_size=64, num_layers=2, num_heads=4)


def olm_gemma2():
    return _olm_model("Gemma2Model", **_DENSE, head_dim=8, sliding_window=4, query_pre_attn_scalar=8.0)


def olm_gemma3():
    return _olm_model("Gemma3Model", **_DENSE, head_dim=8, sliding_window=4, sliding_window_pattern=2)


def olm_olmo3():
    return _olm_model("Olmo3Model", **_DENSE, head_dim=8, sliding_window=4, sliding_window_pattern=2)


def olm_phi3():
    return _olm_model("Phi3Model", **_DENSE)


def olm_qwen3_moe():
    return _olm_model("Qwen3Model", vocab_size=VOCAB, embed_dim=32, moe_intermediate_size=16, num_layers=2,
                      num_heads=4, num_kv_heads=2, max_seq_len=32, num_experts=4, top_k=2, head_dim=8)


def olm_qwen3_next():
    return _olm_model("Qwen3NextModel", vocab_size=VOCAB, embed_dim=32, num_layers=2, num_heads=4, num_kv_heads=2,
                      head_dim=8, max_seq_len=32, linear_num_key_heads=2, linear_num_value_heads=4,
                      linear_key_head_dim=8, linear_value_head_dim=8, linear_conv_kernel_size=4,
                      moe_intermediate_size=16, num_experts=4, num_shared_experts=1, top_k=2,
                      full_attention_interval=2)


def olm_deepseek_v3():
    return _olm_model("DeepSeekV3Model", **_LATENT, dense_intermediate_size=64, first_k_dense_replace=1)


def olm_llama4():
    return _olm_model("Llama4MaverickModel", vocab_size=VOCAB, embed_dim=32, intermediate_size=64,
                      moe_intermediate_size=16, num_layers=4, num_heads=4, num_kv_heads=2, head_dim=8,
                      max_seq_len=32, chunk_size=4, num_experts=4, top_k=1)


def olm_kimi_linear():
    return _olm_model("KimiLinearModel", vocab_size=VOCAB, embed_dim=32, num_layers=2, kda_num_heads=4,
                      kda_head_dim=8, kda_conv_kernel_size=4, mla_num_heads=4, max_seq_len=32, kv_lora_rank=8,
                      qk_nope_head_dim=8, qk_rope_head_dim=4, v_head_dim=8, q_lora_rank=16, intermediate_size=64,
                      moe_intermediate_size=16, num_experts=4, num_shared_experts=1, top_k=2,
                      full_attention_interval=2)


def olm_minimax_m2():
    return _olm_model("MiniMaxM2Model", vocab_size=VOCAB, embed_dim=32, moe_intermediate_size=16, num_layers=2,
                      num_heads=4, num_kv_heads=2, max_seq_len=32, num_experts=4, top_k=2, head_dim=8)


def olm_llama3_padding_mask():
    torch = _olm()
    import olm.models

    model = olm.models.Llama3Model(**_DENSE).eval()
    tokens = torch.randint(0, VOCAB, (2, 8))
    keep = torch.ones(2, 8, dtype=torch.long)
    keep[1, 5:] = 0
    mask = torch.tril(torch.ones(8, 8, dtype=torch.long))[None, None] * keep[:, None, None, :]

    def forward(input_ids, attention_mask):
        return model(input_ids, mask=attention_mask)

    return forward, [(tokens, mask)]


def _olm_train_step(name, **config):
    torch = _olm()
    import olm.models
    from olm.train.trainer import Trainer

    model = getattr(olm.models, name)(**config).train()
    trainer = Trainer(model, torch.optim.AdamW, dataloader=None, device="cpu", context_length=8, use_amp=False)
    tokens = torch.randint(0, VOCAB, (2, 9))

    def step(inputs, labels):
        loss, output = trainer._compute_model_loss(model(inputs), labels)
        loss.backward()
        return loss, output.logits

    return step, [(tokens[:, :-1], tokens[:, 1:])]


def olm_gpt2_train_step():
    return _olm_train_step("GPT2Model", vocab_size=VOCAB, embed_dim=32, num_layers=2, num_heads=4, max_seq_len=32)


def olm_llama3_train_step():
    return _olm_train_step("Llama3Model", **_DENSE, dropout=0.1)


def olm_deepseek_v3_train_step():
    return _olm_train_step("DeepSeekV3Model", **_LATENT, dense_intermediate_size=64, first_k_dense_replace=1)


def olm_router_load_balance():
    torch = _olm()
    from olm.nn.moe import MoERouter
    from olm.train.losses import LoadBalanceLoss

    router = MoERouter(32, num_experts=4, top_k=2, scoring_func="sigmoid", routing_method="noaux_tc").train()
    balance = LoadBalanceLoss(num_experts=4, top_k=2)

    def route(x):
        indices, weights, logits = router(x)
        loss = balance(logits, indices)
        loss.backward()
        router.update_expert_bias_()
        return weights, loss

    return route, [(torch.randn(2, 8, 32),)]


def olm_sparse_attention():
    torch = _olm()
    from olm.nn.attention import SparseAttentionwithRoPE

    attention = SparseAttentionwithRoPE(32, 4, max_seq_len=32, window=4, global_tokens=1, block_size=4).eval()
    return attention, [(torch.randn(2, 8, 32),)]


def olm_flash_attention_rope():
    torch = _olm()
    from olm.nn.attention import FlashAttentionwithRoPE

    attention = FlashAttentionwithRoPE(32, 4, max_seq_len=32, causal=True).eval()
    return attention, [(torch.randn(2, 8, 32),)]


def olm_alibi_attention():
    torch = _olm()
    from olm.nn.attention import MultiHeadAttentionwithALiBi

    attention = MultiHeadAttentionwithALiBi(32, 4, max_seq_len=32).eval()
    return attention, [(torch.randn(2, 8, 32),)]


def olm_scaled_rope():
    torch = _olm()
    from olm.nn.embeddings.positional import ScaledRotaryPositionalEmbedding

    yarn = ScaledRotaryPositionalEmbedding(8, max_seq_len=32, scaling_type="yarn", scaling_factor=2.0,
                                           original_max_seq_len=16)
    ntk = ScaledRotaryPositionalEmbedding(8, max_seq_len=32, scaling_type="dynamic_ntk", scaling_factor=2.0,
                                          original_max_seq_len=16)

    def rotate(x):
        return yarn(x), ntk(x)

    return rotate, [(torch.randn(2, 4, 8, 8),)]


# --------------------------------------------------------------------------------------------------------- attnhut
def _attention(name, *args, **kwargs):
    torch = _seed()
    import attnhut

    module = getattr(attnhut, name)(*args, **kwargs).eval()
    return module, [(torch.randn(2, 16, 32),)]


def attnhut_standard():
    return _attention("StandardAttention", 32, 4, causal=True)


def attnhut_multi_query():
    return _attention("MultiQueryAttention", 32, 4, causal=True)


def attnhut_grouped_query_mask():
    torch = _seed()
    import attnhut

    module = attnhut.GroupedQueryAttention(32, 4, 2).eval()
    mask = torch.ones(16, 16, dtype=torch.bool).tril()
    return module, [(torch.randn(2, 16, 32),)], {"attn_mask": mask}


def attnhut_bigbird():
    torch = _seed()
    import attnhut

    module = attnhut.BigBirdAttention(32, 4, block_size=4, num_window_blocks=3, num_random_blocks=1,
                                      num_global_blocks=1).eval()
    padding = torch.ones(2, 16, dtype=torch.bool)
    padding[1, 12:] = False
    return module, [(torch.randn(2, 16, 32), padding)]


def attnhut_minimax_sparse():
    torch = _seed()
    import attnhut

    module = attnhut.MiniMaxSparseAttention(32, 4, num_kv_groups=2, block_size=4, top_k=2).train()

    def step(x):
        out, aux = module(x, return_aux=True)
        loss = out.pow(2).mean() + attnhut.msa_index_aux_loss(aux["index_scores"], aux["attn_weights"], aux["keep"])
        loss.backward()
        return loss

    return step, [(torch.randn(2, 16, 32),)]


def attnhut_deepseek_sparse():
    torch = _seed()
    import attnhut

    module = attnhut.DeepSeekSparseAttention(32, 4, top_k=4, num_index_heads=2, index_head_dim=8).train()

    def step(x):
        out, aux = module(x, return_aux=True)
        loss = out.pow(2).mean()
        loss.backward()
        return loss, aux["selected"]

    return step, [(torch.randn(2, 16, 32),)]


def attnhut_latent():
    return _attention("MultiHeadLatentAttention", 32, 4, q_lora_rank=16, kv_lora_rank=8, qk_nope_head_dim=8,
                      qk_rope_head_dim=4, v_head_dim=8)


def attnhut_heavily_compressed():
    return _attention("HeavilyCompressedAttention", 32, 4, compression_rate=4, window=4)


def attnhut_compressed_sparse():
    return _attention("CompressedSparseAttention", 32, 4, compression_rate=2, top_k=2, num_index_heads=2,
                      index_dim=8, window=4)


def attnhut_delta():
    return _attention("DeltaAttention", 32, 4, window=4, sink=2, stride=4)


def attnhut_differential():
    return _attention("DifferentialAttention", 32, 4, depth=1)


def attnhut_slot():
    return _attention("SlotAttention", 32, num_slots=3, num_iters=2, hidden_dim=16)


def attnhut_cjepa_step():
    torch = _seed()
    import attnhut

    module = attnhut.CausalJEPAAttention(16, 2, num_slots=3, history_frames=2, pred_frames=1, num_masked_slots=1,
                                         depth=1).train()
    slots = torch.randn(2, 3, 3, 16)

    def step(history, future):
        pred, masked = module(history)
        loss = attnhut.cjepa_masked_loss(pred, torch.cat([history, future], dim=1), masked, 2)
        loss.backward()
        return loss

    return step, [(slots[:, :2], slots[:, 2:])]


# ---------------------------------------------------------------------------------------------------------- corext
def _corext(**overrides):
    torch = _seed()
    from corext.config import COREXConfig
    from corext.model import COREXModel

    config = COREXConfig(vocab_size=VOCAB, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=4, max_position_embeddings=32, **overrides)
    return torch, COREXModel(config)


def corext_forward():
    torch, model = _corext()
    return model.eval(), [(torch.randint(3, VOCAB, (2, 8)),), (torch.randint(3, VOCAB, (2, 12)),)]


def corext_loss_with_padding():
    torch, model = _corext()
    model.train()
    tokens = torch.randint(3, VOCAB, (2, 8))
    tokens[1, 6:] = model.config.pad_token_id

    def loss(input_ids):
        return model(input_ids, labels=input_ids)

    return loss, [(tokens,)]


def corext_gradient_checkpointing():
    torch, model = _corext()
    model.set_gradient_checkpointing(True)
    model.train()
    return model, [(torch.randint(3, VOCAB, (2, 8)),)]


def corext_generate():
    torch, model = _corext()

    def sample(prompt):
        return model.generate(prompt, max_new_tokens=3, temperature=0.8, top_p=1.0, top_k=0)

    return sample, [(torch.randint(3, VOCAB, (1, 6)),)]


# ------------------------------------------------------------------------------------------------------- flatbuild
def _flatbuild(**overrides):
    torch = _seed()
    from flatbuild.config import ModelConfig
    from flatbuild.models import FlatbuildModel

    config = ModelConfig(vocab_size=VOCAB, n_layers=2, n_heads=4, n_kv_heads=2, hidden_dim=32, ffn_dim=64,
                         context_length=32, **overrides)
    return torch, FlatbuildModel(config)


def flatbuild_forward():
    torch, model = _flatbuild()
    model.eval()

    def forward(input_ids):
        out = model(input_ids)
        return out.logits, out.present_kv

    return forward, [(torch.randint(0, VOCAB, (2, 8)),)]


def flatbuild_train_step():
    torch, model = _flatbuild(residual_dropout=0.1, rope_scaling={"type": "linear", "factor": 2.0})
    from flatbuild.losses.cross_entropy import LabelSmoothingLoss
    from flatbuild.metrics.language_modeling import compute_token_accuracy

    model.train()
    smoothing = LabelSmoothingLoss(eps=0.1)
    labels = torch.randint(0, VOCAB, (2, 8))
    labels[1, 6:] = -100

    def step(input_ids, labels):
        out = model(input_ids, labels=labels)
        loss = out.loss + smoothing(out.logits, labels)
        loss.backward()
        return loss, compute_token_accuracy(out.logits, labels)

    return step, [(torch.randint(0, VOCAB, (2, 8)), labels)]


def flatbuild_cached_decode():
    torch, model = _flatbuild()
    model.eval()
    prompt = torch.randint(0, VOCAB, (2, 6))
    padding = torch.zeros(2, 6)
    padding[1, :2] = float("-inf")
    with torch.no_grad():
        prefill = model(prompt, attention_mask=padding[:, None, None, :])

    def decode(next_ids, past_kv, attention_mask):
        out = model(next_ids, past_kv=past_kv, attention_mask=attention_mask)
        return out.logits[:, -1].argmax(-1), out.present_kv

    mask = torch.cat([padding, torch.zeros(2, 1)], dim=1)[:, None, None, :]
    return decode, [(prompt[:, -1:], prefill.present_kv, mask)]


def flatbuild_generate_greedy():
    torch, model = _flatbuild()

    def generate(prompt):
        return model.generate(prompt, max_new_tokens=3, do_sample=False, eos_token_id=1)

    return generate, [(torch.randint(2, VOCAB, (1, 5)),)]


def flatbuild_generate_sample():
    torch, model = _flatbuild()

    def generate(prompt):
        return model.generate(prompt, max_new_tokens=3, temperature=0.7, top_k=8, top_p=0.9)

    return generate, [(torch.randint(2, VOCAB, (1, 5)),)]


# ---------------------------------------------------------------------------------------------------------- eka-ai
def _eka():
    torch = _seed()
    from eka_ai.config import EKAConfig
    from eka_ai.model import EKA1Model

    config = EKAConfig(vocab_size=VOCAB, n_layers=2, n_heads=4, n_kv_heads=2, d_model=32, d_ffn=64,
                       context_length=16)
    return torch, EKA1Model(config).eval()


def eka_forward():
    torch, model = _eka()
    return model, [(torch.randint(0, VOCAB, (1, 8)),)]


def eka_sample_step():
    torch, model = _eka()
    from eka_ai.utils import sample_token

    def next_token(idx, context):
        logits = model(idx)
        return sample_token(logits[0, -1, :], temperature=0.8, top_k=8, top_p=0.9, input_ids=context,
                            repetition_penalty=1.1)

    context = [5, 9, 12, 5, 7]
    return next_token, [(torch.tensor([context]), context)]


PACKAGES: Tuple[Package, ...] = (
    Package("openlanguagemodel==2.2.1", "olm", {
        "llama3": olm_llama3,
        "gpt2": olm_gpt2,
        "opt": olm_opt,
        "gemma2": olm_gemma2,
        "gemma3": olm_gemma3,
        "olmo3": olm_olmo3,
        "phi3": olm_phi3,
        "qwen3_moe": olm_qwen3_moe,
        "qwen3_next": olm_qwen3_next,
        "deepseek_v3": olm_deepseek_v3,
        "llama4": olm_llama4,
        "kimi_linear": olm_kimi_linear,
        "minimax_m2": olm_minimax_m2,
        "llama3_padding_mask": olm_llama3_padding_mask,
        "gpt2_train_step": olm_gpt2_train_step,
        "llama3_train_step": olm_llama3_train_step,
        "deepseek_v3_train_step": olm_deepseek_v3_train_step,
        "router_load_balance": olm_router_load_balance,
        "sparse_attention": olm_sparse_attention,
        "flash_attention_rope": olm_flash_attention_rope,
        "alibi_attention": olm_alibi_attention,
        "scaled_rope": olm_scaled_rope,
    }, roots=("olm.train.trainer.trainer:Trainer._compute_model_loss",
              "olm.train.trainer.trainer:Trainer._sum_aux_losses", "olm.train.output:as_lm_output")),
    Package("attnhut==0.5.0", "attnhut", {
        "standard": attnhut_standard,
        "multi_query": attnhut_multi_query,
        "grouped_query_mask": attnhut_grouped_query_mask,
        "bigbird": attnhut_bigbird,
        "minimax_sparse": attnhut_minimax_sparse,
        "deepseek_sparse": attnhut_deepseek_sparse,
        "latent": attnhut_latent,
        "heavily_compressed": attnhut_heavily_compressed,
        "compressed_sparse": attnhut_compressed_sparse,
        "delta": attnhut_delta,
        "differential": attnhut_differential,
        "slot": attnhut_slot,
        "cjepa_step": attnhut_cjepa_step,
    }, roots=("attnhut.minimax_sparse:msa_index_aux_loss", "attnhut.cjepa:cjepa_masked_loss")),
    Package("corext==0.1.0", "corext", {
        "forward": corext_forward,
        "loss_with_padding": corext_loss_with_padding,
        "gradient_checkpointing": corext_gradient_checkpointing,
        "generate": corext_generate,
    }, roots=("corext.model:COREXModel.generate",), dependencies=("tqdm==4.70.1",)),
    Package("flatbuild==0.1.1", "flatbuild", {
        "forward": flatbuild_forward,
        "train_step": flatbuild_train_step,
        "cached_decode": flatbuild_cached_decode,
        "generate_greedy": flatbuild_generate_greedy,
        "generate_sample": flatbuild_generate_sample,
    }, roots=("flatbuild.models.transformer:FlatbuildModel.generate",
              "flatbuild.metrics.language_modeling:compute_token_accuracy")),
    Package("eka-ai==1.0.4", "eka_ai", {
        "forward": eka_forward,
        "sample_step": eka_sample_step,
    }, roots=("eka_ai.utils:sample_token",)),
)


package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
