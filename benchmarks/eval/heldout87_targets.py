"""Held-out group 87 of the evaluation: NLP model code in the style of transformers, away from generative LMs (group
74), encoder-decoders and speech (79) and mixture-of-experts / state-space LMs (83): sequence labelling with CRF
layers (forward algorithm over packed BiLSTM emissions, Viterbi decoding, partially annotated tags), structured
prediction through semirings (linear-chain, semi-Markov and dependency CRFs as distributions: log-likelihood,
partition, marginals by backprop, argmax, entropy), LoRA adapters injected into a model, and byte-level
gradient-based subword tokenization, from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout87_targets.py \
        --site benchmarks/eval/.packages-heldout87 --suffix heldout87 --jobs 1

torch-struct (torch_struct): LinearChainCRF, SemiMarkovCRF, DependencyCRF and NonProjectiveDependencyCRF built from a
scorer's potentials, with the calls users make on them (log_prob of gold parts, partition, marginals, argmax,
entropy, kl). pytorch-partial-crf: CRF, PartialCRF (unlabelled tags) and MarginalCRF losses over BiLSTM emissions, marginals and Viterbi decoding (plain and restricted to possible tags).
lora-adapters: a small encoder with LoRA injected by `apply_adapter` (Linear, Embedding, Conv2d, merged Linear),
trained with `mark_only_lora_as_trainable`, then evaluated with the merged weights. charformer-pytorch: GBST over
bytes, with and without a mask, and under a small classifier's training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: stanza (measured as built here, but group 79 measured it first: not held out; its numbers are in the
write-up apart); sentence-embedding, ColBERT and PEFT libraries of the hub (pylate, simcse, tevatron, rerankers, adapters,
peft, flair, supar: transformers or sentence-transformers required); loralib, lora-pytorch, speculative-decoding,
MEGABYTE-pytorch (earlier groups); torchcrf 1.1.0 (its import folder is pytorch-crf's, tuned on).
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


# ---------------------------------------------------------------------------------------------------- torch-struct
class _Scorer:
    """A BiLSTM-free scorer: embeddings into pairwise potentials, as the package's examples build them."""

    @staticmethod
    def make(torch, vocab, dim, classes):
        class Scorer(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = torch.nn.Embedding(vocab, dim)
                self.out = torch.nn.Linear(dim, classes * classes)

            def forward(self, words):
                h = self.emb(words)
                return self.out(h[:, 1:] + h[:, :-1]).view(words.shape[0], words.shape[1] - 1, classes, classes)

        return Scorer()


def struct_linear_chain_train_step():
    """A linear-chain CRF tagger: gold tags to parts, -log_prob, backward, step."""
    torch = _seed()
    from torch_struct import LinearChainCRF

    C = 5
    scorer = _Scorer.make(torch, 30, 16, C)
    optimizer = torch.optim.Adam(scorer.parameters(), lr=1e-3)

    def step(words, tags, lengths):
        optimizer.zero_grad()
        dist = LinearChainCRF(scorer(words), lengths=lengths)
        gold = LinearChainCRF.struct.to_parts(tags, C, lengths=lengths).type_as(dist.log_potentials)
        loss = -dist.log_prob(gold).mean()
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randint(0, 30, (4, 9)), torch.randint(0, C, (4, 9)), torch.tensor([9, 8, 9, 6]))]


def struct_linear_chain_decode():
    """Prediction: argmax parts back to tags, marginals, entropy, partition."""
    torch = _seed()
    from torch_struct import LinearChainCRF

    C = 5

    def decode(potentials, lengths):
        dist = LinearChainCRF(potentials, lengths=lengths)
        tags, _ = LinearChainCRF.struct.from_parts(dist.argmax)
        return tags, dist.marginals, dist.entropy, dist.partition, dist.max

    return decode, [(torch.randn(4, 8, C, C), torch.tensor([9, 7, 9, 5]))]


def struct_semi_markov():
    torch = _seed()
    from torch_struct import SemiMarkovCRF

    def segment(potentials, lengths):
        dist = SemiMarkovCRF(potentials, lengths=lengths)
        return dist.partition, dist.argmax, dist.marginals

    return segment, [(torch.randn(2, 7, 3, 4, 4), torch.tensor([8, 6]))]


def struct_dependency():
    """A biaffine arc scorer with a projective dependency CRF: loss on gold arcs, then argmax."""
    torch = _seed()
    from torch_struct import DependencyCRF

    N = 6
    arc = torch.nn.Bilinear(8, 8, 1)
    emb = torch.nn.Embedding(20, 8)
    optimizer = torch.optim.Adam([*arc.parameters(), *emb.parameters()], lr=1e-3)

    def step(words, gold, lengths):
        optimizer.zero_grad()
        h = emb(words)
        heads = h.unsqueeze(2).expand(-1, -1, N, -1).contiguous()
        deps = h.unsqueeze(1).expand(-1, N, -1, -1).contiguous()
        scores = arc(heads, deps).squeeze(-1)
        dist = DependencyCRF(scores, lengths=lengths)
        loss = -dist.log_prob(gold).mean()
        loss.backward()
        optimizer.step()
        return loss, dist.argmax.detach()

    gold = torch.zeros(2, N, N)
    for i in range(1, N):
        gold[:, i - 1, i] = 1
    gold[:, 0, 0] = 1
    return step, [(torch.randint(0, 20, (2, N)), gold, torch.tensor([N, N]))]


def struct_non_projective():
    torch = _seed()
    from torch_struct import NonProjectiveDependencyCRF

    def parse(scores, lengths):
        dist = NonProjectiveDependencyCRF(scores, lengths=lengths)
        return dist.partition, dist.marginals, dist.argmax

    return parse, [(torch.randn(2, 5, 5), torch.tensor([5, 4]))]


def struct_kl_cross_entropy():
    """Distillation between two CRFs: kl and cross-entropy semirings."""
    torch = _seed()
    from torch_struct import LinearChainCRF

    def distill(student, teacher, lengths):
        p = LinearChainCRF(student, lengths=lengths)
        q = LinearChainCRF(teacher, lengths=lengths)
        return p.kl(q).mean() + p.cross_entropy(q).mean()

    return distill, [(torch.randn(3, 6, 4, 4), torch.randn(3, 6, 4, 4), torch.tensor([7, 7, 5]))]


# ---------------------------------------------------------------------------------------------- pytorch-partial-crf
class _Tagger:
    @staticmethod
    def make(torch, crf):
        class Tagger(torch.nn.Module):
            """BiLSTM emissions into a CRF layer, as sequence-labelling code wires it."""

            def __init__(self):
                super().__init__()
                self.emb = torch.nn.Embedding(40, 16)
                self.lstm = torch.nn.LSTM(16, 8, batch_first=True, bidirectional=True)
                self.proj = torch.nn.Linear(16, crf.num_tags)
                self.crf = crf

            def forward(self, words, tags, mask):
                emissions = self.proj(self.lstm(self.emb(words))[0])
                return self.crf(emissions, tags, mask)

        return Tagger()


def _crf_batch(torch, unlabelled=False):
    tags = torch.randint(0, 5, (3, 8))
    if unlabelled:
        tags[:, ::3] = -1
    mask = torch.ones(3, 8, dtype=torch.uint8)
    mask[2, 6:] = 0
    return torch.randint(0, 40, (3, 8)), tags, mask


def partial_crf_loss():
    torch = _seed()
    from pytorch_partial_crf import CRF

    return _Tagger.make(torch, CRF(5)).train(), [_crf_batch(torch)]


def partial_crf_partial_loss():
    torch = _seed()
    from pytorch_partial_crf import PartialCRF

    return _Tagger.make(torch, PartialCRF(5)).train(), [_crf_batch(torch, unlabelled=True)]


def partial_crf_marginal_loss():
    """MarginalCRF takes the tags as a distribution over the tag set."""
    torch = _seed()
    from pytorch_partial_crf import MarginalCRF

    words, tags, mask = _crf_batch(torch)
    soft = torch.softmax(torch.randn(3, 8, 5), dim=-1)
    return _Tagger.make(torch, MarginalCRF(5)).train(), [(words, soft, mask)]


def partial_crf_decode():
    """Inference: marginals and Viterbi paths (plain and restricted to the tags partial annotation allows)."""
    torch = _seed()
    from pytorch_partial_crf import PartialCRF
    from pytorch_partial_crf.utils import create_possible_tag_masks

    crf = PartialCRF(5)

    def decode(emissions, tags, mask):
        possible = create_possible_tag_masks(5, tags)
        return (crf.marginal_probabilities(emissions, mask), crf.viterbi_decode(emissions, mask),
                crf.restricted_viterbi_decode(emissions, possible, mask))

    _, tags, mask = _crf_batch(torch, unlabelled=True)
    return decode, [(torch.randn(3, 8, 5), tags, mask.bool())]  # torch.where wants a bool mask (uint8 is deprecated)


# ---------------------------------------------------------------------------------------------------- lora-adapters
def _lora_model(torch):
    from lora_adapters import LoraConv2d, LoraEmbedding, LoraLinear, apply_adapter, mark_only_lora_as_trainable

    class Encoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Embedding(50, 16)
            self.conv = torch.nn.Conv2d(1, 4, 3, padding=1)
            self.block = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 16))
            self.head = torch.nn.Linear(16, 3)

        def forward(self, ids):
            x = self.embed(ids)
            x = x + self.conv(x.unsqueeze(1)).mean(1)
            x = x + self.block(x)
            return self.head(x.mean(1))

    model = Encoder()
    model = apply_adapter(model, LoraLinear, rank=4, regex_pattern=r"block\..*|head")
    model = apply_adapter(model, LoraEmbedding, rank=4)
    model = apply_adapter(model, LoraConv2d, rank=2)
    mark_only_lora_as_trainable(model)
    return model


def lora_forward_train():
    torch = _seed()
    return _lora_model(torch).train(), [(torch.randint(0, 50, (2, 10)),)]


def lora_forward_merged():
    """eval() merges the low-rank deltas into the frozen weights."""
    torch = _seed()
    return _lora_model(torch).eval(), [(torch.randint(0, 50, (2, 10)),)]


def lora_train_step():
    torch = _seed()
    model = _lora_model(torch).train()
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)

    def step(ids, labels):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(ids), labels)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randint(0, 50, (2, 10)), torch.tensor([0, 2]))]


def lora_merged_linear():
    """LoraMergedLinear: one qkv projection with LoRA on q and v only."""
    torch = _seed()
    from lora_adapters import LoraMergedLinear

    layer = LoraMergedLinear(torch.nn.Linear(16, 48), rank=4, enable_lora=[True, False, True])
    layer.train()
    return layer, [(torch.randn(2, 5, 16),)]


# ----------------------------------------------------------------------------------------------- charformer-pytorch
def _gbst(torch, **kwargs):
    from charformer_pytorch import GBST

    return GBST(num_tokens=257, dim=16, downsample_factor=4, **({"max_block_size": 4} | kwargs))


def charformer_gbst():
    torch = _seed()
    return _gbst(torch).eval(), [(torch.randint(0, 257, (2, 30)),)]


def charformer_gbst_masked():
    torch = _seed()
    mask = torch.ones(2, 30, dtype=torch.bool)
    mask[1, 22:] = False
    return _gbst(torch, max_block_size=None, blocks=((1, 0), (2, 0), (3, 1), (4, 0)),
                 score_consensus_attn=False).eval(), [
        (torch.randint(0, 257, (2, 30)), mask)]


def charformer_train_step():
    """Byte-level classifier: GBST downsampling, masked mean pool, cross-entropy."""
    torch = _seed()
    gbst = _gbst(torch)
    head = torch.nn.Linear(16, 2)
    optimizer = torch.optim.Adam([*gbst.parameters(), *head.parameters()], lr=1e-3)

    def step(ids, mask, labels):
        optimizer.zero_grad()
        tokens, token_mask = gbst(ids, mask)
        pooled = (tokens * token_mask.unsqueeze(-1)).sum(1) / token_mask.sum(1, keepdim=True)
        loss = torch.nn.functional.cross_entropy(head(pooled), labels)
        loss.backward()
        optimizer.step()
        return loss

    mask = torch.ones(2, 30, dtype=torch.bool)
    mask[0, 25:] = False
    return step, [(torch.randint(0, 257, (2, 30)), mask, torch.tensor([1, 0]))]


PACKAGES: Tuple[Package, ...] = (
    Package("torch-struct==0.5", "torch_struct", {
        "linear_chain_train_step": struct_linear_chain_train_step,
        "linear_chain_decode": struct_linear_chain_decode,
        "semi_markov": struct_semi_markov,
        "dependency": struct_dependency,
        "non_projective": struct_non_projective,
        "kl_cross_entropy": struct_kl_cross_entropy},
        roots=tuple(f"torch_struct.distributions:StructDistribution.{name}" for name in (
            "__init__", "log_prob", "partition", "marginals", "argmax", "max", "entropy", "kl", "cross_entropy"))
        + ("torch_struct.distributions:NonProjectiveDependencyCRF.*",
           "torch_struct.linearchain:LinearChain.to_parts", "torch_struct.linearchain:LinearChain.from_parts")),
    Package("pytorch-partial-crf==0.2.1", "pytorch_partial_crf", {
        "crf_loss": partial_crf_loss,
        "partial_loss": partial_crf_partial_loss,
        "marginal_loss": partial_crf_marginal_loss,
        "decode": partial_crf_decode},
        roots=("pytorch_partial_crf.base_crf:BaseCRF.marginal_probabilities",
               "pytorch_partial_crf.base_crf:BaseCRF.viterbi_decode",
               "pytorch_partial_crf.base_crf:BaseCRF.restricted_viterbi_decode",
               "pytorch_partial_crf.utils:create_possible_tag_masks")),
    Package("lora-adapters==0.1.4", "lora_adapters", {
        "forward_train": lora_forward_train,
        "forward_merged": lora_forward_merged,
        "train_step": lora_train_step,
        "merged_linear": lora_merged_linear}),
    Package("charformer-pytorch==0.0.4", "charformer_pytorch", {
        "gbst": charformer_gbst,
        "gbst_masked": charformer_gbst_masked,
        "train_step": charformer_train_step},
        dependencies=("einops==0.8.2",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
