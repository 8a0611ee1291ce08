"""Held-out group 59 of the evaluation: generative image code in the style of diffusers without it (a DiT with
adaLN-zero blocks, sin-cos position tables and timestep / label embedders, a classifier-free guidance wrapper, a
flow-matching sampler integrating the probability-flow ODE or the reverse SDE over an interpolant's tables, a
flow-matching training loss, Langevin dynamics over an energy; a drifting generator's DiT-like network with register
tokens, RoPE and QK-norm, its masked-autoencoder feature network and its drift-field losses with their statistics; an
image-to-3D diffusion generator with self-attention and logging on every forward; a conditional U-Net generator with
FiLM and bottleneck conditioning, a PatchGAN discriminator and their adversarial training steps), from packages no
rule was tuned on, measured before any rule changes for them, as inference and as training steps.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout59_targets.py \
        --site benchmarks/eval/.packages-heldout59 --suffix heldout59

torchebm: its DiT's and ConditionalTransformer2D's forwards, ClassifierFreeGuidance over the DiT, FlowSampler.sample
as a fixed-step ODE (Euler, with diagnostics), as an SDE with its last step, and with the adaptive dopri5 integrator,
FlowMatchingLoss as a training step, and LangevinDynamics.sample over a Gaussian energy. drift-models: the DiT-like
generator's forward and its sampling function, the MAE feature network's forward, its masked reconstruction loss
and the feature-space drifting loss as training steps, and the multi-temperature stop-gradient loss. fusion-threed:
Diffusion3DGenerator's forward and its self-attention layers. modulaic: ConditionalUNetGenerator with each
conditioning strategy, PatchDiscriminator, GANTrainer's discriminator and generator steps, and the SSIM metric.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Modules imported at module level only for code no target runs are stood in by empty modules: PIL (drift-models'
image-folder writer) and yaml (modulaic's configuration files).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ("tqdm==4.67.1",)

_STAND_INS = ("PIL", "PIL.Image", "yaml")


def _seed():
    import torch
    import torch._dynamo  # before any stand-in: dynamo's skip list looks up real modules' specs on import

    targets.stand_in(*_STAND_INS)
    torch.manual_seed(0)
    return torch


# --------------------------------------------------------------------------------------------------------- torchebm
def _ebm_dit():
    from torchebm.models import DiT

    return DiT(input_size=8, in_channels=2, patch_size=2, embed_dim=32, depth=2, num_heads=2, num_classes=3).eval()


def ebm_dit_forward():
    torch = _seed()
    return _ebm_dit(), [(torch.randn(2, 2, 8, 8), torch.rand(2), torch.tensor([0, 2]))]


def ebm_transformer_forward():
    torch = _seed()
    from torchebm.models import ConditionalTransformer2D

    net = ConditionalTransformer2D(in_channels=2, out_channels=2, input_size=8, patch_size=2, embed_dim=32, depth=2,
                                   num_heads=2, cond_dim=16).eval()
    return net, [(torch.randn(2, 2, 8, 8), torch.randn(2, 16))]


def _ebm_guided():
    from torchebm.models import ClassifierFreeGuidance

    return ClassifierFreeGuidance(_ebm_dit(), guidance_scale=2.0, null_condition=3).eval()


def ebm_cfg_forward():
    torch = _seed()
    return _ebm_guided(), [(torch.randn(2, 2, 8, 8), torch.rand(2), torch.tensor([0, 2]))]


def _ebm_flow(**options):
    torch = _seed()
    from torchebm.samplers import FlowSampler

    sampler = FlowSampler(model=_ebm_guided(), **options)

    def sample(x, y):
        with torch.no_grad():
            return sampler.sample(x, n_steps=3, y=y, return_diagnostics=options.get("integrator") == "euler")

    return sample, [(torch.randn(2, 2, 8, 8), torch.tensor([1, 2]))]


def ebm_flow_ode_euler():
    return _ebm_flow(mode="ode", interpolant="linear", integrator="euler")


def ebm_flow_sde():
    return _ebm_flow(mode="sde", interpolant="vp", prediction="noise", last_step="Tweedie")


def ebm_flow_dopri5():
    return _ebm_flow(mode="ode", interpolant="cosine")


def ebm_flow_matching_step():
    torch = _seed()
    from torchebm.losses import FlowMatchingLoss

    dit = _ebm_dit().train()
    loss_fn = FlowMatchingLoss(dit, interpolant="linear", t_sampler="lognormal")

    def step(x, y):
        loss = loss_fn(x, y=y)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 2, 8, 8), torch.tensor([0, 1]))]


def ebm_langevin():
    torch = _seed()
    from torchebm.core import GaussianModel
    from torchebm.samplers import LangevinDynamics

    sampler = LangevinDynamics(GaussianModel(mean=torch.zeros(3), cov=torch.eye(3)), step_size=0.01)

    def sample(x):
        return sampler.sample(x, n_steps=3, return_diagnostics=True)

    return sample, [(torch.randn(4, 3),)]


# ---------------------------------------------------------------------------------------------------- drift-models
def _dm_generator():
    from drifting_models.models.dit_like import DiTLikeConfig, DiTLikeGenerator

    config = DiTLikeConfig(image_size=8, in_channels=2, out_channels=2, patch_size=2, hidden_dim=32, depth=2,
                           num_heads=2, num_classes=4, register_tokens=2, style_vocab_size=8, style_token_count=4,
                           alpha_hidden_dim=16, norm_type="rmsnorm", use_qk_norm=True, use_rope=True)
    return DiTLikeGenerator(config)


def _dm_inputs(torch):
    return torch.randn(2, 2, 8, 8), torch.tensor([1, 3]), torch.tensor([1.0, 2.5])


def dm_generator_forward():
    torch = _seed()
    return _dm_generator().eval(), [_dm_inputs(torch)]


def dm_sample():
    torch = _seed()
    from drifting_models.sampling.sample import sample_pixel_generator

    generator = _dm_generator()

    def sample(noise, class_labels, alpha):
        return sample_pixel_generator(generator=generator, noise=noise, class_labels=class_labels, alpha=alpha)

    return sample, [_dm_inputs(torch)]


def _dm_mae():
    from drifting_models.features.mae import LatentResNetMAE, LatentResNetMAEConfig

    return LatentResNetMAE(LatentResNetMAEConfig(in_channels=2, base_channels=8, stages=2, blocks_per_stage=1,
                                                 norm_groups=4))


def dm_mae_forward():
    torch = _seed()
    return _dm_mae().eval(), [(torch.randn(2, 2, 8, 8),)]


def dm_mae_step():
    torch = _seed()
    from drifting_models.features.mae import masked_reconstruction_loss

    mae = _dm_mae().train()

    def step(images):
        reconstruction, mask, _ = mae(images)
        loss, stats = masked_reconstruction_loss(reconstruction=reconstruction, target=images, mask=mask)
        loss.backward()
        return loss, stats["masked_mse"]

    return step, [(torch.randn(2, 2, 8, 8),)]


def _dm_loss_config():
    from drifting_models import DriftFieldConfig, DriftingLossConfig

    return DriftingLossConfig(drift_field=DriftFieldConfig(temperature=0.1))


def dm_multi_temperature_loss():
    torch = _seed()
    from drifting_models.drift_loss import drifting_stopgrad_loss_multi_temperature

    config = _dm_loss_config()

    def loss(x, y_pos, y_neg):
        return drifting_stopgrad_loss_multi_temperature(x, y_pos, y_neg, temperatures=(0.05, 0.2), config=config)

    return loss, [(torch.randn(4, 6, requires_grad=True), torch.randn(3, 6), torch.randn(4, 6))]


def dm_feature_drift_step():
    torch = _seed()
    from drifting_models import FeatureDriftingConfig, feature_space_drifting_loss
    from drifting_models.features.mae import mae_feature_maps
    from drifting_models.features.vectorize import FeatureVectorizationConfig, vectorize_feature_maps

    generator, mae = _dm_generator().train(), _dm_mae().eval()
    vectorization = FeatureVectorizationConfig()
    feature_config = FeatureDriftingConfig(temperatures=(0.05, 0.2), vectorization=vectorization)
    config = _dm_loss_config()

    def step(noise, class_labels, alpha, positives, unconditional):
        def features(images):
            return vectorize_feature_maps(mae_feature_maps(mae, images), config=vectorization)

        generated = generator(noise, class_labels, alpha)
        loss, stats = feature_space_drifting_loss(
            generated_feature_vectors=features(generated), positive_feature_vectors=features(positives),
            unconditional_feature_vectors=features(unconditional), base_loss_config=config,
            feature_config=feature_config, unconditional_weight=0.5)
        loss.backward()
        return loss, stats["mean_drift_norm"]

    return step, [(*_dm_inputs(torch), torch.randn(3, 2, 8, 8), torch.randn(2, 2, 8, 8))]


# ---------------------------------------------------------------------------------------------------- fusion-threed
def ft_generator_forward():
    torch = _seed()
    from fusion_threed import Diffusion3DGenerator

    net = Diffusion3DGenerator(image_size=16, voxel_size=32, num_timesteps=10, hidden_dim=8).eval()
    return net, [(torch.randn(2, 3, 16, 16), torch.tensor([3, 7]))]


def ft_attention3d_forward():
    torch = _seed()
    from fusion_threed import SelfAttention3d

    return SelfAttention3d(16).eval(), [(torch.randn(2, 16, 4, 4, 4),)]


def ft_train_step():
    torch = _seed()
    from fusion_threed import Diffusion3DGenerator

    net = Diffusion3DGenerator(image_size=16, voxel_size=32, num_timesteps=10, hidden_dim=8).train()

    def step(image, t, voxels):
        loss = torch.nn.functional.binary_cross_entropy(net(image, t), voxels)
        loss.backward()
        return loss

    return step, [(torch.randn(2, 3, 16, 16), torch.tensor([1, 9]), torch.rand(2, 1, 32, 32, 32))]


# ---------------------------------------------------------------------------------------------------------- modulaic
def _mq_generator(strategy="both", norm="batch"):
    from modulaic import ConditionalUNetGenerator

    return ConditionalUNetGenerator(in_channels=3, out_channels=3, condition_dim=4, depth=3, base_channels=8,
                                    max_channels=16, norm=norm, conditioning_strategy=strategy, condition_embed_dim=8,
                                    injector_channels=2)


def _mq_forward(strategy, norm):
    torch = _seed()
    net = _mq_generator(strategy, norm).eval()
    return net, [(torch.randn(2, 3, 16, 16), torch.randn(2, 4))]


def mq_generator_both():
    return _mq_forward("both", "batch")


def mq_generator_film_group():
    return _mq_forward("film", "group")


def mq_generator_bottleneck_instance():
    return _mq_forward("bottleneck", "instance")


def mq_discriminator():
    torch = _seed()
    from modulaic import PatchDiscriminator

    return PatchDiscriminator(in_channels=3, base_channels=8, num_layers=2, max_channels=16).eval(), \
        [(torch.randn(2, 3, 16, 16),)]


def _mq_trainer(adversarial):
    from modulaic import GANLossConfig, GANTrainer, PatchDiscriminator

    return GANTrainer(_mq_generator(), PatchDiscriminator(in_channels=3, base_channels=8, num_layers=2),
                      loss_config=GANLossConfig(adversarial=adversarial), grad_accumulation_steps=2, ema_decay=0.9,
                      device="cpu")


def _mq_inputs(torch):
    return torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16), torch.randn(2, 4)


def mq_discriminator_step():
    torch = _seed()
    trainer = _mq_trainer("hinge")

    def step(inp, target, condition):
        return trainer._discriminator_step(inp, target, condition, 1)

    return step, [_mq_inputs(torch)]


def mq_generator_step():
    torch = _seed()
    trainer = _mq_trainer("vanilla")

    def step(inp, target, condition):
        return trainer._generator_step(inp, target, condition, 1)

    return step, [_mq_inputs(torch)]


def mq_ssim():
    torch = _seed()
    from modulaic.evaluation.metrics import structural_similarity

    return structural_similarity, [(torch.rand(2, 3, 16, 16) * 2 - 1, torch.rand(2, 3, 16, 16) * 2 - 1)]


PACKAGES: Tuple[Package, ...] = (
    Package("torchebm==0.8.9", "torchebm", {
        "dit_forward": ebm_dit_forward,
        "transformer_forward": ebm_transformer_forward,
        "cfg_forward": ebm_cfg_forward,
        "flow_ode_euler": ebm_flow_ode_euler,
        "flow_sde": ebm_flow_sde,
        "flow_dopri5": ebm_flow_dopri5,
        "flow_matching_step": ebm_flow_matching_step,
        "langevin": ebm_langevin},
        roots=("torchebm.samplers.flow:FlowSampler.sample", "torchebm.samplers.langevin_dynamics:*.sample")),
    Package("drift-models==0.1.1", "drifting_models", {
        "generator_forward": dm_generator_forward,
        "sample": dm_sample,
        "mae_forward": dm_mae_forward,
        "mae_step": dm_mae_step,
        "multi_temperature_loss": dm_multi_temperature_loss,
        "feature_drift_step": dm_feature_drift_step},
        roots=("drifting_models.sampling.sample:sample_pixel_generator",
               "drifting_models.features.mae:masked_reconstruction_loss",
               "drifting_models.features.mae:mae_feature_maps",
               "drifting_models.features.vectorize:vectorize_feature_maps",
               "drifting_models.drift_loss:*drifting*loss*")),
    Package("fusion-threed==0.0.1", "fusion_threed", {
        "generator_forward": ft_generator_forward,
        "attention3d_forward": ft_attention3d_forward,
        "train_step": ft_train_step},
        dependencies=("loguru==0.7.3",)),
    Package("modulaic==0.1.0", "modulaic", {
        "generator_both": mq_generator_both,
        "generator_film_group": mq_generator_film_group,
        "generator_bottleneck_instance": mq_generator_bottleneck_instance,
        "discriminator": mq_discriminator,
        "discriminator_step": mq_discriminator_step,
        "generator_step": mq_generator_step,
        "ssim": mq_ssim},
        roots=("modulaic.training.trainer:GANTrainer._*_step", "modulaic.evaluation.metrics:structural_similarity")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
