"""Held-out group 80 of the evaluation: diffusion code in the style of diffusers without it (a ControlNet beside a
latent-diffusion UNet with its DDIM and DPM-Solver samplers: classifier-free guidance, inpainting masks, timestep
tables; LoRA-family adapters injected into a model's Linear / Conv / norm layers; multinomial (discrete)
diffusion for speech recognition conditioned on audio features with classifier-free guidance), from packages no rule
was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout80_targets.py \
        --site benchmarks/eval/.packages-heldout80 --suffix heldout80 --jobs 1

ControlNet (controlnet-k, the ControlNet repository packaged with its `ldm` tree): one DDIM step with classifier-free
guidance (`DDIMSampler.p_sample_ddim` on `ControlLDM.apply_model`: the ControlNet's hint encoder and zero convolutions,
its residuals added into the UNet's skip connections), whole DDIM sampling with an inpainting mask and eta > 0
(`DDIMSampler.sample`), DPM-Solver through txt2img's sampler (`DPMSolverSampler.sample`: multistep, classifier-free
guidance) and the adaptive DPM-Solver with dynamic thresholding (`DPM_Solver.sample`). Configurations follow the
package's cldm_v15.yaml at one small resolution. The ControlNet training step, PLMS sampling and singlestep
DPM-Solver-3 with classifier guidance were written too but cut before any measurement: with them the package's dynamo
child ran past the harness's 900 s twice on the shared machine (load near 12), and without them it still needs
longer, so the blind run raised the child's limit (see the write-up).

LyCORIS (lycoris-lora): `create_lycoris` + `apply_to` on a small UNet-like block (convolutions, group norm, attention
projections, MLP) for LoRA/LoCon, LoHa, LoKr, DyLoRA, GLoRA, (IA)^3, Diag-OFT, BOFT and full fine-tuning, eval forwards
and kohya-style training steps (module and rank dropout), with DoRA weight decomposition, Tucker convolutions and
bypass mode. TransFusion (transfusion-asr): the denoising transformer on WavLM features (WavLM relative attention,
cross-attention to the audio, classifier-free dropping of the condition in training), in eval and in a training step
with its multinomial diffusion loss (`q_sample`, `compute_Lt`), and one reverse step (`p_pred`,
`log_sample_categorical`). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder,
its own dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): classifier-free-guidance-pytorch,
video-diffusion-pytorch, torchdiff, dynamic-cfg, styletts2, stable-diffusion-sdkit (transformers required);
consistency, t2iadapter, riffusion, pytorch-image-translation-models (diffusers required); fusions (JAX); slim-diff and
cocolit (monai-generative and a medical stack); k-samplers (a copy of k-diffusion's sampling, group 12's); skrample
and ddpm (no distribution for this Python). controlnet-k's DDIM and DPM-Solver samplers move every schedule
table to CUDA in their `register_buffer` (`attr.to(torch.device("cuda"))`): the targets give them a plain `setattr`
(what it does on a CUDA machine, less the move), on the class, outside anything compiled. Its `ddpm.py` imports
`rank_zero_only` from `pytorch_lightning.utilities.distributed`, gone in pytorch-lightning 2: the targets alias that
module to `pytorch_lightning.utilities.rank_zero`.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = ()

TORCHVISION = ("torchvision==0.28.0", "pillow==13.0.0")
LIGHTNING = ("pytorch-lightning==2.6.6", "lightning-utilities==0.15.3", "torchmetrics==1.9.0", "fsspec==2026.9.0",
             "tqdm==4.70.1")
OMEGACONF = ("omegaconf==2.3.0", "antlr4-python3-runtime==4.9.3")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------- controlnet-k
def _controlnet_imports():
    """torchvision with heldout14's CPU nms; pytorch-lightning 2's `rank_zero` where ddpm.py looks for it."""
    import sys

    _torchvision()
    import pytorch_lightning.utilities.rank_zero as rank_zero

    sys.modules.setdefault("pytorch_lightning.utilities.distributed", rank_zero)


def _cpu_samplers():
    """The samplers' register_buffer moves every table to CUDA: keep them where the model is (a CPU machine)."""
    _controlnet_imports()
    from controlnet_k.ldm.models.diffusion.ddim import DDIMSampler
    from controlnet_k.ldm.models.diffusion.dpm_solver.sampler import DPMSolverSampler

    def register_buffer(self, name, attr):
        setattr(self, name, attr)

    for sampler in (DDIMSampler, DPMSolverSampler):
        sampler.register_buffer = register_buffer
    return DDIMSampler, DPMSolverSampler


CONTEXT_DIM, CONTEXT_LEN, LATENT = 32, 6, 8


def _unet_params(**extra):
    """cldm_v15.yaml's ControlNet / UNet parameters at a small width and one resolution (dynamo traces every
    block of both networks at every sampler step within the child's time limit)."""
    params = dict(image_size=LATENT, in_channels=4, model_channels=32, attention_resolutions=[1],
                  num_res_blocks=1, channel_mult=[1], num_heads=4, use_spatial_transformer=True,
                  transformer_depth=1, context_dim=CONTEXT_DIM, use_checkpoint=False, legacy=False)
    return {**params, **extra}


def _first_stage():
    return {"target": "controlnet_k.ldm.models.autoencoder.AutoencoderKL", "params": {
        "embed_dim": 4, "monitor": "val/rec_loss",
        "ddconfig": {"double_z": True, "z_channels": 4, "resolution": 16, "in_channels": 3, "out_ch": 3, "ch": 32,
                     "ch_mult": [1, 2], "num_res_blocks": 1, "attn_resolutions": [], "dropout": 0.0},
        "lossconfig": {"target": "torch.nn.Identity"}}}


def _ldm_config(**extra):
    """cldm_v15.yaml's model parameters; the prompt arrives already embedded (the cond stage is an identity)."""
    from omegaconf import OmegaConf

    return OmegaConf.create({
        "linear_start": 0.00085, "linear_end": 0.0120, "num_timesteps_cond": 1, "log_every_t": 200,
        "timesteps": 1000, "first_stage_key": "jpg", "cond_stage_key": "txt", "image_size": LATENT, "channels": 4,
        "cond_stage_trainable": False, "conditioning_key": "crossattn", "monitor": "val/loss_simple_ema",
        "scale_factor": 0.18215, "use_ema": False, "first_stage_config": _first_stage(),
        "cond_stage_config": {"target": "torch.nn.Identity"}, **extra})


def _control_ldm():
    _controlnet_imports()
    from controlnet_k.cldm.cldm import ControlLDM

    unet = _unet_params(out_channels=4)
    control = _unet_params(hint_channels=3)
    return ControlLDM(**_ldm_config(
        control_key="hint", only_mid_control=False,
        control_stage_config={"target": "controlnet_k.cldm.cldm.ControlNet", "params": control},
        unet_config={"target": "controlnet_k.cldm.cldm.ControlledUnetModel", "params": unet}))


def _latent_diffusion():
    """The text-to-image LatentDiffusion the ControlNet is attached to (what txt2img samples with DPM-Solver)."""
    _controlnet_imports()
    from controlnet_k.ldm.models.diffusion.ddpm import LatentDiffusion

    unet = _unet_params(out_channels=4)
    return LatentDiffusion(**_ldm_config(unet_config={
        "target": "controlnet_k.ldm.modules.diffusionmodules.openaimodel.UNetModel", "params": unet}))


def _cond(torch, batch=2):
    """What ControlNet's gradio apps pass: the prompt's embedding and the hint image (8x the latent)."""
    context = torch.randn(batch, CONTEXT_LEN, CONTEXT_DIM)
    hint = torch.rand(batch, 3, LATENT * 8, LATENT * 8)
    cond = {"c_concat": [hint], "c_crossattn": [context]}
    uncond = {"c_concat": [hint], "c_crossattn": [torch.zeros_like(context)]}
    return cond, uncond


def controlnet_ddim_step():
    torch = _seed()
    DDIMSampler, _ = _cpu_samplers()
    model = _control_ldm().eval()
    sampler = DDIMSampler(model)
    sampler.make_schedule(ddim_num_steps=4, ddim_eta=0.0, verbose=False)
    cond, uncond = _cond(torch)
    x = torch.randn(2, 4, LATENT, LATENT)
    calls = [(x, cond, torch.full((2,), int(step), dtype=torch.long), index)
             for index, step in enumerate(sampler.ddim_timesteps[:1])]
    return sampler.p_sample_ddim, calls, {"unconditional_guidance_scale": 9.0, "unconditional_conditioning": uncond}


def controlnet_ddim_inpaint():
    """DDIMSampler.sample with a mask and the known latent (inpainting), eta > 0, classifier-free guidance."""
    torch = _seed()
    DDIMSampler, _ = _cpu_samplers()
    model = _control_ldm().eval()
    sampler = DDIMSampler(model)
    cond, uncond = _cond(torch)
    x0 = torch.randn(2, 4, LATENT, LATENT)
    mask = torch.zeros(2, 1, LATENT, LATENT)
    mask[..., : LATENT // 2] = 1.0

    def sample(x0, mask):
        samples, _ = sampler.sample(2, 2, (4, LATENT, LATENT), cond, verbose=False, eta=0.5, mask=mask, x0=x0,
                                    unconditional_guidance_scale=7.5, unconditional_conditioning=uncond)
        return samples

    return sample, [(x0, mask)]


def controlnet_dpm_solver():
    """txt2img's --dpm path: DPMSolverSampler.sample (multistep order 2, classifier-free guidance)."""
    torch = _seed()
    _, DPMSolverSampler = _cpu_samplers()
    model = _latent_diffusion().eval()
    sampler = DPMSolverSampler(model)
    context = torch.randn(2, CONTEXT_LEN, CONTEXT_DIM)

    def sample(x_T):
        samples, _ = sampler.sample(3, 2, (4, LATENT, LATENT), context, x_T=x_T, unconditional_guidance_scale=7.5,
                                    unconditional_conditioning=torch.zeros_like(context))
        return samples

    return sample, [(torch.randn(2, 4, LATENT, LATENT),)]


def _dpm_solver(torch, guidance, **wrapper):
    from controlnet_k.ldm.models.diffusion.dpm_solver.dpm_solver import NoiseScheduleVP, model_wrapper

    model = _latent_diffusion().eval()
    schedule = NoiseScheduleVP("discrete", alphas_cumprod=model.alphas_cumprod.float())
    context = torch.randn(2, CONTEXT_LEN, CONTEXT_DIM)
    model_fn = model_wrapper(lambda x, t, cond=None: model.apply_model(x, t, context), schedule,
                             model_type="noise", guidance_type=guidance, **wrapper)
    return model_fn, schedule


def controlnet_dpm_adaptive():
    """The adaptive-step DPM-Solver with dynamic thresholding of the x0 prediction."""
    torch = _seed()
    _controlnet_imports()
    from controlnet_k.ldm.models.diffusion.dpm_solver.dpm_solver import DPM_Solver

    model_fn, schedule = _dpm_solver(torch, "uncond")
    solver = DPM_Solver(model_fn, schedule, predict_x0=True, thresholding=True, max_val=1.0)

    def sample(x):
        return solver.sample(x, order=2, method="adaptive", atol=1.0, rtol=1.0)

    return sample, [(torch.randn(2, 4, LATENT, LATENT),)]


# ---------------------------------------------------------------------------------------------------- lycoris-lora
def _block_model():
    """A small UNet-like block: the Conv2d / GroupNorm / Linear / LayerNorm layers LyCORIS targets in a UNet."""
    import torch
    import torch.nn.functional as F
    from torch import nn

    class Block(nn.Module):
        def __init__(self, channels=16, context=12, heads=2):
            super().__init__()
            self.heads = heads
            self.norm1 = nn.GroupNorm(4, channels)
            self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
            self.time = nn.Linear(8, channels)
            self.norm2 = nn.GroupNorm(4, channels)
            self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
            self.norm3 = nn.LayerNorm(channels)
            self.to_q = nn.Linear(channels, channels, bias=False)
            self.to_k = nn.Linear(context, channels, bias=False)
            self.to_v = nn.Linear(context, channels, bias=False)
            self.to_out = nn.Linear(channels, channels)
            self.ff = nn.Sequential(nn.Linear(channels, channels * 2), nn.GELU(), nn.Linear(channels * 2, channels))

        def forward(self, x, t_emb, context):
            h = self.conv1(F.silu(self.norm1(x)))
            h = h + self.time(t_emb)[:, :, None, None]
            h = x + self.conv2(F.silu(self.norm2(h)))
            b, c, height, width = h.shape
            seq = self.norm3(h.flatten(2).transpose(1, 2))
            q = self.to_q(seq).unflatten(-1, (self.heads, -1)).transpose(1, 2)
            k = self.to_k(context).unflatten(-1, (self.heads, -1)).transpose(1, 2)
            v = self.to_v(context).unflatten(-1, (self.heads, -1)).transpose(1, 2)
            attn = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).flatten(2)
            seq = seq + self.to_out(attn)
            seq = seq + self.ff(seq)
            return seq.transpose(1, 2).reshape(b, c, height, width)

    return Block()


def _block_inputs(torch, batch=2):
    return torch.randn(batch, 16, 8, 8), torch.randn(batch, 8), torch.randn(batch, 5, 12)


def _lycoris(algo, train=False, **kwargs):
    torch = _seed()
    from lycoris import create_lycoris

    model = _block_model()
    network = create_lycoris(model, 1.0, linear_dim=4, linear_alpha=2, algo=algo, **kwargs)
    network.apply_to()
    for parameter in network.parameters():  # a trained adapter: nonzero up weights, so every path contributes
        torch.nn.init.normal_(parameter, std=0.02) if parameter.requires_grad else None
    model.train(train)
    network.train(train)
    return torch, model, network


def _lycoris_forward(algo, **kwargs):
    def target():
        torch, model, _ = _lycoris(algo, **kwargs)
        return model, [_block_inputs(torch)]

    target.__name__ = f"lycoris_{algo}_forward"
    return target


def _lycoris_train_step(algo, **kwargs):
    """kohya's training loop: the base model frozen, the network's parameters in AdamW, MSE to a target."""

    def target():
        torch, model, network = _lycoris(algo, train=True, **kwargs)
        for parameter in model.parameters():
            parameter.requires_grad_(False)
        network.prepare_grad_etc()
        optimizer = torch.optim.AdamW(network.prepare_optimizer_params(1e-3))
        x, t_emb, context = _block_inputs(torch)

        def step(x, t_emb, context, target):
            loss = torch.nn.functional.mse_loss(model(x, t_emb, context), target)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            return loss

        return step, [(x, t_emb, context, torch.randn_like(x))]

    target.__name__ = f"lycoris_{algo}_train_step"
    return target


# ------------------------------------------------------------------------------------------------- transfusion-asr
VOCAB, TEXT_LEN, AUDIO_LEN, COND_DIM = 29, 12, 10, 24


def _transfusion(train=False):
    torch = _seed()
    from transfusion.config import ModelConfig
    from transfusion.model import TransFusion

    cfg = ModelConfig(vocab_size=VOCAB, layers=4, dim=32, nheads=4, dropout=0.1, t_emb_dim=32, cond_emb_dim=COND_DIM,
                      cond_cross_attn_layers=[0, 2], conv_pos=16, conv_pos_groups=4, wavlm_num_bucket=16,
                      wavlm_max_dist=32, T=20)
    model = TransFusion(cfg, max_transcript_len=TEXT_LEN).train(train)
    return torch, cfg, model


def _transfusion_batch(torch, batch=2):
    x = torch.randint(1, VOCAB, (batch, TEXT_LEN))
    t = torch.randint(0, 20, (batch,))
    cond_emb = torch.randn(batch, AUDIO_LEN, COND_DIM)
    cond_padding_mask = torch.zeros(batch, AUDIO_LEN, dtype=torch.bool)
    cond_padding_mask[1, -3:] = True
    x_padding_mask = torch.zeros(batch, TEXT_LEN, dtype=torch.bool)
    x_padding_mask[1, -2:] = True
    return x, t, cond_emb, cond_padding_mask, x_padding_mask


def transfusion_forward():
    torch, _, model = _transfusion()
    return model, [_transfusion_batch(torch)]


def transfusion_train_step():
    """The multinomial diffusion training step: noise the transcript to a random t (q_sample), predict x0, the
    variational bound (compute_Lt) per character, AdamW."""
    torch, cfg, model = _transfusion(train=True)
    from transfusion.diffusion import MultinomialDiffusion, index_to_log_onehot

    diff = MultinomialDiffusion(cfg.vocab_size, cfg.T, cfg.diffusion_s)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    x, t, cond_emb, cond_padding_mask, x_padding_mask = _transfusion_batch(torch)

    def step(x, t, cond_emb, cond_padding_mask, x_padding_mask):
        log_x_start = index_to_log_onehot(x, diff.num_classes)
        x_t = diff.q_sample(log_x_start, t)
        log_x_t = index_to_log_onehot(x_t, diff.num_classes)
        x_0_pred = model(x_t, t, cond_emb, cond_padding_mask, x_padding_mask)
        log_x0_pred = torch.nn.functional.log_softmax(x_0_pred, dim=-1)
        loss = diff.compute_Lt(log_x_start, log_x_t, log_x0_pred, t)
        loss = loss.sum() / (~x_padding_mask).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss

    return step, [(x, t, cond_emb, cond_padding_mask, x_padding_mask)]


def transfusion_reverse_step():
    """One reverse step of score.py's sampler: model with classifier-free guidance, p(x_{t-1} | x_t), sample."""
    torch, cfg, model = _transfusion()
    from transfusion.diffusion import MultinomialDiffusion, index_to_log_onehot

    diff = MultinomialDiffusion(cfg.vocab_size, cfg.T, cfg.diffusion_s)
    guidance_w = 1.5

    @torch.no_grad()
    def reverse(x, t, cond_emb, cond_padding_mask, x_padding_mask):
        x_0_pred = model(x, t, cond_emb, cond_padding_mask, x_padding_mask)
        uncond = model(x, t, torch.zeros_like(cond_emb), torch.ones_like(cond_padding_mask), x_padding_mask)
        x_0_pred = guidance_w * x_0_pred + (1 - guidance_w) * uncond
        log_x_0_pred = torch.nn.functional.log_softmax(x_0_pred, dim=-1)
        log_x_t = index_to_log_onehot(x, diff.num_classes, dtype=x_0_pred.dtype)
        log_model_pred = diff.p_pred(log_x_t, t, log_x_0_pred)
        return diff.log_sample_categorical(log_model_pred)

    return reverse, [_transfusion_batch(torch)]


PACKAGES: Tuple[Package, ...] = (
    Package("controlnet-k==0.1.4", "controlnet_k", {
        "ddim_step": controlnet_ddim_step,
        "ddim_inpaint": controlnet_ddim_inpaint,
        "dpm_solver": controlnet_dpm_solver,
        "dpm_adaptive": controlnet_dpm_adaptive},
        roots=("controlnet_k.ldm.models.diffusion.ddim:DDIMSampler.p_sample_ddim",
               "controlnet_k.ldm.models.diffusion.ddim:DDIMSampler.sample",
               "controlnet_k.ldm.models.diffusion.dpm_solver.sampler:DPMSolverSampler.sample",
               "controlnet_k.ldm.models.diffusion.dpm_solver.dpm_solver:DPM_Solver.sample"),
        dependencies=TORCHVISION + LIGHTNING + OMEGACONF + ("einops==0.8.2",)),
    Package("lycoris-lora==4.1.3", "lycoris", {
        "locon_forward": _lycoris_forward("locon"),
        "loha_forward": _lycoris_forward("loha"),
        "lokr_forward": _lycoris_forward("lokr", factor=4),
        "lokr_dora_forward": _lycoris_forward("lokr", factor=4, dora_wd=True),
        "dylora_forward": _lycoris_forward("dylora", block_size=2),
        "glora_forward": _lycoris_forward("glora"),
        "ia3_forward": _lycoris_forward("ia3"),
        "diag_oft_forward": _lycoris_forward("diag-oft", constraint=1e-4, rescaled=True),
        "boft_forward": _lycoris_forward("boft"),
        "full_forward": _lycoris_forward("full"),
        "locon_tucker_bypass_forward": _lycoris_forward("locon", use_tucker=True, bypass_mode=True),
        "locon_dropout_train_step": _lycoris_train_step("locon", dropout=0.1, rank_dropout=0.1,
                                                        module_dropout=0.1),
        "loha_train_step": _lycoris_train_step("loha", use_scalar=True),
        "lokr_dora_train_step": _lycoris_train_step("lokr", factor=4, dora_wd=True),
        "dylora_train_step": _lycoris_train_step("dylora", block_size=2),
        "boft_train_step": _lycoris_train_step("boft", rescaled=True)},
        dependencies=("einops==0.8.2", "toml==0.10.2", "tqdm==4.70.1", "safetensors==0.8.0")),
    Package("transfusion-asr==0.1.0", "transfusion", {
        "forward": transfusion_forward,
        "train_step": transfusion_train_step,
        "reverse_step": transfusion_reverse_step},
        roots=("transfusion.diffusion:MultinomialDiffusion.*", "transfusion.diffusion:index_to_log_onehot"),
        dependencies=OMEGACONF + ("fastprogress==1.0.3",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
