"""Held-out group 86 of the evaluation: graph learning in the style of torch_geometric without it, away from node-level
message passing (groups 77, 82): knowledge-graph embeddings with negative sampling (uncertain-KG scorers over
DistMult / ComplEx / RotatE / TransE, box embeddings with Gumbel intersections, a relational graph attention encoder
over a sparse adjacency, a few-shot matcher with neighbour attention and an LSTM set encoder; PyTorch-BigGraph's
multi-relation embedder with its operators, comparators and batched / uniform negative sampling), and a
force-directed graph embedding (spring and edge-crossing forces over kNN midpoints), from packages no rule was tuned
on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout86_targets.py \
        --site benchmarks/eval/.packages-heldout86 --suffix heldout86 --jobs 1

Uncertain KG embeddings (openukge): UKGE, UKGE-PSL, PASSLEAF (DistMult, ComplEx, RotatE), FocusE, GTransE, UKGsE
(LSTM scorer) forwards and their training steps as the package's trainers run them (positive and negative triples
scored, the package's loss, regularisation, backward, optimizer step); BEUrRE box embeddings through its loss (which
calls the model); UPGAT's graph-attention encoder (`forward_enc_dec` over the triple adjacency); GMUC's few-shot
matcher on support / query / false triples with neighbour connections; tail-ranking for link prediction
(`get_tail_score`, what the evaluators call). PyTorch-BigGraph (torchbiggraph): `MultiRelationEmbedder` made by
`make_model` from a config (translation + L2, complex-diagonal + dot, affine dynamic relations + cos, biased
comparator, all-negatives relations), forwards and the `Trainer.process_one_batch` training step. Force-directed
embedding (graphem-rapids): a layout step (`update_positions`) and its spring / kNN / intersection force functions.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): tgm-lib, py-tgb, uhg,
graphtoolbox, genki, cellvgae, torch_hyperbolic, opengsl, twigi (torch_geometric / torch_sparse / dgl / pykeen
required or imported); ptgnn (torch_scatter); cogdl, DeltaKG (transformers); dicee (lightning, polars at import);
librecommender, tglite, gae-delta (compiled extensions); benchtemp, dgb (data loaders only, no models); hopwise (a
RecBole fork, group 65 has RecBole); recbox, openke (TensorFlow). Stand-ins, outside anything compiled: h5py
(PyTorch-BigGraph's checkpoint and graph storages), plotly, ndlib and pandas (graphem-rapids' plotting, influence
and dataset modules, imported by its package).
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


# ------------------------------------------------------------------------------------------------------- openukge
NUM_ENT, NUM_REL, DIM = 40, 6, 16


def _triples(torch, n=12):
    heads = torch.randint(0, NUM_ENT, (n,))
    rels = torch.randint(0, NUM_REL, (n,))
    tails = torch.randint(0, NUM_ENT, (n,))
    return torch.stack((heads, rels, tails), dim=1)


def _negatives(torch, positive, ratio=2):
    """Corrupted tails, as the package's sampler makes them."""
    negative = positive.repeat(ratio, 1)
    negative[:, 2] = torch.randint(0, NUM_ENT, (negative.shape[0],))
    return negative


def _ukg_train_step(model, loss_fn, torch, regularize=True):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(pos_sample, neg_sample, pro):
        optimizer.zero_grad()
        pos_score = model(pos_sample)
        neg_score = model(neg_sample)
        loss = loss_fn(pos_score, neg_score, pro)
        if regularize:
            loss = loss + model.regularization(pos_sample)
        loss.backward()
        optimizer.step()
        return loss

    pos = _triples(torch)
    return step, [(pos, _negatives(torch, pos), torch.rand(pos.shape[0]))]


def ukge_forward():
    torch = _seed()
    from openukge.models import UKGE

    return UKGE(NUM_ENT, NUM_REL, DIM).eval(), [(_triples(torch),)]


def ukge_train_step():
    torch = _seed()
    from openukge.loss import UKGELoss
    from openukge.models import UKGE

    return _ukg_train_step(UKGE(NUM_ENT, NUM_REL, DIM).train(), UKGELoss(), torch)


def ukge_psl_train_step():
    torch = _seed()
    from openukge.loss import UKGEPSLLoss
    from openukge.models import UKGEPSL

    model = UKGEPSL(NUM_ENT, NUM_REL, DIM, reg_scale=0.005).train()
    loss_fn = UKGEPSLLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(pos_sample, neg_sample, pro, psl_sample, psl_pro):
        optimizer.zero_grad()
        loss = loss_fn(model(pos_sample), model(neg_sample), pro, model(psl_sample), psl_pro)
        loss = loss + model.regularization(pos_sample)
        loss.backward()
        optimizer.step()
        return loss

    pos = _triples(torch)
    return step, [(pos, _negatives(torch, pos), torch.rand(12), _triples(torch, 6), torch.rand(6))]


def _passleaf(score_function):
    from openukge.models import PASSLEAF

    return PASSLEAF(NUM_ENT, NUM_REL, DIM, reg_scale=0.005, margin=6.0, score_function=score_function)


def passleaf_distmult():
    torch = _seed()
    return _passleaf("DistMult").eval(), [(_triples(torch),)]


def passleaf_complex():
    torch = _seed()
    return _passleaf("ComplEx").eval(), [(_triples(torch),)]


def passleaf_rotate_train_step():
    """PASSLEAF's semi-supervised step: positive and pseudo-labelled triples."""
    torch = _seed()
    from openukge.loss import PASSLEAFLoss

    model = _passleaf("RotatE").train()
    loss_fn = PASSLEAFLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(pos_sample, pro, semi_sample, semi_pro):
        optimizer.zero_grad()
        loss = loss_fn(model(pos_sample), model(semi_sample), pro, semi_pro) + model.regularization(pos_sample)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(_triples(torch), torch.rand(12), _triples(torch, 8), torch.rand(8))]


def focuse_train_step():
    torch = _seed()
    from openukge.loss import FocusELoss
    from openukge.models import FocusE

    model = FocusE(NUM_ENT, NUM_REL, DIM, base_model="DistMult", margin=6.0, reg_scale1=0.005,
                   reg_scale2=0.005).train()
    loss_fn = FocusELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(pos_sample, neg_sample, pro):
        optimizer.zero_grad()
        pos_score = model.forward_weighted(pos_sample, pro)
        neg_score = model.forward_weighted(neg_sample, pro, pro_expand=pro.view(-1, 1).expand(-1, 2))
        loss = loss_fn(pos_score, neg_score) + model.regularization(pos_sample)
        loss.backward()
        optimizer.step()
        return loss

    pos = _triples(torch)
    return step, [(pos, _negatives(torch, pos), torch.rand(12))]


def gtranse_train_step():
    torch = _seed()
    from openukge.loss import GtransELoss
    from openukge.models import GtransE

    model = GtransE(NUM_ENT, NUM_REL, DIM, margin=2.0, reg_scale=0.005).train()
    return _ukg_train_step(model, GtransELoss(alpha=0.5, margin=2.0), torch, regularize=False)


def ukgse_train_step():
    torch = _seed()
    from openukge.loss import UKGsELoss
    from openukge.models import UKGsE

    model = UKGsE(num_ent=NUM_ENT, num_rel=NUM_REL, emb_dim=DIM, reg_scale=0.005).train()
    return _ukg_train_step(model, UKGsELoss(), torch, regularize=False)


def beurre_train_step():
    """BEUrRE's trainer hands the model to its loss, which scores both sides of the batch."""
    torch = _seed()
    from openukge.loss import BEUrRELoss
    from openukge.models import BEUrRE

    model = BEUrRE(NUM_ENT, NUM_REL, DIM, gumbel_beta=0.01).train()
    loss_fn = BEUrRELoss(regularization={"delta": 0.01, "min": 0.01, "rel_trans": 0.01, "rel_scale": 0.01})
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(pos_sample, neg_sample, pro):
        optimizer.zero_grad()
        loss = loss_fn(pos_sample, neg_sample, pro, model, "cpu")
        loss.backward()
        optimizer.step()
        return loss

    pos = _triples(torch)
    return step, [(pos, _negatives(torch, pos), torch.rand(12))]


def beurre_tail_ranking():
    torch = _seed()
    from openukge.models import BEUrRE

    model = BEUrRE(NUM_ENT, NUM_REL, DIM, gumbel_beta=0.01).eval()
    return model.get_tail_score, [(torch.tensor([3]), torch.tensor([1]))]


def _adjacency(torch, n=30):
    train = _triples(torch, n)
    return torch.stack((train[:, 0], train[:, 2])), train[:, 1]


def upgat_encoder_train_step():
    torch = _seed()
    from openukge.loss import UPGATLoss
    from openukge.models import UPGAT

    model = UPGAT(NUM_ENT, NUM_REL, DIM, reg_scale=0.005).train()
    loss_fn = UPGATLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(pos_sample, neg_sample, pro, adj_matrix):
        optimizer.zero_grad()
        pos_score = model.forward_enc_dec(pos_sample, adj_matrix, device="cpu")
        neg_score = model.forward_enc_dec(neg_sample, adj_matrix, device="cpu")
        loss = loss_fn(pos_score, neg_score, pro)
        loss.backward()
        optimizer.step()
        return loss

    pos = _triples(torch)
    return step, [(pos, _negatives(torch, pos), torch.rand(12), _adjacency(torch))]


def upgat_forward():
    torch = _seed()
    from openukge.models import UPGAT

    return UPGAT(NUM_ENT, NUM_REL, DIM, reg_scale=0.005).eval(), [(_triples(torch),)]


def _connections(torch, batch, neighbors=5):
    rel = torch.randint(0, NUM_REL, (batch, neighbors, 1)).float()
    ent = torch.randint(0, NUM_ENT, (batch, neighbors, 1)).float()
    return torch.cat((rel, ent, torch.rand(batch, neighbors, 1)), dim=-1)


def _meta(torch, batch):
    degree = torch.full((batch,), 5.0)
    return (_connections(torch, batch), degree, _connections(torch, batch), degree)


def gmuc_train_step():
    torch = _seed()
    from openukge.loss import GMUCLoss
    from openukge.models import GMUC

    model = GMUC(NUM_ENT + NUM_REL, DIM, dropout=0.1, process_steps=2).train()
    loss_fn = GMUCLoss(num_neg=1, mae_weight=1.0, margin=5.0, if_conf=True, rank_weight=1.0, ae_weight=0.0001)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(support, support_meta, query, query_meta, false, false_meta):
        optimizer.zero_grad()
        (query_scores, query_scores_var, query_ae_loss, false_scores, _, _,
         query_confidence) = model(support, support_meta, query, query_meta, false, false_meta)
        loss = loss_fn(query_scores, query_scores_var, query_ae_loss, false_scores, query_confidence)
        loss.backward()
        optimizer.step()
        return loss

    def pairs(n):
        return torch.cat((torch.randint(0, NUM_ENT, (n, 2)).float(), torch.rand(n, 1)), dim=1)

    return step, [(pairs(3), _meta(torch, 3), pairs(6), _meta(torch, 6), pairs(6), _meta(torch, 6))]


# ---------------------------------------------------------------------------------------------------- torchbiggraph
def _pbg():
    targets.stand_in("h5py")
    import torchbiggraph

    return torchbiggraph


def _pbg_model(operator="translation", comparator="l2", bias=False, all_negs=False, dynamic=False,
               num_batch_negs=4, num_uniform_negs=8, loss_fn="ranking"):
    """A model as `make_model` builds it from a config, embeddings set as training initialises them."""
    _pbg()
    torch = _seed()
    from torchbiggraph.config import parse_config
    from torchbiggraph.model import make_model

    config = parse_config({
        "entity_path": "/nonexistent", "edge_paths": [], "checkpoint_path": "/nonexistent",
        "entities": {"node": {"num_partitions": 1}},
        "relations": [{"name": "r", "lhs": "node", "rhs": "node", "operator": operator, "all_negs": all_negs}],
        "dimension": DIM, "comparator": comparator, "bias": bias, "batch_size": 8,
        "num_batch_negs": num_batch_negs, "num_uniform_negs": num_uniform_negs, "loss_fn": loss_fn,
    })
    if dynamic:
        from torchbiggraph import model as pbg_model

        relation = config.relations[0]
        lhs = [pbg_model.instantiate_operator(relation.operator, pbg_model.Side.LHS, NUM_REL, DIM)]
        rhs = [pbg_model.instantiate_operator(relation.operator, pbg_model.Side.RHS, NUM_REL, DIM)]
        model = pbg_model.MultiRelationEmbedder(
            DIM, config.relations, config.entities, num_batch_negs, num_uniform_negs, False, False, lhs, rhs,
            pbg_model.COMPARATORS.get_class(comparator)(), num_dynamic_rels=NUM_REL)
    else:
        model = make_model(config)
    from torchbiggraph.types import Side

    weights = torch.nn.Parameter(torch.randn(NUM_ENT, DIM) * 0.1)
    model.set_embeddings("node", weights, Side.LHS)
    model.set_embeddings("node", weights, Side.RHS)
    return config, model


def _edges(torch, n=8, dynamic=False):
    from torchbiggraph.edgelist import EdgeList
    from torchbiggraph.entitylist import EntityList

    lhs = EntityList.from_tensor(torch.randint(0, NUM_ENT, (n,)))
    rhs = EntityList.from_tensor(torch.randint(0, NUM_ENT, (n,)))
    rel = torch.randint(0, NUM_REL, (n,)) if dynamic else torch.tensor(0, dtype=torch.long)
    return EdgeList(lhs, rhs, rel)


def pbg_transe_forward():
    _, model = _pbg_model("translation", "l2")
    torch = _seed()
    return model.train(), [(_edges(torch),)]


def pbg_complex_dot_forward():
    _, model = _pbg_model("complex_diagonal", "dot")
    torch = _seed()
    return model.train(), [(_edges(torch),)]


def pbg_biased_cos_all_negs():
    _, model = _pbg_model("diagonal", "cos", bias=True, all_negs=True)
    torch = _seed()
    return model.train(), [(_edges(torch),)]


def pbg_dynamic_affine():
    _, model = _pbg_model("affine", "cos", dynamic=True)
    torch = _seed()
    return model.train(), [(_edges(torch, dynamic=True),)]


def pbg_train_step():
    """PyTorch-BigGraph's own batch step: scores, lhs / rhs losses, relation weight, stats, backward."""
    config, model = _pbg_model("linear", "squared_l2", loss_fn="softmax")
    torch = _seed()
    from torchbiggraph.row_adagrad import RowAdagrad
    from torchbiggraph.train import Trainer
    from torchbiggraph.types import Side

    embeddings = model.get_embeddings("node", Side.LHS)
    relation_params = [p for p in model.parameters() if p is not embeddings]
    trainer = Trainer(torch.optim.Adagrad(relation_params, lr=0.1), config.loss_fn, config.margin, config.relations)
    trainer.entity_optimizers[("node", 0)] = RowAdagrad([embeddings], lr=0.1)
    return functools.partial(trainer.process_one_batch, model), [(_edges(torch),)]


# ---------------------------------------------------------------------------------------------------- graphem-rapids
def _embedder(n=40, **kwargs):
    targets.stand_in("plotly", "plotly.express", "plotly.graph_objects", "ndlib", "ndlib.models",
                     "ndlib.models.ModelConfig", "ndlib.models.epidemics", "pandas")
    torch = _seed()
    import numpy as np
    import scipy.sparse as sp
    from graphem_rapids import GraphEmbedderPyTorch

    rng = np.random.default_rng(0)
    rows = rng.integers(0, n, 3 * n)
    cols = (rows + rng.integers(1, n, 3 * n)) % n
    adjacency = sp.coo_matrix((np.ones(3 * n), (rows, cols)), shape=(n, n)).tocsr()
    adjacency = ((adjacency + adjacency.T) > 0).astype(np.float64)
    embedder = GraphEmbedderPyTorch(adjacency, n_components=2, device="cpu", n_neighbors=4, sample_size=16,
                                    verbose=False, seed=0, **kwargs)
    return torch, embedder


def graphem_layout_step():
    _, embedder = _embedder()
    return embedder.update_positions, [()]


def graphem_forces():
    torch, embedder = _embedder()

    def forces(positions, edges):
        spring = embedder._compute_spring_forces(positions, edges)
        midpoints = (positions[edges[:, 0]] + positions[edges[:, 1]]) / 2.0
        knn_indices, sampled = embedder._locate_knn_midpoints(midpoints, embedder.n_neighbors)
        return spring + embedder._compute_intersection_forces(positions, edges, knn_indices, sampled)

    return forces, [(embedder._positions.clone(), embedder.edges)]


def graphem_knn():
    torch, embedder = _embedder()
    points = torch.randn(30, 2)
    return embedder._compute_knn_torch, [(points[:10], points, 4, 16)]


PACKAGES: Tuple[Package, ...] = (
    Package("openukge==1.0.2", "openukge", {
        "ukge_forward": ukge_forward,
        "ukge_train_step": ukge_train_step,
        "ukge_psl_train_step": ukge_psl_train_step,
        "passleaf_distmult": passleaf_distmult,
        "passleaf_complex": passleaf_complex,
        "passleaf_rotate_train_step": passleaf_rotate_train_step,
        "focuse_train_step": focuse_train_step,
        "gtranse_train_step": gtranse_train_step,
        "ukgse_train_step": ukgse_train_step,
        "beurre_train_step": beurre_train_step,
        "beurre_tail_ranking": beurre_tail_ranking,
        "upgat_encoder_train_step": upgat_encoder_train_step,
        "upgat_forward": upgat_forward,
        "gmuc_train_step": gmuc_train_step},
        roots=("openukge.models.*:*.forward_enc_dec", "openukge.models.*:*.forward_weighted",
               "openukge.models.*:*.get_tail_score"),
        dependencies=("tqdm==4.67.1",)),
    Package("torchbiggraph==1.0.0", "torchbiggraph", {
        "transe_forward": pbg_transe_forward,
        "complex_dot_forward": pbg_complex_dot_forward,
        "biased_cos_all_negs": pbg_biased_cos_all_negs,
        "dynamic_affine": pbg_dynamic_affine,
        "train_step": pbg_train_step},
        roots=("torchbiggraph.train:Trainer.process_one_batch",),
        dependencies=("setuptools==75.8.0", "tqdm==4.67.1")),
    Package("graphem-rapids==0.2.1", "graphem_rapids", {
        "layout_step": graphem_layout_step,
        "forces": graphem_forces,
        "knn": graphem_knn},
        roots=("graphem_rapids.backends.embedder_pytorch:GraphEmbedderPyTorch.update_positions",
               "graphem_rapids.backends.embedder_pytorch:GraphEmbedderPyTorch._compute_spring_forces",
               "graphem_rapids.backends.embedder_pytorch:GraphEmbedderPyTorch._locate_knn_midpoints",
               "graphem_rapids.backends.embedder_pytorch:GraphEmbedderPyTorch._compute_intersection_forces",
               "graphem_rapids.backends.embedder_pytorch:GraphEmbedderPyTorch._compute_knn_torch")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
