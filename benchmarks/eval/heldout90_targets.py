"""Held-out group 90 of the evaluation: graph learning in the style of torch_geometric without it, in corners no
group covered (77: message passing and pooling, 82: point clouds and molecular GNNs, 86: knowledge-graph embeddings):
hypergraph contrastive learning (hypergraph convolutions over kNN / k-means incidence matrices, a GRACE-style two-view
loss), dual graph contrastive learning (feature-perturbed views, a cluster readout, cross-view correlation reduction),
a GCN + Transformer autoencoder + supervised contrastive classifier, and a spectral GNN (BWGNN's Beta-wavelet filter
bank over the normalised Laplacian, polynomial in it, sparse products only), from packages no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout90_targets.py \
        --site benchmarks/eval/.packages-heldout90 --suffix heldout90 --jobs 1

Hypergraph contrastive learning (mmlmgn): MMLMGN's forward and its `train_epoch_MDA` step (the package's `Myloss` over
known / unknown associations, `get_L2reg`, the two CL_HGCN contrastive losses), the `test` helper, and a CL_HGCN on
its own. Dual graph contrastive learning (stDCL): its Encoder and the `stDCL.train` step (reconstruction, cross-view
correlation and cluster correlation-reduction losses computed by the trainer's methods). Graph intrusion detection
(graphids): `GraphIDS` forwards, the three stage steps of `train_pipeline` (GCN with a proxy head, Transformer
autoencoder with its KL loss, supervised contrastive classifier), and `symmetric_norm` over an adjacency with an
isolated node. Graph anomaly detection (graphspot): BWGNN's `_forward` (MLP, wavelet bank, classifier) over the
sparse Laplacian `_laplacian` builds and over a dense one, a `fit` epoch, and the scores `_forward_scores` takes.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports, and /work/PICKS.md): basicts
(transformers required), hypertorch, garfield, stgcl, rrgcn, gnnad, areafluforecast, graph-wavelet-encoder,
pvplr-stgnn, graphstam, graphcvae, nodecoder, napistu-torch (torch_geometric / torch_sparse required or imported);
gslb, spagra (dgl); schyper, spectralembeddings (TensorFlow); deepgnn-torch (transformers); dhg, gnn-augment, gnn4lp
(groups 13, 47, 50: measured once here before that was seen, then dropped); gnnwr, geotorchai (spatial regression
and grid forecasting MLPs / CNNs, no graph). Stand-ins, outside anything compiled: scanpy and ot (stDCL's
preprocessing module, which its trainer module star-imports), xgboost (graphspot's tree detectors, imported by its
package).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()

SKLEARN = ("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# -------------------------------------------------------------------------------------------------------- mmlmgn
N_MI, N_DIS = 20, 12


def _mmlmgn_args():
    """The package parses the command line when its utils module is imported: give it the script's own argv."""
    import sys

    import numpy as np

    if not hasattr(np, "mat"):  # its incidence-matrix preprocessing (numpy, never compiled) predates NumPy 2
        np.mat = np.asmatrix
    argv = sys.argv
    sys.argv = ["mmlmgn"]
    try:
        import mmlmgn.utils
    finally:
        sys.argv = argv
    return mmlmgn.utils


def _hypergraphs(torch, features):
    from mmlmgn import ConstructHW

    array = features.numpy()
    return (ConstructHW.constructHW_knn(array, K_neigs=[5], is_probH=False),
            ConstructHW.constructHW_kmean(array, clusters=[4]))


def _mmlmgn_inputs(torch):
    association = (torch.rand(N_MI, N_DIS) < 0.3).float()
    mi = torch.cat((association, torch.rand(N_MI, N_MI)), dim=1)
    dis = torch.cat((association.t(), torch.rand(N_DIS, N_DIS)), dim=1)
    return association, mi, dis, (*_hypergraphs(torch, mi), *_hypergraphs(torch, dis))


def _pairs(torch, association):
    return torch.nonzero(association > 0), torch.nonzero(association == 0)


def _mmlmgn_model():
    from mmlmgn.Module import MMLMGN

    return MMLMGN(N_MI, N_DIS, [256], 64)


def mmlmgn_forward():
    _mmlmgn_args()
    torch = _seed()
    _, mi, dis, graphs = _mmlmgn_inputs(torch)
    return _mmlmgn_model().eval(), [(mi, dis, *graphs)]


def mmlmgn_train_step():
    """The body of `train_epoch_MDA`'s epoch loop."""
    utils = _mmlmgn_args()
    torch = _seed()
    association, mi, dis, graphs = _mmlmgn_inputs(torch)
    model = _mmlmgn_model().train()
    optim = torch.optim.Adam(model.parameters(), lr=0.001)
    regression_crit = utils.Myloss()
    one_index, zero_index = _pairs(torch, association)  # the package's [i, j] index pairs

    def step(one_index, zero_index, association, mi, dis, G_mi_Kn, G_mi_Km, G_dis_Kn, G_dis_Km):
        score, mi_cl_loss, dis_cl_loss, X1, Y1 = model(mi, dis, G_mi_Kn, G_mi_Km, G_dis_Kn, G_dis_Km)
        recover_loss = regression_crit(one_index, zero_index, association, score)
        reg_loss = utils.get_L2reg(model.parameters())
        tol_loss = recover_loss + mi_cl_loss + dis_cl_loss + 0.00001 * reg_loss
        optim.zero_grad()
        tol_loss.backward()
        optim.step()
        return tol_loss

    return step, [(one_index, zero_index, association, mi, dis, *graphs)]


def mmlmgn_test():
    _mmlmgn_args()
    torch = _seed()
    from mmlmgn.trainer import test

    association, mi, dis, graphs = _mmlmgn_inputs(torch)
    data = [None, None, None, list(_pairs(torch, association)), None, association]
    return functools.partial(test, _mmlmgn_model(), data), [(mi, dis, *graphs)]


def cl_hgcn_contrastive():
    _mmlmgn_args()
    torch = _seed()
    from mmlmgn.Module import CL_HGCN

    _, mi, _, graphs = _mmlmgn_inputs(torch)
    return CL_HGCN(N_MI + N_DIS, [32], 16).train(), [(mi, graphs[0], mi, graphs[1])]


# --------------------------------------------------------------------------------------------------------- stDCL
N_SPOTS, N_GENES, LATENT, N_CLUSTERS = 30, 20, 8, 5


def _spots(torch):
    features = torch.rand(N_SPOTS, N_GENES)
    adj = (torch.rand(N_SPOTS, N_SPOTS) < 0.2).float()
    adj = ((adj + adj.t() + torch.eye(N_SPOTS)) > 0).float()
    adj = adj / adj.sum(1, keepdim=True)
    return features, features[torch.randperm(N_SPOTS)], adj


def stdcl_encoder_forward():
    torch = _seed()
    from stDCL.model import Encoder

    return Encoder(N_GENES, LATENT, N_CLUSTERS).train(), [_spots(torch)]


def stdcl_train_step():
    """The body of `stDCL.train`'s epoch loop, its losses from the trainer's own methods."""
    import sys

    targets.stand_in("scanpy", "ot")
    torch = _seed()
    import stDCL.model

    sys.modules.setdefault("model", stDCL.model)  # the trainer imports its model module as a top-level `model`
    from stDCL.stDCL import stDCL as Trainer

    trainer = Trainer.__new__(Trainer)
    trainer.lambda1, trainer.lambda2, trainer.lambda3 = 10.0, 1.0, 1.0
    trainer.model = stDCL.model.Encoder(N_GENES, LATENT, N_CLUSTERS).train()
    trainer.optimizer = torch.optim.Adam(trainer.model.parameters(), 0.001, weight_decay=0.0)
    F = torch.nn.functional

    def step(features, features_a, adj):
        trainer.model.train()
        hiden_feat, z_a, emb, ret, ret_a, A_rec = trainer.model(features, features_a, adj)
        loss_rec = F.mse_loss(features, emb) + 0.5 * F.mse_loss(adj, A_rec)
        loss_con = F.mse_loss(trainer.cross_correlation(hiden_feat, z_a), adj)
        loss_clu = trainer.correlation_reduction_loss(trainer.cross_correlation(ret.t(), ret_a.t()))
        loss = trainer.lambda1 * loss_rec + trainer.lambda2 * loss_con + trainer.lambda3 * loss_clu
        trainer.optimizer.zero_grad()
        loss.backward()
        trainer.optimizer.step()
        return loss

    features, _, adj = _spots(torch)
    noisy = features * torch.randn(features.shape) * 2
    return step, [(features, noisy, adj)]


# ------------------------------------------------------------------------------------------------------- graphids
N_FLOWS, N_FLOW_FEATURES, N_ATTACKS = 32, 12, 4


def _flows(torch):
    from graphids.graph import add_self_loops, symmetric_norm

    X = torch.rand(N_FLOWS, N_FLOW_FEATURES)
    normed = torch.nn.functional.normalize(X, dim=1)
    A = (normed @ normed.t()).clamp(0, 1)
    return symmetric_norm(add_self_loops(A)), X, torch.randint(0, N_ATTACKS, (N_FLOWS,))


def _graphids(**kwargs):
    from graphids.pipeline import GraphIDS

    return GraphIDS(N_FLOW_FEATURES, N_ATTACKS, gcn_hidden=32, ae_ff=64, clf_hidden=32, **kwargs)


def graphids_forward_eval():
    torch = _seed()
    A_norm, X, _ = _flows(torch)
    return _graphids().eval(), [(A_norm, X)]


def graphids_forward_train():
    torch = _seed()
    A_norm, X, _ = _flows(torch)
    return _graphids().train(), [(A_norm, X)]


def graphids_gcn_stage():
    """Stage 1 of `train_pipeline`: the GCN trained through a proxy linear head."""
    torch = _seed()
    model = _graphids()
    proxy_clf = torch.nn.Linear(model.gcn.out_dim, N_ATTACKS)
    proxy_opt = torch.optim.Adam(list(model.gcn.parameters()) + list(proxy_clf.parameters()), lr=0.001)
    model.gcn.train()

    def step(A_norm, X_tensor, y_tensor):
        proxy_opt.zero_grad()
        logits = proxy_clf(model.gcn(A_norm, X_tensor))
        loss = torch.nn.functional.cross_entropy(logits, y_tensor)
        loss.backward()
        proxy_opt.step()
        return loss

    return step, [_flows(torch)]


def graphids_autoencoder_stage():
    """Stage 2: the Transformer autoencoder on the GCN's embeddings, with its KL-regularised loss."""
    torch = _seed()
    model = _graphids()
    ae_opt = torch.optim.AdamW(model.autoencoder.parameters(), lr=0.0001)
    model.autoencoder.train()

    def step(gcn_embeddings):
        ae_opt.zero_grad()
        encoded, reconstructed = model.autoencoder(gcn_embeddings)
        loss = model.autoencoder.loss(gcn_embeddings, encoded, reconstructed)
        loss.backward()
        ae_opt.step()
        return loss

    A_norm, X, _ = _flows(torch)
    with torch.no_grad():
        embeddings = model.gcn.eval()(A_norm, X)
    return step, [(embeddings,)]


def graphids_classifier_stage():
    """Stage 3: the classifier with cross-entropy plus the supervised contrastive loss."""
    torch = _seed()
    model = _graphids()
    clf_opt = torch.optim.RMSprop(model.classifier.parameters(), lr=0.0005)
    model.classifier.train()

    def step(encoded, y_tensor):
        clf_opt.zero_grad()
        logits = model.classifier(encoded)
        loss = model.classifier.loss(encoded, logits, y_tensor)
        loss.backward()
        clf_opt.step()
        return loss, (logits.argmax(dim=1) == y_tensor).float().mean()

    _, _, y = _flows(torch)
    return step, [(torch.randn(N_FLOWS, 32), y)]


def graphids_symmetric_norm():
    """The adjacency normalisation, on a graph with an isolated node (a zero-degree row)."""
    torch = _seed()
    from graphids.graph import add_self_loops, symmetric_norm

    A = (torch.rand(N_FLOWS, N_FLOWS) > 0.7).float()
    A = (A + A.t()).clamp(max=1)
    A[3] = 0
    A[:, 3] = 0

    def normalize(A, self_loops):
        return symmetric_norm(add_self_loops(A) if self_loops else A)

    return normalize, [(A, False), (A, True)]


# ------------------------------------------------------------------------------------------------------ graphspot
N_ACCOUNTS, N_ACCOUNT_FEATURES = 40, 8


def _bwgnn(order=2, hidden=16):
    """A BWGNN detector as `fit` builds it: its graph's Laplacian (a sparse COO tensor), features, labels."""
    targets.stand_in("xgboost")
    torch = _seed()
    import numpy as np
    import scipy.sparse as sp
    from graphspot.detectors.bwgnn import BWGNN
    from graphspot.graph import as_graph

    rng = np.random.default_rng(0)
    dense = np.triu((rng.random((N_ACCOUNTS, N_ACCOUNTS)) < 0.1).astype(np.float64), 1)
    x = rng.normal(size=(N_ACCOUNTS, N_ACCOUNT_FEATURES)).astype(np.float32)
    graph = as_graph(sp.csr_matrix(dense + dense.T), x=x)
    detector = BWGNN(order=order, hidden=hidden, epochs=1, random_state=0)
    detector._build_model(N_ACCOUNT_FEATURES)
    labels = torch.tensor(rng.random(N_ACCOUNTS) < 0.15, dtype=torch.long)
    return torch, detector, detector._laplacian(graph), torch.tensor(graph.x, dtype=torch.float32), labels


def bwgnn_forward():
    torch, detector, lap, x, _ = _bwgnn()
    detector.pre_.eval()
    detector.post_.eval()
    return detector._forward, [(lap, x)]


def bwgnn_dense_laplacian_forward():
    """The Beta-wavelet bank over a dense Laplacian (`torch.sparse.mm` takes a strided matrix too)."""
    torch, detector, lap, x, _ = _bwgnn(order=3)
    return detector._forward, [(lap.to_dense(), x)]


def bwgnn_train_step():
    """One epoch of `BWGNN.fit`: class-weighted cross entropy on the labelled nodes, Adam."""
    torch, detector, lap, x, labels = _bwgnn()
    pos = int(labels.sum())
    weight = torch.tensor([1.0, (N_ACCOUNTS - pos) / max(pos, 1)], dtype=torch.float32)
    params = list(detector.pre_.parameters()) + list(detector.post_.parameters())
    opt = torch.optim.Adam(params, lr=0.01)
    loss_fn = torch.nn.CrossEntropyLoss(weight=weight)
    detector.pre_.train()
    detector.post_.train()
    mask = torch.arange(0, N_ACCOUNTS, 2)

    def step(lap, x, target):
        opt.zero_grad()
        logits = detector._forward(lap, x)
        loss = loss_fn(logits[mask], target[mask])
        loss.backward()
        opt.step()
        return loss

    return step, [(lap, x, labels)]


def bwgnn_scores():
    """What `_forward_scores` computes on a graph's Laplacian: anomaly probabilities under no_grad."""
    torch, detector, lap, x, _ = _bwgnn(order=1)
    detector.pre_.eval()
    detector.post_.eval()

    def scores(lap, x):
        with torch.no_grad():
            return torch.softmax(detector._forward(lap, x), dim=1)[:, 1]

    return scores, [(lap.to_dense(), x)]


PACKAGES: Tuple[Package, ...] = (
    Package("mmlmgn==0.1.2", "mmlmgn", {
        "forward": mmlmgn_forward,
        "train_step": mmlmgn_train_step,
        "test": mmlmgn_test,
        "cl_hgcn_contrastive": cl_hgcn_contrastive},
        roots=("mmlmgn.trainer:test", "mmlmgn.utils:get_L2reg"),
        dependencies=(*SKLEARN, "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
    Package("stDCL==1.0.1", "stDCL", {
        "encoder_forward": stdcl_encoder_forward,
        "train_step": stdcl_train_step},
        roots=("stDCL.stDCL:stDCL.cross_correlation", "stDCL.stDCL:stDCL.correlation_reduction_loss",
               "stDCL.stDCL:stDCL.off_diagonal"),
        dependencies=(*SKLEARN, "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6",
                      "tqdm==4.67.1")),
    Package("graphids==0.1.0", "graphids", {
        "forward_eval": graphids_forward_eval,
        "forward_train": graphids_forward_train,
        "gcn_stage": graphids_gcn_stage,
        "autoencoder_stage": graphids_autoencoder_stage,
        "classifier_stage": graphids_classifier_stage,
        "symmetric_norm": graphids_symmetric_norm},
        roots=("graphids.graph:symmetric_norm", "graphids.graph:add_self_loops",
               "graphids.contrastive:Classifier.loss", "graphids.transformer:TransformerAutoencoder.loss"),
        dependencies=SKLEARN),
    Package("graphspot==0.1.0", "graphspot", {
        "bwgnn_forward": bwgnn_forward,
        "bwgnn_dense_laplacian_forward": bwgnn_dense_laplacian_forward,
        "bwgnn_train_step": bwgnn_train_step,
        "bwgnn_scores": bwgnn_scores},
        roots=("graphspot.detectors.bwgnn:BWGNN._forward", "graphspot.detectors.bwgnn:BWGNN._filter_bank"),
        dependencies=(*SKLEARN, "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
