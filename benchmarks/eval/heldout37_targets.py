"""Held-out group 37 of the evaluation: graph neural networks for crystals, molecules and equivariant message passing
written in the style of torch_geometric without it (gather/scatter message passing over edge-index lists, index_add
and list-of-index pooling readouts, batches of graphs of varying size with image/batch vectors and offsets, periodic
neighbour lists, line graphs of bonds and angles, spherical harmonics, tensor products and symmetric contractions of
irreps), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout37_targets.py \
        --site benchmarks/eval/.packages-heldout37 --suffix heldout37

Crystal graph convolutional networks over padded neighbour tables with mean pooling per crystal (cgcnn2). PaiNN,
NequIP and MACE interatomic potentials over batched edge-index neighbour lists with energy readout and forces by
autograd (curator-torch, with e3nn). CHGNet over atom graphs and bond (line) graphs of crystals, batched from
per-structure graphs (chgnet, its python graph builder). Equivariant building blocks with scatter over edges:
spherical harmonics, channel-wise tensor products gathered from senders and summed into receivers, linear layers and
symmetric contractions indexed by element (cuequivariance-torch, its pure-PyTorch fallback). Two-simplicial and
higher-order attention over point triples (simplicial-attention).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torch_geometric and everything built on it (torchmd-net, sevenn, catalyst-gnn, geometric-vector-perceptron,
magnet-nmr); unimol-tools (depends on transformers); deepgnn-torch (a compiled graph engine and transformers); aimnet
(imports warp and nvalchemi kernels at module level); bird-cloud-gnn, alignn (dgl). curator-torch imports
pytorch_lightning, omegaconf, hydra, torchmetrics, torch_ema and toml for training, CLI and MD code no target runs:
they are stood in by empty modules. chgnet imports pymatgen for Structure and nvidia_smi for GPU selection: both are
stood in, and the structures are plain objects that answer the converter's questions (species, fractional
coordinates, lattice, a periodic neighbour list computed here) with the python ('legacy') graph builder.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "opt-einsum==3.4.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------- cgcnn2
def _crystals(torch, sizes=(5, 3), neighbours=4, atom_len=12, nbr_len=8):
    atoms = sum(sizes)
    atom_fea = torch.randn(atoms, atom_len)
    nbr_fea = torch.rand(atoms, neighbours, nbr_len)
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    idx = torch.cat([torch.randint(s, s + n, (n, neighbours)) for s, n in zip(starts, sizes)])
    crystal_atom_idx = [torch.arange(s, s + n) for s, n in zip(starts, sizes)]
    return atom_fea, nbr_fea, idx, crystal_atom_idx


def cgcnn_regression():
    torch = _seed()
    from cgcnn2.model import CrystalGraphConvNet

    model = CrystalGraphConvNet(12, 8, atom_fea_len=16, n_conv=2, h_fea_len=32, n_h=2).eval()
    return model, [_crystals(torch)]


def cgcnn_classification_train():
    torch = _seed()
    from cgcnn2.model import CrystalGraphConvNet

    model = CrystalGraphConvNet(12, 8, atom_fea_len=16, n_conv=3, h_fea_len=16, classification=True).train()
    labels = torch.tensor([0, 1])

    def step(atom_fea, nbr_fea, nbr_fea_idx, crystal_atom_idx):
        out, _ = model(atom_fea, nbr_fea, nbr_fea_idx, crystal_atom_idx)
        loss = torch.nn.functional.nll_loss(out, labels)
        loss.backward()
        return loss

    return step, [_crystals(torch)]


# ------------------------------------------------------------------------------------------------- curator-torch
_CURATOR_STAND_INS = ("pytorch_lightning", "pytorch_lightning.callbacks", "pytorch_lightning.utilities",
                      "pytorch_lightning.utilities.types", "omegaconf", "torchmetrics", "toml", "hydra", "hydra.utils",
                      "torch_ema", "gpaw", "myqueue")


def _curator_batch(torch, cutoff=3.0):
    """Two small molecules in big boxes, their neighbour lists from curator's own torch neighbour list, collated."""
    targets.stand_in(*_CURATOR_STAND_INS)
    from ase import Atoms
    from curator.data import AseDataset, TorchNeighborList, collate_atomsdata

    water = Atoms("H2O", positions=[[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]], cell=[8, 8, 8], pbc=True)
    methane = Atoms("CH4", positions=[[0, 0, 0], [0.63, 0.63, 0.63], [-0.63, -0.63, 0.63], [-0.63, 0.63, -0.63],
                                      [0.63, -0.63, -0.63]], cell=[8, 8, 8], pbc=True)
    dataset = AseDataset([water, methane], cutoff=cutoff, transforms=[TorchNeighborList(cutoff=cutoff)])
    return collate_atomsdata([dataset[0], dataset[1]], pin_memory=False)


def _curator_potential(representation):
    from curator.layer import AtomwiseReduce, GradientOutput, PairwiseDistance
    from curator.model.base import NeuralNetworkPotential

    return NeuralNetworkPotential(representation, input_modules=[PairwiseDistance(compute_forces=True)],
                                  output_modules=[AtomwiseReduce(), GradientOutput()])


def curator_painn_energy_forces():
    torch = _seed()
    batch = _curator_batch(torch)
    from curator.model import PainnModel

    model = _curator_potential(PainnModel(num_interactions=2, num_features=16, cutoff=3.0, num_basis=8))
    return model, [(batch,)]


def curator_nequip_energy_forces():
    torch = _seed()
    batch = _curator_batch(torch)
    from curator.model import NequipModel

    model = _curator_potential(NequipModel(cutoff=3.0, num_interactions=2, species=["H", "C", "O"], lmax=1,
                                           num_features=8, num_basis=8))
    return model, [(batch,)]


def curator_mace_energy_forces():
    torch = _seed()
    batch = _curator_batch(torch)
    from curator.model import MACE

    model = _curator_potential(MACE(cutoff=3.0, num_interactions=2, species=["H", "C", "O"], max_ell=2,
                                    hidden_irreps="8x0e + 8x1o", num_basis=8, correlation=2))
    return model, [(batch,)]


# -------------------------------------------------------------------------------------------------------- chgnet
class _Specie:
    def __init__(self, z):
        self.Z = z


class _Site:
    def __init__(self, z):
        self.specie = _Specie(z)


class _Lattice:
    def __init__(self, matrix):
        self.matrix = matrix


class _Structure:
    """What CrystalGraphConverter asks of a pymatgen Structure: sites, fractional coordinates, lattice, neighbours."""

    def __init__(self, numbers, frac_coords, length):
        import types

        import numpy as np

        self.sites = [_Site(z) for z in numbers]
        self.frac_coords = np.asarray(frac_coords, dtype=float)
        self.lattice = _Lattice(np.eye(3) * length)
        self.composition = types.SimpleNamespace(formula=" ".join(f"Z{z}" for z in numbers))

    def __len__(self):
        return len(self.sites)

    def __iter__(self):
        return iter(self.sites)

    def get_neighbor_list(self, r, sites=None, numerical_tol=1e-8):
        import itertools

        import numpy as np

        cart = self.frac_coords @ self.lattice.matrix
        centers, neighbors, images, distances = [], [], [], []
        for i, j in itertools.product(range(len(cart)), repeat=2):
            for image in itertools.product((-1, 0, 1), repeat=3):
                d = np.linalg.norm(cart[j] + np.asarray(image) @ self.lattice.matrix - cart[i])
                if numerical_tol < d < r:
                    centers.append(i), neighbors.append(j), images.append(image), distances.append(d)
        return np.array(centers), np.array(neighbors), np.array(images), np.array(distances)


def _chgnet(torch, **kwargs):
    targets.stand_in("pymatgen", "pymatgen.core", "pymatgen.core.structure", "pymatgen.io", "pymatgen.io.ase",
                     "pymatgen.io.vasp", "pymatgen.io.vasp.outputs", "pymatgen.analysis", "pymatgen.analysis.eos",
                     "nvidia_smi", "monty", "monty.io", "monty.os", "monty.os.path", "monty.json")
    from chgnet.graph import CrystalGraphConverter
    from chgnet.model import CHGNet

    model = CHGNet(atom_fea_dim=16, bond_fea_dim=16, angle_fea_dim=16, composition_model=None, num_radial=7,
                   num_angular=7, n_conv=2, atom_graph_cutoff=4, bond_graph_cutoff=2.5, **kwargs)
    converter = CrystalGraphConverter(atom_graph_cutoff=4, bond_graph_cutoff=2.5, algorithm="legacy")
    rock_salt = _Structure([11, 17], [[0, 0, 0], [0.5, 0.5, 0.5]], 3.2)
    silicon = _Structure([14, 14, 14], [[0, 0, 0], [0.25, 0.25, 0.25], [0.5, 0.5, 0.0]], 3.9)
    return model, [converter(rock_salt), converter(silicon)]


def chgnet_energy():
    torch = _seed()
    model, graphs = _chgnet(torch)
    return model.eval(), [(graphs,)]


def chgnet_energy_forces_stress_magmom():
    torch = _seed()
    model, graphs = _chgnet(torch)
    return model.eval(), [(graphs,)], {"task": "efsm", "return_crystal_feas": True}


# ------------------------------------------------------------------------------------------- cuequivariance-torch
def _irreps():
    import cuequivariance as cue

    return cue, cue.Irreps("O3", "8x0e + 8x1o"), cue.Irreps("O3", "0e + 1o + 2e")


def _molecular_graph(torch, nodes=6, edges=14):
    senders = torch.randint(0, nodes, (edges,))
    receivers = torch.randint(0, nodes, (edges,))
    positions = torch.randn(nodes, 3)
    return positions, senders, receivers


def cue_message_passing():
    torch = _seed()
    import cuequivariance_torch as cuet

    cue, hidden, sh_irreps = _irreps()
    harmonics = cuet.SphericalHarmonics([0, 1, 2], normalize=True, use_fallback=True)
    tp = cuet.ChannelWiseTensorProduct(hidden, sh_irreps, filter_irreps_out=hidden, layout=cue.ir_mul,
                                       shared_weights=False, use_fallback=True)
    radial = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.SiLU(), torch.nn.Linear(16, tp.weight_numel))
    linear = cuet.Linear(tp.irreps_out, hidden, layout=cue.ir_mul, use_fallback=True)
    positions, senders, receivers = _molecular_graph(torch)
    features = torch.randn(positions.shape[0], hidden.dim)
    centers = torch.linspace(0.0, 3.0, 8)

    def layer(features, positions, senders, receivers):
        vectors = positions[receivers] - positions[senders]
        lengths = vectors.norm(dim=-1, keepdim=True)
        weights = radial(torch.exp(-(lengths - centers) ** 2))
        messages = tp(features, harmonics(vectors), weights, indices_1=senders, indices_out=receivers,
                      size_out=features.shape[0])
        return linear(messages) / 3.0

    return layer, [(features, positions, senders, receivers)]


def cue_symmetric_contraction():
    torch = _seed()
    import cuequivariance_torch as cuet

    cue, hidden, _ = _irreps()
    contraction = cuet.SymmetricContraction(hidden, cue.Irreps("O3", "8x0e + 8x1o"), contraction_degree=3,
                                            num_elements=3, layout=cue.ir_mul, dtype=torch.float32,
                                            use_fallback=True)
    features = torch.randn(6, hidden.dim)
    elements = torch.tensor([0, 1, 1, 2, 0, 2])
    return contraction, [(features, elements)]


def cue_fully_connected_readout():
    torch = _seed()
    import cuequivariance_torch as cuet

    cue, hidden, _ = _irreps()
    tp = cuet.FullyConnectedTensorProduct(hidden, hidden, cue.Irreps("O3", "4x0e"), layout=cue.ir_mul,
                                          use_fallback=True)
    features = torch.randn(7, hidden.dim)
    batch = torch.tensor([0, 0, 0, 1, 1, 1, 1])

    def readout(features, batch):
        per_atom = tp(features, features)
        return torch.zeros(2, per_atom.shape[-1]).index_add(0, batch, per_atom)

    return readout, [(features, batch)]


# ---------------------------------------------------------------------------------------- simplicial-attention
def simplicial_two_simplicial_mha():
    torch = _seed()
    from simplicial_attention import TwoSimplicialMHA

    model = TwoSimplicialMHA(dim=32, heads=2, dim_head=16).eval()
    return model, [(torch.randn(2, 6, 32),)]


def simplicial_naive_attend():
    torch = _seed()
    from simplicial_attention import naive_two_simplicial_attend

    q = torch.randn(1, 2, 5, 8)
    keys = (torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8))
    values = (torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8))
    return naive_two_simplicial_attend, [(q, keys, values)]


def simplicial_tri_directional():
    torch = _seed()
    from simplicial_attention import tri_directional_attend

    return tri_directional_attend, [tuple(torch.randn(1, 2, 5, 8) for _ in range(6))]


PACKAGES: Tuple[Package, ...] = (
    Package("cgcnn2==0.6.0", "cgcnn2", {
        "regression": cgcnn_regression,
        "classification_train": cgcnn_classification_train}),
    Package("curator-torch==1.1.1", "curator", {
        "painn_energy_forces": curator_painn_energy_forces,
        "nequip_energy_forces": curator_nequip_energy_forces,
        "mace_energy_forces": curator_mace_energy_forces},
        dependencies=("e3nn==0.6.0", "opt-einsum-fx==0.1.4", "ase==3.29.0")),
    Package("chgnet==0.4.2", "chgnet", {
        "energy": chgnet_energy,
        "energy_forces_stress_magmom": chgnet_energy_forces_stress_magmom},
        roots=("chgnet.model.model:BatchedGraph.from_graphs",)),
    Package("cuequivariance-torch==0.13.0", "cuequivariance_torch", {
        "message_passing": cue_message_passing,
        "symmetric_contraction": cue_symmetric_contraction,
        "fully_connected_readout": cue_fully_connected_readout},
        dependencies=("cuequivariance==0.13.0",)),
    Package("simplicial-attention==0.1.6", "simplicial_attention", {
        "two_simplicial_mha": simplicial_two_simplicial_mha,
        "naive_attend": simplicial_naive_attend,
        "tri_directional": simplicial_tri_directional},
        dependencies=("hyper-connections==0.4.11", "x-mlps-pytorch==0.6.9")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
