"""Held-out group 88 of the evaluation: generative models in the style of diffusers, away from diffusion (groups 75,
78, 80, 84): a StyleGAN2 (mapping network, modulated / demodulated convolutions, noise injection, style mixing,
differentiable augmentation, R1 gradient penalty and path-length regularisation), normalizing flows (autoregressive
affine and spline bijectors composed with permutations, log-det bookkeeping through a tensor subclass; a
transformer-coupling flow with channel and spatial couplings), and a neural vocoder (BigVGAN: anti-aliased
snake activations, multi-period and multi-resolution discriminators, LSGAN and feature-matching losses), from packages
no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout88_targets.py \
        --site benchmarks/eval/.packages-heldout88 --suffix heldout88 --jobs 1

StyleGAN2 (stylegan2-pytorch): the mapping network, the generator on mixed style lists (`styles_def_to_tensor` over
`latent_to_w`, as the trainer builds them), the discriminator behind its augmenting wrapper, a discriminator step with
the R1 gradient penalty (`gradient_penalty`) and a generator step with path-length regularisation
(`calc_pl_lengths`), hinge and dual contrastive losses, `DiffAugment` and `slerp` (latent interpolation). The
package's `StyleGAN2` module moves itself to CUDA in `__init__`, so its parts are built one by one as it builds them;
its module asserts `torch.cuda.is_available()` at import, so the import alone runs with that patched to True.
flowtorch: `Flow.log_prob` training steps over AffineAutoregressive, SplineAutoregressive and a Compose of affine
autoregressive bijectors with permutations, `rsample` / `sample`, `normalize` (data to noise), and an `Affine` +
`Tanh` elementwise flow (conditional flows left out: flowtorch 0.8 asserts `context is None` in every bijector).
jet-pytorch: Jet forward with `bits_per_dim` (its training step), and its inverse (sampling).
BigVGAN: the generator (AMPBlock1 and AMPBlock2, snake and snake-beta), the multi-period and multi-resolution
discriminators, and a GAN training step as its train.py runs it (discriminator loss, feature matching, generator loss).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): stylegan2-torch (JIT-builds a
CUDA extension at import); gigagan-pytorch (open-clip-torch, accelerate); vocos (torchaudio, encodec); lightweight-gan,
pi-gan-pytorch, nerf-pytorch, freia, diffwave, wavegrad (earlier groups); nerfacc (CUDA kernels). Stand-ins, outside
anything compiled: aim, fire, retry, contrastive_learner, vector_quantize_pytorch, torchvision, PIL, apex,
pytorch_fid (stylegan2-pytorch's trainer and CLI); librosa, torchaudio, scipy.io.wavfile, matplotlib (BigVGAN's data,
CQT / band discriminators, mel loss and plotting); torchvision, fire, safetensors, matplotlib (jet's training and
sampling scripts).
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


# ----------------------------------------------------------------------------------------------- stylegan2-pytorch
IMAGE, LATENT, CAPACITY = 16, 32, 2


def _stylegan():
    targets.stand_in("aim", "fire", "retry", "retry.api", "contrastive_learner", "vector_quantize_pytorch",
                     "torchvision", "torchvision.transforms", "PIL", "apex", "pytorch_fid")
    import unittest.mock

    import torch

    # the module asserts a CUDA device at import; the models themselves run on CPU
    with unittest.mock.patch.object(torch.cuda, "is_available", return_value=True):
        from stylegan2_pytorch import stylegan2_pytorch as sg

    return sg


def _gan_parts():
    """S, G, D and the augmenting wrapper, made as `StyleGAN2.__init__` makes them (without its `.cuda()`)."""
    sg = _stylegan()
    torch = _seed()
    S = sg.StyleVectorizer(LATENT, 4, lr_mul=0.1)
    G = sg.Generator(IMAGE, LATENT, CAPACITY, fmap_max=32)
    D = sg.Discriminator(IMAGE, CAPACITY, fmap_max=32)
    return sg, torch, S, G, D, sg.AugWrapper(D, IMAGE)


def _styles(sg, torch, G, batch=2):
    """A mixed style list and image noise, as `mixed_list` / `image_noise` make them on CPU."""
    split = G.num_layers // 2
    style = [(torch.randn(batch, LATENT), split), (torch.randn(batch, LATENT), G.num_layers - split)]
    return style, torch.rand(batch, IMAGE, IMAGE, 1)


def stylegan_mapping_network():
    sg, torch, S, _, _, _ = _gan_parts()
    return S.eval(), [(torch.randn(4, LATENT),)]


def stylegan_generate_mixed_styles():
    """Style mixing: two latents mapped, spread over the layers, then the generator."""
    sg, torch, S, G, _, _ = _gan_parts()

    def generate(style, noise):
        w_styles = sg.styles_def_to_tensor(sg.latent_to_w(S, style))
        return G(w_styles, noise)

    return generate, [_styles(sg, torch, G)]


def stylegan_discriminator_augmented():
    sg, torch, _, _, _, D_aug = _gan_parts()

    def score(images):
        return D_aug(images, prob=1.0, types=["translation", "cutout", "color"])

    return score, [(torch.rand(2, 3, IMAGE, IMAGE),)]


def stylegan_discriminator_step():
    """Hinge loss on real and generated images plus the R1 gradient penalty, as the trainer's D step runs it."""
    sg, torch, S, G, D, D_aug = _gan_parts()
    D_opt = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.9))

    def step(style, noise, image_batch):
        D_opt.zero_grad()
        w_styles = sg.styles_def_to_tensor(sg.latent_to_w(S, style))
        generated_images = G(w_styles, noise)
        generated_images, (fake_output, fake_q_loss) = D_aug(
            generated_images.clone().detach(), return_aug_images=True, input_requires_grad=True, detach=True)
        image_batch.requires_grad_()
        real_output, real_q_loss = D_aug(image_batch)
        disc_loss = sg.hinge_loss(fake_output, real_output)
        disc_loss = disc_loss + sg.gradient_penalty(image_batch, real_output)
        disc_loss.backward()
        D_opt.step()
        return disc_loss

    style, noise = _styles(sg, torch, G)
    return step, [(style, noise, torch.rand(2, 3, IMAGE, IMAGE))]


def stylegan_generator_step():
    """Generator step with the path-length penalty against its running mean."""
    sg, torch, S, G, D, D_aug = _gan_parts()
    G_opt = torch.optim.Adam(list(G.parameters()) + list(S.parameters()), lr=2e-4, betas=(0.5, 0.9))
    pl_mean = torch.tensor(0.5)

    def step(style, noise):
        G_opt.zero_grad()
        w_styles = sg.styles_def_to_tensor(sg.latent_to_w(S, style))
        generated_images = G(w_styles, noise)
        fake_output, _ = D_aug(generated_images)
        gen_loss = sg.gen_hinge_loss(fake_output, None)
        pl_lengths = sg.calc_pl_lengths(w_styles, generated_images)
        pl_loss = ((pl_lengths - pl_mean) ** 2).mean()
        if not torch.isnan(pl_loss):
            gen_loss = gen_loss + pl_loss
        gen_loss.backward()
        G_opt.step()
        return gen_loss

    return step, [_styles(sg, torch, G)]


def stylegan_dual_contrastive_loss():
    sg = _stylegan()
    torch = _seed()
    return sg.dual_contrastive_loss, [(torch.randn(4), torch.randn(4))]


def stylegan_diff_augment():
    _stylegan()
    torch = _seed()
    from stylegan2_pytorch.diff_augment import DiffAugment

    def augment(images):
        return DiffAugment(images, types=["color", "offset", "cutout"])

    return augment, [(torch.rand(2, 3, IMAGE, IMAGE),)]


def stylegan_slerp_interpolation():
    sg = _stylegan()
    torch = _seed()
    return sg.slerp, [(0.3, torch.randn(4, LATENT), torch.randn(4, LATENT))]


# ------------------------------------------------------------------------------------------------------- flowtorch
def _normal(torch, dim=4):
    return torch.distributions.Independent(torch.distributions.Normal(torch.zeros(dim), torch.ones(dim)), 1)


def _flow_step(flow, torch, data):
    optimizer = torch.optim.Adam(flow.parameters(), lr=5e-3)

    def step(y):
        optimizer.zero_grad()
        loss = -flow.log_prob(y).mean()
        loss.backward()
        optimizer.step()
        return loss

    return step, [(data,)]


def flowtorch_affine_autoregressive_step():
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist

    flow = dist.Flow(_normal(torch), bij.AffineAutoregressive())
    return _flow_step(flow, torch, torch.randn(16, 4))


def flowtorch_spline_autoregressive_step():
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist

    flow = dist.Flow(_normal(torch), bij.SplineAutoregressive())
    return _flow_step(flow, torch, torch.randn(16, 4))


def flowtorch_composed_flow_step():
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist
    import flowtorch.parameters as params

    bijectors = bij.Compose([
        bij.AffineAutoregressive(params.DenseAutoregressive(hidden_dims=(16,))),
        bij.Permute(permutation=torch.tensor([3, 2, 1, 0])),
        bij.AffineAutoregressive(params.DenseAutoregressive(hidden_dims=(16,))),
    ])
    flow = dist.Flow(_normal(torch), bijectors)
    return _flow_step(flow, torch, torch.randn(16, 4))


def flowtorch_rsample():
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist

    flow = dist.Flow(_normal(torch), bij.AffineAutoregressive())

    def draw(n):
        return flow.rsample((n,))

    return draw, [(8,)]


def flowtorch_sample_and_score():
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist

    flow = dist.Flow(_normal(torch), bij.SplineAutoregressive())

    def sample_and_score(n):
        x = flow.sample((n,))
        return x, flow.log_prob(x)

    return sample_and_score, [(8,)]


def flowtorch_normalize():
    """Data pushed to the base distribution (the normalizing direction, no gradients), as for latents."""
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist

    flow = dist.Flow(_normal(torch), bij.SplineAutoregressive())
    return flow.normalize, [(torch.randn(8, 4),)]


def flowtorch_elementwise_affine():
    torch = _seed()
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist

    flow = dist.Flow(_normal(torch), bij.Compose([bij.Affine(), bij.Tanh()]))
    return flow.log_prob, [(torch.rand(16, 4) * 1.8 - 0.9,)]


# ----------------------------------------------------------------------------------------------------- jet-pytorch
def _matplotlib_stand_in():
    """An empty matplotlib whose `use()` does nothing (bigvgan.utils calls `matplotlib.use("Agg")` at import)."""
    import importlib.util
    import sys
    import types

    if "matplotlib" not in sys.modules and importlib.util.find_spec("matplotlib") is None:
        matplotlib = types.ModuleType("matplotlib")
        matplotlib.use = lambda *args, **kwargs: None
        matplotlib.__path__ = []
        sys.modules["matplotlib"] = matplotlib
    targets.stand_in("matplotlib.pylab", "matplotlib.pyplot")


def _jet():
    _matplotlib_stand_in()
    targets.stand_in("fire", "torchvision", "torchvision.transforms", "torchvision.io", "safetensors", "safetensors.torch")
    torch = _seed()
    from jet_pytorch import Jet

    model = Jet(patch_size=4, patch_dim=48, n_patches=16, img_dims=(16, 16), coupling_layers=5, block_depth=1,
                block_width=32, num_heads=2)
    return torch, model


def jet_train_step():
    torch, model = _jet()
    from jet_pytorch.util import bits_per_dim, preprocess

    opt = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=1e-5)
    dim_count = 3 * 16 * 16

    def step(x):
        logits, logdet = model(preprocess(x))
        bpd, nll, logdet = bits_per_dim(logits, logdet, dim_count)
        bpd.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad()
        return bpd

    return step, [(torch.rand(2, 3, 16, 16),)]


def jet_forward():
    torch, model = _jet()
    return model.eval(), [(torch.randn(2, 16, 16, 3),)]


def jet_inverse_sampling():
    torch, model = _jet()
    model.eval()
    return model.inverse, [(torch.randn(2, 16, 48),)]


# --------------------------------------------------------------------------------------------------------- bigvgan
def _bigvgan():
    _matplotlib_stand_in()
    targets.stand_in("librosa", "librosa.filters", "librosa.util", "scipy.io.wavfile",
                     "torchaudio", "torchaudio.transforms")
    import bigvgan

    return bigvgan


def _hparams(resblock="1", activation="snakebeta"):
    from bigvgan.env import AttrDict

    return AttrDict({
        "resblock": resblock, "num_mels": 16, "upsample_rates": [4, 4], "upsample_kernel_sizes": [8, 8],
        "upsample_initial_channel": 32, "resblock_kernel_sizes": [3, 7], "resblock_dilation_sizes": [[1, 3], [1, 3]],
        "activation": activation, "snake_logscale": True, "use_tanh_at_final": False, "use_bias_at_final": False,
        "mpd_reshapes": [2, 3], "use_spectral_norm": False, "discriminator_channel_mult": 1,
        "resolutions": [[64, 16, 64], [128, 32, 128], [32, 8, 32]], "mrd_channel_mult": 1,
    })


def bigvgan_generator():
    _bigvgan()
    torch = _seed()
    from bigvgan.bigvgan import BigVGAN

    return BigVGAN(_hparams()).eval(), [(torch.randn(1, 16, 8),)]


def bigvgan_generator_amp2_snake():
    _bigvgan()
    torch = _seed()
    from bigvgan.bigvgan import BigVGAN

    return BigVGAN(_hparams(resblock="2", activation="snake")).eval(), [(torch.randn(1, 16, 8),)]


def bigvgan_multi_period_discriminator():
    _bigvgan()
    torch = _seed()
    from bigvgan.discriminators import MultiPeriodDiscriminator

    return MultiPeriodDiscriminator(_hparams()), [(torch.randn(1, 1, 256), torch.randn(1, 1, 256))]


def bigvgan_multi_resolution_discriminator():
    _bigvgan()
    torch = _seed()
    from bigvgan.discriminators import MultiResolutionDiscriminator

    return MultiResolutionDiscriminator(_hparams()), [(torch.randn(1, 1, 256), torch.randn(1, 1, 256))]


def bigvgan_gan_train_step():
    """train.py's step: discriminators on detached audio, then generator with feature matching and LSGAN losses."""
    _bigvgan()
    torch = _seed()
    from bigvgan.bigvgan import BigVGAN
    from bigvgan.discriminators import MultiPeriodDiscriminator, MultiResolutionDiscriminator
    from bigvgan.loss import discriminator_loss, feature_loss, generator_loss

    h = _hparams()
    generator, mpd, mrd = BigVGAN(h).train(), MultiPeriodDiscriminator(h).train(), MultiResolutionDiscriminator(h)
    optim_g = torch.optim.AdamW(generator.parameters(), 1e-4, betas=(0.8, 0.99))
    optim_d = torch.optim.AdamW(list(mrd.parameters()) + list(mpd.parameters()), 1e-4, betas=(0.8, 0.99))

    def step(x, y):
        y_g_hat = generator(x)
        optim_d.zero_grad()
        y_df_hat_r, y_df_hat_g, _, _ = mpd(y, y_g_hat.detach())
        loss_disc_f, _, _ = discriminator_loss(y_df_hat_r, y_df_hat_g)
        y_ds_hat_r, y_ds_hat_g, _, _ = mrd(y, y_g_hat.detach())
        loss_disc_s, _, _ = discriminator_loss(y_ds_hat_r, y_ds_hat_g)
        loss_disc_all = loss_disc_s + loss_disc_f
        loss_disc_all.backward()
        optim_d.step()

        optim_g.zero_grad()
        loss_mel = torch.nn.functional.l1_loss(y, y_g_hat) * 45
        y_df_hat_r, y_df_hat_g, fmap_f_r, fmap_f_g = mpd(y, y_g_hat)
        loss_fm_f = feature_loss(fmap_f_r, fmap_f_g)
        loss_gen_f, _ = generator_loss(y_df_hat_g)
        y_ds_hat_r, y_ds_hat_g, fmap_s_r, fmap_s_g = mrd(y, y_g_hat)
        loss_fm_s = feature_loss(fmap_s_r, fmap_s_g)
        loss_gen_s, _ = generator_loss(y_ds_hat_g)
        loss_gen_all = loss_gen_s + loss_gen_f + loss_fm_s + loss_fm_f + loss_mel
        loss_gen_all.backward()
        optim_g.step()
        return loss_gen_all

    return step, [(torch.randn(1, 16, 16), torch.randn(1, 1, 256))]


PACKAGES: Tuple[Package, ...] = (
    Package("stylegan2-pytorch==1.9.0", "stylegan2_pytorch", {
        "mapping_network": stylegan_mapping_network,
        "generate_mixed_styles": stylegan_generate_mixed_styles,
        "discriminator_augmented": stylegan_discriminator_augmented,
        "discriminator_step": stylegan_discriminator_step,
        "generator_step": stylegan_generator_step,
        "dual_contrastive_loss": stylegan_dual_contrastive_loss,
        "diff_augment": stylegan_diff_augment,
        "slerp_interpolation": stylegan_slerp_interpolation},
        roots=("stylegan2_pytorch.stylegan2_pytorch:styles_def_to_tensor",
               "stylegan2_pytorch.stylegan2_pytorch:latent_to_w",
               "stylegan2_pytorch.stylegan2_pytorch:gradient_penalty",
               "stylegan2_pytorch.stylegan2_pytorch:calc_pl_lengths",
               "stylegan2_pytorch.stylegan2_pytorch:*_loss",
               "stylegan2_pytorch.stylegan2_pytorch:slerp",
               "stylegan2_pytorch.diff_augment:DiffAugment"),
        dependencies=("einops==0.8.2", "kornia==0.9.0", "kornia-rs==0.2.0", "tqdm==4.67.1")),
    Package("flowtorch==0.8", "flowtorch", {
        "affine_autoregressive_step": flowtorch_affine_autoregressive_step,
        "spline_autoregressive_step": flowtorch_spline_autoregressive_step,
        "composed_flow_step": flowtorch_composed_flow_step,
        "rsample": flowtorch_rsample,
        "sample_and_score": flowtorch_sample_and_score,
        "normalize": flowtorch_normalize,
        "elementwise_affine": flowtorch_elementwise_affine},
        roots=("flowtorch.distributions.flow:Flow.log_prob", "flowtorch.distributions.flow:Flow.rsample",
               "flowtorch.distributions.flow:Flow.sample", "flowtorch.distributions.flow:Flow.normalize")),
    Package("jet-pytorch==0.0.2", "jet_pytorch", {
        "train_step": jet_train_step,
        "forward": jet_forward,
        "inverse_sampling": jet_inverse_sampling},
        roots=("jet_pytorch.jet:Jet.inverse", "jet_pytorch.util:bits_per_dim", "jet_pytorch.util:preprocess"),
        dependencies=("einops==0.8.2",)),
    Package("bigvgan==2.4.1", "bigvgan", {
        "generator": bigvgan_generator,
        "generator_amp2_snake": bigvgan_generator_amp2_snake,
        "multi_period_discriminator": bigvgan_multi_period_discriminator,
        "multi_resolution_discriminator": bigvgan_multi_resolution_discriminator,
        "gan_train_step": bigvgan_gan_train_step},
        roots=("bigvgan.loss:feature_loss", "bigvgan.loss:discriminator_loss", "bigvgan.loss:generator_loss"),
        # BigVGAN mixes in PyTorchModelHubMixin with class keywords, so huggingface_hub must really import
        dependencies=("huggingface-hub==0.36.0", "tqdm==4.67.1")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
