"""Held-out group 61 of the evaluation: graph neural networks written in the style of torch_geometric without it
(pathway-masked graph attention over block-diagonal subgraphs with a segment readout by scatter_add_ and bincount,
trainable dense and sparse COO adjacencies with symmetrising, masking and budget normalisation, graph Laplacians and
edge pruning, diffusion dynamics integrated over a learned graph, dense-batch graph transformers over padded node and
edge tensors with node masks, and adjacency-masked softmax attention with edge features), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout61_targets.py \
        --site benchmarks/eval/.packages-heldout61 --suffix heldout61 --jobs 1

Pathway-constrained graph attention for survival (path-agnn-cox): a gene-pathway adjacency built from gene sets by the
package's own builder, adaptive GAT layers attending within each pathway block with a malignancy gate, a pathway
readout by scatter_add_ over a per-gene pathway id, the static (uniform block mean) variant, the attention exported
as a COO edge list, and a training step on the Cox partial likelihood with its L2 and sparsity terms. Trainable
network adjacencies (gradnet): a dense delta over a base graph with symmetrising, sign constraints and a budget, the
same with raw-space noise, a sparse COO mask (edge-list parameterisation), a directed one of free sign over a signed sparse
base, diffusion on the graph Laplacian of the
learned adjacency, edge pruning to a target edge count (none, some, all), and consensus dynamics integrated with the
package's integrate_ode (torchdiffeq, fixed-step rk4), over a time grid and until an event. Dense-batch graph transformers (graphtransformer-digress): the DiGress
transformer over node, edge and global features of a padded batch with a node mask (masked softmax, FiLM
modulation, feature aggregators), inference and a training step. Graph transformers over an adjacency (graph-
transformer): attention restricted by an adjacency with edge features, concatenated and averaged heads, gated
residuals.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: every GNN distribution that requires torch_geometric, torch_scatter, torch_sparse or torch_cluster
(torch-pointcloud, pyagc, torch-structure, meshgraphnet, graphtoolbox, ephris, ltgn, nodecoder, torch-molecule);
bird-cloud-gnn (dgl); energnn and graphattention (JAX); chytorch and dualgnn (compiled wheels); learning3d (pins torch
2.0.1 and open3d); gatv2, graph-transformer-pytorch (other groups name them). path-agnn-cox's evaluate module imports
scipy and its pathway builder pandas (installed as pinned dependencies: the builder runs for real); its wheel also
installs top-level `baselines` and `benchmark` folders that are not linted. gradnet's plotting and trainer helpers
(matplotlib, tensorboard) are never imported.
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


# --------------------------------------------------------------------------------------------------- path-agnn-cox
_GENE_SETS = {
    "KEGG_CELL_CYCLE": ["CDK1", "CDK2", "CCNA2", "CCNB1", "MCM2"],
    "KEGG_P53": ["TP53", "MDM2", "CDKN1A", "BAX"],
    "KEGG_MAPK": ["KRAS", "BRAF", "MAP2K1", "MAPK1", "EGFR", "MYC"],
}


def _pathway_model(torch, **kwargs):
    """Genes, a pathway adjacency and per-gene pathway ids from gene sets, as the package builds them."""
    import path_agnn_cox
    from path_agnn_cox.pathway import pathway_ids_per_gene

    genes = [gene for members in _GENE_SETS.values() for gene in members]
    adjacency, membership, order = path_agnn_cox.build_pathway_adjacency(genes, _GENE_SETS)
    ids = torch.as_tensor(pathway_ids_per_gene(membership))
    model = path_agnn_cox.PathAGNNCox(len(order), torch.as_tensor(adjacency), ids, hidden=8, n_layers=2,
                                      mlp_hidden=8, **kwargs)
    return model, len(order)


def agnn_risk():
    torch = _seed()
    model, genes = _pathway_model(torch)
    model.eval()

    def risk(expression):
        return model(expression)

    return risk, [(torch.randn(4, genes),)]


def agnn_static_risk():
    torch = _seed()
    model, genes = _pathway_model(torch, use_adaptive=False)
    model.eval()

    def risk(expression):
        return model(expression)

    return risk, [(torch.randn(4, genes),)]


def agnn_attention_edges():
    torch = _seed()
    model, genes = _pathway_model(torch)
    model.eval()

    def attention(expression):
        risk, alpha, src, dst = model(expression, return_alpha=True)
        return risk, alpha, src, dst

    return attention, [(torch.randn(4, genes),)]


def agnn_train_step():
    torch = _seed()
    from path_agnn_cox import total_loss

    model, genes = _pathway_model(torch, dropout=0.1)
    model.train()
    time, event = torch.rand(6) * 10, torch.tensor([1, 0, 1, 1, 0, 1])

    def step(expression):
        risk = model(expression)
        perturbed = model(expression)
        alpha = torch.cat([a.flatten() for a in model.layers[-1].block_alpha_grad])
        loss = total_loss(risk, time, event, perturbed, alpha, model, lambda_sparse=0.1, lambda_consist=0.1)
        loss.backward()
        return loss

    return step, [(torch.randn(6, genes),)]


# ---------------------------------------------------------------------------------------------------------- gradnet
def _ring(torch, nodes=6):
    """A ring of six nodes as a dense base adjacency."""
    adjacency = torch.zeros(nodes, nodes)
    index = torch.arange(nodes)
    adjacency[index, (index + 1) % nodes] = 1.0
    adjacency[(index + 1) % nodes, index] = 1.0
    return adjacency


def gradnet_dense_adjacency():
    torch = _seed()
    from gradnet import GradNet

    net = GradNet(6, budget=2.0, adj0=_ring(torch), delta_sign="nonnegative", final_sign="nonnegative")

    def adjacency():
        return net()

    return adjacency, [()]


def gradnet_noisy_adjacency():
    torch = _seed()
    from gradnet import GradNet

    net = GradNet(6, budget=1.0, adj0=_ring(torch), delta_sign="free", directed=True, strict_budget=False)

    def adjacency(amplitude):
        return net(noise_amplitude=amplitude, noise_mode="multiplicative")

    return adjacency, [(0.1,)]


def gradnet_sparse_adjacency():
    torch = _seed()
    from gradnet import GradNet

    ring = _ring(torch)
    chords = ring + torch.roll(torch.eye(6), 3, dims=1)
    net = GradNet(6, budget=1.5, mask=chords.to_sparse(), adj0=ring.to_sparse())

    def adjacency():
        return net()

    return adjacency, [()]


def gradnet_directed_signed_sparse():
    """A directed sparse delta of free sign over a signed sparse base graph (projecting the sum to a nonnegative
    adjacency fails under torch.compile: dynamo's stride bookkeeping indexes past a sparse tensor's values)."""
    torch = _seed()
    from gradnet import GradNet

    ring = _ring(torch)
    mask = ring + torch.roll(torch.eye(6), 2, dims=1)
    net = GradNet(6, budget=1.0, mask=mask.to_sparse(), adj0=(ring - 0.5 * torch.eye(6).roll(1, 0)).to_sparse(),
                  delta_sign="free", directed=True)

    def adjacency():
        return net()

    return adjacency, [()]


def gradnet_laplacian_diffusion():
    torch = _seed()
    from gradnet import GradNet
    from gradnet.utils import laplacian

    net = GradNet(6, budget=2.0, adj0=_ring(torch))

    def diffuse(state, rate):
        adjacency = net()
        for _ in range(3):
            state = state - rate * laplacian(adjacency) @ state
        return state

    return diffuse, [(torch.randn(6, 2), 0.1)]


def gradnet_prune():
    torch = _seed()
    from gradnet import GradNet
    from gradnet.utils import prune_edges

    net = GradNet(6, budget=2.0, adj0=torch.zeros(6, 6))

    def prune(edges):
        return prune_edges(net.get_delta_adj(), target_edge_number=edges)

    return prune, [(8,), (0,), (30,)]


def gradnet_consensus_ode():
    torch = _seed()
    from gradnet import GradNet, integrate_ode

    net = GradNet(6, budget=2.0, adj0=_ring(torch))

    def field(t, x, A):
        return A @ x - A.sum(dim=1) * x

    def consensus(x0, times):
        return integrate_ode(net, field, x0, times, method="rk4")

    return consensus, [(torch.randn(6), torch.linspace(0.0, 1.0, 5))]


# ----------------------------------------------------------------------------------------- graphtransformer-digress
def _digress(torch):
    from graphtransformer_digress.model import GraphTransformer

    hidden = {"node_dim": 8, "edge_dim": 4, "global_dim": 4, "num_heads": 2, "node_ff_dim": 16, "edge_ff_dim": 8,
              "global_ff_dim": 8}
    return GraphTransformer(2, {"X": 3, "E": 2, "y": 2}, hidden, {"X": 3, "E": 2, "y": 2}, torch.nn.ReLU(),
                            torch.nn.ReLU())


def _padded_graphs(torch):
    """Two graphs of five and three nodes padded to five, with symmetric edge features and a node mask."""
    node_mask = torch.tensor([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], dtype=torch.float32)
    edges = torch.rand(2, 5, 5, 2)
    edges = (edges + edges.transpose(1, 2)) / 2
    return torch.randn(2, 5, 3), edges, torch.randn(2, 2), node_mask


def digress_denoise():
    torch = _seed()
    model = _digress(torch).eval()

    def denoise(X, E, y, node_mask):
        out = model(X, E, y, node_mask)
        return out.X, out.E, out.y

    return denoise, [_padded_graphs(torch)]


def digress_train_step():
    torch = _seed()
    model = _digress(torch).train()

    def step(X, E, y, node_mask):
        out = model(X, E, y, node_mask)
        loss = torch.nn.functional.cross_entropy(out.X.flatten(0, 1), X.argmax(-1).flatten()) + out.E.pow(2).mean()
        loss.backward()
        return loss

    return step, [_padded_graphs(torch)]


# -------------------------------------------------------------------------------------------------- graph-transformer
def _adjacency(torch):
    """A batch of two graphs of five nodes as dense adjacencies with self-loops."""
    adjacency = (torch.rand(2, 5, 5) > 0.5).float()
    return ((adjacency + adjacency.transpose(1, 2)) > 0).float() + torch.eye(5)


def graph_transformer_edges():
    torch = _seed()
    from graph_transformer import GraphTransformerModel

    model = GraphTransformerModel(node_dim=8, edge_dim=3, num_blocks=2, num_heads=2).eval()

    def embed(nodes, edges, adjacency):
        return model(nodes, edges, adjacency)

    return embed, [(torch.randn(2, 5, 8), torch.randn(2, 5, 5, 3), _adjacency(torch))]


def graph_transformer_average_head():
    torch = _seed()
    from graph_transformer import GraphTransformerModel

    model = GraphTransformerModel(node_dim=6, edge_dim=None, num_blocks=2, num_heads=2, last_average=True,
                                  model_dim=8).eval()

    def embed(nodes, adjacency):
        return model.lin_output(model(nodes, None, adjacency)).squeeze(-1)

    return embed, [(torch.randn(2, 5, 6), _adjacency(torch))]


def gradnet_consensus_until_event():
    """Consensus dynamics stopped when the first node's state crosses a level (event-terminated integration)."""
    torch = _seed()
    from gradnet import GradNet, integrate_ode

    net = GradNet(6, budget=2.0, adj0=_ring(torch))

    def field(t, x, A):
        return A @ x - A.sum(dim=1) * x

    def crossing(t, x, A):
        return x[0] - 0.25

    def consensus(x0, times):
        return integrate_ode(net, field, x0, times, method="rk4", solver_options={"step_size": 0.25},
                            event_fn=crossing)

    return consensus, [(torch.linspace(1.0, -1.0, 6), torch.linspace(0.0, 2.0, 9))]


PACKAGES: Tuple[Package, ...] = (
    Package("path-agnn-cox==0.1.3", "path_agnn_cox", {
        "risk": agnn_risk,
        "static_risk": agnn_static_risk,
        "attention_edges": agnn_attention_edges,
        "train_step": agnn_train_step},
        roots=("path_agnn_cox.loss:*",),
        dependencies=("pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
    Package("gradnet==0.5.0", "gradnet", {
        "dense_adjacency": gradnet_dense_adjacency,
        "noisy_adjacency": gradnet_noisy_adjacency,
        "sparse_adjacency": gradnet_sparse_adjacency,
        "laplacian_diffusion": gradnet_laplacian_diffusion,
        "prune": gradnet_prune,
        "directed_signed_sparse": gradnet_directed_signed_sparse,
        "consensus_ode": gradnet_consensus_ode,
        "consensus_until_event": gradnet_consensus_until_event},
        roots=("gradnet.utils:laplacian", "gradnet.utils:prune_edges", "gradnet.ode:integrate_ode",
               "gradnet.gradnet:GradNet.get_delta_adj"),
        dependencies=("torchdiffeq==0.2.5",)),
    Package("graphtransformer-digress==0.2.0", "graphtransformer_digress", {
        "denoise": digress_denoise,
        "train_step": digress_train_step}),
    Package("graph-transformer==0.2.1", "graph_transformer", {
        "edges": graph_transformer_edges,
        "average_head": graph_transformer_average_head}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
