"""Held-out group 13 of the evaluation: graph neural networks and neighbour search written without torch_geometric,
and text transformers in the style of model-hub files written without transformers, from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout13_targets.py \
        --site benchmarks/eval/.packages-heldout13 --suffix heldout13

Graphs and hypergraphs as structure objects handed to the model (dhg: GCN, GAT, GraphSAGE, GIN, HGNN, HGNN+,
HyperGCN, UniGNN, HNHN message passing through the structure's cached sparse adjacency, incidence and edge lists,
softmax over neighbours, LightGCN/NGCF on a user-item bigraph), radius graphs built in plain torch with periodic
cells, batch vectors and atom counts read from the data (torch-nl), a dense graph transformer with edge features
and masks (graph-transformer-pytorch); sequence-to-sequence transformers with dataclass configs, length masks,
decoder state caches, greedy and beam search (sockeye, joeynmt), a BERT-style Q-Former with past key values and a
causal mask and a GPT with key/value caches driven by a generation loop (torchmultimodal), and a streaming
multi-stream language model whose temporal transformer keeps its key/value cache across steps, and its neural audio
codec (moshi). Same
shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torchscale (depends on timm), gotennet, newtonnet (torch_geometric and its compiled scatter/cluster
wheels), torch-dftd (pymatgen at import), schnetpack (pytorch-lightning, hydra at import), opennmt-py (ctranslate2
and pyonmttok compiled, pinned to an older torch), pytorch-pretrained-bert / pytorch-transformers (the code that
became transformers: reading it would leak the acceptance set). torchmultimodal's encoders built on its
layers.transformer (BERT text encoder, CoCa, ViT) import torchvision's stochastic depth at module level, so only its
Q-Former and VideoGPT pieces, which do not, are run. moshi's LMGen.step was dropped as a target: under dynamo the
ExitStack that closes its depformer's nested streaming contexts raises TypeError in an exit callback (eagerly it
runs); the temporal transformer's streaming steps are run instead.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------------------- dhg
def _ring_graph(dhg, count=8):
    edges = [(i, (i + 1) % count) for i in range(count)] + [(0, 4), (2, 6), (1, 5)]
    return dhg.Graph(count, edges)


def _hypergraph(dhg, count=8):
    return dhg.Hypergraph(count, [(0, 1, 2), (2, 3), (3, 4, 5, 6), (6, 7, 0), (1, 5)])


def dhg_graph_convolutions():
    torch = _seed()
    import dhg
    from dhg.models import GAT, GCN, GIN, GraphSAGE

    graph = _ring_graph(dhg)
    models = [GCN(6, 8, 3), GAT(6, 4, 3, num_heads=2), GraphSAGE(6, 8, 3, aggr="mean"), GIN(6, 8, 3, num_layers=2)]
    for model in models:
        model.eval()

    def node_logits(features):
        return [model(features, graph) for model in models]

    return node_logits, [(torch.randn(8, 6),)]


def dhg_gcn_training_step():
    torch = _seed()
    import dhg
    from dhg.models import GCN

    graph = _ring_graph(dhg)
    model = GCN(6, 8, 3).train()

    def training_loss(features, labels):
        return torch.nn.functional.cross_entropy(model(features, graph), labels)

    return training_loss, [(torch.randn(8, 6), torch.randint(0, 3, (8,)))]


def dhg_hypergraph_convolutions():
    torch = _seed()
    import dhg
    from dhg.models import HGNN, HGNNP, HNHN, HyperGCN, UniGAT, UniGCN

    hypergraph = _hypergraph(dhg)
    models = [HGNN(6, 8, 3), HGNNP(6, 8, 3), HNHN(6, 8, 3), HyperGCN(6, 8, 3), UniGCN(6, 8, 3),
              UniGAT(6, 4, 3, num_heads=2)]
    for model in models:
        model.eval()

    def node_logits(features):
        return [model(features, hypergraph) for model in models]

    return node_logits, [(torch.randn(8, 6),)]


def dhg_bigraph_recommenders():
    torch = _seed()
    import dhg
    from dhg.models import NGCF, LightGCN

    interactions = dhg.BiGraph(4, 5, [(0, 1), (0, 2), (1, 0), (2, 3), (3, 4), (3, 1)])
    models = [LightGCN(4, 5, emb_dim=8, num_layers=2), NGCF(4, 5, emb_dim=8, num_layers=2)]
    for model in models:
        model.eval()

    def embeddings():
        return [model(interactions) for model in models]

    return embeddings, [()]


# ----------------------------------------------------------------------------------------------------------- torch-nl
def _periodic_frames(torch, counts=(5, 7)):
    positions = torch.cat([torch.rand(count, 3) * 3 for count in counts])
    cells = torch.cat([torch.eye(3) * 3 for _ in counts])
    pbc = torch.tensor([[True, True, False]] * len(counts))
    batch = torch.cat([torch.full((count,), index) for index, count in enumerate(counts)])
    return positions, cells, pbc, batch


def torch_nl_radius_graph():
    torch = _seed()
    from torch_nl import compute_neighborlist, compute_neighborlist_n2

    def neighbours(positions, cells, pbc, batch):
        linked = compute_neighborlist(1.2, positions, cells, pbc, batch, self_interaction=False)
        quadratic = compute_neighborlist_n2(1.2, positions, cells, pbc, batch, self_interaction=True)
        return linked, quadratic

    return neighbours, [_periodic_frames(torch)]


def torch_nl_pair_energy():
    torch = _seed()
    from torch_nl import compute_cell_shifts, compute_distances, compute_neighborlist

    def pair_energy(positions, cells, pbc, batch):  # a pair potential summed per structure over the radius graph
        mapping, batch_mapping, shifts_idx = compute_neighborlist(1.2, positions, cells, pbc, batch)
        distances = compute_distances(positions, mapping, compute_cell_shifts(cells, shifts_idx, batch_mapping))
        energy = (distances.clamp_min(0.3).reciprocal() ** 12 - distances.clamp_min(0.3).reciprocal() ** 6)
        return torch.zeros(2).index_add(0, batch_mapping, energy)

    return pair_energy, [_periodic_frames(torch)]


# ------------------------------------------------------------------------------------------ graph-transformer-pytorch
def graph_transformer_with_edges():
    torch = _seed()
    from graph_transformer_pytorch import GraphTransformer

    model = GraphTransformer(dim=16, depth=2, dim_head=8, heads=2, edge_dim=4, with_feedforwards=True,
                             gated_residual=True, rel_pos_emb=True, norm_edges=True).eval()
    mask = torch.ones(2, 6, dtype=torch.bool)
    mask[1, 4:] = False
    return model, [(torch.randn(2, 6, 16), torch.randn(2, 6, 6, 4))], {"mask": mask}


def graph_transformer_adjacency_training():
    torch = _seed()
    from graph_transformer_pytorch import GraphTransformer

    model = GraphTransformer(dim=16, depth=1, dim_head=8, heads=2, edge_dim=4, accept_adjacency_matrix=True).train()

    def training_loss(nodes, adjacency, mask):
        out_nodes, _ = model(nodes, adj_mat=adjacency, mask=mask)
        return out_nodes.pow(2).mean()

    adjacency = torch.rand(2, 6, 6) > 0.5
    return training_loss, [(torch.randn(2, 6, 16), adjacency, torch.ones(2, 6, dtype=torch.bool))]


# ----------------------------------------------------------------------------------------------------------- sockeye
def _sockeye_model(vocab=20, decoder_type="transformer"):
    from sockeye import constants, data_io, encoder, model, transformer

    def layers(decoder=constants.TRANSFORMER_TYPE):
        return transformer.TransformerConfig(
            model_size=16, attention_heads=2, feed_forward_num_hidden=32, act_type="relu", num_layers=1,
            dropout_attention=0.0, dropout_act=0.0, dropout_prepost=0.0,
            positional_embedding_type=constants.FIXED_POSITIONAL_EMBEDDING, preprocess_sequence="n",
            postprocess_sequence="dr", max_seq_len_source=12, max_seq_len_target=12, decoder_type=decoder,
            depth_key_value=16)

    statistics = data_io.DataStatistics(
        num_sents=1, num_discarded=0, num_tokens_source=8, num_tokens_target=8, num_unks_source=0,
        num_unks_target=0, max_observed_len_source=8, max_observed_len_target=8, size_vocab_source=vocab,
        size_vocab_target=vocab, length_ratio_mean=1.0, length_ratio_std=0.1, buckets=[(12, 12)],
        num_sents_per_bucket=[1], average_len_target_per_bucket=[8.0])
    config = model.ModelConfig(
        config_data=data_io.DataConfig(data_statistics=statistics, max_seq_len_source=12, max_seq_len_target=12,
                                       num_source_factors=1, num_target_factors=1),
        vocab_source_size=vocab, vocab_target_size=vocab,
        config_embed_source=encoder.EmbeddingConfig(vocab_size=vocab, num_embed=16, dropout=0.0),
        config_embed_target=encoder.EmbeddingConfig(vocab_size=vocab, num_embed=16, dropout=0.0),
        config_encoder=layers(), config_decoder=layers(decoder_type))
    return model.SockeyeModel(config)


def _sockeye_batch(torch, vocab=20):
    source = torch.randint(4, vocab, (2, 7, 1))
    source[1, 5:] = 0
    return source, torch.tensor([[7], [5]])


def sockeye_training_forward():
    torch = _seed()
    net = _sockeye_model().train()
    source, source_length = _sockeye_batch(torch)
    target = torch.randint(4, 20, (2, 6, 1))
    return net, [(source, source_length, target, torch.tensor([[6], [4]]))]


def sockeye_ssru_decoder_forward():
    torch = _seed()
    net = _sockeye_model(decoder_type="ssru_transformer").eval()
    source, source_length = _sockeye_batch(torch)
    return net, [(source, source_length, torch.randint(4, 20, (2, 6, 1)), torch.tensor([[6], [6]]))]


def sockeye_beam_search():
    torch = _seed()
    from sockeye import beam_search

    net = _sockeye_model().eval()
    search = beam_search.get_search_algorithm([net], beam_size=2, device=torch.device("cpu"), output_scores=True,
                                              scorer=beam_search.CandidateScorer())

    def translate(source, source_length, max_output_lengths):
        with torch.no_grad():
            return search(source, source_length, None, max_output_lengths)

    source, source_length = _sockeye_batch(torch)
    return translate, [(source, source_length, torch.tensor([5, 5], dtype=torch.int32))]


def sockeye_greedy_search():
    torch = _seed()
    from sockeye import beam_search

    net = _sockeye_model().eval()
    search = beam_search.get_search_algorithm([net], beam_size=1, device=torch.device("cpu"), output_scores=False,
                                              scorer=beam_search.CandidateScorer(), greedy=True,
                                              constant_length_ratio=-1.0)

    def translate(source, source_length, max_output_lengths):
        with torch.no_grad():
            return search(source, source_length, None, max_output_lengths)

    return translate, [(torch.randint(4, 20, (1, 6, 1)), torch.tensor([[6]]), torch.tensor([5], dtype=torch.int32))]


# ----------------------------------------------------------------------------------------------------------- joeynmt
def _joey_model(kind="transformer"):
    from types import SimpleNamespace

    from joeynmt.model import build_model
    from joeynmt.vocabulary import Vocabulary

    specials = SimpleNamespace(unk_token="<unk>", pad_token="<pad>", bos_token="<s>", eos_token="</s>",
                               unk_id=0, pad_id=1, bos_id=2, eos_id=3, sep_token=None, lang_tags=[])
    vocabulary = Vocabulary([f"w{index}" for index in range(16)], specials)
    if kind == "transformer":
        side = {"type": "transformer", "num_layers": 1, "num_heads": 2, "hidden_size": 16, "ff_size": 32,
                "dropout": 0.0, "embeddings": {"embedding_dim": 16}}
        config = {"encoder": dict(side), "decoder": dict(side), "tied_embeddings": True, "tied_softmax": True}
    else:
        side = {"type": "recurrent", "rnn_type": "gru", "num_layers": 1, "hidden_size": 16, "dropout": 0.0,
                "embeddings": {"embedding_dim": 8}}
        config = {"encoder": dict(side, bidirectional=True), "decoder": dict(side, attention="bahdanau")}
    model = build_model(config, vocabulary, vocabulary)
    model.loss_function = ("crossentropy", 0.1)
    return model


def _joey_source(torch, model):
    source = torch.randint(4, 20, (2, 7))
    source[1, 5:] = model.pad_index
    lengths = torch.tensor([7, 5])
    return source, lengths, (source != model.pad_index).unsqueeze(1)


def joeynmt_transformer_loss():
    torch = _seed()
    model = _joey_model().train()
    source, lengths, mask = _joey_source(torch, model)
    target = torch.randint(4, 20, (2, 6))
    target_input = torch.cat([torch.full((2, 1), model.bos_index), target[:, :-1]], dim=1)

    def training_loss(src, src_length, src_mask, trg_input, trg, trg_mask):
        loss, _, _, correct = model(return_type="loss", src=src, src_length=src_length, src_mask=src_mask,
                                    trg_input=trg_input, trg=trg, trg_mask=trg_mask)
        return loss, correct

    return training_loss, [(source, lengths, mask, target_input, target, (target != model.pad_index).unsqueeze(1))]


def joeynmt_transformer_greedy_and_beam():
    torch = _seed()
    from joeynmt.search import beam_search, greedy

    model = _joey_model().eval()
    source, lengths, mask = _joey_source(torch, model)

    def decode(src, src_length, src_mask):
        encoded, hidden, _, _ = model(return_type="encode", src=src, src_length=src_length, src_mask=src_mask)
        greedy_out = greedy(src_mask, 5, model, encoded, hidden)
        beam_out = beam_search(model, 2, encoded, hidden, src_mask, 5, alpha=1.0, n_best=1)
        return greedy_out, beam_out

    return decode, [(source, lengths, mask)]


def joeynmt_recurrent_attention_decoding():
    torch = _seed()
    from joeynmt.search import greedy

    model = _joey_model("recurrent").eval()
    source, lengths, mask = _joey_source(torch, model)

    def decode(src, src_length, src_mask):
        encoded, hidden, _, _ = model(return_type="encode", src=src, src_length=src_length, src_mask=src_mask)
        return greedy(src_mask, 5, model, encoded, hidden)

    return decode, [(source, lengths, mask)]


# --------------------------------------------------------------------------------------------------- torchmultimodal
def torchmultimodal_qformer_with_cache():
    torch = _seed()
    from torchmultimodal.models.blip2.qformer_model import QformerForCLM, QformerModel

    encoder = QformerModel(num_hidden_layers=2, dim_q=16, dim_feedforward=32, num_heads=2,
                           max_position_embeddings=32, vocab_size=40, query_length=4, dim_kv=12).eval()
    language_model = QformerForCLM(num_hidden_layers=2, dim_q=16, dim_feedforward=32, num_heads=2,
                                   max_position_embeddings=32, vocab_size=40, query_length=4, dim_kv=12).eval()

    def captions(queries, image_features, input_ids, attention_mask):
        hidden, cache = encoder(query_embeds=queries, encoder_hidden_states=image_features, use_cache=True)
        logits = language_model(input_ids=input_ids, attention_mask=attention_mask, past_key_values=cache,
                                use_cache=False)
        return hidden, logits

    attention_mask = torch.ones(2, 4 + 5, dtype=torch.long)
    attention_mask[1, -2:] = 0
    return captions, [(torch.randn(2, 4, 16), torch.randn(2, 3, 12), torch.randint(1, 40, (2, 5)), attention_mask)]


def torchmultimodal_video_gpt_generation():
    torch = _seed()
    from torchmultimodal.models.video_gpt.model import video_gpt
    from torchmultimodal.utils.generate import GenerationUtil

    model = video_gpt(input_shape=(2, 8, 8), latent_shape=(1, 4, 4), d_model=24, n_head=2, dropout=0.0,
                      attn_dropout=0.0, num_decoder_layers=1).eval()
    generator = GenerationUtil(model)

    def generate(frames):
        return generator.sample(frames, max_seq_len=16, use_cache=True, causal=True, top_k=5)

    return generate, [(torch.randn(1, 3, 2, 8, 8),)]


def torchmultimodal_video_gpt_training():
    torch = _seed()
    from torchmultimodal.models.video_gpt.model import video_gpt

    model = video_gpt(input_shape=(4, 16, 16), latent_shape=(2, 8, 8), d_model=24, n_head=2, dropout=0.1,
                      attn_dropout=0.1, num_decoder_layers=1).train()

    def training_loss(frames, video):
        in_tokens, out_tokens = model.encode(frames, "in"), model.encode(video, "out")
        output = model(in_tokens=in_tokens, out_tokens=out_tokens)
        logits = output.decoder_output.last_hidden_states
        return logits.pow(2).mean()

    return training_loss, [(torch.randn(1, 3, 4, 16, 16), torch.randn(1, 3, 4, 16, 16))]


# ------------------------------------------------------------------------------------------------------------- moshi
def _moshi_lm(torch):
    from moshi.models.loaders import get_moshi_lm

    config = {"dim": 32, "text_card": 40, "existing_text_padding_id": 3, "n_q": 4, "dep_q": 2, "card": 24,
              "num_heads": 2, "num_layers": 2, "hidden_scale": 2, "causal": True, "layer_scale": None,
              "context": 16, "max_period": 10000, "gating": "silu", "norm": "rms_norm_f32",
              "positional_embedding": "rope", "depformer_dim": 16, "depformer_dim_feedforward": 32,
              "depformer_num_heads": 2, "depformer_num_layers": 1, "depformer_layer_scale": None,
              "depformer_multi_linear": True, "depformer_context": 4, "depformer_max_period": 10000,
              "depformer_gating": "silu", "depformer_pos_emb": "none", "depformer_weights_per_step": True,
              "delays": [0, 0, 1, 1, 0]}
    return get_moshi_lm(None, lm_kwargs=config, device="cpu", dtype=torch.float32).eval()


def moshi_lm_teacher_forcing():
    torch = _seed()
    model = _moshi_lm(torch)

    def logits(codes):
        return model(codes)

    codes = torch.cat([torch.randint(0, 40, (2, 1, 6)), torch.randint(0, 24, (2, 4, 6))], dim=1)
    return logits, [(codes,)]


def moshi_lm_streaming_text_steps():
    torch = _seed()
    model = _moshi_lm(torch)
    model.streaming_forever(1)  # the temporal transformer keeps its key/value cache across calls

    def step(codes):
        return model.forward_text(codes)

    return step, [(torch.randint(0, 24, (1, 5, 1)),), (torch.randint(0, 24, (1, 5, 1)),)]


def moshi_mimi_codec():
    torch = _seed()
    from moshi.models.loaders import get_mimi

    seanet = {"channels": 1, "dimension": 16, "causal": True, "n_filters": 4, "n_residual_layers": 1,
              "activation": "ELU", "compress": 2, "dilation_base": 2, "disable_norm_outer_blocks": 0,
              "kernel_size": 7, "residual_kernel_size": 3, "last_kernel_size": 3, "norm": "none",
              "pad_mode": "constant", "ratios": [4, 2], "true_skip": True}
    config = {"sample_rate": 800, "channels": 1, "frame_rate": 50, "seanet": seanet,
              "quantizer": {"dimension": 8, "n_q": 4, "bins": 16, "input_dimension": 16, "output_dimension": 16},
              "transformer": {"d_model": 16, "num_heads": 2, "num_layers": 1, "causal": True, "layer_scale": 0.01,
                              "context": 8, "conv_layout": True, "max_period": 10000, "gating": "none",
                              "norm": "layer_norm", "positional_embedding": "rope", "dim_feedforward": 32,
                              "input_dimension": 16, "output_dimensions": [16]}}
    codec = get_mimi(None, config, num_codebooks=4).eval()

    def roundtrip(audio):
        codes = codec.encode(audio)
        return codes, codec.decode(codes)

    return roundtrip, [(torch.randn(1, 1, 128),)]


PACKAGES: Tuple[Package, ...] = (
    Package("dhg==0.9.7", "dhg", {
        "graph_convolutions": dhg_graph_convolutions,
        "gcn_training_step": dhg_gcn_training_step,
        "hypergraph_convolutions": dhg_hypergraph_convolutions,
        "bigraph_recommenders": dhg_bigraph_recommenders},
        # dhg's __init__ imports its experiment runner (optuna), metrics (scikit-learn) and plots (matplotlib)
        dependencies=("matplotlib==3.11.2", "contourpy==1.3.3", "cycler==0.12.1", "fonttools==4.68.0",
                      "kiwisolver==1.5.1", "pillow==13.0.0", "pyparsing==3.3.3", "python-dateutil==4.0.0",
                      "optuna==5.0.0", "alembic==1.20.1", "sqlalchemy==2.1.9", "greenlet==3.5.6", "mako==1.4.3",
                      "colorlog==6.12.0", "tqdm==4.70.1", "scikit-learn==1.9.1", "joblib==1.6.0",
                      "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("torch-nl==0.3", "torch_nl", {
        "radius_graph": torch_nl_radius_graph,
        "pair_energy": torch_nl_pair_energy},
        roots=("torch_nl.*:*",)),
    Package("graph-transformer-pytorch==0.1.1", "graph_transformer_pytorch", {
        "with_edges": graph_transformer_with_edges,
        "adjacency_training": graph_transformer_adjacency_training},
        dependencies=("rotary-embedding-torch==0.9.1",)),
    Package("sockeye==3.1.34", "sockeye", {
        "training_forward": sockeye_training_forward,
        "ssru_decoder_forward": sockeye_ssru_decoder_forward,
        "beam_search": sockeye_beam_search,
        "greedy_search": sockeye_greedy_search},
        # the beam searches are nn.Modules: their forwards are roots already
        dependencies=("sacrebleu==2.6.0", "portalocker==4.4.2", "tabulate==0.10.0", "colorama==0.4.6",
                      "lxml==6.1.3")),
    Package("joeynmt==2.3.0", "joeynmt", {
        "transformer_loss": joeynmt_transformer_loss,
        "transformer_greedy_and_beam": joeynmt_transformer_greedy_and_beam,
        "recurrent_attention_decoding": joeynmt_recurrent_attention_decoding},
        roots=("joeynmt.search:greedy", "joeynmt.search:beam_search"),
        # helpers imports tensorboard's SummaryWriter and importlib_metadata; tokenizers imports subword_nmt
        dependencies=("importlib-metadata==8.7.0", "zipp==4.1.2", "tensorboard==2.21.0", "protobuf==7.36.2",
                      "absl-py==2.5.1", "subword-nmt==0.3.8", "sentencepiece==0.2.3")),
    Package("torchmultimodal-nightly==2024.4.1", "torchmultimodal", {
        "qformer_with_cache": torchmultimodal_qformer_with_cache,
        "video_gpt_generation": torchmultimodal_video_gpt_generation,
        "video_gpt_training": torchmultimodal_video_gpt_training},
        roots=("torchmultimodal.utils.generate:GenerationUtil.sample", "torchmultimodal.models.video_gpt.*:*.encode"),
        # utils.common imports iopath's path manager; the video tokenizer's text side imports ftfy
        dependencies=("iopath==0.1.10", "portalocker==4.4.2", "tqdm==4.70.1", "ftfy==6.3.1", "wcwidth==0.9.4")),
    Package("moshi==0.2.13", "moshi", {
        "lm_teacher_forcing": moshi_lm_teacher_forcing,
        "lm_streaming_text_steps": moshi_lm_streaming_text_steps,
        "mimi_codec": moshi_mimi_codec},
        roots=("moshi.models.lm:LMModel.forward_text", "moshi.models.compression:*.encode",
               "moshi.models.compression:*.decode"),
        # loaders import huggingface_hub and sentencepiece at module level
        dependencies=("huggingface-hub==0.36.0", "safetensors==0.8.0", "sentencepiece==0.2.3", "tqdm==4.70.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
