"""Held-out group 31 of the evaluation: denoisers and autoencoders in the style of a diffusion-model library (UNets
with timestep and class embeddings, attention blocks and up/down blocks that push and pop a list of skips, diffusion
transformers with adaLN modulation, VQ and KL autoencoders with attention in the middle block, noise schedules and
their step functions, video and audio denoisers), from packages no rule was tuned on, measured before any rule
changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout31_targets.py \
        --site benchmarks/eval/.packages-heldout31 --suffix heldout31

OpenAI's guided diffusion: its class-conditional UNet (scale-shift norm, resblock up/down sampling, the new
attention order), the super-resolution UNet, the noisy-image classifier with attention pooling, Gaussian diffusion's
hybrid training loss, and the respaced DDPM and DDIM sampling loops (guided-diffusion-sdk). Taming transformers'
VQGAN (encoder and decoder with attention and a skip-free up path, VectorQuantizer2 and the Gumbel quantizer), its
DDPM UNet with timestep embedding and the skip list `hs`, and its conditional VUNet (taming-transformers-rom1504).
Lumiere's space-time wrapper around an image UNet (temporal convolution, attention, down- and upsampling inserted
with forward hooks), plain and magnitude-preserving (lumiere-pytorch). DiffWave's dilated residual denoiser for
audio with a mel conditioner, integer and interpolated diffusion steps (diffwave). A class-conditional DiT with
classifier-free guidance, a DDPM step with its `t[0] > 0` noise switch, and DIAMOND's EDM-preconditioned action
conditioned UNet world model with its Euler sampler (simulusion). VAEs and quantized autoencoders with configs in the
style of a model hub (autoencoders: VAE, VQ-VAE, residual VQ, FSQ).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: diffusers and everything built on it (matcha-tts, tangoflux, ccsr); stable-diffusion-sdkit (transformers,
open-clip); dit-ml and fluidflow (timm); flocoder (natten, wandb and a long tree); hdit (a copy of k-diffusion's
HDiT, measured elsewhere); wavegrad (the same authors' and layout as diffwave); pythae (its models are MLP/conv
VAEs much like the `autoencoders` package here); the packages of group 26 and the other groups. Modules imported
at module level only for code no target runs are stood in by empty modules: torchvision's transforms and utils
(PyPI's torchvision does not import beside this torch), PIL, omegaconf; pytorch_lightning's LightningModule is
torch's nn.Module (taming's models subclass it and the targets call only their forward).
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


# --------------------------------------------------------------------------------------------- guided diffusion
def _guided_unet(**options):
    from guided_diffusion import script_util

    config = dict(image_size=16, num_channels=32, num_res_blocks=1, channel_mult="1,2", learn_sigma=True,
                  class_cond=False, use_checkpoint=False, attention_resolutions="8", num_heads=2, num_head_channels=-1,
                  num_heads_upsample=-1, use_scale_shift_norm=True, dropout=0.0, resblock_updown=False,
                  use_fp16=False, use_new_attention_order=False)
    config.update(options)
    return script_util.create_model(**config)


def _guided_diffusion(respacing="", **options):
    from guided_diffusion import script_util

    config = dict(steps=20, learn_sigma=True, noise_schedule="cosine", use_kl=False, predict_xstart=False,
                  rescale_timesteps=False, rescale_learned_sigmas=True, timestep_respacing=respacing)
    config.update(options)
    return script_util.create_gaussian_diffusion(**config)


def guided_unet_class_cond():
    torch = _seed()
    model = _guided_unet(class_cond=True).eval()
    return model, [(torch.randn(2, 3, 16, 16), torch.tensor([3, 11]))], {"y": torch.tensor([0, 7])}


def guided_unet_updown_new_attention():
    torch = _seed()
    model = _guided_unet(resblock_updown=True, use_new_attention_order=True, num_head_channels=16,
                         use_scale_shift_norm=False, attention_resolutions="16,8").eval()
    return model, [(torch.randn(2, 3, 16, 16), torch.tensor([1, 19]))]


def guided_super_resolution_unet():
    torch = _seed()
    from guided_diffusion import script_util

    model = script_util.sr_create_model(large_size=64, small_size=32, num_channels=32, num_res_blocks=1,
                                        learn_sigma=True, class_cond=False, use_checkpoint=False,
                                        attention_resolutions="8", num_heads=2, num_head_channels=-1,
                                        num_heads_upsample=-1, use_scale_shift_norm=True, dropout=0.0,
                                        resblock_updown=True, use_fp16=False).eval()
    return model, [(torch.randn(1, 3, 64, 64), torch.tensor([9]))], {"low_res": torch.randn(1, 3, 32, 32)}


def guided_noisy_classifier():
    torch = _seed()
    from guided_diffusion import script_util

    model = script_util.create_classifier(image_size=64, classifier_use_fp16=False, classifier_width=32,
                                          classifier_depth=1, classifier_attention_resolutions="8",
                                          classifier_use_scale_shift_norm=True, classifier_resblock_updown=True,
                                          classifier_pool="attention").eval()
    return model, [(torch.randn(1, 3, 64, 64), torch.tensor([12]))]  # its smallest size, channels (1, 2, 3, 4)


def guided_hybrid_training_loss():
    torch = _seed()
    model = _guided_unet(class_cond=True).train()
    diffusion = _guided_diffusion()

    def loss(x_start, t, y):
        return diffusion.training_losses(model, x_start, t, model_kwargs={"y": y})["loss"].mean()

    return loss, [(torch.randn(2, 3, 16, 16), torch.tensor([3, 17]), torch.tensor([1, 5]))]


def guided_respaced_ddpm_sampling():
    torch = _seed()
    model = _guided_unet().eval()
    diffusion = _guided_diffusion(respacing="4")

    def draw(noise):
        return diffusion.p_sample_loop(model, (2, 3, 16, 16), noise=noise, clip_denoised=True, progress=False)

    return draw, [(torch.randn(2, 3, 16, 16),)]


def guided_respaced_ddim_sampling():
    torch = _seed()
    model = _guided_unet(class_cond=True).eval()
    diffusion = _guided_diffusion(respacing="ddim4")

    def draw(noise, y):
        return diffusion.ddim_sample_loop(model, (2, 3, 16, 16), noise=noise, clip_denoised=True,
                                          model_kwargs={"y": y}, eta=0.0, progress=False)

    return draw, [(torch.randn(2, 3, 16, 16), torch.tensor([2, 6]))]


def guided_img2img_sampling():
    torch = _seed()
    model = _guided_unet().eval()
    diffusion = _guided_diffusion(respacing="6")

    def draw(noise, init_image):  # start from a noised image, skipping the first steps (image-to-image)
        return diffusion.p_sample_loop(model, (2, 3, 16, 16), noise=noise, skip_timesteps=2, init_image=init_image,
                                       progress=False)

    return draw, [(torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16))]


def guided_sampling_with_progress_bar():
    torch = _seed()
    model = _guided_unet().eval()
    diffusion = _guided_diffusion(respacing="ddim3")

    def draw(noise):
        return diffusion.ddim_sample_loop(model, (2, 3, 16, 16), noise=noise, progress=True)

    return draw, [(torch.randn(2, 3, 16, 16),)]


def guided_gradient_guided_sampling():
    torch = _seed()
    model = _guided_unet().eval()
    diffusion = _guided_diffusion(respacing="3")

    def cond_fn(x, t, p_mean_var, **kwargs):  # a guidance direction read from the model's prediction of x_0
        return p_mean_var["pred_xstart"] - x

    def draw(noise):
        return diffusion.p_sample_loop(model, (2, 3, 16, 16), noise=noise, cond_fn=cond_fn, cond_fn_with_grad=True,
                                       model_kwargs={}, progress=False)

    return draw, [(torch.randn(2, 3, 16, 16),)]


# ------------------------------------------------------------------------------------------------------- taming
def _taming():
    import sys

    import torch

    targets.stand_in("omegaconf", "PIL", "PIL.Image", "torchvision", "torchvision.transforms", "torchvision.utils",
                     "pytorch_lightning", "pytorch_lightning.trainer", "pytorch_lightning.callbacks",
                     "pytorch_lightning.utilities", "pytorch_lightning.utilities.distributed")
    sys.modules["pytorch_lightning"].LightningModule = torch.nn.Module  # only forward is called
    sys.modules["pytorch_lightning.utilities.distributed"].rank_zero_only = lambda fn: fn  # a decorator in main.py
    from taming.models import vqgan

    return vqgan


_TAMING_DD = dict(double_z=False, z_channels=8, resolution=16, in_channels=3, out_ch=3, ch=32, ch_mult=[1, 2],
                  num_res_blocks=1, attn_resolutions=[8], dropout=0.0)


def taming_vqgan():
    torch = _seed()
    vqgan = _taming()
    model = vqgan.VQModel(ddconfig=_TAMING_DD, lossconfig={"target": "torch.nn.Identity"}, n_embed=16,
                          embed_dim=8).eval()
    return model, [(torch.randn(2, 3, 16, 16),)]


def taming_gumbel_vqgan():
    torch = _seed()
    vqgan = _taming()
    model = vqgan.GumbelVQ(ddconfig=_TAMING_DD, lossconfig={"target": "torch.nn.Identity"}, n_embed=16,
                           embed_dim=8, temperature_scheduler_config={"target": "torch.nn.Identity"}).train()
    return model, [(torch.randn(2, 3, 16, 16),)]


def taming_ddpm_unet():
    torch = _seed()
    _taming()
    from taming.modules.diffusionmodules.model import Model

    model = Model(ch=32, out_ch=3, ch_mult=(1, 2), num_res_blocks=1, attn_resolutions=[8], in_channels=3,
                  resolution=16).eval()
    return model, [(torch.randn(2, 3, 16, 16), torch.tensor([5, 40]))]


def taming_conditional_vunet():
    torch = _seed()
    _taming()
    from taming.modules.diffusionmodules.model import VUNet

    model = VUNet(ch=32, out_ch=3, ch_mult=(1, 2), num_res_blocks=1, attn_resolutions=[8], in_channels=3,
                  c_channels=3, resolution=16, z_channels=4).eval()
    return model, [(torch.randn(2, 3, 16, 16), torch.randn(2, 4, 8, 8))]


# ------------------------------------------------------------------------------------------------------ lumiere
def _image_unet(torch):
    """A small image UNet with a time input: Lumiere inflates its named convolution, attention and resampling
    layers with temporal ones (the eval owns this model: it is the text-to-image network the user brings)."""
    nn = torch.nn

    class SpatialAttention(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)

        def forward(self, x):
            b, c, h, w = x.shape
            tokens = x.flatten(2).transpose(1, 2)
            out, _ = self.attn(tokens, tokens, tokens, need_weights=False)
            return x + out.transpose(1, 2).reshape(b, c, h, w)

    class ImageUnet(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv_in = nn.Conv2d(3, 16, 3, padding=1)
            self.time_mlp = nn.Linear(1, 16)
            self.down = nn.Conv2d(16, 32, 3, stride=2, padding=1)
            self.mid_conv = nn.Conv2d(32, 32, 3, padding=1)
            self.mid_attn = SpatialAttention(32)
            self.up = nn.ConvTranspose2d(32, 16, 4, stride=2, padding=1)
            self.conv_out = nn.Conv2d(16, 3, 3, padding=1)

        def forward(self, x, time):
            h = self.conv_in(x) + self.time_mlp(time.reshape(-1, 1))[:, :, None, None]
            h = self.mid_attn(self.mid_conv(self.down(h)))
            return self.conv_out(self.up(h))

    return ImageUnet()


def _lumiere(kind, **options):
    torch = _seed()
    import lumiere_pytorch

    unet = _image_unet(torch)
    model = getattr(lumiere_pytorch, kind)(unet, image_size=8, unet_time_kwarg="time",
                                           conv_module_names=["conv_in", "mid_conv"], attn_module_names=["mid_attn"],
                                           downsample_module_names=["down"], upsample_module_names=["up"],
                                           **options).eval()
    return model, [(torch.randn(1, 3, 4, 8, 8),)], {"time": torch.ones(1)}


def lumiere_space_time_unet():
    return _lumiere("Lumiere")


def lumiere_magnitude_preserving():
    return _lumiere("MPLumiere")


# ----------------------------------------------------------------------------------------------------- diffwave
def _diffwave(torch):
    from diffwave.model import DiffWave
    from diffwave.params import AttrDict, params

    config = AttrDict(params)
    config.override(dict(residual_layers=4, residual_channels=16, dilation_cycle_length=2, n_mels=8))
    return DiffWave(config).eval()


def diffwave_integer_step():
    torch = _seed()
    model = _diffwave(torch)
    # the spectrogram upsampler stretches each mel frame over 256 samples
    return model, [(torch.randn(2, 512), torch.randn(2, 8, 2), torch.tensor([3, 40]))]


def diffwave_interpolated_step():
    torch = _seed()
    model = _diffwave(torch)
    # fast sampling's steps between the trained ones, one at a time (the embedding lerp takes a batch of one)
    return model, [(torch.randn(1, 512), torch.randn(1, 8, 2), torch.tensor([17.25]))]


# --------------------------------------------------------------------------------------------------- simulusion
def _simulusion():
    targets.stand_in("torchvision", "torchvision.transforms", "torchvision.utils", "torchvision.datasets",
                     "PIL", "PIL.Image")


def simulusion_dit_class_cond():
    torch = _seed()
    _simulusion()
    from simulusion.models.diffusion.DiT import DiT

    model = DiT(img_size=8, patch_size=2, in_channels=4, d_model=32, depth=2, heads=2, t_dim=32,
                num_classes=5).train()
    return model, [(torch.randn(2, 4, 8, 8), torch.tensor([3, 70]), torch.tensor([1, 4]))]


def simulusion_dit_cfg():
    torch = _seed()
    _simulusion()
    from simulusion.models.diffusion.DiT import DiT

    model = DiT(img_size=8, patch_size=2, in_channels=4, d_model=32, depth=2, heads=2, t_dim=32,
                num_classes=5).eval()

    def guided(x, t, y):
        return model.forward_with_cfg(x, t, y, cfg_scale=4.0, guided_channels=3)

    return guided, [(torch.randn(4, 4, 8, 8), torch.tensor([9, 9, 9, 9]), torch.tensor([0, 2, 0, 2]))]


def simulusion_ddpm_sampling():
    torch = _seed()
    _simulusion()
    from simulusion.models.diffusion.DDPM import DDPM
    from simulusion.models.diffusion.DiT import DiT

    model = DiT(img_size=8, patch_size=2, in_channels=4, d_model=32, depth=1, heads=2, t_dim=32,
                num_classes=5).eval()
    ddpm = DDPM(timesteps=3, beta_start=1e-4, beta_end=0.02)

    def draw(y):
        return ddpm.sample(model, 2, 8, 4, y=y)

    return draw, [(torch.tensor([1, 3]),)]


def simulusion_diamond_edm_sampling():
    torch = _seed()
    from simulusion.models.diffusion.diamond_diffusion import DiffusionUNet, EulerSampler

    model = DiffusionUNet(obs_channels=3, num_conditioning_frames=2, base_channels=32, channel_multipliers=(1, 2),
                          num_res_blocks=1, cond_dim=32, action_dim=4).eval()
    sampler = EulerSampler(num_steps=3)

    def draw(obs_history, actions):
        return sampler.sample(model, (2, 3, 8, 8), torch.device("cpu"), obs_history=obs_history, actions=actions)

    return draw, [(torch.randn(2, 2, 3, 8, 8), torch.tensor([[0, 3], [1, 2]]))]


# ------------------------------------------------------------------------------------------------- autoencoders
def _autoencoder(kind, shape=(24,), batch=(4,), **options):
    torch = _seed()
    from autoencoders import load_model
    from autoencoders.data.base import TensorSpec

    model = load_model(kind, sample_spec=TensorSpec(shape=shape), latent_dim=8, encoder="mlp",
                       encoder_config={"hidden_dims": [32, 16], "activation": "relu", "use_bias": True},
                       decoder="mlp", decoder_config={"hidden_dims": [16, 24], "activation": "relu", "use_bias": True},
                       **options).train()
    return model, [(torch.randn(*batch, 24),)]


def autoencoders_vae():
    return _autoencoder("vae", kl_weight=0.1, free_bits=0.02)


def autoencoders_vqvae():
    return _autoencoder("vqvae", shape=(None, 24), batch=(2, 5), codebook_size=16)  # sequences of vectors


def autoencoders_residual_vq():
    return _autoencoder("rqvae", codebook_size=16, num_quantizers=3,
                        use_ema_codebook=True)


def autoencoders_fsq():
    return _autoencoder("fsq", levels=[5, 5, 5, 5, 5, 5, 5, 5])


# ------------------------------------------------------------------------------------------------------- dfusion
def _dfusion_unet(out_channels=3, **options):
    targets.stand_in("omegaconf", "omegaconf.listconfig")  # read only to unwrap a ListConfig context_dim
    from dfusion.models.kitsunetic.unet import UNet

    return UNet(dims=2, in_channels=3, model_channels=32, out_channels=out_channels, num_res_blocks=1,
                attention_resolutions=[2], channel_mult=[1, 2], num_heads=2, **options).eval()


def _betas(steps):
    from dfusion import make_beta_schedule

    return make_beta_schedule("linear", steps)


def dfusion_cross_attention_unet():
    torch = _seed()
    model = _dfusion_unet(use_spatial_transformer=True, context_dim=16)
    return model, [(torch.randn(2, 3, 8, 8), torch.tensor([3, 9]), torch.randn(2, 16, 5))]  # context (B, C, L)


def dfusion_ddpm_sampler():
    torch = _seed()
    from dfusion import DDPMSampler

    unet = _dfusion_unet(out_channels=6)
    sampler = DDPMSampler(_betas(4), model_var_type="learned_range")
    return sampler, [(unet, (2, 3, 8, 8), torch.randn(2, 3, 8, 8))]


def dfusion_ddim_sampler():
    torch = _seed()
    from dfusion import DDIMSampler

    unet = _dfusion_unet()
    sampler = DDIMSampler(_betas(20), ddim_s=4, ddim_eta=0.5)
    return sampler, [(unet, (2, 3, 8, 8), torch.randn(2, 3, 8, 8))]


def dfusion_karras_heun_sampler():
    torch = _seed()
    from dfusion import KarrasSampler

    unet = _dfusion_unet()
    sampler = KarrasSampler(_betas(20), n_steps=3, sampler="heun")
    return sampler, [(unet, (2, 3, 8, 8))]


def dfusion_ddpm_trainer():
    torch = _seed()
    from dfusion import DDPMTrainer

    unet = _dfusion_unet(out_channels=6).train()
    trainer = DDPMTrainer(_betas(20), loss_type="rescaled_l2", model_var_type="learned_range",
                          p2_loss_weight_gamma=1.0)
    return trainer, [(unet, torch.randn(2, 3, 8, 8))]


PACKAGES: Tuple[Package, ...] = (
    Package("guided-diffusion-sdk==1.0.0", "guided_diffusion", {
        "unet_class_cond": guided_unet_class_cond,
        "unet_updown_new_attention": guided_unet_updown_new_attention,
        "super_resolution_unet": guided_super_resolution_unet,
        "noisy_classifier": guided_noisy_classifier,
        "hybrid_training_loss": guided_hybrid_training_loss,
        "respaced_ddpm_sampling": guided_respaced_ddpm_sampling,
        "respaced_ddim_sampling": guided_respaced_ddim_sampling,
        "img2img_sampling": guided_img2img_sampling,
        "sampling_with_progress_bar": guided_sampling_with_progress_bar,
        "gradient_guided_sampling": guided_gradient_guided_sampling},
        roots=("guided_diffusion.gaussian_diffusion:GaussianDiffusion.training_losses",
               "guided_diffusion.gaussian_diffusion:GaussianDiffusion.p_sample_loop",
               "guided_diffusion.gaussian_diffusion:GaussianDiffusion.ddim_sample_loop",
               "guided_diffusion.respace:SpacedDiffusion.training_losses")),
    Package("taming-transformers-rom1504==0.0.6", "taming", {
        "vqgan": taming_vqgan,
        "gumbel_vqgan": taming_gumbel_vqgan,
        "ddpm_unet": taming_ddpm_unet,
        "conditional_vunet": taming_conditional_vunet}),
    Package("lumiere-pytorch==0.0.24", "lumiere_pytorch", {
        "space_time_unet": lumiere_space_time_unet,
        "magnitude_preserving": lumiere_magnitude_preserving},
        dependencies=("beartype==0.23.1", "x-transformers==2.31.10", "einx==0.4.3", "frozendict==2.5.1",
                      "torch-einops-utils==0.2.0")),
    Package("diffwave==0.1.7", "diffwave", {
        "integer_step": diffwave_integer_step,
        "interpolated_step": diffwave_interpolated_step}),
    Package("simulusion==1.1.0", "simulusion", {
        "dit_class_cond": simulusion_dit_class_cond,
        "dit_cfg": simulusion_dit_cfg,
        "ddpm_sampling": simulusion_ddpm_sampling,
        "diamond_edm_sampling": simulusion_diamond_edm_sampling},
        roots=("simulusion.models.diffusion.DiT:DiT.forward_with_cfg",
               "simulusion.models.diffusion.DDPM:DDPM.sample",
               "simulusion.models.diffusion.diamond_diffusion:EulerSampler.sample")),
    Package("autoencoders==0.6.8", "autoencoders", {
        "vae": autoencoders_vae,
        "vqvae": autoencoders_vqvae,
        "residual_vq": autoencoders_residual_vq,
        "fsq": autoencoders_fsq}),
    Package("dfusion==0.0.2", "dfusion", {
        "cross_attention_unet": dfusion_cross_attention_unet,
        "ddpm_sampler": dfusion_ddpm_sampler,
        "ddim_sampler": dfusion_ddim_sampler,
        "karras_heun_sampler": dfusion_karras_heun_sampler,
        "ddpm_trainer": dfusion_ddpm_trainer}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
