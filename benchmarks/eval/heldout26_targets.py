"""Held-out group 26 of the evaluation: diffusion, score and flow-matching models and their samplers (noise schedules
as tables or callables, sampler objects stepping over timestep pairs, classifier-free guidance by doubling the batch
or by two denoiser calls, UNets and diffusion transformers with time embeddings and modulation, sampling loops with
progress bars), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout26_targets.py \
        --site benchmarks/eval/.packages-heldout26 --suffix heldout26

Azula's denoisers (the simple and Karras preconditionings, the classifier-free-guidance denoiser) over its UNet with
modulation and its diffusion transformer, their training losses, and its DDPM, DDIM, Heun and Adams-Bashforth
samplers over VP, rectified and cosine schedules (azula). smalldiffusion's DDPM/log-linear/flow schedules, its
sampling generator with classifier-free guidance (`torch.cat([x, x])` then `chunk(2)`) and its conditional DiT,
UNet and time-input MLP (smalldiffusion). Audio v-diffusion: a 1-d UNet built from
a-unet's blocks with time modulation and embedding classifier-free guidance, its v-objective loss and its
sampler (audio-diffusion-pytorch). An autoregressive transformer whose tokens are denoised by an elucidated-diffusion
or flow-matching head, training losses and token-by-token sampling with a KV cache (autoregressive-diffusion-pytorch).
Rectified flow and mean flow over their UNet: the flow-matching loss, consistency flow matching, Euler sampling
(rectified-flow-pytorch).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: diffusers and everything built on it (consistency, whose models are diffusers pipelines);
video-diffusion-pytorch, imagen-pytorch, make-a-video-pytorch (transformers), dalle2-pytorch and perfusion-pytorch
(open-clip-torch, hence timm); e2-tts-pytorch and magvit2-pytorch (vocos, g2p-en, opencv and long pinned trees);
v-diffusion-pytorch (its sampling code and models ship again inside azula's vdm plugin, and its top package is the
generic name `diffusion`); consistency-models (a wheel with no code); diffwave (torchaudio, absent beside this
torch); bit-diffusion (its samplers are denoising-diffusion-pytorch's, in targets.py); diffusion-pytorch-lib (its
UNet fails in eager: a Sequential of stage blocks is called with the time embedding as a second argument).
k-diffusion, flow-matching, torchcfm, score-models, denoising-diffusion-pytorch, rin-pytorch, med-seg-diff-pytorch, mmdit, x-unet, a-unet and
transfusion-pytorch are measured in other groups (a-unet, x-unet and x-transformers are installed here only as
dependencies). Modules imported at module level only for code no target runs (accelerate's Accelerator for
trainers, torchvision's transforms, utils and VGG weights for data loading, image saving and a perceptual loss,
torchaudio's mel spectrogram, PIL) are stood in by empty modules: PyPI's torchvision does not import beside
this torch. smalldiffusion's sampler takes the accelerator only for its device: it is given a namespace with one.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.70.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _stand_in_vision():
    """torchvision's names the packages read at module level: their values are only used by code no target runs."""
    import sys

    targets.stand_in("torchvision", "torchvision.transforms", "torchvision.utils", "torchvision.models",
                     "torchaudio", "accelerate", "PIL", "PIL.Image")

    class Placeholder:  # a transform pipeline built at module level, never applied by a target
        def __init__(self, *args, **kwargs):
            pass

    def attribute(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Placeholder

    sys.modules["torchvision.transforms"].__getattr__ = attribute
    sys.modules["torchvision.models"].VGG16_Weights = type("VGG16_Weights", (), {"DEFAULT": None})  # a default value


# ---------------------------------------------------------------------------------------------------------- azula
def _azula_denoiser(torch, backbone="unet", karras=False, schedule="vp"):
    from azula import denoise, noise
    from azula.nn.dit import DiT
    from azula.nn.unet import UNet

    if backbone == "unet":
        net = UNet(in_channels=3, out_channels=3, mod_features=16, hid_channels=(8, 16), hid_blocks=(1, 1),
                   groups=4)
    else:
        net = DiT(in_channels=3, out_channels=3, mod_features=16, hid_channels=16, hid_blocks=2,
                  attention_heads=2, pos_channels=2)
    schedules = {"vp": noise.VPSchedule, "rectified": noise.RectifiedSchedule, "cosine": noise.CosineSchedule}

    class TimeModulated(torch.nn.Module):  # the backbones take a modulation vector: embed the noise level in it
        def __init__(self):
            super().__init__()
            self.net = net
            self.time = torch.nn.Linear(1, 16)

        def forward(self, x_t, t, **kwargs):
            mod = self.time(t.reshape(-1, 1).to(x_t))
            if backbone != "unet":  # the transformer reads tokens (B, L, C) with their positions
                b, c, h, w = x_t.shape
                tokens = x_t.flatten(2).transpose(1, 2)
                grid = torch.stack(torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij"), -1)
                out = self.net(tokens, mod, pos=grid.reshape(1, h * w, 2).to(x_t).expand(b, -1, -1))
                return out.transpose(1, 2).reshape(b, c, h, w)
            return self.net(x_t, mod, **kwargs)

    kind = denoise.KarrasDenoiser if karras else denoise.SimpleDenoiser
    return kind(TimeModulated(), schedules[schedule]())


def azula_simple_unet_loss():
    torch = _seed()
    denoiser = _azula_denoiser(torch).train()

    def loss(x, t):
        return denoiser.loss(x, t)

    return loss, [(torch.randn(2, 3, 8, 8), torch.rand(2))]


def azula_karras_dit_loss():
    torch = _seed()
    denoiser = _azula_denoiser(torch, backbone="dit", karras=True, schedule="rectified").train()

    def loss(x, t):
        return denoiser.loss(x, t)

    return loss, [(torch.randn(2, 3, 4, 4), torch.rand(2))]


def _azula_sample(sampler_name, schedule="vp", guided=False, **options):
    torch = _seed()
    from azula import sample
    from azula.guidance import CFGDenoiser

    denoiser = _azula_denoiser(torch, schedule=schedule).eval()
    if guided:
        denoiser = CFGDenoiser(denoiser)
    sampler = getattr(sample, sampler_name)(denoiser, steps=4, silent=True, **options)

    def draw(x_T):
        if guided:
            return sampler(x_T, positive={}, negative={}, guidance=torch.tensor(1.5))
        return sampler(x_T)

    return draw, [(torch.randn(2, 3, 8, 8),)]


def azula_ddpm_sampler():
    return _azula_sample("DDPMSampler")


def azula_ddim_sampler_guided():
    return _azula_sample("DDIMSampler", schedule="cosine", guided=True, eta=0.5)


def azula_heun_sampler_rectified():
    return _azula_sample("HeunSampler", schedule="rectified")


def azula_adams_bashforth_sampler():
    return _azula_sample("zABSampler", order=2)


# -------------------------------------------------------------------------------------------------- smalldiffusion
def _smalldiffusion():
    _stand_in_vision()
    import smalldiffusion

    return smalldiffusion


def smalldiffusion_ddpm_cfg_sampling():
    torch = _seed()
    from types import SimpleNamespace

    sd = _smalldiffusion()
    model = sd.ConditionalMLP(dim=2, hidden_dims=(16, 32, 16), cond_dim=4, num_classes=3).eval()
    sigmas = sd.ScheduleDDPM(N=100).sample_sigmas(4)
    accelerator = SimpleNamespace(device=torch.device("cpu"))  # its only use here: the device

    def draw(xt, cond):
        *_, x0 = sd.samples(model, sigmas, gam=1.6, mu=0.0, cfg_scale=2.0, batchsize=xt.shape[0], xt=xt,
                            cond=cond, accelerator=accelerator)
        return x0

    return draw, [(torch.randn(3, 2), torch.tensor([0, 1, 2]))]


def smalldiffusion_dit_loss():
    torch = _seed()
    sd = _smalldiffusion()
    model = sd.DiT(in_dim=8, channels=3, patch_size=2, depth=2, head_dim=8, num_heads=2, cond_embed=None).train()
    schedule = sd.ScheduleLogLinear(N=100)

    def loss(x0):
        x0, sigma, eps, cond = sd.generate_train_sample(x0, schedule)
        return model.get_loss(x0, sigma, eps, cond=cond)

    return loss, [(torch.randn(2, 3, 8, 8),)]


def smalldiffusion_unet_flow_prediction():
    torch = _seed()
    sd = _smalldiffusion()
    model = sd.PredFlow(sd.Unet)(in_dim=8, in_ch=3, out_ch=3, ch=32, ch_mult=(1, 2), attn_resolutions=(4,),
                                 num_res_blocks=1).eval()

    def predict(x, sigma):
        return model.predict_eps(x, sigma)

    return predict, [(torch.randn(2, 3, 8, 8), torch.tensor(0.5))]


# ------------------------------------------------------------------------------------------ audio-diffusion-pytorch
def _audio_model(torch, **options):
    _stand_in_vision()
    from audio_diffusion_pytorch import DiffusionModel, UNetV0, VDiffusion, VSampler

    config = dict(net_t=UNetV0, in_channels=2, channels=[8, 16, 16], factors=[1, 2, 2], items=[1, 1, 1],
                  attentions=[0, 0, 1], attention_heads=2, attention_features=8, modulation_features=16,
                  resnet_groups=4, diffusion_t=VDiffusion, sampler_t=VSampler)
    config.update(options)
    return DiffusionModel(**config)


def audio_v_diffusion_loss():
    torch = _seed()
    model = _audio_model(torch).train()
    return model, [(torch.randn(2, 2, 32),)]


def audio_v_diffusion_cfg_loss():
    torch = _seed()
    model = _audio_model(torch, use_embedding_cfg=True, embedding_max_length=4, embedding_features=8,
                         cross_attentions=[0, 0, 1]).train()
    return model, [(torch.randn(2, 2, 32),)], {"embedding": torch.randn(2, 4, 8), "embedding_mask_proba": 0.5}


def audio_v_sampler_guided():
    torch = _seed()
    model = _audio_model(torch, use_embedding_cfg=True, embedding_max_length=4, embedding_features=8,
                         cross_attentions=[0, 0, 1]).eval()

    def draw(noise, embedding):
        return model.sample(noise, num_steps=3, embedding=embedding, embedding_scale=2.0)

    return draw, [(torch.randn(2, 2, 32), torch.randn(2, 4, 8))]


# --------------------------------------------------------------------------------- autoregressive-diffusion-pytorch
def _autoregressive(kind):
    _stand_in_vision()
    import autoregressive_diffusion_pytorch as ard

    return getattr(ard, kind)


def ar_diffusion_loss():
    torch = _seed()
    model = _autoregressive("AutoregressiveDiffusion")(dim=16, dim_input=4, max_seq_len=6, depth=2, dim_head=8,
                                                       heads=2, mlp_depth=2).train()
    return model, [(torch.randn(2, 6, 4),)]


def ar_flow_loss():
    torch = _seed()
    model = _autoregressive("AutoregressiveFlow")(dim=16, dim_input=4, max_seq_len=6, depth=2, dim_head=8,
                                                  heads=2, mlp_depth=2, mlp_width=16).train()
    return model, [(torch.randn(2, 6, 4),)]


def ar_diffusion_sampling():
    torch = _seed()
    model = _autoregressive("AutoregressiveDiffusion")(dim=16, dim_input=4, max_seq_len=4, depth=1, dim_head=8,
                                                       heads=2, mlp_depth=2,
                                                       diffusion_kwargs=dict(num_sample_steps=3)).eval()

    def draw(prompt):
        return model.sample(batch_size=2, prompt=prompt)

    return draw, [(torch.randn(2, 2, 4),)]


# ------------------------------------------------------------------------------------------- rectified-flow-pytorch
def _rectified():
    _stand_in_vision()
    import rectified_flow_pytorch

    return rectified_flow_pytorch


def _flow_unet(rf, **options):
    return rf.Unet(dim=8, dim_mults=(1, 2), channels=3, attn_dim_head=8, attn_heads=2, **options)


def rectified_flow_loss():
    torch = _seed()
    rf = _rectified()
    model = rf.RectifiedFlow(_flow_unet(rf), noise_schedule="cosmap").train()
    return model, [(torch.rand(2, 3, 8, 8),)]


def rectified_flow_consistency_loss():
    torch = _seed()
    rf = _rectified()
    model = rf.RectifiedFlow(_flow_unet(rf), use_consistency=True, predict="noise").train()
    return model, [(torch.rand(2, 3, 8, 8),)]


def rectified_flow_sampling():
    torch = _seed()
    rf = _rectified()
    model = rf.RectifiedFlow(_flow_unet(rf), data_shape=(3, 8, 8), clip_during_sampling=True,
                             odeint_kwargs=dict(method="euler")).eval()

    def draw(noise):
        return model.sample(batch_size=2, steps=3, noise=noise)

    return draw, [(torch.randn(2, 3, 8, 8),)]


def mean_flow_loss_and_one_step():
    torch = _seed()
    rf = _rectified()
    model = rf.MeanFlow(_flow_unet(rf, accept_dest_time=True), data_shape=(3, 8, 8)).train()

    def loss_and_sample(data, noise):
        return model(data), model.sample(batch_size=2, noise=noise)

    return loss_and_sample, [(torch.rand(2, 3, 8, 8), torch.randn(2, 3, 8, 8))]


PACKAGES: Tuple[Package, ...] = (
    Package("azula==0.11.1", "azula", {
        "simple_unet_loss": azula_simple_unet_loss,
        "karras_dit_loss": azula_karras_dit_loss,
        "ddpm_sampler": azula_ddpm_sampler,
        "ddim_sampler_guided": azula_ddim_sampler_guided,
        "heun_sampler_rectified": azula_heun_sampler_rectified,
        "adams_bashforth_sampler": azula_adams_bashforth_sampler},
        roots=("azula.sample:*.__call__", "azula.sample:*.step", "azula.denoise:*.loss")),
    Package("smalldiffusion==0.5.0", "smalldiffusion", {
        "ddpm_cfg_sampling": smalldiffusion_ddpm_cfg_sampling,
        "dit_loss": smalldiffusion_dit_loss,
        "unet_flow_prediction": smalldiffusion_unet_flow_prediction},
        roots=("smalldiffusion.diffusion:samples", "smalldiffusion.diffusion:generate_train_sample",
               "smalldiffusion.model:ModelMixin.get_loss", "smalldiffusion.model:*.predict_eps")),
    Package("audio-diffusion-pytorch==0.1.3", "audio_diffusion_pytorch", {
        "v_diffusion_loss": audio_v_diffusion_loss,
        "v_diffusion_cfg_loss": audio_v_diffusion_cfg_loss,
        "v_sampler_guided": audio_v_sampler_guided},
        roots=("audio_diffusion_pytorch.models:DiffusionModel.sample",),
        dependencies=("a-unet==0.0.16",)),
    Package("autoregressive-diffusion-pytorch==0.4.0", "autoregressive_diffusion_pytorch", {
        "diffusion_loss": ar_diffusion_loss,
        "flow_loss": ar_flow_loss,
        "diffusion_sampling": ar_diffusion_sampling},
        roots=("autoregressive_diffusion_pytorch.autoregressive_diffusion:AutoregressiveDiffusion.sample",),
        dependencies=("x-transformers==2.31.10", "einx==0.4.3", "frozendict==2.5.1", "loguru==0.7.3",
                      "hyper-connections==0.4.11", "torch-einops-utils==0.2.0", "torchdiffeq==0.2.5",
                      "ema-pytorch==0.8.3", "beartype==0.23.1")),
    Package("rectified-flow-pytorch==0.14.0", "rectified_flow_pytorch", {
        "flow_loss": rectified_flow_loss,
        "consistency_loss": rectified_flow_consistency_loss,
        "sampling": rectified_flow_sampling,
        "mean_flow_loss_and_one_step": mean_flow_loss_and_one_step},
        roots=("rectified_flow_pytorch.rectified_flow:RectifiedFlow.sample",
               "rectified_flow_pytorch.mean_flow:MeanFlow.sample"),
        dependencies=("x-unet==0.5.0", "rotary-embedding-torch==0.9.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
