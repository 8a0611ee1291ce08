"""Held-out group 53 of the evaluation: geometric and graph-structured networks written in the style of
torch_geometric without it (features gathered by atom-index lists with Kabsch alignment, convolutions over an
icosahedral mesh with index padding and orientation pooling, sparse networks compiled from an edge list with masked
weights and state updates over the graph), from packages no rule was tuned on, measured before any rule changes for
them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout53_targets.py \
        --site benchmarks/eval/.packages-heldout53 --suffix heldout53 --jobs 1

Molecular feature networks (molann): bond, angle, dihedral and position features gathered from coordinates by atom
index lists, Kabsch alignment to a reference by batched SVD, a MolANN over the features, inference and a training
step. Graph convolutions on the icosahedron (gcnn-dmri): gauge-equivariant convolutions whose kernels are expanded
from a weight basis and padded by index tensors, group norm, orientation pooling through numpy indices, the scalar
and 3-d heads. Networks compiled from a prior-knowledge edge list (edge2torch): feedforward blocks with masked
linear weights and fixed-step state updates over the graph's nodes, inference and a training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: xnns, torchmd and torchdock (groups 22, 15 and 33 name them); faenet, pointtorch, gnnad, equiformer-v2/v3,
torch-pointcloud, gnn-decoders (torch_geometric, torch_scatter or torch_cluster); ptgnn (torch_scatter); chytorch
(compiled wheel). molann's atom groups are MDAnalysis AtomGroups, built from a topology file; the targets pass a
small object with the same three attributes the layers read (ix, positions, len and iteration), MDAnalysis being compiled.
gcnn-dmri's training module imports matplotlib, stripy and anti_lib at module level for plots and mesh building no
target runs: they are stood in by empty modules (the matplotlib one takes its backend call).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package, stand_in

DEPENDENCIES = ()


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up specs on import

    torch.manual_seed(0)
    return torch


# --------------------------------------------------------------------------------------------------------- molann
class _AtomGroup:
    """What molann's layers read of an MDAnalysis AtomGroup: ix, positions, its length and its atoms."""

    def __init__(self, indices, positions):
        self.ix = indices
        self.positions = positions

    def __len__(self):
        return len(self.ix)

    def __iter__(self):
        return iter(self.ix.tolist())


def _molecule(torch, atoms=8):
    import numpy as np

    rng = np.random.default_rng(0)
    everything = _AtomGroup(np.arange(atoms), rng.normal(size=(atoms, 3)).astype(np.float32))
    backbone = _AtomGroup(np.arange(0, atoms, 2), everything.positions[::2].copy())
    return everything, backbone


def _features(everything):
    import numpy as np
    from molann.feature import Feature

    def group(*ix):
        return _AtomGroup(np.array(ix), everything.positions[list(ix)])

    return [Feature("d1", "bond", group(0, 3)), Feature("a1", "angle", group(1, 2, 5)),
            Feature("phi", "dihedral", group(0, 2, 4, 6)), Feature("pos", "position", group(1, 7))]


def _molann(torch, align=True):
    from molann.ann import AlignmentLayer, FeatureLayer, MolANN, PreprocessingANN

    everything, backbone = _molecule(torch)
    features = FeatureLayer(_features(everything), everything, use_angle_value=False)
    aligned = AlignmentLayer(backbone, everything) if align else None
    preprocessing = PreprocessingANN(aligned, features)
    head = torch.nn.Sequential(torch.nn.Linear(features.output_dimension(), 16), torch.nn.Tanh(),
                               torch.nn.Linear(16, 1))
    return MolANN(preprocessing, head), len(everything)


def molann_features():
    torch = _seed()
    model, atoms = _molann(torch, align=False)
    return model.eval(), [(torch.randn(4, atoms, 3),)]


def molann_aligned():
    torch = _seed()
    model, atoms = _molann(torch)
    return model.eval(), [(torch.randn(4, atoms, 3),)]


def molann_train_step():
    torch = _seed()
    model, atoms = _molann(torch)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-2)

    def step(x, y):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        return loss.detach()

    return step, [(torch.randn(4, atoms, 3), torch.randn(4, 1))]


# ------------------------------------------------------------------------------------------------------ gcnn_dmri
_H = 3


def _stand_ins():
    """trainingScalars selects a matplotlib backend at import (matplotlib.use); the stand-in accepts that call."""
    import sys

    stand_in("matplotlib", "matplotlib.pyplot", "stripy", "stripy.spherical", "anti_lib")
    sys.modules["matplotlib"].use = lambda backend: None


def _ico(torch, batch=2, channels=2):
    return torch.randn(batch, channels, _H + 1, 5 * (_H + 1))


def gcnn_gnet():
    torch = _seed()
    from gcnn_dmri.gPyTorch import gNetFromList

    model = gNetFromList(_H, [2, 4, 3], shells=2, activationlist=[torch.nn.ReLU(), None])
    return model.eval(), [(_ico(torch),)]


def gcnn_gnet3d_pooled():
    torch = _seed()
    _stand_ins()
    from gcnn_dmri.trainingScalars import gnet3d

    model = gnet3d(_H, [2, 4, 3], shells=2, activationlist=[torch.nn.ReLU(), None])
    return model.eval(), [(_ico(torch),)]


def gcnn_scalar_head():
    torch = _seed()
    _stand_ins()
    from gcnn_dmri.trainingScalars import gnet3dScalar

    model = gnet3dScalar(_H, 2, 3, [2, 4, 3], shells=1, activationlist=[torch.nn.ReLU(), None])
    return model.eval(), [((torch.randn(6, 2, 5), _ico(torch, batch=6)),)]


def gcnn_train_step():
    torch = _seed()
    from gcnn_dmri.gPyTorch import gNetFromList

    model = gNetFromList(_H, [2, 4, 3], shells=2, activationlist=[torch.nn.ReLU(), None]).train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x):
        optimizer.zero_grad()
        loss = model(x).square().mean()
        loss.backward()
        optimizer.step()
        return loss.detach()

    return step, [(_ico(torch),)]


# ----------------------------------------------------------------------------------------------------- edge2torch
def _edge_list():
    import pandas as pd

    return pd.DataFrame({"source": ["g1", "g2", "g3", "g3", "g4", "p1", "p2", "p2"],
                         "target": ["p1", "p1", "p2", "p1", "p2", "out", "out", "side"]})


def edge2torch_feedforward():
    torch = _seed()
    from edge2torch import compile_graph

    model, _ = compile_graph(_edge_list())
    return model.eval(), [(torch.randn(5, 4),)]


def edge2torch_state_update():
    torch = _seed()
    from edge2torch import compile_graph

    model, _ = compile_graph(_edge_list(), backend="state_update", steps=2)
    return model.eval(), [(torch.randn(5, 4),)]


def edge2torch_train_step():
    torch = _seed()
    from edge2torch import compile_graph

    model, _ = compile_graph(_edge_list(), backend="state_update", steps=2)
    model.train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        return loss.detach()

    return step, [(torch.randn(5, 4), torch.randn(5, 2))]


PACKAGES: Tuple[Package, ...] = (
    Package("molann==1.1.7", "molann", {
        "features": molann_features,
        "aligned": molann_aligned,
        "train_step": molann_train_step}),
    Package("gcnn-dmri==0.1.0", "gcnn_dmri", {
        "gnet": gcnn_gnet,
        "gnet3d_pooled": gcnn_gnet3d_pooled,
        "scalar_head": gcnn_scalar_head,
        "train_step": gcnn_train_step}),
    Package("edge2torch==0.3.0", "edge2torch", {
        "feedforward": edge2torch_feedforward,
        "state_update": edge2torch_state_update,
        "train_step": edge2torch_train_step},
        dependencies=("pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
