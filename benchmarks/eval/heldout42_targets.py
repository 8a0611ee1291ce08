"""Held-out group 42 of the evaluation: diffusion and flow-matching generators in the style of the big diffusion
libraries (UNets conditioned on a timestep embedding and cross-attention to a text embedding, solvers stepped with
step(x, predicted_noise, step) over timestep and sigma tables indexed by the step, classifier-free guidance,
latent autoencoders, flow-matching and masked-diffusion interpolants, audio vocoders denoised by a noise schedule),
from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout42_targets.py \
        --site benchmarks/eval/.packages-heldout42 --suffix heldout42 --jobs 1

Refiners (refiners): a Stable Diffusion 1 model (LatentDiffusionModel: the solver's timestep table indexed by the
step, classifier-free guidance by doubling the batch and chunking) around a small UNet a user assembles from the
library's blocks (RangeEncoder timestep embedding, ResidualBlocks with injected RangeAdapter2d, CrossAttentionBlock2d
reading the text embedding from the chain's context, Downsample/Upsample with the residual accumulator), denoised
through the DDIM, DPM-Solver (multistep, its state kept between steps), Euler (sigmas, scaled model input) and LCM
solvers; the SD1 latent autoencoder decoding latents; a small CLIP text encoder tokenizing prompts; a DDPM training
loss with add_noise. BioNeMo MoCo (bionemo.moco): interpolants with time and prior distributions and noise schedules:
DDPM training loss and its sampling loop over a discrete inference schedule (step and step_ddim), continuous flow
matching trained and integrated with step over a linear schedule, VDM, and MDLM masked discrete diffusion.
E2-TTS (e2_tts_pytorch): flow-matching text-to-speech: the training loss (random span masking, condition dropout for
classifier-free guidance) and sampling through torchdiffeq's odeint with classifier-free guidance, and the duration
predictor. WaveGrad (wavegrad): the noise-level-conditioned vocoder, its learner's training step (noise levels
indexed by a random step, gradient scaler, clipping) and the inference loop over its noise schedule.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: diffusers and every package built on it or on transformers/timm (imagen-pytorch, dalle2-pytorch via
open-clip, voicebox-pytorch and naturalspeech2-pytorch via audiolm-pytorch, f5-tts, stable-audio-tools); every
package of targets.py or an earlier held-out group. Imports only code no target runs needs are stood in: torchaudio
(no wheel for this torch; e2-tts's mel front end and wavegrad's file I/O: the targets hand mels in), vocos (e2-tts's
default vocoder, turned off), matplotlib, accelerate, adam_atan2_pytorch, ema_pytorch and torch's tensorboard writer
(e2-tts's trainer, wavegrad's learner's summaries).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package, stand_in

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.67.1",
    "jaxtyping==0.3.11",
    "wadler-lindig==0.1.8",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _tensorboard_writer():
    import sys
    import types

    writer = types.ModuleType("torch.utils.tensorboard")  # summaries only: no target writes one
    writer.SummaryWriter = None
    sys.modules.setdefault("torch.utils.tensorboard", writer)


# ----------------------------------------------------------------------------------------------------------- refiners
def _tiny_unet():
    import refiners.fluxion.layers as fl
    from refiners.foundationals.latent_diffusion.cross_attention import CrossAttentionBlock2d
    from refiners.foundationals.latent_diffusion.range_adapter import RangeAdapter2d, RangeEncoder
    from refiners.foundationals.latent_diffusion.unet import (
        ResidualAccumulator, ResidualBlock, ResidualConcatenator)

    def attention(channels):
        return CrossAttentionBlock2d(channels=channels, context_embedding_dim=16, context_key="clip_text_embedding",
                                     num_attention_heads=2, num_groups=8, use_bias=False)

    class TinyUNet(fl.Chain):  # SD1UNet's layout at a size a CPU traces in seconds
        def __init__(self):
            down = fl.Chain(
                fl.Chain(fl.Conv2d(in_channels=4, out_channels=16, kernel_size=3, padding=1)),
                fl.Chain(ResidualBlock(in_channels=16, out_channels=16, num_groups=8), attention(16)),
                fl.Chain(fl.Downsample(channels=16, scale_factor=2, padding=1)),
                fl.Chain(ResidualBlock(in_channels=16, out_channels=32, num_groups=8), attention(32)),
            )
            up = fl.Chain(  # each first concatenates the residual its down block left (SD1's -n-2 indexing)
                fl.Chain(ResidualBlock(in_channels=64, out_channels=32, num_groups=8), attention(32)),
                fl.Chain(ResidualBlock(in_channels=48, out_channels=32, num_groups=8), fl.Upsample(channels=32)),
                fl.Chain(ResidualBlock(in_channels=48, out_channels=16, num_groups=8), attention(16)),
                fl.Chain(ResidualBlock(in_channels=32, out_channels=16, num_groups=8)),
            )
            super().__init__(
                fl.Passthrough(fl.UseContext("diffusion", "timestep"), RangeEncoder(16, 64),
                               fl.SetContext("range_adapter", "timestep_embedding")),
                down,
                fl.Sum(fl.UseContext(context="unet", key="residuals").compose(lambda x: x[-1]),
                       fl.Chain(ResidualBlock(in_channels=32, out_channels=32, num_groups=8), attention(32))),
                up,
                fl.Chain(fl.GroupNorm(channels=16, num_groups=8), fl.SiLU(),
                         fl.Conv2d(in_channels=16, out_channels=4, kernel_size=3, padding=1)),
            )
            for block in self.layers(ResidualBlock):
                chain = block.layer("Chain", fl.Chain)
                RangeAdapter2d(target=chain.layer("Conv2d_1", fl.Conv2d), channels=block.out_channels,
                               embedding_dim=64, context_key="timestep_embedding").inject(chain)
            for n, block in enumerate(down):
                block.append(ResidualAccumulator(n))
            for n, block in enumerate(up):
                block.insert(0, ResidualConcatenator(-n - 2))

        def init_context(self):
            return {"unet": {"residuals": [0.0] * 5}, "diffusion": {"timestep": None},
                    "range_adapter": {"timestep_embedding": None}, "sampling": {"shapes": []}}

        def set_clip_text_embedding(self, clip_text_embedding):
            self.set_context("cross_attention_block", {"clip_text_embedding": clip_text_embedding})

        def set_timestep(self, timestep):
            self.set_context("diffusion", {"timestep": timestep})

    return TinyUNet()


def _tiny_text_encoder():
    from refiners.foundationals.clip.text_encoder import CLIPTextEncoder

    return CLIPTextEncoder(embedding_dim=16, max_sequence_length=16, num_layers=1, num_attention_heads=2,
                           feedforward_dim=32)


class _Autoencoder:  # the SD1 autoencoder is built once: its fixed size makes it the slowest thing to build
    made = None

    @classmethod
    def get(cls):
        if cls.made is None:
            from refiners.foundationals.latent_diffusion.stable_diffusion_1.model import SD1Autoencoder

            cls.made = SD1Autoencoder().eval()
        return cls.made


def _stable_diffusion(solver):
    torch = _seed()
    from refiners.foundationals.latent_diffusion.stable_diffusion_1.model import StableDiffusion_1

    sd = StableDiffusion_1(unet=_tiny_unet(), lda=_Autoencoder.get(), clip_text_encoder=_tiny_text_encoder(),
                           solver=solver)
    return torch, sd


def _denoise_with(solver_name, **solver_kwargs):
    torch = _seed()
    from refiners.foundationals.latent_diffusion import solvers

    torch, sd = _stable_diffusion(getattr(solvers, solver_name)(num_inference_steps=3, **solver_kwargs))

    def denoise(x, clip_text_embedding):
        for step in sd.steps:
            x = sd(x, step=step, clip_text_embedding=clip_text_embedding, condition_scale=7.5)
        return x

    with torch.no_grad():
        negative_and_prompt = torch.randn(2, 5, 16)
    return denoise, [(sd.init_latents((32, 32), noise=torch.randn(1, 4, 4, 4)), negative_and_prompt)]


def refiners_sd1_cfg_ddim_loop():
    return _denoise_with("DDIM")


def refiners_sd1_cfg_dpm_solver_loop():
    return _denoise_with("DPMSolver")


def refiners_sd1_cfg_euler_loop():
    return _denoise_with("Euler")


def refiners_sd1_cfg_lcm_loop():
    return _denoise_with("LCMSolver")


def refiners_latent_autoencoder_decode():
    torch = _seed()
    lda = _Autoencoder.get()

    def decode(latents):
        return lda.decode(latents)

    return decode, [(torch.randn(1, 4, 4, 4),)]


def refiners_clip_text_encoder_prompts():
    torch = _seed()
    encoder = _tiny_text_encoder().eval()
    return encoder, [(["a photograph of an astronaut riding a horse", ""],)]


def refiners_noise_prediction_training_loss():
    torch = _seed()
    from refiners.foundationals.latent_diffusion.solvers import DDPM

    unet = _tiny_unet().train()
    solver = DDPM(num_inference_steps=1000)

    def loss(latents, clip_text_embedding):
        step = int(torch.randint(0, 1000, (1,)).item())
        noise = torch.randn_like(latents)
        noisy = solver.add_noise(latents, noise, step=step)
        unet.set_timestep(solver.timesteps[step].unsqueeze(0))
        unet.set_clip_text_embedding(clip_text_embedding)
        return torch.nn.functional.mse_loss(unet(noisy), noise)

    return loss, [(torch.randn(2, 4, 4, 4), torch.randn(2, 5, 16))]


# ------------------------------------------------------------------------------------------------------ bionemo.moco
def _denoiser(torch, dim=8, classes=None):
    class Denoiser(torch.nn.Module):  # a user's model: x_t and t in, data (or logits) out
        def __init__(self):
            super().__init__()
            self.time = torch.nn.Linear(1, 32)
            self.embed = torch.nn.Embedding(classes + 1, dim) if classes else None
            self.net = torch.nn.Sequential(torch.nn.Linear(dim, 32), torch.nn.SiLU())
            self.out = torch.nn.Linear(32, classes if classes else dim)

        def forward(self, x, t):
            h = self.embed(x) if self.embed is not None else x
            return self.out(self.net(h) + self.time(t.float().view(-1, 1, 1).expand(*h.shape[:2], 1)))

    return Denoiser()


def _moco():
    stand_in("ot")  # POT: optimal-transport pairing of noise and data in flow matching, which no target asks for
    return _seed()


def _moco_ddpm():
    torch = _moco()
    from bionemo.moco.distributions.prior import GaussianPrior
    from bionemo.moco.distributions.time import UniformTimeDistribution
    from bionemo.moco.interpolants import DDPM
    from bionemo.moco.schedules.noise.discrete_noise_schedules import DiscreteCosineNoiseSchedule

    ddpm = DDPM(time_distribution=UniformTimeDistribution(discrete_time=True, nsteps=20),
                prior_distribution=GaussianPrior(center=False), noise_schedule=DiscreteCosineNoiseSchedule(nsteps=20),
                prediction_type="data")
    return torch, ddpm


def moco_ddpm_training_loss():
    torch, ddpm = _moco_ddpm()
    model = _denoiser(torch).train()

    def loss(data):
        t = ddpm.sample_time(data.shape[0])
        noise = ddpm.sample_prior(data.shape)
        xt = ddpm.interpolate(data, t, noise)
        return ddpm.loss(model(xt, t), data, t).mean()

    return loss, [(torch.randn(4, 6, 8),)]


def _moco_discrete_loop(method):
    torch, ddpm = _moco_ddpm()
    from bionemo.moco.schedules.inference_time_schedules import DiscreteLinearInferenceSchedule

    model = _denoiser(torch).eval()
    schedule = DiscreteLinearInferenceSchedule(nsteps=20, direction="diffusion")

    def sample(xt):
        for t in schedule.generate_schedule()[:4]:
            full_t = t.expand(xt.shape[0])  # pad_time's torch.full(fill_value=t) turns t to float under dynamo
            xt = getattr(ddpm, method)(model(xt, full_t), full_t, xt)
        return xt

    return sample, [(torch.randn(2, 6, 8),)]


def moco_ddpm_sampling_loop():
    return _moco_discrete_loop("step")


def moco_ddpm_ddim_loop():
    return _moco_discrete_loop("step_ddim")


def _moco_cfm():
    torch = _moco()
    from bionemo.moco.distributions.prior import GaussianPrior
    from bionemo.moco.distributions.time import UniformTimeDistribution
    from bionemo.moco.interpolants import ContinuousFlowMatcher

    return torch, ContinuousFlowMatcher(time_distribution=UniformTimeDistribution(),
                                        prior_distribution=GaussianPrior(center=False), prediction_type="velocity")


def moco_flow_matching_training_loss():
    torch, cfm = _moco_cfm()
    model = _denoiser(torch).train()

    def loss(data):
        t = cfm.sample_time(data.shape[0])
        noise = cfm.sample_prior(data.shape)
        xt = cfm.interpolate(data, t, noise)
        target = cfm.calculate_target(data, noise)
        return cfm.loss(model(xt, t), target, t, target_type="velocity").mean()

    return loss, [(torch.randn(4, 6, 8),)]


def moco_flow_matching_euler_loop():
    torch, cfm = _moco_cfm()
    from bionemo.moco.schedules.inference_time_schedules import LinearInferenceSchedule

    model = _denoiser(torch).eval()
    schedule = LinearInferenceSchedule(nsteps=4)

    def sample(xt):
        for dt, t in zip(schedule.discretize(), schedule.generate_schedule()):
            full_t = schedule.pad_time(xt.shape[0], t, xt.device)
            xt = cfm.step(model(xt, full_t), xt, dt, full_t)
        return xt

    return sample, [(torch.randn(2, 6, 8),)]


def moco_vdm_sampling_loop():
    torch = _moco()
    from bionemo.moco.distributions.prior import GaussianPrior
    from bionemo.moco.distributions.time import UniformTimeDistribution
    from bionemo.moco.interpolants import VDM
    from bionemo.moco.schedules.inference_time_schedules import LinearInferenceSchedule
    from bionemo.moco.schedules.noise.continuous_snr_transforms import CosineSNRTransform

    vdm = VDM(time_distribution=UniformTimeDistribution(), prior_distribution=GaussianPrior(center=False),
              noise_schedule=CosineSNRTransform(), prediction_type="data")
    model = _denoiser(torch).eval()
    schedule = LinearInferenceSchedule(nsteps=4, direction="diffusion")

    def sample(xt):
        for dt, t in zip(schedule.discretize(), schedule.generate_schedule()):
            full_t = schedule.pad_time(xt.shape[0], t, xt.device)
            xt = vdm.step(model(xt, full_t), full_t, xt, dt)
        return xt

    return sample, [(torch.randn(2, 6, 8),)]


def _moco_mdlm():
    torch = _moco()
    from bionemo.moco.distributions.prior import DiscreteMaskedPrior
    from bionemo.moco.distributions.time import UniformTimeDistribution
    from bionemo.moco.interpolants import MDLM
    from bionemo.moco.schedules.noise.continuous_noise_transforms import CosineExpNoiseTransform

    return torch, MDLM(time_distribution=UniformTimeDistribution(),
                       prior_distribution=DiscreteMaskedPrior(num_classes=11, inclusive=True),
                       noise_schedule=CosineExpNoiseTransform())


def moco_mdlm_training_loss():
    torch, mdlm = _moco_mdlm()
    model = _denoiser(torch, classes=11).train()

    def loss(tokens):
        t = mdlm.sample_time(tokens.shape[0])
        xt = mdlm.interpolate(tokens, t)
        return mdlm.loss(model(xt, t), tokens, xt, t).mean()

    return loss, [(torch.randint(0, 10, (4, 6)),)]


def moco_mdlm_unmasking_loop():
    torch, mdlm = _moco_mdlm()
    from bionemo.moco.schedules.inference_time_schedules import LinearInferenceSchedule

    model = _denoiser(torch, classes=11).eval()
    schedule = LinearInferenceSchedule(nsteps=4)

    def sample(xt):
        for dt, t in zip(schedule.discretize(), schedule.generate_schedule()):
            full_t = schedule.pad_time(xt.shape[0], t, xt.device)
            xt = mdlm.step(model(xt, full_t), full_t, xt, dt)
        return xt

    return sample, [(torch.full((2, 6), 10),)]


# ------------------------------------------------------------------------------------------------------- e2-tts-pytorch
def _e2tts(duration=False):
    torch = _seed()
    stand_in("torchaudio", "torchaudio.functional", "vocos", "g2p_en", "matplotlib", "matplotlib.pylab",
             "accelerate", "accelerate.utils", "adam_atan2_pytorch", "adam_atan2_pytorch.adopt", "ema_pytorch")
    _tensorboard_writer()
    import sys
    import types

    sys.modules["matplotlib"].use = lambda backend: None  # the trainer picks Agg at import
    # MelSpec builds torchaudio's MelSpectrogram even where a mel front end is handed in: these targets hand in mels
    sys.modules["torchaudio"].transforms = types.SimpleNamespace(MelSpectrogram=torch.nn.Identity)
    from e2_tts_pytorch import DurationPredictor, E2TTS

    transformer = dict(dim=32, depth=2, heads=2, dim_head=16, text_depth=1, text_heads=2, text_dim_head=16)
    if duration:
        return torch, DurationPredictor(transformer=transformer, num_channels=20,
                                        hl_gauss_loss=dict(min_value=0.0, max_value=32.0, num_bins=16))
    return torch, E2TTS(transformer=transformer, num_channels=20,
                        use_vocos=False, odeint_kwargs=dict(method="euler"))


def e2tts_flow_matching_training_loss():
    torch, model = _e2tts()
    model.train()

    def loss(mel):
        return model(mel, text=["the cat sat", "a dog ran"]).loss

    return loss, [(torch.randn(2, 24, 20),)]


def e2tts_sample_cfg_odeint():
    torch, model = _e2tts()

    def sample(cond):
        return model.sample(cond, text=["hello there"], duration=16, steps=3, cfg_strength=1.0)

    return sample, [(torch.randn(1, 10, 20),)]


def e2tts_duration_predictor_training():
    torch, model = _e2tts(duration=True)
    model.train()

    def loss(mel):
        return model(mel, text=["the cat sat", "a dog ran"], return_loss=True)

    return loss, [(torch.randn(2, 24, 20),)]


# ----------------------------------------------------------------------------------------------------------- wavegrad
def _wavegrad():
    torch = _seed()
    stand_in("torchaudio")
    from wavegrad.model import WaveGrad
    from wavegrad.params import AttrDict, params

    return torch, WaveGrad(AttrDict(params))


def wavegrad_noise_level_conditioned_forward():
    torch, model = _wavegrad()
    model.eval()
    return model, [(torch.randn(1, 300), torch.randn(1, 128, 1), torch.rand(1))]


def wavegrad_learner_train_step():
    torch, model = _wavegrad()
    _tensorboard_writer()
    from wavegrad.learner import WaveGradLearner
    from wavegrad.params import AttrDict, params

    learner = WaveGradLearner("/nonexistent", model.train(), dataset=[], params=AttrDict(params),
                              optimizer=torch.optim.Adam(model.parameters(), lr=1e-4))

    def train_step(audio, spectrogram):
        return learner.train_step({"audio": audio, "spectrogram": spectrogram})

    return train_step, [(torch.randn(2, 300), torch.randn(2, 128, 1))]


def wavegrad_inference_loop():
    torch, model = _wavegrad()
    from wavegrad import inference

    inference.models["tiny"] = model.eval()  # predict's own cache: what it would have loaded from a checkpoint

    def vocode(spectrogram):
        return inference.predict(spectrogram, model_dir="tiny", params={"noise_schedule": [1e-4, 0.01, 0.05, 0.2]},
                                 device=torch.device("cpu"))[0]

    return vocode, [(torch.randn(128, 1),)]


PACKAGES: Tuple[Package, ...] = (
    Package("refiners==0.4.0", "refiners", {
        "sd1_cfg_ddim_loop": refiners_sd1_cfg_ddim_loop,
        "sd1_cfg_dpm_solver_loop": refiners_sd1_cfg_dpm_solver_loop,
        "sd1_cfg_euler_loop": refiners_sd1_cfg_euler_loop,
        "sd1_cfg_lcm_loop": refiners_sd1_cfg_lcm_loop,
        "latent_autoencoder_decode": refiners_latent_autoencoder_decode,
        "clip_text_encoder_prompts": refiners_clip_text_encoder_prompts,
        "noise_prediction_training_loss": refiners_noise_prediction_training_loss},
        roots=("refiners.foundationals.latent_diffusion.auto_encoder:LatentDiffusionAutoencoder.decode",
               "refiners.foundationals.latent_diffusion.solvers.solver:Solver.add_noise"),
        dependencies=("pillow==11.3.0", "safetensors==0.6.2", "packaging==25.0")),
    Package("bionemo-moco==0.0.2.2", "bionemo", {
        "ddpm_training_loss": moco_ddpm_training_loss,
        "ddpm_sampling_loop": moco_ddpm_sampling_loop,
        "ddpm_ddim_loop": moco_ddpm_ddim_loop,
        "flow_matching_training_loss": moco_flow_matching_training_loss,
        "flow_matching_euler_loop": moco_flow_matching_euler_loop,
        "vdm_sampling_loop": moco_vdm_sampling_loop,
        "mdlm_training_loss": moco_mdlm_training_loss,
        "mdlm_unmasking_loop": moco_mdlm_unmasking_loop},
        roots=tuple(f"bionemo.moco.{name}" for name in (
            "interpolants.base_interpolant:Interpolant.sample_time",
            "interpolants.base_interpolant:Interpolant.sample_prior",
            "interpolants.discrete_time.continuous.ddpm:DDPM.interpolate",
            "interpolants.discrete_time.continuous.ddpm:DDPM.step",
            "interpolants.discrete_time.continuous.ddpm:DDPM.step_ddim",
            "interpolants.discrete_time.continuous.ddpm:DDPM.loss",
            "interpolants.continuous_time.continuous.continuous_flow_matching:ContinuousFlowMatcher.interpolate",
            "interpolants.continuous_time.continuous.continuous_flow_matching:ContinuousFlowMatcher.calculate_target",
            "interpolants.continuous_time.continuous.continuous_flow_matching:ContinuousFlowMatcher.step",
            "interpolants.continuous_time.continuous.continuous_flow_matching:ContinuousFlowMatcher.loss",
            "interpolants.continuous_time.continuous.vdm:VDM.step",
            "interpolants.continuous_time.discrete.mdlm:MDLM.interpolate",
            "interpolants.continuous_time.discrete.mdlm:MDLM.loss",
            "interpolants.continuous_time.discrete.mdlm:MDLM.step",
            "schedules.inference_time_schedules:DiscreteLinearInferenceSchedule.generate_schedule",
            "schedules.inference_time_schedules:LinearInferenceSchedule.generate_schedule",
            "schedules.inference_time_schedules:ContinuousInferenceSchedule.discretize",
            "schedules.inference_time_schedules:InferenceSchedule.pad_time")),
    ),
    Package("e2-tts-pytorch==2.2.2", "e2_tts_pytorch", {
        "flow_matching_training_loss": e2tts_flow_matching_training_loss,
        "sample_cfg_odeint": e2tts_sample_cfg_odeint,
        "duration_predictor_training": e2tts_duration_predictor_training},
        roots=("e2_tts_pytorch.e2_tts:E2TTS.sample",),
        dependencies=("x-transformers==2.31.10", "einx==0.4.3", "frozendict==2.5.1", "loguru==0.7.3",
                      "beartype==0.23.1", "hyper-connections==0.4.11", "torch-einops-utils==0.2.0",
                      "hl-gauss-pytorch==0.3.0", "torchdiffeq==0.2.5")),
    Package("wavegrad==0.1.5", "wavegrad", {
        "noise_level_conditioned_forward": wavegrad_noise_level_conditioned_forward,
        "learner_train_step": wavegrad_learner_train_step,
        "inference_loop": wavegrad_inference_loop},
        roots=("wavegrad.learner:WaveGradLearner.train_step", "wavegrad.inference:predict")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
