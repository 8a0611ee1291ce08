"""Held-out group 21 of the evaluation: image generative models (GANs, an image tokenizer, invertible flows) from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout21_targets.py \
        --site benchmarks/eval/.packages-heldout21 --suffix heldout21

GANs: BigGAN's class-conditional generator with self-attention and batch norms whose statistics are interpolated by
the truncation value (pytorch-pretrained-biggan); torchgan's DCGAN, conditional, InfoGAN and BEGAN-style
autoencoding generators and discriminators scored by its minimax, least-squares, Wasserstein-with-gradient-penalty,
mutual-information and boundary-equilibrium losses (torchgan); StyleGAN2's style-vectorized, weight-demodulated
generator with linear attention and its U-Net discriminator, with the cutmix regularisation and the differentiable
augmentation wrapper (unet-stylegan2). Image tokenizer: DALL-E's discrete VAE, encoding pixels to a token grid and
decoding one-hot tokens back to pixel statistics (dall-e). Invertible flows: FrEIA's sequential and graph INNs over
images and vectors (GLOW and RealNVP couplings, all-in-one blocks, ActNorm, i-RevNet downsampling, invertible
residual layers, conditioning nodes), run forwards with log-Jacobians and backwards (freia).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

torchvision (torchgan and unet-stylegan2 import it at module level) is the CUDA-built PyPI wheel, imported as
held-out group 14 does it; its files are not linted or scored. unet-stylegan2 asserts a CUDA device at import (its
trainer moves everything to the GPU), so the import is made with torch.cuda.is_available answering True; its
StyleGAN2 wrapper calls .cuda() when built, so the generator, discriminator and style network are built directly;
its gradient penalty and path-length helpers make CUDA tensors and are not run. linear-attention-transformer (held-out
16's package) is installed only as unet-stylegan2's dependency; its files are not scored.

Left out: taming-transformers-rom1504 (VQGAN: its minGPT imports transformers), compressai (depends on
torch-geometric), vqvae 1.0.0 (pytorch-lightning and tensorguard at import), transganformer (imports kornia's
filter2D, gone from every kornia that runs beside this torch), lumiere-pytorch and autoregressive-diffusion-pytorch
(x-transformers, another group's package, and accelerate), stylegan2-pytorch (aim), gigagan-pytorch (open-clip,
timm), pythae (see held-out 20), dalle-pytorch, imagen-pytorch, video-diffusion-pytorch, make-a-video-pytorch,
nuwa-pytorch, minimagen (transformers). Packages already in another group (lightweight-gan, pi-gan-pytorch,
denoising-diffusion-pytorch, k-diffusion, rin-pytorch, med-seg-diff-pytorch, stable-diffusion-pytorch, min-dalle,
mmdit, flow-matching, torchcfm, normflows, nflows, zuko, vector-quantize-pytorch, x-unet) are not reused.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.67.1",
)

TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------------------ pytorch-pretrained-biggan
def _biggan():
    from pytorch_pretrained_biggan import BigGAN, BigGANConfig

    config = BigGANConfig(output_dim=32, z_dim=16, class_embed_dim=16, channel_width=4, num_classes=10,
                          layers=[(False, 16, 16), (True, 16, 8), (False, 8, 8), (True, 8, 4), (True, 4, 2), (False, 2, 1)],
                          attention_layer_position=2, n_stats=11)
    return BigGAN(config)


def biggan_truncated_sample():
    torch = _seed()
    model = _biggan().eval()
    labels = torch.nn.functional.one_hot(torch.tensor([3, 7]), 10).float()

    def sample(noise, labels):
        return model(noise, labels, 0.4)

    return sample, [(torch.randn(2, 16) * 0.4, labels)]


def biggan_hinge_generator_loss():
    torch = _seed()
    model = _biggan().train()
    labels = torch.nn.functional.one_hot(torch.tensor([1, 4]), 10).float()

    def loss(noise, labels, target):
        images = model(noise, labels, 1.0)
        return torch.nn.functional.l1_loss(images, target)

    return loss, [(torch.randn(2, 16), labels, torch.rand(2, 3, 32, 32) * 2 - 1)]


# --------------------------------------------------------------------------------------------------------- torchgan
def torchgan_dcgan_minimax():
    torch = _seed()
    _torchvision()
    from torchgan.losses import MinimaxDiscriminatorLoss, MinimaxGeneratorLoss
    from torchgan.models import DCGANDiscriminator, DCGANGenerator

    generator = DCGANGenerator(encoding_dims=16, out_size=16, step_channels=8)
    discriminator = DCGANDiscriminator(in_size=16, step_channels=8)
    generator_loss, discriminator_loss = MinimaxGeneratorLoss(), MinimaxDiscriminatorLoss()

    def losses(noise, real):
        fake = generator(noise)
        return generator_loss(discriminator(fake)), discriminator_loss(discriminator(real), discriminator(fake.detach()))

    return losses, [(torch.randn(4, 16), torch.rand(4, 3, 16, 16))]


def torchgan_wgan_gradient_penalty():
    torch = _seed()
    _torchvision()
    from torchgan.losses import LeastSquaresGeneratorLoss, WassersteinGradientPenalty
    from torchgan.models import ConditionalGANDiscriminator, ConditionalGANGenerator

    generator = ConditionalGANGenerator(num_classes=4, encoding_dims=16, out_size=16, step_channels=8)
    discriminator = ConditionalGANDiscriminator(num_classes=4, in_size=16, step_channels=8)
    penalty, generator_loss = WassersteinGradientPenalty(), LeastSquaresGeneratorLoss()

    def losses(noise, labels, real, mix):
        fake = generator(noise, labels)
        interpolate = (mix * real + (1 - mix) * fake.detach()).requires_grad_(True)
        return generator_loss(discriminator(fake, labels)), penalty(interpolate, discriminator(interpolate, labels))

    return losses, [(torch.randn(4, 16), torch.tensor([0, 1, 2, 3]), torch.rand(4, 3, 16, 16),
                     torch.rand(4, 1, 1, 1))]


def torchgan_infogan_mutual_information():
    torch = _seed()
    _torchvision()
    from torchgan.losses import MutualInformationPenalty
    from torchgan.models import InfoGANDiscriminator, InfoGANGenerator

    generator = InfoGANGenerator(dim_dis=4, dim_cont=2, encoding_dims=16, out_size=16, step_channels=8)
    discriminator = InfoGANDiscriminator(dim_dis=4, dim_cont=2, in_size=16, step_channels=8)
    penalty = MutualInformationPenalty()

    def loss(noise, c_dis, c_cont):
        _, dist_dis, dist_cont = discriminator(generator(noise, c_dis, c_cont), return_latents=True)
        return penalty(c_dis, c_cont, dist_dis, dist_cont)

    return loss, [(torch.randn(4, 16), torch.nn.functional.one_hot(torch.tensor([0, 1, 2, 3]), 4).float(),
                   torch.rand(4, 2))]


def torchgan_began_autoencoding():
    torch = _seed()
    _torchvision()
    from torchgan.losses import BoundaryEquilibriumDiscriminatorLoss, BoundaryEquilibriumGeneratorLoss
    from torchgan.models import AutoEncodingDiscriminator, AutoEncodingGenerator

    generator = AutoEncodingGenerator(encoding_dims=16, out_size=16, step_channels=8)
    discriminator = AutoEncodingDiscriminator(in_size=16, encoding_dims=16, step_channels=8)
    generator_loss, discriminator_loss = BoundaryEquilibriumGeneratorLoss(), BoundaryEquilibriumDiscriminatorLoss()

    def losses(noise, real):
        fake = generator(noise)
        return generator_loss(discriminator(fake)), discriminator_loss(discriminator(real), discriminator(fake))

    return losses, [(torch.randn(4, 16), torch.rand(4, 3, 16, 16))]


# --------------------------------------------------------------------------------------------------- unet-stylegan2
def _unet_stylegan2():
    from unittest import mock

    import torch

    _torchvision()
    with mock.patch.object(torch.cuda, "is_available", return_value=True):  # a module-level assert, for its trainer
        from unet_stylegan2 import unet_stylegan2

    return unet_stylegan2


def stylegan2_mixed_style_generator():
    torch = _seed()
    module = _unet_stylegan2()
    generator = module.Generator(image_size=16, latent_dim=16, network_capacity=2, fmap_max=16)
    vectorizer = module.StyleVectorizer(16, depth=2)
    layers = generator.num_layers

    def generate(z_a, z_b, noise):
        styles = module.styles_def_to_tensor(module.latent_to_w(vectorizer, [(z_a, 1), (z_b, layers - 1)]))
        return generator(styles, noise)

    return generate, [(torch.randn(2, 16), torch.randn(2, 16), torch.rand(2, 16, 16, 1))]


def stylegan2_unet_discriminator_cutmix():
    import numpy as np

    torch = _seed()
    np.random.seed(0)
    module = _unet_stylegan2()
    discriminator = module.Discriminator(image_size=16, network_capacity=2, fmap_max=16)
    augmented = module.AugWrapper(discriminator, 16, ["translation", "cutout"])
    coordinates = module.cutmix_coordinates(16, 16)

    def loss(real, fake):
        mixed = module.cutmix(real, fake, coordinates)
        (enc_out, dec_out), _ = augmented(mixed, prob=0.0, detach=True)
        (real_enc, real_dec), _ = augmented(real)
        return (torch.relu(1 + enc_out).mean() + torch.relu(1 - real_enc).mean()
                + (dec_out - module.mask_src_tgt(real_dec, dec_out, torch.ones_like(dec_out))).pow(2).mean())

    return loss, [(torch.rand(2, 3, 16, 16), torch.rand(2, 3, 16, 16))]


# ------------------------------------------------------------------------------------------------------------ dall-e
def dall_e_tokenize_and_decode():
    torch = _seed()
    from dall_e import Decoder, Encoder, map_pixels, unmap_pixels

    encoder = Encoder(n_hid=64, n_blk_per_group=1, vocab_size=512, device=torch.device("cpu"))
    decoder = Decoder(n_init=32, n_hid=64, n_blk_per_group=1, vocab_size=512, device=torch.device("cpu"))

    def roundtrip(images):
        tokens = torch.argmax(encoder(map_pixels(images)), dim=1)
        one_hot = torch.nn.functional.one_hot(tokens, num_classes=encoder.vocab_size).permute(0, 3, 1, 2).float()
        return tokens, unmap_pixels(torch.sigmoid(decoder(one_hot).float()[:, :3]))

    return roundtrip, [(torch.rand(2, 3, 32, 32),)]


def dall_e_relaxed_reconstruction_loss():
    torch = _seed()
    from dall_e import Decoder, Encoder, map_pixels

    encoder = Encoder(n_hid=64, n_blk_per_group=1, vocab_size=512, device=torch.device("cpu"))
    decoder = Decoder(n_init=32, n_hid=64, n_blk_per_group=1, vocab_size=512, device=torch.device("cpu"))

    def loss(images, gumbel):
        logits = encoder(map_pixels(images))
        soft_tokens = torch.softmax((logits + gumbel) / 0.9, dim=1)
        stats = decoder(soft_tokens)
        return torch.nn.functional.mse_loss(torch.sigmoid(stats[:, :3]), images)

    return loss, [(torch.rand(2, 3, 32, 32), -torch.log(-torch.log(torch.rand(2, 512, 4, 4))))]


# ------------------------------------------------------------------------------------------------------------ freia
def _conv_subnet(torch, hidden=16):
    return lambda c_in, c_out: torch.nn.Sequential(torch.nn.Conv2d(c_in, hidden, 3, padding=1), torch.nn.ReLU(),
                                                   torch.nn.Conv2d(hidden, c_out, 3, padding=1))


def _fc_subnet(torch, hidden=32):
    return lambda c_in, c_out: torch.nn.Sequential(torch.nn.Linear(c_in, hidden), torch.nn.ReLU(),
                                                   torch.nn.Linear(hidden, c_out))


def freia_glow_image_flow():
    torch = _seed()
    import FrEIA.framework as framework
    import FrEIA.modules as modules

    flow = framework.SequenceINN(3, 8, 8)
    flow.append(modules.ActNorm)
    flow.append(modules.IRevNetDownsampling)
    flow.append(modules.GLOWCouplingBlock, subnet_constructor=_conv_subnet(torch), clamp=1.5)
    flow.append(modules.PermuteRandom, seed=0)
    flow.append(modules.AllInOneBlock, subnet_constructor=_conv_subnet(torch), permute_soft=True)
    flow.append(modules.Flatten)

    def negative_log_likelihood(images):
        z, log_jac_det = flow(images)
        nll = 0.5 * (z ** 2).sum(dim=1) - log_jac_det
        reconstruction, _ = flow(z, rev=True)
        return nll.mean(), reconstruction

    return negative_log_likelihood, [(torch.rand(2, 3, 8, 8),)]


def freia_conditional_graph_inn():
    torch = _seed()
    import FrEIA.framework as framework
    import FrEIA.modules as modules

    nodes = [framework.InputNode(8, name="input")]
    condition = framework.ConditionNode(4, name="condition")
    for index in range(2):
        nodes.append(framework.Node(nodes[-1], modules.RNVPCouplingBlock,
                                    {"subnet_constructor": _fc_subnet(torch), "clamp": 2.0},
                                    conditions=condition, name=f"coupling_{index}"))
        nodes.append(framework.Node(nodes[-1], modules.PermuteRandom, {"seed": index}, name=f"permute_{index}"))
    split = framework.Node(nodes[-1], modules.Split, {}, name="split")
    first = framework.Node(split.out0, modules.GINCouplingBlock, {"subnet_constructor": _fc_subnet(torch)},
                           name="gin")
    concat = framework.Node([first.out0, split.out1], modules.Concat, {}, name="concat")
    output = framework.OutputNode(concat, name="output")
    graph = framework.GraphINN(nodes + [split, first, concat, output, condition])

    def forward_and_back(x, c):
        z, log_jac_det = graph(x, c=[c])
        x_again, _ = graph(z, c=[c], rev=True)
        return z, log_jac_det, x_again

    return forward_and_back, [(torch.randn(4, 8), torch.randn(4, 4))]


def freia_invertible_resnet():
    torch = _seed()
    import FrEIA.framework as framework
    import FrEIA.modules as modules

    flow = framework.SequenceINN(6)
    flow.append(modules.ActNorm)
    flow.append(modules.IResNetLayer, hutchinson_samples=2, internal_size=16, n_internal_layers=2,
                jacobian_iterations=4, fixed_point_iterations=10)
    flow.append(modules.InvAutoActTwoSided)

    def log_likelihood(x):
        z, log_jac_det = flow(x)
        return (-0.5 * (z ** 2).sum(dim=1) + log_jac_det).mean()

    return log_likelihood, [(torch.randn(4, 6),)]


PACKAGES: Tuple[Package, ...] = (
    Package("pytorch-pretrained-biggan==0.1.1", "pytorch_pretrained_biggan", {
        "truncated_sample": biggan_truncated_sample,
        "hinge_generator_loss": biggan_hinge_generator_loss},
        dependencies=("boto3==1.43.11",)),
    Package("torchgan==0.1.0", "torchgan", {
        "dcgan_minimax": torchgan_dcgan_minimax,
        "wgan_gradient_penalty": torchgan_wgan_gradient_penalty,
        "infogan_mutual_information": torchgan_infogan_mutual_information,
        "began_autoencoding": torchgan_began_autoencoding},
        dependencies=TORCHVISION),
    Package("unet-stylegan2==0.5.1", "unet_stylegan2", {
        "mixed_style_generator": stylegan2_mixed_style_generator,
        "unet_discriminator_cutmix": stylegan2_unet_discriminator_cutmix},
        roots=("unet_stylegan2.unet_stylegan2:styles_def_to_tensor", "unet_stylegan2.unet_stylegan2:latent_to_w",
               "unet_stylegan2.unet_stylegan2:cutmix", "unet_stylegan2.unet_stylegan2:mask_src_tgt"),
        dependencies=TORCHVISION + (
            "linear-attention-transformer==0.19.1", "local-attention==1.11.2", "hyper-connections==0.4.11",
            "product-key-memory==0.3.0", "colt5-attention==0.11.2", "linformer==0.2.3",
            "axial-positional-embedding==0.3.12", "fire==0.7.1", "termcolor==3.1.0", "retry==0.9.2",
            "decorator==5.2.1", "py==1.11.0")),
    Package("dall-e==0.1", "dall_e", {
        "tokenize_and_decode": dall_e_tokenize_and_decode,
        "relaxed_reconstruction_loss": dall_e_relaxed_reconstruction_loss},
        roots=("dall_e.utils:map_pixels", "dall_e.utils:unmap_pixels")),
    Package("freia==0.2", "FrEIA", {
        "glow_image_flow": freia_glow_image_flow,
        "conditional_graph_inn": freia_conditional_graph_inn,
        "invertible_resnet": freia_invertible_resnet}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
