"""Held-out group 65 of the evaluation: graph neural networks written in the style of torch_geometric without it
(graph convolutions over normalised sparse and dense adjacencies with torch.spmm, Gaussian-based robust GCNs, a
similarity-preserving GCN over a kNN graph, graph structure learning and topology attacks on a dense adjacency,
message passing among fully connected cores with asynchronous per-cell halting, and graph collaborative filtering and
knowledge-graph recommenders: LightGCN / NGCF / SpectralCF / GCMC propagation over a normalised user-item sparse
adjacency, disentangled graph routing, and neighbour-sampled knowledge-graph aggregation), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout65_targets.py \
        --site benchmarks/eval/.packages-heldout65 --suffix heldout65 --jobs 1

Graph adversarial robustness (deeprobust): the two-layer GCN over a normalised dense adjacency and over sparse features
and a sparse adjacency, a node-classification training step that normalises the adjacency inside the compiled
function, RGCN's Gaussian graph convolutions (forward and loss, set up by its own `fit`), SimPGCN over its kNN graph
with the self-supervised regression loss, Pro-GNN's estimated adjacency (symmetrised, normalised, feature smoothing),
and one PGD topology-attack step (the perturbed adjacency, the victim's loss and its gradient, the projection onto
the perturbation budget). Message passing among cores (consennet): ConsenNet in evaluation and a training step with
its ponder loss, with the straight-through and REINFORCE halting heads. Graph recommenders (recbole): each model built
the way its users build it, from a Config and a dataset of atomic files (a tiny user-item interaction file and a
knowledge graph written to a temporary folder), then a training step on `calculate_loss` of the first training batch
and the full-sort or pointwise prediction: LightGCN, NGCF, SpectralCF, GCMC, DGCF, KGCN, KGNNLS, RippleNet, CKE.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: every GNN distribution that requires torch_geometric, torch_scatter, torch_sparse, torch_cluster or dgl
(catalyst-gnn, cliffordip, inter-gnn, ps-gnn, gnn-decoders, graph-conv-memory, gnnad, gpgin-cli, so3krates-torch,
sevenn, mattersim, equiformer-v2/v3, hypertorch, napistu-torch, cosmic-torch, pointtorch, communitynet, grafx);
lunaequivariance (Triton kernels); x-dgcnn (pykeops); text4gcn (its package import pulls gensim, nltk and plotting for
a two-matrix GCN); protgcn (a copy of gcndesign, group 47); gcn4lp (a copy of gnn4lp, group 50); ggnn (TensorFlow).
deeprobust's graph modules that import torch_geometric (GAT, ChebNet, SGC, MedianGCN, defense_pyg, PRBCD) are left
out: `defense/__init__` catches their ImportError itself, and `global_attack/__init__` (which does not) is skipped by
loading `topology_attack` on its own; node2vec's gensim is a stand-in. recbole 1.2.1
predates NumPy 2 and SciPy 1.14: the targets alias the removed NumPy names (recbole's own
`compatibility_settings` does the same for the older ones) and give `dok_matrix` the `_update` it calls; KGAT (dgl)
and the models needing an e-step before their first batch (NCL) or a graph rebuilt per epoch (SGL) are not run.
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


# ------------------------------------------------------------------------------------------------------ deeprobust
def _deeprobust():
    targets.stand_in("gensim", "gensim.models")


def _citation_graph(torch, nodes=12, features=6, classes=3):
    """A small undirected graph with binary features, labels and a train split, as deeprobust's datasets give them."""
    import numpy as np
    import scipy.sparse as sp

    rng = np.random.default_rng(0)
    dense = np.triu((rng.random((nodes, nodes)) < 0.3).astype(np.float32), 1)
    dense = dense + dense.T
    index = np.arange(nodes)
    dense[index, (index + 1) % nodes] = dense[(index + 1) % nodes, index] = 1.0
    adj = sp.csr_matrix(dense)
    feats = sp.csr_matrix((rng.random((nodes, features)) < 0.4).astype(np.float32))
    labels = rng.integers(0, classes, nodes)
    return adj, feats, labels, np.arange(0, 8), np.arange(8, nodes)


def _dense_inputs(torch):
    from deeprobust.graph import utils

    adj, feats, labels, idx_train, _ = _citation_graph(torch)
    adj, feats, labels = utils.to_tensor(adj.todense(), feats.todense(), labels)
    return adj, feats, labels, torch.as_tensor(idx_train)


def deeprobust_gcn_dense():
    torch = _seed()
    _deeprobust()
    from deeprobust.graph import utils
    from deeprobust.graph.defense import GCN

    adj, feats, _, _ = _dense_inputs(torch)
    model = GCN(nfeat=feats.shape[1], nhid=8, nclass=3, device="cpu").eval()
    return model, [(feats, utils.normalize_adj_tensor(adj))]


def deeprobust_gcn_sparse():
    torch = _seed()
    _deeprobust()
    from deeprobust.graph import utils
    from deeprobust.graph.defense import GCN

    adj, feats, _, _, _ = _citation_graph(torch)
    adj, feats = utils.to_tensor(adj, feats)
    model = GCN(nfeat=feats.shape[1], nhid=8, nclass=3, device="cpu").eval()
    return model, [(feats, utils.normalize_adj_tensor(adj, sparse=True))]


def deeprobust_gcn_train_step():
    torch = _seed()
    _deeprobust()
    from deeprobust.graph import utils
    from deeprobust.graph.defense import GCN

    adj, feats, labels, idx_train = _dense_inputs(torch)
    model = GCN(nfeat=feats.shape[1], nhid=8, nclass=3, dropout=0.5, device="cpu").train()

    def step(features, adjacency, labels, idx_train):
        output = model(features, utils.normalize_adj_tensor(adjacency))
        loss = torch.nn.functional.nll_loss(output[idx_train], labels[idx_train])
        loss.backward()
        return loss, utils.accuracy(output[idx_train], labels[idx_train])

    return step, [(feats, adj, labels, idx_train)]


def _fitted_rgcn(torch):
    from deeprobust.graph.defense import RGCN

    adj, feats, labels, idx_train, _ = _citation_graph(torch)
    model = RGCN(nnodes=adj.shape[0], nfeat=feats.shape[1], nhid=8, nclass=3, device="cpu")
    model.fit(feats, adj, labels, idx_train, train_iters=1, verbose=False)
    return model, torch.as_tensor(idx_train)


def deeprobust_rgcn_forward():
    torch = _seed()
    _deeprobust()
    model, _ = _fitted_rgcn(torch)
    model.eval()

    def predict():
        return model()

    return predict, [()]


def deeprobust_rgcn_train_step():
    torch = _seed()
    _deeprobust()
    model, idx_train = _fitted_rgcn(torch)
    model.train()

    def step(idx):
        output = model()
        loss = model._loss(output[idx], model.labels[idx])
        loss.backward()
        return loss

    return step, [(idx_train,)]


def deeprobust_rgcn_normalize():
    torch = _seed()
    _deeprobust()
    model, _ = _fitted_rgcn(torch)
    adj, _, _, _ = _dense_inputs(torch)

    def normalize(adjacency):
        return model._normalize_adj(adjacency, power=-1 / 2), model._normalize_adj(adjacency, power=-1)

    return normalize, [(adj,)]


def _fitted_simpgcn(torch):
    from deeprobust.graph.defense import SimPGCN

    adj, feats, labels, idx_train, idx_val = _citation_graph(torch)
    model = SimPGCN(nnodes=adj.shape[0], nfeat=feats.shape[1], nhid=8, nclass=3, device="cpu")
    model.fit(feats, adj, labels, idx_train, idx_val, train_iters=1, verbose=False)
    return model, torch.as_tensor(idx_train)


def deeprobust_simpgcn_forward():
    torch = _seed()
    _deeprobust()
    model, _ = _fitted_simpgcn(torch)
    model.eval()

    def predict(features, adjacency):
        return model(features, adjacency)

    return predict, [(model.features, model.adj_norm)]


def deeprobust_simpgcn_train_step():
    torch = _seed()
    _deeprobust()
    model, idx_train = _fitted_simpgcn(torch)
    model.train()

    def step(features, adjacency, idx):
        output, embeddings = model.myforward(features, adjacency)
        loss = torch.nn.functional.nll_loss(output[idx], model.labels[idx]) + model.lambda_ * model.regression_loss(
            embeddings)
        loss.backward()
        return loss

    return step, [(model.features, model.adj_norm, idx_train)]


def deeprobust_prognn_estimator():
    torch = _seed()
    _deeprobust()
    from deeprobust.graph.defense import GCN, ProGNN
    from deeprobust.graph.defense.prognn import EstimateAdj

    adj, feats, labels, idx_train = _dense_inputs(torch)
    estimator = EstimateAdj(adj, symmetric=True, device="cpu")

    class Args:
        debug, only_gcn, lr, weight_decay, hidden, dropout, epochs = False, False, 0.01, 5e-4, 8, 0.5, 1
        alpha, beta, gamma, lambda_, phi, inner_steps, outer_steps, lr_adj, symmetric = 5e-4, 1.5, 1, 1, 0, 2, 1, 0.01, True

    gcn = GCN(nfeat=feats.shape[1], nhid=8, nclass=3, device="cpu")
    prognn = ProGNN(gcn, Args(), "cpu")

    def estimate(features, labels, idx):
        estimated = estimator()
        adjacency = (estimated + estimated.t()) / 2
        normalized = estimator.normalize()
        smoothing = prognn.feature_smoothing(estimated, features)
        output = gcn(features, normalized)
        loss = torch.nn.functional.nll_loss(output[idx], labels[idx]) + torch.norm(estimated - adj, p="fro") ** 2
        loss = loss + Args.lambda_ * smoothing
        loss.backward()
        return loss, adjacency

    return estimate, [(feats, labels, idx_train)]


def _global_attack_package():
    """deeprobust.graph.global_attack without its __init__, which imports the PyG attacks unguarded."""
    import importlib
    import importlib.util
    import os
    import sys
    import types

    name = "deeprobust.graph.global_attack"
    if name not in sys.modules:
        package = types.ModuleType(name)
        package.__path__ = [os.path.join(os.path.dirname(importlib.util.find_spec("deeprobust.graph").origin),
                                         "global_attack")]
        sys.modules[name] = package
        package.BaseAttack = importlib.import_module(name + ".base_attack").BaseAttack


def _pgd_attack(torch):
    from deeprobust.graph.defense import GCN

    _global_attack_package()
    from deeprobust.graph.global_attack.topology_attack import PGDAttack

    adj, feats, labels, idx_train = _dense_inputs(torch)
    victim = GCN(nfeat=feats.shape[1], nhid=8, nclass=3, device="cpu").eval()
    attack = PGDAttack(model=victim, nnodes=adj.shape[0], loss_type="CE", device="cpu")
    return attack, victim, adj, feats, labels, idx_train


def deeprobust_pgd_attack_step():
    torch = _seed()
    _deeprobust()
    from deeprobust.graph import utils

    attack, victim, adj, feats, labels, idx_train = _pgd_attack(torch)

    def attack_step(features, adjacency, labels, idx, lr):
        modified = attack.get_modified_adj(adjacency)
        output = victim(features, utils.normalize_adj_tensor(modified))
        loss = attack._loss(output[idx], labels[idx])
        grad = torch.autograd.grad(loss, attack.adj_changes)[0]
        attack.adj_changes.data.add_(lr * grad)
        return loss

    return attack_step, [(feats, adj, labels, idx_train, 0.5)]


def deeprobust_pgd_projection():
    torch = _seed()
    _deeprobust()
    attack, _, _, _, _, _ = _pgd_attack(torch)
    with torch.no_grad():
        attack.adj_changes.uniform_(0.0, 0.6)

    def project(budget):
        attack.projection(budget)
        return attack.adj_changes.detach().clone()

    return project, [(3,), (100,)]


# ------------------------------------------------------------------------------------------------------- consennet
def _consennet(torch, **kwargs):
    from consennet.spec import ConsenNetSpec
    from consennet.torch.model import ConsenNet

    spec = ConsenNetSpec(n_cells=3, cores_per_cell=3, d_core=8, d_signal=4, d_out=5, max_rounds=4, min_rounds=1,
                         **kwargs)
    return ConsenNet(spec), torch.randn(2, 3, 3, 8)


def consennet_eval():
    torch = _seed()
    model, states = _consennet(torch)
    model.eval()

    def classify(init_states):
        logits, diagnostics = model(init_states)
        return logits, diagnostics["rounds_used"]

    return classify, [(states,)]


def consennet_train_step():
    torch = _seed()
    model, states = _consennet(torch)
    model.train()
    targets_ = torch.tensor([1, 3])

    def step(init_states, labels):
        logits, diagnostics = model(init_states)
        loss = torch.nn.functional.cross_entropy(logits, labels) + model.spec.ponder_lambda * diagnostics[
            "ponder_loss"]
        loss.backward()
        return loss

    return step, [(states, targets_)]


def consennet_reinforce_step():
    torch = _seed()
    from consennet.training.loop import EMABaseline, reinforce_depth_reward, reinforce_policy_loss

    model, states = _consennet(torch, halting="reinforce", wake_metric="adaptive")
    model.train()
    baseline = EMABaseline(n_cells=3, warmup=0)
    labels = torch.tensor([0, 2])

    def step(init_states, labels):
        logits, diagnostics = model(init_states)
        per_sample = torch.nn.functional.cross_entropy(logits, labels, reduction="none")
        reward = -per_sample.detach().unsqueeze(1) + reinforce_depth_reward(diagnostics["rounds_used"], target=2.0)
        policy = reinforce_policy_loss(diagnostics, reward, baseline)
        loss = per_sample.mean() + policy
        loss.backward()
        return loss

    return step, [(states, labels)]


# --------------------------------------------------------------------------------------------------------- recbole
def _recbole_compatibility():
    """recbole 1.2.1 predates NumPy 2 and SciPy 1.14: the NumPy names it reads and the dok_matrix method it calls."""
    import numpy
    import scipy.sparse

    numpy.float_, numpy.complex_, numpy.unicode_ = numpy.float64, numpy.complex128, numpy.str_

    def _update(self, entries):
        for key, value in entries.items():
            self[key] = value

    scipy.sparse.dok_matrix._update = _update


def _atomic_files(root):
    """A tiny interaction file and a knowledge graph linked to its items, in recbole's atomic-file format."""
    import os

    import numpy as np

    folder = os.path.join(root, "tiny")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(0)
    rows, clock = ["user_id:token\titem_id:token\trating:float\ttimestamp:float"], 0
    for user in range(12):
        for item in rng.permutation(15)[:6]:
            clock += 1
            rows.append(f"u{user}\ti{item}\t{1 + (user + item) % 5}\t{clock}")
    triples = ["head_id:token\trelation_id:token\ttail_id:token"]
    for entity in range(15):
        triples += [f"e{entity}\tr{entity % 3}\te{entity * 7 % 15}", f"e{entity}\tr{(entity + 1) % 3}\te{(entity * 4 + 1) % 15}"]
    links = ["item_id:token\tentity_id:token"] + [f"i{item}\te{item}" for item in range(15)]
    for suffix, lines in (("inter", rows), ("kg", triples), ("link", links)):
        with open(os.path.join(folder, f"tiny.{suffix}"), "w") as handle:
            handle.write("\n".join(lines) + "\n")
    return root


def _recbole(name):
    """A recbole model built from a Config and a dataset of atomic files, and the first batch of its training data."""
    import tempfile

    _recbole_compatibility()
    from recbole.config import Config
    from recbole.data import create_dataset, data_preparation
    from recbole.utils import KGDataLoaderState, get_model, init_seed

    root = _atomic_files(tempfile.mkdtemp())
    config = Config(model=name, dataset="tiny", config_dict={
        "data_path": root, "checkpoint_dir": root, "embedding_size": 8, "device": "cpu", "use_gpu": False,
        "show_progress": False, "train_batch_size": 16, "eval_batch_size": 16, "state": "ERROR", "seed": 0})
    init_seed(0, True)
    dataset = create_dataset(config)
    train_data, _, _ = data_preparation(config, dataset)
    if hasattr(train_data, "set_mode"):
        train_data.set_mode(KGDataLoaderState.RSKG)
    model = get_model(name)(config, train_data._dataset)
    return model, next(iter(train_data))


def _recbole_train_step(name):
    _seed()
    model, batch = _recbole(name)
    model.train()

    def step(interaction):
        loss = model.calculate_loss(interaction)
        if isinstance(loss, tuple):
            loss = sum(loss)
        loss.backward()
        return loss

    return step, [(batch,)]


def _recbole_full_sort(name):
    _seed()
    model, batch = _recbole(name)
    model.eval()

    def full_sort(interaction):
        return model.full_sort_predict(interaction)

    return full_sort, [(batch,)]


def _recbole_predict(name):
    _seed()
    model, batch = _recbole(name)
    model.eval()

    def predict(interaction):
        return model.predict(interaction)

    return predict, [(batch,)]


def recbole_lightgcn_train_step():
    return _recbole_train_step("LightGCN")


def recbole_lightgcn_full_sort():
    return _recbole_full_sort("LightGCN")


def recbole_ngcf_train_step():
    return _recbole_train_step("NGCF")


def recbole_spectralcf_full_sort():
    return _recbole_full_sort("SpectralCF")


def recbole_gcmc_train_step():
    return _recbole_train_step("GCMC")


def recbole_dgcf_train_step():
    return _recbole_train_step("DGCF")


def recbole_kgcn_train_step():
    return _recbole_train_step("KGCN")


def recbole_kgcn_predict():
    return _recbole_predict("KGCN")


def recbole_kgnnls_train_step():
    return _recbole_train_step("KGNNLS")


def recbole_ripplenet_train_step():
    return _recbole_train_step("RippleNet")


def recbole_cke_train_step():
    return _recbole_train_step("CKE")


PACKAGES: Tuple[Package, ...] = (
    Package("deeprobust==0.2.11", "deeprobust", {
        "gcn_dense": deeprobust_gcn_dense,
        "gcn_sparse": deeprobust_gcn_sparse,
        "gcn_train_step": deeprobust_gcn_train_step,
        "rgcn_forward": deeprobust_rgcn_forward,
        "rgcn_train_step": deeprobust_rgcn_train_step,
        "rgcn_normalize": deeprobust_rgcn_normalize,
        "simpgcn_forward": deeprobust_simpgcn_forward,
        "simpgcn_train_step": deeprobust_simpgcn_train_step,
        "prognn_estimator": deeprobust_prognn_estimator,
        "pgd_attack_step": deeprobust_pgd_attack_step,
        "pgd_projection": deeprobust_pgd_projection},
        roots=("deeprobust.graph.utils:normalize_adj_tensor", "deeprobust.graph.utils:accuracy",
               "deeprobust.graph.defense.r_gcn:RGCN._loss", "deeprobust.graph.defense.r_gcn:RGCN._normalize_adj",
               "deeprobust.graph.defense.simpgcn:SimPGCN.myforward",
               "deeprobust.graph.defense.simpgcn:SimPGCN.regression_loss",
               "deeprobust.graph.defense.prognn:ProGNN.feature_smoothing",
               "deeprobust.graph.defense.prognn:EstimateAdj.normalize",
               "deeprobust.graph.global_attack.topology_attack:PGDAttack.get_modified_adj",
               "deeprobust.graph.global_attack.topology_attack:PGDAttack._loss",
               "deeprobust.graph.global_attack.topology_attack:PGDAttack.projection"),
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0",
                      "numba==0.68.1", "llvmlite==0.50.0", "tqdm==4.70.1", "texttable==1.7.2")),
    Package("consennet==0.1.2", "consennet", {
        "eval": consennet_eval,
        "train_step": consennet_train_step,
        "reinforce_step": consennet_reinforce_step},
        roots=("consennet.training.loop:reinforce_policy_loss", "consennet.training.loop:EMABaseline.advantage")),
    Package("recbole==1.2.1", "recbole", {
        "lightgcn_train_step": recbole_lightgcn_train_step,
        "lightgcn_full_sort": recbole_lightgcn_full_sort,
        "ngcf_train_step": recbole_ngcf_train_step,
        "spectralcf_full_sort": recbole_spectralcf_full_sort,
        "gcmc_train_step": recbole_gcmc_train_step,
        "dgcf_train_step": recbole_dgcf_train_step,
        "kgcn_train_step": recbole_kgcn_train_step,
        "kgcn_predict": recbole_kgcn_predict,
        "kgnnls_train_step": recbole_kgnnls_train_step,
        "ripplenet_train_step": recbole_ripplenet_train_step,
        "cke_train_step": recbole_cke_train_step},
        roots=("recbole.model.*:*.calculate_loss", "recbole.model.*:*.predict", "recbole.model.*:*.full_sort_predict"),
        dependencies=("pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6", "colorlog==4.7.2",
                      "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0",
                      "tabulate==0.10.0", "texttable==1.7.2", "tensorboard==2.21.0", "protobuf==7.36.2",
                      "absl-py==2.5.1", "tqdm==4.70.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
