"""Held-out group 5 of the evaluation: vision backbones, point clouds, graphs and recommenders no rule was tuned on,
measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout5_targets.py \
        --site benchmarks/eval/.packages-heldout5 --suffix heldout5

In the style of vision-backbone, detection and graph libraries: shifted-window attention with relative position
tables and cyclic shifts (swin-transformer-pytorch), k-nearest-neighbour attention over point clouds
(point-transformer-pytorch), E(n)-equivariant attention over sparse neighbours and adjacency degrees (En-transformer),
a YOLOX detector with anchor-free box decoding over output grids (cjm-yolox-pytorch), knowledge-graph embedding models
with margin scores, parameter renormalisation and link-prediction ranking (torchkge), recommender models over
embedding tables: feature interactions, target attention over behaviour sequences, mixtures of experts and
multi-interest capsules (torch-rechub), and tabular deep learning over typed column frames (pytorch-frame). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its
own site folder, its own dynamo cache. Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    # torch-rechub and pytorch-frame import pandas (and rechub scikit-learn) at module level
    "tqdm==4.70.1",
    "pandas==3.1.1",
    "python-dateutil==4.0.0",
    "pytz==2026.6",
    "tzdata==2026.6",
    "six==1.17.0",
    "scikit-learn==1.9.1",
    "joblib==1.6.0",
    "threadpoolctl==3.8.0",
    "narwhals==2.29.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------- swin-transformer-pytorch
def swin_shifted_windows():
    torch = _seed()
    from swin_transformer_pytorch import SwinTransformer

    model = SwinTransformer(hidden_dim=8, layers=(2, 2, 2, 2), heads=(1, 1, 2, 2), head_dim=4, window_size=2,
                            num_classes=5).eval()
    return model, [(torch.randn(1, 3, 64, 64),)]


def swin_absolute_position_table():
    torch = _seed()
    from swin_transformer_pytorch import SwinTransformer

    model = SwinTransformer(hidden_dim=8, layers=(2, 2, 2, 2), heads=(1, 1, 2, 2), head_dim=4, window_size=2,
                            downscaling_factors=(2, 2, 2, 2), relative_pos_embedding=False, num_classes=3).train()
    return model, [(torch.randn(2, 3, 32, 32),)]


# -------------------------------------------------------------------------------------- point-transformer-pytorch
def point_knn_attention():
    torch = _seed()
    from point_transformer_pytorch import PointTransformerLayer

    layer = PointTransformerLayer(dim=8, pos_mlp_hidden_dim=8, attn_mlp_hidden_mult=2, num_neighbors=4).eval()
    mask = torch.ones(1, 12, dtype=torch.bool)
    mask[0, 9:] = False
    return layer, [(torch.randn(1, 12, 8), torch.randn(1, 12, 3))], {"mask": mask}


def point_multihead_knn():
    torch = _seed()
    from point_transformer_pytorch import MultiheadPointTransformerLayer

    layer = MultiheadPointTransformerLayer(dim=8, heads=2, dim_head=4, pos_mlp_hidden_dim=8, attn_mlp_hidden_mult=2,
                                           num_neighbors=4).eval()
    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[1, 7:] = False
    return layer, [(torch.randn(2, 10, 8), torch.randn(2, 10, 3))], {"mask": mask}


# ------------------------------------------------------------------------------------------------ En-transformer
def en_sparse_neighbours():
    torch = _seed()
    from en_transformer import EnTransformer

    model = EnTransformer(num_tokens=10, dim=8, depth=1, dim_head=32, heads=2, neighbors=3, num_adj_degrees=2,
                          adj_dim=4, only_sparse_neighbors=False, valid_neighbor_radius=5.0, rel_pos_emb=True).eval()
    seq = torch.randint(0, 10, (1, 8))
    index = torch.arange(7)
    adjacency = torch.zeros(1, 8, 8, dtype=torch.bool)
    adjacency[0, index, index + 1] = True
    adjacency[0, index + 1, index] = True
    return model, [(seq, torch.randn(1, 8, 3))], {"adj_mat": adjacency, "mask": torch.ones(1, 8, dtype=torch.bool)}


def en_edges_and_linear_attention():
    torch = _seed()
    from en_transformer import EnTransformer

    model = EnTransformer(dim=8, depth=1, dim_head=32, heads=2, num_edge_tokens=3, edge_dim=4, neighbors=4,
                          talking_heads=True, use_cross_product=True, num_global_linear_attn_heads=1).eval()
    edges = torch.randint(0, 3, (2, 8, 8))
    return model, [(torch.randn(2, 8, 8), torch.randn(2, 8, 3))], {"edges": edges}


def en_only_sparse_neighbours():
    torch = _seed()
    from en_transformer import EnTransformer

    model = EnTransformer(dim=8, depth=1, dim_head=32, heads=2, neighbors=0, only_sparse_neighbors=True,
                          num_adj_degrees=2, adj_dim=4).eval()
    index = torch.arange(9)
    adjacency = torch.zeros(10, 10, dtype=torch.bool)
    adjacency[index, index + 1] = True
    adjacency[index + 1, index] = True
    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[1, 8:] = False
    return model, [(torch.randn(2, 10, 8), torch.randn(2, 10, 3))], {"adj_mat": adjacency, "mask": mask}


# ---------------------------------------------------------------------------------------------- cjm-yolox-pytorch
def _yolox(torch, model_type):
    from cjm_yolox_pytorch.inference import YOLOXInferenceWrapper
    from cjm_yolox_pytorch.model import build_model

    return YOLOXInferenceWrapper(build_model(model_type, num_classes=3, pretrained=False)).eval()


def yolox_detect_boxes():
    torch = _seed()
    return _yolox(torch, "yolox_tiny"), [(torch.randn(1, 3, 64, 64),), (torch.randn(1, 3, 64, 96),)]


def yolox_raw_head_outputs():
    torch = _seed()
    from cjm_yolox_pytorch.model import build_model

    model = build_model("yolox_tiny", num_classes=2, pretrained=False).eval()
    return model, [(torch.randn(2, 3, 64, 64),)]


# ------------------------------------------------------------------------------------------------------ torchkge
def _triples(torch, batch=6, entities=12, relations=3):
    heads, tails = torch.randint(0, entities, (batch,)), torch.randint(0, entities, (batch,))
    return heads, tails, torch.randint(0, relations, (batch,)), torch.randint(0, entities, (batch,)), \
        torch.randint(0, entities, (batch,))


def torchkge_translation_margins():
    torch = _seed()
    from torchkge.models import TorusEModel, TransDModel, TransEModel, TransHModel, TransRModel

    models = [TransEModel(8, 12, 3, dissimilarity_type="L2"), TransHModel(8, 12, 3), TransRModel(8, 4, 12, 3),
              TransDModel(8, 4, 12, 3), TorusEModel(8, 12, 3, dissimilarity_type="torus_L2")]

    def training_step(heads, tails, relations, negative_heads, negative_tails):
        scores = [model(heads, tails, relations, negative_heads, negative_tails) for model in models]
        for model in models:
            model.normalize_parameters()
        return scores

    return training_step, [_triples(torch)]


def torchkge_bilinear_scores():
    torch = _seed()
    from torchkge.models import AnalogyModel, ComplExModel, ConvKBModel, DistMultModel, HolEModel, RESCALModel

    models = [RESCALModel(8, 12, 3), DistMultModel(8, 12, 3), HolEModel(8, 12, 3), ComplExModel(8, 12, 3),
              AnalogyModel(8, 12, 3), ConvKBModel(8, 2, 12, 3)]

    def scores(heads, tails, relations, negative_heads, negative_tails):
        return [model(heads, tails, relations, negative_heads, negative_tails) for model in models]

    return scores, [_triples(torch)]


def torchkge_link_prediction():
    torch = _seed()
    from torchkge.models import ComplExModel, TransEModel, TransHModel

    models = [TransEModel(8, 12, 3, dissimilarity_type="L1"), TransHModel(8, 12, 3), ComplExModel(8, 12, 3)]

    def rank_tails(heads, tails, relations):
        ranked = []
        for model in models:
            h, t, r, candidates = model.inference_prepare_candidates(heads, tails, relations, entities=True)
            ranked.append(model.inference_scoring_function(h, candidates, r).topk(3, dim=1).indices)
        return ranked

    return rank_tails, [_triples(torch)[:3]]


# ------------------------------------------------------------------------------------------------------ torch-rechub
def _ctr_features():
    from torch_rechub.basic.features import DenseFeature, SparseFeature

    sparse = [SparseFeature(f"c{i}", vocab_size=10, embed_dim=4) for i in range(3)]
    return sparse, [DenseFeature("d0"), DenseFeature("d1")]


def _ctr_batch(torch, batch=4):
    return {**{f"c{i}": torch.randint(0, 10, (batch,)) for i in range(3)},
            "d0": torch.rand(batch), "d1": torch.rand(batch)}


def rechub_feature_interactions():
    torch = _seed()
    from torch_rechub.models.ranking import DCN, DCNv2, EDCN, AutoInt, DeepFM, FiBiNet, WideDeep

    sparse, dense = _ctr_features()
    mlp = {"dims": [8], "dropout": 0.0, "activation": "relu"}
    models = [DeepFM(deep_features=sparse + dense, fm_features=sparse, mlp_params=mlp),
              WideDeep(wide_features=dense, deep_features=sparse, mlp_params=mlp),
              DCN(features=sparse + dense, n_cross_layers=2, mlp_params=mlp),
              DCNv2(features=sparse + dense, n_cross_layers=2, mlp_params=mlp, low_rank=4, num_experts=2),
              EDCN(features=sparse, n_cross_layers=2, mlp_params=mlp),
              AutoInt(sparse_features=sparse, dense_features=dense, num_layers=1, num_heads=2, mlp_params=mlp),
              FiBiNet(features=sparse, mlp_params=mlp, reduction_ratio=2)]
    for model in models:
        model.eval()

    def scores(x):
        return [model(x) for model in models]

    return scores, [(_ctr_batch(torch),)]


def rechub_target_attention():
    torch = _seed()
    from torch_rechub.basic.features import SequenceFeature, SparseFeature
    from torch_rechub.models.ranking import DIN

    features = [SparseFeature("user", vocab_size=10, embed_dim=4)]
    history = [SequenceFeature("hist_item", vocab_size=20, embed_dim=4, pooling="concat", shared_with="item")]
    target = [SparseFeature("item", vocab_size=20, embed_dim=4)]
    model = DIN(features=features, history_features=history, target_features=target, mlp_params={"dims": [8]},
                attention_mlp_params={"dims": [8]}).eval()
    x = {"user": torch.randint(0, 10, (4,)), "item": torch.randint(1, 20, (4,)),
         "hist_item": torch.randint(0, 20, (4, 6))}
    return model, [(x,)]


def rechub_multi_task_experts():
    torch = _seed()
    from torch_rechub.models.multi_task import AITM, MMOE, PLE

    sparse, dense = _ctr_features()
    features = sparse + dense
    tower = [{"dims": [4]}, {"dims": [4]}]
    models = [MMOE(features=features, task_types=["classification", "regression"], n_expert=2,
                   expert_params={"dims": [8]}, tower_params_list=tower),
              PLE(features=features, task_types=["classification", "classification"], n_level=2, n_expert_specific=1,
                  n_expert_shared=1, expert_params={"dims": [8]}, tower_params_list=tower),
              AITM(features=features, n_task=2, bottom_params={"dims": [8]}, tower_params_list=tower)]
    for model in models:
        model.eval()

    def predictions(x):
        return [model(x) for model in models]

    return predictions, [(_ctr_batch(torch),)]


def rechub_multi_interest_matching():
    torch = _seed()
    from torch_rechub.basic.features import SequenceFeature, SparseFeature
    from torch_rechub.models.matching import MIND

    user = [SparseFeature("user_id", vocab_size=10, embed_dim=4)]
    history = [SequenceFeature("hist_movie", vocab_size=20, embed_dim=4, pooling="concat", shared_with="movie")]
    item = [SparseFeature("movie", vocab_size=20, embed_dim=4)]
    negative = [SequenceFeature("neg_items", vocab_size=20, embed_dim=4, pooling="concat", shared_with="movie")]
    model = MIND(user_features=user, history_features=history, item_features=item, neg_item_feature=negative,
                 max_length=6, interest_num=2).eval()
    history_ids = torch.randint(1, 20, (4, 6))
    history_ids[0, 4:] = 0
    x = {"user_id": torch.randint(0, 10, (4,)), "hist_movie": history_ids, "movie": torch.randint(1, 20, (4,)),
         "neg_items": torch.randint(1, 20, (4, 3))}
    return model, [(x,)]


def rechub_sequence_recommenders():
    torch = _seed()
    from torch_rechub.basic.features import SequenceFeature, SparseFeature
    from torch_rechub.models.matching import NARM, SASRec
    from torch_rechub.models.ranking import DIEN

    sasrec = SASRec([SequenceFeature("seq", vocab_size=20, embed_dim=4, pooling="concat"),
                     SequenceFeature("pos", vocab_size=20, embed_dim=4, pooling="concat", shared_with="seq"),
                     SequenceFeature("neg", vocab_size=20, embed_dim=4, pooling="concat", shared_with="seq")],
                    max_len=6, dropout_rate=0.0, num_blocks=1).eval()
    narm = NARM(SequenceFeature("seq", vocab_size=20, embed_dim=4), hidden_dim=4, emb_dropout_p=0.0,
                session_rep_dropout_p=0.0, item_feature=SparseFeature("item", vocab_size=20, embed_dim=4)).eval()
    dien = DIEN(features=[SparseFeature("user", vocab_size=10, embed_dim=4)],
                history_features=[SequenceFeature("seq", vocab_size=20, embed_dim=4, pooling="concat",
                                                  shared_with="item")],
                neg_history_features=[SequenceFeature("neg", vocab_size=20, embed_dim=4, pooling="concat",
                                                      shared_with="item")],
                target_features=[SparseFeature("item", vocab_size=20, embed_dim=4)], mlp_params={"dims": [8]}).eval()

    def scores(x):
        return sasrec(x), narm(x), dien(x)

    seq = torch.randint(1, 20, (4, 6))
    seq[1, 3:] = 0
    seq[2, 5:] = 0
    x = {"seq": seq, "pos": torch.randint(1, 20, (4, 6)), "neg": torch.randint(1, 20, (4, 6)),
         "item": torch.randint(1, 20, (4,)), "user": torch.randint(0, 10, (4,))}
    return scores, [(x,)]


def rechub_in_batch_retrieval():
    torch = _seed()
    from torch_rechub.basic.features import DenseFeature, SequenceFeature, SparseFeature
    from torch_rechub.models.matching import ComirecSA, YoutubeSBC

    user = [SparseFeature("user_id", vocab_size=10, embed_dim=4)]
    item = [SparseFeature("movie", vocab_size=20, embed_dim=4)]
    sbc = YoutubeSBC(user_features=user, item_features=item, sample_weight_feature=[DenseFeature("weight")],
                     user_params={"dims": [8]}, item_params={"dims": [8]}, batch_size=4, n_neg=2).eval()
    history = [SequenceFeature("hist_movie", vocab_size=20, embed_dim=4, pooling="concat", shared_with="movie")]
    negative = [SequenceFeature("neg_items", vocab_size=20, embed_dim=4, pooling="concat", shared_with="movie")]
    comirec = ComirecSA(user_features=user, history_features=history, item_features=item, neg_item_feature=negative,
                        interest_num=2).eval()

    def scores(x):
        return sbc(x), comirec(x)

    x = {"user_id": torch.randint(0, 10, (4,)), "movie": torch.randint(1, 20, (4,)), "weight": torch.rand(4) + 0.5,
         "hist_movie": torch.randint(1, 20, (4, 6)), "neg_items": torch.randint(1, 20, (4, 3))}
    return scores, [(x,)]


# ---------------------------------------------------------------------------------------------------- pytorch-frame
def _frame(torch, missing=False, numerical_only=False):
    import numpy as np
    import pandas as pd
    import torch_frame
    from torch_frame.data import Dataset

    rng = np.random.default_rng(0)
    columns = {"age": rng.normal(40, 10, 32), "income": rng.normal(5, 2, 32), "tenure": rng.normal(3, 1, 32)}
    stypes = dict.fromkeys(columns, torch_frame.numerical)
    if not numerical_only:
        columns.update(city=rng.choice(["a", "b", "c"], 32), plan=rng.choice(["x", "y"], 32))
        stypes.update(city=torch_frame.categorical, plan=torch_frame.categorical)
    df = pd.DataFrame({**columns, "label": rng.integers(0, 2, 32)})
    if missing:  # real tables have holes: the encoders' NaN strategies fill them
        df.loc[[1, 5], "age"] = np.nan
        if not numerical_only:
            df.loc[[2, 6], "city"] = None
    dataset = Dataset(df, col_to_stype={**stypes, "label": torch_frame.categorical}, target_col="label").materialize()
    return dataset, dataset.tensor_frame[:8]


def frame_transformers():
    torch = _seed()
    from torch_frame.nn.models import FTTransformer, TabTransformer, Trompt

    dataset, batch = _frame(torch)
    common = {"col_stats": dataset.col_stats, "col_names_dict": dataset.tensor_frame.col_names_dict}
    models = [FTTransformer(channels=8, out_channels=2, num_layers=1, **common),
              Trompt(channels=8, out_channels=2, num_prompts=2, num_layers=1, **common),
              TabTransformer(channels=8, out_channels=2, num_layers=1, num_heads=2, encoder_pad_size=2,
                             attn_dropout=0.0, ffn_dropout=0.0, **common)]
    for model in models:
        model.eval()

    def predictions(tf):
        return [model(tf) for model in models]

    return predictions, [(batch,)]


def frame_residual_and_tabnet():
    torch = _seed()
    from torch_frame.nn.models import MLP, ExcelFormer, ResNet, TabNet

    dataset, batch = _frame(torch)
    common = {"col_stats": dataset.col_stats, "col_names_dict": dataset.tensor_frame.col_names_dict}
    models = [ResNet(channels=8, out_channels=2, num_layers=2, **common), MLP(channels=8, out_channels=2, num_layers=2,
                                                                              **common),
              TabNet(out_channels=2, num_layers=2, split_attn_channels=4, split_feat_channels=4, gamma=1.2,
                     **common)]
    for model in models:
        model.train()

    def predictions(tf):
        return [model(tf) for model in models]

    return predictions, [(batch,)]


def frame_missing_values():
    torch = _seed()
    import torch_frame
    from torch_frame import NAStrategy
    from torch_frame.nn import EmbeddingEncoder, LinearBucketEncoder
    from torch_frame.nn.models import ExcelFormer, FTTransformer

    dataset, batch = _frame(torch, missing=True)
    encoders = {torch_frame.numerical: LinearBucketEncoder(na_strategy=NAStrategy.MEAN),
                torch_frame.categorical: EmbeddingEncoder(na_strategy=NAStrategy.MOST_FREQUENT)}
    imputing = FTTransformer(channels=8, out_channels=2, num_layers=1, col_stats=dataset.col_stats,
                             col_names_dict=dataset.tensor_frame.col_names_dict, stype_encoder_dict=encoders).eval()
    numerical, numerical_batch = _frame(torch, missing=True, numerical_only=True)
    excel = ExcelFormer(in_channels=8, out_channels=2, num_cols=3, num_layers=1, num_heads=2,
                        col_stats=numerical.col_stats, col_names_dict=numerical.tensor_frame.col_names_dict).eval()

    def predictions(tf, numerical_tf):
        return imputing(tf), excel(numerical_tf)

    return predictions, [(batch, numerical_batch)]


PACKAGES: Tuple[Package, ...] = (
    Package("swin-transformer-pytorch==0.4.1", "swin_transformer_pytorch", {
        "shifted_windows": swin_shifted_windows, "absolute_position_table": swin_absolute_position_table}),
    Package("point-transformer-pytorch==0.1.5", "point_transformer_pytorch", {
        "knn_attention": point_knn_attention, "multihead_knn": point_multihead_knn}),
    Package("En-transformer==1.6.6", "en_transformer", {
        "sparse_neighbours": en_sparse_neighbours, "edges_and_linear_attention": en_edges_and_linear_attention,
        "only_sparse_neighbours": en_only_sparse_neighbours},
        dependencies=("einx==0.4.3", "frozendict==2.5.1", "taylor-series-linear-attention==0.2.0",
                      "rotary-embedding-torch==0.9.1", "jaxtyping==0.3.11", "wadler-lindig==0.1.8")),
    Package("cjm-yolox-pytorch==0.2.0", "cjm_yolox_pytorch", {
        "detect_boxes": yolox_detect_boxes, "raw_head_outputs": yolox_raw_head_outputs},
        dependencies=("cjm-psl-utils==0.0.4",)),
    Package("torchkge==0.17.7", "torchkge", {
        "translation_margins": torchkge_translation_margins, "bilinear_scores": torchkge_bilinear_scores,
        "link_prediction": torchkge_link_prediction},
        roots=("torchkge.models.*:*.normalize_parameters",
               "torchkge.models.*:*.inference_prepare_candidates",
               "torchkge.models.*:*.inference_scoring_function")),
    Package("torch-rechub==0.9.0", "torch_rechub", {
        "feature_interactions": rechub_feature_interactions, "target_attention": rechub_target_attention,
        "multi_task_experts": rechub_multi_task_experts, "multi_interest_matching": rechub_multi_interest_matching,
        "sequence_recommenders": rechub_sequence_recommenders,
        "in_batch_retrieval": rechub_in_batch_retrieval}),
    Package("pytorch-frame==0.3.0", "torch_frame", {
        "transformers": frame_transformers, "residual_and_tabnet": frame_residual_and_tabnet,
        "missing_values": frame_missing_values},
        dependencies=("pillow==13.0.0",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
