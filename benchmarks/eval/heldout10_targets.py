"""Held-out group 10 of the evaluation: model code in the style of the acceptance libraries (HF-style text decoders
with generation loops and KV caches, diffusion UNets and samplers with timestep handling, timm-style vision backbones,
message passing over pair indices) from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout10_targets.py \
        --site benchmarks/eval/.packages-heldout10 --suffix heldout10

Meta's DINOv2 (a ViT backbone with drop path, layer scale, register-free masked tokens, intermediate-layer feature
extraction, DINO / iBOT / KoLeo self-distillation losses with Sinkhorn-Knopp centering), speculative decoding with
cached decoders (speculative-decoding: plain, draft-model and prophet-model decoding loops over KV caches),
Transfusion (one transformer for text tokens and flow-matched latents: text generation with a cache, flow-matching
losses, ODE sampling through torchdiffeq), recurrent memory transformers generating segment by segment with read /
write memories and XL memories (recurrent-memory-transformer-pytorch), and hippynn's atomistic networks (HIP-NN over pair indices found from positions,
per-molecule energies scattered from atoms, forces through autograd). Same shape as targets.py (PACKAGES,
DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does not import
torch.

Dropped after trying: schnetpack 2.1.1 (imports `T_co` from torch.utils.data.dataloader, gone in torch 2.13),
audio-diffusion-pytorch 0.1.3 (imports torchaudio, compiled against another torch), k-diffusion and smalldiffusion
(import torchvision at module level), hiera-transformer and dit-ml (depend on timm), video-diffusion-pytorch (depends
on transformers), diffusion-pytorch-lib 1.0.2 (its UNet calls an nn.Sequential stage with two arguments: no forward
runs), speculative-decoding's early-exit decoders (speculative_decoding.py:539 names an RMSNorm it never imports).
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


# ------------------------------------------------------------------------------------------------------------- dinov2
def _dino_vit(**overrides):
    from dinov2.layers import MemEffAttention, NestedTensorBlock
    from dinov2.models.vision_transformer import DinoVisionTransformer

    config = dict(img_size=32, patch_size=8, embed_dim=32, depth=2, num_heads=2, init_values=1e-5, block_chunks=0,
                  block_fn=functools.partial(NestedTensorBlock, attn_class=MemEffAttention))
    return DinoVisionTransformer(**{**config, **overrides})


def dinov2_backbone_features():
    torch = _seed()

    model = _dino_vit(drop_path_rate=0.1, ffn_layer="swiglufused").eval()

    def features(images):
        # the pooled tokens, then the last two blocks' patch tokens reshaped to maps with their class tokens
        pooled = model(images)
        maps = model.get_intermediate_layers(images, n=2, reshape=True, return_class_token=True, norm=True)
        return pooled, maps

    return features, [(torch.randn(2, 3, 32, 32),)]


def dinov2_interpolated_positions_and_masks():
    torch = _seed()

    model = _dino_vit(drop_path_rate=0.2, drop_path_uniform=True).train()

    def masked_features(images, masks):  # a resolution other than the position table's, masked patches
        return model.forward_features(images, masks=masks)["x_norm_patchtokens"]

    masks = torch.zeros(2, 16, dtype=torch.bool)
    masks[:, ::3] = True
    return masked_features, [(torch.randn(2, 3, 32, 32), masks), (torch.randn(2, 3, 48, 40), torch.zeros(2, 30, dtype=torch.bool))]


def dinov2_self_distillation_losses():
    torch = _seed()
    from dinov2.layers import DINOHead
    from dinov2.loss import DINOLoss, KoLeoLoss, iBOTPatchLoss

    student, teacher = _dino_vit(drop_path_rate=0.1).train(), _dino_vit().eval()
    head = DINOHead(32, 16, nlayers=2, hidden_dim=32, bottleneck_dim=16)
    dino_loss, ibot_loss, koleo_loss = DINOLoss(16), iBOTPatchLoss(16), KoLeoLoss()

    def training_loss(crops, masks):
        with torch.no_grad():
            teacher_tokens = teacher.forward_features(crops)
            teacher_cls = dino_loss.sinkhorn_knopp_teacher(head(teacher_tokens["x_norm_clstoken"]), teacher_temp=0.07)
            teacher_patches = ibot_loss.softmax_center_teacher(head(teacher_tokens["x_norm_patchtokens"]), 0.07)
        student_tokens = student.forward_features(crops, masks=masks)
        student_cls = head(student_tokens["x_norm_clstoken"])
        loss = dino_loss([student_cls], [teacher_cls]) + koleo_loss(student_tokens["x_norm_clstoken"])
        loss = loss + ibot_loss(head(student_tokens["x_norm_patchtokens"]), teacher_patches, masks)
        dino_loss.update_center(head(teacher_tokens["x_norm_clstoken"]))
        return loss

    masks = torch.zeros(4, 16, dtype=torch.bool)
    masks[:, 5:9] = True
    return training_loss, [(torch.randn(4, 3, 32, 32), masks)]


# ----------------------------------------------------------------------------------------------- speculative-decoding
def _spec_decoder(**overrides):
    from speculative_decoding import Decoder

    return Decoder(**{**dict(num_tokens=64, dim=32, depth=2, heads=2, dim_head=16), **overrides}).eval()


def spec_base_cached_decoding():
    torch = _seed()
    from speculative_decoding import base_decoding

    net = _spec_decoder()

    def decode(prompt):
        return base_decoding(net, prompt, seq_len=10, temperature=0.8, filter_thres=0.9)

    return decode, [(torch.randint(0, 64, (2, 4)),)]


def spec_draft_model_decoding():
    torch = _seed()
    from speculative_decoding import speculative_decoding

    net, small_net = _spec_decoder(), _spec_decoder(depth=1)

    def decode(prompt):
        return speculative_decoding(net, small_net, prompt, seq_len=10, gamma=3)

    return decode, [(torch.randint(0, 64, (2, 4)),)]


def spec_decoder_training_losses():
    torch = _seed()

    net = _spec_decoder(depth=3).train()

    def training_loss(tokens):
        return net(tokens, return_loss=True)

    return training_loss, [(torch.randint(0, 64, (2, 12)),)]


def spec_prophet_training_and_decoding():
    torch = _seed()
    from speculative_decoding.speculative_decoding_with_prophet import (Decoder, ModelWithProphetWrapper,
                                                                        speculative_decoding_with_prophet_model)

    model = Decoder(num_tokens=64, dim=32, depth=2, heads=2, dim_head=16)
    prophet = Decoder(num_tokens=64, dim=16, depth=1, heads=2, dim_head=8)
    wrapper = ModelWithProphetWrapper(model, prophet, prophet_train_length=4)

    def loss_then_decode(tokens, prompt):
        loss = wrapper(tokens)
        return loss, speculative_decoding_with_prophet_model(wrapper, prompt, seq_len=10, gamma=3)

    return loss_then_decode, [(torch.randint(0, 64, (2, 12)), torch.randint(0, 64, (2, 4)))]


# -------------------------------------------------------------------------------------------------- transfusion-pytorch
def _transfusion(torch, **overrides):
    from transfusion_pytorch import Transfusion

    config = dict(num_text_tokens=32, dim_latent=8, modality_default_shape=(3,),
                  transformer=dict(dim=32, depth=2, dim_head=8, heads=2))
    return Transfusion(**{**config, **overrides})


def transfusion_text_generation_with_cache():
    torch = _seed()

    model = _transfusion(torch).eval()

    def generate(prompt):
        return model.generate_text_only(prompt, seq_len=8, cache_kv=True)

    return generate, [(torch.randint(0, 32, (2, 3)),)]


def transfusion_text_and_flow_losses():
    torch = _seed()

    model = _transfusion(torch).train()

    def training_losses(text, latents):
        return model.forward_text(text), model.forward_modality(latents)

    return training_losses, [(torch.randint(0, 32, (2, 9)), torch.randn(2, 3, 8))]


def transfusion_interleaved_multimodal_loss():
    torch = _seed()

    model = _transfusion(torch).train()

    def training_loss(text_a, latent_a, text_b, latent_b, text_c):
        return model([[text_a, latent_a, text_b], [text_c, latent_b]])

    return training_loss, [(torch.randint(0, 32, (4,)), torch.randn(3, 8), torch.randint(0, 32, (2,)),
                            torch.randn(2, 8), torch.randint(0, 32, (5,)))]


def transfusion_modality_ode_sampling():
    torch = _seed()

    model = _transfusion(torch).eval()

    def sample():
        return model.generate_modality_only(batch_size=2, modality_steps=4)

    return sample, [()]


# ---------------------------------------------------------------------------------- recurrent-memory-transformer-pytorch
def _recurrent_memory(**overrides):
    from recurrent_memory_transformer_pytorch import RecurrentMemoryTransformer, RecurrentMemoryTransformerWrapper

    config = dict(num_tokens=64, num_memory_tokens=4, depth=2, dim_head=8, heads=2, seq_len=8, num_residual_streams=1)
    return RecurrentMemoryTransformerWrapper(RecurrentMemoryTransformer(32, **{**config, **overrides}))


def rmt_segment_training_loss():
    torch = _seed()

    model = _recurrent_memory(use_xl_memories=True, enhanced_xl_recurrence=True, rotary_pos_emb=True).train()

    def training_loss(tokens):
        return model(tokens, return_loss=True)

    return training_loss, [(torch.randint(0, 64, (2, 21)),)]


def rmt_generate_across_segments():
    torch = _seed()

    model = _recurrent_memory(use_xl_memories=True)

    def continue_prompt(prime):
        return model.generate(prime, length=14, temperature=0.8)

    return continue_prompt, [(torch.randint(0, 64, (2, 10)),)]


# ------------------------------------------------------------------------------------------------------------ hippynn
def _hipnn_graph(network="Hipnn", **extra):
    from hippynn.graphs import GraphModule, inputs, networks, physics, targets as hippynn_targets

    species = inputs.SpeciesNode(db_name="Z")
    positions = inputs.PositionsNode(db_name="R")
    params = dict(possible_species=[0, 1, 6, 8], n_features=8, n_sensitivities=6, dist_soft_min=0.8,
                  dist_soft_max=4.0, dist_hard_max=5.0, n_interaction_layers=1, n_atom_layers=2, **extra)
    net = getattr(networks, network)("hipnn", (species, positions), module_kwargs=params)
    energy = hippynn_targets.HEnergyNode("HEnergy", net)
    force = physics.GradientNode("forces", (energy, positions), sign=-1)
    charge = hippynn_targets.HChargeNode("HCharge", net)
    dipole = physics.DipoleNode("dipole", (charge, positions))
    return GraphModule([species, positions], [energy.mol_energy, force, dipole])


def _molecules(torch):
    species = torch.tensor([[6, 1, 1, 1, 1], [8, 1, 1, 0, 0], [6, 8, 1, 1, 0]])  # methane, water, formaldehyde
    return species, torch.randn(3, 5, 3)


def hippynn_energy_forces_dipole():
    torch = _seed()

    model = _hipnn_graph()

    def predict(species, positions):
        return model(species, positions.requires_grad_())

    return predict, [_molecules(torch)]


def hippynn_tensor_sensitivity_training_step():
    torch = _seed()

    model = _hipnn_graph("HipnnQuad")
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def training_step(species, positions, energies):
        energy, forces, dipole = model(species, positions.requires_grad_())
        loss = torch.nn.functional.mse_loss(energy, energies) + forces.pow(2).mean() + dipole.pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss

    return training_step, [(*_molecules(torch), torch.randn(3, 1))]


PACKAGES: Tuple[Package, ...] = (
    Package("dinov2==0.0.1.dev2", "dinov2", {
        "backbone_features": dinov2_backbone_features,
        "interpolated_positions_and_masks": dinov2_interpolated_positions_and_masks,
        "self_distillation_losses": dinov2_self_distillation_losses},
        roots=("dinov2.models.vision_transformer:*.get_intermediate_layers",
               "dinov2.models.vision_transformer:*.forward_features", "dinov2.loss.*:*")),
    Package("speculative-decoding==0.2.0", "speculative_decoding", {
        "base_cached_decoding": spec_base_cached_decoding,
        "draft_model_decoding": spec_draft_model_decoding,
        "decoder_training_losses": spec_decoder_training_losses,
        "prophet_training_and_decoding": spec_prophet_training_and_decoding},
        roots=("speculative_decoding.*:*decoding*",),
        dependencies=("beartype==0.23.1",)),
    Package("transfusion-pytorch==0.20.0", "transfusion_pytorch", {
        "text_generation_with_cache": transfusion_text_generation_with_cache,
        "text_and_flow_losses": transfusion_text_and_flow_losses,
        "interleaved_multimodal_loss": transfusion_interleaved_multimodal_loss,
        "modality_ode_sampling": transfusion_modality_ode_sampling},
        roots=("transfusion_pytorch.transfusion:*.generate_text_only", "transfusion_pytorch.transfusion:*.forward_text",
               "transfusion_pytorch.transfusion:*.forward_modality",
               "transfusion_pytorch.transfusion:*.generate_modality_only"),
        dependencies=("axial-positional-embedding==0.3.12", "beartype==0.23.1", "einx==0.4.3", "frozendict==2.5.1",
                      "ema-pytorch==0.8.3", "jaxtyping==0.3.11", "wadler-lindig==0.1.8", "loguru==0.7.3",
                      "rotary-embedding-torch==0.9.1", "torch-einops-utils==0.2.0", "torchdiffeq==0.2.5")),
    Package("recurrent-memory-transformer-pytorch==0.7.0", "recurrent_memory_transformer_pytorch", {
        "segment_training_loss": rmt_segment_training_loss,
        "generate_across_segments": rmt_generate_across_segments},
        roots=("recurrent_memory_transformer_pytorch.*:*.generate",),
        dependencies=("hyper-connections==0.4.11", "torch-einops-utils==0.2.0")),
    Package("hippynn==0.1.3", "hippynn", {
        "energy_forces_dipole": hippynn_energy_forces_dipole,
        "tensor_sensitivity_training_step": hippynn_tensor_sensitivity_training_step}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
