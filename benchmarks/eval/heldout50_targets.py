"""Held-out group 50 of the evaluation: graph neural networks written in the style of torch_geometric without it
(message passing over an edge_index by index_add_ and scatter_reduce, edge softmax over a home-grown sparse COO/CSR
tensor, graph readout over a batch index vector, attention over k-nearest-neighbour point graphs, graph autoencoders
over a sparse adjacency, concept-graph knowledge tracing with boolean student masks, and message passing pushed node
by node through Python adjacency sets), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout50_targets.py \
        --site benchmarks/eval/.packages-heldout50 --suffix heldout50 --jobs 1

A graph learning library in the style of torch_geometric (sky-vgl, import `vgl`): its convolution layers called on
(x, edge_index) and on its Graph object, attention layers whose edge softmax builds its own sparse tensor, GIN and
SAGE layers read out per graph with sum, mean and max pooling over a batch vector, point transformer and EdgeConv
layers over a k-NN point graph, as inference and as a training step. Graph autoencoders for link prediction
(gnn4lp, import `src`): GCN variational autoencoders over a sparse COO adjacency (torch.spmm), graph attention
autoencoders over its dense copy, and the adversarially regularised GAE with its discriminator. Graph-based
knowledge tracing (pykt-toolkit, GKT): per-step aggregation over a concept graph with boolean masks of the students
that answered, erase/add gates and a GRU cell, as inference and as a training step. A graph framework whose graph
keeps node features in a dict and adjacency as Python sets (lign): GCN units that apply a layer, push every node's
features along its edges and sum the received lists, as inference and as a training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: everything built on torch_geometric, torch_scatter or torch_cluster (so3krates-torch, cosmic-torch,
pointtorch, torch-pointcloud, faenet, gnnad, gpgin-cli, hypertorch, pyagc, torch-molecule, graph-conv-memory);
torch-gauge (group 33 names it); pygmtools and dualgnn (compiled extensions). pykt-toolkit imports pandas, sklearn
and wandb at package import for data loading, metrics and logging that no target runs (stood in); lign imports
torchvision and pandas for its dataset loaders (stood in: no target loads a dataset). gnn4lp installs
its code as a top-level package named `src` (and an empty `model`); only `src` is linted.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up the stood-in modules' specs on import

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------- sky-vgl
def _graph_batch(torch, graphs=3, nodes=5, features=6):
    """A batch of small rings with a chord each, as one disjoint edge_index with a batch vector."""
    edges, batch = [], []
    for g in range(graphs):
        base = g * nodes
        for i in range(nodes):
            edges += [(base + i, base + (i + 1) % nodes), (base + (i + 1) % nodes, base + i)]
        edges += [(base, base + 2), (base + 2, base)]
        batch += [g] * nodes
    edge_index = torch.tensor(edges, dtype=torch.long).t().contiguous()
    return torch.randn(graphs * nodes, features), edge_index, torch.tensor(batch)


def _knn_points(torch, points=12, k=3):
    """A small point cloud and its k-nearest-neighbour graph (edges neighbour -> centre)."""
    pos = torch.randn(points, 3)
    nearest = torch.cdist(pos, pos).topk(k + 1, largest=False).indices[:, 1:]
    col = torch.arange(points).repeat_interleave(k)
    return torch.randn(points, 4), torch.stack([nearest.reshape(-1), col]), pos


def vgl_graph_classifier():
    torch = _seed()
    from vgl.nn import GINConv, SAGEConv
    from vgl.nn.readout import global_max_pool, global_mean_pool, global_sum_pool

    gin, sage = GINConv(6, 8).eval(), SAGEConv(8, 8).eval()
    head = torch.nn.Linear(24, 2)

    def classify(x, edge_index, batch):
        h = sage(gin(x, edge_index).relu(), edge_index).relu()
        pooled = [global_sum_pool(h, batch), global_mean_pool(h, batch), global_max_pool(h, batch)]
        return head(torch.cat(pooled, dim=-1))

    return classify, [_graph_batch(torch)]


def vgl_attention_layers():
    torch = _seed()
    from vgl.nn import AGNNConv, SuperGATConv, TransformerConv

    transformer = TransformerConv(6, 4, heads=2).eval()
    agnn = AGNNConv(8).eval()
    supergat = SuperGATConv(8, 4, heads=2).eval()

    def attend(x, edge_index, batch):
        h = transformer(x, edge_index)
        return supergat(agnn(h, edge_index), edge_index)

    return attend, [_graph_batch(torch)]


def vgl_graph_object_train():
    torch = _seed()
    from vgl import Graph
    from vgl.nn import GATv2Conv, GCNConv

    gcn, gat = GCNConv(6, 8).train(), GATv2Conv(8, 3, heads=2, concat=False).train()
    x, edge_index, _ = _graph_batch(torch)
    graph = Graph.homo(edge_index=edge_index, x=x)
    labels = torch.randint(0, 3, (x.size(0),))

    def step(graph):
        hidden = Graph.homo(edge_index=graph.edge_index, x=gcn(graph).relu())
        loss = torch.nn.functional.cross_entropy(gat(hidden), labels)
        loss.backward()
        return loss

    return step, [(graph,)]


def vgl_point_cloud():
    torch = _seed()
    from vgl.nn import EdgeConv, PointTransformerConv

    edge_conv = EdgeConv(4, 8).eval()
    point_transformer = PointTransformerConv(8, 8, pos_channels=3).eval()

    def segment(x, edge_index, pos):
        return point_transformer(edge_conv(x, edge_index), edge_index, pos=pos)

    return segment, [_knn_points(torch)]


# -------------------------------------------------------------------------------------------------------- gnn4lp
def _link_graph(torch, nodes=10, features=5):
    """A random undirected graph with self-loops: features, the normalised sparse COO adjacency."""
    upper = (torch.rand(nodes, nodes) < 0.3).float().triu(1)
    adjacency = upper + upper.T + torch.eye(nodes)
    degree = adjacency.sum(1).rsqrt()
    return torch.randn(nodes, features), (degree[:, None] * adjacency * degree[None, :]).to_sparse_coo()


def gnn4lp_vgae_train():
    torch = _seed()
    from src.vgae.model import GCNModelVAE

    model = GCNModelVAE(5, 8, 4, dropout=0.1).train()

    def step(features, adjacency):
        recovered, mu, logvar = model(features, adjacency)
        target = (adjacency.to_dense() > 0).float()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(recovered, target)
        kl = -0.5 * torch.mean(torch.sum(1 + 2 * logvar - mu.pow(2) - logvar.exp().pow(2), 1))
        (loss + kl).backward()
        return loss

    return step, [_link_graph(torch)]


def gnn4lp_attention_autoencoders():
    torch = _seed()
    from src.graph_att_gae.model import GATModelVAE
    from src.graph_nheads_att_gae.model import NHGATModelVAE

    gat = GATModelVAE(5, 8, 6, 4, dropout=0.0, alpha=0.2).eval()
    heads = NHGATModelVAE(5, 4, 6, 4, num_heads=2, dropout=0.0, alpha=0.2).eval()

    def encode(features, adjacency):
        return gat(features, adjacency)[0], heads(features, adjacency)[0]

    return encode, [_link_graph(torch)]


def gnn4lp_arga_train():
    torch = _seed()
    from src.arga.model import GCNModelARGA

    model = GCNModelARGA(5, 8, 4, dropout=0.0).train()

    def step(features, adjacency):
        recovered, dis_real, dis_fake = model(features, adjacency)[:3]
        bce = torch.nn.functional.binary_cross_entropy_with_logits
        loss = bce(recovered, (adjacency.to_dense() > 0).float()) + bce(dis_fake, torch.ones_like(dis_fake))
        loss = loss + bce(dis_real, torch.ones_like(dis_real))
        loss.backward()
        return loss

    return step, [_link_graph(torch)]


# -------------------------------------------------------------------------------------------------- pykt-toolkit
_PYKT_STAND_INS = ("pandas", "sklearn", "wandb", "wandb.apis", "wandb.apis.public")


def _gkt(torch, train=False, concepts=6):
    targets.stand_in(*_PYKT_STAND_INS)
    from pykt.models.gkt import GKT

    graph = (torch.rand(concepts, concepts) < 0.4).float()
    model = GKT(concepts, hidden_dim=8, emb_size=8, graph=graph, dropout=0.0)
    return model.train() if train else model.eval()


def _responses(torch, students=3, steps=4, concepts=6):
    """Concept ids and right/wrong answers, one student's sequence padded with -1 at the end."""
    q = torch.randint(0, concepts, (students, steps))
    q[0, -1] = -1
    r = torch.randint(0, 2, (students, steps))
    r[0, -1] = 0
    return q, r


def pykt_gkt_predict():
    torch = _seed()
    model = _gkt(torch)

    def predict(q, r):
        return model(q, r)

    return predict, [_responses(torch)]


def pykt_gkt_train_step():
    torch = _seed()
    model = _gkt(torch, train=True)

    def step(q, r):
        pred = model(q, r)
        loss = torch.nn.functional.binary_cross_entropy(pred.clamp(1e-4, 1 - 1e-4), r[:, 1:].float())
        loss.backward()
        return loss

    return step, [_responses(torch)]


# ---------------------------------------------------------------------------------------------------------- lign
_LIGN_STAND_INS = ("torchvision", "pandas")


def _lign_graph(torch, nodes=6, features=4):
    """A ring of nodes with a chord and self-loops, their features stored on the graph (as lign's loaders do)."""
    targets.stand_in(*_LIGN_STAND_INS)
    from lign.graph import Graph

    graph = Graph()
    graph.add(nodes)
    graph.set_data("x", torch.randn(nodes, features))
    for i in range(nodes):
        graph.add_edges(i, [(i + 1) % nodes, (i - 1) % nodes])
    graph.add_edges(0, 3)
    return graph


def _lign_network(torch, hidden=8, out=3):
    from lign.nn import GCN
    from lign.utils.functions import sum_tensors

    class Network(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.unit1 = GCN(torch.nn.Linear(4, hidden), aggregation=sum_tensors)
            self.unit2 = GCN(torch.nn.Linear(hidden, hidden), aggregation=sum_tensors,
                             inclusion=torch.nn.Linear(hidden, out))

        def forward(self, g, features):
            return self.unit2(g, torch.relu(self.unit1(g, features)))

    return Network()


def lign_gcn_inference():
    torch = _seed()
    graph, network = _lign_graph(torch), _lign_network(torch).eval()

    def classify(features):
        return network(graph, features)

    return classify, [(graph.get_data("x"),)]


def lign_gcn_train_step():
    torch = _seed()
    graph, network = _lign_graph(torch), _lign_network(torch).train()
    labels = torch.randint(0, 3, (len(graph),))

    def step(features):
        loss = torch.nn.functional.cross_entropy(network(graph, features), labels)
        loss.backward()
        return loss

    return step, [(graph.get_data("x"),)]


PACKAGES: Tuple[Package, ...] = (
    Package("sky-vgl==0.2.1", "vgl", {
        "graph_classifier": vgl_graph_classifier,
        "attention_layers": vgl_attention_layers,
        "graph_object_train": vgl_graph_object_train,
        "point_cloud": vgl_point_cloud},
        roots=("vgl.nn.readout:global_*_pool",)),
    Package("gnn4lp==0.1.0", "src", {
        "vgae_train": gnn4lp_vgae_train,
        "attention_autoencoders": gnn4lp_attention_autoencoders,
        "arga_train": gnn4lp_arga_train}),
    Package("pykt-toolkit==0.0.38", "pykt", {
        "gkt_predict": pykt_gkt_predict,
        "gkt_train_step": pykt_gkt_train_step}),
    Package("lign==0.1.1", "lign", {
        "gcn_inference": lign_gcn_inference,
        "gcn_train_step": lign_gcn_train_step}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
