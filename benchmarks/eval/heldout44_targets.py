"""Held-out group 44 of the evaluation: graph neural networks and geometric deep learning written in the style of
torch_geometric without it (dynamic k-nearest-neighbour graphs over point clouds with edge convolutions and dilated
neighbourhoods, radius graphs over particles with continuous convolutions scattered into receivers, batched periodic
neighbour lists with per-configuration offsets, jraph-style GraphsTuple message passing with segment sums, segment
softmax attention, self-loop insertion and per-graph pooling by repeat of n_node), from packages no rule was tuned
on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout44_targets.py \
        --site benchmarks/eval/.packages-heldout44 --suffix heldout44

Point-cloud backbones (openpoints): DGCNN classification features over a dynamic k-NN graph, a DeepGCN training
step with stochastic dilated k-NN edge convolutions, and the PointNet encoder with its spatial transformers. Continuous
convolution networks over particle radius graphs (basisconvolution): the graph is searched by its pure-PyTorch
fallback inside the compiled step, edges without self-loops, per-node neighbour counts by torch.unique, inference and a
training step. Batched neighbour lists of periodic configurations of different sizes, padded and masked, with global
edge indices from per-configuration offsets (batch-nl-torch). Portable jraph on torch tensors (anytensor): GCN with
self-edges and symmetric normalisation, GAT with segment softmax over receivers, and a full GraphNetwork with edge,
node and global updates pooled per graph, as inference and as a training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torch_geometric and everything built on it (so3krates-torch, eqnorm, faenet, hypertorch, torch-hyperbolic,
areafluforecast, design-friendly); packages that need torch_scatter or compiled graph kernels (ptgnn, cosmic-torch);
cogdl and consennet (transformers); learning3d (installs top-level models/ops/utils folders whose relative imports
cannot resolve); e2cnn and escnn (numpy 2, compiled lie-learn/py3nj); nequix, graphattention, energnn (JAX);
dualgnn (numba kernels and a compiled sampler). openpoints imports its CUDA pointnet2 extension, sklearn, pyvista and
ogb at module level for code no target runs (furthest-point sampling, ball query, metrics, datasets): they are stood
in. basisconvolution imports matplotlib, seaborn, h5py, numba, pandas and skimage for plotting, data loading and SPH
utilities no target runs: they are stood in as well.
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


# ---------------------------------------------------------------------------------------------------- openpoints
_OPENPOINTS_STAND_INS = ("openpoints.cpp.pointnet2_batch.pointnet2_cuda", "pyvista", "ogb", "ogb.graphproppred",
                         "ogb.utils", "ogb.utils.features", "torch_scatter", "sklearn", "sklearn.metrics",
                         "sklearn.neighbors", "sklearn.decomposition", "pandas", "h5py", "numba")


def _clouds(torch, batch=2, points=24):
    return torch.rand(batch, points, 3)


def openpoints_dilated_knn_edge_conv():
    torch = _seed()
    targets.stand_in(*_OPENPOINTS_STAND_INS)
    from openpoints.models.layers.knn import DilatedKNN

    graph = DilatedKNN(k=4, dilation=2, stochastic=True, epsilon=0.2).train()
    edge_mlp = torch.nn.Sequential(torch.nn.Conv2d(6, 16, 1), torch.nn.BatchNorm2d(16), torch.nn.LeakyReLU(0.2))
    head = torch.nn.Linear(16, 5)
    labels = torch.tensor([1, 3])

    def step(pts):
        idx = graph(pts).long()  # (B, N, k) dynamic k-NN graph with stochastic dilation
        neighbours = torch.gather(pts.unsqueeze(1).expand(-1, pts.shape[1], -1, -1), 2,
                                  idx.unsqueeze(-1).expand(-1, -1, -1, 3))
        centres = pts.unsqueeze(2).expand_as(neighbours)
        edges = torch.cat([centres, neighbours - centres], dim=-1).permute(0, 3, 1, 2)
        features = edge_mlp(edges).max(dim=-1).values.max(dim=-1).values
        loss = torch.nn.functional.cross_entropy(head(features), labels)
        loss.backward()
        return loss

    return step, [(_clouds(torch),)]


def openpoints_knn_point_features():
    torch = _seed()
    targets.stand_in(*_OPENPOINTS_STAND_INS)
    from openpoints.models.layers.knn import KNN, knn_point

    graph = KNN(6)

    def neighbourhoods(pts):
        distances, idx = graph(pts)
        _, nearest = knn_point(3, pts[:, :8], pts)
        return distances.mean(dim=-1), idx, nearest

    return neighbourhoods, [(_clouds(torch),)]


def openpoints_pointnet_encoder():
    torch = _seed()
    targets.stand_in(*_OPENPOINTS_STAND_INS)
    from openpoints.models.backbone import PointNetEncoder

    model = PointNetEncoder(in_channels=3, input_transform=True, feature_transform=True).eval()

    def encode(pts):
        return model.forward_cls_feat(pts)

    return encode, [(_clouds(torch),)]


# ----------------------------------------------------------------------------------------------- basisconvolution
_BASIS_STAND_INS = ("matplotlib", "matplotlib.pyplot", "matplotlib.patches", "matplotlib.colors", "matplotlib.cm",
                    "matplotlib.ticker", "mpl_toolkits", "mpl_toolkits.axes_grid1", "seaborn", "h5py", "numba",
                    "pandas", "skimage", "tomli", "msgpack", "msgpack_numpy", "portalocker", "zstandard")


def _particles(torch, n=20):
    positions = torch.rand(n, 2)
    features = torch.randn(n, 2)
    return positions, features


def _basis_network(layers):
    targets.stand_in(*_BASIS_STAND_INS)
    from BasisConvolution.convNetv2 import BasisNetwork

    return BasisNetwork(2, layers=layers, dims=[4, 4], rbfs=["linear", "linear"], coordinateMapping="cartesian")


def _basis_graph(positions, support):
    from BasisConvolution.detail.radius import radius

    j, i = radius(positions, positions, support)
    distances = (positions[j] - positions[i]) / support
    return i, j, distances


def basis_radius_graph_inference():
    torch = _seed()
    model = _basis_network([8, 8, 2]).eval()
    support = 0.35

    def predict(positions, features):
        i, j, distances = _basis_graph(positions, support)
        return model(features, i, j, distances)

    return predict, [_particles(torch)]


def basis_radius_graph_train():
    torch = _seed()
    model = _basis_network([8, 2]).train()
    support = 0.35

    def step(positions, features, target):
        i, j, distances = _basis_graph(positions, support)
        loss = torch.nn.functional.mse_loss(model(features, i, j, distances), target)
        loss.backward()
        return loss

    positions, features = _particles(torch)
    return step, [(positions, features, torch.randn(positions.shape[0], 2))]


# ------------------------------------------------------------------------------------------------ batch-nl-torch
def _configurations(torch):
    import numpy as np

    sizes, length = (4, 6), 3.0
    positions = [torch.rand(n, 3).numpy() * length for n in sizes]
    cells = [np.eye(3) * length for _ in sizes]
    return positions, cells


def batchnl_neighbour_list():
    torch = _seed()
    from batch_nl import NeighbourList

    positions, cells = _configurations(torch)
    nl = NeighbourList(positions, cells, cutoff=1.6, device="cpu")
    nl.load_data()

    def build():
        return nl.calculate_neighbourlist(use_torch_compile=False)

    return build, [()]


def batchnl_pair_energy():
    torch = _seed()
    from batch_nl import NeighbourList

    positions, cells = _configurations(torch)
    nl = NeighbourList(positions, cells, cutoff=1.6, device="cpu")
    nl.load_data()
    batch = torch.cat([torch.full((p.shape[0],), k) for k, p in enumerate(positions)])

    def energy(scale):
        edges, _, _, distances = nl.calculate_neighbourlist(use_torch_compile=False)
        pair = scale * torch.exp(-distances)
        per_atom = torch.zeros(batch.shape[0]).index_add_(0, edges[0], pair)
        return torch.zeros(len(positions)).index_add_(0, batch, per_atom)

    return energy, [(torch.tensor(0.5),)]


# ----------------------------------------------------------------------------------------------------- anytensor
def _graphs(torch, features=8):
    """Two small graphs batched jraph-style: node offsets added to senders and receivers, n_node and n_edge."""
    from anytensor.jraph import GraphsTuple

    sizes, edge_counts = (5, 3), (7, 4)
    senders, receivers, offset = [], [], 0
    for n, e in zip(sizes, edge_counts):
        senders.append(torch.randint(0, n, (e,)) + offset)
        receivers.append(torch.randint(0, n, (e,)) + offset)
        offset += n
    return GraphsTuple(nodes=torch.randn(sum(sizes), features), edges=torch.randn(sum(edge_counts), 4),
                       senders=torch.cat(senders), receivers=torch.cat(receivers), globals=torch.randn(2, 3),
                       n_node=torch.tensor(sizes), n_edge=torch.tensor(edge_counts))


def anytensor_gcn():
    torch = _seed()
    from anytensor.jraph import GraphConvolution

    first, second = torch.nn.Linear(8, 16), torch.nn.Linear(16, 4)
    layer1 = GraphConvolution(lambda x: torch.relu(first(x)), add_self_edges=True)
    layer2 = GraphConvolution(second, add_self_edges=True)

    def gcn(graph):
        return layer2(layer1(graph)).nodes

    return gcn, [(_graphs(torch),)]


def anytensor_gat():
    torch = _seed()
    from anytensor.jraph import GAT

    query = torch.nn.Linear(8, 2 * 6)
    attend = torch.nn.Linear(2 * 6, 1)

    def logits(sent, received, edges):
        return attend(torch.cat([sent, received], dim=-1).reshape(sent.shape[0], 2, 12)[..., :12])

    def heads(x):
        return query(x).reshape(x.shape[0], 2, 6)

    layer = GAT(heads, logits)

    def gat(graph):
        return layer(graph).nodes

    return gat, [(_graphs(torch),)]


def _graph_network(torch):
    from anytensor.jraph import GraphNetwork

    edge_mlp = torch.nn.Linear(4 + 8 + 8 + 3, 4)
    node_mlp = torch.nn.Linear(8 + 4 + 4 + 3, 8)
    global_mlp = torch.nn.Linear(8 + 4 + 3, 3)

    def update_edge(edges, sent, received, globals_):
        return torch.relu(edge_mlp(torch.cat([edges, sent, received, globals_], dim=-1)))

    def update_node(nodes, sent, received, globals_):
        return torch.relu(node_mlp(torch.cat([nodes, sent, received, globals_], dim=-1)))

    def update_global(nodes, edges, globals_):
        return global_mlp(torch.cat([nodes, edges, globals_], dim=-1))

    params = [*edge_mlp.parameters(), *node_mlp.parameters(), *global_mlp.parameters()]
    return GraphNetwork(update_edge, update_node, update_global), params


def anytensor_graph_network():
    torch = _seed()
    network, _ = _graph_network(torch)

    def forward(graph):
        out = network(graph)
        return out.nodes, out.edges, out.globals

    return forward, [(_graphs(torch),)]


def anytensor_graph_network_train():
    torch = _seed()
    network, _ = _graph_network(torch)
    target = torch.randn(2, 3)

    def step(graph):
        loss = torch.nn.functional.mse_loss(network(graph).globals, target)
        loss.backward()
        return loss

    return step, [(_graphs(torch),)]


PACKAGES: Tuple[Package, ...] = (
    Package("openpoints==0.1.2", "openpoints", {
        "dilated_knn_edge_conv": openpoints_dilated_knn_edge_conv,
        "knn_point_features": openpoints_knn_point_features,
        "pointnet_encoder": openpoints_pointnet_encoder},
        roots=("openpoints.models.layers.knn:knn_point",
               "openpoints.models.backbone.pointnet:PointNetEncoder.forward_cls_feat"),
        dependencies=("easydict==1.13", "multimethod==2.0", "shortuuid==1.0.13", "termcolor==3.1.0",
                      "tqdm==4.67.1")),
    Package("basisconvolution==0.2.1", "BasisConvolution", {
        "radius_graph_inference": basis_radius_graph_inference,
        "radius_graph_train": basis_radius_graph_train},
        roots=("BasisConvolution.detail.radius:radius",),
        dependencies=("tqdm==4.67.1",)),
    Package("batch-nl-torch==0.1.1", "batch_nl", {
        "neighbour_list": batchnl_neighbour_list,
        "pair_energy": batchnl_pair_energy},
        roots=("batch_nl.neighbourlist:NeighbourList.calculate_neighbourlist",)),
    Package("anytensor==1.1.0", "anytensor", {
        "gcn": anytensor_gcn,
        "gat": anytensor_gat,
        "graph_network": anytensor_graph_network,
        "graph_network_train": anytensor_graph_network_train},
        roots=("anytensor.jraph.models:GraphNetwork._ApplyGraphNet", "anytensor.jraph.models:GAT._ApplyGAT",
               "anytensor.jraph.models:GraphConvolution._ApplyGCN"),
        dependencies=("array-api-compat==1.12.0", "jaxtyping==0.3.11", "wadler-lindig==0.1.8")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
