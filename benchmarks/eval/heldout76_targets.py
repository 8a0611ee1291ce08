"""Held-out group 76 of the evaluation: vision backbones written in the style of timm without it (a ViT with a class
token and learned position embeddings, ConvMixer, MLP-Mixer and gMLP token mixing, ResNets with bottlenecks and
projection shortcuts, weight-standardised convolutions with batch-channel norm, lightweight ConvNets with
squeeze-excite, MobileViT's unfold/fold of patches, LeViT, the HRNet family's multi-resolution branches, AdderNet's
custom autograd function, a model zoo built through a name registry, segmentation heads over dilated ResNets, EM
attention, DPN's dual paths, a StyleGAN 2), from packages no rule was tuned on, measured before any rule changes for
them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout76_targets.py \
        --site benchmarks/eval/.packages-heldout76 --suffix heldout76 --jobs 1

labml-nn (annotated paper implementations): the ViT of its CIFAR-10 experiment (patch embeddings, `[CLS]` token,
learned position embeddings, pre-norm transformer layers whose attention logs to labml's tracker) in evaluation and
in a training step; ConvMixer; the bottleneck ResNet in a training step; MLP-Mixer as the token mixer of a transformer
layer, as its experiment builds it; gMLP blocks; weight-standardised convs with batch-channel norm in training; the
capsule network's dynamic routing with its margin loss; the StyleGAN 2 mapping network and generator, and the
discriminator and generator halves of its experiment's training step (gradient penalty, path-length penalty).
light-cnns (lightweight ConvNets): a MobileNetV3 training step, MobileNeXt, MobileViT, LeViT, Lite-HRNet, HRNet and
HRFormer classification (their own example configurations, made smaller), ESPNetv2, AdderNet's `adder2d` layers in a
training step, ParNet. pywick (a training library with a model zoo): segmentation models made through its
`get_model` registry (ENet, DANet and PSANet over a dilated ResNet-50, EncNet, OCNet, DABNet and Tiramisu in training
steps, Tiramisu in evaluation), EMANet's EM attention unit in a training step with the moving average of its bases as
EMANet's train.py keeps it, DPN-68. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site
folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): fastervit, hiera-transformer,
flexivit-pytorch, mambavision, medimm, hyvitasbench, lra-benchmark, deepguard, efficientformers, convnextpl, vit-prisma,
classifyhub (timm, some also transformers); mnistvit (Python 3.12 `type` statements; this torch runs on 3.11);
cvnets (a stub sdist pinning an old research stack); cvms (a copy of fightingcv, group 72's); efficientnet-lite-pytorch
(a copy of efficientnet-pytorch); vit-pytorch-implementation (one nn.MultiheadAttention ViT); navit-torch (zetascale);
torch-tresnet (inplace-abn, compiled); canvit-pytorch and backbones (no installable distribution). labml is pinned to
0.4.168: labml-nn's attention calls `tracker.debug`, which labml 0.5 removed. Stand-ins, all outside anything
compiled: pandas, prodict, cv2 (pywick's datasets, dict configs and transforms); three modules light-cnns' wheel
imports and does not ship (`Inception.pattern_zoo.detection`, `human_pose`, `segmentation`). torchvision (pinned,
`--no-deps`) with heldout14's CPU nms, for pywick's backbones and labml-nn's imports.
"""

from __future__ import annotations

import functools

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()
TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _train_step(torch, model, loss_fn):
    """One optimisation step as the packages' training loops write it: forward, loss, backward."""
    def step(*batch):
        loss = loss_fn(model, *batch)
        loss.backward()
        return loss

    return step


# ---------------------------------------------------------------------------------------------------------- labml-nn
def _labml_vit(torch, d_model=32, heads=4, layers=2, patch=4, classes=10):
    from labml_nn.transformers.feed_forward import FeedForward
    from labml_nn.transformers.mha import MultiHeadAttention
    from labml_nn.transformers.models import TransformerLayer
    from labml_nn.transformers.vit import (ClassificationHead, LearnedPositionalEmbeddings, PatchEmbeddings,
                                           VisionTransformer)

    layer = TransformerLayer(d_model=d_model, self_attn=MultiHeadAttention(heads, d_model, 0.0),
                             feed_forward=FeedForward(d_model, 4 * d_model, 0.0), dropout_prob=0.0)
    return VisionTransformer(layer, layers, PatchEmbeddings(d_model, patch, 3), LearnedPositionalEmbeddings(d_model),
                             ClassificationHead(d_model, 64, classes))


def labml_vit():
    torch = _seed()
    return _labml_vit(torch).eval(), [(torch.randn(2, 3, 16, 16),)]


def labml_vit_train_step():
    torch = _seed()
    import torch.nn.functional as F

    model = _labml_vit(torch).train()
    step = _train_step(torch, model, lambda m, x, y: F.cross_entropy(m(x), y))
    return step, [(torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,)))]


def labml_conv_mixer():
    torch = _seed()
    from labml_nn.conv_mixer import ClassificationHead, ConvMixer, ConvMixerLayer, PatchEmbeddings

    model = ConvMixer(ConvMixerLayer(32, 5), 3, PatchEmbeddings(32, 2, 3), ClassificationHead(32, 10))
    return model.eval(), [(torch.randn(2, 3, 16, 16),)]


def labml_resnet_train_step():
    torch = _seed()
    import torch.nn.functional as F
    from labml_nn.resnet import ResNetBase

    backbone = ResNetBase([2, 2], [16, 32], bottlenecks=[8, 16], first_kernel_size=3)
    model = torch.nn.Sequential(backbone, torch.nn.Linear(32, 10)).train()
    step = _train_step(torch, model, lambda m, x, y: F.cross_entropy(m(x), y))
    return step, [(torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2,)))]


def labml_mlp_mixer_layer():
    torch = _seed()
    from labml_nn.transformers.feed_forward import FeedForward
    from labml_nn.transformers.mlp_mixer import MLPMixer
    from labml_nn.transformers.models import TransformerLayer

    seq_len, d_model = 16, 32
    # as its experiment builds it: the token mixer is a feed-forward over the sequence dimension
    mixer = MLPMixer(FeedForward(seq_len, 2 * seq_len, 0.0, activation=torch.nn.GELU()))
    layer = TransformerLayer(d_model=d_model, self_attn=mixer, feed_forward=FeedForward(d_model, 64, 0.0),
                             dropout_prob=0.0)

    def mix(x):
        return layer(x=x, mask=None)

    return mix, [(torch.randn(seq_len, 2, d_model),)]


def labml_gmlp():
    torch = _seed()
    from labml_nn.transformers.gmlp import GMLPBlock

    blocks = torch.nn.ModuleList([GMLPBlock(32, 64, 16) for _ in range(2)]).eval()

    def run(x):
        for block in blocks:
            x = block(x=x)
        return x

    return run, [(torch.randn(16, 2, 32),)]


def labml_ws_batch_channel_norm():
    torch = _seed()
    from labml_nn.normalization.batch_channel_norm import BatchChannelNorm
    from labml_nn.normalization.weight_standardization.conv2d import Conv2d

    model = torch.nn.Sequential(Conv2d(3, 16, 3, padding=1), BatchChannelNorm(16, 4), torch.nn.ReLU(),
                                Conv2d(16, 16, 3, padding=1), BatchChannelNorm(16, 4)).train()
    return model, [(torch.randn(2, 3, 16, 16),)]


def labml_capsule_routing():
    torch = _seed()
    from labml_nn.capsule_networks import MarginLoss, Router, Squash

    squash, router, margin = Squash(), Router(32, 10, 8, 16, 3), MarginLoss(n_labels=10)

    def step(u, labels):
        caps = router(squash(u))
        loss = margin(caps, labels)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 32, 8, requires_grad=True), torch.randint(0, 10, (2,)))]


def _stylegan(torch):
    from labml_nn.gan.stylegan import Discriminator, Generator, MappingNetwork

    mapping = MappingNetwork(32, 2)
    generator = Generator(3, 32, n_features=8, max_features=32)
    discriminator = Discriminator(3, n_features=8, max_features=32)
    return mapping, generator, discriminator


def _noise(torch, generator, batch=4):
    """The experiment's `get_noise`: one pair of noise images per generator block, the first block's first None."""
    noise, resolution = [], 4
    for i in range(generator.n_blocks):
        n1 = None if i == 0 else torch.randn(batch, 1, resolution, resolution)
        n2 = torch.randn(batch, 1, resolution, resolution)
        noise.append((n1, n2))
        resolution *= 2
    return noise


def labml_stylegan_generator():
    torch = _seed()
    mapping, generator, _ = _stylegan(torch)

    def generate(z, noise):
        w = mapping(z)[None, :, :].expand(generator.n_blocks, -1, -1)
        return generator(w, noise)

    return generate, [(torch.randn(4, 32), _noise(torch, generator))]


def labml_stylegan_discriminator_step():
    """The discriminator half of the StyleGAN 2 experiment's `step`, on a lazy gradient-penalty step."""
    torch = _seed()
    from labml_nn.gan.stylegan import GradientPenalty
    from labml_nn.gan.wasserstein import DiscriminatorLoss

    mapping, generator, discriminator = _stylegan(torch)
    penalty, loss_fn = GradientPenalty(), DiscriminatorLoss()

    def step(z, noise, real_images):
        w = mapping(z)[None, :, :].expand(generator.n_blocks, -1, -1)
        fake_output = discriminator(generator(w, noise).detach())
        real_images.requires_grad_()
        real_output = discriminator(real_images)
        real_loss, fake_loss = loss_fn(real_output, fake_output)
        gp = penalty(real_images, real_output)
        disc_loss = real_loss + fake_loss + 0.5 * 10.0 * gp * 4
        disc_loss.backward()
        return disc_loss

    return step, [(torch.randn(4, 32), _noise(torch, generator), torch.randn(4, 3, 8, 8))]


def labml_stylegan_generator_step():
    """The generator half of the experiment's `step` on a lazy path-length-penalty step (twice: the penalty's running
    average starts at its second step)."""
    torch = _seed()
    from labml_nn.gan.stylegan import PathLengthPenalty
    from labml_nn.gan.wasserstein import GeneratorLoss

    mapping, generator, discriminator = _stylegan(torch)
    path_length_penalty, generator_loss = PathLengthPenalty(0.99), GeneratorLoss()

    def step(z, noise):
        w = mapping(z)[None, :, :].expand(generator.n_blocks, -1, -1)
        generated_images = generator(w, noise)
        gen_loss = generator_loss(discriminator(generated_images))
        plp = path_length_penalty(w, generated_images)
        if not torch.isnan(plp):
            gen_loss = gen_loss + plp
        gen_loss.backward()
        return gen_loss

    noise = _noise(torch, generator)
    return step, [(torch.randn(4, 32), noise), (torch.randn(4, 32), noise)]


def labml_evidential_train_step():
    """The evidential-uncertainty experiment's `step` on its MNIST model: softplus evidence, the squared-error Bayes
    risk, the KL regulariser annealed by a schedule, and the statistics it tracks."""
    torch = _seed()
    from heldout14_targets import _torchvision

    _torchvision()  # labml-nn's experiment helpers import torchvision's datasets
    targets.stand_in("git")  # labml's experiment module imports GitPython; nothing compiled uses it
    from labml_nn.helpers.schedule import RelativePiecewise
    from labml_nn.uncertainty.evidence import KLDivergenceLoss, SquaredErrorBayesRisk, TrackStatistics
    from labml_nn.uncertainty.evidence.experiment import Model

    model = Model(0.0).train()
    to_evidence, loss_func, kl_div_loss, stats = (torch.nn.Softplus(), SquaredErrorBayesRisk(), KLDivergenceLoss(),
                                                  TrackStatistics())
    kl_div_coef = RelativePiecewise([(0, 0.), (0.2, 0.01), (1, 1.)], 100)

    def step(data, target, global_step):
        target = torch.eye(10).to(torch.float)[target]
        evidence = to_evidence(model(data))
        loss = loss_func(evidence, target)
        kl = kl_div_loss(evidence, target)
        annealing_coef = min(1., kl_div_coef(global_step))
        loss = loss + annealing_coef * kl
        stats(evidence, target)
        loss.backward()
        return loss

    return step, [(torch.randn(4, 1, 28, 28), torch.randint(0, 10, (4,)), 30)]


def labml_cifar_accuracy_step():
    """A CIFAR-10 training step of labml's trainer: the model, cross-entropy, and its `Accuracy` metric."""
    torch = _seed()
    import torch.nn.functional as F
    from labml_nn.helpers.metrics import Accuracy

    model = _labml_vit(torch).train()
    accuracy = Accuracy()
    accuracy.set_state(accuracy.create_state())

    def step(data, target):
        output = model(data)
        loss = F.cross_entropy(output, target)
        accuracy(output, target)
        loss.backward()
        return loss

    return step, [(torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,)))]


def labml_cycle_gan_discriminator_step():
    """The discriminator half of the CycleGAN experiment's `optimize_discriminator`: generated images go through its
    replay buffer (full after the first call, so both of its branches run) before the discriminators."""
    torch = _seed()
    import torch.nn.functional as F
    from heldout14_targets import _torchvision

    _torchvision()  # the CycleGAN module imports torchvision's transforms for its dataset
    from labml_nn.gan.cycle_gan import Discriminator, GeneratorResNet, ReplayBuffer

    shape = (3, 32, 32)
    gen_xy, disc_y = GeneratorResNet(3, 1), Discriminator(shape)
    buffer = ReplayBuffer(max_size=2)

    def step(data_x, data_y):
        gen_y = buffer.push_and_pop(gen_xy(data_x))
        real, fake = disc_y(data_y), disc_y(gen_y)
        loss = F.mse_loss(real, torch.ones_like(real)) + F.mse_loss(fake, torch.zeros_like(fake))
        loss.backward()
        return loss

    return step, [(torch.randn(2, *shape), torch.randn(2, *shape)), (torch.randn(2, *shape), torch.randn(2, *shape))]


# -------------------------------------------------------------------------------------------------------- light-cnns
def _light_cnns():
    """The wheel's Inception/pattern_zoo/__init__ imports three modules it does not ship; empty ones stand in."""
    import sys
    import types

    for name in ("detection", "human_pose", "segmentation"):
        sys.modules.setdefault("light_cnns.Inception.pattern_zoo." + name, types.ModuleType(name))
    import light_cnns

    return light_cnns


def _classify_step(torch, model):
    import torch.nn.functional as F

    return _train_step(torch, model.train(), lambda m, x, y: F.cross_entropy(m(x), y))


def light_mbv3_small_train_step():
    torch = _seed()
    lc = _light_cnns()
    model = lc.mbv3_small(num_classes=10)
    return _classify_step(torch, model), [(torch.randn(2, 3, 64, 64), torch.randint(0, 10, (2,)))]


def light_mobilenext():
    torch = _seed()
    lc = _light_cnns()
    return lc.mobilenext().eval(), [(torch.randn(1, 3, 64, 64),)]


def light_mobilevit():
    torch = _seed()
    lc = _light_cnns()
    return lc.mobilevit_xxs().eval(), [(torch.randn(1, 3, 256, 256),)]


def light_levit():
    torch = _seed()
    lc = _light_cnns()
    model = lc.LeViT(image_size=64, num_classes=10, stages=3, dim=(32, 48, 64), depth=1, heads=(2, 3, 4),
                     mlp_mult=2, dropout=0.0)
    return model.eval(), [(torch.randn(1, 3, 64, 64),)]


def light_lite_hrnet():
    """The configuration of lite_hrnet.py's own example (Lite-HRNet-18), smaller inputs."""
    torch = _seed()
    lc = _light_cnns()
    extra = dict(stem=dict(stem_channels=32, out_channels=32, expand_ratio=1), num_stages=3,
                 stages_spec=dict(num_modules=(2, 4, 2), num_branches=(2, 3, 4), num_blocks=(2, 2, 2),
                                  module_type=("LITE", "LITE", "LITE"), with_fuse=(True, True, True),
                                  reduce_ratios=(8, 8, 8),
                                  num_channels=((40, 80), (40, 80, 160), (40, 80, 160, 320))),
                 with_head=True)
    return lc.lite_hrnet(extra, 3).eval(), [(torch.randn(1, 3, 64, 64),)]


def _hrnet_stages(channels, block_count=1):
    stages = {"STAGE1": dict(NUM_MODULES=1, NUM_BRANCHES=1, NUM_BLOCKS=[block_count], NUM_CHANNELS=[64],
                             BLOCK="BOTTLENECK", FUSE_METHOD="SUM")}
    for stage in (2, 3, 4):
        stages["STAGE%d" % stage] = dict(NUM_MODULES=1, NUM_BRANCHES=stage, NUM_BLOCKS=[block_count] * stage,
                                         NUM_CHANNELS=list(channels[:stage]), BLOCK="BASIC", FUSE_METHOD="SUM")
    return stages


def light_hrnet_cls():
    """cls_hrnet.py's example configuration with one module and one block per stage."""
    torch = _seed()
    lc = _light_cnns()
    return lc.hr_cls_net(config=_hrnet_stages((16, 32, 64, 128))).eval(), [(torch.randn(1, 3, 64, 64),)]


def light_hrformer():
    torch = _seed()
    lc = _light_cnns()
    return lc.hrformer_net(cfg=_hrnet_stages((18, 36, 72, 144)), in_channels=3).eval(), [(torch.randn(1, 3, 64, 64),)]


def light_espnetv2():
    torch = _seed()
    lc = _light_cnns()
    return lc.espnetv2().eval(), [(torch.randn(1, 3, 64, 64),)]


def light_adder_conv_train_step():
    """AdderNet's adder2d layers (its custom autograd.Function) in a small classifier; the package's own resnet20
    cannot be made (it calls `adder.adder2d` on the Function class)."""
    torch = _seed()
    lc = _light_cnns()
    model = torch.nn.Sequential(lc.adder2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                lc.adder2d(8, 8, 3, stride=2, padding=1, bias=True), torch.nn.BatchNorm2d(8),
                                torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(8, 10))
    return _classify_step(torch, model), [(torch.randn(2, 3, 8, 8), torch.randint(0, 10, (2,)))]


def light_parnet():
    torch = _seed()
    lc = _light_cnns()
    return lc.parnet_s(in_channels=3, n_classes=10).eval(), [(torch.randn(1, 3, 64, 64),)]


# ------------------------------------------------------------------------------------------------------------ pywick
def _pywick():
    """pywick's package __init__ imports its whole training library: pandas (CSV datasets), prodict (dict models),
    cv2 (transforms) stand in, outside anything compiled; torchvision with heldout14's CPU nms."""
    from heldout14_targets import _torchvision

    _torchvision()
    targets.stand_in("pandas", "prodict", "cv2")
    from pywick.models import model_utils

    return model_utils


def _zoo(name, **kwargs):
    model_utils = _pywick()
    return model_utils.get_model(model_utils.ModelType.SEGMENTATION, name, num_classes=3, pretrained=False, **kwargs)


def _zoo_target(name, size=64, train=False, **kwargs):
    def target():
        torch = _seed()
        model = _zoo(name, **kwargs)
        if not train:
            return model.eval(), [(torch.randn(1, 3, size, size),)]
        import torch.nn.functional as F

        def step(image, mask):
            out = model(image)
            out = out[0] if isinstance(out, (tuple, list)) else out
            loss = F.cross_entropy(out, mask)
            loss.backward()
            return loss

        return step, [(torch.randn(2, 3, size, size), torch.randint(0, 3, (2, size, size)))]

    target.__name__ = "pywick_" + name.lower()
    return target


pywick_enet = _zoo_target("ENet")
pywick_danet = _zoo_target("DANet_Resnet50")
pywick_dabnet_train_step = _zoo_target("DABNet", train=True)
pywick_tiramisu = _zoo_target("Tiramisu57")
pywick_psanet = _zoo_target("PSANet_Resnet50", input_size=64)
pywick_encnet = _zoo_target("TEST_EncNet_Res50")
pywick_tiramisu_train_step = _zoo_target("Tiramisu57", train=True)
pywick_ocnet = _zoo_target("OCNet")


def _loss_target(make_loss, classes=3, binary=False, one_hot=False):
    """A segmentation training step with one of pywick's losses on the logits of a small conv head."""
    def target():
        torch = _seed()
        _pywick()
        from pywick import losses

        head = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(),
                                   torch.nn.Conv2d(8, 1 if binary else classes, 1))
        loss_fn = make_loss(losses)

        def step(image, labels):
            loss = loss_fn(head(image), labels)
            loss.backward()
            return loss

        labels = torch.randint(0, 2 if binary else classes, (2, 16, 16))
        if binary:
            labels = labels[:, None].float()
        elif one_hot:
            labels = torch.nn.functional.one_hot(labels, classes).permute(0, 3, 1, 2).float()
        return step, [(torch.randn(2, 3, 16, 16), labels)]

    return target


pywick_lovasz_softmax_step = _loss_target(lambda losses: losses.LovaszSoftmax())
pywick_focal2_step = _loss_target(lambda losses: losses.FocalLoss2(num_class=3))
pywick_tversky_step = _loss_target(lambda losses: losses.TverskyLoss(0.3, 0.7))
pywick_boundary_step = _loss_target(lambda losses: losses.BoundaryLoss())
pywick_penalize_border_step = _loss_target(lambda losses: losses.BCEDicePenalizeBorderLoss(kernel_size=5),
                                           binary=True)
pywick_miou_step = _loss_target(lambda losses: losses.mIoULoss(num_classes=3), one_hot=True)


def pywick_emau_train_step():
    torch = _seed()
    _pywick()
    from pywick.models.segmentation.emanet.emanet import EMAU
    from pywick.models.segmentation.emanet import settings

    emau = EMAU(32, 8).train()

    def step(x):
        y, mu = emau(x)
        loss = y.pow(2).mean()
        loss.backward()
        # EMANet's train.py: the moving average of the bases, outside autograd
        with torch.no_grad():
            mu = mu.mean(dim=0, keepdim=True)
            emau.mu *= settings.EM_MOM
            emau.mu += mu * (1 - settings.EM_MOM)
        return loss

    return step, [(torch.randn(2, 32, 8, 8),)]


def pywick_dpn():
    torch = _seed()
    _pywick()
    from pywick.models.classification import dpn68

    return dpn68(num_classes=10, pretrained=False, test_time_pool=False).eval(), [(torch.randn(1, 3, 128, 128),)]


PACKAGES = (
    Package("labml-nn==0.5.1", "labml_nn", {
        "vit": labml_vit,
        "vit_train_step": labml_vit_train_step,
        "conv_mixer": labml_conv_mixer,
        "resnet_train_step": labml_resnet_train_step,
        "mlp_mixer_layer": labml_mlp_mixer_layer,
        "gmlp": labml_gmlp,
        "ws_batch_channel_norm": labml_ws_batch_channel_norm,
        "capsule_routing": labml_capsule_routing,
        "stylegan_generator": labml_stylegan_generator,
        "stylegan_discriminator_step": labml_stylegan_discriminator_step,
        "stylegan_generator_step": labml_stylegan_generator_step,
        "evidential_train_step": labml_evidential_train_step,
        "cifar_accuracy_step": labml_cifar_accuracy_step,
        "cycle_gan_discriminator_step": labml_cycle_gan_discriminator_step},
        roots=("labml_nn.helpers.metrics:Accuracy.__call__", "labml_nn.gan.cycle_gan:ReplayBuffer.push_and_pop",
               "labml_nn.helpers.schedule:Piecewise.__call__"),
        dependencies=("labml==0.4.168",) + TORCHVISION),
    Package("light-cnns==0.4.2", "light_cnns", {
        "mbv3_small_train_step": light_mbv3_small_train_step,
        "mobilenext": light_mobilenext,
        "mobilevit": light_mobilevit,
        "levit": light_levit,
        "lite_hrnet": light_lite_hrnet,
        "hrnet_cls": light_hrnet_cls,
        "hrformer": light_hrformer,
        "espnetv2": light_espnetv2,
        "adder_conv_train_step": light_adder_conv_train_step,
        "parnet": light_parnet},
        dependencies=("einops==0.8.2",) + TORCHVISION),
    Package("pywick==0.6.5", "pywick", {
        "enet": pywick_enet,
        "danet": pywick_danet,
        "dabnet_train_step": pywick_dabnet_train_step,
        "tiramisu": pywick_tiramisu,
        "psanet": pywick_psanet,
        "encnet": pywick_encnet,
        "tiramisu_train_step": pywick_tiramisu_train_step,
        "ocnet": pywick_ocnet,
        "emau_train_step": pywick_emau_train_step,
        "dpn": pywick_dpn,
        "lovasz_softmax_step": pywick_lovasz_softmax_step,
        "focal2_step": pywick_focal2_step,
        "tversky_step": pywick_tversky_step,
        "boundary_step": pywick_boundary_step,
        "penalize_border_step": pywick_penalize_border_step,
        "miou_step": pywick_miou_step},
        dependencies=("tqdm==4.67.1",) + TORCHVISION),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
