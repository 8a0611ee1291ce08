"""Held-out group 55 of the evaluation: diffusion code in the style of diffusers without it (a score-SDE UNet with
Gaussian Fourier time features and class embeddings, VP / sub-VP / VE SDEs over noise schedules, Euler-Maruyama,
predictor-corrector, probability-flow ODE and exponential-integrator samplers with progress bars and NaN guards,
classifier-free guidance; a DDPM UNet with weight-standardized convolutions, linear attention and sinusoidal
timestep embeddings; a modular DDPM with a cosine alpha table indexed by timesteps, a UNet and an adaLN DiT
transformer, classifier-free guidance in its sampling loop; a time-series diffusion of dilated temporal convolutions
whose restore loop denoises under a mask), from packages no rule was tuned on, measured before any rule changes for
them, as inference and as training steps.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout55_targets.py \
        --site benchmarks/eval/.packages-heldout55 --suffix heldout55

diffusion-image-gen: its ScoreNet's forward with a class label, the Euler-Maruyama, predictor-corrector, ODE and
exponential-integrator samplers over a small ScoreNet, GenerativeModel's classifier-free guided score, and the
denoising score-matching loss as a training step. diffusion623: its Unet's forward and an epsilon-prediction loss
through it as a training step. modular-diffusion: its UNet and DiT Transformer forwards, Model.sample (the cosine
schedule's Gaussian posterior loop with classifier-free guidance and a progress bar), and one training step of
Model.train's body (prior, posterior, approximate, the simple loss). timediffusion: the projector, attention and
liquid models' forwards, TD.restore (its denoising loop) with and without a mask.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Modules imported at module level only for code no target runs are stood in by empty modules: torchvision,
matplotlib and dill (diffusion-image-gen's metrics, visualization and custom-class checks), cleanfid, wandb, PIL
(diffusion623's trainer). torchvision does not install beside this torch: modular-diffusion's UNet calls its
transforms.functional.crop on every decoder stage, stood in by the slice it is.
"""

from __future__ import annotations

import functools
import sys
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ("tqdm==4.67.1", "einops==0.8.2")

_STAND_INS = ("torchvision", "torchvision.models", "torchvision.transforms", "torchvision.transforms.functional", "torchvision.utils", "matplotlib",
              "matplotlib.pyplot", "matplotlib.animation", "dill", "dill.source", "cleanfid", "wandb", "PIL",
              "PIL.Image")


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up real modules' specs on import

    targets.stand_in(*_STAND_INS)
    # modular-diffusion's UNet crops each decoder input to its skip's size through torchvision's crop, a slice
    sys.modules["torchvision.transforms.functional"].crop = lambda x, top, left, h, w: x[..., top:top + h,
                                                                                          left:left + w]
    torch.manual_seed(0)
    return torch


# ----------------------------------------------------------------------------------------------- diffusion-image-gen
def _dig_score_net(diffusion, num_classes=None):
    from diffusion_image_gen.score_model import ScoreNet

    return ScoreNet(marginal_prob_std=diffusion.schedule, channels=[32, 32, 32, 32], embed_dim=32, num_c=1,
                    num_classes=num_classes).eval()


def _dig_vp():
    from diffusion_image_gen import LinearNoiseSchedule, VariancePreserving

    return VariancePreserving(LinearNoiseSchedule())


def dig_score_forward():
    torch = _seed()
    net = _dig_score_net(_dig_vp(), num_classes=3)
    return net, [(torch.randn(2, 1, 16, 16), torch.rand(2), torch.tensor([0, 2]))]


def _dig_sampler(kind, diffusion):
    torch = _seed()
    import diffusion_image_gen as dig

    sampler = getattr(dig, kind)(diffusion, verbose=True)
    net = _dig_score_net(diffusion)

    def sample(x_T):
        with torch.no_grad():
            return sampler(x_T, net, n_steps=3)

    return sample, [(torch.randn(2, 1, 16, 16),)]


def dig_euler_maruyama():
    return _dig_sampler("EulerMaruyama", _dig_vp())


def dig_predictor_corrector():
    from diffusion_image_gen import SubVariancePreserving, CosineNoiseSchedule

    _seed()
    return _dig_sampler("PredictorCorrector", SubVariancePreserving(CosineNoiseSchedule()))


def dig_ode():
    from diffusion_image_gen import VarianceExploding

    _seed()
    return _dig_sampler("ODEProbabilityFlow", VarianceExploding(sigma=25.0))


def dig_exponential():
    return _dig_sampler("ExponentialIntegrator", _dig_vp())


def _dig_model(num_classes=None):
    from diffusion_image_gen import GenerativeModel

    model = GenerativeModel(diffusion="vp", sampler="euler-maruyama", verbose=False)
    model._num_classes = num_classes
    model._stored_labels = None if num_classes is None else list(range(num_classes))
    model._build_default_model((1, 16, 16))
    model._model = _dig_score_net(model.diffusion, num_classes=num_classes)
    return model


def dig_guided_score():
    torch = _seed()
    model = _dig_model(num_classes=3)
    score = model._class_conditional_score(torch.tensor([1, 2]), 2, guidance_scale=2.0)
    return score, [(torch.randn(2, 1, 16, 16), torch.rand(2))]


def dig_train_step():
    torch = _seed()
    model = _dig_model()
    model.model.train()

    def step(x0):
        loss = model.loss_function(x0)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 1, 16, 16),)]


# ------------------------------------------------------------------------------------------------------ diffusion623
def _d623_unet():
    from diffusion623.unet import Unet

    return Unet(dim=16, dim_mults=(1, 2), channels=3, resnet_block_groups=4)


def d623_unet_forward():
    torch = _seed()
    return _d623_unet().eval(), [(torch.randn(2, 3, 16, 16), torch.tensor([3.0, 7.0]))]


def d623_train_step():
    torch = _seed()
    unet = _d623_unet().train()
    alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, 50), 0)

    def step(x0, t, noise):
        a = alphas_cumprod[t].view(-1, 1, 1, 1)
        loss = torch.nn.functional.mse_loss(unet(a.sqrt() * x0 + (1 - a).sqrt() * noise, t), noise)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 16, 16), torch.tensor([3, 40]), torch.randn(2, 3, 16, 16))]


# ------------------------------------------------------------------------------------------------- modular-diffusion
def _md_model(net):
    import diffusion
    from diffusion.data import Identity
    from diffusion.guidance import ClassifierFree
    from diffusion.loss import Simple
    from diffusion.noise import Gaussian
    from diffusion.schedule import Cosine

    import torch

    w = torch.randn(4, 1, 8, 8)
    return diffusion.Model(data=Identity(w, torch.tensor([1, 2, 1, 2]), batch=2), schedule=Cosine(steps=4),
                           noise=Gaussian(parameter="epsilon", variance="fixed"), net=net,
                           guidance=ClassifierFree(dropout=0.1, strength=2), loss=Simple(parameter="epsilon"),
                           compile=False)


def _md_unet():
    from diffusion.net import UNet

    return UNet(channels=(1, 16, 32), labels=2, hidden=32, heads=2, groups=4)


def md_unet_forward():
    torch = _seed()
    return _md_unet().eval(), [(torch.randn(2, 1, 8, 8), torch.tensor([1, 2]), torch.tensor([1, 3]))]


def md_transformer_forward():
    torch = _seed()
    from diffusion.net import Transformer

    net = Transformer(input=6, labels=2, depth=2, width=32, heads=2).eval()
    return net, [(torch.randn(2, 5, 6), torch.tensor([1, 2]), torch.tensor([1, 3]))]


def md_sample():
    torch = _seed()
    model = _md_model(_md_unet())

    def sample(y):
        return model.sample(y, batch=2)

    return sample, [(torch.tensor([2]),)]


def md_train_step():
    torch = _seed()
    from diffusion import Batch

    model = _md_model(_md_unet())
    model.net.train()

    def step(w, y):
        batch = Batch(model.device)
        batch.w, batch.y = w, y
        batch.x = model.data.encode(batch.w)
        batch.t = model.time.sample(model.schedule.steps, batch.x.shape[0])
        batch.z, batch.epsilon = model.noise.prior(batch.x, batch.t).sample()
        batch.hat = model.net(batch.z, batch.y, batch.t)
        batch.q = model.noise.posterior(batch.x, batch.z, batch.t)
        batch.p = model.noise.approximate(batch.z, batch.t, batch.hat)
        batch.l = model.loss.compute(batch)
        batch.l.backward()
        return batch.l

    return step, [(torch.randn(2, 1, 8, 8), torch.tensor([1, 2]))]


# ----------------------------------------------------------------------------------------------------- timediffusion
def _td_forward(kind):
    torch = _seed()
    import timediffusion

    model = getattr(timediffusion, kind)(input_dims=(2, 16), conv_filters=8).eval()
    return model, [(torch.randn(3, 2, 16),)]


def td_projector_forward():
    return _td_forward("TimeDiffusionProjector")


def td_attention_forward():
    return _td_forward("TimeDiffusionAttention")


def td_liquid_forward():
    return _td_forward("TimeDiffusionLiquid")


def _td_fitted():
    torch = _seed()
    from timediffusion import TD

    td = TD(input_dims=(2, 16), conv_filters=8)
    td.fit(torch.randn(2, 16), epochs=1, batch_size=1, steps_per_epoch=2)
    return torch, td


def td_restore():
    torch, td = _td_fitted()

    def restore(example):
        return td.restore(example=example, steps=2, verbose=True)

    return restore, [(torch.randn(2, 16),)]


def td_restore_masked():
    torch, td = _td_fitted()

    def restore(example, mask):
        return td.restore(example=example, mask=mask, steps=2)

    mask = torch.zeros(2, 16)
    mask[:, 12:] = 1
    return restore, [(torch.randn(2, 16), mask)]


PACKAGES: Tuple[Package, ...] = (
    Package("diffusion-image-gen==0.4.1", "diffusion_image_gen", {
        "score_forward": dig_score_forward,
        "euler_maruyama": dig_euler_maruyama,
        "predictor_corrector": dig_predictor_corrector,
        "ode": dig_ode,
        "exponential": dig_exponential,
        "guided_score": dig_guided_score,
        "train_step": dig_train_step},
        roots=("diffusion_image_gen.samplers.*:*.__call__", "diffusion_image_gen.base:GenerativeModel.loss_function",
               "diffusion_image_gen.base:*guided_score")),
    Package("diffusion623==0.1.4", "diffusion623", {
        "unet_forward": d623_unet_forward,
        "train_step": d623_train_step}),
    Package("modular-diffusion==0.0.3", "diffusion", {
        "unet_forward": md_unet_forward,
        "transformer_forward": md_transformer_forward,
        "sample": md_sample,
        "train_step": md_train_step},
        roots=("diffusion:Model.sample", "diffusion.data:Identity.encode", "diffusion.time:Discrete.sample",
               "diffusion.noise:Gaussian.*", "diffusion.loss:Simple.compute")),
    Package("timediffusion==0.4.1", "timediffusion", {
        "projector_forward": td_projector_forward,
        "attention_forward": td_attention_forward,
        "liquid_forward": td_liquid_forward,
        "restore": td_restore,
        "restore_masked": td_restore_masked},
        roots=("timediffusion.frameworks:TD.restore",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
