"""Held-out group 9 of the evaluation: model code in the style of the acceptance libraries (HF-style text models with
generation loops and caches, diffusion UNets and samplers, timm-style vision backbones, pyg-style message passing)
from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout9_targets.py \
        --site benchmarks/eval/.packages-heldout9 --suffix heldout9

IBM's foundation-model-stack (ibm-fms: LLaMA, Granite, Mixtral, GPT-BigCode and the Bamba mamba hybrid, with its own
generate loop over a KV cache, left-padded prompts and top-k sampling), block-recurrent transformers generating window
by window with their memories and states (block-recurrent-transformer-pytorch), conditional flow matching losses over
the guided-diffusion UNet, with minibatch optimal-transport couplings solved inside the step (torchcfm) and the
neural-ODE samplers that integrate them (torchdyn), directed message passing over batched molecular graphs with
hand-written scatter and aggregation (chemprop), SE(3) equivariant graph attention over neighbour lists and sparse
adjacency (equiformer-pytorch), and config-driven RegNet / EfficientNet / ResNeXt backbones (pycls). Same shape as
targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this
module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.70.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------------------ ibm-fms
def _tiny_llama(torch, **overrides):
    from fms.models.llama import LLaMA, LLaMAConfig

    config = LLaMAConfig(src_vocab_size=64, emb_dim=32, nheads=4, kvheads=2, nlayers=2, multiple_of=16,
                         max_expected_seq_len=64, pad_id=0)
    model = LLaMA(config.updated(**overrides) if overrides else config)
    model.reset_parameters()
    return model.eval()


def fms_llama_sampled_generate():
    torch = _seed()
    from fms.utils.generation import generate

    model = _tiny_llama(torch)

    def sample(prompt):
        # no cache and no padding mask: fms' generate marks the cached keys and the extended mask dynamic at every
        # step, which dynamo refuses to trace at all (fms compiles the model, not this loop, when it uses them)
        return generate(model, prompt, max_seq_len=32, max_new_tokens=3, temperature=0.7, top_k=5, do_sample=True,
                        use_cache=False, eos_token_id=3)

    return sample, [(torch.randint(4, 64, (2, 5)),)]


def fms_llama_cached_decode_loop():
    torch = _seed()
    from fms.utils import generation
    from fms.utils.generation import pad_input_ids

    model = _tiny_llama(torch)
    # fms' own step to the next position ids (a module-level name, not mangled outside a class)
    next_step_kwargs = getattr(generation, "__update_padding_kwargs")

    def greedy_decode(prompt, mask, position_ids):  # generate's loop, its KV cache kept contiguous
        logits, cache = model(prompt, mask=mask, position_ids=position_ids, use_cache=True)  # the padded prefill
        kwargs = {"position_ids": position_ids, "use_cache": True}
        tokens = prompt
        for _ in range(3):
            next_input = logits[:, -1, :].argmax(-1, keepdim=True)
            tokens = torch.cat((tokens, next_input), dim=-1)
            kwargs = next_step_kwargs(True, kwargs)
            kwargs["past_key_value_states"] = generation._make_cache_contiguous(cache)
            logits, cache = model(next_input, **kwargs)
        return tokens

    # prompts of different lengths, left padded: the mask and position ids come from the padding
    prompt, padding = pad_input_ids([torch.randint(1, 64, (6,)), torch.randint(1, 64, (4,))])
    return greedy_decode, [(prompt, padding["mask"], padding["position_ids"])]


def fms_greedy_generate_without_cache():
    torch = _seed()
    from fms.models.gpt_bigcode import GPTBigCode, GPTBigCodeConfig
    from fms.utils.generation import generate, truncate_after_eos

    model = GPTBigCode(GPTBigCodeConfig(src_vocab_size=64, emb_dim=32, nheads=4, nlayers=2, max_expected_seq_len=64,
                                        eos_token_id=2, bos_token_id=1))
    model.reset_parameters()
    model.eval()

    def greedy(prompt):
        tokens = generate(model, prompt, max_seq_len=32, max_new_tokens=3, do_sample=False, use_cache=False)
        return truncate_after_eos(tokens[0], 2)

    return greedy, [(torch.randint(3, 64, (1, 5)),)]


def fms_model_family_forwards():
    torch = _seed()
    from fms.models.granite import Granite, GraniteConfig
    from fms.models.mixtral import Mixtral, MixtralConfig

    granite = Granite(GraniteConfig(src_vocab_size=64, emb_dim=32, nheads=4, head_dim=8, kvheads=2, nlayers=2,
                                    multiple_of=16, max_expected_seq_len=64, embedding_multiplier=12.0,
                                    logits_scaling=8.0, residual_multiplier=0.22, attention_multiplier=0.0078125))
    mixtral = Mixtral(MixtralConfig(src_vocab_size=64, dim=32, nheads=4, kvheads=2, nlayers=2, hidden_dim=48,
                                    num_experts=4, top_k_experts=2, max_expected_seq_len=64))
    models = [granite, mixtral]
    for model in models:
        model.reset_parameters()
        model.eval()

    def logits_and_caches(tokens, position_ids):
        return [model(tokens, position_ids=position_ids, use_cache=True) for model in models]

    return logits_and_caches, [(torch.randint(0, 64, (2, 9)), torch.arange(9).expand(2, 9))]


def fms_bamba_hybrid_decode():
    torch = _seed()
    from fms.models.bamba import Bamba, BambaConfig

    model = Bamba(BambaConfig(src_vocab_size=64, emb_dim=32, nheads=4, kvheads=2, head_dim=8, nlayers=2,
                              attn_layer_indices=[1], state_size=8, mamba_n_heads=8, n_groups=1, chunk_size=4,
                              multiple_of=16, max_expected_seq_len=64))
    model.reset_parameters()
    model.eval()

    def prefill_then_step(prompt, step):
        logits, cache = model(prompt, use_cache=True)
        next_logits, cache = model(step, past_key_value_states=cache, use_cache=True,
                                   position_ids=torch.full_like(step, prompt.shape[1]))
        return logits, next_logits

    return prefill_then_step, [(torch.randint(0, 64, (2, 8)), torch.randint(0, 64, (2, 1)))]


def fms_llama_training_loss():
    torch = _seed()

    model = _tiny_llama(torch, p_dropout=0.1).train()

    def training_loss(tokens):
        logits = model(tokens[:, :-1])
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten(), ignore_index=0)

    tokens = torch.randint(1, 64, (2, 13))
    tokens[1, 9:] = 0  # padded positions the loss ignores
    return training_loss, [(tokens,)]


# -------------------------------------------------------------------------------- block-recurrent-transformer-pytorch
def _block_recurrent(torch, **overrides):
    from block_recurrent_transformer_pytorch import BlockRecurrentTransformer

    config = dict(num_tokens=64, dim=32, depth=2, dim_head=8, heads=2, max_seq_len=8, block_width=4,
                  num_state_vectors=4, recurrent_layers=(2,))
    return BlockRecurrentTransformer(**{**config, **overrides})


def block_recurrent_segment_training():
    torch = _seed()
    from block_recurrent_transformer_pytorch import RecurrentTrainerWrapper

    model = RecurrentTrainerWrapper(_block_recurrent(torch), xl_memories_dropout=0.1, state_dropout=0.1).train()
    return model, [(torch.randint(0, 64, (2, 17)),)]


def block_recurrent_generate_with_memories():
    torch = _seed()
    from block_recurrent_transformer_pytorch import RecurrentTrainerWrapper

    model = RecurrentTrainerWrapper(_block_recurrent(torch, use_compressed_mem=True, compressed_mem_factor=2))

    def continue_prompt(prompt):
        return model.generate(prompt, 12, temperature=0.8, filter_thres=0.9)

    return continue_prompt, [(torch.randint(0, 64, (2, 3)),)]


# ------------------------------------------------------------------------------------------------------------ torchcfm
def _unet(torch, **overrides):
    from torchcfm.models.unet.unet import UNetModel

    config = dict(image_size=8, in_channels=1, model_channels=32, out_channels=1, num_res_blocks=1,
                  attention_resolutions=(2,), channel_mult=(1, 2), num_heads=2, num_head_channels=-1, dropout=0.1,
                  use_scale_shift_norm=True, resblock_updown=True)
    return UNetModel(**{**config, **overrides})


def torchcfm_flow_matching_losses():
    torch = _seed()
    from torchcfm.conditional_flow_matching import (ConditionalFlowMatcher, TargetConditionalFlowMatcher,
                                                    VariancePreservingConditionalFlowMatcher)

    model = _unet(torch).train()
    matchers = [ConditionalFlowMatcher(sigma=0.1), TargetConditionalFlowMatcher(sigma=0.05),
                VariancePreservingConditionalFlowMatcher(sigma=0.0)]

    def training_losses(x1):
        x0 = torch.randn_like(x1)
        losses = []
        for matcher in matchers:
            t, xt, ut = matcher.sample_location_and_conditional_flow(x0, x1)
            losses.append(torch.mean((model(t, xt) - ut) ** 2))
        return losses

    return training_losses, [(torch.randn(3, 1, 8, 8),)]


def torchcfm_optimal_transport_minibatch_losses():
    torch = _seed()
    from torchcfm.conditional_flow_matching import (ExactOptimalTransportConditionalFlowMatcher,
                                                    SchrodingerBridgeConditionalFlowMatcher)
    from torchcfm.models.models import MLP

    model = MLP(dim=2, time_varying=True, w=32).train()
    matchers = [ExactOptimalTransportConditionalFlowMatcher(sigma=0.1),
                SchrodingerBridgeConditionalFlowMatcher(sigma=0.5, ot_method="sinkhorn")]

    def training_losses(x0, x1):  # minibatch couplings solved by POT inside the step
        losses = []
        for matcher in matchers:
            t, xt, ut = matcher.sample_location_and_conditional_flow(x0, x1)
            losses.append(torch.mean((model(torch.cat([xt, t[:, None]], dim=-1)) - ut) ** 2))
        return losses

    return training_losses, [(torch.randn(16, 2), torch.randn(16, 2) + 2.0)]


def torchcfm_class_conditional_euler_sampler():
    torch = _seed()
    from torchcfm.models.unet.unet import UNetModel

    model = UNetModel(image_size=8, in_channels=1, model_channels=32, out_channels=1, num_res_blocks=1,
                      attention_resolutions=(2,), channel_mult=(1, 2), num_heads=2, num_classes=3,
                      use_new_attention_order=True).eval()

    def euler_sample(noise, labels):
        x, steps = noise, 4
        for step in range(steps):
            t = torch.full((x.shape[0],), step / steps)
            x = x + model(t, x, y=labels) / steps
        return x

    return euler_sample, [(torch.randn(2, 1, 8, 8), torch.tensor([0, 2]))]


# ------------------------------------------------------------------------------------------------------------ torchdyn
def torchdyn_neural_ode_sampling():
    torch = _seed()
    from torchdyn.core import NeuralODE

    field = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.Tanh(), torch.nn.Linear(16, 2))
    fixed = NeuralODE(field, solver="rk4", sensitivity="autograd", return_t_eval=False)
    adaptive = NeuralODE(field, solver="dopri5", sensitivity="autograd", atol=1e-4, rtol=1e-4)

    def trajectories(x0, t_span):
        return fixed.trajectory(x0, t_span), adaptive(x0, t_span)

    return trajectories, [(torch.randn(8, 2), torch.linspace(0, 1, 5))]


def torchdyn_cnf_and_augmented_training():
    torch = _seed()
    from torchdyn.core import NeuralODE
    from torchdyn.models import CNF, hutch_trace
    from torchdyn.nn import Augmenter, DepthCat

    # a continuous normalizing flow: the divergence rides along the state, Hutchinson's estimator through autograd
    flow_field = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.Softplus(), torch.nn.Linear(16, 2))
    cnf = NeuralODE(CNF(flow_field, trace_estimator=hutch_trace,
                        noise_dist=torch.distributions.MultivariateNormal(torch.zeros(2), torch.eye(2))),
                    solver="rk4", sensitivity="autograd", return_t_eval=False)
    # an augmented neural ODE whose field sees the integration time
    augmented = torch.nn.Sequential(Augmenter(augment_idx=1, augment_dims=2), NeuralODE(
        torch.nn.Sequential(DepthCat(1), torch.nn.Linear(5, 16), torch.nn.Tanh(), torch.nn.Linear(16, 4)),
        solver="midpoint", sensitivity="autograd", return_t_eval=False))
    prior = torch.distributions.MultivariateNormal(torch.zeros(2), torch.eye(2))

    def training_loss(x, target, t_span):
        cnf.vf.vf.noise = torch.randn_like(x)
        z = cnf(torch.cat([torch.zeros(x.shape[0], 1), x], 1), t_span)[-1]
        nll = -(prior.log_prob(z[:, 1:]) - z[:, 0]).mean()
        fit = torch.nn.functional.mse_loss(augmented[1](augmented[0](x), t_span)[-1][:, :2], target)
        return nll + fit

    return training_loss, [(torch.randn(8, 2), torch.randn(8, 2), torch.linspace(0, 1, 4))]


# ------------------------------------------------------------------------------------------------------------ chemprop
def _molecules(smiles=("CCO", "c1ccccc1O", "CC(=O)N", "C1CC1C#N")):
    from chemprop.data import BatchMolGraph
    from chemprop.featurizers import SimpleMoleculeMolGraphFeaturizer
    from chemprop.utils import make_mol

    featurizer = SimpleMoleculeMolGraphFeaturizer()
    return featurizer, BatchMolGraph([featurizer(make_mol(s, keep_h=False, add_h=False)) for s in smiles])


def chemprop_mpnn_training_step():
    torch = _seed()
    from chemprop import nn
    from chemprop.models import MPNN

    featurizer, batch = _molecules()
    model = MPNN(nn.BondMessagePassing(d_v=featurizer.atom_fdim, d_e=featurizer.bond_fdim, d_h=16, depth=3,
                                       dropout=0.1),
                 nn.MeanAggregation(), nn.RegressionFFN(n_tasks=2, input_dim=16, hidden_dim=16), batch_norm=True).train()
    targets = torch.randn(4, 2)
    targets[1, 0] = float("nan")  # a missing label the loss masks out

    def training_loss(bmg, targets):
        mask = targets.isfinite()
        preds = model.predictor.train_step(model.fingerprint(bmg))
        return model.criterion(preds, targets.nan_to_num(nan=0.0), mask, torch.ones(4, 1), None, None)

    return training_loss, [(batch, targets)]


def chemprop_atom_messages_and_attentive_readout():
    torch = _seed()
    from chemprop import nn
    from chemprop.models import MPNN

    featurizer, batch = _molecules()
    model = MPNN(nn.AtomMessagePassing(d_v=featurizer.atom_fdim, d_e=featurizer.bond_fdim, d_h=16, depth=2,
                                       activation="leakyrelu"),
                 nn.AttentiveAggregation(output_size=16),
                 nn.MulticlassClassificationFFN(n_classes=3, n_tasks=1, input_dim=16, hidden_dim=8)).eval()
    return model, [(batch,)]


# -------------------------------------------------------------------------------------------------- equiformer-pytorch
def equiformer_neighbour_attention():
    torch = _seed()
    from equiformer_pytorch import Equiformer

    model = Equiformer(num_tokens=8, dim=(8, 4), dim_head=(4, 4), heads=(2, 2), num_degrees=2, depth=1,
                       num_neighbors=3, reduce_dim_out=True, l2_dist_attention=False).eval()
    mask = torch.ones(2, 6, dtype=torch.bool)
    mask[1, 4:] = False  # the second graph has fewer atoms

    def energies(atoms, coors, mask):
        return model(atoms, coors, mask, return_pooled=True).type0

    return energies, [(torch.randint(0, 8, (2, 6)), torch.randn(2, 6, 3), mask)]


def equiformer_sparse_adjacency_edges():
    torch = _seed()
    from equiformer_pytorch import Equiformer

    model = Equiformer(num_tokens=8, num_edge_tokens=3, edge_dim=4, dim=8, dim_head=4, heads=2, num_degrees=2,
                       depth=1, attend_sparse_neighbors=True, num_adj_degrees_embed=2, max_sparse_neighbors=4,
                       num_neighbors=0).eval()
    adjacency = torch.zeros(1, 6, 6, dtype=torch.bool)
    i = torch.arange(5)
    adjacency[:, i, i + 1] = True
    adjacency = adjacency | adjacency.transpose(-1, -2)  # a chain molecule

    def features(atoms, bonds, coors, adjacency):
        return model(atoms, coors, torch.ones_like(atoms, dtype=torch.bool), adj_mat=adjacency, edges=bonds).type1

    return features, [(torch.randint(0, 8, (1, 6)), torch.randint(0, 3, (1, 6, 6)), torch.randn(1, 6, 3), adjacency)]


# --------------------------------------------------------------------------------------------------------------- pycls
def _pycls_model(model_type, **options):
    from pycls.core import builders
    from pycls.core.config import cfg, reset_cfg

    reset_cfg()
    cfg.MODEL.TYPE, cfg.MODEL.NUM_CLASSES = model_type, 5
    cfg.TRAIN.DATASET = cfg.TEST.DATASET = "imagenet"
    for key, value in options.items():
        section, name = key.split("__")
        setattr(getattr(cfg, section), name, value)
    return builders.build_model()


def pycls_regnet_and_resnext_forwards():
    torch = _seed()

    regnet = _pycls_model("regnet", REGNET__DEPTH=4, REGNET__W0=16, REGNET__WA=8.0, REGNET__WM=2.0,
                          REGNET__GROUP_W=8, REGNET__SE_ON=True, REGNET__STEM_W=16).eval()
    resnext = _pycls_model("resnet", MODEL__DEPTH=50, RESNET__NUM_GROUPS=2, RESNET__WIDTH_PER_GROUP=4,
                           RESNET__TRANS_FUN="bottleneck_transform").eval()

    def logits(images):
        return regnet(images), resnext(images)

    return logits, [(torch.randn(2, 3, 32, 32),)]


def pycls_effnet_training_step():
    torch = _seed()
    from pycls.core import builders

    model = _pycls_model("effnet", EN__STEM_W=8, EN__DEPTHS=[1, 2], EN__WIDTHS=[8, 16], EN__EXP_RATIOS=[1, 4],
                         EN__STRIDES=[1, 2], EN__KERNELS=[3, 5], EN__HEAD_W=32, EN__DC_RATIO=0.2,
                         EN__DROPOUT_RATIO=0.2).train()
    loss = builders.build_loss_fun()

    def training_loss(images, labels):
        return loss(model(images), labels)

    return training_loss, [(torch.randn(2, 3, 32, 32), torch.tensor([1, 4]))]


PACKAGES: Tuple[Package, ...] = (
    Package("ibm-fms==1.13.1", "fms", {
        "llama_sampled_generate": fms_llama_sampled_generate,
        "llama_cached_decode_loop": fms_llama_cached_decode_loop,
        "greedy_generate_without_cache": fms_greedy_generate_without_cache,
        "model_family_forwards": fms_model_family_forwards, "bamba_hybrid_decode": fms_bamba_hybrid_decode,
        "llama_training_loss": fms_llama_training_loss},
        roots=("fms.utils.generation:*",)),
    Package("block-recurrent-transformer-pytorch==0.4.4", "block_recurrent_transformer_pytorch", {
        "segment_training": block_recurrent_segment_training,
        "generate_with_memories": block_recurrent_generate_with_memories},
        roots=("block_recurrent_transformer_pytorch.*:*.generate",),
        dependencies=("beartype==0.23.1",)),
    Package("torchcfm==1.0.7", "torchcfm", {
        "flow_matching_losses": torchcfm_flow_matching_losses,
        "optimal_transport_minibatch_losses": torchcfm_optimal_transport_minibatch_losses,
        "class_conditional_euler_sampler": torchcfm_class_conditional_euler_sampler},
        roots=("torchcfm.conditional_flow_matching:*", "torchcfm.optimal_transport:*"),
        # torchcfm imports POT's optimal transport solvers and torchdyn at module level
        dependencies=("pot==0.9.7.post1", "torchdyn==1.0.6", "torchdiffeq==0.2.5", "torchsde==0.2.6",
                      "trampoline==0.1.2", "torchcde==0.2.5", "pytorch-lightning==2.6.6", "lightning-utilities==0.15.3",
                      "torchmetrics==1.9.0", "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0")),
    Package("torchdyn==1.0.6", "torchdyn", {
        "neural_ode_sampling": torchdyn_neural_ode_sampling,
        "cnf_and_augmented_training": torchdyn_cnf_and_augmented_training},
        roots=("torchdyn.core.neuralde:*.trajectory",),
        dependencies=("torchdiffeq==0.2.5", "torchsde==0.2.6", "trampoline==0.1.2", "torchcde==0.2.5", "pytorch-lightning==2.6.6",
                      "lightning-utilities==0.15.3", "torchmetrics==1.9.0", "scikit-learn==1.9.1", "joblib==1.6.0",
                      "threadpoolctl==3.8.0")),
    Package("chemprop==2.2.4", "chemprop", {
        "mpnn_training_step": chemprop_mpnn_training_step,
        "atom_messages_and_attentive_readout": chemprop_atom_messages_and_attentive_readout},
        roots=("chemprop.models.model:*.fingerprint", "chemprop.nn.predictors:*.train_step",
               "chemprop.nn.metrics:*"),
        # chemprop imports rdkit, lightning, its splitters (astartes), descriptor generators and CLI at module level
        dependencies=("rdkit==2026.9.1", "lightning==2.6.6", "pytorch-lightning==2.6.6", "lightning-utilities==0.15.3",
                      "torchmetrics==1.9.0", "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0",
                      "astartes==1.3.3", "descriptastorus==2.8.0", "pandas-flavor==0.8.1", "xarray==2026.9.0",
                      "pandas==3.1.1", "narwhals==2.29.0", "configargparse==1.9.0", "tabulate==0.10.0",
                      "multiprocess==0.70.19", "dill==0.4.1", "psutil==7.0.0")),
    Package("equiformer-pytorch==0.5.4", "equiformer_pytorch", {
        "neighbour_attention": equiformer_neighbour_attention,
        "sparse_adjacency_edges": equiformer_sparse_adjacency_edges},
        dependencies=("beartype==0.23.1", "einx==0.4.3", "frozendict==2.5.1", "jaxtyping==0.3.11",
                      "wadler-lindig==0.1.8", "opt-einsum==3.4.0", "taylor-series-linear-attention==0.2.0",
                      "rotary-embedding-torch==0.9.1")),
    Package("pycls==0.1.1", "pycls", {
        "regnet_and_resnext_forwards": pycls_regnet_and_resnext_forwards,
        "effnet_training_step": pycls_effnet_training_step},
        dependencies=("yacs==0.1.8", "simplejson==4.3.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
