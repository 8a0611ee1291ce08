"""Held-out group 47 of the evaluation: graph neural networks written in the style of torch_geometric without it
(k-nearest-neighbour residue graphs with gathered neighbour messages and causal decoding orders built by scatter,
neighbour-index gathers over boolean adjacency masks, dense and sparse propagation matrices with segment softmax by
scatter_reduce and index_add_ over an edge list, and per-node message passing over adjacency matrices with GRU
gates), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout47_targets.py \
        --site benchmarks/eval/.packages-heldout47 --suffix heldout47 --jobs 1

Protein message passing (teddympnn, a ProteinMPNN reimplementation): k-NN graph featurisation from backbone
coordinates, encoder layers over gathered neighbour nodes and edges, teacher-forced decoding with a random decoding
order scattered into causal masks, as inference, as a training step, as per-residue scoring and as autoregressive
sampling. Protein backbone graph convolution (gcndesign): node and edge features gathered through a boolean
neighbour mask, DenseNet-like edge and node updates, inference and a training step. Graph classifiers over
propagation matrices (gnn-augment): GCN, GraphSAGE and GIN on a dense normalised adjacency, GAT on a dense one and on
a sparse COO adjacency (edge list from the coalesced indices, segment softmax by scatter_reduce and index_add_, CSR
products through a custom autograd Function), inference and a training step. Message passing with GRU units over
adjacency matrices (message-passing-nn): per-node neighbour lists from nonzero, messages summed over neighbours, a
batch of graphs encoded one by one, with the RNN and the GRU encoders.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torch_geometric and everything built on it (geometric-vector-perceptron, sevenn, catalyst-gnn,
meshgraphnet, graph-attention-student, torch-spatiotemporal); proteinmpnn (group 20 left it out); aimnet (warp and
nvalchemi compiled kernels); x-dgcnn (pykeops compiles its kernels at run time); deepgnn-torch (compiled graph
engine); bird-cloud-gnn (dgl); gats-torch (swarms, zetascale). gnn-augment's neighbour sampling and similarity
views are numpy/scipy, built outside the compiled code; its classifier imports sklearn for a base class no target
makes (stood in). message-passing-nn's saver imports pandas for code no target runs (stood in); its sdist also
installs a top-level `data` folder of sample data that is not linted.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up sklearn's and pandas' specs on import

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------ teddympnn
def _mpnn(torch, train=False):
    from teddympnn.models import ProteinMPNN

    model = ProteinMPNN(hidden_dim=16, num_encoder_layers=1, num_decoder_layers=1, num_neighbors=4, dropout=0.0,
                        num_positional_embeddings=8, num_rbf=4, max_relative_feature=8)
    return model.train() if train else model.eval()


def _residues(torch, batch=2, length=8):
    """Backbone coordinates [N, CA, C, O] along a noisy chain, two chains per protein, some residues designed."""
    ca = torch.cumsum(torch.randn(batch, length, 3) + torch.tensor([3.8, 0.0, 0.0]), dim=1)
    X = ca.unsqueeze(2) + 0.5 * torch.randn(batch, length, 4, 3)
    residue_mask = torch.ones(batch, length)
    residue_mask[1, -1] = 0.0
    designed = (torch.arange(length) % 2 == 0).float().expand(batch, length).contiguous()
    return {"X": X, "S": torch.randint(0, 21, (batch, length)), "R_idx": torch.arange(length).expand(batch, length),
            "chain_labels": (torch.arange(length) >= length // 2).long().expand(batch, length),
            "residue_mask": residue_mask, "designed_residue_mask": designed}


def mpnn_teacher_forcing():
    torch = _seed()
    model = _mpnn(torch)

    def design(features):
        return model(features)["log_probs"]

    return design, [(_residues(torch),)]


def mpnn_train_step():
    torch = _seed()
    model = _mpnn(torch, train=True)

    def step(features):
        log_probs = model(features)["log_probs"]
        loss = torch.nn.functional.nll_loss(log_probs.reshape(-1, log_probs.shape[-1]), features["S"].reshape(-1))
        loss.backward()
        return loss

    return step, [(_residues(torch),)]


def mpnn_score():
    torch = _seed()
    model = _mpnn(torch)

    def score(features):
        return model.score(features, score_mask=features["designed_residue_mask"])

    return score, [(_residues(torch),)]


def mpnn_sample():
    torch = _seed()
    model = _mpnn(torch)

    def sample(features):
        return model.sample(features, temperature=0.5)["log_probs"]

    return sample, [(_residues(torch, length=5),)]


# ------------------------------------------------------------------------------------------------------ gcndesign
def _gcndesign(torch, train=False):
    from gcndesign.hypara import HyperParam
    from gcndesign.models import GCNdesign

    hypara = HyperParam(nneighbor=4, d_embed_node0=8, d_embed_h_node0=8, nlayer_embed_node0=1, niter_embed_rgc=2,
                        k_node_rgc=4, k_edge_rgc=4, d_embed_h_node=8, d_embed_h_edge=8, nlayer_embed_node=1,
                        nlayer_embed_edge=1, d_pred_h1=8, d_pred_h2=8, nlayer_pred=1)
    model = GCNdesign(hypara)
    return model.train() if train else model.eval()


def _backbone_graph(torch, residues=10, neighbours=4):
    """Dihedral node features, 6x6 atom-distance edge features for every pair, and a k-NN boolean adjacency."""
    ca = torch.cumsum(torch.randn(residues, 3) + torch.tensor([3.8, 0.0, 0.0]), dim=0)
    distances = torch.cdist(ca, ca)
    nearest = distances.topk(neighbours, dim=-1, largest=False).indices
    adjacency = torch.zeros(residues, residues, dtype=torch.bool).scatter_(1, nearest, True)
    angles = torch.rand(residues, 3) * 6.28
    nodes = torch.cat([angles.sin(), angles.cos()], dim=1)
    edges = torch.randn(residues, residues, 36)
    return nodes, edges, adjacency


def gcndesign_inference():
    torch = _seed()
    model = _gcndesign(torch)

    def predict(nodes, edges, adjacency):
        return torch.softmax(model(nodes, edges, adjacency), dim=1)

    return predict, [_backbone_graph(torch)]


def gcndesign_train_step():
    torch = _seed()
    model = _gcndesign(torch, train=True)
    labels = torch.randint(0, 20, (10,))

    def step(nodes, edges, adjacency):
        loss = torch.nn.functional.cross_entropy(model(nodes, edges, adjacency), labels)
        loss.backward()
        return loss

    return step, [_backbone_graph(torch)]


# ---------------------------------------------------------------------------------------------------- gnn-augment
_GNN_AUGMENT_STAND_INS = ("sklearn", "sklearn.base")


def _propagation(torch, nodes=12):
    """A random undirected graph with self-loops, symmetrically normalised (the GCN propagation matrix)."""
    upper = (torch.rand(nodes, nodes) < 0.25).float().triu(1)
    adjacency = upper + upper.T + torch.eye(nodes)
    degree = adjacency.sum(1).rsqrt()
    return degree[:, None] * adjacency * degree[None, :]


def _gnn(name, torch, **kwargs):
    targets.stand_in(*_GNN_AUGMENT_STAND_INS)
    from gnn_augment.models import MODELS

    return MODELS[name](6, 3, hidden=8, n_layers=2, **kwargs)


def gnn_augment_dense_models():
    torch = _seed()
    gcn, sage, gin = (_gnn(name, torch, batch_norm=True).eval() for name in ("gcn", "sage", "gin"))

    def classify(P, X):
        return gcn(P, X), sage(P, X), gin(P, X)

    return classify, [(_propagation(torch), torch.randn(12, 6))]


def gnn_augment_dense_gat_train():
    torch = _seed()
    gat = _gnn("gat", torch, heads=2).train()
    labels = torch.randint(0, 3, (12,))

    def step(P, X):
        loss = torch.nn.functional.cross_entropy(gat(P, X), labels)
        loss.backward()
        return loss

    return step, [(_propagation(torch), torch.randn(12, 6))]


def gnn_augment_sparse_gat():
    torch = _seed()
    gat = _gnn("gat", torch, heads=2).eval()

    def classify(P, X):
        return gat(P, X)

    return classify, [(_propagation(torch).to_sparse_coo(), torch.randn(12, 6))]


def gnn_augment_gcn_train():
    torch = _seed()
    gcn = _gnn("gcn", torch, weighted_features=True).train()
    labels = torch.randint(0, 3, (12,))

    def step(P, X):
        loss = torch.nn.functional.cross_entropy(gcn(P, X), labels)
        loss.backward()
        return loss

    return step, [(_propagation(torch), torch.randn(12, 6))]


# --------------------------------------------------------------------------------------------- message-passing-nn
_MPNN_STAND_INS = ("pandas", "pandas.pandas")


def _adjacency_batch(torch, batch=2, nodes=4):
    """A batch of small undirected graphs (a ring plus one chord) with node features."""
    ring = torch.zeros(nodes, nodes)
    for i in range(nodes):
        ring[i, (i + 1) % nodes] = ring[(i + 1) % nodes, i] = 1.0
    ring[0, 2] = ring[2, 0] = 1.0
    return torch.randn(batch, nodes, 2), ring.expand(batch, nodes, nodes).contiguous()


def _encoder(kind, torch, nodes=4):
    targets.stand_in(*_MPNN_STAND_INS)
    from message_passing_nn.model import GraphGRUEncoder, GraphRNNEncoder

    encoder = {"gru": GraphGRUEncoder, "rnn": GraphRNNEncoder}[kind]
    return encoder.of(time_steps=1, number_of_nodes=nodes, number_of_node_features=2,
                      fully_connected_layer_input_size=nodes * 2, fully_connected_layer_output_size=3, device="cpu")


def message_passing_rnn_encoder():
    torch = _seed()
    model = _encoder("rnn", torch)

    def encode(features, adjacency):
        return model(features, adjacency, 2)

    return encode, [_adjacency_batch(torch)]


def message_passing_gru_train():
    torch = _seed()
    model = _encoder("gru", torch)
    target = torch.rand(2, 3)

    def step(features, adjacency):
        loss = torch.nn.functional.mse_loss(model(features, adjacency, 2), target)
        loss.backward()
        return loss

    return step, [_adjacency_batch(torch)]


PACKAGES: Tuple[Package, ...] = (
    Package("teddympnn==0.1.0", "teddympnn", {
        "teacher_forcing": mpnn_teacher_forcing,
        "train_step": mpnn_train_step,
        "score": mpnn_score,
        "sample": mpnn_sample},
        roots=("teddympnn.models.protein_mpnn:ProteinMPNN.score", "teddympnn.models.protein_mpnn:ProteinMPNN.sample")),
    Package("gcndesign==2.3.2", "gcndesign", {
        "inference": gcndesign_inference,
        "train_step": gcndesign_train_step},
        dependencies=("tqdm==4.67.1",)),
    Package("gnn-augment==0.7.0", "gnn_augment", {
        "dense_models": gnn_augment_dense_models,
        "dense_gat_train": gnn_augment_dense_gat_train,
        "sparse_gat": gnn_augment_sparse_gat,
        "gcn_train": gnn_augment_gcn_train}),
    Package("message-passing-nn==1.4.2", "message_passing_nn", {
        "rnn_encoder": message_passing_rnn_encoder,
        "gru_train": message_passing_gru_train}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
