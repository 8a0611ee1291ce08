"""Held-out group 3 of the evaluation: science, audio and RL packages no rule was tuned on, measured before any rule
changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout3_targets.py \
        --site benchmarks/eval/.packages-heldout3 --suffix heldout3

In the style of graph / science / audio / RL libraries: atomic neighbour lists and index_add message passing over
variable-size molecules (torchani), equivariant attention over k-nearest neighbours (se3-transformer-pytorch), audio
front-ends and spectral losses (asteroid-filterbanks, auraloss), RL policies sampling actions from distributions
(stable-baselines3), Fourier neural operators (neuraloperator) and neural controlled differential equations
(torchcde). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own
dynamo cache. Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "typing-extensions==4.15.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------- torchani
def _molecules(torch):
    """Two molecules of H, C, O padded to 5 atoms (-1 = no atom), as a batch of variable-size molecules."""
    elem_idxs = torch.tensor([[1, 0, 0, 0, 0], [1, 2, 0, 0, -1]])
    coords = torch.randn(2, 5, 3) * 1.2
    return elem_idxs, coords


def _ani_networks(torch, out_dim):
    from torchani.nn import ANINetworks, AtomicNetwork

    return ANINetworks({symbol: AtomicNetwork([out_dim, 16, 8, 1], activation="celu")
                        for symbol in ("H", "C", "O")})


def torchani_energies():
    torch = _seed()
    from torchani.aev import AEVComputer

    aev = AEVComputer.like_1x(num_species=3, radial_num_shifts=4, angular_num_shifts=2, angular_num_sections=2)
    networks = _ani_networks(torch, aev.out_dim)

    def energies(elem_idxs, coords):
        return networks(elem_idxs, aev(elem_idxs, coords))

    return energies, [_molecules(torch)]


def torchani_atomic_and_forces():
    torch = _seed()
    from torchani.aev import AEVComputer

    aev = AEVComputer.like_2x(num_species=3, radial_num_shifts=4, angular_num_shifts=2, angular_num_sections=2)
    networks = _ani_networks(torch, aev.out_dim)

    def atomic_energies(elem_idxs, coords):
        return networks(elem_idxs, aev(elem_idxs, coords), atomic=True)

    return atomic_energies, [_molecules(torch)]


def torchani_periodic_cell_list():
    torch = _seed()
    from torchani.aev import AEVComputer

    aev = AEVComputer.like_1x(num_species=3, radial_num_shifts=4, angular_num_shifts=2, angular_num_sections=2,
                              neighborlist="cell_list")
    elem_idxs = torch.tensor([[1, 0, 0, 2, 0, 0]])
    coords = torch.rand(1, 6, 3) * 8.0
    cell, pbc = torch.eye(3) * 12.0, torch.tensor([True, True, True])

    def periodic(elem_idxs, coords):
        return aev(elem_idxs, coords, cell=cell, pbc=pbc)

    return periodic, [(elem_idxs, coords)]


# ------------------------------------------------------------------------------------ se3-transformer-pytorch
def se3_neighbour_attention():
    torch = _seed()
    from se3_transformer_pytorch import SE3Transformer

    model = SE3Transformer(dim=8, heads=2, dim_head=8, depth=1, num_degrees=2, valid_radius=10, num_neighbors=4,
                           reduce_dim_out=True).eval()
    mask = torch.ones(1, 8, dtype=torch.bool)
    mask[0, 6:] = False
    return model, [(torch.randn(1, 8, 8), torch.randn(1, 8, 3), mask)]


def se3_sparse_adjacency():
    torch = _seed()
    from se3_transformer_pytorch import SE3Transformer

    model = SE3Transformer(num_tokens=10, dim=8, heads=2, dim_head=8, depth=1, num_degrees=2, valid_radius=10,
                           attend_sparse_neighbors=True, num_neighbors=0, num_adj_degrees=2, adj_dim=4,
                           output_degrees=2).eval()
    seq = torch.randint(0, 10, (1, 8))
    adjacency = torch.zeros(1, 8, 8, dtype=torch.bool)
    index = torch.arange(7)
    adjacency[0, index, index + 1] = True
    adjacency[0, index + 1, index] = True
    return model, [(seq, torch.randn(1, 8, 3))], {"mask": torch.ones(1, 8, dtype=torch.bool),
                                                    "adj_mat": adjacency, "return_type": 1}


def se3_egnn_edges():
    torch = _seed()
    from se3_transformer_pytorch import SE3Transformer

    model = SE3Transformer(dim=8, heads=2, dim_head=8, depth=1, num_degrees=2, valid_radius=10, num_neighbors=4,
                           num_edge_tokens=3, edge_dim=4, use_egnn=True, egnn_hidden_dim=8).eval()
    edges = torch.randint(0, 3, (1, 8, 8))
    return model, [(torch.randn(1, 8, 8), torch.randn(1, 8, 3))], {"edges": edges, "return_type": 1}


# ---------------------------------------------------------------------------------------- asteroid-filterbanks
def asteroid_stft_mask_resynthesis():
    torch = _seed()
    from asteroid_filterbanks import make_enc_dec, transforms

    encoder, decoder = make_enc_dec("stft", n_filters=64, kernel_size=64, stride=16)

    def enhance(wav):
        spec = encoder(wav)
        mask = torch.sigmoid(transforms.mag(spec))
        return decoder(transforms.apply_mag_mask(spec, mask))

    return enhance, [(torch.randn(2, 1, 800),)]


def asteroid_learned_filterbanks():
    torch = _seed()
    from asteroid_filterbanks import make_enc_dec, transforms

    banks = [make_enc_dec(name, n_filters=32, kernel_size=32, stride=8, **kwargs)
             for name, kwargs in (("free", {}), ("analytic_free", {}), ("param_sinc", {"sample_rate": 8000}))]

    def encode_decode(wav):
        outputs = []
        for encoder, decoder in banks:
            spec = encoder(wav)
            outputs.append(decoder(spec))
            outputs.append(transforms.mag(spec, dim=-2))
        return outputs

    return encode_decode, [(torch.randn(2, 400),)]


def asteroid_torch_stft_phase():
    torch = _seed()
    from asteroid_filterbanks import Encoder, STFTFB, TorchSTFTFB, Decoder, transforms

    torch_stft = Encoder(TorchSTFTFB(n_filters=64, kernel_size=64, stride=16))
    decoder = Decoder(STFTFB(n_filters=64, kernel_size=64, stride=16))

    def features(wav):
        spec = torch_stft(wav)
        magnitude, phase = transforms.magphase(spec, dim=-2)
        return decoder(transforms.from_magphase(magnitude, phase, dim=-2)), transforms.angle(spec, dim=-2)

    return features, [(torch.randn(2, 1, 800),)]


# ---------------------------------------------------------------------------------------------------- auraloss
def auraloss_multi_resolution_stft():
    torch = _seed()
    import auraloss

    loss = auraloss.freq.MultiResolutionSTFTLoss(fft_sizes=[64, 128], hop_sizes=[16, 32], win_lengths=[64, 128],
                                                 w_phs=0.1)
    return loss, [(torch.randn(2, 1, 800), torch.randn(2, 1, 800))]


def auraloss_stereo_and_perceptual():
    torch = _seed()
    import auraloss

    stereo = auraloss.freq.SumAndDifferenceSTFTLoss(fft_sizes=[64, 128], hop_sizes=[16, 32], win_lengths=[64, 128])
    weighted = auraloss.freq.STFTLoss(fft_size=128, hop_size=32, win_length=128, perceptual_weighting=True,
                                      sample_rate=16000)

    def losses(x, y):
        return stereo(x, y), weighted(x[:, :1], y[:, :1])

    return losses, [(torch.randn(2, 2, 800), torch.randn(2, 2, 800))]


def auraloss_time_domain():
    torch = _seed()
    import auraloss

    losses = [auraloss.time.SISDRLoss(), auraloss.time.SDSDRLoss(), auraloss.time.SNRLoss(), auraloss.time.ESRLoss(),
              auraloss.time.DCLoss(), auraloss.time.LogCoshLoss()]

    def all_losses(x, y):
        return [loss(x, y) for loss in losses]

    return all_losses, [(torch.randn(2, 1, 400), torch.randn(2, 1, 400))]


# --------------------------------------------------------------------------------------------- stable-baselines3
def _spaces():
    import gymnasium as gym
    import numpy as np

    return gym.spaces, np


def sb3_actor_critic_discrete():
    torch = _seed()
    from stable_baselines3.common.policies import ActorCriticPolicy

    spaces, np = _spaces()
    policy = ActorCriticPolicy(spaces.Box(-1.0, 1.0, (4,), dtype=np.float32), spaces.Discrete(3),
                               lr_schedule=lambda _: 1e-3, net_arch=[16, 16])

    def rollout_step(obs, actions):
        sampled, values, log_prob = policy(obs)
        return sampled, values, log_prob, policy.evaluate_actions(obs, actions)

    return rollout_step, [(torch.randn(5, 4), torch.randint(0, 3, (5,)))]


def sb3_continuous_sde():
    torch = _seed()
    from stable_baselines3.common.policies import ActorCriticPolicy

    spaces, np = _spaces()
    policy = ActorCriticPolicy(spaces.Box(-1.0, 1.0, (4,), dtype=np.float32),
                               spaces.Box(-1.0, 1.0, (2,), dtype=np.float32),
                               lr_schedule=lambda _: 1e-3, net_arch=[16], use_sde=True)
    policy.reset_noise(5)

    def act_and_score(obs, actions):
        sampled, values, log_prob = policy(obs, deterministic=False)
        return sampled, values, log_prob, policy.evaluate_actions(obs, actions)

    return act_and_score, [(torch.randn(5, 4), torch.rand(5, 2) * 2 - 1)]


def sb3_sac_and_dqn():
    torch = _seed()
    from stable_baselines3.dqn.policies import DQNPolicy
    from stable_baselines3.sac.policies import SACPolicy

    spaces, np = _spaces()
    box = spaces.Box(-1.0, 1.0, (4,), dtype=np.float32)
    sac = SACPolicy(box, spaces.Box(-1.0, 1.0, (2,), dtype=np.float32), lr_schedule=lambda _: 1e-3, net_arch=[16])
    dqn = DQNPolicy(box, spaces.Discrete(3), lr_schedule=lambda _: 1e-3, net_arch=[16])

    def losses(obs):
        actions, log_prob = sac.actor.action_log_prob(obs)
        q_values = torch.cat(sac.critic(obs, actions), dim=1)
        return q_values.min(dim=1).values - 0.1 * log_prob, dqn.q_net(obs).max(dim=1).values

    return losses, [(torch.randn(5, 4),)]


# ---------------------------------------------------------------------------------------------- neuraloperator
def neuralop_fno_2d():
    torch = _seed()
    from neuralop.models import FNO

    model = FNO(n_modes=(4, 4), hidden_channels=8, in_channels=1, out_channels=1, n_layers=2).eval()
    return model, [(torch.randn(2, 1, 16, 16),)]


def neuralop_tfno_1d():
    torch = _seed()
    from neuralop.models import TFNO

    model = TFNO(n_modes=(6,), hidden_channels=8, in_channels=2, out_channels=1, n_layers=2, factorization="tucker",
                 rank=0.5).eval()
    return model, [(torch.randn(2, 2, 32),)]


def neuralop_uno():
    torch = _seed()
    from neuralop.models import UNO

    model = UNO(in_channels=1, out_channels=1, hidden_channels=8, n_layers=3, uno_out_channels=[8, 8, 8],
                uno_n_modes=[[4, 4], [2, 2], [4, 4]], uno_scalings=[[1.0, 1.0], [0.5, 0.5], [2.0, 2.0]],
                channel_mlp_skip="linear").eval()
    return model, [(torch.randn(2, 1, 16, 16),)]


# ---------------------------------------------------------------------------------------------------- torchcde
def _cde_func(torch, hidden, channels):
    class Func(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(hidden, hidden * channels)

        def forward(self, t, z):
            return self.linear(z).tanh().view(z.shape[0], hidden, channels)

    return Func()


def torchcde_cubic_neural_cde():
    torch = _seed()
    import torchcde

    func = _cde_func(torch, 4, 3)
    initial = torch.nn.Linear(3, 4)

    def neural_cde(x):
        spline = torchcde.CubicSpline(torchcde.hermite_cubic_coefficients_with_backward_differences(x))
        z0 = initial(spline.evaluate(spline.interval[0]))
        return torchcde.cdeint(X=spline, func=func, z0=z0, t=spline.interval, method="rk4",
                               options={"step_size": 0.5})

    return neural_cde, [(torch.randn(2, 6, 3),)]


def torchcde_linear_interpolation():
    torch = _seed()
    import torchcde

    func = _cde_func(torch, 4, 3)

    def interpolate_and_solve(x, z0):
        coeffs = torchcde.linear_interpolation_coeffs(x)
        path = torchcde.LinearInterpolation(coeffs)
        return path.derivative(torch.tensor(1.5)), torchcde.cdeint(X=path, func=func, z0=z0, t=path.interval,
                                                                   method="euler", options={"step_size": 1.0})

    return interpolate_and_solve, [(torch.randn(2, 5, 3), torch.randn(2, 4))]


PACKAGES: Tuple[Package, ...] = (
    Package("torchani==2.9.0", "torchani", {
        "energies": torchani_energies, "atomic_and_forces": torchani_atomic_and_forces,
        "periodic_cell_list": torchani_periodic_cell_list}),
    Package("se3-transformer-pytorch==0.9.0", "se3_transformer_pytorch", {
        "neighbour_attention": se3_neighbour_attention, "sparse_adjacency": se3_sparse_adjacency,
        "egnn_edges": se3_egnn_edges}, dependencies=("filelock==3.20.0",)),
    Package("asteroid-filterbanks==0.4.0", "asteroid_filterbanks", {
        "stft_mask_resynthesis": asteroid_stft_mask_resynthesis, "learned_filterbanks": asteroid_learned_filterbanks,
        "torch_stft_phase": asteroid_torch_stft_phase},
        roots=tuple(f"asteroid_filterbanks.transforms:{name}" for name in (
            "mag", "magphase", "from_magphase", "angle", "apply_mag_mask"))),
    Package("auraloss==0.4.0", "auraloss", {
        "multi_resolution_stft": auraloss_multi_resolution_stft, "stereo_and_perceptual": auraloss_stereo_and_perceptual,
        "time_domain": auraloss_time_domain}),
    Package("stable-baselines3==2.9.2", "stable_baselines3", {
        "actor_critic_discrete": sb3_actor_critic_discrete, "continuous_sde": sb3_continuous_sde,
        "sac_and_dqn": sb3_sac_and_dqn},
        roots=("stable_baselines3.common.policies:ActorCriticPolicy.evaluate_actions",
               "stable_baselines3.sac.policies:Actor.action_log_prob"),
        dependencies=("gymnasium==1.4.0", "farama-notifications==0.0.6", "cloudpickle==3.1.2")),
    Package("neuraloperator==2.0.0", "neuralop", {
        "fno_2d": neuralop_fno_2d, "tfno_1d": neuralop_tfno_1d, "uno": neuralop_uno},
        dependencies=("tensorly==0.10.0", "tensorly-torch==0.5.0", "opt-einsum==3.4.0", "zencfg==1.0.0",
                      "configmypy==0.2.0", "ruamel.yaml==0.19.1")),
    Package("torchcde==0.2.5", "torchcde", {
        "cubic_neural_cde": torchcde_cubic_neural_cde, "linear_interpolation": torchcde_linear_interpolation},
        roots=("torchcde.solver:cdeint", "torchcde.interpolation_cubic:hermite_cubic_coefficients_with_backward_differences",
               "torchcde.interpolation_linear:linear_interpolation_coeffs"),
        dependencies=("torchdiffeq==0.2.5", "torchsde==0.2.6", "trampoline==0.1.2")),
)


package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
