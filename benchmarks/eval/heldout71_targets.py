"""Held-out group 71 of the evaluation: diffusion models written in the style of diffusers without it (1d UNets with
timestep embeddings, v- and k-diffusion objectives with sigma distributions, sigma schedules and samplers stepping
over them, classifier-free guidance with a learned null embedding, a diffusion autoencoder, a masked-diffusion
language model with AdaLN timestep conditioning, DDPM beta tables indexed by tensors of timesteps, a 2d UNet with a
reverse sampling loop), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout71_targets.py \
        --site benchmarks/eval/.packages-heldout71 --suffix heldout71 --jobs 1

Audio diffusion (audio-diffusion-pytorch-fork, the 0.0.x line of audio-diffusion-pytorch with its own UNet1d): the
training losses of Model1d with the v, k and vk diffusion objectives, sampling with the linear schedule and the
v-sampler, with the Karras schedule and the Karras, Euler-ancestral and DPM2-ancestral samplers, and inpainting;
the classifier-free-guidance UNet trained with a dropped embedding and sampled with a guidance scale, the diffusion
upsampler, the diffusion autoencoder with its audio encoder and latent decoding, the STFT vocoder, and the
noise-channel-conditioned UNet. Masked-diffusion LM (slm388-torchdiff): MDLMModel forward on one diffusion block and
deep-stacked over all blocks, and the package's own `compute_loss` in its full-sequence and block-canvas modes (a
training step each). Gene-regulatory diffusion (regdiffusion): RegDiffusion and its memory-efficient variant in
training and evaluation, and a training step with the trainer's own forward diffusion (`forward_pass`, schedule
tables gathered by timestep) and sparsity loss. Single-cell diffusion (CellDiffusion from celldiff): the 2d Unet,
the sampler's `p_losses` with each loss type, its `q_sample`, `p_sample` and `p_sample_loop` reverse sampling, and
`train_step`. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own
dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): torchdiff, iddm,
video-diffusion-pytorch, DMLP, diffusion-model-framework, diffusionlm, smartdiffusion, landmarkdiff, rsdiff and
freqdiff (require transformers); rectified-flow, consistency, svdiff-pytorch, cloud-diffusion, diffusiongym (require
diffusers); fluidflow, dit-ml, stdiff-sc (require timm); make-a-video-pytorch and dalle2-pytorch (through
classifier-free-guidance-pytorch and open-clip-torch, which require transformers and timm); improved-diffusion-for-
smlm and Squidiff (copies of OpenAI's improved/guided diffusion, group 31's guided-diffusion-sdk); hdit (k-diffusion's
HDiT, group 12); grad-tts (a compiled Cython extension); cvdm (TensorFlow); consistency-models (an empty wheel);
cf-guidance and findiff-finance (schedules and numpy scoring, nothing to trace); ddpm (Python < 3.10 only).
Stand-ins, all outside anything compiled: dac (descript-audio-codec, for the Snake activation no target enables),
torchaudio (audio-encoders-pytorch's mel transforms, unused by Encoder1d), huggingface_hub, safetensors and
cut_cross_entropy (torchdiff's checkpoint upload and CUDA-only loss), scanpy, anndata, h5py, pyvis and matplotlib
(regdiffusion's and CellDiffusion's data loading, plotting and evaluation).
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


# ------------------------------------------------------------------------------------ audio-diffusion-pytorch-fork
def _adp():
    targets.stand_in("dac.nn.layers", "torchaudio")


def _unet_kwargs(**overrides):
    """A small UNet1d: three levels, attention at the bottom, as the package's defaults shrunk for CPU."""
    kwargs = dict(
        in_channels=2,
        channels=16,
        patch_size=2,
        multipliers=[1, 2, 2],
        factors=[2, 2],
        num_blocks=[1, 1],
        attentions=[0, 0, 1],
        attention_heads=2,
        attention_features=8,
        attention_multiplier=2,
        resnet_groups=4,
    )
    kwargs.update(overrides)
    return kwargs


def _audio(torch, batch=2, length=64, channels=2):
    return torch.randn(batch, channels, length)


def adp_v_loss():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import Model1d, UniformDistribution

    model = Model1d(**_unet_kwargs(), diffusion_type="v",
                    diffusion_sigma_distribution=UniformDistribution()).train()
    return model, [(_audio(torch),)]


def adp_k_loss():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import LogNormalDistribution, Model1d

    model = Model1d(**_unet_kwargs(), diffusion_type="k", diffusion_sigma_distribution=LogNormalDistribution(-3.0, 1.0),
                    diffusion_sigma_data=0.1, diffusion_dynamic_threshold=0.0).train()
    return model, [(_audio(torch),)]


def adp_vk_loss():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import Model1d, VKDistribution

    model = Model1d(**_unet_kwargs(), diffusion_type="vk",
                    diffusion_sigma_distribution=VKDistribution(min_value=0.0, max_value=1.0)).train()
    return model, [(_audio(torch),)]


def adp_train_step():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import Model1d, UniformDistribution

    model = Model1d(**_unet_kwargs(), diffusion_type="v", diffusion_sigma_distribution=UniformDistribution()).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def step(audio):
        loss = model(audio)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss

    return step, [(_audio(torch),)]


def _sampling_model(torch, diffusion_type="v"):
    from audio_diffusion_pytorch_fork import LogNormalDistribution, Model1d, UniformDistribution

    if diffusion_type == "k":
        return Model1d(**_unet_kwargs(), diffusion_type="k", diffusion_sigma_data=0.1, diffusion_dynamic_threshold=0.0,
                       diffusion_sigma_distribution=LogNormalDistribution(-3.0, 1.0)).eval()
    return Model1d(**_unet_kwargs(), diffusion_type="v", diffusion_sigma_distribution=UniformDistribution()).eval()


def adp_sample_v():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import LinearSchedule, VSampler

    model = _sampling_model(torch)

    def sample(noise):
        return model.sample(noise, num_steps=3, sigma_schedule=LinearSchedule(), sampler=VSampler(), clamp=True)

    return sample, [(_audio(torch),)]


def adp_sample_karras():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import KarrasSampler, KarrasSchedule

    model = _sampling_model(torch, "k")
    schedule = KarrasSchedule(sigma_min=0.0001, sigma_max=3.0, rho=9.0)

    def sample(noise):
        return model.sample(noise, num_steps=3, sigma_schedule=schedule, sampler=KarrasSampler(s_tmin=0.05, s_tmax=50,
                            s_churn=40, s_noise=1.003), clamp=True)

    return sample, [(_audio(torch),)]


def adp_sample_adpm2():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import ADPM2Sampler, AEulerSampler, KarrasSchedule

    model = _sampling_model(torch, "k")
    schedule = KarrasSchedule(sigma_min=0.0001, sigma_max=3.0, rho=9.0)

    def sample(noise, ancestral_euler):
        sampler = AEulerSampler() if ancestral_euler else ADPM2Sampler(rho=1.0)
        return model.sample(noise, num_steps=3, sigma_schedule=schedule, sampler=sampler, clamp=False)

    return sample, [(_audio(torch), False), (_audio(torch), True)]


def adp_inpaint():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import ADPM2Sampler, DiffusionInpainter, KarrasSchedule

    model = _sampling_model(torch, "k")
    inpainter = DiffusionInpainter(model.diffusion.diffusion, num_steps=2, num_resamples=2,
                                   sampler=ADPM2Sampler(rho=1.0), sigma_schedule=KarrasSchedule(1e-4, 3.0, 9.0))
    audio = _audio(torch)
    mask = torch.zeros_like(audio, dtype=torch.bool)
    mask[:, :, :32] = True
    return inpainter, [(audio, mask)]


def _cfg_model(torch):
    from audio_diffusion_pytorch_fork import Model1d, UniformDistribution

    return Model1d(**_unet_kwargs(attentions=[0, 1, 1]), unet_type="cfg", context_embedding_features=8,
                   context_embedding_max_length=4, diffusion_type="v",
                   diffusion_sigma_distribution=UniformDistribution())


def adp_cfg_train():
    torch = _seed()
    _adp()
    model = _cfg_model(torch).train()
    embedding = torch.randn(2, 4, 8)

    def step(audio):
        loss = model(audio, embedding=embedding, embedding_mask_proba=0.1)
        loss.backward()
        return loss

    return step, [(_audio(torch),)]


def adp_cfg_sample():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import LinearSchedule, VSampler

    model = _cfg_model(torch).eval()
    embedding = torch.randn(2, 4, 8)

    def sample(noise, batch_cfg):
        return model.sample(noise, num_steps=2, sigma_schedule=LinearSchedule(), sampler=VSampler(), clamp=True,
                            embedding=embedding, embedding_scale=5.0, batch_cfg=batch_cfg)

    return sample, [(_audio(torch), False), (_audio(torch), True)]


def adp_upsampler():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import DiffusionUpsampler1d, UniformDistribution

    model = DiffusionUpsampler1d(factor=[2], **_unet_kwargs(context_channels=[2]), diffusion_type="v",
                                 diffusion_sigma_distribution=UniformDistribution()).train()
    return model, [(_audio(torch),)]


def adp_upsampler_sample():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import DiffusionUpsampler1d, LinearSchedule, UniformDistribution, VSampler

    model = DiffusionUpsampler1d(factor=2, **_unet_kwargs(context_channels=[2]), diffusion_type="v",
                                 diffusion_sigma_distribution=UniformDistribution()).eval()

    def sample(undersampled):
        return model.sample(undersampled, factor=2, num_steps=2, sigma_schedule=LinearSchedule(), sampler=VSampler(),
                            clamp=True)

    return sample, [(_audio(torch, length=32),)]


def _autoencoder(torch):
    from audio_diffusion_pytorch_fork import DiffusionAE1d, Encoder1d, UniformDistribution

    encoder = Encoder1d(in_channels=2, channels=8, multipliers=[1, 2, 2], factors=[2, 2], num_blocks=[1, 1],
                        out_channels=4, patch_size=2, resnet_groups=4)
    return DiffusionAE1d(encoder=encoder, encoder_inject_depth=2, **_unet_kwargs(), diffusion_type="v",
                         diffusion_sigma_distribution=UniformDistribution())


def adp_autoencoder():
    torch = _seed()
    _adp()
    model = _autoencoder(torch).train()
    return model, [(_audio(torch),)]


def adp_autoencoder_decode():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import LinearSchedule, VSampler

    model = _autoencoder(torch).eval()

    def decode(audio):
        latent = model.encode(audio)
        return model.decode(latent, num_steps=2, sigma_schedule=LinearSchedule(), sampler=VSampler(), clamp=True)

    return decode, [(_audio(torch),)]


def adp_vocoder():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import DiffusionVocoder1d, UniformDistribution

    model = DiffusionVocoder1d(in_channels=1, stft_num_fft=62, stft_hop_length=16, channels=32,
                               multipliers=[1, 1, 1], factors=[1, 2], num_blocks=[1, 1], attentions=[0, 0, 1],
                               attention_heads=2, attention_features=8, attention_multiplier=2, resnet_groups=4,
                               diffusion_type="v", diffusion_sigma_distribution=UniformDistribution()).train()
    return model.forward_wave, [(torch.randn(2, 1, 240),)]  # 16 STFT frames


def adp_ncca():
    torch = _seed()
    _adp()
    from audio_diffusion_pytorch_fork import UNet1d, XUNet1d

    unet = XUNet1d(type="ncca", **_unet_kwargs(context_channels=[2]), context_features=8).eval()
    assert isinstance(unet, UNet1d)
    audio = _audio(torch)
    time = torch.rand(2)
    return unet, [(audio, time)], {"channels_list": [audio], "channels_augmentation": True, "channels_scale": 0.3}


# ----------------------------------------------------------------------------------------------- slm388-torchdiff
def _torchdiff():
    targets.stand_in("huggingface_hub", "safetensors", "safetensors.torch", "cut_cross_entropy")


def _mdlm(torch, canvas_size=0):
    from torchdiff.model import MDLMModel, MDLModelConfig

    cfg = MDLModelConfig(d=32, vocab_size=64, num_heads=2, head_dim=16, mlp_hidden_dim=48, diff_blocks_num=2,
                         layers_per_block=1, max_position_embeddings=128, mask_token_id=63, attn_backend="sdpa",
                         canvas_size=canvas_size)
    return cfg, MDLMModel(cfg)


def mdlm_forward():
    torch = _seed()
    _torchdiff()
    cfg, model = _mdlm(torch)
    model.eval()
    tokens = torch.randint(0, 63, (2, 16))
    return model, [(tokens, torch.rand(2)), (tokens, torch.rand(2), 1)]


def mdlm_deep_stack():
    torch = _seed()
    _torchdiff()
    cfg, model = _mdlm(torch)
    model.eval()
    tokens = torch.randint(0, 63, (2, 16))
    tokens[:, 8:] = cfg.mask_token_id
    return model, [(tokens, torch.rand(2), 0, None, None, True, 8)]


def mdlm_compute_loss():
    torch = _seed()
    _torchdiff()
    from torchdiff.train import compute_loss

    cfg, model = _mdlm(torch)
    model.train()
    device = torch.device("cpu")

    def step(batch, key, block_idx):
        loss = compute_loss(model, batch, key, block_idx, 10, cfg, 100, device)
        loss.backward()
        return loss

    tokens = torch.randint(0, 63, (2, 16))
    return step, [(tokens, 3, 0), (tokens, 4, 1)]


def mdlm_compute_loss_canvas():
    torch = _seed()
    _torchdiff()
    from torchdiff.train import compute_loss

    cfg, model = _mdlm(torch, canvas_size=4)
    model.train()
    device = torch.device("cpu")

    def step(batch, key):
        loss = compute_loss(model, batch, key, 0, 10, cfg, 100, device)
        loss.backward()
        return loss

    return step, [(torch.randint(0, 63, (2, 16)), 3)]


# --------------------------------------------------------------------------------------------------- regdiffusion
def _regdiffusion():
    targets.stand_in("scanpy", "h5py", "pyvis.network", "matplotlib", "matplotlib.pyplot")


def _expression(torch, cells=16, genes=12):
    return torch.rand(cells, genes)


def regdiffusion_forward():
    torch = _seed()
    _regdiffusion()
    from regdiffusion.models import RegDiffusion

    model = RegDiffusion(n_gene=12, time_dim=16, n_celltype=2, hidden_dims=[8, 8, 8]).train()
    x = _expression(torch)
    return model, [(x, torch.randint(0, 100, (16,)), torch.randint(0, 2, (16,)))]


def regdiffusion_eval():
    torch = _seed()
    _regdiffusion()
    from regdiffusion.models import RegDiffusion

    model = RegDiffusion(n_gene=12, time_dim=16, hidden_dims=[8, 8, 8]).eval()
    x = _expression(torch)
    return model, [(x, torch.randint(0, 100, (16,)), None)]


def regdiffusion_me():
    torch = _seed()
    _regdiffusion()
    from regdiffusion.models import RegDiffusionME

    model = RegDiffusionME(n_gene=12, time_dim=16, n_celltype=2, hidden_dims=[8, 8, 8]).train()
    x = _expression(torch)
    return model, [(x, torch.randint(0, 100, (16,)), torch.randint(0, 2, (16,)))]


def _trainer(torch, memory_efficient=False):
    import numpy as np
    from regdiffusion import RegDiffusionTrainer

    expression = np.random.RandomState(0).rand(32, 12).astype("float32")
    return RegDiffusionTrainer(expression, T=100, time_dim=16, hidden_dims=[8, 8, 8], batch_size=16, n_steps=1,
                               device="cpu", memory_efficient=memory_efficient)


def regdiffusion_train_step():
    torch = _seed()
    _regdiffusion()
    import torch.nn.functional as F

    trainer = _trainer(torch)
    model = trainer.model.train()

    def step(x_0, ct, t):
        trainer.opt.zero_grad()
        x_noisy, noise = trainer.forward_pass(x_0, t)
        z = model(x_noisy, t, ct)
        loss = F.mse_loss(noise, z, reduction="none").mean()
        loss = loss + model.get_sparse_loss() * trainer.hp["sparse_loss_coef"]
        loss.backward()
        trainer.opt.step()
        return loss

    return step, [(_expression(torch), torch.zeros(16, dtype=torch.long), torch.randint(0, 100, (16,)))]


def regdiffusion_me_train_step():
    torch = _seed()
    _regdiffusion()
    import torch.nn.functional as F

    trainer = _trainer(torch, memory_efficient=True)
    model = trainer.model.train()

    def step(x_0, ct, t):
        x_noisy, noise = trainer.forward_pass(x_0, t)
        loss = F.mse_loss(noise, model(x_noisy, t, ct)) + model.get_sparse_loss()
        loss.backward()
        return loss

    return step, [(_expression(torch), torch.zeros(16, dtype=torch.long), torch.randint(0, 100, (16,)))]


def regdiffusion_sampled_adj():
    torch = _seed()
    _regdiffusion()
    from regdiffusion.models import RegDiffusion

    model = RegDiffusion(n_gene=12, time_dim=16, hidden_dims=[8, 8, 8])
    return model.get_sampled_adj_, [()]


# -------------------------------------------------------------------------------------------- celldiff (CellDiffusion)
def _celldiff():
    targets.stand_in("scanpy", "anndata")


def _cell_unet(torch):
    from CellDiffusion.models import Unet

    return Unet(dim=8, channels=1, dim_mults=(1, 2))


def _cells(torch, batch=2, size=8):
    return torch.rand(batch, 1, size, size) * 2 - 1


def celldiff_unet():
    torch = _seed()
    _celldiff()
    model = _cell_unet(torch).eval()
    return model, [(_cells(torch), torch.randint(0, 50, (2,)))]


def celldiff_self_condition():
    torch = _seed()
    _celldiff()
    from CellDiffusion.models import Unet

    model = Unet(dim=8, channels=1, dim_mults=(1, 2), self_condition=True).eval()
    return model, [(_cells(torch), torch.randint(0, 50, (2,))), (_cells(torch), torch.randint(0, 50, (2,)),
                                                                 _cells(torch))]


def celldiff_losses():
    torch = _seed()
    _celldiff()
    from CellDiffusion.diffusion import DiffusionSampler

    sampler = DiffusionSampler(timesteps=50, beta_schedule="cosine")
    model = _cell_unet(torch).train()

    def losses(x_start, t, loss_type):
        loss = sampler.p_losses(model, x_start, t, loss_type=loss_type)
        loss.backward()
        return loss

    t = torch.randint(0, 50, (2,))
    return losses, [(_cells(torch), t, "l1"), (_cells(torch), t, "l2"), (_cells(torch), t, "huber")]


def celldiff_q_sample():
    torch = _seed()
    _celldiff()
    from CellDiffusion.diffusion import DiffusionSampler

    sampler = DiffusionSampler(timesteps=50, beta_schedule="sigmoid")
    return sampler.q_sample, [(_cells(torch), torch.randint(0, 50, (2,)))]


def celldiff_p_sample():
    torch = _seed()
    _celldiff()
    from CellDiffusion.diffusion import DiffusionSampler

    sampler = DiffusionSampler(timesteps=50)
    model = _cell_unet(torch).eval()
    x = _cells(torch)
    return sampler.p_sample, [(model, x, torch.full((2,), 5, dtype=torch.long), 5),
                              (model, x, torch.zeros(2, dtype=torch.long), 0)]


def celldiff_sample_loop():
    torch = _seed()
    _celldiff()
    from CellDiffusion.diffusion import DiffusionSampler

    sampler = DiffusionSampler(timesteps=3, beta_schedule="quadratic")
    model = _cell_unet(torch).eval()

    def sample(data):
        return sampler.sample_from_data(model, data, progress=False)

    return sample, [(_cells(torch),)]


def celldiff_train_step():
    torch = _seed()
    _celldiff()
    from CellDiffusion.diffusion import DiffusionSampler

    sampler = DiffusionSampler(timesteps=50)
    model = _cell_unet(torch).train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(batch):
        return sampler.train_step(model, batch, optimizer)

    return step, [(_cells(torch),)]


PACKAGES: Tuple[Package, ...] = (
    Package("audio-diffusion-pytorch-fork==0.0.105", "audio_diffusion_pytorch_fork", {
        "v_loss": adp_v_loss,
        "k_loss": adp_k_loss,
        "vk_loss": adp_vk_loss,
        "train_step": adp_train_step,
        "sample_v": adp_sample_v,
        "sample_karras": adp_sample_karras,
        "sample_adpm2": adp_sample_adpm2,
        "inpaint": adp_inpaint,
        "cfg_train": adp_cfg_train,
        "cfg_sample": adp_cfg_sample,
        "upsampler": adp_upsampler,
        "upsampler_sample": adp_upsampler_sample,
        "autoencoder": adp_autoencoder,
        "autoencoder_decode": adp_autoencoder_decode,
        "vocoder": adp_vocoder,
        "ncca": adp_ncca},
        roots=("audio_diffusion_pytorch_fork.model:*.sample", "audio_diffusion_pytorch_fork.model:*.decode",
               "audio_diffusion_pytorch_fork.model:*.encode", "audio_diffusion_pytorch_fork.model:*.forward_wave",
               "audio_diffusion_pytorch_fork.diffusion:XDiffusion.sample"),
        dependencies=("audio-encoders-pytorch==0.0.22", "einops==0.8.2", "einops-exts==0.0.4", "tqdm==4.70.1",
                      "packaging==25.0")),
    Package("slm388-torchdiff==0.1.74", "torchdiff", {
        "forward": mdlm_forward,
        "deep_stack": mdlm_deep_stack,
        "compute_loss": mdlm_compute_loss,
        "compute_loss_canvas": mdlm_compute_loss_canvas},
        roots=("torchdiff.train:compute_loss",),
        dependencies=("filelock==3.20.0",)),
    Package("regdiffusion==0.2.3", "regdiffusion", {
        "forward": regdiffusion_forward,
        "eval": regdiffusion_eval,
        "me": regdiffusion_me,
        "train_step": regdiffusion_train_step,
        "me_train_step": regdiffusion_me_train_step,
        "sampled_adj": regdiffusion_sampled_adj},
        roots=("regdiffusion.trainer:RegDiffusionTrainer.forward_pass", "regdiffusion.models.regdiffusion*:*.get_sparse_loss",
               "regdiffusion.models.regdiffusion*:*.get_sampled_adj_"),
        dependencies=("tqdm==4.70.1", "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0", "tzdata==2026.6",
                      "scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("celldiff==0.1.0", "CellDiffusion", {
        "unet": celldiff_unet,
        "self_condition": celldiff_self_condition,
        "losses": celldiff_losses,
        "q_sample": celldiff_q_sample,
        "p_sample": celldiff_p_sample,
        "sample_loop": celldiff_sample_loop,
        "train_step": celldiff_train_step},
        roots=("CellDiffusion.diffusion:DiffusionSampler.*",),
        dependencies=("einops==0.8.2", "tqdm==4.70.1", "pandas==3.1.1", "python-dateutil==4.0.0", "six==1.17.0",
                      "tzdata==2026.6")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
