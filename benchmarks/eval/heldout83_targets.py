"""Held-out group 83 of the evaluation: efficient and conditional-compute language models in the style of
transformers (a mixture-of-experts layer with hierarchical top-k routing, capacity penalties and load-balancing
losses; a hierarchical MoE with per-sample expert dispatch by index; a Mamba-3 selective state-space LM with its
recurrent decode step; Titans, memory-augmented transformers that learn a fast-weight memory at test time, with
sliding-window and persistent-memory attention; RWKV-8 ROSA, differentiable retrieval over an exact suffix automaton), from packages no rule was tuned on, measured before any rule
changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout83_targets.py \
        --site benchmarks/eval/.packages-heldout83 --suffix heldout83 --jobs 1

Cluster of experts (cluster-moe): the CoE layer (tree router: cluster then expert top-k, reliability weighting,
adaptive routing weights; expert clusters with capacity penalties and usage buffers) in eval and in training mode, the
CoE language model, and a training step on its cross entropy plus auxiliary losses. Hierarchical MoE (celmoe-vp): a
two-level hierarchy of user-written experts dispatched by per-sample routes (index_select / index_copy_), with learned
and position-aware fusion, gradient scaling, an expert that returns its own loss, and a training step on the
package's loss API. Mamba-3 (mamba3-ssm): the SISO and MIMO layers (CPU scan path), the LM head model with MLP
sub-layers, a training step, and a user's greedy decode loop on `Mamba3.step` with the inference cache. Titans
(titans-memory): the neural memory alone, MAC / MAG / MAL / LMM language models (with labels: loss), a training step
on the package's optimizer builder, and `generate` (top-k sampling). ROSA (rosa-torch, its pure-Python candidate
backend): the retrieval layer (all positions, and at chosen query positions), with learned residual scores, virtual / dense-recent / sparse-old candidates and neural
values, a small LM training step on its LM loss plus the module's auxiliary losses (`ROSA.combine_losses`), and the
exact `reference_rosa` / `build_hard_candidates` on token ids. rosa-torch was added after a first blind measurement
of the other four packages gave 10 breaks (celmoe, mamba3_ssm and titans compile whole); compilelint was unchanged
between the two. Same shape as targets.py (PACKAGES,
DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does not import
torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or files): litrwkv (its wheel ships
model/v7.py without the base, ops and utils modules it imports); tinypeft (transformers required); esmoe (ultralytics);
mh-moe (zetascale, swarms); bidirectional-mamba (mamba-ssm, causal-conv1d: CUDA); rwkv-ops (keras); titans-pytorch
(x-transformers and group 1-16 libraries again); mambax (its pscan is mambapy's, group 2); kamoe (keras).
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


# ---------------------------------------------------------------------------------------------------- cluster-moe
def _coe_config(**overrides):
    from cluster_moe import CoEConfig

    settings = dict(d_model=16, d_ff=32, num_clusters=2, experts_per_cluster=3, top_k_clusters=2, top_k_experts=2,
                    dropout=0.0)
    settings.update(overrides)
    return CoEConfig(**settings)


def coe_layer_eval():
    torch = _seed()
    from cluster_moe import ClusterOfExpertsLayer

    layer = ClusterOfExpertsLayer(_coe_config()).eval()
    return layer, [(torch.randn(2, 6, 16),)], {"training": False}


def coe_layer_train():
    torch = _seed()
    from cluster_moe import ClusterOfExpertsLayer

    layer = ClusterOfExpertsLayer(_coe_config(top_k_clusters=1, use_adaptive_routing=False)).train()
    return layer, [(torch.randn(2, 6, 16),)]


def coe_model():
    torch = _seed()
    from cluster_moe import ClusterOfExpertsModel

    model = ClusterOfExpertsModel(_coe_config(), num_layers=2, vocab_size=50).eval()
    return model, [(torch.randint(0, 50, (2, 6)),)]


def coe_train_step():
    torch = _seed()
    import torch.nn.functional as F
    from cluster_moe import create_coe_model

    model = create_coe_model(d_model=16, num_layers=1, num_clusters=2, experts_per_cluster=3, vocab_size=50, d_ff=32,
                             top_k_clusters=2, top_k_experts=2, dropout=0.0).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(input_ids, labels):
        optimizer.zero_grad()
        out = model(input_ids)
        loss = F.cross_entropy(out["logits"].flatten(0, 1), labels.flatten()) + out["aux_loss"]
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randint(0, 50, (2, 6)), torch.randint(0, 50, (2, 6)))]


# ------------------------------------------------------------------------------------------------------ celmoe-vp
def _celmoe(fusion_type="learned", with_loss=False):
    import torch
    import torch.nn.functional as F
    from celmoe import CELMoEConfig, ExpertConfig, ExpertModule, ExpertResult, HierarchicalCELMoE, HierarchyLevelConfig

    class MLPExpert(ExpertModule):
        def __init__(self, hidden, width, aux_loss):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(hidden, width), torch.nn.GELU(),
                                           torch.nn.Linear(width, hidden))
            self.aux_loss = aux_loss

        def forward(self, batch):
            hidden = batch.hidden + self.net(batch.hidden)
            if batch.mask is not None:
                hidden = hidden * batch.mask.unsqueeze(-1)
            losses = {"l2": hidden.pow(2).mean()} if self.aux_loss else {}
            return ExpertResult(hidden=hidden, losses=losses)

    def factory(level, name, metadata):
        return MLPExpert(16, int(metadata.get("width", 32)), with_loss and name == "noun")

    config = CELMoEConfig(
        hidden_size=16, fusion_type=fusion_type, fusion_dropout=0.0, fusion_max_positions=4,
        levels=[
            HierarchyLevelConfig("pos", {"noun": ExpertConfig("noun", metadata={"width": 24}),
                                         "verb": ExpertConfig("verb", gradient_scale=0.5)}, fallback_expert="noun"),
            HierarchyLevelConfig("morph", {"stem": ExpertConfig("stem"),
                                           "suffix": ExpertConfig("suffix", gradient_scale=0.0)}),
        ])
    return torch, F, HierarchicalCELMoE(config, factory)


def celmoe_routed():
    torch, _, model = _celmoe()
    routing = {"pos": ["noun", "verb", "noun"], "morph": ["stem", "suffix", "suffix"]}
    return model.eval(), [(torch.randn(3, 5, 16),)], {"routing": routing}


def celmoe_position_aware_mask():
    torch, _, model = _celmoe(fusion_type="position_aware")
    _seed()
    routing = {"morph": ["suffix", "stem", "stem", "suffix"]}
    mask = torch.ones(4, 6)
    mask[:, 4:] = 0
    return model.eval(), [(torch.randn(4, 6, 16),)], {"routing": routing, "mask": mask}


def celmoe_train_step():
    torch, F, model = _celmoe(with_loss=True)
    from celmoe import CELMoELossAPI

    head = torch.nn.Linear(16, 7)
    losses = CELMoELossAPI()
    losses.add_global("ce", lambda out, targets, ctx: F.cross_entropy(head(out.fused_hidden).flatten(0, 1),
                                                                      targets.flatten()))
    losses.add_level("pos", "norm", lambda level, out, targets, ctx: level.hidden.norm(dim=-1).mean(), weight=0.01)
    losses.add_bridge("pos", "morph", "consistency",
                      lambda parent, child, out, targets, ctx: F.mse_loss(child.hidden, parent.hidden.detach()),
                      weight=0.1)
    params = list(model.parameters()) + list(head.parameters())
    optimizer = torch.optim.Adam(params, lr=1e-3)
    routing = {"pos": ["noun", "verb"], "morph": ["stem", "stem"]}

    def step(hidden, labels):
        optimizer.zero_grad()
        out = model(hidden, routing=routing)
        loss = losses.compute(out, labels).total
        loss.backward()
        optimizer.step()
        return loss

    _seed()
    return step, [(torch.randn(2, 5, 16), torch.randint(0, 7, (2, 5)))]


# ----------------------------------------------------------------------------------------------------- mamba3-ssm
def _mamba3(**overrides):
    from mamba3_ssm import Mamba3

    settings = dict(d_model=16, d_state=16, expand=2, headdim=8)
    settings.update(overrides)
    return Mamba3(**settings)


def mamba3_siso():
    torch = _seed()
    return _mamba3().eval(), [(torch.randn(2, 6, 16),)]


def mamba3_mimo_full_rope():
    torch = _seed()
    return _mamba3(is_mimo=True, mimo_rank=2, rope_fraction=1.0).eval(), [(torch.randn(2, 6, 16),)]


def _mamba3_lm(**ssm):
    from mamba3_ssm import MambaConfig, MambaLMHeadModel

    config = MambaConfig(d_model=16, d_intermediate=24, n_layer=2, vocab_size=45,
                         ssm_cfg=dict(dict(d_state=16, headdim=8), **ssm))
    return MambaLMHeadModel(config)


def mamba3_lm():
    torch = _seed()
    return _mamba3_lm().eval(), [(torch.randint(0, 45, (2, 6)),)]


def mamba3_train_step():
    torch = _seed()
    import torch.nn.functional as F

    model = _mamba3_lm(is_mimo=True, mimo_rank=2).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(input_ids):
        optimizer.zero_grad()
        logits = model(input_ids)
        loss = F.cross_entropy(logits[:, :-1].flatten(0, 1), input_ids[:, 1:].flatten())
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randint(0, 45, (2, 6)),)]


def mamba3_greedy_decode():
    """Token-by-token greedy decoding through the layers' recurrent step and the inference cache."""
    torch = _seed()
    model = _mamba3_lm().eval()

    @torch.no_grad()
    def decode(prompt, steps):
        caches = [block.mixer.allocate_inference_cache(prompt.shape[0]) for block in model.layers]
        tokens = prompt
        for position in range(prompt.shape[1] + steps - 1):
            x = model.embedding(tokens[:, position])
            for i, block in enumerate(model.layers):
                out, *caches[i] = block.mixer.step(block.norm(x), *caches[i])
                x = x + out
                x = x + model.mlp_layers[i](model.mlp_norms[i](x))
            if position + 1 >= tokens.shape[1]:
                next_token = model.lm_head(model.norm_f(x)).argmax(-1, keepdim=True)
                tokens = torch.cat([tokens, next_token], dim=1)
        return tokens

    return decode, [(torch.randint(0, 45, (2, 3)), 3)]


# -------------------------------------------------------------------------------------------------- titans-memory
_TITANS = dict(vocab_size=40, d_model=16, n_layers=1, mem_layers=2, d_hidden=24, n_persistent=2, chunk_size=4,
               ffn_mult=2, max_seq_len=32)


def titans_neural_memory():
    torch = _seed()
    from titans import NeuralMemory

    memory = NeuralMemory(d_model=16, d_hidden=24, n_layers=2, chunk_size=4).eval()
    return memory, [(torch.randn(2, 10, 16),)]


def titans_mac_loss():
    torch = _seed()
    from titans import TitansMAC

    ids = torch.randint(0, 40, (2, 8))
    return TitansMAC(**_TITANS).eval(), [(ids,)], {"labels": ids}


def titans_mag():
    torch = _seed()
    from titans import TitansMAG

    return TitansMAG(**_TITANS, window=3).eval(), [(torch.randint(0, 40, (2, 8)),)]


def titans_mal_no_momentum():
    torch = _seed()
    from titans import TitansMAL

    settings = dict(_TITANS, use_momentum=False, use_decay=False)
    return TitansMAL(**settings, window=3).eval(), [(torch.randint(0, 40, (2, 8)),)]


def titans_lmm():
    torch = _seed()
    from titans.models.lmm import TitansLMM

    ids = torch.randint(0, 40, (2, 8))
    return TitansLMM(**_TITANS).eval(), [(ids,)], {"labels": ids}


def titans_train_step():
    torch = _seed()
    from titans.utils import TitansConfig, build_model
    from titans.utils.training import build_optimizer

    cfg = TitansConfig(variant="MAG", **{k: v for k, v in _TITANS.items()}, window=4)
    model = build_model(cfg).train()
    optimizer = build_optimizer(model, lr=1e-3)

    def step(input_ids):
        optimizer.zero_grad()
        loss = model(input_ids, labels=input_ids)["loss"]
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
        optimizer.step()
        return loss

    return step, [(torch.randint(0, 40, (2, 8)),)]


def titans_generate():
    torch = _seed()
    from titans import TitansMAC

    model = TitansMAC(**_TITANS).eval()
    return model.generate, [(torch.randint(0, 40, (1, 3)),)], {"max_new_tokens": 2, "top_k": 5}


# ----------------------------------------------------------------------------------------------------- rosa-torch
def _rosa(**overrides):
    from rosa import ROSA

    settings = dict(codebook_sizes=(4, 4), suffix_k=4, occurrences_r=2, soft_verify_window=4, virtual_candidates=2,
                    virtual_pool_size=4, selector_dim=8, candidate_backend="python")
    settings.update(overrides)
    return ROSA(16, **settings)


def rosa_retrieval():
    torch = _seed()
    return _rosa().eval(), [(torch.randn(2, 8, 16),)]


def rosa_virtual_neural_values():
    torch = _seed()
    model = _rosa(learned_residual_scale=0.5, virtual_scale=0.5, neural_value_scale=0.5, dense_recent_candidates=2,
                  sparse_old_candidates=1, sparse_old_pool_size=2, soft_candidates_forward=True).eval()
    return model, [(torch.randn(2, 8, 16),)]


def rosa_query_positions():
    """Retrieval at chosen query positions only (the last tokens of each row), and at every position."""
    torch = _seed()
    model = _rosa().eval()
    z = torch.randn(2, 8, 16)
    last = torch.tensor([[5, 7], [6, 7]])
    return (lambda z, positions: model(z, query_positions=positions).retrieved), \
        [(z, last), (z, torch.arange(8).expand(2, -1))]


def rosa_lm_train_step():
    """A tiny LM with a ROSA retrieval layer, trained on its LM loss plus the module's auxiliary losses."""
    torch = _seed()
    import torch.nn.functional as F
    from rosa import ROSA

    embed = torch.nn.Embedding(30, 16)
    rosa_layer = _rosa(learned_residual_scale=0.5).train()
    head = torch.nn.Linear(16, 30)
    params = list(embed.parameters()) + list(rosa_layer.parameters()) + list(head.parameters())
    optimizer = torch.optim.AdamW(params, lr=1e-3)

    def step(input_ids):
        optimizer.zero_grad()
        out = rosa_layer(embed(input_ids))
        logits = head(out.updated)
        lm_loss = F.cross_entropy(logits[:, :-1].flatten(0, 1), input_ids[:, 1:].flatten())
        loss = ROSA.combine_losses(lm_loss, out.aux_losses, rosa_weight=0.1, consistency_weight=0.1,
                                   balance_weight=0.01, virtual_weight=0.01)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randint(0, 30, (2, 8)),)]


def rosa_reference_candidates():
    """The exact suffix-automaton retrieval and hard candidates on token ids."""
    torch = _seed()
    from rosa import build_hard_candidates, reference_rosa

    def retrieve(tokens):
        source, predicted, length = reference_rosa(tokens)
        candidates = build_hard_candidates(tokens, suffix_k=4, occurrences_r=2)
        return source, predicted, length, candidates.source_index

    return retrieve, [(torch.randint(0, 4, (2, 10)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("cluster-moe==0.0.2", "cluster_moe", {
        "layer_eval": coe_layer_eval,
        "layer_train": coe_layer_train,
        "model": coe_model,
        "train_step": coe_train_step},
        dependencies=("loguru==0.7.3",)),
    Package("celmoe-vp==3.0.0", "celmoe", {
        "routed": celmoe_routed,
        "position_aware_mask": celmoe_position_aware_mask,
        "train_step": celmoe_train_step},
        roots=("celmoe.loss.api:CELMoELossAPI.compute", "celmoe.loss.bundle:LossBundle.total")),
    Package("mamba3-ssm==0.2.1", "mamba3_ssm", {
        "siso": mamba3_siso,
        "mimo_full_rope": mamba3_mimo_full_rope,
        "lm": mamba3_lm,
        "train_step": mamba3_train_step,
        "greedy_decode": mamba3_greedy_decode},
        roots=("mamba3_ssm.layer:Mamba3.step", "mamba3_ssm.layer:Mamba3.allocate_inference_cache"),
        dependencies=("einops==0.8.2",)),
    Package("titans-memory==0.3.0", "titans", {
        "neural_memory": titans_neural_memory,
        "mac_loss": titans_mac_loss,
        "mag": titans_mag,
        "mal_no_momentum": titans_mal_no_momentum,
        "lmm": titans_lmm,
        "train_step": titans_train_step,
        "generate": titans_generate},
        roots=("titans.models.*:*.generate",)),
    Package("rosa-torch==0.4.0", "rosa", {
        "retrieval": rosa_retrieval,
        "virtual_neural_values": rosa_virtual_neural_values,
        "query_positions": rosa_query_positions,
        "lm_train_step": rosa_lm_train_step,
        "reference_candidates": rosa_reference_candidates},
        roots=("rosa:ROSA.combine_losses", "rosa:reference_rosa", "rosa:build_hard_candidates")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
