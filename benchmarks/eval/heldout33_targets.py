"""Held-out group 33 of the evaluation: graph, point-cloud, molecular and geometric models written in the style of
torch_geometric without it (graph attention over the top-k neighbours of an adjacency matrix with induced-point global
attention, padded Verlet neighbour lists built from a distance mask, real spherical harmonics and Clebsch-Gordan
couplings of spherical tensors, farthest point sampling with kNN and Voronoi assignment over padded point sets, EM
point-set registration, geometric-algebra layers over multivectors, SPD-manifold networks), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout33_targets.py \
        --site benchmarks/eval/.packages-heldout33 --suffix heldout33

The adjacent attention network over a boolean adjacency matrix, with a neighbour cutoff and ISAB global nodes
(adjacent-attention-pytorch, with isab-pytorch beside it). Gauge-equivariant building blocks for molecules: padded
Verlet neighbour lists from a distance mask, real spherical harmonics of bond vectors, equivariant linear layers,
representation norms and Clebsch-Gordan couplers over spherical tensors (torch-gauge). Farthest point sampling over a
padded batch of point clouds, alone, with k nearest neighbours and with nearest-centroid assignment (torch-fps, its
pure-PyTorch backend). Coherent point drift registration of point sets, rigid, affine and deformable, single and
batched (cpd-pytorch). Geometric-algebra layers and products over multivectors of a Euclidean algebra (torch-ga).
SPD-manifold classifiers: covariance inputs, bilinear maps, spectral activations, Riemannian batch norm, Frechet
pooling and geodesic prototype heads (egnlib).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torch_geometric and everything built on it (torch-hyperbolic, torch-graph-components, equitorch); packages
that need torch_scatter (cosmic-torch imports it undeclared); e2cnn (its kernel bases call numpy's removed
ndarray.tostring, so nothing builds beside numpy 2); escnn and symm-learning (lie-learn, py3nj: compiled);
graphattention (jax, flax); chytorch (chython and a compiled wheel); torchdock (rdkit, xgboost, smac); ggbound (an
empty sdist). torch-ga imports icecream and matplotlib at module level for debugging prints and plots no target
runs: both are stood in by empty modules. torch-fps builds a C++ CPU kernel just in time with the host compiler; the
targets take its documented fallback for a machine without one (the pure-PyTorch backend), which is what dynamo can
trace. torch-gauge's Wigner cache needs a joblib that still takes `bytes_limit` (1.3.2).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# -------------------------------------------------------------------------------------- adjacent-attention-pytorch
def _graphs(torch, batch=2, nodes=7):
    """A random symmetric adjacency matrix and a node padding mask (the second graph has 5 nodes)."""
    adjacency = torch.rand(batch, nodes, nodes) > 0.6
    adjacency = adjacency | adjacency.transpose(1, 2)
    mask = torch.ones(batch, nodes, dtype=torch.bool)
    mask[1, 5:] = False
    return adjacency, mask


def adjacent_attention_cutoff_global_nodes():
    torch = _seed()
    from adjacent_attention_network import AdjacentAttentionNetwork

    model = AdjacentAttentionNetwork(dim=16, depth=2, dim_head=8, heads=2, num_neighbors_cutoff=3,
                                     num_global_nodes=4).eval()
    adjacency, mask = _graphs(torch)
    return model, [(torch.randn(2, 7, 16), adjacency)], {"mask": mask}


def adjacent_attention_all_neighbours():
    torch = _seed()
    from adjacent_attention_network import AdjacentAttentionNetwork

    model = AdjacentAttentionNetwork(dim=16, depth=1, dim_head=8, heads=2, attn_dropout=0.1, ff_dropout=0.1).train()
    adjacency, _ = _graphs(torch)
    return model, [(torch.randn(2, 7, 16), adjacency)]


# ----------------------------------------------------------------------------------------------------- torch-gauge
def _molecule(torch, atoms=6):
    positions = torch.randn(atoms, 3)
    distances = torch.cdist(positions, positions)
    return positions, distances


def torch_gauge_verlet_neighbours():
    torch = _seed()
    from torch_gauge.verlet_list import VerletList

    def neighbours(positions, distances):
        within = (distances < 1.8) & ~torch.eye(positions.shape[0], dtype=torch.bool)
        verlet = VerletList().from_mask(within, 6, positions.shape[0], {"pos": positions},
                                        {"dist": distances.unsqueeze(-1)})
        return verlet.query_src(positions), verlet.edge_mask

    return neighbours, [_molecule(torch)]


def torch_gauge_spherical_harmonics():
    torch = _seed()
    from torch_gauge.o3.rsh import RSHxyz

    harmonics = RSHxyz(max_l=2)
    positions, _ = _molecule(torch)

    def bonds(positions):
        return harmonics(positions[:, None, :] - positions[None, :, :]).ten

    return bonds, [(positions,)]


def torch_gauge_equivariant_layers():
    torch = _seed()
    from torch_gauge.nn import IELin, RepNorm1d
    from torch_gauge.o3.clebsch_gordan import CGCoupler
    from torch_gauge.o3.spherical import SphericalTensor

    metadata = torch.LongTensor([[4, 4, 2]])
    linear = IELin(metadata[0], torch.LongTensor([3, 2, 1]), group="so3")
    norm = RepNorm1d(num_channels=10, n_invariant_channels=4).eval()
    coupler = CGCoupler(metadata[0], metadata[0], overlap_out=True, trunc_in=True, dtype=torch.float)

    def layer(features):
        x = SphericalTensor(features, (1,), metadata)
        invariants, gated = norm(x)
        return linear(x).ten, invariants, coupler(x, gated).ten

    return layer, [(torch.randn(5, 4 + 12 + 10),)]


# ------------------------------------------------------------------------------------------------------- torch-fps
def _fps():
    torch = _seed()
    import torch_fps._cpu

    torch_fps._cpu._state = "failed"  # the backend for a machine without a C++ compiler: pure PyTorch
    points = torch.randn(2, 12, 3)
    mask = torch.ones(2, 12, dtype=torch.bool)
    mask[1, 9:] = False
    return torch, points, mask


def torch_fps_sampling():
    torch, points, mask = _fps()
    from torch_fps import farthest_point_sampling

    def sample(points, mask):
        return farthest_point_sampling(points, mask, 4, random_start=False)

    return sample, [(points, mask)]


def torch_fps_sampling_knn():
    torch, points, mask = _fps()
    from torch_fps import farthest_point_sampling_with_knn

    def sample(points, mask, start):
        return farthest_point_sampling_with_knn(points, mask, 4, 3, start_idx=start)

    return sample, [(points, mask, torch.tensor([2, 0]))]


def torch_fps_sampling_assign():
    torch, points, mask = _fps()
    from torch_fps import farthest_point_sampling_with_assign

    def sample(points, mask):
        return farthest_point_sampling_with_assign(points, mask, 3, random_start=False, validate=False)

    return sample, [(points, mask)]


# ----------------------------------------------------------------------------------------------------- cpd-pytorch
def _point_sets(torch, points=16):
    target = torch.randn(points, 3)
    rotation = torch.linalg.qr(torch.randn(3, 3))[0]
    return target, target @ rotation + 0.1 * torch.randn(points, 3)


def cpd_rigid():
    torch = _seed()
    from cpd_pytorch import RigidRegistration

    def register(target, source):
        return RigidRegistration(X=target, Y=source, max_iterations=3).register()

    return register, [_point_sets(torch)]


def cpd_affine_batch():
    torch = _seed()
    from cpd_pytorch import AffineRegistration

    target, source = _point_sets(torch)

    def register(target, source):
        return AffineRegistration(X=target, Y=source, max_iterations=3, tolerance=1e-6).register()

    return register, [(torch.stack([target, target + 0.2]), torch.stack([source, source * 1.1]))]


def cpd_deformable():
    torch = _seed()
    from cpd_pytorch import DeformableRegistration

    def register(target, source):
        return DeformableRegistration(X=target, Y=source, max_iterations=3, alpha=2.0, beta=2.0).register()

    return register, [_point_sets(torch)]


# -------------------------------------------------------------------------------------------------------- torch-ga
def _algebra():
    torch = _seed()
    targets.stand_in("icecream", "matplotlib.pyplot", "mpl_toolkits.mplot3d")
    from torch_ga import GeometricAlgebra

    return torch, GeometricAlgebra([1.0, 1.0, 1.0])


def torch_ga_dense_sandwich():
    torch, algebra = _algebra()
    from torch_ga.layers import (GeometricProductDense, GeometricSandwichProductDense, GeometricToTensor,
                                 TensorToGeometric)

    model = torch.nn.Sequential(
        TensorToGeometric(algebra, blade_indices=[1, 2, 3]),
        GeometricProductDense(algebra, units=4, blade_indices_kernel=list(range(8)), blade_indices_bias=[0]),
        GeometricSandwichProductDense(algebra, units=3, blade_indices_kernel=[0, 4, 5, 6],
                                      blade_indices_bias=[1, 2, 3]),
        GeometricToTensor(algebra, blade_indices=[1, 2, 3]))
    return model, [(torch.randn(2, 5, 3),)]


def torch_ga_products():
    torch, algebra = _algebra()

    def products(vectors, bivectors):
        a = algebra.from_tensor(vectors, torch.tensor([1, 2, 3]))
        rotor = algebra.from_tensor(bivectors, torch.tensor([4, 5, 6]))
        return (algebra.geom_prod(a, algebra.reversion(a)), algebra.ext_prod(a, rotor), algebra.dual(rotor),
                algebra.left_contraction(a, rotor))

    return products, [(torch.randn(4, 3), torch.randn(4, 3))]


def torch_ga_exp():
    torch, algebra = _algebra()
    from torch_ga.layers import GeometricAlgebraExp

    model = GeometricAlgebraExp(algebra)
    return model, [(algebra.from_tensor(0.3 * torch.randn(2, 3), torch.tensor([4, 5, 6])),)]


# ---------------------------------------------------------------------------------------------------------- egnlib
def egnlib_tiny_signals():
    torch = _seed()
    from egn import egn_tiny

    model = egn_tiny(num_classes=3, in_dim=8).eval()
    return model, [(torch.randn(2, 8, 32),)]


def egnlib_geodesic_frechet_train():
    torch = _seed()
    from egn import EGN

    model = EGN(num_classes=3, in_dim=16, depth=2, branches=2, channels=2, head="geodesic", pool="frechet",
                dropout=0.1, mix=True).train()
    return model, [(torch.randn(2, 16, 40),)]


def egnlib_spd_inputs():
    torch = _seed()
    from egn import EGN

    model = EGN(num_classes=2, in_dim=6, input_kind="spd", depth=1, pool="arithmetic", batchnorm=False).eval()
    a = torch.randn(3, 6, 12)
    return model, [(a @ a.transpose(1, 2) / 12 + 0.1 * torch.eye(6),)]


PACKAGES: Tuple[Package, ...] = (
    Package("adjacent-attention-pytorch==0.0.12", "adjacent_attention_network", {
        "cutoff_global_nodes": adjacent_attention_cutoff_global_nodes,
        "all_neighbours": adjacent_attention_all_neighbours},
        dependencies=("isab-pytorch==0.1.1",)),
    Package("torch-gauge==0.2.3", "torch_gauge", {
        "verlet_neighbours": torch_gauge_verlet_neighbours,
        "spherical_harmonics": torch_gauge_spherical_harmonics,
        "equivariant_layers": torch_gauge_equivariant_layers},
        roots=("torch_gauge.verlet_list:VerletList.from_mask", "torch_gauge.verlet_list:VerletList.query_src",
               "torch_gauge.o3.spherical:SphericalTensor.__init__"),
        dependencies=("joblib==1.3.2", "deprecated==1.3.1", "wrapt==2.5.2")),
    Package("torch-fps==0.6.0", "torch_fps", {
        "sampling": torch_fps_sampling,
        "sampling_knn": torch_fps_sampling_knn,
        "sampling_assign": torch_fps_sampling_assign},
        roots=("torch_fps.api:farthest_point_sampling", "torch_fps.api:farthest_point_sampling_with_knn",
               "torch_fps.api:farthest_point_sampling_with_assign")),
    Package("cpd-pytorch==1.0.0", "cpd_pytorch", {
        "rigid": cpd_rigid,
        "affine_batch": cpd_affine_batch,
        "deformable": cpd_deformable},
        roots=("cpd_pytorch.emregistration:EMRegistration.register",
               "cpd_pytorch.rigid_registration:RigidRegistration.__init__",
               "cpd_pytorch.affine_registration:AffineRegistration.__init__",
               "cpd_pytorch.deformable_registration:DeformableRegistration.__init__")),
    Package("torch-ga==0.0.6", "torch_ga", {
        "dense_sandwich": torch_ga_dense_sandwich,
        "products": torch_ga_products,
        "exp": torch_ga_exp},
        roots=("torch_ga.torch_ga:GeometricAlgebra.from_tensor", "torch_ga.torch_ga:GeometricAlgebra.geom_prod",
               "torch_ga.torch_ga:GeometricAlgebra.reversion", "torch_ga.torch_ga:GeometricAlgebra.ext_prod",
               "torch_ga.torch_ga:GeometricAlgebra.dual", "torch_ga.torch_ga:GeometricAlgebra.left_contraction")),
    Package("egnlib==0.2.2", "egn", {
        "tiny_signals": egnlib_tiny_signals,
        "geodesic_frechet_train": egnlib_geodesic_frechet_train,
        "spd_inputs": egnlib_spd_inputs}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
