"""Held-out group 7 of the evaluation: language-model and sequence-model libraries no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout7_targets.py \
        --site benchmarks/eval/.packages-heldout7 --suffix heldout7

In the style of model code as it runs inside compiled training and decoding steps: decoder-only transformers with
grouped-query attention, rotary positions, KV caches set up on the model and padding masks built at run time, their
chunked-output, distillation and early-exit losses, LoRA adapters, DPO/PPO losses, a T5 encoder with relative position
buckets and the library's own sampling loop with top-k, temperature and stop tokens (torchtune), recurrent xLSTM
language models stepped token by token with their state (xlstm), retention networks run parallel, recurrent and
chunkwise (yet-another-retnet), top-n gated mixtures of experts with their
auxiliary losses (st-moe-pytorch), PaLM with its top-k sampling loop and end-of-sequence check (PaLM-pytorch), and
greedy, sampling and beam search over autoregressive and sequence-to-sequence models (pytorch-beam-search).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.
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


# --------------------------------------------------------------------------------------------------------- torchtune
def _tiny_llama3(**overrides):
    from torchtune.models.llama3 import llama3

    config = dict(vocab_size=64, num_layers=1, num_heads=4, num_kv_heads=2, embed_dim=32, max_seq_len=64,
                  intermediate_dim=64)
    return llama3(**{**config, **overrides})


def torchtune_chunked_loss_train_step():
    torch = _seed()
    from torchtune.modules.loss import CEWithChunkedOutputLoss

    model, loss_fn = _tiny_llama3().train(), CEWithChunkedOutputLoss(num_output_chunks=4)
    model.set_num_output_chunks(loss_fn.num_output_chunks)

    def training_loss(tokens, labels):
        return loss_fn(model(tokens), labels)

    labels = torch.randint(0, 64, (2, 12))
    labels[1, 8:] = -100  # padded positions the loss ignores
    return training_loss, [(torch.randint(0, 64, (2, 12)), labels)]


def torchtune_cached_decode_step():
    torch = _seed()
    from torchtune.generation import generate_next_token
    from torchtune.models.llama3_1 import llama3_1

    model = llama3_1(vocab_size=64, num_layers=1, num_heads=4, num_kv_heads=2, embed_dim=32, max_seq_len=64,
                     intermediate_dim=64).eval()
    model.setup_caches(batch_size=2, dtype=torch.float32, decoder_max_seq_len=16)
    causal = torch.tril(torch.ones(16, 16, dtype=torch.bool))

    def decode_step(tokens, input_pos):  # the step torchtune's generate recipe compiles
        mask = causal[None, input_pos].expand(tokens.shape[0], -1, -1)
        return generate_next_token(model, input_pos=input_pos, x=tokens, mask=mask, temperature=0.8, top_k=8)

    prompt, step = torch.randint(0, 64, (2, 5)), torch.randint(0, 64, (2, 1))
    return decode_step, [(prompt, torch.arange(5)), (step, torch.tensor([5]))]


def torchtune_generate_with_padding():
    torch = _seed()
    from torchtune.generation import generate

    model = _tiny_llama3().eval()
    model.setup_caches(batch_size=2, dtype=torch.float32, decoder_max_seq_len=12)
    prompt = torch.randint(2, 64, (2, 5))
    prompt[1, :2] = 0  # left padding: masks and position ids come from the padding mask

    def sample_continuations(prompt):
        return generate(model, prompt, max_generated_tokens=3, pad_id=0, temperature=0.7, top_k=6, stop_tokens=[1])

    return sample_continuations, [(prompt,)]


def torchtune_model_family_forwards():
    torch = _seed()
    from torchtune.models.gemma2 import gemma2
    from torchtune.models.mistral import mistral
    from torchtune.models.phi3 import phi3
    from torchtune.models.qwen2 import qwen2

    small = dict(vocab_size=64, num_layers=1, num_heads=4, num_kv_heads=2, embed_dim=32, max_seq_len=64,
                 intermediate_dim=64)
    models = [qwen2(**small, tie_word_embeddings=True), mistral(**small), phi3(**small),
              gemma2(vocab_size=64, num_layers=2, num_heads=4, head_dim=8, num_kv_heads=2, embed_dim=32,
                     intermediate_dim=64, max_seq_len=64, sliding_window_size=4, hidden_capping_value=50.0,
                     final_capping_value=30.0)]
    models = [model.eval() for model in models]

    def logits(tokens, mask, input_pos):
        return [model(tokens, mask=mask, input_pos=input_pos) for model in models]

    padding = torch.ones(2, 10, dtype=torch.bool)
    padding[1, :3] = False
    mask = torch.tril(torch.ones(10, 10, dtype=torch.bool))[None] & padding[:, None, :]
    input_pos = (padding.cumsum(-1) - 1).clamp(min=0)
    return logits, [(torch.randint(0, 64, (2, 10)), mask, input_pos)]


def torchtune_lora_preference_losses():
    torch = _seed()
    from torchtune import rlhf
    from torchtune.models.llama3 import lora_llama3
    from torchtune.rlhf.loss import DPOLoss

    policy = lora_llama3(lora_attn_modules=["q_proj", "v_proj", "output_proj"], apply_lora_to_mlp=True,
                         vocab_size=64, num_layers=1, num_heads=4, num_kv_heads=2, embed_dim=32, max_seq_len=64,
                         intermediate_dim=64, lora_rank=4, lora_alpha=8.0, lora_dropout=0.1).train()
    reference = _tiny_llama3().eval()
    dpo = DPOLoss(beta=0.1, label_smoothing=0.05)

    def preference_step(chosen, rejected, labels_chosen, labels_rejected):
        def log_probs(model, tokens, labels):
            return rlhf.get_batch_log_probs(model(tokens), labels)

        with torch.no_grad():
            ref_chosen, ref_rejected = log_probs(reference, chosen, labels_chosen), log_probs(reference, rejected,
                                                                                                labels_rejected)
        losses, chosen_rewards, rejected_rewards = dpo(log_probs(policy, chosen, labels_chosen),
                                                       log_probs(policy, rejected, labels_rejected), ref_chosen,
                                                       ref_rejected)
        return losses.mean(), chosen_rewards, rejected_rewards

    chosen, rejected = torch.randint(0, 64, (2, 8)), torch.randint(0, 64, (2, 8))
    labels_chosen, labels_rejected = chosen.clone(), rejected.clone()
    labels_chosen[:, :3] = -100
    labels_rejected[:, :3] = -100
    return preference_step, [(chosen, rejected, labels_chosen, labels_rejected)]


def torchtune_ppo_rewards():
    torch = _seed()
    from torchtune import rlhf

    def ppo_advantages(responses, scores, logprobs, ref_logprobs, values):
        padding_masks, responses = rlhf.truncate_sequence_at_first_stop_token(responses, torch.tensor([1, 2]),
                                                                             fill_value=0)
        rewards, kl, kl_rewards = rlhf.get_rewards_ppo(scores, logprobs, ref_logprobs, kl_coeff=0.05,
                                                       valid_score_idxs=(~padding_masks).sum(-1) - 1)
        advantages, returns = rlhf.estimate_advantages(values, rewards, gamma=1.0, lmbda=0.95, masks=~padding_masks)
        return responses, advantages, returns, kl.sum(1), kl_rewards.sum(1)

    responses = torch.randint(3, 64, (3, 8))
    responses[0, 5], responses[2, 2] = 1, 2
    return ppo_advantages, [(responses, torch.randn(3), torch.randn(3, 8), torch.randn(3, 8), torch.randn(3, 8))]


def torchtune_distillation_and_early_exit():
    torch = _seed()
    from torchtune.modules.early_exit_loss import early_exit_loss
    from torchtune.modules.loss import ForwardKLLoss

    student, teacher = _tiny_llama3(num_layers=2).train(), _tiny_llama3().eval()
    student.output_hidden_states = [0]
    ce, kd = torch.nn.CrossEntropyLoss(ignore_index=-100), ForwardKLLoss(ignore_index=-100)

    def distillation_loss(tokens, labels):
        hidden, logits = student(tokens)
        with torch.no_grad():
            teacher_logits = teacher(tokens)
        flat_logits, flat_teacher = logits.flatten(0, 1), teacher_logits.flatten(0, 1)
        return (ce(flat_logits, labels.flatten()) + 0.5 * kd(flat_logits, flat_teacher, labels)
                + 0.1 * early_exit_loss(student, {0: hidden}, labels, ce))

    labels = torch.randint(0, 64, (2, 10))
    labels[0, 7:] = -100
    return distillation_loss, [(torch.randint(0, 64, (2, 10)), labels)]


def torchtune_t5_encoder():
    torch = _seed()
    from torchtune.models.t5._component_builders import t5_encoder

    encoder = t5_encoder(embed_dim=32, mlp_dim=64, num_heads=4, head_dim=8, num_layers=2, rel_pos_num_buckets=8,
                         rel_pos_max_dist=16, vocab_size=64, norm_eps=1e-6, max_seq_len=16).eval()
    return encoder, [(torch.randint(0, 64, (2, 16)),)]


# ------------------------------------------------------------------------------------------------------------- xlstm
def _xlstm_config(vocab_size=64):
    from xlstm import (FeedForwardConfig, mLSTMBlockConfig, mLSTMLayerConfig, sLSTMBlockConfig, sLSTMLayerConfig,
                       xLSTMLMModelConfig)

    return xLSTMLMModelConfig(
        mlstm_block=mLSTMBlockConfig(mlstm=mLSTMLayerConfig(conv1d_kernel_size=4, qkv_proj_blocksize=4, num_heads=2)),
        slstm_block=sLSTMBlockConfig(slstm=sLSTMLayerConfig(backend="vanilla", num_heads=2, conv1d_kernel_size=4,
                                                            bias_init="powerlaw_blockdependent"),
                                     feedforward=FeedForwardConfig(proj_factor=1.3, act_fn="gelu")),
        context_length=16, num_blocks=2, embedding_dim=16, slstm_at=[1], vocab_size=vocab_size)


def xlstm_language_model_train_step():
    torch = _seed()
    from xlstm import xLSTMLMModel

    model = xLSTMLMModel(_xlstm_config()).train()
    model.reset_parameters()

    def training_loss(tokens):
        logits = model(tokens[:, :-1])
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())

    return training_loss, [(torch.randint(0, 64, (2, 13)),)]


def xlstm_recurrent_decode():
    torch = _seed()
    from xlstm import xLSTMLMModel

    model = xLSTMLMModel(_xlstm_config()).eval()
    model.reset_parameters()

    def greedy_decode(prompt):
        state = None
        for position in range(prompt.shape[1]):
            logits, state = model.step(prompt[:, position:position + 1], state=state)
        tokens = [logits.argmax(-1)]
        for _ in range(3):
            logits, state = model.step(tokens[-1], state=state)
            tokens.append(logits.argmax(-1))
        return torch.cat(tokens, dim=1)

    return greedy_decode, [(torch.randint(0, 64, (2, 4)),)]


# -------------------------------------------------------------------------------------------------- yet-another-retnet
def retnet_parallel_train_step():
    torch = _seed()
    from yet_another_retnet.retnet import RetNet

    model = RetNet(num_tokens=64, d_model=32, nhead=4, num_layers=2, dim_feedforward=64, dropout=0.1).train()
    return model, [(torch.randint(0, 64, (2, 12)), torch.randint(0, 64, (2, 12)))]


def retnet_recurrent_and_chunkwise_decode():
    torch = _seed()
    from yet_another_retnet.retnet import RetNet

    model = RetNet(num_tokens=64, d_model=32, nhead=4, num_layers=2, dim_feedforward=64, dropout=0.0).eval()

    def decode(prompt):
        logits, states = model.forward_chunkwise(prompt, start_idx=0)
        token = logits[:, -1].argmax(-1)
        generated = [token]
        for position in range(prompt.shape[1], prompt.shape[1] + 3):
            step_logits, states = model.forward_recurrent(token, seq_idx=position, prev_states=states)
            token = step_logits.argmax(-1)
            generated.append(token)
        return torch.stack(generated, dim=1)

    return decode, [(torch.randint(0, 64, (2, 6)),)]


# ----------------------------------------------------------------------------------------------------- st-moe-pytorch
def stmoe_sparse_block_train_step():
    torch = _seed()
    from st_moe_pytorch import MoE, SparseMoEBlock

    block = SparseMoEBlock(MoE(dim=16, num_experts=4, gating_top_n=2, threshold_train=0.2, capacity_factor_train=1.25,
                               balance_loss_coef=1e-2, router_z_loss_coef=1e-3), add_ff_before=True,
                           add_ff_after=True).train()

    def training_loss(x):
        out, total_aux_loss, balance_loss, router_z_loss = block(x, noise_gates=True)
        return out.pow(2).mean() + total_aux_loss, balance_loss, router_z_loss

    return training_loss, [(torch.randn(2, 12, 16),)]


def stmoe_top3_eval_routing():
    torch = _seed()
    from st_moe_pytorch import MoE

    moe = MoE(dim=16, num_experts=4, gating_top_n=3, threshold_eval=0.1, capacity_factor_eval=2.0,
              differentiable_topk=True).eval()
    return moe, [(torch.randn(2, 10, 16),)]


# ------------------------------------------------------------------------------------------------------- PaLM-pytorch
def palm_autoregressive_train_step():
    torch = _seed()
    from palm_pytorch import PaLM
    from palm_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(PaLM(num_tokens=64, dim=32, depth=2, dim_head=8, heads=4), max_seq_len=32).train()
    return model, [(torch.randint(0, 64, (2, 13)),)]


def palm_top_k_generate():
    torch = _seed()
    from palm_pytorch import PaLM
    from palm_pytorch.autoregressive_wrapper import AutoregressiveWrapper

    model = AutoregressiveWrapper(PaLM(num_tokens=64, dim=32, depth=1, dim_head=8, heads=4), max_seq_len=32)

    def sample_with_stop(prompt):
        return model.generate(prompt, 4, eos_token=3, temperature=0.8, filter_thres=0.9)

    return sample_with_stop, [(torch.randint(4, 64, (2, 5)),)]


# ------------------------------------------------------------------------------------------------ pytorch-beam-search
def _character_index(module, corpus):
    return module.Index(corpus)


def beam_search_autoregressive_decoding():
    torch = _seed()
    from pytorch_beam_search import autoregressive

    index = _character_index(autoregressive, ["abcdefgh", "hgfedcba", "aceg"])
    transformer = autoregressive.TransformerEncoder(index, max_sequence_length=16, embedding_dimension=16,
                                                    feedforward_dimension=32, layers=1, attention_heads=2).eval()
    lstm = autoregressive.LSTM(index, embedding_dimension=16, hidden_units=16, layers=1).eval()

    def continuations(prefix):
        greedy, greedy_log_probs = autoregressive.greedy_search(transformer, prefix, predictions=3)
        sampled, sampled_log_probs = autoregressive.sample(lstm, prefix, predictions=3, temperature=0.8)
        beams, beam_log_probs = autoregressive.beam_search(lstm, prefix, predictions=3, beam_width=2, batch_size=4)
        return greedy, greedy_log_probs, sampled, sampled_log_probs, beams, beam_log_probs

    return continuations, [(index.text2tensor(["abc", "hgf"]),)]


def beam_search_seq2seq_translation():
    torch = _seed()
    from pytorch_beam_search import seq2seq

    source, target = seq2seq.Index(["abcdef", "fedcba"]), seq2seq.Index(["uvwxyz", "zyxwvu"])
    transformer = seq2seq.Transformer(source, target, max_sequence_length=16, embedding_dimension=16,
                                      feedforward_dimension=32, encoder_layers=1, decoder_layers=1,
                                      attention_heads=2).eval()

    def translations(sentences):
        greedy, greedy_log_probs = seq2seq.greedy_search(transformer, sentences, predictions=4)
        beams, beam_log_probs = seq2seq.beam_search(transformer, sentences, predictions=4, beam_width=2, batch_size=4)
        return greedy, greedy_log_probs, beams, beam_log_probs

    return translations, [(source.text2tensor(["abc", "fed"]),)]


PACKAGES: Tuple[Package, ...] = (
    Package("torchtune==0.6.1", "torchtune", {
        "chunked_loss_train_step": torchtune_chunked_loss_train_step,
        "cached_decode_step": torchtune_cached_decode_step,
        "generate_with_padding": torchtune_generate_with_padding,
        "model_family_forwards": torchtune_model_family_forwards,
        "lora_preference_losses": torchtune_lora_preference_losses, "ppo_rewards": torchtune_ppo_rewards,
        "distillation_and_early_exit": torchtune_distillation_and_early_exit, "t5_encoder": torchtune_t5_encoder},
        roots=("torchtune.generation.*:*", "torchtune.rlhf.*:*", "torchtune.modules.loss.*:*.forward",
               "torchtune.modules.early_exit_loss:early_exit_loss"),
        # `import torchtune` checks torchao and imports its datasets (HF datasets, pyarrow) and tokenizers at module
        # level; none of their code is a target
        dependencies=("torchao==0.10.0", "datasets==3.5.0", "huggingface-hub==0.30.2", "pyarrow==19.0.1",
                      "dill==0.3.8", "multiprocess==0.70.16", "xxhash==3.5.0", "omegaconf==2.3.0",
                      "antlr4-python3-runtime==4.9.3", "pillow==11.2.1", "aiohttp==3.11.16", "multidict==6.4.3",
                      "yarl==1.19.0", "frozenlist==1.5.0", "aiosignal==1.3.2", "attrs==25.3.0", "propcache==0.3.1",
                      "aiohappyeyeballs==2.6.1", "tokenizers==0.21.1", "sentencepiece==0.2.0", "tiktoken==0.9.0",
                      "blobfile==3.0.0", "kagglehub==0.3.11", "psutil==7.0.0", "regex==2024.11.6")),
    Package("xlstm==2.0.6", "xlstm", {
        "language_model_train_step": xlstm_language_model_train_step, "recurrent_decode": xlstm_recurrent_decode},
        roots=("xlstm.*:*.step",)),
    Package("yet-another-retnet==0.5.1", "yet_another_retnet", {
        "parallel_train_step": retnet_parallel_train_step,
        "recurrent_and_chunkwise_decode": retnet_recurrent_and_chunkwise_decode},
        roots=("yet_another_retnet.*:*.forward_recurrent", "yet_another_retnet.*:*.forward_chunkwise")),
    Package("st-moe-pytorch==0.1.8", "st_moe_pytorch", {
        "sparse_block_train_step": stmoe_sparse_block_train_step, "top3_eval_routing": stmoe_top3_eval_routing},
        dependencies=("colt5-attention==0.11.2", "local-attention==1.11.2", "hyper-connections==0.4.11",
                      "torch-einops-utils==0.2.0", "beartype==0.23.1")),
    Package("PaLM-pytorch==0.2.2", "palm_pytorch", {
        "autoregressive_train_step": palm_autoregressive_train_step, "top_k_generate": palm_top_k_generate},
        roots=("palm_pytorch.autoregressive_wrapper:*.generate",)),
    Package("pytorch-beam-search==1.2.2", "pytorch_beam_search", {
        "autoregressive_decoding": beam_search_autoregressive_decoding,
        "seq2seq_translation": beam_search_seq2seq_translation},
        roots=("pytorch_beam_search.*:greedy_search", "pytorch_beam_search.*:sample",
               "pytorch_beam_search.*:beam_search"),
        # its models import pandas and its indexes nltk's vocabulary at module level
        dependencies=("nltk==3.9.1", "pandas==2.2.3", "python-dateutil==2.9.0.post0", "pytz==2025.2",
                      "tzdata==2025.2", "six==1.17.0", "joblib==1.4.2", "click==8.1.8")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
