"""Held-out group 57 of the evaluation: graph neural networks written in the style of torch_geometric without it
(message passing over edge_index with scatter and segment softmax, self-loop insertion, coalescing and symmetrising
edge lists, k-nearest-neighbour graphs, graph readout over a batch vector, relational message passing over typed
hyper-edges, equivariant interatomic potentials over batched atom graphs), from packages no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout57_targets.py \
        --site benchmarks/eval/.packages-heldout57 --suffix heldout57 --jobs 1

Tensor-aware message passing (tgraphx): a graph classifier of convolutional message-passing layers over spatial node
features pooled by a batch vector, a node classifier of linear message-passing layers trained a step, a vector-feature
stack (GCN with self-loops and symmetric normalisation, GATv2 with a segment softmax, APPNP propagation, mean readout),
the tensor GAT, GraphSAGE and GIN layers over [N, C, H, W] node features, a relational GCN (basis decomposition,
per-relation edge lists) under a graph transformer layer, an edge predictor beside a graph regressor, and the
edge-list utilities (self-loops, symmetrising, coalescing, a k-NN graph) and the mini-batch preprocessing (neighbour
sampling, a k-hop subgraph, edge dropout) as functions a user compiles. Relational GNNs for AI planning
(pymimir-rgnn): PDDL states, goals and applicable actions of a small blocks world encoded into typed relations
inside the forward, predicate-MLP and attention messages aggregated by mean, sum and smooth maximum, action and object
readouts, inference and a training step. Equivariant interatomic potentials (tamarutaca): MACE and a strictly-local
model over batched atom graphs built from ase Atoms, energies alone, energies with forces by autograd, and one
interaction layer compiled on its own as the package's compile_layers() does.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: every GNN distribution that requires torch_geometric, torch_scatter, torch_sparse or torch_cluster (gotennet,
newtonnet, seagan, uhg, graph-conv-memory, learned-nbody-surrogate, areafluforecast, rrgcn, communitynet,
torch-hyperbolic, ptgnn, faenet, gnnad, cosmic-torch, t2pmhc, napistu-torch, hypertorch); matrixpfn (huggingface-hub);
kpnn2 (builds its networks through pandas); pelican-lite, fast-gat and gsxform (groups 27 and 29 name them);
protgcn (its model is gcndesign's, group 47). tgraphx's optional PyG/DGL/OGB adapters and torchvision datasets are
never run. pymimir is its compiled planning library (a binary wheel, installed as a pinned dependency): the PDDL
parsing and state encoding it does are real and run inside the compiled forward, as a user would call it.
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


# -------------------------------------------------------------------------------------------------------- tgraphx
def _two_graphs(torch, nodes=8):
    """Two rings of four nodes with one chord each, as an edge list and a batch vector."""
    edge_index = torch.tensor([[0, 1, 2, 3, 4, 5, 6, 7, 0, 6], [1, 2, 3, 0, 5, 6, 7, 4, 2, 4]])
    batch = torch.tensor([0, 0, 0, 0, 1, 1, 1, 1])
    return edge_index, batch


def tgraphx_graph_classifier():
    torch = _seed()
    import tgraphx

    model = tgraphx.GraphClassifier((3, 4, 4), (4, 4, 4), 2, num_layers=2, dropout_prob=0.0).eval()
    edge_index, batch = _two_graphs(torch)

    def classify(x, edge_index, batch):
        return model(x, edge_index, batch=batch)

    return classify, [(torch.randn(8, 3, 4, 4), edge_index, batch)]


def tgraphx_node_classifier_train():
    torch = _seed()
    import tgraphx

    model = tgraphx.NodeClassifier((5,), (6,), 3, num_layers=3).train()
    edge_index, _ = _two_graphs(torch)
    labels = torch.randint(0, 3, (8,))

    def step(x, edge_index):
        loss = torch.nn.functional.cross_entropy(model(x, edge_index), labels)
        loss.backward()
        return loss

    return step, [(torch.randn(8, 5), edge_index)]


def tgraphx_vector_stack():
    torch = _seed()
    import tgraphx

    gcn, gat, appnp = tgraphx.GCNConv(5, 6), tgraphx.GATv2Conv(6, 6, num_heads=2), tgraphx.APPNP(K=3)
    edge_index, batch = _two_graphs(torch)

    def embed(x, edge_index, batch):
        h = appnp(gat(torch.relu(gcn(x, edge_index)), edge_index), edge_index)
        return tgraphx.global_mean_pool(h, batch)

    return embed, [(torch.randn(8, 5), edge_index, batch)]


def tgraphx_tensor_layers():
    torch = _seed()
    import tgraphx

    gat, sage, gin = tgraphx.TensorGATLayer(3, 4), tgraphx.TensorGraphSAGELayer(4, 4), tgraphx.TensorGINLayer(4, 4)
    edge_index, batch = _two_graphs(torch)

    def embed(x, edge_index, batch):
        h = gin(sage(gat(x, edge_index), edge_index), edge_index)
        return tgraphx.global_max_pool(h.flatten(1), batch)

    return embed, [(torch.randn(8, 3, 4, 4), edge_index, batch)]


def tgraphx_edge_utilities():
    torch = _seed()
    import tgraphx

    def preprocess(positions, edge_index, edge_weight):
        knn = tgraphx.build_knn_graph(positions, k=2)
        edges = torch.cat([edge_index, knn], dim=1)
        weights = torch.cat([edge_weight, torch.ones(knn.shape[1])])
        edges, weights, _, _ = tgraphx.remove_self_loops(edges, weights)
        edges, weights, _ = tgraphx.make_undirected(edges, weights, num_nodes=positions.shape[0])
        edges, weights, _ = tgraphx.coalesce_edges(edges, weights, reduce="sum")
        return tgraphx.add_self_loops(edges, weights, num_nodes=positions.shape[0])[:2]

    edge_index, _ = _two_graphs(torch)
    return preprocess, [(torch.randn(8, 2), edge_index, torch.rand(edge_index.shape[1]))]


def tgraphx_relational_transformer():
    torch = _seed()
    from tgraphx.layers.graph_transformer import GraphTransformerLayer
    from tgraphx.layers.rgcn import RGCNConv

    rgcn, transformer = RGCNConv(5, 8, num_relations=2, num_bases=2), GraphTransformerLayer(8, 8, num_heads=2).eval()
    edge_index, _ = _two_graphs(torch)

    def embed(x, edge_index):
        relations = {0: edge_index[:, :5], 1: edge_index[:, 5:]}
        return transformer(torch.relu(rgcn(x, relations, x.shape[0])), edge_index)

    return embed, [(torch.randn(8, 5), edge_index)]


def tgraphx_edge_and_graph_regression():
    torch = _seed()
    import tgraphx

    edges, graphs = tgraphx.EdgePredictor(5, hidden_dim=8), tgraphx.GraphRegressor((5,), (6,), 2).eval()
    edge_index, batch = _two_graphs(torch)

    def predict(x, edge_index, batch):
        return edges(x, edge_index), graphs(x, edge_index, batch=batch)

    return predict, [(torch.randn(8, 5), edge_index, batch)]


def tgraphx_sampling():
    """Neighbour sampling, a k-hop subgraph and edge dropout on one graph, the preprocessing of a mini-batch."""
    torch = _seed()
    import tgraphx
    from tgraphx.sampling import k_hop_subgraph, neighbor_sample
    from tgraphx.transforms.graph import DropEdges

    drop = DropEdges(p=0.3, seed=0)

    def sample(graph, seeds):
        sampled = neighbor_sample(graph, seeds, fanouts=[2, 2], seed=0)
        hop = k_hop_subgraph(drop(graph), seeds, num_hops=1)
        return sampled.node_features, sampled.edge_index, hop.edge_index

    edge_index, _ = _two_graphs(torch)
    return sample, [(tgraphx.Graph(torch.randn(8, 5), edge_index), torch.tensor([0, 5]))]


# --------------------------------------------------------------------------------------------------- pymimir-rgnn
_BLOCKS_DOMAIN = """(define (domain blocks) (:requirements :strips :typing) (:types block)
 (:predicates (on ?x - block ?y - block) (ontable ?x - block) (clear ?x - block) (handempty) (holding ?x - block))
 (:action pick-up :parameters (?x - block) :precondition (and (clear ?x) (ontable ?x) (handempty))
  :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))
 (:action put-down :parameters (?x - block) :precondition (holding ?x)
  :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))
 (:action stack :parameters (?x - block ?y - block) :precondition (and (holding ?x) (clear ?y))
  :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))
 (:action unstack :parameters (?x - block ?y - block) :precondition (and (on ?x ?y) (clear ?x) (handempty))
  :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))"""
_BLOCKS_PROBLEM = """(define (problem tower) (:domain blocks) (:objects a b c d - block)
 (:init (clear a) (on a b) (ontable b) (clear c) (on c d) (ontable d) (handempty))
 (:goal (and (on b c) (on c a) (on d b))))"""


def _planning(torch):
    """A blocks-world domain and problem written to a temporary folder, as mimir reads them from files."""
    import os
    import tempfile

    import pymimir

    folder = tempfile.mkdtemp(prefix="heldout57-pddl-")
    for name, text in (("domain.pddl", _BLOCKS_DOMAIN), ("problem.pddl", _BLOCKS_PROBLEM)):
        with open(os.path.join(folder, name), "w") as handle:
            handle.write(text)
    domain = pymimir.Domain(os.path.join(folder, "domain.pddl"))
    return domain, pymimir.Problem(domain, os.path.join(folder, "problem.pddl"))


def _rgnn(domain, aggregation, message, **hparams):
    import pymimir_rgnn as rgnn

    config = rgnn.HyperparameterConfig(domain=domain, embedding_size=8, num_layers=2, **hparams)
    spec = (rgnn.StateEncoder(), rgnn.GroundActionsEncoder(), rgnn.GoalEncoder())
    outputs = [("q_values", rgnn.ActionScalarDecoder(config)), ("value", rgnn.ObjectsScalarDecoder(config))]
    modules = rgnn.ModuleConfig(aggregation_function=aggregation, message_function=message(config, spec),
                                update_function=rgnn.MLPUpdates(config))
    return rgnn.RelationalGraphNeuralNetwork(config, modules, spec, outputs)


def _states(problem):
    state = problem.get_initial_state()
    goal = problem.get_goal_condition()
    return [(state, state.generate_applicable_actions(), goal)]


def rgnn_q_values():
    torch = _seed()
    import pymimir_rgnn as rgnn

    domain, problem = _planning(torch)
    model = _rgnn(domain, rgnn.MeanAggregation(), rgnn.PredicateMLPMessages).eval()

    def q_values(batch):
        return model(batch).readout("q_values")

    return q_values, [(_states(problem),)]


def rgnn_attention_value():
    torch = _seed()
    import pymimir_rgnn as rgnn

    domain, problem = _planning(torch)
    model = _rgnn(domain, rgnn.SmoothMaximumAggregation(), rgnn.AttentionMessages, global_readout=True).eval()

    def value(batch):
        return model(batch).readout("value")

    return value, [(_states(problem),)]


def rgnn_train_step():
    torch = _seed()
    import pymimir_rgnn as rgnn

    domain, problem = _planning(torch)
    model = _rgnn(domain, rgnn.SumAggregation(), rgnn.PredicateMLPMessages, residual_updates=True).train()

    def step(batch):
        outputs = model(batch)
        q_values = torch.cat(outputs.readout("q_values"))
        loss = (q_values - 1.0).pow(2).mean() + outputs.readout("value").pow(2).mean()
        loss.backward()
        return loss

    return step, [(_states(problem),)]


# ----------------------------------------------------------------------------------------------------- tamarutaca
def _potential(torch, kind):
    from tamarutaca import ModelConfig, build_model

    config = ModelConfig(type=kind, r_max=3.0, lmax=1, channels=4, num_layers=2, num_radial_basis=4,
                         radial_mlp_hidden=[8], readout_hidden=4, correlation=2, latent_dim=8, scalar_mlp_hidden=[8])
    return build_model(config, atomic_numbers=[1, 6, 8]).eval()


def _molecules(torch):
    """Two small random molecules of H, C and O as one batched atom graph (cutoff 3 A)."""
    import numpy as np
    from ase import Atoms
    from tamarutaca import ZTable, collate_graphs, graph_from_atoms

    rng = np.random.default_rng(0)
    table = ZTable([1, 6, 8])
    molecules = [Atoms(numbers=rng.choice([1, 6, 8], n), positions=rng.normal(size=(n, 3)) * 1.2) for n in (5, 4)]
    return collate_graphs([graph_from_atoms(atoms, table, 3.0, with_labels=False) for atoms in molecules])


def tamarutaca_mace_energy():
    torch = _seed()
    model = _potential(torch, "mace")

    def energy(graph):
        return model(graph, compute_forces=False)["energy"]

    return energy, [(_molecules(torch),)]


def tamarutaca_mace_forces():
    torch = _seed()
    model = _potential(torch, "mace")

    def forces(graph):
        out = model(graph, compute_forces=True)
        return out["energy"], out["forces"]

    return forces, [(_molecules(torch),)]


def tamarutaca_strictly_local_energy():
    torch = _seed()
    model = _potential(torch, "strictly_local")

    def energy(graph):
        return model(graph, compute_forces=False)["energy"]

    return energy, [(_molecules(torch),)]


def tamarutaca_interaction_layer():
    """One MACE interaction layer's forward compiled alone, with the inputs it gets in a real forward."""
    torch = _seed()
    model = _potential(torch, "mace")
    layer = model.interactions[0]
    seen = []
    handle = layer.register_forward_hook(lambda module, args, kwargs, out: seen.append((args, kwargs)), with_kwargs=True)
    with torch.no_grad():
        model(_molecules(torch), compute_forces=False)
    handle.remove()
    args, kwargs = seen[0]
    return layer.forward, [args], kwargs


PACKAGES: Tuple[Package, ...] = (
    Package("tgraphx==1.5.1", "tgraphx", {
        "graph_classifier": tgraphx_graph_classifier,
        "node_classifier_train": tgraphx_node_classifier_train,
        "vector_stack": tgraphx_vector_stack,
        "tensor_layers": tgraphx_tensor_layers,
        "edge_utilities": tgraphx_edge_utilities,
        "relational_transformer": tgraphx_relational_transformer,
        "edge_and_graph_regression": tgraphx_edge_and_graph_regression,
        "sampling": tgraphx_sampling},
        roots=("tgraphx.layers.pooling:global_*_pool", "tgraphx.core.graph_utils:*",
               "tgraphx.graph_builders:build_knn_graph", "tgraphx.sampling:k_hop_subgraph",
               "tgraphx.sampling:neighbor_sample", "tgraphx.transforms.graph:DropEdges.__call__")),
    Package("pymimir-rgnn==0.2.10", "pymimir_rgnn", {
        "q_values": rgnn_q_values,
        "attention_value": rgnn_attention_value,
        "train_step": rgnn_train_step},
        roots=("pymimir_rgnn.model:RelationalGraphNeuralNetwork.forward", "pymimir_rgnn.model:ForwardState.readout"),
        dependencies=("pymimir==0.13.63",)),
    Package("tamarutaca==26.9.1", "tamarutaca", {
        "mace_energy": tamarutaca_mace_energy,
        "mace_forces": tamarutaca_mace_forces,
        "strictly_local_energy": tamarutaca_strictly_local_energy,
        "interaction_layer": tamarutaca_interaction_layer},
        dependencies=("ase==3.29.0",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
