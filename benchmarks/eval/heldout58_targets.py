"""Held-out group 58 of the evaluation: small language-model code in the style of Hugging Face transformers without it
(GPT decoders with causal masks, generation loops with temperature, top-k sampling and stopping on an end-of-sequence
token, a beam search over a decoder's next-token distribution, mixture-of-experts layers routing tokens to experts),
from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout58_targets.py \
        --site benchmarks/eval/.packages-heldout58 --suffix heldout58

sagar-neuron-gpt2: a GPT-2 decoder (learned positions, a causal mask buffer sliced to the length) trained on a batch,
its loss averaged over a loader with a perplexity printed, and its generation loop (context cropping, top-k filtering,
temperature sampling, stopping when any sequence hits the end-of-sequence id). pytorch-mixtures: top-k token-choice
and expert-choice mixture-of-experts layers with their NaN checks, and the router's
z-loss. beam-search-bb: a batched beam search whose candidates keep their states and probabilities as Python lists,
driving a small GRU decoder. torch-gpt-2: a GPT-2 whose attention takes a history mask, and its batched top-k
generation over byte-pair-encoded prompts. token-shift-gpt: a GPT whose feed-forward mixes cumulative token shifts
instead of attention, its training loss and its top-k generation loop with an end-of-sequence stop.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: babygpt (imports transformers' tokenizer), gpt3-torch and mh-moe (require transformers, accelerate or
zetascale). sagar-neuron-gpt2 asks tiktoken for the GPT-2 encoding on import (a download): tiktoken is stood in with a
get_encoding that returns nothing, and no target tokenizes; its weight saving imports tensorflow (stood in, never run).
torch-gpt-2's checkpoint loader imports tensorflow and keras-gpt-2 (stood in, never run); its prompts are encoded by a
character-level stand-in for the byte-pair encoding that its loader would read from files.
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


# ---------------------------------------------------------------------------------------------- sagar-neuron-gpt2
_GPT2_CONFIG = {"vocab_size": 50, "context_length": 8, "emb_dim": 32, "n_heads": 4, "n_layers": 2, "drop_rate": 0.1,
                "qkv_bias": False}


def _sagar_stand_ins():
    import sys

    targets.stand_in("tiktoken", "tensorflow", "tqdm")
    sys.modules["tiktoken"].get_encoding = lambda name: None  # the module-level tokenizer, which no target uses


def _sagar_model(torch):
    _sagar_stand_ins()
    from sagar_neuron_gpt2.model_configuration.gpt_model import GPTModel

    return GPTModel(_GPT2_CONFIG)


def sagar_train_step():
    torch = _seed()
    model = _sagar_model(torch).train()
    from sagar_neuron_gpt2.processing.loss_calculate import CalculatLoss

    losses = CalculatLoss()

    def step(inputs, labels):
        loss = losses.calc_loss_batch(inputs, labels, model, "cpu")
        loss.backward()
        return loss

    return step, [(torch.randint(0, 50, (2, 8)), torch.randint(0, 50, (2, 8)))]


def sagar_loss_loader():
    torch = _seed()
    model = _sagar_model(torch).eval()
    from sagar_neuron_gpt2.processing.loss_calculate import CalculatLoss

    losses = CalculatLoss()

    def evaluate(inputs, labels):
        loader = [(inputs[:1], labels[:1]), (inputs[1:], labels[1:])]
        return losses.calc_loss_loader(loader, model, "cpu", num_batches=2)

    return evaluate, [(torch.randint(0, 50, (2, 8)), torch.randint(0, 50, (2, 8)))]


def sagar_generate():
    torch = _seed()
    model = _sagar_model(torch).eval()
    from sagar_neuron_gpt2.inference_model import Inference

    inference = Inference()

    def generate(prompt):
        return inference.generate(model, prompt, max_new_tokens=4, context_size=8, temperature=0.8, top_k=5,
                                  eos_id=3)

    return generate, [(torch.randint(4, 50, (2, 6)),)]


# ----------------------------------------------------------------------------------------------- pytorch-mixtures
def _moe(torch, kind, expert="ff"):
    from pytorch_mixtures import ExpertChoiceMoE, MoEConfig, TopkMoE

    config = MoEConfig(hidden_dim=16, intermediate_dim=32, num_experts=4, expert_fn=expert, expert_act="silu",
                       router_fn=kind, capacity_factor=1.5, topk=2, dtype=torch.float32)
    return (TopkMoE if kind == "topk" else ExpertChoiceMoE)(config)


def mixtures_topk_moe():
    torch = _seed()
    layer = _moe(torch, "topk")

    def step(x):
        out = layer(x)
        out.pow(2).mean().backward()
        return out

    return step, [(torch.randn(2, 5, 16),)]


def mixtures_expert_choice():
    torch = _seed()
    layer = _moe(torch, "ec", expert="ff").eval()
    return layer, [(torch.randn(2, 6, 16),)]


def mixtures_router_z_loss():
    torch = _seed()
    from pytorch_mixtures.utils import _router_z_loss

    return _router_z_loss, [(torch.randn(2, 5, 4),)]


# -------------------------------------------------------------------------------------------------- beam-search-bb
def beam_search_gru_decoder():
    import math

    torch = _seed()
    from beam_search.beam_search import BeamSearch

    embed, cell, head = torch.nn.Embedding(12, 16), torch.nn.GRU(16, 16, batch_first=True), torch.nn.Linear(16, 12)

    def next_token_probs(candidates):
        """The decoder over every candidate's states so far: (batch, beam, vocabulary) probabilities."""
        states = torch.tensor([[c.states for c in group] for group in candidates])
        batch, beams, length = states.shape
        hidden, _ = cell(embed(states.reshape(batch * beams, length)))
        return head(hidden[:, -1]).softmax(-1).reshape(batch, beams, -1)

    def length_normalised(candidate):
        """The user's score: log-probability over the length so far (the package's own numpy score crashes dynamo)."""
        probs = candidate.probs[:candidate.effective_length]
        return sum(math.log(p) for p in probs) / len(probs)

    search = BeamSearch(next_token_probs, None, score_fn=length_normalised, score_fn_args={},
                        terminal_state=2)

    def decode(start):
        best = search(start, beam_width=2, max_len=4, nbest=1)
        return [group[0].states for group in best]

    return decode, [(torch.tensor([[1], [4]]),)]


# ----------------------------------------------------------------------------------------------------- torch-gpt-2
def _gpt_2(torch):
    targets.stand_in("tensorflow", "keras_gpt_2")
    from torch_gpt_2 import GPT_2

    return GPT_2(n_vocab=40, n_ctx=16, n_embd=16, n_head=2, n_layer=2).eval()


def torch_gpt_2_forward():
    torch = _seed()
    return _gpt_2(torch), [(torch.randint(0, 40, (2, 6)),)]


class _CharacterEncoding:
    """Byte-pair encoding stood in by characters: what generate() needs of it, encode() and decode()."""

    def encode(self, text):
        return [ord(c) % 40 for c in text]

    def decode(self, ids):
        return "".join(chr(97 + i % 26) for i in ids)


def torch_gpt_2_generate():
    torch = _seed()
    net = _gpt_2(torch)
    from torch_gpt_2 import generate

    bpe = _CharacterEncoding()

    def complete(length):
        return generate(net, bpe, ["hello", "abc"], length=length, top_k=2)

    return complete, [(3,)]


# ------------------------------------------------------------------------------------------------- token-shift-gpt
def _token_shift_gpt(torch):
    from token_shift_gpt import TokenShiftGPT
    from token_shift_gpt.autoregressive_wrapper import AutoregressiveWrapper

    return AutoregressiveWrapper(TokenShiftGPT(num_tokens=30, dim=16, max_seq_len=16, depth=2))


def token_shift_gpt_train_step():
    torch = _seed()
    model = _token_shift_gpt(torch).train()

    def step(seq):
        loss = model(seq)
        loss.backward()
        return loss

    return step, [(torch.randint(0, 30, (2, 9)),)]


def token_shift_gpt_generate():
    torch = _seed()
    model = _token_shift_gpt(torch)

    def generate(prompt):
        return model.generate(prompt, 4, eos_token=1, filter_thres=0.8)

    return generate, [(torch.randint(2, 30, (2, 8)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("sagar-neuron-gpt2==0.1.9", "sagar_neuron_gpt2", {
        "train_step": sagar_train_step,
        "loss_loader": sagar_loss_loader,
        "generate": sagar_generate},
        roots=("sagar_neuron_gpt2.processing.loss_calculate:CalculatLoss.*",
               "sagar_neuron_gpt2.inference_model:Inference.generate")),
    Package("pytorch-mixtures==0.1.5", "pytorch_mixtures", {
        "topk_moe": mixtures_topk_moe,
        "expert_choice": mixtures_expert_choice,
        "router_z_loss": mixtures_router_z_loss},
        roots=("pytorch_mixtures.utils:_router_z_loss",)),
    Package("beam-search-bb==0.1", "beam_search", {
        "gru_decoder": beam_search_gru_decoder},
        roots=("beam_search.beam_search:BeamSearch.__call__",)),
    Package("torch-gpt-2==0.3.0", "torch_gpt_2", {
        "forward": torch_gpt_2_forward,
        "generate": torch_gpt_2_generate},
        roots=("torch_gpt_2.gen:generate",),
        dependencies=("torch-position-embedding==0.7.1", "torch-layer-normalization==0.10.2",
                      "torch-multi-head-attention==0.15.1", "torch-transformer==0.18.1", "torch-embed-sim==0.3.2")),
    Package("token-shift-gpt==0.0.2", "token_shift_gpt", {
        "train_step": token_shift_gpt_train_step,
        "generate": token_shift_gpt_generate},
        roots=("token_shift_gpt.autoregressive_wrapper:AutoregressiveWrapper.generate",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
