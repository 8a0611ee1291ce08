"""Held-out group 78 of the evaluation: generative models written in the style of diffusers without it, a second
corner beside the UNet samplers (flow matching / rectified flow on weather grids with windowed attention, spectral
mixing and graph aggregation, FiLM style conditioning, fixed-step Heun and adaptive ODE sampling, Langevin sampling,
Gaussian probability paths and sphere geodesics; variational autoencoders with Monte Carlo latent samples and an
adaptive group posterior; conditioning adapters grafted onto diffusion transformers: region-topology attention
dispatch over a spatiotemporal latent canvas, looped DiT blocks with iteration embeddings and gradient checkpointing,
slot binding), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout78_targets.py \
        --site benchmarks/eval/.packages-heldout78 --suffix heldout78 --jobs 1

Weather flow matching (weatherflow): WeatherFlowMatch forward (windowed attention; graph message passing, spectral
mixer, static and forcing inputs, circular padding), its `compute_flow_loss` in a training step with the enhanced
physics losses, StyleFlowMatch, WeatherFlowODE sampling (fixed-step Heun and torchdiffeq rk4), all in float32 (they do
not compile: see `wf_flow_match_f64`) and again in float64 (with adaptive dopri5 and an ensemble forecast), the trainer's step
(FlowTrainer.train_epoch's body: noisy interpolant, `compute_flow_loss`, physics regularisation), WeatherODESolver's
`solve` with its constraint statistics, PhysicsGuidedAttention with its physics loss,
StochasticFlowModel, WeatherFlowModel, score matching on a CondOT path, a cosine Gaussian path (schedule
derivatives by autograd), Langevin sampling, Sphere geodesics and the
PhysicsLossCalculator. Variational autoencoders (pyautoencoder): VAE training step (S Monte Carlo samples, ELBO),
`encode` / `decode` (no-grad wrappers), AdaGVAE on pairs, the plain AE with a Bernoulli likelihood. Latent canvases
for video diffusion transformers (canvas-engineering): AttentionDispatcher over dense and temporal topologies (with
a residual accumulator), looped blocks around a transformer block and, as `graft_looped_blocks` wraps CogVideoX, around a DiT block
with adaLN-zero modulation, in training (gradient checkpointing on), the
canvas's place / extract and loss mask, the attention family (linear, Mamba, RWKV, Hyena, local, sparse, mixture),
the LearnedScheduler choosing which regions the dispatcher updates (Gumbel top-k, in a training step), slot binding with birth and death. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own
site folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA): ltx-core, visage-image, iddm, torchdiff,
pi-zero-pytorch, classifier-free-guidance-pytorch (and make-a-video-pytorch, which needs it), video-diffusion-pytorch,
genaibook (transformers); dit-ml, fluidflow (timm); rectified-flow, consistency, campd, kdit,
pytorch-image-translation-models (diffusers); mmdit-pytorch, skrample (Requires-Python >= 3.12; skrample also uses
3.12 syntax); hdit and flocoder's hdit (copies of k-diffusion's HDiT, group 12's); flocoder (natten, compiled);
dima (JAX); cvdm (TensorFlow); slim-diff (monai-generative); hiediff (pyscenic, scanpy). weatherflow's
IcosahedralFlowMatch fails in eager at every grid and subdivision tried (its grid-to-mesh mapping indexes past the
grid), so it is not compiled.
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


# ------------------------------------------------------------------------------------------------------ weatherflow
def _weatherflow():
    targets.stand_in("wandb")


def _flow_match(**kwargs):
    from weatherflow.models.flow_matching import WeatherFlowMatch

    options = dict(input_channels=4, hidden_dim=16, n_layers=2, grid_size=(8, 16), window_size=4)
    options.update(kwargs)
    return WeatherFlowMatch(**options)


def wf_flow_match():
    torch = _seed()
    _weatherflow()
    model = _flow_match().eval()
    return model, [(torch.randn(2, 4, 8, 16), torch.rand(2))]


def wf_flow_match_graph_spectral():
    torch = _seed()
    _weatherflow()
    model = _flow_match(use_graph_mp=True, use_spectral_mixer=True, spectral_modes=4, spherical_padding=True,
                        static_channels=2, forcing_dim=3, window_size=0).eval()
    return model, [(torch.randn(2, 4, 8, 16), torch.rand(2), torch.randn(2, 2, 8, 16), torch.randn(2, 3))]


def wf_flow_loss_train_step():
    torch = _seed()
    _weatherflow()
    model = _flow_match(enhanced_physics_losses=True,
                        physics_loss_weights={"pv_conservation": 0.1, "energy_spectra": 0.01,
                                              "mass_divergence": 1.0, "geostrophic_balance": 0.1}).train()

    def step(x0, x1, t):
        losses = model.compute_flow_loss(x0, x1, t)
        losses["total_loss"].backward()
        return losses["total_loss"]

    return step, [(torch.randn(2, 4, 8, 16), torch.randn(2, 4, 8, 16), torch.rand(2))]


def wf_flow_match_f64():
    """WeatherFlowMatch in float64. In float32 it does not compile: TimeEncoder's `np.log(10000) / (half_dim - 1)` is
    traced as a float64 0-dim array, `torch.arange(...) * -embeddings` becomes float64 under dynamo (float32 in eager),
    and the first convolution fails on the dtypes (TorchRuntimeError, GB4315). Scientific users run it in float64."""
    torch = _seed()
    _weatherflow()
    model = _flow_match().double().eval()
    return model, [(torch.randn(2, 4, 8, 16, dtype=torch.float64), torch.rand(2, dtype=torch.float64))]


def wf_flow_match_graph_spectral_f64():
    torch = _seed()
    _weatherflow()
    model = _flow_match(use_graph_mp=True, use_spectral_mixer=True, spectral_modes=4, spherical_padding=True,
                        static_channels=2, forcing_dim=3, window_size=0).double().eval()
    f64 = dict(dtype=torch.float64)
    return model, [(torch.randn(2, 4, 8, 16, **f64), torch.rand(2, **f64), torch.randn(2, 2, 8, 16, **f64),
                    torch.randn(2, 3, **f64))]


def wf_flow_loss_train_step_f64():
    torch = _seed()
    _weatherflow()
    model = _flow_match(enhanced_physics_losses=True,
                        physics_loss_weights={"pv_conservation": 0.1, "energy_spectra": 0.01,
                                              "mass_divergence": 1.0, "geostrophic_balance": 0.1}).double().train()

    def step(x0, x1, t):
        losses = model.compute_flow_loss(x0, x1, t)
        losses["total_loss"].backward()
        return losses["total_loss"]

    f64 = dict(dtype=torch.float64)
    return step, [(torch.randn(2, 4, 8, 16, **f64), torch.randn(2, 4, 8, 16, **f64), torch.rand(2, **f64))]


def wf_ode_heun_f64():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import WeatherFlowODE

    model = WeatherFlowODE(_flow_match(), fast_mode=True).double().eval()
    return model, [(torch.randn(1, 4, 8, 16, dtype=torch.float64), torch.linspace(0, 1, 4, dtype=torch.float64))]


def wf_style_flow_match_f64():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import StyleFlowMatch

    model = StyleFlowMatch(input_channels=4, hidden_dim=16, n_layers=2, grid_size=(8, 16), window_size=4)
    model = model.double().eval()
    f64 = dict(dtype=torch.float64)
    return model, [(torch.randn(2, 4, 8, 16, **f64), torch.rand(2, **f64))], {"style": torch.randn(2, 3, 8, 16, **f64)}


def wf_ode_dopri5_f64():
    """WeatherFlowODE as built by default (adaptive dopri5 through torchdiffeq's `odeint`)."""
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import WeatherFlowODE

    model = WeatherFlowODE(_flow_match(physics_informed=False), rtol=1e-2, atol=1e-2).double().eval()
    return model, [(torch.randn(1, 4, 8, 16, dtype=torch.float64), torch.linspace(0, 1, 3, dtype=torch.float64))]


def wf_ensemble_forecast_f64():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import WeatherFlowODE

    model = WeatherFlowODE(_flow_match(), fast_mode=True).double().eval()

    def forecast(x0, times):
        return model.ensemble_forecast(x0, times, num_members=2, noise_std=0.1)

    return forecast, [(torch.randn(1, 4, 8, 16, dtype=torch.float64), torch.linspace(0, 1, 3, dtype=torch.float64))]


def wf_style_flow_match():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import StyleFlowMatch

    model = StyleFlowMatch(input_channels=4, hidden_dim=16, n_layers=2, grid_size=(8, 16), window_size=4).eval()
    return model, [(torch.randn(2, 4, 8, 16), torch.rand(2))], {"style": torch.randn(2, 3, 8, 16)}


def wf_ode_heun():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import WeatherFlowODE

    model = WeatherFlowODE(_flow_match(), fast_mode=True).eval()
    return model, [(torch.randn(1, 4, 8, 16), torch.linspace(0, 1, 4))]


def wf_ode_rk4():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.flow_matching import WeatherFlowODE

    model = WeatherFlowODE(_flow_match(physics_informed=False), solver_method="rk4").eval()
    return model, [(torch.randn(1, 4, 8, 16), torch.linspace(0, 1, 3))]


def wf_trainer_step():
    """The body of FlowTrainer.train_epoch for one batch (noise_std set, physics regularisation on)."""
    torch = _seed()
    _weatherflow()
    from weatherflow.models.stochastic import StochasticFlowModel
    from weatherflow.training.flow_trainer import compute_flow_loss

    model = StochasticFlowModel(channels=2, hidden_dim=16, num_layers=2).train()
    sigma_min, sigma_max = 0.0, 0.1

    def step(x0, x1):
        sigma = torch.rand(x0.size(0)) * (sigma_max - sigma_min) + sigma_min
        noise = torch.randn_like(x0)
        x0_noisy = x0 + sigma.view(-1, 1, 1, 1) * noise
        x1_noisy = x1 + sigma.view(-1, 1, 1, 1) * noise
        t = torch.rand(x0.size(0))
        x_t = torch.lerp(x0_noisy, x1_noisy, t.view(-1, 1, 1, 1))
        v_t = model(x_t, t)
        flow_loss = compute_flow_loss(v_t, x0_noisy, x1_noisy, t, loss_type="huber")
        physics_loss = model.compute_physics_loss(v_t, x_t)
        loss = flow_loss + 0.1 * physics_loss
        loss.backward()
        return loss

    return step, [(torch.randn(2, 2, 8, 8), torch.randn(2, 2, 8, 8))]


def wf_ode_solver():
    torch = _seed()
    _weatherflow()
    from weatherflow.solvers.ode_solver import WeatherODESolver

    model = _flow_match(physics_informed=False).eval()
    solver = WeatherODESolver(method="rk4", rtol=1e-3, atol=1e-3)

    def velocity(x, t):
        return model(x, t.expand(x.shape[0]))

    def solve(x0, t_span):
        solution, stats = solver.solve(velocity, x0, t_span)
        return solution

    return solve, [(torch.randn(1, 4, 8, 16), torch.linspace(0, 1, 3))]


def wf_physics_guided_train_step():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.physics_guided import PhysicsGuidedAttention

    model = PhysicsGuidedAttention(channels=2, hidden_dim=16, num_layers=2, grid_size=(8, 8)).train()

    def step(x, t, target):
        pred = model(x, t)
        loss = torch.nn.functional.mse_loss(pred, target) + 0.1 * model.compute_physics_loss(pred, target)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 2, 8, 8), torch.rand(2), torch.randn(2, 2, 8, 8))]


def wf_weather_flow_model():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.weather_flow import WeatherFlowModel

    model = WeatherFlowModel(hidden_dim=16, n_layers=2).eval()
    return model, [(torch.randn(2, 4, 8, 4), torch.rand(2))]


def _velocity_net(torch):
    class Velocity(torch.nn.Module):
        """A small conditional network (x, t) -> field, as the package's tests pass to its paths and samplers."""

        def __init__(self):
            super().__init__()
            self.net = torch.nn.Conv2d(3, 2, 3, padding=1)

        def forward(self, x, t):
            t_map = t.view(-1, 1, 1, 1).expand(x.shape[0], 1, *x.shape[2:])
            return self.net(torch.cat([x, t_map], dim=1))

    return Velocity()


def wf_score_matching_loss():
    torch = _seed()
    _weatherflow()
    from weatherflow.models.score_matching import ScoreMatchingModel
    from weatherflow.path.condot_path import CondOTPath

    model = ScoreMatchingModel(_velocity_net(torch), CondOTPath(), parameterization="noise")

    def step(x, z, t):
        loss = model.compute_score_matching_loss(x, z, t)
        loss.backward()
        return loss, model.get_vector_field(x, t)

    return step, [(torch.randn(2, 2, 8, 8), torch.randn(2, 2, 8, 8), torch.rand(2, 1, 1, 1))]


def wf_condot_path():
    torch = _seed()
    _weatherflow()
    from weatherflow.path.condot_path import CondOTPath

    path = CondOTPath()

    def sample(x1, z, t):
        x_t = path.sample_conditional(z, t)
        return x_t, path.get_conditional_vector_field(x_t, z, t), path.get_conditional_score(x_t, z, t)

    return sample, [(torch.randn(2, 2, 8, 8), torch.randn(2, 2, 8, 8), torch.rand(2))]


def wf_gaussian_path_cosine():
    """A Gaussian probability path with a cosine schedule (not CondOT): the general vector field differentiates the
    schedules with `torch.autograd.grad`, as the package's flow-matching tutorial builds its paths."""
    torch = _seed()
    _weatherflow()
    from weatherflow.path.gaussian_path import GaussianProbPath

    path = GaussianProbPath(alpha_schedule=lambda t: torch.sin(0.5 * torch.pi * t),
                            beta_schedule=lambda t: torch.cos(0.5 * torch.pi * t))

    def sample(x1, z, t):
        x_t, t_path = path.sample_path(x1)
        return x_t, path.get_conditional_vector_field(x1, z, t), path.get_flow_vector(x_t, t_path)

    return sample, [(torch.randn(2, 2, 8, 8), torch.randn(2, 2, 8, 8), torch.rand(2) * 0.9)]


def wf_langevin():
    torch = _seed()
    _weatherflow()
    from weatherflow.solvers.langevin import langevin_dynamics

    score = _velocity_net(torch).eval()

    def sample(x0):
        return langevin_dynamics(score, x0, n_steps=3, step_size=1e-2, sigma=0.01)

    return sample, [(torch.randn(2, 2, 8, 8),)]


def wf_sphere_geodesic():
    torch = _seed()
    _weatherflow()
    from weatherflow.manifolds.sphere import Sphere

    sphere = Sphere(radius=1.0)

    def geodesic(x, y, t):
        v = sphere.log_map(x, y)
        moved = sphere.exp_map(x, v)
        transported = sphere.parallel_transport(x, y, v)
        return sphere.geodesic(x, y, t), moved, transported, sphere.distance(x, y)

    x = torch.nn.functional.normalize(torch.randn(6, 3), dim=-1)
    y = torch.nn.functional.normalize(torch.randn(6, 3), dim=-1)
    return geodesic, [(x, y, torch.rand(6, 1))]


def wf_physics_losses():
    torch = _seed()
    _weatherflow()
    from weatherflow.physics.losses import PhysicsLossCalculator

    physics = PhysicsLossCalculator()

    def losses(u, v, geopotential, levels):
        return physics.compute_all_physics_losses(u, v, geopotential=geopotential, pressure_levels=levels)

    return losses, [(torch.randn(2, 2, 8, 16), torch.randn(2, 2, 8, 16), torch.randn(2, 2, 8, 16),
                     torch.tensor([850.0, 500.0]))]


# ---------------------------------------------------------------------------------------------------- pyautoencoder
def _vae(torch, latent=4, features=12):
    from pyautoencoder.variational import VAE

    encoder = torch.nn.Sequential(torch.nn.Linear(features, 16), torch.nn.ReLU())
    decoder = torch.nn.Sequential(torch.nn.Linear(latent, 16), torch.nn.ReLU(), torch.nn.Linear(16, features))
    vae = VAE(encoder, decoder, latent_dim=latent)
    vae.build(torch.randn(2, features))
    return vae


def vae_train_step():
    torch = _seed()
    vae = _vae(torch).train()

    def step(x):
        out = vae(x, S=3)
        loss = vae.compute_loss(x, out, beta=0.5)
        loss.objective.backward()
        return loss.objective

    return step, [(torch.randn(5, 12),)]


def vae_encode_decode():
    torch = _seed()
    vae = _vae(torch).eval()

    def reconstruct(x):
        enc = vae.encode(x)
        return vae.decode(enc.z).x_hat, enc.mu

    return reconstruct, [(torch.randn(5, 12),)]


def vae_bernoulli_eval():
    torch = _seed()
    vae = _vae(torch).eval()

    def elbo(x):
        with torch.no_grad():
            return vae.compute_loss(x, vae(x), likelihood="bernoulli").objective

    return elbo, [(torch.rand(5, 12).round(),)]


def adagvae_train_step():
    torch = _seed()
    from pyautoencoder.variational import AdaGVAE

    model = AdaGVAE(_vae(torch)).train()

    def step(x1, x2):
        out = model((x1, x2), S=2)
        loss = model.compute_loss((x1, x2), out)
        loss.objective.backward()
        return loss.objective

    return step, [(torch.randn(4, 12), torch.randn(4, 12))]


def ae_train_step():
    torch = _seed()
    from pyautoencoder.vanilla import AE

    model = AE(torch.nn.Sequential(torch.nn.Linear(12, 4), torch.nn.Tanh()), torch.nn.Linear(4, 12))
    model.build(torch.randn(2, 12))
    model.train()

    def step(x):
        out = model(x)
        loss = model.compute_loss(x, out, likelihood="bernoulli")
        loss.objective.backward()
        return loss.objective

    return step, [(torch.rand(5, 12).round(),)]


# ----------------------------------------------------------------------------------------------- canvas-engineering
def _layout(temporal_regions=False):
    from canvas_engineering import CanvasLayout, RegionSpec

    regions = {
        "visual": (0, 4, 0, 3, 0, 3),
        "action": RegionSpec(bounds=(0, 4, 3, 4, 0, 1), loss_weight=2.0),
        "reward": (1, 2, 3, 4, 1, 2),
    }
    if temporal_regions:
        regions["thought"] = RegionSpec(bounds=(0, 2, 3, 4, 2, 4), period=2, carrier="residual")
    return CanvasLayout(T=4, H=4, W=4, d_model=16, regions=regions, t_current=2)


def canvas_dispatch_dense():
    torch = _seed()
    from canvas_engineering import CanvasTopology
    from canvas_engineering.dispatch import AttentionDispatcher

    layout = _layout()
    topology = CanvasTopology.dense(list(layout.regions))
    model = AttentionDispatcher(topology, layout, d_model=16, n_heads=2).eval()
    return model, [(torch.randn(2, layout.num_positions, 16),)]


def canvas_dispatch_temporal():
    torch = _seed()
    from canvas_engineering import CanvasTopology, Connection
    from canvas_engineering.dispatch import AttentionDispatcher
    from canvas_engineering.residuals import ResidualAccumulator

    layout = _layout(temporal_regions=True)
    topology = CanvasTopology(connections=[
        Connection(src="visual", dst="visual"),
        Connection(src="action", dst="visual", t_src=0, t_dst=0),
        Connection(src="action", dst="action", t_src=0, t_dst=-1),
        Connection(src="thought", dst="visual", t_src=0, t_dst=0),
        Connection(src="reward", dst="thought"),
    ])
    residuals = ResidualAccumulator(list(layout.regions))
    model = AttentionDispatcher(topology, layout, d_model=16, n_heads=2, residual_accumulator=residuals).eval()
    return model, [(torch.randn(2, layout.num_positions, 16),)]


def canvas_looped_block_train_step():
    torch = _seed()
    from canvas_engineering.looped_block import LoopedBlockWrapper

    block = torch.nn.TransformerEncoderLayer(16, 2, dim_feedforward=32, dropout=0.0, batch_first=True)
    looped = LoopedBlockWrapper(block, max_loops=3, embed_dim=16)
    looped.set_loops(3)
    looped.train()

    def step(h):
        out = looped(h)
        loss = out.pow(2).mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, 6, 16),)]


def _dit_block(torch, dim=16, heads=2):
    class DiTBlock(torch.nn.Module):
        """A DiT block with adaLN-zero modulation and the (hidden, encoder_hidden, temb) signature of CogVideoX's."""

        def __init__(self):
            super().__init__()
            self.norm1 = torch.nn.LayerNorm(dim, elementwise_affine=False)
            self.attn = torch.nn.MultiheadAttention(dim, heads, batch_first=True)
            self.norm2 = torch.nn.LayerNorm(dim, elementwise_affine=False)
            self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, 2 * dim), torch.nn.GELU(), torch.nn.Linear(2 * dim, dim))
            self.ada = torch.nn.Linear(dim, 6 * dim)

        def forward(self, hidden_states, encoder_hidden_states, temb, image_rotary_emb=None):
            shift1, scale1, gate1, shift2, scale2, gate2 = self.ada(torch.nn.functional.silu(temb))[:, None].chunk(6, -1)
            tokens = torch.cat([encoder_hidden_states, hidden_states], dim=1)
            h = self.norm1(tokens) * (1 + scale1) + shift1
            tokens = tokens + gate1 * self.attn(h, h, h, need_weights=False)[0]
            tokens = tokens + gate2 * self.mlp(self.norm2(tokens) * (1 + scale2) + shift2)
            n = encoder_hidden_states.shape[1]
            return tokens[:, n:], tokens[:, :n]

    return DiTBlock()


def canvas_looped_dit_train_step():
    """LoopedCogVideoXBlock (what `graft_looped_blocks` puts around a CogVideoX block) around a DiT block, 3 loops,
    gradient checkpointing on, in a training step of the loop parameters."""
    torch = _seed()
    from canvas_engineering.cogvideox import LoopedCogVideoXBlock

    looped = LoopedCogVideoXBlock(_dit_block(torch), block_idx=0, max_loops=3, inner_dim=16)
    looped.set_loops(3)
    looped.train()

    def step(hidden, text, temb):
        h, e = looped(hidden, text, temb)
        loss = h.pow(2).mean() + e.pow(2).mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, 6, 16), torch.randn(2, 3, 16), torch.randn(2, 16))]


def canvas_place_extract():
    torch = _seed()
    from canvas_engineering import SpatiotemporalCanvas

    layout = _layout()
    canvas = SpatiotemporalCanvas(layout)
    n_visual = len(layout.region_indices("visual"))

    def roundtrip(visual):
        batch = canvas.create_empty(visual.shape[0])
        batch = canvas.place(batch, visual, "visual")
        return canvas.extract(batch, "action"), canvas.extract(batch, "visual")

    return roundtrip, [(torch.randn(2, n_visual, 16),)]


def canvas_attention_family():
    torch = _seed()
    from canvas_engineering.attention import create_attention

    names = ("linear_attention", "cosine_attention", "sigmoid_attention", "gated", "perceiver", "pooling",
             "local_attention", "sparse_attention", "mixture", "mamba", "rwkv", "hyena")
    modules = torch.nn.ModuleDict({name: create_attention(name, 16, 2, 0.0) for name in names}).eval()

    def attend(queries, keys):
        return [modules[name](queries, keys, keys) for name in names]

    return attend, [(torch.randn(2, 6, 16), torch.randn(2, 8, 16))]


def canvas_learned_schedule_step():
    """LearnedScheduler picks the regions that fire from the residual summaries, then the dispatcher updates only
    those (the README's `for active in plan: canvas = dispatcher(canvas, active_regions=active)`)."""
    torch = _seed()
    from canvas_engineering import CanvasTopology
    from canvas_engineering.dispatch import AttentionDispatcher
    from canvas_engineering.scheduling import LearnedScheduler

    layout = _layout()
    names = list(layout.regions)
    dispatcher = AttentionDispatcher(CanvasTopology.dense(names), layout, d_model=16, n_heads=2).train()
    scheduler = LearnedScheduler(n_regions=len(names), summary_dim=6, max_active=2).train()

    def step(x, summaries):
        active_indices, log_probs = scheduler(summaries)
        out = dispatcher(x, active_regions={names[i] for i in active_indices})
        loss = out.pow(2).mean() - log_probs.mean()
        loss.backward()
        return loss

    return step, [(torch.randn(2, layout.num_positions, 16), torch.randn(1, 6))]


def canvas_slot_binding():
    torch = _seed()
    from canvas_engineering.identity import SlotBindingModule

    model = SlotBindingModule(16, n_slots=3, n_heads=2, birth_death=True).eval()

    def bind(observations):
        return model(observations), model.alive_mask(observations)

    return bind, [(torch.randn(2, 5, 16),)]


PACKAGES: Tuple[Package, ...] = (
    Package("weatherflow==0.4.3", "weatherflow", {
        "flow_match": wf_flow_match,
        "flow_match_graph_spectral": wf_flow_match_graph_spectral,
        "flow_loss_train_step": wf_flow_loss_train_step,
        "style_flow_match": wf_style_flow_match,
        "flow_match_f64": wf_flow_match_f64,
        "flow_match_graph_spectral_f64": wf_flow_match_graph_spectral_f64,
        "flow_loss_train_step_f64": wf_flow_loss_train_step_f64,
        "ode_heun_f64": wf_ode_heun_f64,
        "style_flow_match_f64": wf_style_flow_match_f64,
        "ode_dopri5_f64": wf_ode_dopri5_f64,
        "ensemble_forecast_f64": wf_ensemble_forecast_f64,
        "ode_heun": wf_ode_heun,
        "ode_rk4": wf_ode_rk4,
        "trainer_step": wf_trainer_step,
        "ode_solver": wf_ode_solver,
        "physics_guided_train_step": wf_physics_guided_train_step,
        "weather_flow_model": wf_weather_flow_model,
        "score_matching_loss": wf_score_matching_loss,
        "condot_path": wf_condot_path,
        "gaussian_path_cosine": wf_gaussian_path_cosine,
        "langevin": wf_langevin,
        "sphere_geodesic": wf_sphere_geodesic,
        "physics_losses": wf_physics_losses},
        roots=("weatherflow.models.flow_matching:WeatherFlowMatch.compute_flow_loss",
               "weatherflow.training.flow_trainer:compute_flow_loss",
               "weatherflow.models.*:*.compute_physics_loss",
               "weatherflow.solvers.ode_solver:WeatherODESolver.solve",
               "weatherflow.models.flow_matching:WeatherFlowODE.ensemble_forecast",
               "weatherflow.models.score_matching:ScoreMatchingModel.[a-z]*",
               "weatherflow.path.*:*Path.[a-z]*",
               "weatherflow.solvers.langevin:langevin_dynamics",
               "weatherflow.manifolds.sphere:Sphere.[a-z]*",
               "weatherflow.physics.losses:PhysicsLossCalculator.[a-z]*"),
        dependencies=("torchdiffeq==0.2.5", "tqdm==4.70.1")),
    Package("pyautoencoder==2.1.0", "pyautoencoder", {
        "vae_train_step": vae_train_step,
        "vae_encode_decode": vae_encode_decode,
        "vae_bernoulli_eval": vae_bernoulli_eval,
        "adagvae_train_step": adagvae_train_step,
        "ae_train_step": ae_train_step},
        roots=("pyautoencoder.*:*.compute_loss", "pyautoencoder._base.base:BaseAutoencoder.encode",
               "pyautoencoder._base.base:BaseAutoencoder.decode", "pyautoencoder.loss._base:*")),
    Package("canvas-engineering==0.5.0", "canvas_engineering", {
        "dispatch_dense": canvas_dispatch_dense,
        "dispatch_temporal": canvas_dispatch_temporal,
        "looped_block_train_step": canvas_looped_block_train_step,
        "looped_dit_train_step": canvas_looped_dit_train_step,
        "place_extract": canvas_place_extract,
        "attention_family": canvas_attention_family,
        "learned_schedule_step": canvas_learned_schedule_step,
        "slot_binding": canvas_slot_binding},
        roots=("canvas_engineering.canvas:SpatiotemporalCanvas.[a-z]*",
               "canvas_engineering.identity:SlotBindingModule.alive_mask"),
        dependencies=("einops==0.8.2",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
