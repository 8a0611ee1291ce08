"""Held-out group 82 of the evaluation: geometric deep learning in the style of torch_geometric without it (point-cloud
networks with farthest point sampling, ball-query grouping and PointNet++ set abstraction / feature propagation,
point-cloud graph operators in torch_cluster's conventions: kNN and radius graphs over batch vectors, voxel and grid
pooling, graclus matching, random walks; an E(3)-equivariant geometric algebra transformer; a DFT-D3 dispersion
correction over atom pair graphs with coordination-number cutoffs and three-body triplets), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout82_targets.py \
        --site benchmarks/eval/.packages-heldout82 --suffix heldout82 --jobs 1

Point clouds (g3ms-pcp, `pcp`): PointNet classification and segmentation (with T-Nets), PointNet++ classification
(single and multi-scale grouping, extra input features) and segmentation (feature propagation by inverse distance
weighting), a PointNet++ training step, and the library's sampling / grouping / interpolation / Chamfer functions
compiled in one upsampling loss. Point-cloud operators (mps-pointops, CPU reference paths): a PointNet++ layer on its
`furthest_point_sample`, `ball_query`, `three_nn` / `three_interpolate`; an EdgeConv (DGCNN) layer over its
torch_cluster-style `knn_graph` and `radius_graph` on batch vectors with `fps` pooling; a point-cloud autoencoder
training step on its `chamfer_distance`; voxel and grid pooling; graclus pooling of a kNN graph; random walks; the
pointcept-style offset API (`farthest_point_sampling`, `knn_query_and_group`, `interpolation`) and the pointnet2_ops
compatible `KNN` module. Geometric algebra transformer (ezgatr): the multivector-only GATr on points embedded as PGA
multivectors (inner-product and distance-aware attention, causal and with a padding mask) and a user layer written on its functional API (equivariant linear maps, geometric product, join, RMS norm, gated GELU,
interfaces). Dispersion (torch-dftd): DFT-D3 with zero and Becke-Johnson damping, with the three-body ATM term, on a
periodic batch, DFT-D2, the module's `calc_energy` and `calc_energy_and_forces`, and its `calc_edge_index` pair
search. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo
cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): faenet, cosmic-torch,
pointtorch, torch-pointcloud, so3krates-torch, torchmd-net, gotennet, graph-conv-memory, geometric-vector-perceptron,
cliffordip, equiformer-v2, mattersim (torch_geometric, torch_scatter or torch_cluster required or imported at the
top); learning3d (its wheel installs `models`, `ops`, `utils` as top-level packages that import each other with
`from .. utils`, which fails outside a parent package); chytorch (a compiled extension, Python < 3.12 only); aimnet
(warp and nvalchemi kernels); nnpackage (SchNetPack 0.3 again, group 27 has SchNetPack); graph-transformer (group 61).
Stand-ins, outside anything compiled: polars and laspy (pcp's CSV / LAZ readers, imported by its package); pymatgen
(torch-dftd's periodic neighbour list, imported by its edge extraction module; the periodic target builds its pairs with
the module's ase path, `calc_neighbor_by_ase`).
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


# ------------------------------------------------------------------------------------------------------- g3ms-pcp
def _pcp():
    targets.stand_in("polars", "laspy")
    import pcp

    return pcp


def _small_pointnet2(input_features=0, multi_scale=False):
    from pcp.nn.PointNet2 import PointNet2, SALayerConfig

    if multi_scale:
        layers = [SALayerConfig(16, [0.2, 0.4], [8, 16], [[16, 32], [16, 32]]),
                  SALayerConfig(None, None, None, [32, 64], group_all=True)]
    else:
        layers = [SALayerConfig(16, 0.3, 8, [16, 32]),
                  SALayerConfig(8, 0.5, 8, [32, 48]),
                  SALayerConfig(None, None, None, [48, 64], group_all=True)]
    return PointNet2(layers, input_feature_channels=input_features)


def pcp_pointnet_cls():
    torch = _seed()
    _pcp()
    from pcp.nn.PointNet.PointNetCls import PointNetCls

    model = PointNetCls(3, 5, use_tnet=True, out_channels=((16, 16), (16, 32, 64)), classifier_channels=(32, 16))
    return model.eval(), [(torch.rand(2, 48, 3),)]


def pcp_pointnet_seg():
    torch = _seed()
    _pcp()
    from pcp.nn.PointNet.PointNetSeg import PointNetSeg

    model = PointNetSeg(4, 3, use_tnet=True, backbone_channels=((16, 16), (16, 32, 64)),
                        segmentation_channels=(32, 16))
    return model.eval(), [(torch.rand(2, 48, 4),)]


def pcp_pointnet2_cls():
    torch = _seed()
    _pcp()
    from pcp.nn.PointNet2 import PointNet2Cls

    model = PointNet2Cls(5, backbone=_small_pointnet2(), classifier_channels=(32, 16))
    return model.eval(), [(torch.rand(2, 64, 3),)]


def pcp_pointnet2_msg_features():
    torch = _seed()
    _pcp()
    from pcp.nn.PointNet2 import PointNet2Cls

    model = PointNet2Cls(5, backbone=_small_pointnet2(input_features=2, multi_scale=True),
                         classifier_channels=(32,))
    return model.eval(), [(torch.rand(2, 64, 5),)]


def pcp_pointnet2_seg():
    torch = _seed()
    _pcp()
    from pcp.nn.PointNet2 import PointNet2Seg

    model = PointNet2Seg(4, backbone=_small_pointnet2(), fp_channels=((32,), (32,), (16,)))
    return model.eval(), [(torch.rand(2, 64, 3),)]


def pcp_pointnet2_train_step():
    torch = _seed()
    _pcp()
    import torch.nn.functional as F
    from pcp.nn.PointNet2 import PointNet2Cls

    model = PointNet2Cls(5, backbone=_small_pointnet2(), classifier_channels=(32,)).train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(points, labels):
        optimizer.zero_grad()
        log_probs, _ = model(points)
        loss = F.nll_loss(log_probs, labels)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(4, 64, 3), torch.randint(0, 5, (4,)))]


def pcp_upsampling_loss():
    """A point-cloud upsampling loss on the library's functions: sample, group, interpolate, compare."""
    torch = _seed()
    _pcp()
    from pcp.distance import chamfer
    from pcp.grouping import ball_query, knn
    from pcp.interpolation import IDW
    from pcp.sampling import fps

    def loss(points, values, target):
        seeds = fps(points, 16)
        neighbours, _ = knn(points, seeds, 4, return_indices=True)
        _, grouped, mask = ball_query(0.3, 6, points, seeds, return_mask=True)
        spread = (grouped - seeds.points.unsqueeze(2)).pow(2).sum(-1) * mask
        dense = IDW(seeds, values[:, :16], points, n_neighbors=3)
        upsampled = neighbours.points.reshape(points.shape[0], -1, 3)
        return chamfer(upsampled, target) + spread.mean() + dense.pow(2).mean()

    return loss, [(torch.rand(2, 48, 3), torch.rand(2, 48, 4), torch.rand(2, 64, 3))]


# --------------------------------------------------------------------------------------------------- mps-pointops
def _mlp(torch, *channels):
    layers = []
    for a, b in zip(channels, channels[1:]):
        layers += [torch.nn.Linear(a, b), torch.nn.ReLU()]
    return torch.nn.Sequential(*layers)


def pointops_pointnet2_layer():
    """Set abstraction then feature propagation (PointNet++), on the pointnet2_ops-style ops."""
    torch = _seed()
    import mps_pointops

    class SetAbstractionFP(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.sa = _mlp(torch, 3 + 4, 16, 32)
            self.fp = _mlp(torch, 32 + 4, 16)

        def forward(self, xyz, feats):
            idx = mps_pointops.furthest_point_sample(xyz, 12)
            centres = torch.gather(xyz, 1, idx.unsqueeze(-1).expand(-1, -1, 3))
            _, group = mps_pointops.ball_query(centres, xyz, 0.4, 8)
            group = group.clamp_min(0)
            batch = torch.arange(xyz.shape[0]).view(-1, 1, 1)
            grouped = torch.cat([xyz[batch, group] - centres.unsqueeze(2), feats[batch, group]], dim=-1)
            pooled = self.sa(grouped).max(dim=2).values
            dist, nearest = mps_pointops.three_nn(xyz, centres)
            weight = 1.0 / (dist + 1e-8)
            weight = weight / weight.sum(-1, keepdim=True)
            up = mps_pointops.three_interpolate(pooled.transpose(1, 2).contiguous(), nearest.int(), weight)
            return self.fp(torch.cat([up.transpose(1, 2), feats], dim=-1))

    return SetAbstractionFP().eval(), [(torch.rand(2, 40, 3), torch.rand(2, 40, 4))]


def pointops_edgeconv():
    """A DGCNN EdgeConv block over a batched kNN graph, then fps pooling and a radius graph (torch_cluster style)."""
    torch = _seed()
    from mps_pointops import flat

    class EdgeConvPool(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.edge_mlp = _mlp(torch, 2 * 4, 16)
            self.out = _mlp(torch, 16 + 3, 8)

        def forward(self, pos, x, batch):
            src, dst = flat.knn_graph(pos, 4, batch)
            messages = self.edge_mlp(torch.cat([x[dst], x[src] - x[dst]], dim=-1))
            h = torch.zeros(x.shape[0], 16).index_reduce_(0, dst, messages, "amax", include_self=False)
            keep = flat.fps(pos, batch, ratio=0.5, random_start=False)
            row, col = flat.radius_graph(pos[keep], 0.5, batch[keep], max_num_neighbors=8)
            pooled = torch.zeros(len(keep), 16).index_add_(0, col, h[keep][row])
            return self.out(torch.cat([pooled, pos[keep]], dim=-1))

    batch = torch.arange(2).repeat_interleave(20)
    return EdgeConvPool().eval(), [(torch.rand(40, 3), torch.rand(40, 4), batch)]


def pointops_knn_radius_search():
    """The bipartite searches a point transformer's downsampling uses: kNN and radius from samples to points."""
    torch = _seed()
    from mps_pointops import flat, nearest

    def search(pos, batch, sampled, sampled_batch):
        knn_edges = flat.knn(pos, sampled, 3, batch, sampled_batch)
        radius_edges = flat.radius(pos, sampled, 0.4, batch, sampled_batch, max_num_neighbors=6)
        assign = nearest.nearest(pos, sampled, batch, sampled_batch)
        return knn_edges, radius_edges, assign

    batch = torch.arange(2).repeat_interleave(16)
    sampled_batch = torch.arange(2).repeat_interleave(4)
    return search, [(torch.rand(32, 3), batch, torch.rand(8, 3), sampled_batch)]


def pointops_autoencoder_train_step():
    """A point-cloud autoencoder trained on the Chamfer distance (PyTorch3D's contract)."""
    torch = _seed()
    from mps_pointops import chamfer_distance

    encoder = _mlp(torch, 3, 32, 32)
    decoder = torch.nn.Linear(32, 24 * 3)
    params = list(encoder.parameters()) + list(decoder.parameters())
    optimizer = torch.optim.Adam(params, lr=1e-3)

    def step(points):
        optimizer.zero_grad()
        code = encoder(points).max(dim=1).values
        recon = decoder(code).view(points.shape[0], 24, 3)
        loss, _ = chamfer_distance(recon, points)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(2, 32, 3),)]


def pointops_voxel_pooling():
    torch = _seed()
    from mps_pointops.grid import grid_cluster
    from mps_pointops.voxel import voxel_downsample

    def pool(pos, feats, batch):
        cluster = grid_cluster(pos, torch.tensor([0.25, 0.25, 0.25]))
        down = voxel_downsample(pos, 0.25, batch, feats)
        return cluster, down.pos, down.features

    batch = torch.arange(2).repeat_interleave(24)
    return pool, [(torch.rand(48, 3), torch.rand(48, 5), batch)]


def pointops_graclus_pooling():
    """Graclus pooling of a kNN graph (the coarsening step of a graph U-Net on point clouds)."""
    torch = _seed()
    from mps_pointops import flat
    from mps_pointops.graclus import graclus_cluster

    def coarsen(pos, x):
        row, col = flat.knn_graph(pos, 3)
        weight = torch.exp(-(pos[row] - pos[col]).pow(2).sum(-1))
        cluster = graclus_cluster(row, col, weight, num_nodes=pos.shape[0])
        _, cluster = torch.unique(cluster, return_inverse=True)
        pooled = torch.zeros(int(cluster.max()) + 1, x.shape[1]).index_reduce_(0, cluster, x, "amax",
                                                                              include_self=False)
        return pooled

    return coarsen, [(torch.rand(24, 3), torch.rand(24, 4))]


def pointops_random_walk():
    """node2vec-style walks (p, q biased) over a radius graph."""
    torch = _seed()
    from mps_pointops import flat
    from mps_pointops.random_walk import random_walk

    def walks(pos, start):
        row, col = flat.radius_graph(pos, 0.5, loop=False)
        order = torch.argsort(row * pos.shape[0] + col)
        return random_walk(row[order], col[order], start, 4, p=0.5, q=2.0, num_nodes=pos.shape[0])

    return walks, [(torch.rand(20, 3), torch.arange(0, 20, 4))]


def pointops_pointcept_offsets():
    """Point Transformer V1 downsampling and upsampling on offset-batched clouds (pointops' API)."""
    torch = _seed()
    from mps_pointops import pointcept

    def transition(xyz, feat, offset, new_offset):
        idx = pointcept.farthest_point_sampling(xyz, offset, new_offset)
        new_xyz = xyz[idx.long()]
        grouped, _ = pointcept.knn_query_and_group(feat, xyz, offset, new_xyz, new_offset, nsample=4,
                                                   with_xyz=True)
        pooled = grouped.max(dim=1).values
        return pointcept.interpolation(new_xyz, xyz, pooled, new_offset, offset)

    offset = torch.tensor([20, 36], dtype=torch.int32)
    new_offset = torch.tensor([5, 9], dtype=torch.int32)
    return transition, [(torch.rand(36, 3), torch.rand(36, 4), offset, new_offset)]


def pointops_compat_knn():
    torch = _seed()
    from mps_pointops.compat import KNN

    return KNN(4, transpose_mode=True).eval(), [(torch.rand(2, 24, 3), torch.rand(2, 8, 3))]


# --------------------------------------------------------------------------------------------------------- ezgatr
def _gatr_config(**overrides):
    from ezgatr.nets.mv_only_gatr import MVOnlyGATrConfig

    settings = dict(num_layers=1, size_channels_in=2, size_channels_out=1, size_channels_hidden=4,
                    size_channels_intermediate=4, attn_num_heads=2)
    settings.update(overrides)
    return MVOnlyGATrConfig(**settings)


def _gatr_inputs(torch, batch=2, points=10):
    from ezgatr.interfaces import point, scalar

    xyz = torch.randn(batch, points, 3)
    mass = torch.rand(batch, points, 1)
    return torch.stack([point.encode(xyz), scalar.encode(mass)], dim=-2)


def ezgatr_causal():
    torch = _seed()
    from ezgatr.nets.mv_only_gatr import MVOnlyGATrModel

    return MVOnlyGATrModel(_gatr_config()).eval(), [(_gatr_inputs(torch),)]


def ezgatr_padding_mask():
    torch = _seed()
    from ezgatr.nets.mv_only_gatr import MVOnlyGATrModel

    model = MVOnlyGATrModel(_gatr_config(attn_is_causal=False, attn_kinds={"ipa": None, "daa": {"eps": 1e-3}}))
    mask = torch.ones(2, 1, 10, 10, dtype=torch.bool)
    mask[1, :, :, 7:] = False
    return model.eval(), [(_gatr_inputs(torch),), ], {"attn_mask": mask}


def ezgatr_functional_layer():
    """A user's equivariant layer on the functional API: planes, reflections and rotations in, points out."""
    torch = _seed()
    from ezgatr.interfaces import plane, point, reflection, rotation, translation
    from ezgatr.nn import EquiLinear, EquiRMSNorm
    from ezgatr.nn.functional import equi_join, geometric_product, outer_product, scaler_gated_gelu

    class GeometricLayer(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = EquiRMSNorm(4)
            self.left = EquiLinear(4, 4)
            self.right = EquiLinear(4, 4)
            self.out = EquiLinear(12, 1)

        def forward(self, normals, positions, quaternions, shifts):
            mv = torch.stack([plane.encode(normals, positions), reflection.encode(normals, positions),
                              rotation.encode(quaternions), translation.encode(shifts)], dim=-2)
            mv = self.norm(mv)
            left, right = self.left(mv), self.right(mv)
            reference = mv.mean(dim=(1, 2), keepdim=True)
            mixed = torch.cat([geometric_product(left, right), equi_join(left, right, reference),
                               outer_product(left, right)], dim=-2)
            return point.decode(self.out(scaler_gated_gelu(mixed))[..., 0, :])

    quaternions = torch.nn.functional.normalize(torch.randn(2, 6, 4), dim=-1)
    return GeometricLayer().eval(), [(torch.randn(2, 6, 3), torch.randn(2, 6, 3), quaternions, torch.randn(2, 6, 3))]


# ----------------------------------------------------------------------------------------------------- torch-dftd
def _molecule(torch, atoms=6, seed=0):
    targets.stand_in("pymatgen", "pymatgen.core")  # periodic neighbour lists only: the targets use ase's
    generator = torch.Generator().manual_seed(seed)
    pos = torch.rand(atoms, 3, generator=generator) * 4.0
    Z = torch.tensor([6, 1, 8, 1, 7, 1, 6, 1][:atoms])
    return Z, pos


def _edges(pos, cutoff=10.0, bidirectional=True):
    from torch_dftd.functions.edge_extraction import calc_edge_index

    return calc_edge_index(pos, cutoff=cutoff, bidirectional=bidirectional)


def _dftd3(damping="zero", **kwargs):
    from torch_dftd.dftd3_xc_params import get_dftd3_default_params
    from torch_dftd.nn.dftd3_module import DFTD3Module

    kwargs.setdefault("bidirectional", True)
    return DFTD3Module(get_dftd3_default_params(damping, "pbe"), **kwargs)


def dftd3_zero_energy():
    """The dispersion term of an MLIP's energy: calc_energy_batch on a molecule's pair graph."""
    torch = _seed()
    Z, pos = _molecule(torch)
    edge_index, shift = _edges(pos)
    module = _dftd3(cutoff=10.0, cnthr=8.0)
    return module.calc_energy_batch, [(Z, pos, edge_index)], {"shift_pos": shift}


def dftd3_bj_three_body():
    torch = _seed()
    Z, pos = _molecule(torch, atoms=4)
    edge_index, shift = _edges(pos)
    module = _dftd3("bj", cutoff=10.0, cnthr=8.0, abc=True, cutoff_smoothing="poly")
    return module.calc_energy_batch, [(Z, pos, edge_index)], {"shift_pos": shift, "damping": "bj"}


def dftd3_periodic_batch():
    """Two periodic cells in one batch (what TorchDFTD3Calculator.batch_calculate builds)."""
    torch = _seed()
    from torch_dftd.functions.edge_extraction import calc_neighbor_by_ase

    module = _dftd3(cutoff=5.0, cnthr=4.0)
    cells, positions, numbers, edges, shifts, batch_edge = [], [], [], [], [], []
    offset = 0
    for graph in range(2):
        Z, pos = _molecule(torch, atoms=4, seed=graph)
        cell = torch.eye(3) * 4.0
        edge_index, S = calc_neighbor_by_ase(pos, cell, torch.tensor([True, True, True]), 5.0)
        cells.append(cell)
        positions.append(pos)
        numbers.append(Z)
        edges.append(edge_index + offset)
        shifts.append(S @ cell)
        batch_edge.append(torch.full((edge_index.shape[1],), graph))
        offset += len(Z)
    batch = torch.arange(2).repeat_interleave(4)
    args = (torch.cat(numbers), torch.cat(positions), torch.cat(edges, dim=1), torch.stack(cells),
            torch.tensor([[True, True, True]] * 2), torch.cat(shifts), batch, torch.cat(batch_edge))
    return module.calc_energy_batch, [args]


def dftd2_energy():
    torch = _seed()
    from torch_dftd.dftd3_xc_params import get_dftd3_default_params
    from torch_dftd.nn.dftd2_module import DFTD2Module

    Z, pos = _molecule(torch)
    edge_index, shift = _edges(pos)
    module = DFTD2Module(get_dftd3_default_params("zero", "pbe", old=True), cutoff=10.0, bidirectional=True)
    return module.calc_energy_batch, [(Z, pos, edge_index)], {"shift_pos": shift}


def dftd3_calc_energy():
    torch = _seed()
    Z, pos = _molecule(torch)
    edge_index, shift = _edges(pos)
    module = _dftd3(cutoff=10.0, cnthr=8.0)
    return module.calc_energy, [(Z, pos, edge_index)], {"shift_pos": shift}


def dftd3_energy_and_forces():
    torch = _seed()
    Z, pos = _molecule(torch)
    edge_index, shift = _edges(pos)
    module = _dftd3(cutoff=10.0, cnthr=8.0)
    return module.calc_energy_and_forces, [(Z, pos, edge_index)], {"shift_pos": shift}


def dftd3_edge_index():
    torch = _seed()
    from torch_dftd.functions.edge_extraction import calc_edge_index

    _, pos = _molecule(torch)
    return calc_edge_index, [(pos,)], {"cutoff": 3.0, "bidirectional": False}


def dftd3_mlip_forces():
    """A pair-potential MLIP plus D3, forces by autograd (how MLIP codes add the correction)."""
    torch = _seed()
    Z, pos = _molecule(torch)
    edge_index, shift = _edges(pos)
    module = _dftd3(cutoff=10.0, cnthr=8.0)
    pair = torch.nn.Sequential(torch.nn.Linear(1, 16), torch.nn.SiLU(), torch.nn.Linear(16, 1))

    def energy_and_forces(Z, pos, edge_index, shift):
        pos = pos.requires_grad_(True)
        r = (pos[edge_index[1]] - pos[edge_index[0]]).norm(dim=-1, keepdim=True)
        energy = pair(r).sum() + module.calc_energy_batch(Z, pos, edge_index, shift_pos=shift).sum()
        forces = -torch.autograd.grad(energy, pos, create_graph=True)[0]
        return energy, forces

    return energy_and_forces, [(Z, pos, edge_index, shift)]


PACKAGES: Tuple[Package, ...] = (
    Package("g3ms-pcp==0.1.1", "pcp", {
        "pointnet_cls": pcp_pointnet_cls,
        "pointnet_seg": pcp_pointnet_seg,
        "pointnet2_cls": pcp_pointnet2_cls,
        "pointnet2_msg_features": pcp_pointnet2_msg_features,
        "pointnet2_seg": pcp_pointnet2_seg,
        "pointnet2_train_step": pcp_pointnet2_train_step,
        "upsampling_loss": pcp_upsampling_loss},
        roots=("pcp.sampling.fps:fps", "pcp.grouping.knn:knn", "pcp.grouping.ball_query:ball_query",
               "pcp.interpolation.IDW:IDW", "pcp.distance.chamfer:chamfer")),
    Package("mps-pointops==1.0.0", "mps_pointops", {
        "pointnet2_layer": pointops_pointnet2_layer,
        "edgeconv": pointops_edgeconv,
        "knn_radius_search": pointops_knn_radius_search,
        "autoencoder_train_step": pointops_autoencoder_train_step,
        "voxel_pooling": pointops_voxel_pooling,
        "graclus_pooling": pointops_graclus_pooling,
        "random_walk": pointops_random_walk,
        "pointcept_offsets": pointops_pointcept_offsets,
        "compat_knn": pointops_compat_knn},
        roots=("mps_pointops.ops:furthest_point_sample", "mps_pointops.ops:ball_query", "mps_pointops.ops:knn",
               "mps_pointops.pointnet2:three_nn", "mps_pointops.pointnet2:three_interpolate",
               "mps_pointops.flat:fps", "mps_pointops.flat:knn", "mps_pointops.flat:radius",
               "mps_pointops.flat:knn_graph", "mps_pointops.flat:radius_graph", "mps_pointops.nearest:nearest",
               "mps_pointops.chamfer:chamfer_distance", "mps_pointops.grid:grid_cluster",
               "mps_pointops.voxel:voxel_downsample", "mps_pointops.graclus:graclus_cluster",
               "mps_pointops.random_walk:random_walk", "mps_pointops.pointcept:farthest_point_sampling",
               "mps_pointops.pointcept:knn_query_and_group", "mps_pointops.pointcept:interpolation")),
    Package("ezgatr==0.1.0b1", "ezgatr", {
        "causal": ezgatr_causal,
        "padding_mask": ezgatr_padding_mask,
        "functional_layer": ezgatr_functional_layer},
        roots=("ezgatr.interfaces.*:encode", "ezgatr.interfaces.*:decode",
               "ezgatr.nn.functional.linear:geometric_product", "ezgatr.nn.functional.linear:outer_product",
               "ezgatr.nn.functional.dual:equi_join", "ezgatr.nn.functional.activation:scaler_gated_gelu"),
        dependencies=("einops==0.8.2",)),
    Package("torch-dftd==0.5.3", "torch_dftd", {
        "d3_zero_energy": dftd3_zero_energy,
        "d3_bj_three_body": dftd3_bj_three_body,
        "d3_periodic_batch": dftd3_periodic_batch,
        "d2_energy": dftd2_energy,
        "d3_calc_energy": dftd3_calc_energy,
        "d3_energy_and_forces": dftd3_energy_and_forces,
        "d3_edge_index": dftd3_edge_index,
        "d3_mlip_forces": dftd3_mlip_forces},
        roots=("torch_dftd.nn.*:*.calc_energy_batch", "torch_dftd.nn.base_dftd_module:BaseDFTDModule.calc_energy",
               "torch_dftd.nn.base_dftd_module:BaseDFTDModule.calc_energy_and_forces",
               "torch_dftd.functions.edge_extraction:calc_edge_index"),
        dependencies=("ase==3.29.0",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
