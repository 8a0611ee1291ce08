"""Held-out group 84 of the evaluation: score-based and latent generative models in the style of diffusers without it
(image-to-image diffusion bridges and SDE samplers for restoration, vector-quantised latents with codebook
replacement, an EMA-codebook VQ-VAE, an equivariant diffusion model for 3-D molecules), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout84_targets.py \
        --site benchmarks/eval/.packages-heldout84 --suffix heldout84 --jobs 1

Diffusion bridges (ito-vision, `ito_vision`): linear-SDE methods for image restoration (DDBM VP with its Karras
preconditioning, IR-SDE, GOUB, ResShift, BBDM / I2SB, InDI, UniDB, DDPM, flow matching, MeanFlow with its `jvp` loss,
IMF) trained with `method.loss` on a small user denoiser, and sampled with `method.sample` through its samplers
(Euler-Maruyama, ancestral, DDIM, RK-DDIM, Runge-Kutta 2, Langevin-Heun, mean ODE) over Karras, DDBM, linear and SD3
discretizations, with classifier-free and classifier guidance. Differentiable vector quantisation (diveq): DiVeQ and
SF-DiVeQ quantisers (plain, detached, residual, product) in training mode (codebook usage counters, codebook
replacement, space-filling initialisation), their `inference`, and a VQ autoencoder training step. N-dimensional
VQ-VAE (nd-vq-vae): the 2-D and 1-D models with axial-attention residual blocks and the EMA codebook, eval and
training forwards, a training step, `encode` / `decode`. Molecules (mlconfgen): the E(n) equivariant diffusion model
(EGNN dynamics) sampling a batch of masked molecules, with resampling, fragment inpainting, fragment merging and its
`teach` distillation target, the equivariant flow-matching loss in a training step, AdjMatSeer bond prediction and the
RL adapter's stochastic update. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site
folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA): consistency (diffusers required), torchdiff
(transformers required), freqdiff (diffusers, transformers required), studiosr (timm required). Stand-ins, outside
anything compiled: none (rdkit is installed: mlconfgen's package imports it and reads its bond types at import; the
targets build masks and contexts as tensors, as its `prepare_edm_input` does). ito-vision pins torch 2.8 and numpy 2.0.2; installed with --no-deps against torch 2.13.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()

LIGHTNING = ("pytorch-lightning==2.6.6", "lightning-utilities==0.15.3", "torchmetrics==1.9.0", "fsspec==2026.9.0",
             "tqdm==4.70.1")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ----------------------------------------------------------------------------------------------------- ito-vision
def _denoiser(channels=3, conditional=True, with_target_time=False):
    """A small user network with the call signature ito-vision's parametrizations use: model(x, t, y, **kwargs)."""
    import torch
    from torch import nn

    class Denoiser(nn.Module):
        def __init__(self):
            super().__init__()
            in_channels = channels * (2 if conditional else 1)
            self.inp = nn.Conv2d(in_channels, 16, 3, padding=1)
            self.time = nn.Sequential(nn.Linear(2, 16), nn.SiLU(), nn.Linear(16, 16))
            self.mid = nn.Conv2d(16, 16, 3, padding=1)
            self.out = nn.Conv2d(16, channels, 3, padding=1)

        def forward(self, x, t, y=None, t_target=None, **conditioning):
            batch = x.shape[0]
            t = t.float().reshape(-1, 1).expand(batch, 1) if t.numel() == 1 else t.float().reshape(batch, 1)
            r = torch.zeros_like(t) if t_target is None else t_target.float().reshape(-1, 1).expand(batch, 1)
            if conditional:
                if y is None:
                    y = torch.zeros_like(x)
                elif y.shape[0] != batch:
                    y = y.repeat(batch // y.shape[0], 1, 1, 1)
                x = torch.cat([x, y], dim=1)
            h = torch.nn.functional.silu(self.inp(x))
            h = h + self.time(torch.cat([t, r], dim=1))[:, :, None, None]
            h = torch.nn.functional.silu(self.mid(h))
            return self.out(h)

    return Denoiser()


def _image_pair(batch=2, size=8):
    import torch

    clean = torch.rand(batch, 3, size, size) * 2 - 1
    degraded = (clean + 0.3 * torch.randn_like(clean)).clamp(-1, 1)
    return clean, degraded


def _train_step(method, model):
    import torch

    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x0, y):
        optimizer.zero_grad()
        loss = method.loss(model, x0, y)
        loss.backward()
        optimizer.step()
        return loss

    return step


def _sampler_fn(method, discretization, sampler, model, trajectory=False):
    def sample(x1, y):
        x, xs, preds = method.sample(discretization, sampler, model, x1, y, return_trajectory=trajectory)
        return x if xs is None else (x, xs, preds)

    return sample


def ito_ddbm_vp_train_step():
    _seed()
    from ito_vision.methods import DDBM_VP
    from ito_vision.parametrizations import DDBMParametrization
    from ito_vision.schedulers import LinearScheduler

    method = DDBM_VP(LinearScheduler(0.1, 2.0), parametrization=DDBMParametrization(0.5, 0.5, 0.25))
    model = _denoiser().train()
    return _train_step(method, model), [_image_pair()]


def ito_ddbm_vp_euler_maruyama():
    _seed()
    from ito_vision.discretizations import DDBMDiscretization
    from ito_vision.methods import DDBM_VP
    from ito_vision.parametrizations import DDBMParametrization
    from ito_vision.samplers import EulerMaruyamaSampler
    from ito_vision.schedulers import LinearScheduler

    method = DDBM_VP(LinearScheduler(0.1, 2.0), parametrization=DDBMParametrization(0.5, 0.5, 0.25))
    sampler = EulerMaruyamaSampler(N=4, Lambda=0.5, quiet=True)
    clean, degraded = _image_pair()
    return _sampler_fn(method, DDBMDiscretization(), sampler, _denoiser().eval()), [(degraded.clone(), degraded)]


def ito_irsde_train_and_sample():
    _seed()
    from ito_vision.discretizations import LinearDiscretization
    from ito_vision.methods import IRSDE
    from ito_vision.parametrizations import IdentityParametrization
    from ito_vision.samplers import EulerMaruyamaSampler
    from ito_vision.schedulers import CosineScheduler

    method = IRSDE(CosineScheduler(), tau=0.1, parametrization=IdentityParametrization("epsilon", "var_inv"))
    model = _denoiser().eval()
    clean, degraded = _image_pair()
    start = method.base_distribution(degraded)
    sample = _sampler_fn(method, LinearDiscretization(), EulerMaruyamaSampler(N=4, quiet=True), model)
    return sample, [(start, degraded)]


def ito_irsde_loss_step():
    _seed()
    from ito_vision.methods import IRSDE
    from ito_vision.parametrizations import IdentityParametrization
    from ito_vision.schedulers import CosineScheduler

    method = IRSDE(CosineScheduler(), tau=0.1, parametrization=IdentityParametrization("score", "t_inv"))
    return _train_step(method, _denoiser().train()), [_image_pair()]


def ito_goub_langevin_heun():
    _seed()
    from ito_vision.discretizations import KarrasDiscretization
    from ito_vision.methods import GOUB
    from ito_vision.samplers import LangevinHeunSampler
    from ito_vision.schedulers import QuadraticSymmetricScheduler

    method = GOUB(QuadraticSymmetricScheduler(0.1, 2.0))
    clean, degraded = _image_pair()
    sample = _sampler_fn(method, KarrasDiscretization(), LangevinHeunSampler(N=3, quiet=True), _denoiser().eval())
    return sample, [(degraded.clone(), degraded)]


def ito_resshift_ancestral_trajectory():
    _seed()
    from ito_vision.discretizations import LinearDiscretization
    from ito_vision.methods import ResShift
    from ito_vision.parametrizations import IdentityParametrization
    from ito_vision.samplers import AncestralSampler
    from ito_vision.schedulers import ExponentialScheduler

    method = ResShift(ExponentialScheduler(), tau=1.0, parametrization=IdentityParametrization("x0"))
    clean, degraded = _image_pair()
    start = method.base_distribution(degraded)
    sample = _sampler_fn(method, LinearDiscretization(), AncestralSampler(N=4, quiet=True), _denoiser().eval(),
                         trajectory=True)
    return sample, [(start, degraded)]


def ito_bbdm_rkddim():
    _seed()
    from ito_vision.discretizations import LinearDiscretization
    from ito_vision.methods import BBDM
    from ito_vision.samplers import RKDDIMSampler
    from ito_vision.schedulers import LinearScheduler

    method = BBDM(LinearScheduler())
    clean, degraded = _image_pair()
    sample = _sampler_fn(method, LinearDiscretization(), RKDDIMSampler(N=3, variant="ralston", quiet=True),
                         _denoiser().eval())
    return sample, [(degraded.clone(), degraded)]


def ito_i2sb_unidb_losses():
    _seed()
    from ito_vision.methods import I2SB, UniDB
    from ito_vision.parametrizations import IdentityParametrization
    from ito_vision.schedulers import QuadraticSymmetricScheduler

    i2sb = I2SB(QuadraticSymmetricScheduler(0.1, 1.0), parametrization=IdentityParametrization("epsilon"))
    unidb = UniDB(QuadraticSymmetricScheduler(0.1, 1.0), parametrization=IdentityParametrization("x0", "var_inv"))
    model = _denoiser().train()

    def losses(x0, y):
        return i2sb.loss(model, x0, y) + unidb.loss(model, x0, y)

    return losses, [_image_pair()]


def ito_indi_ddim():
    _seed()
    from ito_vision.discretizations import StableDiffusion3Discretization
    from ito_vision.methods import InDI
    from ito_vision.samplers import DDIMSampler
    from ito_vision.schedulers import ConstantScheduler

    method = InDI(ConstantScheduler())
    clean, degraded = _image_pair()
    start = method.base_distribution(degraded)
    sample = _sampler_fn(method, StableDiffusion3Discretization(), DDIMSampler(N=4, quiet=True), _denoiser().eval())
    return sample, [(start, degraded)]


def ito_flow_matching_cfg_rk2():
    torch = _seed()
    from ito_vision.discretizations import LinearDiscretization
    from ito_vision.methods import FlowMatching
    from ito_vision.parametrizations import ClassifierFreeGuidanceParametrization
    from ito_vision.samplers import RungeKutta2Sampler
    from ito_vision.schedulers import ConstantScheduler

    method = FlowMatching(ConstantScheduler(), parametrization=ClassifierFreeGuidanceParametrization(3.0, "v"))
    sample = _sampler_fn(method, LinearDiscretization(), RungeKutta2Sampler(N=3, variant="midpoint", quiet=True),
                         _denoiser(conditional=False).eval())

    def unconditional(x1):
        return sample(x1, None)

    return unconditional, [(torch.randn(2, 3, 8, 8),)]


def ito_ddpm_classifier_guidance():
    torch = _seed()
    from torch import nn
    from ito_vision.discretizations import LinearDiscretization
    from ito_vision.methods import DDPM
    from ito_vision.parametrizations import ClassifierGuidanceParametrization
    from ito_vision.samplers import MeanODESampler
    from ito_vision.schedulers import LinearScheduler

    class NoisyClassifier(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.SiLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                                     nn.Linear(8, 4))

        def forward(self, x, t):
            return self.net(x)

    method = DDPM(LinearScheduler(0.1, 5.0),
                  parametrization=ClassifierGuidanceParametrization(NoisyClassifier(), 2.0, "epsilon"))
    model = _denoiser(conditional=False).eval()
    discretization = LinearDiscretization()
    sampler = MeanODESampler(N=3, quiet=True)

    def sample(x1, labels):
        x, _, _ = method.sample(discretization, sampler, model, x1, None, class_cond=labels)
        return x

    return sample, [(torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))]


def ito_mean_flow_train_step():
    _seed()
    from ito_vision.methods import MeanFlow
    from ito_vision.schedulers import ConstantScheduler

    method = MeanFlow(ConstantScheduler(), flow_ratio=0.5)
    model = _denoiser(conditional=False).train()
    return _train_step(method, model), [_image_pair()]


def ito_imf_train_step():
    _seed()
    from ito_vision.methods import IMF
    from ito_vision.schedulers import LinearScheduler

    method = IMF(LinearScheduler())
    model = _denoiser(conditional=False).train()
    return _train_step(method, model), [_image_pair()]


# ---------------------------------------------------------------------------------------------------------- diveq
def diveq_train_forward():
    torch = _seed()
    from diveq import DIVEQ

    quantizer = DIVEQ(16, 4, replacement_iters=2, allow_warning=False, verbose=False).train()
    return quantizer, [(torch.randn(32, 4),), (torch.randn(32, 4),)]


def diveq_inference():
    torch = _seed()
    from diveq import DIVEQ

    quantizer = DIVEQ(16, 4, allow_warning=False).eval()

    def quantize(z):
        return quantizer.inference(z)

    return quantize, [(torch.randn(32, 4),)]


def diveq_detach_train_forward():
    torch = _seed()
    from diveq import DIVEQDetach

    quantizer = DIVEQDetach(16, 4, replacement_iters=2, allow_warning=False, verbose=True).train()
    return quantizer, [(torch.randn(32, 4),), (torch.randn(32, 4),)]


def diveq_sf_train_forward():
    torch = _seed()
    from diveq import SFDIVEQ

    quantizer = SFDIVEQ(16, 4, skip_iters=2, avg_iters=1, allow_warning=False).train()
    return quantizer, [(torch.randn(32, 4),), (torch.randn(32, 4),), (torch.randn(32, 4),)]


def diveq_sf_detach_inference():
    torch = _seed()
    from diveq import SFDIVEQDetach

    quantizer = SFDIVEQDetach(16, 4, skip_iters=2, avg_iters=1, allow_warning=False).eval()

    def quantize(z):
        return quantizer.inference(z)

    return quantize, [(torch.randn(32, 4),)]


def diveq_residual_train_forward():
    torch = _seed()
    from diveq import ResidualDIVEQ

    quantizer = ResidualDIVEQ(16, 4, 3, replacement_iters=2, allow_warning=False, verbose=False).train()
    return quantizer, [(torch.randn(32, 4),), (torch.randn(32, 4),)]


def diveq_residual_sf_train_forward():
    torch = _seed()
    from diveq import ResidualSFDIVEQ

    quantizer = ResidualSFDIVEQ(16, 4, 2, skip_iters=2, avg_iters=1, replacement_iters=1, allow_warning=False,
                                verbose=False).train()
    return quantizer, [(torch.randn(32, 4),), (torch.randn(32, 4),), (torch.randn(32, 4),)]


def diveq_product_inference():
    torch = _seed()
    from diveq import ProductDIVEQ, ProductSFDIVEQ

    product = ProductDIVEQ(16, 8, 2, allow_warning=False).eval()
    product_sf = ProductSFDIVEQ(16, 8, 2, skip_iters=2, avg_iters=1, replacement_iters=1, allow_warning=False).eval()

    def quantize(z):
        return product.inference(z), product_sf.inference(z)

    return quantize, [(torch.randn(32, 8),)]


def diveq_product_train_forward():
    torch = _seed()
    from diveq import ProductDIVEQ

    quantizer = ProductDIVEQ(16, 8, 2, replacement_iters=2, allow_warning=False, verbose=False).train()
    return quantizer, [(torch.randn(32, 8),), (torch.randn(32, 8),)]


def diveq_autoencoder_train_step():
    torch = _seed()
    from torch import nn
    from diveq import DIVEQ

    encoder = nn.Sequential(nn.Conv2d(3, 8, 4, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 4, 1))
    decoder = nn.Sequential(nn.ConvTranspose2d(4, 8, 4, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 3, 1))
    quantizer = DIVEQ(32, 4, allow_warning=False, verbose=False)
    parameters = [*encoder.parameters(), *decoder.parameters(), *quantizer.parameters()]
    optimizer = torch.optim.Adam(parameters, lr=1e-3)

    def step(images):
        optimizer.zero_grad()
        z = encoder(images)
        b, c, h, w = z.shape
        flat = z.permute(0, 2, 3, 1).reshape(-1, c)
        z_q, indices, perplexity = quantizer(flat)
        recon = decoder(z_q.reshape(b, h, w, c).permute(0, 3, 1, 2))
        loss = torch.nn.functional.mse_loss(recon, images)
        loss.backward()
        optimizer.step()
        return loss, perplexity

    return step, [(torch.rand(2, 3, 8, 8),)]


# ------------------------------------------------------------------------------------------------------ nd-vq-vae
def _vqvae(n_dims=2, res_layers=1):
    from nd_vq_vae import NDimVQVAE

    downsample = [4] * n_dims
    return NDimVQVAE(embedding_dim=8, n_codes=16, n_dims=n_dims, downsample=downsample, n_hiddens=16,
                     n_res_layers=res_layers, codebook_beta=0.25, input_shape=[32] * n_dims)


def ndvq_eval_2d():
    torch = _seed()
    model = _vqvae().eval()
    model.codebook._need_init = False
    return model, [(torch.rand(2, 3, 32, 32) - 0.5,)]


def ndvq_train_forward_2d():
    torch = _seed()
    model = _vqvae().train()
    return model, [(torch.rand(2, 3, 32, 32) - 0.5,), (torch.rand(2, 3, 32, 32) - 0.5,)]


def ndvq_train_step_1d():
    torch = _seed()
    model = _vqvae(n_dims=1).train()
    optimizer = model.configure_optimizers()

    def step(x):
        optimizer.zero_grad()
        recon_loss, _, vq_output = model(x)
        loss = recon_loss + vq_output["commitment_loss"]
        loss.backward()
        optimizer.step()
        return loss, vq_output["perplexity"]

    return step, [(torch.rand(2, 3, 32) - 0.5,)]


def ndvq_encode_decode():
    torch = _seed()
    model = _vqvae().eval()
    model.codebook._need_init = False

    def roundtrip(x):
        codes = model.encode(x)
        return codes, model.decode(codes)

    return roundtrip, [(torch.rand(2, 3, 32, 32) - 0.5,)]


# ------------------------------------------------------------------------------------------------------ mlconfgen
def _mlconfgen():
    import mlconfgen

    return mlconfgen


def _edm(timesteps=3):
    _mlconfgen()
    from mlconfgen.egnn import EGNNDynamics
    from mlconfgen.equivariant_diffusion import EquivariantDiffusion

    dynamics = EGNNDynamics(in_node_nf=9, context_node_nf=3, hidden_nf=16)
    return EquivariantDiffusion(dynamics=dynamics, in_node_nf=8, timesteps=timesteps, noise_precision=1e-5)


def _molecule_batch(batch=2, max_nodes=6):
    import torch
    from mlconfgen.utils.mol_utils import prepare_masks

    node_mask, edge_mask = prepare_masks(torch.tensor([5, 6])[:batch], max_nodes, torch.device("cpu"))
    context = torch.randn(3).unsqueeze(0).expand(batch, -1).unsqueeze(1).expand(-1, max_nodes, -1) * node_mask
    return node_mask, edge_mask, context


def mlconfgen_edm_sample():
    _seed()
    model = _edm().eval()
    return model, [_molecule_batch()]


def mlconfgen_edm_resample():
    _seed()
    model = _edm().eval()

    def generate(node_mask, edge_mask, context):
        return model(node_mask, edge_mask, context, resample_steps=1)

    return generate, [_molecule_batch()]


def mlconfgen_edm_inpaint():
    torch = _seed()
    model = _edm().eval()
    node_mask, edge_mask, context = _molecule_batch()
    z_known = torch.randn(2, 6, 11) * node_mask
    fixed_mask = torch.zeros(2, 6, 1)
    fixed_mask[:, :3] = 1.0

    def inpaint(node_mask, edge_mask, context, z_known, fixed_mask):
        return model.inpaint(node_mask, edge_mask, context, z_known, fixed_mask, resample_steps=1)

    return inpaint, [(node_mask, edge_mask, context, z_known, fixed_mask)]


def mlconfgen_edm_merge_fragments():
    torch = _seed()
    model = _edm().eval()
    node_mask, edge_mask, context = _molecule_batch()
    z_seed = torch.randn(2, 6, 11) * node_mask

    def merge(node_mask, edge_mask, context, z_seed):
        return model.ifm_merge_fragments(node_mask, edge_mask, context, z_seed, diffusion_level=2)

    return merge, [(node_mask, edge_mask, context, z_seed)]


def mlconfgen_edm_teach():
    torch = _seed()
    model = _edm().eval()
    node_mask, edge_mask, context = _molecule_batch()
    z = model.sample_combined_position_feature_noise(2, 6, node_mask)

    def teach(z, node_mask, edge_mask, context):
        return model.teach(z, node_mask, edge_mask, context)

    return teach, [(z, node_mask, edge_mask, context)]


def mlconfgen_flow_matching_train_step():
    torch = _seed()
    _mlconfgen()
    from mlconfgen.egnn import EGNNDynamics
    from mlconfgen.equivariant_flow_matching import EquivariantFlowMatching

    model = EquivariantFlowMatching(EGNNDynamics(in_node_nf=9, context_node_nf=3, hidden_nf=16), in_node_nf=8)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    node_mask, edge_mask, context = _molecule_batch()
    x0 = model.sample_combined_position_feature_noise(2, 6, node_mask)
    x1 = torch.randn(2, 6, 11) * node_mask

    def step(x0, x1, node_mask, edge_mask, context):
        optimizer.zero_grad()
        loss = model.compute_loss(x0, x1, node_mask, edge_mask, context)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(x0, x1, node_mask, edge_mask, context)]


def mlconfgen_adj_mat_seer():
    torch = _seed()
    _mlconfgen()
    from mlconfgen.adj_mat_seer import AdjMatSeer

    model = AdjMatSeer(dimension=8, n_hidden=32, embedding_dim=16, num_embeddings=10, num_bond_types=5).eval()
    elements = torch.randint(0, 10, (2, 8))
    dist_mat = torch.rand(2, 8, 8)
    adj_mat = (torch.rand(2, 8, 8) > 0.5).float()
    return model, [(elements, dist_mat, adj_mat)]


def mlconfgen_rl_adapter():
    torch = _seed()
    _mlconfgen()
    from mlconfgen.rl_fine_tuning import EDMAdapter

    adapter = EDMAdapter(h_dim=8).train()
    node_mask, edge_mask, _ = _molecule_batch()
    x = torch.randn(2, 6, 3) * node_mask
    h = torch.randn(2, 6, 8) * node_mask

    def update(x, h, edge_mask, node_mask):
        return adapter(x, h, edge_mask, node_mask, sample=True)

    return update, [(x, h, edge_mask, node_mask)]


PACKAGES: Tuple[Package, ...] = (
    Package("ito-vision==0.1.0", "ito_vision", {
        "ddbm_vp_train_step": ito_ddbm_vp_train_step,
        "ddbm_vp_euler_maruyama": ito_ddbm_vp_euler_maruyama,
        "irsde_sample": ito_irsde_train_and_sample,
        "irsde_loss_step": ito_irsde_loss_step,
        "goub_langevin_heun": ito_goub_langevin_heun,
        "resshift_ancestral_trajectory": ito_resshift_ancestral_trajectory,
        "bbdm_rkddim": ito_bbdm_rkddim,
        "i2sb_unidb_losses": ito_i2sb_unidb_losses,
        "indi_ddim": ito_indi_ddim,
        "flow_matching_cfg_rk2": ito_flow_matching_cfg_rk2,
        "ddpm_classifier_guidance": ito_ddpm_classifier_guidance,
        "mean_flow_train_step": ito_mean_flow_train_step,
        "imf_train_step": ito_imf_train_step},
        roots=("ito_vision.methods.*:*.loss", "ito_vision.methods.*:*.sample"),
        dependencies=("tqdm==4.70.1",)),
    Package("diveq==0.1.3", "diveq", {
        "diveq_train_forward": diveq_train_forward,
        "diveq_inference": diveq_inference,
        "detach_train_forward": diveq_detach_train_forward,
        "sf_train_forward": diveq_sf_train_forward,
        "sf_detach_inference": diveq_sf_detach_inference,
        "residual_train_forward": diveq_residual_train_forward,
        "residual_sf_train_forward": diveq_residual_sf_train_forward,
        "product_inference": diveq_product_inference,
        "product_train_forward": diveq_product_train_forward,
        "autoencoder_train_step": diveq_autoencoder_train_step},
        roots=("diveq.*:*.inference",)),
    Package("nd-vq-vae==1.0.3", "nd_vq_vae", {
        "eval_2d": ndvq_eval_2d,
        "train_forward_2d": ndvq_train_forward_2d,
        "train_step_1d": ndvq_train_step_1d,
        "encode_decode": ndvq_encode_decode},
        roots=("nd_vq_vae.vqvae_ndim:NDimVQVAE.encode", "nd_vq_vae.vqvae_ndim:NDimVQVAE.decode"),
        dependencies=("einops==0.8.2", *LIGHTNING)),
    Package("mlconfgen==0.6.1", "mlconfgen", {
        "edm_sample": mlconfgen_edm_sample,
        "edm_resample": mlconfgen_edm_resample,
        "edm_inpaint": mlconfgen_edm_inpaint,
        "edm_merge_fragments": mlconfgen_edm_merge_fragments,
        "edm_teach": mlconfgen_edm_teach,
        "flow_matching_train_step": mlconfgen_flow_matching_train_step,
        "adj_mat_seer": mlconfgen_adj_mat_seer,
        "rl_adapter": mlconfgen_rl_adapter},
        roots=("mlconfgen.equivariant_diffusion:EquivariantDiffusion.inpaint",
               "mlconfgen.equivariant_diffusion:EquivariantDiffusion.ifm_merge_fragments",
               "mlconfgen.equivariant_diffusion:EquivariantDiffusion.teach",
               "mlconfgen.equivariant_flow_matching:EquivariantFlowMatching.compute_loss"),
        dependencies=("rdkit==2026.9.1",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
