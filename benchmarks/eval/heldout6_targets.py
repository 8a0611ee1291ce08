"""Held-out group 6 of the evaluation: probabilistic, geometric, medical-imaging and vision-loss libraries no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout6_targets.py \
        --site benchmarks/eval/.packages-heldout6 --suffix heldout6

In the style of library code full of data-dependent utilities that runs inside compiled training and inference steps:
Bayesian-optimisation acquisition functions over an ensemble surrogate, Pareto fronts and hypervolume box
decompositions, synthetic test problems and safe log-space math (botorch's own code: its surrogate here is a botorch
EnsembleModel, not a gpytorch GP), normalising flows with autoregressive and rational-quadratic spline transforms
(nflows), Riemannian manifolds, hyperbolic layers and a Riemannian optimiser step (geoopt), optimal-transport and
kernel losses between point clouds (geomloss), non-uniform FFTs for MRI reconstruction (torchkbnufft), E(n)-equivariant
graph networks over neighbours and adjacency degrees (egnn-pytorch), and SSIM / MS-SSIM losses (pytorch-msssim).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.67.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ----------------------------------------------------------------------------------------------------------- botorch
def _ensemble(torch, dim=3, outputs=1, members=4):
    """A small neural-network ensemble as a botorch surrogate (botorch's EnsembleModel: its posterior is botorch's
    EnsemblePosterior, so the acquisition functions run botorch's own code end to end)."""
    from botorch.models.ensemble import EnsembleModel

    class MLPEnsemble(EnsembleModel):
        def __init__(self):
            super().__init__()
            self._num_outputs = outputs
            self.net = torch.nn.Sequential(torch.nn.Linear(dim, 8), torch.nn.Tanh(),
                                           torch.nn.Linear(8, members * outputs))

        def forward(self, X):  # batch x q x d -> batch x members x q x outputs
            values = self.net(X).unflatten(-1, (members, outputs))
            return values.transpose(-3, -2)

    return MLPEnsemble().double()


def botorch_mc_acquisition():
    torch = _seed()
    from botorch.acquisition import (qExpectedImprovement, qLogExpectedImprovement, qProbabilityOfImprovement,
                                     qSimpleRegret, qUpperConfidenceBound)
    from botorch.acquisition.logei import qLogNoisyExpectedImprovement

    model = _ensemble(torch)
    baseline = torch.rand(6, 3, dtype=torch.double)
    acquisitions = [qExpectedImprovement(model, best_f=0.1), qLogExpectedImprovement(model, best_f=0.1),
                    qProbabilityOfImprovement(model, best_f=0.1, tau=1e-2), qSimpleRegret(model),
                    qUpperConfidenceBound(model, beta=0.2),
                    qLogNoisyExpectedImprovement(model, X_baseline=baseline, prune_baseline=False)]

    def acquisition_values(X):
        return [acquisition(X) for acquisition in acquisitions]

    return acquisition_values, [(torch.rand(5, 2, 3, dtype=torch.double),)]


def botorch_analytic_acquisition():
    torch = _seed()
    from botorch.acquisition.analytic import (ExpectedImprovement, LogExpectedImprovement, LogProbabilityOfImprovement,
                                              PosteriorMean, PosteriorStandardDeviation, UpperConfidenceBound)

    model = _ensemble(torch)
    acquisitions = [ExpectedImprovement(model, best_f=0.2), LogExpectedImprovement(model, best_f=0.2),
                    LogProbabilityOfImprovement(model, best_f=0.2), UpperConfidenceBound(model, beta=0.5),
                    PosteriorMean(model), PosteriorStandardDeviation(model)]

    def acquisition_values(X):
        return [acquisition(X) for acquisition in acquisitions]

    return acquisition_values, [(torch.rand(5, 1, 3, dtype=torch.double),)]


def botorch_hypervolume_improvement():
    torch = _seed()
    from botorch.acquisition.multi_objective.logei import qLogExpectedHypervolumeImprovement
    from botorch.utils.multi_objective.box_decompositions.non_dominated import FastNondominatedPartitioning

    model = _ensemble(torch, outputs=2)
    ref_point = torch.zeros(2, dtype=torch.double)
    partitioning = FastNondominatedPartitioning(ref_point=ref_point, Y=torch.rand(6, 2, dtype=torch.double))
    acquisition = qLogExpectedHypervolumeImprovement(model, ref_point=ref_point.tolist(), partitioning=partitioning)

    return acquisition, [(torch.rand(4, 2, 3, dtype=torch.double),)]


def botorch_pareto_front():
    torch = _seed()
    from botorch.utils.multi_objective.box_decompositions.dominated import DominatedPartitioning
    from botorch.utils.multi_objective.hypervolume import infer_reference_point
    from botorch.utils.multi_objective.pareto import is_non_dominated

    def front_and_volume(Y):
        pareto = Y[is_non_dominated(Y)]
        ref_point = infer_reference_point(pareto)
        return pareto, DominatedPartitioning(ref_point=ref_point, Y=Y).compute_hypervolume()

    return front_and_volume, [(torch.rand(12, 2, dtype=torch.double),)]


def botorch_test_problems():
    torch = _seed()
    from botorch.test_functions.multi_objective import DTLZ2, BraninCurrin
    from botorch.test_functions.synthetic import Ackley, Hartmann, Levy, Rosenbrock, StyblinskiTang

    problems = [Ackley(dim=3, noise_std=0.1), Hartmann(dim=3), Levy(dim=3, negate=True), Rosenbrock(dim=3),
                StyblinskiTang(dim=3), DTLZ2(dim=3, num_objectives=2)]
    branin_currin = BraninCurrin(noise_std=[0.1, 0.2])

    def evaluate(X, X2):
        return [problem(X) for problem in problems] + [branin_currin(X2)]

    return evaluate, [(torch.rand(4, 3, dtype=torch.double), torch.rand(4, 2, dtype=torch.double))]


def botorch_transforms_and_safe_math():
    torch = _seed()
    from botorch.models.transforms.input import Normalize
    from botorch.models.transforms.outcome import Standardize
    from botorch.utils.safe_math import fatmax, log_softplus, logmeanexp, smooth_amax
    from botorch.utils.sampling import sample_hypersphere, sample_simplex

    normalize = Normalize(d=3, bounds=torch.tensor([[0.0, -1.0, 0.0], [1.0, 1.0, 4.0]], dtype=torch.double))
    standardize = Standardize(m=1)

    def transformed(X, Y):
        X_normalized = normalize(X)
        Y_standardized, _ = standardize(Y)
        samples = sample_simplex(3, n=4, dtype=torch.double) + sample_hypersphere(3, n=4, dtype=torch.double)
        return (X_normalized, Y_standardized, logmeanexp(Y_standardized, dim=0), fatmax(X_normalized, dim=-1),
                smooth_amax(X_normalized, dim=-1), log_softplus(Y), samples)

    return transformed, [(torch.rand(8, 3, dtype=torch.double), torch.randn(8, 1, dtype=torch.double))]


# ------------------------------------------------------------------------------------------------------------ nflows
def nflows_masked_autoregressive():
    torch = _seed()
    from nflows.distributions.normal import StandardNormal
    from nflows.flows.base import Flow
    from nflows.transforms.autoregressive import (MaskedAffineAutoregressiveTransform,
                                                  MaskedPiecewiseRationalQuadraticAutoregressiveTransform)
    from nflows.transforms.base import CompositeTransform
    from nflows.transforms.normalization import BatchNorm
    from nflows.transforms.permutations import ReversePermutation

    flow = Flow(CompositeTransform([
        MaskedAffineAutoregressiveTransform(features=4, hidden_features=8), ReversePermutation(features=4),
        BatchNorm(features=4),
        MaskedPiecewiseRationalQuadraticAutoregressiveTransform(features=4, hidden_features=8, num_bins=4,
                                                                tails="linear", tail_bound=3.0)]),
        StandardNormal(shape=[4])).train()

    def training_loss(x):
        return -flow.log_prob(x).mean()

    return training_loss, [(torch.randn(16, 4),)]


def nflows_spline_coupling():
    torch = _seed()
    from nflows.distributions.normal import StandardNormal
    from nflows.flows.base import Flow
    from nflows.nn.nets import ResidualNet
    from nflows.transforms.base import CompositeTransform
    from nflows.transforms.coupling import PiecewiseRationalQuadraticCouplingTransform
    from nflows.transforms.lu import LULinear
    from nflows.transforms.normalization import ActNorm

    def coupling_net(in_features, out_features):
        return ResidualNet(in_features, out_features, hidden_features=8, num_blocks=1)

    mask = torch.tensor([1, 0, 1, 0])
    flow = Flow(CompositeTransform([
        ActNorm(features=4), LULinear(features=4),
        PiecewiseRationalQuadraticCouplingTransform(mask=mask, transform_net_create_fn=coupling_net, num_bins=4,
                                                    tails="linear", tail_bound=3.0),
        PiecewiseRationalQuadraticCouplingTransform(mask=1 - mask, transform_net_create_fn=coupling_net, num_bins=4,
                                                    tails="linear", tail_bound=3.0)]),
        StandardNormal(shape=[4])).eval()

    def log_prob_and_samples(x):
        return flow.log_prob(x), flow.sample(6)

    return log_prob_and_samples, [(torch.randn(8, 4),)]


def nflows_conditional_sampling():
    torch = _seed()
    from nflows.distributions.normal import ConditionalDiagonalNormal
    from nflows.flows.base import Flow
    from nflows.transforms.autoregressive import MaskedAffineAutoregressiveTransform
    from nflows.transforms.base import CompositeTransform
    from nflows.transforms.permutations import RandomPermutation

    flow = Flow(CompositeTransform([
        MaskedAffineAutoregressiveTransform(features=3, hidden_features=8, context_features=2),
        RandomPermutation(features=3),
        MaskedAffineAutoregressiveTransform(features=3, hidden_features=8, context_features=2)]),
        ConditionalDiagonalNormal(shape=[3], context_encoder=torch.nn.Linear(2, 6))).eval()

    def posterior_draws(context):
        samples, log_prob = flow.sample_and_log_prob(5, context=context)
        return samples, log_prob

    return posterior_draws, [(torch.randn(2, 2),)]


# ------------------------------------------------------------------------------------------------------------ geoopt
def geoopt_hyperbolic_layers():
    torch = _seed()
    import geoopt
    from geoopt.layers.stereographic import Distance2StereographicHyperplanes

    ball = geoopt.PoincareBall(c=1.0)

    class HyperbolicClassifier(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = torch.nn.Parameter(torch.randn(4, 4) * 0.1)
            self.bias = geoopt.ManifoldParameter(ball.expmap0(torch.randn(4) * 0.1), manifold=ball)
            self.planes = Distance2StereographicHyperplanes(4, 3, ball=ball)

        def forward(self, x):
            h = ball.expmap0(x)
            h = ball.mobius_add(ball.mobius_matvec(self.weight, h), self.bias)
            h = ball.mobius_fn_apply(torch.tanh, h)
            return self.planes(h), ball.dist0(h), ball.logmap0(h)

    return HyperbolicClassifier(), [(torch.randn(6, 4) * 0.3,)]


def geoopt_manifold_ops():
    torch = _seed()
    import geoopt

    manifolds = [geoopt.Stereographic(k=-0.5, learnable=True), geoopt.Lorentz(k=1.0), geoopt.Sphere(),
                 geoopt.Stiefel()]
    stereographic, lorentz, sphere, stiefel = manifolds

    def geodesics(x, y, u):
        s_x, s_y = stereographic.projx(x), stereographic.projx(y)
        l_x, l_y = lorentz.projx(torch.cat([x[..., :1], x], -1)), lorentz.projx(torch.cat([y[..., :1], y], -1))
        p, q = sphere.projx(x), stiefel.projx(u)
        return (stereographic.dist(s_x, s_y), stereographic.geodesic(torch.tensor(0.3), s_x, s_y),
                lorentz.dist(l_x, l_y), lorentz.expmap(l_x, lorentz.proju(l_x, torch.randn_like(l_x))),
                sphere.retr_transp(p, sphere.proju(p, y), sphere.proju(p, x)), stiefel.retr(q, stiefel.proju(q, u)))

    return geodesics, [(torch.randn(5, 3) * 0.3, torch.randn(5, 3) * 0.3, torch.randn(5, 3, 2))]


def geoopt_riemannian_step():
    torch = _seed()
    import geoopt

    sphere, stiefel = geoopt.Sphere(), geoopt.Stiefel()
    sphere_points = geoopt.ManifoldParameter(sphere.random_uniform(4, 3), manifold=sphere)
    frame = geoopt.ManifoldParameter(stiefel.random(5, 2), manifold=stiefel)
    euclidean = torch.nn.Parameter(torch.randn(3))
    adam = geoopt.optim.RiemannianAdam([sphere_points, euclidean], lr=1e-2, stabilize=1)
    sgd = geoopt.optim.RiemannianSGD([frame], lr=1e-2, momentum=0.9, nesterov=True)
    for parameter in (sphere_points, frame, euclidean):
        parameter.grad = torch.randn_like(parameter)

    def step():
        adam.step()
        sgd.step()

    return step, [()]


# ---------------------------------------------------------------------------------------------------------- geomloss
def geomloss_sinkhorn_divergence():
    torch = _seed()
    from geomloss import SamplesLoss

    losses = [SamplesLoss("sinkhorn", p=2, blur=0.1, scaling=0.5, backend="tensorized"),
              SamplesLoss("sinkhorn", p=1, blur=0.1, reach=1.0, debias=False, backend="tensorized")]

    def transport_losses(x, y):
        return [loss(x, y) for loss in losses]

    return transport_losses, [(torch.rand(12, 2), torch.rand(10, 2))]


def geomloss_kernels_and_weights():
    torch = _seed()
    from geomloss import SamplesLoss

    losses = [SamplesLoss("gaussian", blur=0.5, backend="tensorized"), SamplesLoss("laplacian", blur=0.5,
                                                                                  backend="tensorized"),
              SamplesLoss("energy", backend="tensorized")]
    weights_x, weights_y = torch.rand(2, 8), torch.rand(2, 6)

    def weighted_losses(x, y):
        a, b = weights_x / weights_x.sum(1, keepdim=True), weights_y / weights_y.sum(1, keepdim=True)
        return [loss(a, x, b, y) for loss in losses]

    return weighted_losses, [(torch.rand(2, 8, 3), torch.rand(2, 6, 3))]


def geomloss_ot_solvers():
    torch = _seed()
    from geomloss import ot

    def transport_plans(x, y):
        result = ot.solve_sample(x, y, reg=0.1, max_iter=20)
        return result.value, result.plan, result.marginal_a

    return transport_plans, [(torch.rand(8, 2), torch.rand(7, 2))]


# ------------------------------------------------------------------------------------------------------ torchkbnufft
def _radial_trajectory(torch, spokes=6, samples=16):
    angles = torch.arange(spokes) * 3.14159 / spokes
    radii = torch.linspace(-3.14159, 3.14159, samples)
    return torch.stack([torch.outer(torch.cos(angles), radii).flatten(), torch.outer(torch.sin(angles), radii).flatten()])


def kbnufft_forward_adjoint():
    torch = _seed()
    import torchkbnufft as tkbn

    nufft, adjoint = tkbn.KbNufft(im_size=(16, 16)), tkbn.KbNufftAdjoint(im_size=(16, 16))
    trajectory = _radial_trajectory(torch)

    class Reconstruction(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.nufft, self.adjoint = nufft, adjoint

        def forward(self, image, smaps):
            kdata = self.nufft(image, trajectory, smaps=smaps)
            return self.adjoint(kdata, trajectory, smaps=smaps, norm="ortho")

    image = torch.randn(1, 1, 16, 16, dtype=torch.complex64)
    smaps = torch.randn(1, 2, 16, 16, dtype=torch.complex64)
    return Reconstruction(), [(image, smaps)]


def kbnufft_toeplitz_and_density():
    torch = _seed()
    import torchkbnufft as tkbn

    trajectory = _radial_trajectory(torch)
    kernel = tkbn.calc_toeplitz_kernel(trajectory, im_size=(16, 16))
    toeplitz = tkbn.ToepNufft()
    adjoint = tkbn.KbNufftAdjoint(im_size=(16, 16))
    density = tkbn.calc_density_compensation_function(ktraj=trajectory, im_size=(16, 16), num_iterations=2)

    def normal_operator(image, kdata):
        return toeplitz(image, kernel), adjoint(kdata * density, trajectory)

    image = torch.randn(1, 1, 16, 16, dtype=torch.complex64)
    return normal_operator, [(image, torch.randn(1, 1, trajectory.shape[1], dtype=torch.complex64))]


# ------------------------------------------------------------------------------------------------------ egnn-pytorch
def egnn_nearest_neighbours():
    torch = _seed()
    from egnn_pytorch import EGNN_Network

    model = EGNN_Network(num_tokens=10, num_positions=16, dim=8, depth=2, num_nearest_neighbors=3, norm_coors=True,
                         coor_weights_clamp_value=2.0, m_dim=8).eval()
    mask = torch.ones(2, 12, dtype=torch.bool)
    mask[1, 9:] = False
    return model, [(torch.randint(0, 10, (2, 12)), torch.randn(2, 12, 3))], {"mask": mask}


def egnn_sparse_adjacency():
    torch = _seed()
    from egnn_pytorch import EGNN_Network

    model = EGNN_Network(num_tokens=10, dim=8, depth=1, num_adj_degrees=2, adj_dim=4, only_sparse_neighbors=True,
                         m_dim=8, global_linear_attn_every=1, global_linear_attn_heads=2,
                         global_linear_attn_dim_head=4).eval()
    index = torch.arange(9)
    adjacency = torch.zeros(10, 10, dtype=torch.bool)
    adjacency[index, index + 1] = True
    adjacency[index + 1, index] = True
    return model, [(torch.randint(0, 10, (2, 10)), torch.randn(2, 10, 3))], {"adj_mat": adjacency}


def egnn_layer_edges_and_radius():
    torch = _seed()
    from egnn_pytorch import EGNN

    layer = EGNN(dim=8, edge_dim=2, m_dim=8, fourier_features=2, num_nearest_neighbors=4, valid_radius=2.0,
                 soft_edges=True, m_pool_method="mean", norm_feats=True).eval()
    return layer, [(torch.randn(2, 8, 8), torch.randn(2, 8, 3), torch.randn(2, 8, 8, 2))]


# ---------------------------------------------------------------------------------------------------- pytorch-msssim
def msssim_training_losses():
    torch = _seed()
    from pytorch_msssim import MS_SSIM, SSIM

    ssim_loss, ms_ssim_loss = SSIM(data_range=1.0, channel=3), MS_SSIM(data_range=1.0, channel=3, win_size=3)

    def loss(prediction, target):
        return (1 - ssim_loss(prediction, target)) + (1 - ms_ssim_loss(prediction, target))

    return loss, [(torch.rand(2, 3, 64, 64), torch.rand(2, 3, 64, 64))]


def msssim_functional_metrics():
    torch = _seed()
    from pytorch_msssim import ms_ssim, ssim

    def metrics(x, y, volume_x, volume_y):
        return (ssim(x, y, data_range=255, size_average=False, nonnegative_ssim=True),
                ms_ssim(x, y, data_range=255, win_size=5, weights=[0.3, 0.3, 0.2, 0.2]),
                ssim(volume_x, volume_y, data_range=1.0, win_size=3))

    images = torch.rand(2, 1, 80, 80) * 255
    return metrics, [(images, (images + torch.randn_like(images)).clamp(0, 255), torch.rand(1, 1, 12, 12, 12),
                      torch.rand(1, 1, 12, 12, 12))]


PACKAGES: Tuple[Package, ...] = (
    Package("botorch==0.18.1", "botorch", {
        "mc_acquisition": botorch_mc_acquisition, "analytic_acquisition": botorch_analytic_acquisition,
        "hypervolume_improvement": botorch_hypervolume_improvement, "pareto_front": botorch_pareto_front,
        "test_problems": botorch_test_problems, "transforms_and_safe_math": botorch_transforms_and_safe_math},
        roots=("botorch.utils.multi_objective.*:*", "botorch.utils.safe_math:*", "botorch.utils.sampling:sample_*",
               "botorch.models.transforms.*:*.forward"),
        # botorch's models import gpytorch, linear_operator and pyro at module level; none of their code is a target
        dependencies=("gpytorch==1.15.2", "linear-operator==0.6.1", "pyro-ppl==1.9.2", "pyro-api==0.1.2",
                      "multipledispatch==1.0.0", "opt-einsum==3.4.0", "jaxtyping==0.3.11", "wadler-lindig==0.1.8",
                      "pyre-extensions==0.0.32", "typing-inspect==0.9.0", "mypy-extensions==1.1.0")),
    Package("nflows==0.14", "nflows", {
        "masked_autoregressive": nflows_masked_autoregressive, "spline_coupling": nflows_spline_coupling,
        "conditional_sampling": nflows_conditional_sampling},
        roots=("nflows.distributions.*:*.log_prob", "nflows.distributions.*:*.sample",
               "nflows.distributions.*:*.sample_and_log_prob"),
        # nflows.nn.nde imports matplotlib's pyplot at module level (its distributions package imports that)
        dependencies=("matplotlib==3.11.2", "contourpy==1.3.3", "cycler==0.12.1", "fonttools==4.68.0",
                      "kiwisolver==1.5.1", "pyparsing==3.3.3", "pillow==13.0.0")),
    Package("geoopt==0.5.1", "geoopt", {
        "hyperbolic_layers": geoopt_hyperbolic_layers, "manifold_ops": geoopt_manifold_ops,
        "riemannian_step": geoopt_riemannian_step},
        roots=("geoopt.manifolds.*:*", "geoopt.optim.*:*.step")),
    Package("geomloss==0.3.1", "geomloss", {
        "sinkhorn_divergence": geomloss_sinkhorn_divergence, "kernels_and_weights": geomloss_kernels_and_weights,
        "ot_solvers": geomloss_ot_solvers},
        roots=("geomloss.ot.*:solve_sample", "geomloss.ot.*:OTResult*.*")),
    Package("torchkbnufft==1.5.2", "torchkbnufft", {
        "forward_adjoint": kbnufft_forward_adjoint, "toeplitz_and_density": kbnufft_toeplitz_and_density}),
    Package("egnn-pytorch==0.2.8", "egnn_pytorch", {
        "nearest_neighbours": egnn_nearest_neighbours, "sparse_adjacency": egnn_sparse_adjacency,
        "layer_edges_and_radius": egnn_layer_edges_and_radius}),
    Package("pytorch-msssim==1.0.0", "pytorch_msssim", {
        "training_losses": msssim_training_losses, "functional_metrics": msssim_functional_metrics},
        roots=("pytorch_msssim.ssim:ssim", "pytorch_msssim.ssim:ms_ssim")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
