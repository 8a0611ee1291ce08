"""Held-out group 8 of the evaluation: graph, geometric and message-passing libraries no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout8_targets.py \
        --site benchmarks/eval/.packages-heldout8 --suffix heldout8

In the style of graph and geometric model code as it runs inside compiled training and inference steps: edge lists
and neighbour lists built at run time, scatter/segment sums written by hand, per-structure sums over batch vectors,
softmax over edge groups, equivariant tensor products and energy + forces through autograd. MACE interatomic
potentials over a batch of molecules (mace-torch, its own data pipeline), the graph-pes model zoo (SchNet, PaiNN,
TensorNet, its own MACE and NequIP, pair potentials) with its AtomicGraph helpers, orb-models' graph network simulator
with run-time kNN graphs and segment ops, long-range electrostatics with Ewald / PME / P3M (torch-pme), and knowledge
graph embedding and R-GCN message passing (pykeen). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(),
build()), its own site folder, its own dynamo cache. Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "ase==3.29.0",
    "matplotlib==3.11.2", "contourpy==1.3.3", "cycler==0.12.1", "fonttools==4.68.0", "kiwisolver==1.5.1",
    "pyparsing==3.3.3", "pillow==13.0.0", "python-dateutil==2.9.0.post0", "six==1.17.0",
    "tqdm==4.70.1",
)

# e3nn 0.4.4 (what mace-torch and graph-pes pin) reads its Wigner constants with torch.load, whose weights_only
# default rejects the `slice` objects in that file since torch 2.6
E3NN = ("e3nn==0.4.4", "opt-einsum==3.4.0", "opt-einsum-fx==0.1.4")


def _seed():
    import torch

    torch.manual_seed(0)
    torch.serialization.add_safe_globals([slice])
    return torch


def _molecules():
    """Two small molecules with different sizes and a periodic cell, the way these libraries read them (ase)."""
    from ase import Atoms

    water = Atoms("OH2", positions=[[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
    methanol = Atoms("CH3OH", positions=[[0.0, 0.0, 0.0], [1.09, 0.0, 0.0], [-0.36, 1.03, 0.0], [-0.36, -0.51, 0.89],
                                         [-0.47, -0.67, -1.16], [-1.43, -0.63, -1.19]])
    crystal = Atoms("OH2", positions=[[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]], cell=[4.0, 4.0, 4.0],
                    pbc=True)
    return water, methanol, crystal


# --------------------------------------------------------------------------------------------------------- mace-torch
def _mace_batch(torch, heads=None):
    from mace import data, tools
    from mace.tools import torch_geometric

    table = tools.AtomicNumberTable([1, 6, 8])
    water, methanol, _ = _molecules()
    graphs = [data.AtomicData.from_config(data.config_from_atoms(atoms), z_table=table, cutoff=3.0, heads=heads)
              for atoms in (water, methanol)]
    loader = torch_geometric.dataloader.DataLoader(dataset=graphs, batch_size=2, shuffle=False, drop_last=False)
    batch = next(iter(loader))
    # positions come in requiring grad, as after MACE's first eager step: dynamo cannot differentiate with respect to
    # an input that requires_grad_() inside the compiled region
    batch.positions.requires_grad_(True)
    return table, batch


def _mace_config(torch, table, interaction="RealAgnosticResidualInteractionBlock"):
    import numpy as np
    from e3nn import o3
    from mace import modules

    return dict(r_max=3.0, num_bessel=4, num_polynomial_cutoff=5, max_ell=2,
                interaction_cls=modules.interaction_classes[interaction],
                interaction_cls_first=modules.interaction_classes[interaction], num_interactions=2,
                num_elements=len(table), hidden_irreps=o3.Irreps("8x0e + 8x1o"), MLP_irreps=o3.Irreps("8x0e"),
                gate=torch.nn.functional.silu, atomic_energies=np.array([-1.0, -5.0, -3.0]), avg_num_neighbors=3.0,
                atomic_numbers=table.zs, correlation=2)


def mace_energy_forces_training():
    torch = _seed()
    from mace import modules
    # how MACE is compiled: e3nn modules traced to plain fx first (their Irreps break dynamo's guards otherwise);
    # autograd.grad left to dynamo's default, as in any compiled train step that does not opt in to tracing it
    from mace.tools.compile import prepare

    table, reference = _mace_batch(torch)
    model = prepare(modules.MACE, allow_autograd=False)(**_mace_config(torch, table))
    loss = modules.WeightedEnergyForcesLoss(energy_weight=1.0, forces_weight=10.0)
    reference.energy, reference.forces = torch.tensor([-4.0, -9.0]), torch.zeros_like(reference.positions)

    def training_loss(batch):
        output = model(batch, training=True, compute_force=True)
        return loss(pred=output, ref=reference)

    return training_loss, [(reference.to_dict(),)]


def mace_scale_shift_stress():
    torch = _seed()
    from mace import modules
    from mace.tools.compile import prepare

    table, batch = _mace_batch(torch)
    batch = batch.to_dict()
    model = prepare(modules.ScaleShiftMACE, allow_autograd=False)(**_mace_config(torch, table, "RealAgnosticDensityInteractionBlock"),
                                   atomic_inter_scale=1.5, atomic_inter_shift=0.1, pair_repulsion=True).eval()

    def energy_forces_virials(batch):
        output = model(batch, training=False, compute_force=True, compute_virials=True)
        return output["energy"], output["forces"], output["node_energy"]

    return energy_forces_virials, [(batch,)]


# ---------------------------------------------------------------------------------------------------------- graph-pes
def _graph_pes_batch(torch, cutoff=3.0):
    from graph_pes.atomic_graph import AtomicGraph, to_batch

    return to_batch([AtomicGraph.from_ase(atoms, cutoff=cutoff) for atoms in _molecules()])


def graph_pes_invariant_models():
    torch = _seed()
    from graph_pes.models import PaiNN, SchNet, TensorNet

    batch = _graph_pes_batch(torch)
    models = [SchNet(cutoff=3.0, channels=8, expansion_features=8, layers=2),
              PaiNN(channels=8, radial_features=8, layers=2, cutoff=3.0),
              TensorNet(cutoff=3.0, radial_features=8, channels=8, layers=1)]

    def energies_and_forces(graph):
        return [model.predict(graph, properties=["energy", "forces"]) for model in models]

    return energies_and_forces, [(batch,)]


def graph_pes_pair_potentials_and_utils():
    torch = _seed()
    from graph_pes.atomic_graph import (edge_wise_softmax, keep_at_most_k_neighbours, neighbour_distances,
                                        remove_mean_and_net_torque, sum_per_structure, trim_edges)
    from graph_pes.models import LennardJones, LearnableOffset, Morse
    from graph_pes.models.addition import AdditionModel

    batch = _graph_pes_batch(torch)
    model = AdditionModel(lj=LennardJones(cutoff=3.0), morse=Morse(cutoff=3.0), offset=LearnableOffset(H=-0.5, C=-2.0,
                                                                                                      O=-1.0))

    def predictions_and_helpers(graph):
        predictions = model.predict(graph, properties=["energy", "forces", "stress"])
        trimmed = keep_at_most_k_neighbours(trim_edges(graph, 2.0), 3)
        weights = edge_wise_softmax(neighbour_distances(trimmed), trimmed, aggregation="receivers")
        return (predictions, weights, sum_per_structure(graph.Z.float(), graph),
                remove_mean_and_net_torque(predictions["forces"], graph))

    return predictions_and_helpers, [(batch,)]


# --------------------------------------------------------------------------------------------------------- orb-models
def _orb_model(torch, conservative):
    """orb-v3's architecture at a tiny width, built from its modules the way orb_models.forcefield.pretrained builds it
    (that module imports cached_path, a downloader with a cloud-storage dependency tree, for the weights only)."""
    from orb_models.forcefield.angular import SphericalHarmonics
    from orb_models.forcefield.atomic_system import SystemConfig
    from orb_models.forcefield.conservative_regressor import ConservativeForcefieldRegressor
    from orb_models.forcefield.direct_regressor import DirectForcefieldRegressor
    from orb_models.forcefield.forcefield_heads import ConfidenceHead, EnergyHead, ForceHead, StressHead
    from orb_models.forcefield.gns import MoleculeGNS
    from orb_models.forcefield.rbf import BesselBasis

    system_config = SystemConfig(radius=6.0, max_num_neighbors=8)
    heads = {"energy": EnergyHead(latent_dim=16, num_mlp_layers=1, mlp_hidden_dim=16, predict_atom_avg=True),
             "confidence": ConfidenceHead(latent_dim=16, num_mlp_layers=1, mlp_hidden_dim=16)}
    if not conservative:
        heads["forces"] = ForceHead(latent_dim=16, num_mlp_layers=1, mlp_hidden_dim=16, remove_mean=True,
                                    remove_torque_for_nonpbc_systems=True)
        heads["stress"] = StressHead(latent_dim=16, num_mlp_layers=1, mlp_hidden_dim=16, node_aggregation="mean")
    gns = MoleculeGNS(latent_dim=16, num_message_passing_steps=2, num_mlp_layers=1, mlp_hidden_dim=16,
                      rbf_transform=BesselBasis(r_max=6.0, num_bases=8),
                      angular_transform=SphericalHarmonics(lmax=2, normalize=True, normalization="component"),
                      outer_product_with_cutoff=True, use_embedding=True,
                      interaction_params={"distance_cutoff": True, "attention_gate": "sigmoid"},
                      node_feature_names=["feat"], edge_feature_names=["feat"], mlp_norm="rms_norm")
    if conservative:
        model = ConservativeForcefieldRegressor(heads=heads, model=gns, ensure_grad_loss_weights=False,
                                                pair_repulsion=True, system_config=system_config, has_stress=True)
    else:
        model = DirectForcefieldRegressor(heads=heads, model=gns, pair_repulsion=True, system_config=system_config)
    return model, system_config


def _orb_graphs(torch, system_config):
    from orb_models.forcefield import atomic_system, base

    return base.batch_graphs([atomic_system.ase_atoms_to_atom_graphs(atoms, system_config)
                              for atoms in _molecules()])


def orb_conservative_energy_forces():
    torch = _seed()
    model, system_config = _orb_model(torch, conservative=True)

    def energy_forces_stress(graphs):
        return model.predict(graphs)

    return energy_forces_stress, [(_orb_graphs(torch, system_config),)]


def orb_direct_training_loss():
    torch = _seed()
    model, system_config = _orb_model(torch, conservative=False)
    graphs = _orb_graphs(torch, system_config)
    graphs = graphs._replace(system_targets={"energy": torch.tensor([-4.0, -9.0, -4.5]), "stress": torch.randn(3, 6)},
                             node_targets={"forces": torch.randn_like(graphs.positions)})

    def training_loss(graphs):
        return model.loss(graphs).loss

    return training_loss, [(graphs,)]


# ---------------------------------------------------------------------------------------------------------- torch-pme
def _pme_system(torch, atoms=8, cell=6.0, cutoff=3.0):
    positions = torch.rand(atoms, 3, dtype=torch.float64) * cell
    charges = torch.tensor([1.0, -1.0] * (atoms // 2), dtype=torch.float64).unsqueeze(1)
    box = torch.eye(3, dtype=torch.float64) * cell
    i, j = torch.triu_indices(atoms, atoms, offset=1)
    distances = (positions[j] - positions[i]).norm(dim=1)
    close = distances < cutoff
    return charges, box, positions, torch.stack([i[close], j[close]], dim=1), distances[close]


def pme_ewald_energy_forces():
    torch = _seed()
    import torchpme

    calculator = torchpme.EwaldCalculator(torchpme.CoulombPotential(smearing=0.6), lr_wavelength=1.5).double()
    charges, cell, positions, neighbor_indices, neighbor_distances = _pme_system(torch)

    def energy_and_forces(charges, cell, positions, neighbor_indices):
        positions = positions.requires_grad_()
        distances = (positions[neighbor_indices[:, 1]] - positions[neighbor_indices[:, 0]]).norm(dim=1)
        energy = (charges * calculator(charges, cell, positions, neighbor_indices, distances)).sum()
        (forces,) = torch.autograd.grad(-energy, positions)
        return energy, forces

    return energy_and_forces, [(charges, cell, positions.clone(), neighbor_indices)]


def pme_mesh_calculators():
    torch = _seed()
    import torchpme

    pme = torchpme.PMECalculator(torchpme.CoulombPotential(smearing=0.6), mesh_spacing=0.8).double()
    p3m = torchpme.P3MCalculator(torchpme.InversePowerLawPotential(exponent=1, smearing=0.6),
                                 mesh_spacing=0.8).double()

    def potentials(charges, cell, positions, neighbor_indices, neighbor_distances):
        return (pme(charges, cell, positions, neighbor_indices, neighbor_distances),
                p3m(charges, cell, positions, neighbor_indices, neighbor_distances))

    return potentials, [_pme_system(torch)]


def pme_combined_and_real_space():
    torch = _seed()
    import torchpme

    combined = torchpme.CombinedPotential([torchpme.InversePowerLawPotential(exponent=1, smearing=0.6),
                                           torchpme.InversePowerLawPotential(exponent=2, smearing=0.6)],
                                          smearing=0.6)
    ewald = torchpme.EwaldCalculator(combined, lr_wavelength=1.5).double()
    direct = torchpme.Calculator(torchpme.CoulombPotential(exclusion_radius=1.0), full_neighbor_list=False).double()

    def potentials(charges, cell, positions, neighbor_indices, neighbor_distances):
        return (ewald(charges, cell, positions, neighbor_indices, neighbor_distances),
                direct(charges, cell, positions, neighbor_indices, neighbor_distances))

    return potentials, [_pme_system(torch)]


# ------------------------------------------------------------------------------------------------------------- pykeen
def _triples(torch, inverse=False):
    from pykeen.triples import CoreTriplesFactory

    mapped = torch.tensor([[0, 0, 1], [1, 1, 2], [2, 0, 3], [3, 1, 4], [4, 2, 0], [1, 2, 3], [5, 0, 2], [2, 1, 5]])
    return CoreTriplesFactory.create(mapped_triples=mapped, num_entities=6, num_relations=3,
                                     create_inverse_triples=inverse)


def pykeen_embedding_models():
    torch = _seed()
    from pykeen.losses import MarginRankingLoss
    from pykeen.models import DistMult, ERMLPE, TransE, TransH, TuckER

    factory = _triples(torch)
    models = [TransE(triples_factory=factory, embedding_dim=8, random_seed=0),
              TransH(triples_factory=factory, embedding_dim=8, random_seed=0),
              ERMLPE(triples_factory=factory, embedding_dim=8, hidden_dim=8, random_seed=0),
              DistMult(triples_factory=factory, embedding_dim=8, random_seed=0),
              TuckER(triples_factory=factory, embedding_dim=8, random_seed=0)]
    loss = MarginRankingLoss(margin=1.0)

    def training_losses(positives, negatives):
        return [loss.process_slcwa_scores(model.score_hrt(positives), model.score_hrt(negatives)) for model in models]

    negatives = factory.mapped_triples.clone()
    negatives[:, 2] = (negatives[:, 2] + 1) % 6
    return training_losses, [(factory.mapped_triples, negatives)]


def pykeen_message_passing():
    torch = _seed()
    from pykeen.models import RGCN, CompGCN

    models = [RGCN(triples_factory=_triples(torch), embedding_dim=8, num_layers=2, random_seed=0),
              CompGCN(triples_factory=_triples(torch, inverse=True), embedding_dim=8, encoder_kwargs={"num_layers": 1}, random_seed=0)]

    def tail_scores(heads_and_relations):
        return [model.score_t(heads_and_relations) for model in models]

    return tail_scores, [(_triples(torch).mapped_triples[:4, :2],)]


def pykeen_negative_sampling_step():
    torch = _seed()
    from pykeen.losses import SoftplusLoss
    from pykeen.models import ConvE
    from pykeen.sampling import BasicNegativeSampler

    factory = _triples(torch, inverse=True)
    model = ConvE(triples_factory=factory, embedding_dim=16, output_channels=2, embedding_height=4, embedding_width=4,
                  random_seed=0)
    sampler = BasicNegativeSampler(mapped_triples=factory.mapped_triples, num_negs_per_pos=2)
    loss = SoftplusLoss()

    def training_loss(positives):
        negatives, _ = sampler.sample(positives)
        return loss.process_slcwa_scores(model.score_hrt(positives), model.score_hrt(negatives.view(-1, 3)))

    return training_loss, [(factory.mapped_triples,)]


PACKAGES: Tuple[Package, ...] = (
    Package("mace-torch==0.3.16", "mace", {
        "energy_forces_training": mace_energy_forces_training, "scale_shift_stress": mace_scale_shift_stress},
        roots=("mace.modules.loss:*.forward",),
        # mace.modules imports its data and tools packages (ase, h5py, matscipy's neighbour lists, torch-ema,
        # torchmetrics) at module level; none of their code is a target
        dependencies=(*E3NN, "h5py==3.16.0", "matscipy==1.3.1", "torch-ema==0.3", "torchmetrics==1.9.0",
                      "lightning-utilities==0.15.3", "pandas==3.1.1")),
    Package("graph-pes==1.0.2", "graph_pes", {
        "invariant_models": graph_pes_invariant_models, "pair_potentials_and_utils": graph_pes_pair_potentials_and_utils},
        roots=("graph_pes.atomic_graph:*", "graph_pes.graph_pes_model:*.predict"),
        dependencies=(*E3NN, "vesin==0.6.2", "load-atoms==0.3.10", "locache==4.0.2", "lmdb==3.0.0",
                      "pytorch-lightning==2.6.6", "lightning-utilities==0.15.3", "torchmetrics==1.9.0")),
    Package("orb-models==0.5.5", "orb_models", {
        "conservative_energy_forces": orb_conservative_energy_forces,
        "direct_training_loss": orb_direct_training_loss},
        roots=("orb_models.forcefield.*:*.predict", "orb_models.forcefield.*:*.loss"),
        dependencies=("dm-tree==0.1.10",)),
    Package("torch-pme==0.5.0", "torchpme", {
        "ewald_energy_forces": pme_ewald_energy_forces, "mesh_calculators": pme_mesh_calculators,
        "combined_and_real_space": pme_combined_and_real_space}),
    Package("pykeen==1.11.1", "pykeen", {
        "embedding_models": pykeen_embedding_models, "message_passing": pykeen_message_passing,
        "negative_sampling_step": pykeen_negative_sampling_step},
        roots=("pykeen.models.*:*.score_hrt", "pykeen.models.*:*.score_t", "pykeen.losses:*.process_slcwa_scores",
               "pykeen.sampling.*:*.sample"),
        dependencies=("class-resolver==0.8.2", "docdata==0.0.5", "pystow==0.10.3", "more-click==0.1.3",
                      "more-itertools==11.2.1", "torch-max-mem==0.1.6", "torch-ppr==0.0.8", "tabulate==0.10.0",
                      "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0",
                      "pandas==3.1.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
