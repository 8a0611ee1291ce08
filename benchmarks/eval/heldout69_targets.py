"""Held-out group 69 of the evaluation: graph neural networks written in the style of torch_geometric without it
(message passing over an edge index with typed edges and scatter-mean aggregation, graph down/up-sampling between
the levels of a dual octree, graph pooling to a shape code, sparse adjacency matrices stored on the modules and
multiplied in forward, edge-list message passing with scatter_add, dense-adjacency GCNs with a clustering head),
from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout69_targets.py \
        --site benchmarks/eval/.packages-heldout69 --suffix heldout69 --jobs 1

Dual octree graph networks (ognn): GraphOUNet (encoder / decoder over the dual octree graph, split logits, neural MPU
signals at query points) in evaluation, a training step with ognn's own ShapeNet loss (octree split loss, SDF
regression with gradients from `autograd.grad`; it fails in backward under compile) and one with the octree loss alone, and GraphAE (shape code by graph pooling).
Octree CNNs (ocnn, ognn's base library): ResNet and LeNet classifiers, SegNet and UNet segmentation with point
interpolation, HRNet, and the octree AutoEncoder and OUNet decoding with octree growth, as built (their default conv
method crashes dynamo: an `assert` on a tensor inside an autograd.Function) and with the convolutions switched to ocnn's
documented `explicit_gemm` method (ResNet, a SegNet training step, UNet, HRNet, AutoEncoder). Learned preconditioners
(matrixpfn): ResGCNs over a sparse CSC matrix stored on each layer (forward, and MatrixPFN's own training step that
rescales the matrix inside the compiled function), the edge-list MPNN variant, PolyMPNN's coefficients and the
polynomial preconditioner applied to a residual. Spatial transcriptomics (SpaGCN): the one-layer GCN with a
Student-t clustering head fitted with its own `fit` (k-means initialisation), its KL training step, `predict` on numpy
inputs, and the two-layer GC_DEC. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site
folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): every GNN distribution that
requires torch_geometric, torch_scatter, torch_sparse, torch_cluster or dgl (ptgnn, faenet, gtrick, rrgcn, laegr,
newtonnet, meshgraphnet, uhg, torch-hyperbolic, koopman-graph-evolver, learned-nbody-surrogate, ephris, etnn, tace,
magnet-nmr, graphtoolbox, torch-pdegraph, nodecoder, areafluforecast, gamenet-uq, seagan, pygcl, design-friendly,
gnn-trainer); cogdl (requires transformers); graphattention, sake-gnn, energnn, torsiontuner (JAX); aimnet
(warp-lang and NVIDIA kernels for its neighbour lists); phlower (pyvista and its own tensor package); pydentate (a
chemprop-style MPN, chemprop is group 9's); hypersynergy (one attention layer, nothing graph-shaped to trace).
Stand-ins, all outside anything compiled: torchvision (ocnn's Image2Shape only), matplotlib, scanpy, anndata, louvain
and statsmodels (SpaGCN's plotting and Louvain initialisation; the targets use its k-means initialisation), pyamg and
igraph (matrixpfn's classical preconditioners and generators).
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


# ------------------------------------------------------------------------------------------------- ocnn / ognn
def _ocnn():
    targets.stand_in("torchvision", "torchvision.models")


def _octree(torch, depth=4, full_depth=2, points=120, batch=2):
    """A batch of octrees built from random oriented points, as ocnn's datasets and collate functions build them."""
    import ocnn
    from ocnn.octree import Octree, Points

    octrees = []
    for _ in range(batch):
        xyz = torch.rand(points, 3) * 1.8 - 0.9
        normals = torch.nn.functional.normalize(torch.randn(points, 3), dim=1)
        octree = Octree(depth, full_depth)
        octree.build_octree(Points(xyz, normals))
        octrees.append(octree)
    octree = ocnn.octree.merge_octrees(octrees)
    octree.construct_all_neigh()
    return octree


def _query_points(torch, count=24, batch=2):
    """Query points with their batch index in the last column, as ocnn's segmentation and ognn's MPU take them."""
    xyz = torch.rand(count, 3) * 1.8 - 0.9
    batch_id = torch.arange(count) % batch
    return torch.cat([xyz, batch_id.unsqueeze(1).float()], dim=1)


def ocnn_resnet():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = ocnn.models.ResNet(4, 5, resblock_num=1, stages=2).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth)]


def ocnn_lenet_train_step():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = ocnn.models.LeNet(4, 5, stages=2).train()
    labels = torch.tensor([1, 3])

    def step(data, label):
        logits = model(data, octree, octree.depth)
        loss = torch.nn.functional.cross_entropy(logits, label)
        loss.backward()
        return loss

    return step, [(octree.get_input_feature("ND"), labels)]


def ocnn_segnet():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = ocnn.models.SegNet(4, 5, stages=2).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth, _query_points(torch))]


def ocnn_unet():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch, depth=5)  # four encoder stages down from the leaves
    model = ocnn.models.UNet(4, 5).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth, _query_points(torch))]


def ocnn_hrnet():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = ocnn.models.HRNet(4, 5, stages=2).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth)]


def ocnn_autoencoder():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = ocnn.models.AutoEncoder(4, 2, depth=octree.depth, full_depth=octree.full_depth).eval()
    return model, [(octree, False), (octree, True)]


def ocnn_ounet():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = ocnn.models.OUNet(4, 2, depth=octree.depth, full_depth=octree.full_depth).eval()
    return model, [(octree, _octree(torch), False)]


def _explicit_gemm(model):
    """Switch every octree (de)convolution to ocnn's documented `explicit_gemm` method: the default (`triton`, falling
    back to `block_gemm` on CPU) runs an autograd.Function whose shape `assert` dynamo cannot trace, so compiling an ocnn
    model as built fails; a user who wants it compiled picks the im2col path."""
    import ocnn

    for module in model.modules():
        if isinstance(module, (ocnn.nn.OctreeConv, ocnn.nn.OctreeDeconv)):
            module.method = "explicit_gemm"
    return model


def ocnn_resnet_explicit():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = _explicit_gemm(ocnn.models.ResNet(4, 5, resblock_num=1, stages=2)).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth)]


def ocnn_segnet_explicit_train_step():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = _explicit_gemm(ocnn.models.SegNet(4, 5, stages=2)).train()
    query = _query_points(torch)
    labels = torch.randint(0, 5, (query.shape[0],))

    def step(data, query, labels):
        logits = model(data, octree, octree.depth, query)
        loss = torch.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        return loss

    return step, [(octree.get_input_feature("ND"), query, labels)]


def ocnn_unet_explicit():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch, depth=5)
    model = _explicit_gemm(ocnn.models.UNet(4, 5)).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth, _query_points(torch))]


def ocnn_hrnet_explicit():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = _explicit_gemm(ocnn.models.HRNet(4, 5, stages=2)).eval()
    return model, [(octree.get_input_feature("ND"), octree, octree.depth)]


def ocnn_autoencoder_explicit():
    torch = _seed()
    _ocnn()
    import ocnn

    octree = _octree(torch)
    model = _explicit_gemm(ocnn.models.AutoEncoder(4, 2, depth=octree.depth, full_depth=octree.full_depth)).eval()
    return model, [(octree, False), (octree, True)]


def _dual(torch, depth=5):
    import ognn

    return ognn.OctreeD(_octree(torch, depth=depth))


def ognn_ounet():
    torch = _seed()
    _ocnn()
    import ognn

    model = ognn.GraphOUNet(3).eval()
    return model, [(_dual(torch), _dual(torch), _query_points(torch))]


def ognn_ounet_train_step():
    torch = _seed()
    _ocnn()
    import ognn

    model = ognn.GraphOUNet(3).train()
    octree_in, octree_out = _dual(torch), _dual(torch)
    pos = _query_points(torch).requires_grad_()
    batch = {"pos": pos, "sdf": torch.randn(pos.shape[0]) * 0.1,
             "grad": torch.nn.functional.normalize(torch.randn(pos.shape[0], 3), dim=1)}

    def step(octree_in, octree_out, batch):
        output = model(octree_in, octree_out, batch["pos"])
        losses = ognn.loss.shapenet_loss(batch, output, reg_loss_type="sdf_reg_loss")
        loss = sum(value for key, value in losses.items() if "loss" in key)
        loss.backward()
        return loss

    return step, [(octree_in, octree_out, batch)]


def ognn_ounet_octree_loss_step():
    torch = _seed()
    _ocnn()
    import ognn

    model = ognn.GraphOUNet(3).train()

    def step(octree_in, octree_out):
        output = model(octree_in, octree_out)
        losses = ognn.loss.compute_octree_loss(output["logits"], output["octree_out"])
        loss = sum(value for key, value in losses.items() if "loss" in key)
        loss.backward()
        return loss

    return step, [(_dual(torch), _dual(torch))]


def ognn_ae():
    torch = _seed()
    _ocnn()
    import ognn

    model = ognn.GraphAE(3).eval()
    return model, [(_dual(torch), _dual(torch), _query_points(torch))]


# ------------------------------------------------------------------------------------------------------ matrixpfn
def _matrixpfn():
    targets.stand_in("pyamg", "pyamg.blackbox", "pyamg.classical", "igraph", "huggingface_hub")


def _laplacian(torch, side=5):
    """A 2-D five-point Laplacian as a sparse CSC matrix, the kind of system matrixpfn preconditions."""
    n = side * side
    rows, cols, values = [], [], []
    for i in range(side):
        for j in range(side):
            k = i * side + j
            rows.append(k), cols.append(k), values.append(4.0 + 0.1 * (k % 3))
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= i + di < side and 0 <= j + dj < side:
                    rows.append(k), cols.append((i + di) * side + j + dj), values.append(-1.0)
    indices = torch.tensor([rows, cols])
    return torch.sparse_coo_tensor(indices, torch.tensor(values, dtype=torch.float64), (n, n)).coalesce().to_sparse_csc()


def _pfn(torch, net_class, **kwargs):
    from matrixpfn.precond import MatrixPFN

    net = net_class(num_layers=2, embed=8, hidden=16, drop_rate=0.0, **kwargs)
    pfn = MatrixPFN(net, torch.device("cpu"))
    A = _laplacian(torch)
    pfn.prepare_for_solve(A, num_context_pairs=3)
    return pfn, A


def matrixpfn_context_resgcn():
    torch = _seed()
    _matrixpfn()
    from matrixpfn.nn import ContextResGCN

    pfn, A = _pfn(torch, ContextResGCN, num_context_pairs=3)
    pfn.net.eval()
    return pfn.net, [(torch.randn(A.shape[0], 2), pfn.diag_A, pfn.context_pairs)]


def matrixpfn_mpnn():
    torch = _seed()
    _matrixpfn()
    from matrixpfn.nn import ContextResMPNN

    pfn, A = _pfn(torch, ContextResMPNN, num_context_pairs=3)
    pfn.net.eval()
    return pfn.net, [(torch.randn(A.shape[0], 2), pfn.diag_A, pfn.context_pairs)]


def matrixpfn_train_step():
    torch = _seed()
    _matrixpfn()
    from matrixpfn.nn import BaselineResGCN

    pfn, A = _pfn(torch, BaselineResGCN)
    pfn.net.train()

    def step(A, diag_A, context_pairs):
        loss = pfn._train_step(A, diag_A, context_pairs, 2)
        loss.backward()
        return loss

    return step, [(A, pfn.diag_A, pfn.context_pairs)]


def matrixpfn_apply():
    torch = _seed()
    _matrixpfn()
    from matrixpfn.nn import ContextResGCN

    pfn, A = _pfn(torch, ContextResGCN, num_context_pairs=3)
    return pfn.apply, [(torch.randn(A.shape[0], dtype=torch.float64),)]


def matrixpfn_polynomial():
    torch = _seed()
    _matrixpfn()
    from matrixpfn.nn import PolyMPNN
    from matrixpfn.precond import PolynomialPreconditioner

    net = PolyMPNN(num_layers=2, embed=8, hidden=16, poly_degree=3)
    precond = PolynomialPreconditioner(net, torch.device("cpu"))
    A = _laplacian(torch)
    precond.set_matrix(A)
    net.eval()

    def coefficients_and_apply(r):
        return net(), precond.apply(r)

    return coefficients_and_apply, [(torch.randn(A.shape[0], dtype=torch.float64),)]


# ------------------------------------------------------------------------------------------------------- SpaGCN
def _spagcn():
    targets.stand_in("matplotlib", "matplotlib.colors", "matplotlib.pyplot", "scanpy", "anndata", "louvain",
                     "statsmodels", "statsmodels.api")


def _spots(torch, spots=30, genes=12):
    """Expression of spots (PCA-like features) and the Gaussian adjacency SpaGCN builds from their positions."""
    import numpy as np

    rng = np.random.default_rng(0)
    xy = rng.random((spots, 2)).astype(np.float32) * 10
    distance = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1)
    adj = np.exp(-distance / (2 * 2.0 ** 2)).astype(np.float32)
    return rng.standard_normal((spots, genes)).astype(np.float32), adj


def _fitted_simple(torch):
    from SpaGCN.models import simple_GC_DEC

    X, adj = _spots(torch)
    model = simple_GC_DEC(X.shape[1], X.shape[1])
    model.fit(X, adj, max_epochs=2, init="kmeans", n_clusters=3)
    return model, X, adj


def spagcn_forward():
    torch = _seed()
    _spagcn()
    model, X, adj = _fitted_simple(torch)
    return model.eval(), [(torch.as_tensor(X), torch.as_tensor(adj))]


def spagcn_train_step():
    torch = _seed()
    _spagcn()
    model, X, adj = _fitted_simple(torch)
    model.train()

    def step(X, adj):
        _, q = model(X, adj)
        p = model.target_distribution(q).data
        loss = model.loss_function(p, q)
        loss.backward()
        return loss

    return step, [(torch.as_tensor(X), torch.as_tensor(adj))]


def spagcn_predict():
    torch = _seed()
    _spagcn()
    model, X, adj = _fitted_simple(torch)
    return model.predict, [(X, adj)]


def spagcn_gc_dec():
    torch = _seed()
    _spagcn()
    from SpaGCN.models import GC_DEC

    X, adj = _spots(torch)
    model = GC_DEC(X.shape[1], 8, 4, n_clusters=3)
    model.fit(X, adj, max_epochs=2, update_interval=1, init="kmeans")
    return model, [(torch.as_tensor(X), torch.as_tensor(adj))]


PACKAGES: Tuple[Package, ...] = (
    Package("ognn==1.1.2", "ognn", {
        "ounet": ognn_ounet,
        "ounet_train_step": ognn_ounet_train_step,
        "ounet_octree_loss_step": ognn_ounet_octree_loss_step,
        "ae": ognn_ae},
        roots=("ognn.loss:shapenet_loss", "ognn.loss:compute_*", "ognn.loss:sdf_*"),
        dependencies=("ocnn==2.3.3", "easydict==1.13")),
    Package("ocnn==2.3.3", "ocnn", {
        "resnet": ocnn_resnet,
        "lenet_train_step": ocnn_lenet_train_step,
        "segnet": ocnn_segnet,
        "unet": ocnn_unet,
        "hrnet": ocnn_hrnet,
        "autoencoder": ocnn_autoencoder,
        "ounet": ocnn_ounet,
        "resnet_explicit": ocnn_resnet_explicit,
        "segnet_explicit_train_step": ocnn_segnet_explicit_train_step,
        "unet_explicit": ocnn_unet_explicit,
        "hrnet_explicit": ocnn_hrnet_explicit,
        "autoencoder_explicit": ocnn_autoencoder_explicit}),
    Package("matrixpfn==0.2.0", "matrixpfn", {
        "context_resgcn": matrixpfn_context_resgcn,
        "mpnn": matrixpfn_mpnn,
        "train_step": matrixpfn_train_step,
        "apply": matrixpfn_apply,
        "polynomial": matrixpfn_polynomial},
        roots=("matrixpfn.precond.matrix_pfn:MatrixPFN._train_step", "matrixpfn.precond.matrix_pfn:MatrixPFN.apply",
               "matrixpfn.precond.polynomial:PolynomialPreconditioner.apply"),
        dependencies=("tqdm==4.70.1",)),
    Package("SpaGCN==1.2.7", "SpaGCN", {
        "forward": spagcn_forward,
        "train_step": spagcn_train_step,
        "predict": spagcn_predict,
        "gc_dec": spagcn_gc_dec},
        roots=("SpaGCN.models:*.predict", "SpaGCN.models:*.loss_function", "SpaGCN.models:*.target_distribution"),
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0",
                      "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6",
                      "numba==0.68.1", "llvmlite==0.50.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
