"""Held-out group 22 of the evaluation: geometric deep learning written in plain PyTorch, without torch_geometric -
equivariant point-cloud attention, message-passing interatomic potentials, geometric (Clifford) algebra layers, 3D
rotations and rigid motions, and a molecular dispersion potential - from packages no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout22_targets.py \
        --site benchmarks/eval/.packages-heldout22 --suffix heldout22

Point clouds: the LieTransformer's SE(3)-lifted self-attention over Monte Carlo sampled neighbourhoods (farthest-point
subsampling, ball neighbourhoods gathered by index, masked), on continuous features and on token/edge-typed molecules
(lie-transformer-pytorch). Materials and molecules potentials: SchNet's continuous-filter convolutions, PaiNN's
equivariant scalar/vector messages with a dipole head (both wrapped for forces by autograd), TensorNet's O(3)
Cartesian tensor messages and DimeNet++'s directional triplet messages, all scattered with index_add over a batch of
two molecules with neighbour lists (xnns). Geometric algebra: Clifford convolutions, Clifford group norm and Clifford
Fourier layers in 2D and 3D ResNets for PDE fields, and Clifford linear layers (cliffordlayers). Rotations: RoMa's
mappings between rotation vectors, quaternions, matrices and Euler angles, special Procrustes and Gram-Schmidt
regressions, weighted rigid registration of point sets, quaternion slerp and geodesic distances (roma); SE(3)/SO(3)
exponential and logarithm maps with Taylor-series guards (pytorchse3). Molecules: the DFT-D3 dispersion energy of
padded batches of molecules - coordination numbers, reference C6 interpolation, rational damping and the three-body
term - and its forces by autograd (tad-dftd3, on tad-mctc, installed as a dependency and not linted). The equivariant
models of xnns (NequIP, MACE, Allegro) need e3nn, which is not installed: xnns registers them only when e3nn imports,
and no target uses them.

Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: e3nn, se3-transformer-pytorch, egnn-pytorch, En-transformer, equiformer-pytorch, point-transformer-pytorch,
pointnet, torchani, mace-torch, nequip, nequip-allegro, torchmd, torch-sim-atomistic, graph-pes, orb-models,
torch-pme, hippynn, chemprop, dhg, graph-transformer-pytorch, geoopt (already other groups' packages);
gotennet (torch_geometric, torch-scatter, torch-cluster, torch-sparse); gotennet-pytorch (x-transformers, a tuned
package, and e3nn); schnetpack (pytorch-lightning, hydra and a dozen more at import); cgcnn2 and torch-dftd
(pymatgen); aimnet (warp-lang and NVIDIA kernels); escnn (lie-learn, pymanopt, py3nj); torch-harmonics (a compiled
wheel for torch 2.14); e2cnn (its kernel bases call numpy's removed ndarray.tostring, so no model can be
built beside numpy 2); tad-multicharge (needs a tad-mctc that tad-dftd3's pin excludes).
"""

from __future__ import annotations

import functools

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------- lie-transformer-pytorch
def lie_point_cloud_masked():
    torch = _seed()
    from lie_transformer_pytorch import LieTransformer

    model = LieTransformer(dim=16, depth=1, heads=2, dim_head=8, nbhd=4, liftsamples=2, fill=0.5).eval()
    mask = torch.ones(1, 12, dtype=torch.bool)
    mask[0, 9:] = False
    return model, [(torch.randn(1, 12, 16), torch.randn(1, 12, 3))], {"mask": mask}


def lie_molecule_tokens_edges():
    torch = _seed()
    from lie_transformer_pytorch import LieTransformer

    model = LieTransformer(dim=16, num_tokens=10, num_edge_types=4, edge_dim=4, depth=1, heads=2, dim_head=8,
                           nbhd=4, liftsamples=1, fill=0.5).train()
    tokens, edges = torch.randint(0, 10, (1, 8)), torch.randint(0, 4, (1, 8, 8))
    return model, [(tokens, torch.randn(1, 8, 3))], {"edges": edges, "mask": torch.ones(1, 8, dtype=torch.bool)}


# ----------------------------------------------------------------------------------------------------------- xnns
def _two_molecules(cutoff):
    torch = _seed()
    from xnn.common.data.atomic_data import AtomicGraph
    from xnn.common.data.dataset import collate
    from xnn.common.data.neighborlist import build_neighbor_list

    def molecule(n_atoms):
        positions = 1.5 * torch.randn(n_atoms, 3)
        edge_index, cell_shifts = build_neighbor_list(positions, cutoff)
        return AtomicGraph(pos=positions, atomic_numbers=torch.randint(1, 9, (n_atoms,)), edge_index=edge_index,
                           cell_shifts=cell_shifts, batch=torch.zeros(n_atoms, dtype=torch.long),
                           n_atoms=torch.tensor([n_atoms]))

    return torch, collate([molecule(5), molecule(4)])


def _energy_and_forces(model, cutoff):
    torch, graph = _two_molecules(cutoff)
    from xnn.common.models.outputs import ForceStressOutput

    return ForceStressOutput(model, compute_forces=True).eval(), [(graph,)]


def xnn_schnet_forces():
    _seed()
    from xnn.gnn.models.schnet import SchNet

    return _energy_and_forces(SchNet(n_features=16, n_interactions=2, n_rbf=16, cutoff=4.0, cutoff_fn="cosine"), 4.0)


def xnn_painn_dipole_forces():
    _seed()
    from xnn.gnn.models.painn import PaiNN

    return _energy_and_forces(PaiNN(n_features=16, n_interactions=2, n_rbf=8, cutoff=4.0, dipole=True), 4.0)


def xnn_tensornet_energy():
    torch, graph = _two_molecules(4.0)
    from xnn.gnn.models.tensornet import TensorNet

    return TensorNet(n_features=16, n_interactions=1, n_rbf=8, cutoff=4.0).train(), [(graph,)]


def xnn_dimenetpp_energy():
    torch, graph = _two_molecules(4.0)
    from xnn.gnn.models.dimenet import DimeNetPP

    model = DimeNetPP(n_features=16, n_interactions=1, n_rbf=4, n_spherical=3, cutoff=4.0, n_triplet_features=8,
                      n_basis_features=4, n_output_features=16)
    return model.eval(), [(graph,)]


# -------------------------------------------------------------------------------------------------- cliffordlayers
def clifford_resnet2d_rotational_norm():
    torch = _seed()
    import torch.nn.functional as F
    from cliffordlayers.models.models_2d import CliffordBasicBlock2d, CliffordNet2d

    model = CliffordNet2d(g=[-1, -1], block=CliffordBasicBlock2d, num_blocks=[1, 1], in_channels=2, out_channels=1,
                          hidden_channels=4, activation=F.gelu, rotation=True, norm=True, num_groups=1).train()
    return model, [(torch.randn(2, 2, 8, 8, 3),)]


def clifford_fourier_net3d():
    torch = _seed()
    import torch.nn.functional as F
    from cliffordlayers.models.models_3d import CliffordFourierBasicBlock3d, CliffordNet3d

    model = CliffordNet3d(g=[1, 1, 1], block=CliffordFourierBasicBlock3d, num_blocks=[1], in_channels=2,
                          out_channels=1, hidden_channels=4, activation=F.gelu, norm=True).eval()
    return model, [(torch.randn(1, 2, 6, 6, 6, 6),)]


def clifford_linear_batchnorm():
    torch = _seed()
    from cliffordlayers.nn.modules.batchnorm import CliffordBatchNorm1d
    from cliffordlayers.nn.modules.cliffordlinear import CliffordLinear

    model = torch.nn.Sequential(CliffordLinear([1, 1, 1], 4, 6), CliffordBatchNorm1d([1, 1, 1], 6)).train()
    return model, [(torch.randn(5, 4, 8),)]


# ------------------------------------------------------------------------------------------------------------ roma
def roma_rotation_regression_loss():
    torch = _seed()
    import roma

    def loss(raw9, raw6, rotvec):
        target = roma.rotvec_to_rotmat(rotvec)
        from_procrustes = roma.special_procrustes(raw9.reshape(-1, 3, 3))
        from_gramschmidt = roma.special_gramschmidt(raw6.reshape(-1, 3, 2))
        return (roma.rotmat_geodesic_distance(from_procrustes, target).mean()
                + roma.rotmat_geodesic_distance(from_gramschmidt, target).mean())

    return loss, [(torch.randn(4, 9), torch.randn(4, 6), torch.randn(4, 3))]


def roma_weighted_rigid_registration():
    torch = _seed()
    import roma

    def register(x, y, weights):
        rotation, translation, scale = roma.rigid_points_registration(x, y, weights=weights, compute_scaling=True)
        quat, _ = roma.rigid_vectors_registration_unitquat(x, y)
        return rotation, translation, scale, roma.unitquat_to_euler("xyz", quat, degrees=True)

    return register, [(torch.randn(2, 10, 3), torch.randn(2, 10, 3), torch.rand(2, 10))]


def roma_quaternion_interpolation():
    torch = _seed()
    import roma

    def interpolate(rotvec0, rotvec1, steps):
        q0, q1 = roma.rotvec_to_unitquat(rotvec0), roma.rotvec_to_unitquat(rotvec1)
        path = roma.unitquat_slerp(q0, q1, steps)
        composed = roma.quat_composition([q0, roma.quat_inverse(q1), q0], normalize=True)
        return roma.unitquat_to_rotvec(path), roma.symmatrixvec_to_unitquat(torch.cat([q0, q1, q0[..., :2]], -1)), \
            roma.unitquat_geodesic_distance(composed, q1)

    return interpolate, [(torch.randn(3, 3), torch.randn(3, 3), torch.linspace(0, 1, 5))]


# ------------------------------------------------------------------------------------------------------ pytorchse3
def se3_log_exp_roundtrip():
    torch = _seed()
    from pytorchse3.se3 import se3_exp_map, se3_log_map

    def roundtrip(twists):
        poses = se3_exp_map(twists)
        return se3_log_map(poses), poses

    return roundtrip, [(torch.randn(4, 6),)]


def so3_log_map_near_identity():
    torch = _seed()
    from pytorchse3.so3 import so3_exp_map, so3_log_map

    def log_of_exp(axis_angles):
        return so3_log_map(so3_exp_map(axis_angles))

    return log_of_exp, [(torch.cat([torch.zeros(1, 3), 1e-4 * torch.randn(2, 3), torch.randn(3, 3)]),)]


# ------------------------------------------------------------------------------------------------------- tad-dftd3
def _formamide_and_water():
    torch = _seed()
    import tad_mctc as mctc

    numbers = mctc.batch.pack((
        mctc.convert.symbol_to_number("C O N H H H".split()),
        mctc.convert.symbol_to_number("O H H".split()),
    ))
    positions = mctc.batch.pack((
        torch.tensor([[-0.5557, 1.0903, 0.0], [0.5147, 3.1515, 0.0], [0.5987, -1.1686, 0.0],
                      [-0.4536, -2.7457, 0.0], [2.5272, -1.2920, 0.0], [-2.6061, 1.0433, 0.0]],
                     dtype=torch.float64),
        torch.tensor([[0.0, 0.0, 0.2217], [0.0, 1.4309, -0.8867], [0.0, -1.4309, -0.8867]], dtype=torch.float64),
    ))
    return torch, numbers, positions


def _d3_parameters(torch):
    return {name: torch.tensor(value, dtype=torch.float64)
            for name, value in {"s6": 1.0, "s8": 1.9889, "s9": 1.0, "a1": 0.3981, "a2": 4.4211, "alp": 14.0}.items()}


def dftd3_batched_energy():
    torch, numbers, positions = _formamide_and_water()
    import tad_dftd3 as d3

    param = _d3_parameters(torch)

    def energy(numbers, positions):
        return d3.dftd3(numbers, positions, param).sum(-1)

    return energy, [(numbers, positions)]


def dftd3_forces_prebuilt_reference():
    torch, numbers, positions = _formamide_and_water()
    import tad_dftd3 as d3

    param = _d3_parameters(torch)
    reference = d3.reference.Reference(dtype=torch.float64)

    def energy_and_forces(numbers, positions):
        positions = positions.clone().requires_grad_(True)
        energy = d3.dftd3(numbers, positions, param, ref=reference).sum()
        (gradient,) = torch.autograd.grad(energy, positions)
        return energy.detach(), -gradient

    return energy_and_forces, [(numbers, positions)]


PACKAGES = (
    Package("lie-transformer-pytorch==0.0.17", "lie_transformer_pytorch", {
        "point_cloud_masked": lie_point_cloud_masked,
        "molecule_tokens_edges": lie_molecule_tokens_edges}),
    Package("xnns==0.22.0", "xnn", {
        "schnet_forces": xnn_schnet_forces,
        "painn_dipole_forces": xnn_painn_dipole_forces,
        "tensornet_energy": xnn_tensornet_energy,
        "dimenetpp_energy": xnn_dimenetpp_energy},
        dependencies=("tqdm==4.67.1",)),
    Package("cliffordlayers==0.1.1", "cliffordlayers", {
        "resnet2d_rotational_norm": clifford_resnet2d_rotational_norm,
        "fourier_net3d": clifford_fourier_net3d,
        "linear_batchnorm": clifford_linear_batchnorm}),
    Package("roma==1.8.0", "roma", {
        "rotation_regression_loss": roma_rotation_regression_loss,
        "weighted_rigid_registration": roma_weighted_rigid_registration,
        "quaternion_interpolation": roma_quaternion_interpolation},
        roots=("roma.mappings:*", "roma.utils:*", "roma.euler:*")),
    Package("pytorchse3==0.0.3", "pytorchse3", {
        "log_exp_roundtrip": se3_log_exp_roundtrip,
        "so3_log_near_identity": so3_log_map_near_identity},
        roots=("pytorchse3.se3:*", "pytorchse3.so3:*")),
    Package("tad-dftd3==0.7.0", "tad_dftd3", {
        "batched_energy": dftd3_batched_energy,
        "forces_prebuilt_reference": dftd3_forces_prebuilt_reference},
        roots=("tad_dftd3.disp:dftd3",),
        dependencies=("tad-mctc==0.8.0", "opt-einsum==3.4.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
