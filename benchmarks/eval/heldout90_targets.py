"""Held-out group 90 of the evaluation: graph learning in the style of torch_geometric without it, in corners no
group covered (77: message passing and pooling, 82: point clouds and molecular GNNs, 86: knowledge-graph embeddings):
graph structure learning (a GNN's adjacency replaced by a thresholded node-similarity graph, dense and sparse CSR
propagation, edge-wise sparse attention with a custom autograd function, multi-view inference), hypergraph
contrastive learning (hypergraph convolutions over kNN / k-means incidence matrices, a GRACE-style two-view loss),
dual graph contrastive learning (feature-perturbed views, a cluster readout, cross-view correlation reduction), and a
GCN + Transformer autoencoder + supervised contrastive classifier, from packages no rule was tuned on, measured before
any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout90_targets.py \
        --site benchmarks/eval/.packages-heldout90 --suffix heldout90 --jobs 1

Graph-augmented GNNs (gnn-augment): GCN / GraphSAGE / GIN / GAT over the propagation matrix of a graph-gravity,
Katz or rooted-PageRank augmented adjacency, each trained as `GNNClassifier._train_on` steps (masked cross-entropy,
backward, Adam), dense and sparse (`to_torch_sparse` CSR, `torch.sparse.mm`; GAT's segment softmax and
`_SparseAttnMM`), and `GNNClassifier._predict_probs` averaging several views. Hypergraph contrastive learning
(mmlmgn): MMLMGN's forward and its `train_epoch_MDA` step (the package's `Myloss` over known / unknown associations,
`get_L2reg`, the two CL_HGCN contrastive losses), the `test` helper, and a CL_HGCN on its own. Dual graph contrastive
learning (stDCL): its Encoder and the `stDCL.train` step (reconstruction, cross-view correlation and cluster
correlation-reduction losses computed by the trainer's methods). Graph intrusion detection (graphids): `GraphIDS`
forwards, the three stage steps of `train_pipeline` (GCN with a proxy head, Transformer autoencoder with its KL loss,
supervised contrastive classifier), and `symmetric_norm` over an adjacency with isolated nodes.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): basicts (transformers
required), hypertorch, garfield, stgcl, rrgcn, gnnad, areafluforecast, graph-wavelet-encoder, pvplr-stgnn, graphstam,
graphcvae (torch_geometric / torch_sparse required or imported); gslb, spagra (dgl); schyper, spectralembeddings
(TensorFlow); dhg (group 13). Stand-ins, outside anything compiled: scanpy and ot (stDCL's preprocessing module, which
its trainer module star-imports).
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


# --------------------------------------------------------------------------------------------------- gnn-augment
N_NODES, N_FEATURES, N_CLASSES = 24, 10, 3


def _graph(seed=0):
    """A small random undirected graph as the package takes it: a dense 0/1 adjacency."""
    import numpy as np

    rng = np.random.default_rng(seed)
    A = (rng.random((N_NODES, N_NODES)) < 0.15).astype(np.float64)
    A = np.triu(A, 1)
    return A + A.T


def _propagation(model, kind="gravity", sparse=False):
    """The classifier's `_propagation`: an augmented adjacency made into the model's propagation matrix, on torch."""
    import numpy as np
    from gnn_augment.classifier import GNNClassifier

    clf = GNNClassifier(model=model, representative=kind, device="cpu", sparse=sparse)
    A = _graph()
    if sparse:
        from scipy.sparse import csr_matrix

        A = csr_matrix(A)
    P = clf._propagation(A, kind, "auto")
    if not hasattr(P, "tocoo"):
        P = np.asarray(P, dtype=np.float32)
    return clf, GNNClassifier._to_device(P, "cpu")


def _gnn(model, **kwargs):
    from gnn_augment.models import MODELS

    return MODELS[model](N_FEATURES, N_CLASSES, **kwargs)


def _gnn_train_step(net, torch):
    """One non-batched epoch of `GNNClassifier._train_on`."""
    opt = torch.optim.Adam(net.parameters(), lr=0.01, weight_decay=5e-4)

    def step(P, Xt, yt, tr):
        net.train()
        opt.zero_grad()
        out = net(P, Xt, training=True)
        loss = torch.nn.functional.cross_entropy(out[tr], yt[tr])
        loss.backward()
        opt.step()
        return loss

    return step


def _node_data(torch):
    X = torch.randn(N_NODES, N_FEATURES)
    y = torch.randint(0, N_CLASSES, (N_NODES,))
    train_mask = torch.zeros(N_NODES, dtype=torch.bool)
    train_mask[:12] = True
    return X, y, train_mask


def gcn_gravity_train_step():
    _, P = _propagation("gcn", "gravity")
    torch = _seed()
    X, y, tr = _node_data(torch)
    return _gnn_train_step(_gnn("gcn", hidden=16), torch), [(P, X, y, tr)]


def sage_katz_forward():
    _, P = _propagation("sage", "katz")
    torch = _seed()
    X, _, _ = _node_data(torch)
    return _gnn("sage", hidden=16, n_layers=3).eval(), [(P, X)]


def gin_rpr_weighted_batchnorm_train_step():
    _, P = _propagation("gin", "rpr")
    torch = _seed()
    X, y, tr = _node_data(torch)
    net = _gnn("gin", hidden=16, n_layers=3, weighted_features=True, batch_norm=True)
    return _gnn_train_step(net, torch), [(P, X, y, tr)]


def gat_dense_train_step():
    _, P = _propagation("gat", "gravity")
    torch = _seed()
    X, y, tr = _node_data(torch)
    return _gnn_train_step(_gnn("gat", hidden=8, heads=2), torch), [(P, X, y, tr)]


def gcn_sparse_forward():
    _, P = _propagation("gcn", "gravity", sparse=True)
    torch = _seed()
    X, _, _ = _node_data(torch)
    return _gnn("gcn", hidden=16).eval(), [(P, X)]


def gat_sparse_train_step():
    _, P = _propagation("gat", "gravity", sparse=True)
    torch = _seed()
    X, y, tr = _node_data(torch)
    return _gnn_train_step(_gnn("gat", hidden=8, heads=2), torch), [(P, X, y, tr)]


def multi_view_predict():
    """Inference averaged over the views a multi-view classifier trained on."""
    from gnn_augment.classifier import GNNClassifier

    _, P_gravity = _propagation("sage", "gravity")
    _, P_katz = _propagation("sage", "katz")
    torch = _seed()
    X, _, _ = _node_data(torch)
    net = _gnn("sage", hidden=16).eval()
    return GNNClassifier._predict_probs, [(net, [P_gravity, P_katz], X, "all")]


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


PACKAGES: Tuple[Package, ...] = (
    Package("gnn-augment==0.7.0", "gnn_augment", {
        "gcn_gravity_train_step": gcn_gravity_train_step,
        "sage_katz_forward": sage_katz_forward,
        "gin_rpr_weighted_batchnorm_train_step": gin_rpr_weighted_batchnorm_train_step,
        "gat_dense_train_step": gat_dense_train_step,
        "gcn_sparse_forward": gcn_sparse_forward,
        "gat_sparse_train_step": gat_sparse_train_step,
        "multi_view_predict": multi_view_predict},
        roots=("gnn_augment.classifier:GNNClassifier._predict_probs",),
        dependencies=SKLEARN),
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
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
