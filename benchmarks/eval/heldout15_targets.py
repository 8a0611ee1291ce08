"""Held-out group 15 of the evaluation: message passing over edge indices, neighbour lists and batch vectors in
atomistic and molecular networks written without torch_geometric, from packages no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout15_targets.py \
        --site benchmarks/eval/.packages-heldout15 --suffix heldout15

E(3)-equivariant interatomic potentials over a batched radius graph held in a dict (nequip: NequIP's convolutions
scatter edge messages onto nodes with index_add/scatter over `edge_index`, per-type energy scales and shifts, sums
per structure over the `batch` vector, forces and stress by autograd; allegro: edge-wise tensor tracks with strided
layouts, per-edge-type cutoffs and a spline/Bessel two-body embedding), pair potentials and molecular dynamics
over batched simulation states (torch-sim: Lennard-Jones, Morse and soft-sphere models with neighbour lists built
in plain torch, system index vectors, NVE and Langevin integrators, a FIRE relaxation step, swap Monte Carlo, the n^2 and linked-cell neighbour searches),
a classical force field on a bead chain (torchmd: bonds, angles, dihedrals and 1-4 pairs gathered by index arrays,
Lennard-Jones and reaction-field electrostatics filtered by a cutoff, a Langevin velocity-Verlet step), invariant
point attention over residue frames (invariant-point-attention) and OGB's molecular atom and bond encoders (ogb).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: sevenn, torchmd-net, mattersim, geometric-vector-perceptron, alphafold3-pytorch (torch_geometric, and
alphafold3-pytorch transformers too), schnetpack (imports `T_co` from torch.utils.data.dataloader, gone in torch
2.13: nothing of it imports), chgnet (pymatgen and its compiled stack for the crystal graph). torch-sim's
ParticleLifeModel fails eagerly (its neighbour list is handed a float cutoff, its pair force an unknown keyword), so
it is not run, nor are its wrappers of other packages' models (mace, orb, sevennet, fairchem, mattersim, metatomic),
which need those packages; its pair potentials sum energies in double precision, so they run on a float64 state.
invariant-point-attention's IPATransformer imports pytorch3d (compiled) for its quaternions, so only the attention
and its block are run. torchmd's force field is built from a small YAML file written at build time
(a six-bead chain of two bead types) and a molecule given as plain arrays, since moleculekit (its molecule reader)
is a compiled package pinned to older numpy; the Parameters and Forces built from them are torchmd's own.
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
# nequip imports lightning, hydra's instantiate, torchmetrics and matscipy/ase for its data at module level
NEQUIP = ("nequip==0.19.1", "lightning==2.6.1", "lightning-utilities==0.15.3", "torchmetrics==1.9.0",
          "fsspec==2026.9.0", "omegaconf==2.3.0", "antlr4-python3-runtime==4.9.3", "hydra-core==1.3.8",
          "ase==3.29.0", "matscipy==1.3.1", "lmdb==3.0.0") + E3NN


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------- nequip, allegro
TYPE_NAMES = ("H", "C", "O")


def _nequip_batch(torch):
    """Two small periodic frames with their radius graphs, batched the way nequip's data pipeline batches them."""
    import ase
    from nequip.data import AtomicDataDict, compute_neighborlist_, from_ase
    from nequip.data.transforms import ChemicalSpeciesToAtomTypeMapper

    mapper = ChemicalSpeciesToAtomTypeMapper(list(TYPE_NAMES))
    frames = []
    for symbols in (["H", "C", "O", "H", "C"], ["O", "C", "H", "H"]):
        positions = (torch.rand(len(symbols), 3) * 3).numpy()
        atoms = ase.Atoms(symbols=symbols, positions=positions, cell=[4.0, 4.0, 4.0], pbc=True)
        frames.append(compute_neighborlist_(mapper(from_ase(atoms)), r_max=2.5))
    return dict(AtomicDataDict.batched_from_list(frames))


def _nequip_state():
    from nequip.utils.global_state import set_global_state

    set_global_state()


def nequip_energy_forces():
    torch = _seed()
    _nequip_state()
    from nequip.model import NequIPGNNModel

    model = NequIPGNNModel(seed=1, model_dtype="float32", type_names=list(TYPE_NAMES), r_max=2.5,
                           avg_num_neighbors=4.0, num_layers=2, l_max=1, num_features=8, radial_mlp_width=16,
                           per_type_energy_shifts={"H": -0.5, "C": -1.0, "O": -1.5})
    return model, [(_nequip_batch(torch),)]


def nequip_energy_only_zbl():
    torch = _seed()
    _nequip_state()
    from nequip.model import NequIPGNNModel

    model = NequIPGNNModel(seed=1, model_dtype="float32", type_names=list(TYPE_NAMES), r_max=2.5,
                           avg_num_neighbors={"H": 3.0, "C": 4.0, "O": 4.0}, num_layers=1, l_max=2, parity=False,
                           num_features=4, radial_mlp_width=8, do_derivatives=False,
                           per_type_energy_scales={"H": 1.0, "C": 2.0, "O": 1.5},
                           pair_potential={"_target_": "nequip.nn.pair_potential.ZBL", "units": "metal",
                                           "chemical_species": list(TYPE_NAMES)})
    return model, [(_nequip_batch(torch),)]


def allegro_energy_forces():
    torch = _seed()
    _nequip_state()
    from allegro.model import AllegroModel

    model = AllegroModel(seed=1, model_dtype="float32", type_names=list(TYPE_NAMES), r_max=2.5,
                         avg_num_neighbors=4.0, l_max=1, num_layers=2, num_scalar_features=8, num_tensor_features=4,
                         radial_chemical_embed={"_target_": "allegro.nn.TwoBodyBesselScalarEmbed", "num_bessels": 4})
    return model, [(_nequip_batch(torch),)]


def allegro_spline_per_edge_type_cutoff():
    torch = _seed()
    _nequip_state()
    from allegro.model import AllegroModel

    model = AllegroModel(seed=1, model_dtype="float32", type_names=list(TYPE_NAMES), r_max=2.5,
                         per_edge_type_cutoff={"H": 2.0, "C": 2.5, "O": {"H": 2.0, "C": 2.2, "O": 2.5}},
                         avg_num_neighbors=4.0, l_max=2, parity=False, num_layers=1, num_scalar_features=8,
                         num_tensor_features=4, tp_path_channel_coupling=False, do_derivatives=False,
                         radial_chemical_embed={"_target_": "allegro.nn.TwoBodySplineScalarEmbed", "num_splines": 8, "spline_span": 6})
    return model, [(_nequip_batch(torch),)]


# ------------------------------------------------------------------------------------------------------- torch-sim
def _sim_state(torch, counts=(5, 6)):
    import torch_sim

    positions = torch.cat([torch.rand(count, 3) * 3 for count in counts])
    return torch_sim.SimState(
        positions=positions, masses=torch.ones(len(positions)),
        cell=torch.stack([torch.eye(3) * 3 for _ in counts]), pbc=True,
        atomic_numbers=torch.ones(len(positions), dtype=torch.long),
        system_idx=torch.cat([torch.full((count,), index) for index, count in enumerate(counts)]))


def torch_sim_pair_potentials():
    torch = _seed()
    from torch_sim.models.lennard_jones import LennardJonesModel
    from torch_sim.models.morse import MorseModel
    from torch_sim.models.soft_sphere import SoftSphereModel

    double = torch.float64  # the pair energies are summed in double precision: a float32 state fails eagerly
    models = [LennardJonesModel(cutoff=1.5, dtype=double, compute_stress=True, per_atom_energies=True),
              MorseModel(cutoff=1.5, dtype=double, compute_stress=True),
              SoftSphereModel(cutoff=1.5, dtype=double, per_atom_stresses=True)]

    def energies(state):
        return [model(state) for model in models]

    return energies, [(_sim_state(torch).to(dtype=double),)]


def torch_sim_md_steps():
    torch = _seed()
    from torch_sim.integrators import nve, nvt_langevin
    from torch_sim.models.lennard_jones import LennardJonesModel

    model = LennardJonesModel(cutoff=1.5)
    dt, kT = torch.tensor(0.01), torch.tensor(0.1)
    nve_init, nve_update = nve(model, dt=dt, kT=kT, seed=0)
    langevin_init, langevin_update = nvt_langevin(model, dt=dt, kT=kT, seed=0)
    state = _sim_state(torch)
    nve_state, langevin_state = nve_init(state), langevin_init(state)

    def steps(nve_state, langevin_state):  # one step of each ensemble, what a user compiles in the MD loop
        return nve_update(nve_state, dt), langevin_update(langevin_state, kT)

    return steps, [(nve_state, langevin_state)]


def torch_sim_relaxation_and_swaps():
    torch = _seed()
    from torch_sim import quantities
    from torch_sim.monte_carlo import swap_monte_carlo
    from torch_sim.optimizers import fire
    from torch_sim.models.lennard_jones import LennardJonesModel

    model = LennardJonesModel(cutoff=1.5, dtype=torch.float64)
    fire_init, fire_step = fire(model, md_flavor="vv_fire")
    swap_init, swap_step = swap_monte_carlo(model=model, kT=0.1, seed=0)
    # systems of one size: generate_swaps offsets each system's picks by the first system's length
    state = _sim_state(torch, counts=(6, 6)).to(dtype=torch.float64)
    state.atomic_numbers[::2] = 2  # two species, so that swaps change something
    relaxing, swapping = fire_init(state), swap_init(state)

    def steps(relaxing, swapping):  # one FIRE step, one swap move and the per-system temperature
        relaxed = fire_step(relaxing)
        temperature = quantities.calc_kT(velocities=relaxed.velocities, masses=relaxed.masses,
                                         system_idx=relaxed.system_idx)
        return relaxed, temperature, swap_step(swapping, kT=0.1)

    return steps, [(relaxing, swapping)]


def torch_sim_neighbour_searches():
    torch = _seed()
    from torch_sim import neighbors

    state = _sim_state(torch)
    pbc = torch.tensor([[True, True, True]] * 2)

    def search(positions, cell, system_idx):
        quadratic = neighbors.torch_nl_n2(1.5, positions, cell.reshape(-1, 3), pbc, system_idx)
        linked = neighbors.torch_nl_linked_cell(1.5, positions, cell.reshape(-1, 3), pbc, system_idx)
        single = neighbors.standard_nl(positions[:5], cell[0], True, torch.tensor(1.5))
        return quadratic, linked, single

    return search, [(state.positions, state.cell, state.system_idx)]


# --------------------------------------------------------------------------------------------------------- torchmd
CHAIN_FORCE_FIELD = """
atomtypes: [CA, CB]
masses: {CA: 12.0, CB: 14.0}
electrostatics: {CA: {charge: 0.2}, CB: {charge: -0.2}}
lj: {CA: {sigma: 1.0, epsilon: 0.2, sigma14: 1.0, epsilon14: 0.1}, CB: {sigma: 1.1, epsilon: 0.3, sigma14: 1.1, epsilon14: 0.15}}
bonds: {"(X, X)": {k0: 50.0, req: 1.0}}
angles: {"(X, X, X)": {k0: 10.0, theta0: 110.0}}
dihedrals: {"(X, X, X, X)": {terms: [{phi_k: 0.5, phase: 0.0, per: 2}], scnb: 2.0, scee: 1.2}}
impropers: {}
"""
CHAIN_TERMS = ["bonds", "angles", "dihedrals", "1-4", "lj", "electrostatics"]


def _torchmd_forces(**options):
    import os
    import tempfile
    import types

    import numpy as np
    from torchmd.forcefields.ff_yaml import YamlForcefield
    from torchmd.forces import Forces
    from torchmd.parameters import Parameters

    path = os.path.join(tempfile.mkdtemp(), "chain.yaml")
    with open(path, "w") as handle:
        handle.write(CHAIN_FORCE_FIELD)
    beads = 6
    molecule = types.SimpleNamespace(
        numAtoms=beads, atomtype=np.array(["CA", "CB"] * 3), charge=np.array([0.2, -0.2] * 3), masses=None,
        bonds=np.array([[i, i + 1] for i in range(beads - 1)]),
        angles=np.array([[i, i + 1, i + 2] for i in range(beads - 2)]),
        dihedrals=np.array([[i, i + 1, i + 2, i + 3] for i in range(beads - 3)]),
        impropers=np.zeros((0, 4), dtype=int))
    parameters = Parameters(YamlForcefield(molecule, path), molecule, terms=CHAIN_TERMS)
    return Forces(parameters, terms=CHAIN_TERMS, **options), parameters, beads


def _chain_positions(torch, beads):
    return torch.cumsum(torch.rand(1, beads, 3), dim=1)


def torchmd_force_field():
    torch = _seed()
    forces, _, beads = _torchmd_forces(cutoff=5.0, rfa=True, switch_dist=4.0)

    def energy_and_forces(positions, box, out):
        return forces.compute(positions, box, out, returnDetails=True, toNumpy=False)

    return energy_and_forces, [(_chain_positions(torch, beads), torch.eye(3)[None] * 20, torch.zeros(1, beads, 3))]


def torchmd_langevin_steps():
    torch = _seed()
    from torchmd.integrator import Integrator, maxwell_boltzmann
    from torchmd.systems import System

    forces, parameters, beads = _torchmd_forces()
    system = System(beads, 1, torch.float32, "cpu")
    system.set_positions(_chain_positions(torch, beads).numpy().transpose(1, 2, 0))
    system.set_box(torch.full((3, 1), 20.0).numpy())
    system.set_velocities(maxwell_boltzmann(parameters.masses, 300, 1))
    integrator = Integrator(system, forces, 1, "cpu", gamma=0.1, T=300)

    def steps():
        return integrator.step(2)

    return steps, [()]


# ------------------------------------------------------------------------------------- invariant-point-attention
def ipa_attention_and_block():
    torch = _seed()
    from invariant_point_attention import IPABlock, InvariantPointAttention

    attention = InvariantPointAttention(dim=16, heads=2, scalar_key_dim=8, scalar_value_dim=8, point_key_dim=2,
                                        point_value_dim=2).eval()
    block = IPABlock(dim=16, heads=2, require_pairwise_repr=False, post_norm=False).eval()

    def frames(single, pairwise, rotations, translations, mask):
        attended = attention(single, pairwise, rotations=rotations, translations=translations, mask=mask)
        return attended, block(single, rotations=rotations, translations=translations, mask=mask)

    rotations = torch.linalg.qr(torch.randn(1, 6, 3, 3))[0]
    mask = torch.ones(1, 6, dtype=torch.bool)
    mask[0, -1] = False
    return frames, [(torch.randn(1, 6, 16), torch.randn(1, 6, 6, 16), rotations, torch.randn(1, 6, 3), mask)]


# ------------------------------------------------------------------------------------------------------------- ogb
def ogb_molecule_encoders():
    torch = _seed()
    from ogb.graphproppred.mol_encoder import AtomEncoder, BondEncoder
    from ogb.utils.features import get_atom_feature_dims, get_bond_feature_dims

    atoms, bonds = AtomEncoder(16), BondEncoder(16)

    def embed(atom_features, bond_features, edge_index):  # one GIN-style aggregation over the encoded molecule
        nodes = atoms(atom_features)
        messages = nodes[edge_index[0]] + bonds(bond_features)
        return torch.zeros_like(nodes).index_add_(0, edge_index[1], messages)

    atom_features = torch.stack([torch.randint(0, size, (7,)) for size in get_atom_feature_dims()], dim=1)
    bond_features = torch.stack([torch.randint(0, size, (12,)) for size in get_bond_feature_dims()], dim=1)
    return embed, [(atom_features, bond_features, torch.randint(0, 7, (2, 12)))]


PACKAGES: Tuple[Package, ...] = (
    Package("nequip==0.19.1", "nequip", {
        "energy_forces": nequip_energy_forces,
        "energy_only_zbl": nequip_energy_only_zbl},
        dependencies=NEQUIP[1:]),
    Package("nequip-allegro==0.8.3", "allegro", {
        "energy_forces": allegro_energy_forces,
        "spline_per_edge_type_cutoff": allegro_spline_per_edge_type_cutoff},
        dependencies=NEQUIP),
    Package("torch-sim-atomistic==0.3.0", "torch_sim", {
        "pair_potentials": torch_sim_pair_potentials,
        "md_steps": torch_sim_md_steps,
        "relaxation_and_swaps": torch_sim_relaxation_and_swaps,
        "neighbour_searches": torch_sim_neighbour_searches},
        # the integrators' and optimizers' update closures call these module-level steps; the searches, the swap
        # moves and the quantities are plain functions
        roots=("torch_sim.integrators.md:*", "torch_sim.neighbors:*", "torch_sim.optimizers:_vv_fire_step",
               "torch_sim.monte_carlo:*", "torch_sim.quantities:*"),
        # torch_sim's __init__ imports its trajectory writer (pytables) and vesin's neighbour lists
        dependencies=("vesin==0.6.2", "vesin-torch==0.6.2", "tables==3.11.1", "numexpr==2.14.2",
                      "blosc2==4.14.1", "py-cpuinfo==9.0.0", "ndindex==1.10.1", "msgpack==1.2.4")),
    Package("torchmd==1.1.2", "torchmd", {
        "force_field": torchmd_force_field,
        "langevin_steps": torchmd_langevin_steps},
        roots=("torchmd.forces:Forces.compute", "torchmd.integrator:Integrator.step")),
    Package("invariant-point-attention==0.2.2", "invariant_point_attention", {
        "attention_and_block": ipa_attention_and_block}),
    Package("ogb==1.3.6", "ogb", {
        "molecule_encoders": ogb_molecule_encoders},
        # graphproppred's __init__ imports its evaluator (scikit-learn, pandas) and the version check (outdated)
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "pandas==3.1.1",
                      "python-dateutil==2.9.0.post0", "six==1.17.0", "narwhals==2.29.0", "outdated==0.2.2",
                      "littleutils==0.2.4")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
