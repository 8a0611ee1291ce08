"""Held-out group 63 of the evaluation: diffusion and flow-matching model code written in the style of diffusers
without it (a DDPM process with cosine and linear beta tables, v / eps / x0 prediction, min-SNR weighting and DDIM /
ancestral sampling with RePaint inpainting; rectified flow with logit-normal times, Euler and Heun samplers and
minibatch optimal-transport pairing; 1-d UNets, DiTs and S4D state-space denoisers with sinusoidal timestep
embeddings, AdaGN / adaLN-zero modulation and masked cross-attention to condition tokens; classifier-free guidance
over a composite conditioner with null embeddings and condition dropout; a conditional VAE; a mixture of
flow-matching experts with a top-k router; and function-space flow matching with RK4 transport), from packages no
rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout63_targets.py \
        --site benchmarks/eval/.packages-heldout63 --suffix heldout63 --jobs 1

ECG generation (ecgen): the registered backbones at small sizes (UNet1d plain and with vector, token and dense
conditions; DiT1d with masked cross-attention; the S4D backbone with FFT convolutions), the DDPM and rectified-flow
processes on their own (training pairs, DDIM deterministic and ancestral, RePaint and replace inpainting, Heun,
optimal-transport pairing), the diffusion family's training loss with conditioning and CFG dropout, its whole
sampling pipeline with classifier-free guidance and EMA weights, the composite conditioner, and the conditional VAE;
flow matching over a DiT cross-attending to hashed report words (training step, and seeded Heun sampling with
guidance), latent diffusion over a frozen VAE (training step that fixes the latent scale on the first batch, and
sampling), a VQ-VAE, guided autoregressive sampling from its PixelCNN prior, and the WaveGAN critic with phase
shuffle.
Flow-matching mixture of experts (mixture-of-flows): the MoE layer in training (auxiliary losses) and inference, and
one expert's Euler flow. Function-space flows (funcyflows): the flow-matching objective with independent and
optimal-transport coupling, RK4 transport (sampling) and the density (log Radon-Nikodym) solve, over a linear field
plus a time-conditioned matrix field and a pointwise FFT grid field; the density of a multi-layer operator field
(Hutchinson trace estimate), and preconditioned Crank-Nicolson posterior sampling in the flow's latent space.
Brain-conditioned generation (cortexflowx): latent flow matching over a 2-d DiT (adaLN modulation, QK-norm, cross-
attention to brain tokens) with a VAE, trained with condition dropout into learned null embeddings and sampled with
classifier-free guidance by the midpoint solver, several samples per input with perturbed conditions; the same for
mel spectrograms over a 1-d DiT; the DiT and the VAE on their own.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: dit-ml, fluidflow (require timm), rectified-flow, consistency, campd, ksana-dit (diffusers),
video-diffusion-pytorch, visage-image, torchdiff, diffusion-model-framework, iddm (transformers); hdit (mostly
k-diffusion's code, which another group names); squidiff (improved-diffusion's gaussian_diffusion, like
guided-diffusion-sdk of another group); fusions (JAX); cvdm (TensorFlow); skrample, mmdit-pytorch, ddpm (no
installable wheel); easy-unet (a segmentation UNet with no timestep); weatherflow (cartopy, netCDF, web
servers); d3-dna (omegaconf, h5py). cortexflowx's Griffin-Lim vocoder and trainer loop are not run. ecgen's families import pytorch-lightning and
its data module pandas at module level (installed as pinned dependencies); its text encoder's pretrained model,
data sets, plotting and CLI are never run. funcyflows' examples need matplotlib and are not run (the targets build
the flow the way their make_flow does).
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


# ----------------------------------------------------------------------------------------------------------- ecgen
_LEADS, _LENGTH = 2, 64


def _unet(**kwargs):
    from ecgen.nn.backbones.unet1d import UNet1d

    return UNet1d(in_channels=_LEADS, base_channels=16, channel_mults=(1, 2), num_res_blocks=1, attn_levels=(1,),
                  heads=2, **kwargs)


def _conditions(torch, batch=2):
    """A vector, two condition tokens with the second masked out, and a dense map at half the signal's length."""
    from ecgen.types import ConditionOutput

    mask = torch.tensor([[True, False]] * batch)
    return ConditionOutput(vector=torch.randn(batch, 8), tokens=torch.randn(batch, 2, 8), tokens_mask=mask,
                           dense=torch.randn(batch, 1, _LENGTH // 2))


def ecgen_unet_denoise():
    torch = _seed()
    model = _unet().eval()

    def denoise(x, t):
        return model(x, t)

    return denoise, [(torch.randn(2, _LEADS, _LENGTH), torch.tensor([10.0, 500.0]))]


def ecgen_unet_conditioned():
    torch = _seed()
    model = _unet(cond_dim=8, context_dim=8, dense_channels=1).eval()
    cond = _conditions(torch)

    def denoise(x, t):
        return model(x, t, cond)

    return denoise, [(torch.randn(2, _LEADS, _LENGTH), torch.tensor([3.0, 900.0]))]


def ecgen_dit_denoise():
    torch = _seed()
    from ecgen.nn.backbones.dit1d import DiT1d

    model = DiT1d(in_channels=_LEADS, patch_size=8, dim=32, depth=2, heads=2, cond_dim=8, context_dim=8,
                  dense_channels=1).eval()
    cond = _conditions(torch)

    def denoise(x, t):
        return model(x, t, cond)

    return denoise, [(torch.randn(2, _LEADS, _LENGTH), torch.tensor([250.0, 750.0]))]


def ecgen_ssm_denoise():
    torch = _seed()
    from ecgen.nn.backbones.ssm import SSMBackbone

    model = SSMBackbone(in_channels=_LEADS, channels=16, depth=2, state_size=8, cond_dim=8).eval()
    from ecgen.types import ConditionOutput

    cond = ConditionOutput(vector=torch.randn(2, 8))

    def denoise(x, t):
        return model(x, t, cond)

    return denoise, [(torch.randn(2, _LEADS, _LENGTH), torch.tensor([1.0, 40.0]))]


def ecgen_ddpm_training_pair():
    torch = _seed()
    from ecgen.processes import DDPMProcess

    processes = [DDPMProcess(num_steps=100, schedule="cosine", prediction=p) for p in ("eps", "v", "x0")]
    linear = DDPMProcess(num_steps=100, schedule="linear", prediction="v", min_snr_gamma=None)

    def pairs(x0, noise):
        out = [p.training_pair(x0, noise) for p in processes + [linear]]
        return [(pair.xt, pair.t, pair.target, pair.weight) for pair in out]

    return pairs, [(torch.randn(3, _LEADS, _LENGTH), torch.randn(3, _LEADS, _LENGTH))]


def _denoiser(torch):
    model = _unet().eval()
    return lambda x, t: model(x, t)


def ecgen_ddim_sample():
    torch = _seed()
    from ecgen.processes import DDPMProcess

    process = DDPMProcess(num_steps=100, prediction="v", clip_x0=5.0)
    model_fn = _denoiser(torch)

    def sample(eta):
        return process.sample(model_fn, (2, _LEADS, _LENGTH), steps=4, eta=eta)

    return sample, [(0.0,), (1.0,)]


def ecgen_ddim_repaint():
    torch = _seed()
    from ecgen.processes import DDPMProcess, Inpainting

    process = DDPMProcess(num_steps=100, prediction="eps")
    model_fn = _denoiser(torch)
    mask = torch.zeros(2, _LEADS, _LENGTH)
    mask[:, :, : _LENGTH // 2] = 1.0

    def inpaint(obs):
        return process.sample(model_fn, (2, _LEADS, _LENGTH), steps=3, inpaint=Inpainting(obs, mask, "repaint", 2))

    return inpaint, [(torch.randn(2, _LEADS, _LENGTH),)]


def ecgen_flow_sample():
    torch = _seed()
    from ecgen.processes import Inpainting, RectifiedFlowProcess

    process = RectifiedFlowProcess(solver="heun")
    model_fn = _denoiser(torch)
    mask = torch.zeros(2, _LEADS, _LENGTH)
    mask[:, 0] = 1.0

    def sample(obs):
        return process.sample(model_fn, (2, _LEADS, _LENGTH), steps=3, inpaint=Inpainting(obs, mask, "replace"))

    return sample, [(torch.randn(2, _LEADS, _LENGTH),)]


def ecgen_flow_ot_training_pair():
    torch = _seed()
    from ecgen.processes import RectifiedFlowProcess

    process = RectifiedFlowProcess(t_sampling="uniform", sigma_min=1e-3, ot_coupling=True)

    def pair(x1, noise):
        out = process.training_pair(x1, noise)
        return out.xt, out.t, out.target

    return pair, [(torch.randn(4, _LEADS, _LENGTH), torch.randn(4, _LEADS, _LENGTH))]


_CONDITIONING = {
    "encoders": [{"field": "rhythm", "name": "categorical", "params": {"num_classes": 4, "dim": 8}},
                 {"field": "measurements", "name": "numeric",
                  "params": {"num_features": 3, "dim": 8, "as_tokens": True}}],
    "vector_dim": 8,
    "token_dim": 8,
    "dropout": {"rhythm": 0.2, "measurements": 0.2},
}


def _diffusion_module(torch, **config):
    from ecgen.families.continuous import DiffusionModule

    backbone = {"name": "unet1d", "params": {"base_channels": 16, "channel_mults": (1, 2), "num_res_blocks": 1,
                                            "attn_levels": (1,), "heads": 2}}
    module = DiffusionModule(in_channels=_LEADS, backbone=backbone, conditioning=_CONDITIONING,
                             process={"name": "ddpm", "params": {"num_steps": 100}}, **config)
    module.set_data_info({"seq_length": _LENGTH, "lead_names": ["I", "II"], "fs": 100})
    return module


def _ecg_batch(torch, batch=3):
    from ecgen.types import ECGBatch

    measurements = torch.randn(batch, 3)
    return ECGBatch(signal=torch.randn(batch, _LEADS, _LENGTH), lead_names=["I", "II"], fs=100,
                    cond={"rhythm": torch.tensor([0, 2, -1])[:batch], "measurements": measurements},
                    cond_missing={"measurements": torch.rand(batch, 3) < 0.3})


def ecgen_diffusion_train_step():
    torch = _seed()
    module = _diffusion_module(torch).train()

    def step(batch):
        loss = module._loss(batch)
        loss.backward()
        return loss

    return step, [(_ecg_batch(torch),)]


def ecgen_guided_sampling():
    """The whole sampling pipeline: conditions encoded with and without nulls, classifier-free guidance, EMA."""
    torch = _seed()
    module = _diffusion_module(torch, guidance=2.0, sample_steps=3)

    def generate(rhythm):
        return module.sample(n_samples=2, cond={"rhythm": rhythm, "measurements": torch.randn(2, 3)}, seed=None)

    return generate, [(torch.tensor([1, 3]),)]


def ecgen_conditioner():
    torch = _seed()
    from ecgen.conditioning import build_conditioner

    conditioner = build_conditioner(_CONDITIONING).train()
    batch = _ecg_batch(torch)

    def encode(cond, missing):
        out = conditioner(cond, missing, batch_size=3)
        return out.vector, out.tokens, out.tokens_mask

    return encode, [(batch.cond, batch.cond_missing)]


def ecgen_vae():
    torch = _seed()
    from ecgen.families.vae.vae_1d import VAE1D

    model = VAE1D(in_channels=_LEADS, base_channels=16, latent_channels=4, channel_multipliers=(1, 2),
                  num_res_blocks=1, cond_dim=8, learned_prior=True).train()

    def reconstruct(x, c):
        return model(x, c)

    return reconstruct, [(torch.randn(2, _LEADS, _LENGTH), torch.randn(2, 8))]


_TEXT_CONDITIONING = {
    "encoders": [{"field": "report", "name": "text_hash", "params": {"dim": 8, "vocab_size": 64, "max_tokens": 6}}],
    "token_dim": 8,
    "dropout": {"report": 0.1},
}


def _flow_module(torch):
    """Flow matching over a DiT that cross-attends to hashed report words."""
    from ecgen.families.continuous import FlowMatchingModule

    backbone = {"name": "dit1d", "params": {"patch_size": 8, "dim": 16, "depth": 1, "heads": 2}}
    module = FlowMatchingModule(in_channels=_LEADS, backbone=backbone, conditioning=_TEXT_CONDITIONING,
                                guidance=3.0, sample_steps=3)
    module.set_data_info({"seq_length": _LENGTH, "lead_names": ["I", "II"], "fs": 100})
    return module


def ecgen_text_flow_train_step():
    torch = _seed()
    from ecgen.types import ECGBatch

    module = _flow_module(torch).train()
    batch = ECGBatch(signal=torch.randn(2, _LEADS, _LENGTH), lead_names=["I", "II"], fs=100,
                     cond={"report": ["sinus rhythm", "atrial fibrillation with rapid response"]})

    def step(batch):
        loss = module._loss(batch)
        loss.backward()
        return loss

    return step, [(batch,)]


def ecgen_text_flow_seeded_sampling():
    torch = _seed()
    module = _flow_module(torch)

    def generate(seed):
        return module.sample(n_samples=2, cond={"report": "sinus bradycardia"}, seed=seed, solver="heun")

    return generate, [(7,)]


def _latent_module(torch):
    from ecgen.families.continuous import LatentDiffusionModule

    autoencoder = {"in_channels": _LEADS, "base_channels": 8, "latent_channels": 4, "channel_multipliers": (1, 2),
                   "num_res_blocks": 1}
    backbone = {"name": "unet1d", "params": {"base_channels": 16, "channel_mults": (1, 2), "num_res_blocks": 1,
                                            "attn_levels": (1,), "heads": 2}}
    module = LatentDiffusionModule(in_channels=_LEADS, autoencoder_config=autoencoder, backbone=backbone,
                                   process={"name": "ddpm", "params": {"num_steps": 50}}, sample_steps=2)
    module.set_data_info({"seq_length": _LENGTH, "lead_names": ["I", "II"], "fs": 100})
    return module


def ecgen_latent_diffusion_train_step():
    torch = _seed()
    module = _latent_module(torch).train()

    def step(signal):
        loss = module._loss(signal)
        loss.backward()
        return loss

    return step, [(torch.randn(2, _LEADS, _LENGTH),)]


def ecgen_latent_diffusion_sampling():
    torch = _seed()
    module = _latent_module(torch)
    module.latent_scale.fill_(0.5)

    def generate():
        return module.sample(n_samples=2, seed=None, use_ema=False)

    return generate, [()]


def ecgen_vqvae():
    torch = _seed()
    from ecgen.families.vqvae.vqvae_1d import VQVAE1D

    model = VQVAE1D(in_channels=_LEADS, base_channels=8, latent_channels=4, channel_multipliers=(1, 2),
                    num_res_blocks=1, num_embeddings=16).train()

    def reconstruct(x):
        return model(x)

    return reconstruct, [(torch.randn(2, _LEADS, _LENGTH),)]


def ecgen_pixelcnn_guided_prior():
    torch = _seed()
    from ecgen.families.vqvae.pixelcnn_prior import PixelCNNPrior

    prior = PixelCNNPrior(num_embeddings=16, hidden_dim=8, num_layers=3, cond_dim=4).eval()

    def sample(c):
        return prior.sample(batch_size=2, latent_length=5, device="cpu", c=c, c_uncond=torch.zeros_like(c),
                            guidance=2.0)

    return sample, [(torch.randn(2, 4),)]


def ecgen_wavegan_discriminator():
    torch = _seed()
    from ecgen.families.gan.pulse2pulse import WaveGANDiscriminator

    critic = WaveGANDiscriminator(model_size=2, num_channels=_LEADS, shift_factor=2).train()

    def score(x):
        return critic(x)

    return score, [(torch.randn(2, _LEADS, 2048),)]


# ------------------------------------------------------------------------------------------------ mixture-of-flows
def _moe(num_experts=4):
    from mixture_of_flows import FlowMatchingMoE, FlowMatchingMoEConfig

    return FlowMatchingMoE(FlowMatchingMoEConfig(input_dim=8, hidden_dim=16, num_experts=num_experts, num_selected=2,
                                                 flow_steps=3, time_embed_dim=8))


def moe_train_step():
    torch = _seed()
    layer = _moe().train()

    def step(x):
        out, aux = layer(x)
        loss = out.pow(2).mean() + aux
        loss.backward()
        return loss

    return step, [(torch.randn(2, 5, 8),)]


def moe_inference():
    torch = _seed()
    layer = _moe(num_experts=3).eval()

    def transform(x):
        return layer(x, return_aux_loss=False)[0]

    return transform, [(torch.randn(1, 6, 8),)]


def moe_expert_flow():
    torch = _seed()
    expert = _moe().experts[0].eval()

    def flow(x):
        return expert.flow_transform(x, steps=4)

    return flow, [(torch.randn(6, 8),)]


# ------------------------------------------------------------------------------------------------------ funcyflows
_MODES = 8


def _function_flow(torch, grid=True, num_steps=4):
    """A linear field plus a time-conditioned matrix field (and a pointwise grid field), as the examples' make_flow."""
    from FuncyFlows.base_measures import FourierBasis, GaussianReferenceMeasure
    from FuncyFlows.transports.continuous import (ContinuousTransformation, LinearField, MatrixField,
                                                  PointwiseField, SumField, TimeBasisConditioner)

    basis = FourierBasis(_MODES)
    measure = GaussianReferenceMeasure(basis, alpha=0.1, power=2.0)
    parts = [MatrixField(TimeBasisConditioner(_MODES, 16, num_time_modes=3), mode_scale=measure.scale)]
    if grid:
        parts.append(PointwiseField(basis, _MODES, 32, num_time_modes=3, num_field_modes=8, num_spectral_modes=4,
                                    mode_scale=measure.scale))
    field = SumField(LinearField(_MODES, num_time_modes=3), *parts)
    return ContinuousTransformation(measure, field, num_steps=num_steps), measure


def funcy_flow_matching_step():
    torch = _seed()
    from FuncyFlows.objectives import FlowMatching

    flow, measure = _function_flow(torch)
    data = measure.sample(32) * 2.0 + 1.0
    objective = FlowMatching(flow, data, batch_size=8, weights=1 / measure.scale)

    def step():
        loss = objective()
        loss.backward()
        return loss

    return step, [()]


def funcy_ot_flow_matching():
    torch = _seed()
    from FuncyFlows.objectives.flow_matching import straight_path_loss

    flow, measure = _function_flow(torch, grid=False)

    def loss(start, target):
        return straight_path_loss(flow.vector_field, start, target, flow.total_time, None, 1 / measure.scale,
                                  coupling="optimal")

    return loss, [(measure.sample(6), measure.sample(6) + 0.5)]


def funcy_transport():
    torch = _seed()
    flow, measure = _function_flow(torch)

    def transport(coeffs):
        return flow.transport(coeffs)

    return transport, [(measure.sample(4),)]


def funcy_density():
    torch = _seed()
    flow, measure = _function_flow(torch, num_steps=3)

    def log_density(coeffs):
        return flow.log_rn_at(coeffs)

    return log_density, [(measure.sample(4),)]


def funcy_operator_density():
    """The density of a multi-layer operator field, whose Jacobian trace is estimated (Hutchinson)."""
    torch = _seed()
    from FuncyFlows.base_measures import FourierBasis, GaussianReferenceMeasure
    from FuncyFlows.transports.continuous import ContinuousTransformation, OperatorField

    basis = FourierBasis(_MODES)
    measure = GaussianReferenceMeasure(basis, alpha=0.1, power=2.0)
    field = OperatorField(basis, _MODES, 32, num_channels=2, num_layers=2, num_time_modes=3, num_spectral_modes=4,
                          mode_scale=measure.scale)
    flow = ContinuousTransformation(measure, field, num_steps=2, method="euler")

    def log_density(coeffs):
        return flow.log_rn_at(coeffs)

    return log_density, [(measure.sample(3),)]


def funcy_latent_pcn():
    torch = _seed()
    from FuncyFlows.samplers import latent_pcn

    flow, measure = _function_flow(torch, grid=False, num_steps=2)
    observed = measure.sample(1)[0]

    def potential(coeffs):
        return 0.5 * ((coeffs[:, :3] - observed[:3]) ** 2).sum(-1) / 0.01

    def posterior():
        return latent_pcn(flow, potential, num_chains=4, num_steps=3, beta=0.3, burn=1, adapt_to=0.25,
                          progress=False)

    return posterior, [()]


# ------------------------------------------------------------------------------------------------------ cortexflowx
_VOXELS = 64


def _brain2img(torch):
    from cortexflow import Brain2Image
    from cortexflow._types import DiTConfig, FlowConfig, VAEConfig

    dit = DiTConfig(hidden_dim=16, depth=2, num_heads=2, patch_size=2, cond_dim=16)
    return Brain2Image(n_voxels=_VOXELS, img_size=16, dit_config=dit, vae_config=VAEConfig(hidden_dims=[8, 8]),
                       flow_config=FlowConfig(num_steps=3, solver="midpoint"), n_brain_tokens=4)


def _brain(torch, batch=2):
    from cortexflow import BrainData
    from cortexflow.brain_encoder import make_synthetic_brain_data

    return BrainData(voxels=make_synthetic_brain_data(batch, _VOXELS))


def cortex_image_train_step():
    torch = _seed()
    model = _brain2img(torch).train()

    def step(images, brain):
        loss = model.training_loss(images, brain, cfg_dropout=0.5)
        loss.backward()
        return loss

    return step, [(torch.rand(4, 3, 16, 16), _brain(torch, 4))]


def cortex_image_reconstruct():
    torch = _seed()
    model = _brain2img(torch).eval()

    def reconstruct(brain):
        return model.reconstruct(brain, num_steps=2, cfg_scale=3.0, num_samples=2, brain_noise=0.2).output

    return reconstruct, [(_brain(torch),)]


def cortex_dit():
    torch = _seed()
    from cortexflow import DiffusionTransformer
    from cortexflow._types import DiTConfig

    model = DiffusionTransformer(DiTConfig(in_channels=4, hidden_dim=16, depth=2, num_heads=2, cond_dim=8),
                                 img_size=8).eval()

    def velocity(x, t, brain_global, brain_tokens):
        return model(x, t, brain_global, brain_tokens)

    return velocity, [(torch.randn(2, 4, 8, 8), torch.rand(2), torch.randn(2, 8), torch.randn(2, 3, 8))]


def _brain2audio(torch):
    from cortexflow import Brain2Audio

    return Brain2Audio(n_voxels=_VOXELS, n_mels=8, audio_len=16, hidden_dim=16, depth=1, num_heads=2)


def cortex_audio_train_step():
    torch = _seed()
    model = _brain2audio(torch).train()

    def step(mel, brain):
        loss = model.training_loss(mel, brain)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 8, 16), _brain(torch))]


def cortex_audio_reconstruct():
    torch = _seed()
    model = _brain2audio(torch).eval()

    def reconstruct(brain):
        return model.reconstruct(brain, num_steps=2, cfg_scale=2.0).output

    return reconstruct, [(_brain(torch),)]


def cortex_vae():
    torch = _seed()
    from cortexflow import LatentVAE
    from cortexflow._types import VAEConfig

    vae = LatentVAE(VAEConfig(hidden_dims=[8, 8])).train()

    def reconstruct(images):
        return vae(images)

    return reconstruct, [(torch.rand(2, 3, 16, 16),)]


PACKAGES: Tuple[Package, ...] = (
    Package("ecgen==1.1.0", "ecgen", {
        "unet_denoise": ecgen_unet_denoise,
        "unet_conditioned": ecgen_unet_conditioned,
        "dit_denoise": ecgen_dit_denoise,
        "ssm_denoise": ecgen_ssm_denoise,
        "ddpm_training_pair": ecgen_ddpm_training_pair,
        "ddim_sample": ecgen_ddim_sample,
        "ddim_repaint": ecgen_ddim_repaint,
        "flow_sample": ecgen_flow_sample,
        "flow_ot_training_pair": ecgen_flow_ot_training_pair,
        "diffusion_train_step": ecgen_diffusion_train_step,
        "guided_sampling": ecgen_guided_sampling,
        "conditioner": ecgen_conditioner,
        "vae": ecgen_vae,
        "text_flow_train_step": ecgen_text_flow_train_step,
        "text_flow_seeded_sampling": ecgen_text_flow_seeded_sampling,
        "latent_diffusion_train_step": ecgen_latent_diffusion_train_step,
        "latent_diffusion_sampling": ecgen_latent_diffusion_sampling,
        "vqvae": ecgen_vqvae,
        "pixelcnn_guided_prior": ecgen_pixelcnn_guided_prior,
        "wavegan_discriminator": ecgen_wavegan_discriminator},
        roots=("ecgen.processes.ddpm:DDPMProcess.training_pair", "ecgen.processes.ddpm:DDPMProcess.sample",
               "ecgen.processes.flow:RectifiedFlowProcess.training_pair",
               "ecgen.processes.flow:RectifiedFlowProcess.sample",
               "ecgen.families.continuous.module:ContinuousGenerativeModule._loss",
               "ecgen.families.continuous.module:ContinuousGenerativeModule.sample",
               "ecgen.families.vqvae.pixelcnn_prior:PixelCNNPrior.sample"),
        dependencies=("pytorch-lightning==2.6.6", "lightning-utilities==0.15.3", "torchmetrics==1.9.0",
                      "tqdm==4.70.1", "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6")),
    Package("mixture-of-flows==0.2.0", "mixture_of_flows", {
        "train_step": moe_train_step,
        "inference": moe_inference,
        "expert_flow": moe_expert_flow},
        roots=("mixture_of_flows.main:FlowMatchingExpert.flow_transform",)),
    Package("funcyflows==0.2.3", "FuncyFlows", {
        "flow_matching_step": funcy_flow_matching_step,
        "ot_flow_matching": funcy_ot_flow_matching,
        "transport": funcy_transport,
        "density": funcy_density,
        "operator_density": funcy_operator_density,
        "latent_pcn": funcy_latent_pcn},
        roots=("FuncyFlows.objectives.flow_matching:*",
               "FuncyFlows.transports.continuous.base_continuous:ContinuousTransformation.transport",
               "FuncyFlows.transports.continuous.base_continuous:ContinuousTransformation.log_rn_at",
               "FuncyFlows.samplers.latent_pcn:latent_pcn"),
        dependencies=("tqdm==4.70.1",)),
    Package("cortexflowx==0.4.0", "cortexflow", {
        "image_train_step": cortex_image_train_step,
        "image_reconstruct": cortex_image_reconstruct,
        "dit": cortex_dit,
        "audio_train_step": cortex_audio_train_step,
        "audio_reconstruct": cortex_audio_reconstruct,
        "vae": cortex_vae},
        roots=("cortexflow.brain2img:Brain2Image.training_loss", "cortexflow.brain2img:Brain2Image.reconstruct",
               "cortexflow.brain2audio:Brain2Audio.training_loss", "cortexflow.brain2audio:Brain2Audio.reconstruct",
               "cortexflow.flow_matching:RectifiedFlowMatcher.*")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
