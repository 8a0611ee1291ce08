"""The held-out group of the evaluation: packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --heldout          # install the pins into .packages-heldout, run, report

The 22 packages of targets.py were read for three sessions while the rules were tuned, so their numbers flatter
compilelint; these were chosen afterwards, for variety of style (equivariant networks, probabilistic programming,
optimizers, normalizing flows, Gaussian processes, ODE solvers, EMA, kernel attention), and are scored the same way.
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
    "opt-einsum==3.4.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------------- e3nn
def e3nn_tensor_products():
    torch = _seed()
    from e3nn import o3

    irreps_in, irreps_out = o3.Irreps("4x0e + 2x1o"), o3.Irreps("4x0e + 2x1o + 1x2e")
    tp = o3.FullyConnectedTensorProduct(irreps_in, "0e + 1o + 2e", irreps_out)
    linear = o3.Linear(irreps_out, irreps_in)

    # degrees as ints: an Irreps captured by the compiled function fails dynamo's guards (its __len__ raises)
    def message(features, vectors):
        sh = o3.spherical_harmonics([0, 1, 2], vectors, normalize=True, normalization="component")
        return linear(tp(features, sh))

    return message, [(irreps_in.randn(6, -1), torch.randn(6, 3))]


def e3nn_gate_norm():
    torch = _seed()
    from e3nn import nn as enn
    from e3nn import o3

    gate = enn.Gate("4x0e", [torch.relu], "2x0e", [torch.sigmoid], "2x1o")
    norm = enn.BatchNorm("4x0e + 2x1o").train()
    magnitude = o3.Norm("4x0e + 2x1o")
    fc = enn.FullyConnectedNet([4, 8, 2], torch.nn.functional.silu)

    def block(features, scalars):
        return gate(features), norm(features[:, :10]), magnitude(features[:, :10]), fc(scalars)

    return block, [(o3.Irreps("4x0e + 2x0e + 2x1o").randn(6, -1), torch.randn(6, 4))]


def e3nn_rotations():
    torch = _seed()
    from e3nn import o3

    def rotate(vectors, angles):
        alpha, beta, gamma = angles.unbind(-1)
        matrix = o3.angles_to_matrix(alpha, beta, gamma)
        back = o3.matrix_to_angles(matrix)
        rotated = torch.einsum("bij,bj->bi", o3.wigner_D(1, alpha, beta, gamma), vectors)
        return rotated, back, o3.wigner_D(2, alpha, beta, gamma), o3.wigner_3j(1, 1, 2)

    return rotate, [(torch.randn(4, 3), torch.rand(4, 3))]


# ------------------------------------------------------------------------------------------------- pyro
def pyro_autoregressive_flows():
    torch = _seed()
    import pyro.distributions as dist
    import pyro.distributions.transforms as T

    base = dist.Normal(torch.zeros(4), torch.ones(4))
    affine = T.affine_autoregressive(4, hidden_dims=[8])
    spline = T.spline_coupling(4, count_bins=4)
    flow = dist.TransformedDistribution(base, [affine, spline])

    def log_prob_and_sample(x):
        return flow.log_prob(x), flow.rsample(torch.Size([3]))

    return log_prob_and_sample, [(torch.randn(5, 4),)]


def pyro_distributions():
    torch = _seed()
    import pyro.distributions as dist

    def log_probs(x, counts, angles, loc):
        return (dist.ZeroInflatedPoisson(torch.tensor(2.0), gate=torch.tensor(0.3)).log_prob(counts),
                dist.VonMises(loc, torch.tensor(2.0)).log_prob(angles),
                dist.MultivariateStudentT(torch.tensor(4.0), torch.zeros(3), torch.eye(3)).log_prob(x),
                dist.AsymmetricLaplace(loc, torch.tensor(1.0), torch.tensor(2.0)).rsample(),
                dist.SoftLaplace(loc, torch.tensor(1.0)).log_prob(angles))

    return log_probs, [(torch.randn(5, 3), torch.tensor([0.0, 1.0, 3.0]), torch.rand(3), torch.zeros(3))]


def pyro_nn_and_transforms():
    torch = _seed()
    import pyro.distributions.transforms as T
    from pyro.nn import AutoRegressiveNN, DenseNN

    made = AutoRegressiveNN(4, [8, 8], param_dims=[1, 1])
    dense = DenseNN(2, [8], param_dims=[2, 2])
    planar, radial, householder = T.planar(4), T.radial(4), T.householder(4, count_transforms=2)
    neural = T.block_autoregressive(4)  # forward only: it has no inverse

    def apply(x, context):
        y, z = householder(radial(planar(x))), neural(x)
        return made(x), dense(context), y, planar.log_abs_det_jacobian(x, planar(x)), neural.log_abs_det_jacobian(x, z)

    return apply, [(torch.randn(5, 4), torch.randn(5, 2))]


# ---------------------------------------------------------------------------------------- torch-optimizer
def _optimizer_steps(names_and_kwargs):
    """One compiled function doing a step of each optimizer, as a training loop that compiles its step does; the
    gradients come from an eager backward. Two calls: the first fills the optimizers' state, the second reads it."""
    torch = _seed()
    import torch_optimizer as optim

    model = torch.nn.Linear(4, 2)
    optimizers = [getattr(optim, name)(model.parameters(), **kwargs) for name, kwargs in names_and_kwargs]
    model(torch.randn(8, 4)).square().mean().backward()

    def step():
        for optimizer in optimizers:
            optimizer.step()

    return step, [(), ()]


def optim_adaptive():
    return _optimizer_steps([("AdaBelief", {"lr": 1e-3}), ("Yogi", {"lr": 1e-2}), ("DiffGrad", {"lr": 1e-3}),
                             ("AdaBound", {"lr": 1e-3}), ("AdaMod", {"lr": 1e-3})])


def optim_large_batch():
    return _optimizer_steps([("Lamb", {"lr": 1e-3}), ("NovoGrad", {"lr": 1e-3}), ("RAdam", {"lr": 1e-3}),
                             ("QHAdam", {"lr": 1e-3}), ("MADGRAD", {"lr": 1e-3})])


def optim_momentum_family():
    return _optimizer_steps([("AccSGD", {"lr": 1e-3}), ("AggMo", {"lr": 1e-3}), ("PID", {"lr": 1e-3}),
                             ("A2GradExp", {}), ("SWATS", {"lr": 1e-3}), ("Apollo", {"lr": 1e-2})])


# ------------------------------------------------------------------------------------------------ normflows
def _flow(torch, nf, flows, dim=4):
    return nf.NormalizingFlow(nf.distributions.DiagGaussian(dim, trainable=False), flows)


def normflows_realnvp_kld():
    torch = _seed()
    import normflows as nf

    flows = []
    for i in range(2):
        param_map = nf.nets.MLP([2, 8, 4], init_zeros=True)
        flows += [nf.flows.AffineCouplingBlock(param_map), nf.flows.Permute(4, mode="swap"), nf.flows.ActNorm(4)]
    model = _flow(torch, nf, flows).train()
    return model.forward_kld, [(torch.randn(8, 4),)]


def normflows_spline_log_prob():
    torch = _seed()
    import normflows as nf

    flows = [nf.flows.CoupledRationalQuadraticSpline(4, 1, 8), nf.flows.LULinearPermute(4),
             nf.flows.AutoregressiveRationalQuadraticSpline(4, 1, 8)]
    model = _flow(torch, nf, flows).eval()
    return model.log_prob, [(torch.randn(8, 4),)]


def normflows_planar_sample():
    torch = _seed()
    import normflows as nf

    flows = [nf.flows.Planar((4,)), nf.flows.Radial((4,)), nf.flows.MaskedAffineAutoregressive(4, 8, num_blocks=1),
             nf.flows.Residual(nf.nets.LipschitzMLP([4, 8, 4], init_zeros=True), reduce_memory=False)]
    model = _flow(torch, nf, flows).eval()

    def sample_and_score(n):
        z, log_q = model.sample(n)
        return log_q, model.forward_and_log_det(z)

    return sample_and_score, [(6,)]


# ------------------------------------------------------------------------------------------------- gpytorch
def _exact_gp(torch, gpytorch, kernel):
    class ExactGP(gpytorch.models.ExactGP):
        def __init__(self, x, y, likelihood):
            super().__init__(x, y, likelihood)
            self.mean_module = gpytorch.means.ConstantMean()
            self.covar_module = kernel

        def forward(self, x):
            return gpytorch.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

    x = torch.linspace(0, 1, 12).unsqueeze(-1)
    y = torch.sin(6 * x.squeeze(-1))
    likelihood = gpytorch.likelihoods.GaussianLikelihood()
    return ExactGP(x, y, likelihood), likelihood, x, y


def gpytorch_exact_mll():
    torch = _seed()
    import gpytorch

    model, likelihood, x, y = _exact_gp(torch, gpytorch, gpytorch.kernels.ScaleKernel(gpytorch.kernels.RBFKernel()))
    mll = gpytorch.mlls.ExactMarginalLogLikelihood(likelihood, model.train())

    def loss(x, y):
        return -mll(model(x), y)

    return loss, [(x, y)]


def gpytorch_kernels():
    torch = _seed()
    import gpytorch

    kernels = [gpytorch.kernels.MaternKernel(nu=2.5), gpytorch.kernels.PeriodicKernel(),
               gpytorch.kernels.RQKernel(), gpytorch.kernels.LinearKernel(),
               gpytorch.kernels.RBFKernel(ard_num_dims=2) * gpytorch.kernels.PolynomialKernel(power=2)]

    def dense(x1, x2):
        return [k(x1, x2).to_dense() for k in kernels]

    return dense, [(torch.randn(5, 2), torch.randn(4, 2))]


def gpytorch_predictive():
    torch = _seed()
    import gpytorch

    model, likelihood, x, y = _exact_gp(torch, gpytorch, gpytorch.kernels.RBFKernel())
    model.eval(), likelihood.eval()

    def predict(test_x):
        with gpytorch.settings.fast_pred_var():
            posterior = likelihood(model(test_x))
            return posterior.mean, posterior.variance

    return predict, [(torch.linspace(0, 1, 5).unsqueeze(-1),)]


# ----------------------------------------------------------------------------------------- performer-pytorch
def performer_lm_causal():
    torch = _seed()
    from performer_pytorch import PerformerLM

    model = PerformerLM(num_tokens=64, max_seq_len=32, dim=32, depth=1, heads=2, dim_head=16, causal=True,
                        nb_features=16, local_attn_heads=1, local_window_size=8, shift_tokens=True).eval()
    return model, [(torch.randint(0, 64, (2, 16)),)]


def performer_encoder_redraw():
    torch = _seed()
    from performer_pytorch import Performer

    model = Performer(dim=32, depth=1, heads=2, dim_head=16, nb_features=16, feature_redraw_interval=1,
                      generalized_attention=True, ff_glu=True, use_scalenorm=True).train()
    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[1, 7:] = False
    return model, [(torch.randn(2, 10, 32),)], {"mask": mask}


def performer_enc_dec():
    torch = _seed()
    from performer_pytorch import PerformerEncDec

    model = PerformerEncDec(dim=32, enc_num_tokens=64, enc_depth=1, enc_heads=2, enc_max_seq_len=16,
                            dec_num_tokens=64, dec_depth=1, dec_heads=2, dec_max_seq_len=16,
                            enc_nb_features=16, dec_nb_features=16).train()
    src, tgt = torch.randint(0, 64, (2, 12)), torch.randint(0, 64, (2, 12))
    return model, [(src, tgt)], {"enc_mask": torch.ones(2, 12, dtype=torch.bool)}


# -------------------------------------------------------------------------------------------------- torchode
def _ode_problem(torch, to):
    def decay(t, y):
        return -0.5 * y + torch.sin(t)[:, None]

    y0 = torch.randn(3, 2)
    t_eval = torch.linspace(0, 1, 4).repeat(3, 1)
    return to.ODETerm(decay), to.InitialValueProblem(y0=y0, t_eval=t_eval)


def torchode_dopri5_adaptive():
    torch = _seed()
    import torchode as to

    term, problem = _ode_problem(torch, to)
    step = to.Dopri5(term=term)
    solver = to.AutoDiffAdjoint(step, to.IntegralController(atol=1e-4, rtol=1e-3, term=term))
    return solver.solve, [(problem,)]


def torchode_tsit5_pid():
    torch = _seed()
    import torchode as to

    term, problem = _ode_problem(torch, to)
    step = to.Tsit5(term=term)
    solver = to.AutoDiffAdjoint(step, to.PIDController(atol=1e-4, rtol=1e-3, pcoeff=0.2, icoeff=0.5, dcoeff=0.0,
                                                       term=term))
    return solver.solve, [(problem,)]


def torchode_fixed_steps():
    torch = _seed()
    import torchode as to

    term, problem = _ode_problem(torch, to)
    solver = to.AutoDiffAdjoint(to.Heun(term=term), to.FixedStepController())

    def solve(dt):
        return solver.solve(problem, dt0=dt)

    return solve, [(torch.full((3,), 0.1),)]


# ----------------------------------------------------------------------------------------------- ema-pytorch
def ema_update_and_forward():
    torch = _seed()
    from ema_pytorch import EMA

    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 2))
    ema = EMA(net, beta=0.9, update_after_step=0, update_every=1, include_online_model=False)

    def update_then_predict(x):
        ema.update()
        return ema(x)

    return update_then_predict, [(torch.randn(5, 4),), (torch.randn(5, 4),)]


def ema_post_hoc():
    torch = _seed()
    from ema_pytorch import PostHocEMA

    net = torch.nn.Linear(4, 2)
    ema = PostHocEMA(net, sigma_rels=(0.05, 0.28), update_every=1, checkpoint_every_num_steps=1000,
                     checkpoint_folder="/tmp/compilelint-heldout-ema")

    def update_then_predict(x):
        ema.update()
        return ema.ema_models[0](x)

    return update_then_predict, [(torch.randn(5, 4),), (torch.randn(5, 4),)]


PACKAGES: Tuple[Package, ...] = (
    Package("e3nn==0.6.0", "e3nn", {
        "tensor_products": e3nn_tensor_products, "gate_norm": e3nn_gate_norm, "rotations": e3nn_rotations},
        roots=tuple(f"e3nn.o3.*:{name}" for name in (
            "spherical_harmonics", "angles_to_matrix", "matrix_to_angles", "wigner_3j", "wigner_D")),
        dependencies=("opt-einsum-fx==0.1.4",)),
    Package("pyro-ppl==1.9.2", "pyro", {
        "autoregressive_flows": pyro_autoregressive_flows, "distributions": pyro_distributions,
        "nn_and_transforms": pyro_nn_and_transforms},
        roots=("pyro.distributions.*:*.log_prob", "pyro.distributions.*:*.rsample", "pyro.distributions.*:*._call",
               "pyro.distributions.*:*._inverse", "pyro.distributions.*:*.log_abs_det_jacobian"),
        dependencies=("pyro-api==0.1.2",)),
    Package("torch-optimizer==0.3.0", "torch_optimizer", {
        "adaptive": optim_adaptive, "large_batch": optim_large_batch, "momentum_family": optim_momentum_family},
        roots=("torch_optimizer.*:*.step",), dependencies=("pytorch-ranger==0.1.1",)),
    Package("normflows==1.7.3", "normflows", {
        "realnvp_kld": normflows_realnvp_kld, "spline_log_prob": normflows_spline_log_prob,
        "planar_sample": normflows_planar_sample},
        roots=("normflows.core:NormalizingFlow.forward_kld", "normflows.core:NormalizingFlow.log_prob",
               "normflows.core:NormalizingFlow.sample",
               "normflows.core:NormalizingFlow.forward_and_log_det")),
    Package("gpytorch==1.15.2", "gpytorch", {
        "exact_mll": gpytorch_exact_mll, "kernels": gpytorch_kernels, "predictive": gpytorch_predictive},
        dependencies=("linear-operator==0.6.1", "jaxtyping==0.3.11", "wadler-lindig==0.1.8")),
    Package("performer-pytorch==1.1.4", "performer_pytorch", {
        "lm_causal": performer_lm_causal, "encoder_redraw": performer_encoder_redraw, "enc_dec": performer_enc_dec},
        dependencies=("local-attention==1.11.2", "axial-positional-embedding==0.3.12", "hyper-connections==0.4.11",
                      "torch-einops-utils==0.2.0")),
    Package("torchode==1.0.1", "torchode", {
        "dopri5_adaptive": torchode_dopri5_adaptive, "tsit5_pid": torchode_tsit5_pid,
        "fixed_steps": torchode_fixed_steps},
        roots=("torchode.adjoints:AutoDiffAdjoint.solve",),
        dependencies=("torchtyping==0.1.5", "typeguard==2.13.3")),
    Package("ema-pytorch==0.8.3", "ema_pytorch", {"update_and_forward": ema_update_and_forward,
                                                  "post_hoc": ema_post_hoc},
            roots=("ema_pytorch.*:EMA.update", "ema_pytorch.*:PostHocEMA.update")),
)


package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
