"""Held-out group 28 of the evaluation: decoder language models written in the style of a model hub (frozen config
dataclasses, an attention-implementation switch between eager and sdpa, KV caches written in forward at the token
position, causal and sliding-window mask builders, output dataclasses, padding masks, generation loops with
temperature, top-k and top-p sampling that stop on EOS, mixture-of-experts routers), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout28_targets.py \
        --site benchmarks/eval/.packages-heldout28 --suffix heldout28

Two independent PyTorch ports of Gemma 4's text decoder: one with a dict of per-layer KV caches, rolling caches for
sliding-window layers, KV sharing across layers, a mixture-of-experts layer, sdpa or eager attention and a
`generate` loop with top-k/top-p sampling and per-sequence stop tokens (gemma4-pt-claude); the other with a
dataclass KV cache holding positions and a padding mask, masks built from the padding mask, an output dataclass and
`Gemma4Model.generate` with top-k sampling and EOS (gemma4-pytorch-codex). Both also run a prompt with image and
audio soft tokens merged at placeholder positions, from small vision and conformer audio towers. minGPT and nanoGPT
as Lightning GPT ships them: config objects, a fast-attention switch, the loss flag and their `generate` loops with
top-k (lightning-gpt, one package with two import folders). Coconut's continuous-thought decoder: latent reasoning
steps fed back with the prompt's cached key/values, and its min-p sampling loop (coconut-pytorch).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: transformers and every package built on it (ai2-olmo, the older OLMo, requires it; fairseq2 requires it;
free-transformer, nano-gpt, gpt-simple-lm and kydon-gpt require it); memorizing-transformers-pytorch (faiss-gpu).
Lightning GPT's own LightningModule wrappers need lightning[app]; only its mingpt and nanogpt folders are measured
(their model code imports torch alone). The Gemma 4 ports import their image, audio and weight-loading helpers at
package import: PIL, torchaudio, torchvision's transforms, safetensors, tokenizers and sentencepiece are stood in by
empty modules (with the one enum a default argument names), as no target loads an image, a sound, a tokenizer or a
checkpoint. pause-transformer was tried and dropped: its attention fills with a float mask, which this torch refuses
even without compiling.
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


def _without_media_and_checkpoints():
    import enum
    import sys

    targets.stand_in("PIL.Image", "torchaudio.functional", "torchvision.transforms.v2.functional",
                     "safetensors.torch", "tokenizers", "sentencepiece")
    # an image resizer's default argument names a member of this enum when its class is made
    sys.modules["torchvision.transforms"].InterpolationMode = enum.Enum("InterpolationMode", "BILINEAR BICUBIC")


# ------------------------------------------------------------------------------------------------ gemma4-pt-claude
def _claude_config(**text_overrides):
    from gemma4_pt_claude import AttentionType, Gemma4Config, TextConfig

    pattern = (AttentionType.LOCAL_SLIDING, AttentionType.LOCAL_SLIDING, AttentionType.GLOBAL)
    text = dict(vocab_size=64, embed_dim=32, hidden_dim=64, num_heads=4, head_dim=8, num_kv_heads=2, num_layers=3,
                sliding_window_size=4, final_logit_softcap=30.0, attention_pattern=pattern)
    text.update(text_overrides)
    return Gemma4Config(text=TextConfig(**text))


def claude_prefill_then_decode_sdpa():
    torch = _seed()
    _without_media_and_checkpoints()
    from gemma4_pt_claude import Gemma4Model, init_cache

    config = _claude_config()
    model = Gemma4Model(config).eval()

    def prefill_and_step(prompt, next_token):
        cache = init_cache(config, prompt.shape[0], 16, dtype=torch.float32)
        logits, cache = model(prompt, cache=cache)
        step, cache = model(next_token, cache=cache, logits_to_keep=1)
        return logits, step

    return prefill_and_step, [(torch.randint(0, 64, (2, 8)), torch.randint(0, 64, (2, 1)))]


def claude_eager_moe_kv_sharing():
    torch = _seed()
    _without_media_and_checkpoints()
    from gemma4_pt_claude import Gemma4Model, KVCacheSharingConfig, MoEConfig

    config = _claude_config(num_layers=4, attn_impl="eager", attn_logits_soft_cap=50.0, per_layer_input_dim=8,
                            moe=MoEConfig(num_experts=4, top_k=2, expert_dim=16, dense_hidden_dim=32),
                            kv_sharing=KVCacheSharingConfig(frac_shared_layers=0.5, share_global=True,
                                                            share_local=True))
    model = Gemma4Model(config).train()

    def forward(tokens):
        logits, _ = model(tokens)
        return logits

    return forward, [(torch.randint(0, 64, (2, 10)),)]


def _image_patches(torch, batch):
    """16 patches of a 4 x 4 grid (patch size 2, so 12 values each) and their (x, y) positions."""
    ys, xs = torch.meshgrid(torch.arange(4), torch.arange(4), indexing="ij")
    positions = torch.stack([xs.flatten(), ys.flatten()], -1)[None].expand(batch, -1, -1).clone()
    return torch.randn(batch, 16, 12), positions


def _mel_frames(torch, batch):
    """16 mel frames of 16 bins; the second clip is padded after 12 frames (3 soft tokens, not 4)."""
    mask = torch.ones(batch, 16, dtype=torch.bool)
    mask[1, 12:] = False
    return torch.randn(batch, 16, 16), mask


def claude_image_and_audio_prompt():
    torch = _seed()
    _without_media_and_checkpoints()
    import dataclasses

    from gemma4_pt_claude import AudioConfig, Gemma4Model, VisionConfig

    vision = VisionConfig(d_model=16, num_layers=1, num_heads=2, head_dim=8, ffw_hidden=32, patch_size=2,
                          output_length=4, pooling_kernel_size=2, position_embedding_size=16, text_embed_dim=32)
    audio = AudioConfig(hidden_size=16, num_layers=1, num_heads=2, chunk_size=4, context_left=5, context_right=0,
                        input_feat_size=16, sscp_channels=(8, 4), lm_model_dims=16)
    model = Gemma4Model(dataclasses.replace(_claude_config(), vision=vision, audio=audio)).eval()
    image_mask = torch.zeros(2, 12, dtype=torch.bool)
    image_mask[:, 1:5] = True
    audio_mask = torch.zeros(2, 12, dtype=torch.bool)
    audio_mask[:, 6:10] = True
    audio_mask[1, 9] = False
    pixels, positions = _image_patches(torch, 2)
    mel, mel_mask = _mel_frames(torch, 2)

    def forward(tokens):
        logits, _ = model(tokens, pixel_values=pixels, image_position_ids=positions, image_mask=image_mask,
                          audio_mel=mel, audio_mel_mask=mel_mask, audio_mask=audio_mask)
        return logits

    return forward, [(torch.randint(2, 64, (2, 12)),)]


def claude_generate_top_k_top_p():
    torch = _seed()
    _without_media_and_checkpoints()
    from gemma4_pt_claude import Gemma4Model, generate

    model = Gemma4Model(_claude_config()).eval()

    def sample(prompt):
        return generate(model, prompt, max_new_tokens=3, temperature=0.8, top_k=8, top_p=0.9, stop_tokens={1})

    return sample, [(torch.randint(2, 64, (2, 6)),)]


# ---------------------------------------------------------------------------------------------- gemma4-pytorch-codex
def _codex_model(vision=None, audio=None, **text_overrides):
    _without_media_and_checkpoints()
    from gemma4_pt_codex import AttentionKind, Gemma4Config, Gemma4Model, TextConfig

    text = dict(vocab_size=64, hidden_size=32, intermediate_size=64, num_layers=3, num_heads=4, head_dim=8,
                num_kv_heads=2, global_head_dim=16, sliding_window=4, per_layer_input_dim=8,
                final_logit_softcap=30.0, image_token_id=62, audio_token_id=63,
                layer_types=(AttentionKind.SLIDING, AttentionKind.SLIDING, AttentionKind.FULL))
    text.update(text_overrides)
    return Gemma4Model(Gemma4Config(text=TextConfig(**text), vision=vision, audio=audio))


def codex_padded_prefill_then_decode():
    torch = _seed()
    model = _codex_model().eval()
    mask = torch.ones(2, 8, dtype=torch.bool)
    mask[1, :3] = False  # left padding

    def prefill_and_step(prompt, attention_mask, next_token):
        output = model(prompt, attention_mask=attention_mask, return_kv_cache=True)
        step = model(next_token, attention_mask=torch.ones_like(next_token, dtype=torch.bool),
                     kv_cache=output.kv_cache, return_kv_cache=True)
        return output.logits, step.logits

    return prefill_and_step, [(torch.randint(1, 64, (2, 8)), mask, torch.randint(1, 64, (2, 1)))]


def codex_sdpa_moe_bidirectional():
    torch = _seed()
    model = _codex_model(attn_impl="sdpa", enable_moe=True, num_experts=4, expert_dim=16, top_k_experts=2,
                         moe_dense_hidden_size=32, use_bidirectional_attention="all").train()

    def logits(tokens):
        return model(tokens, return_hidden_states=True).logits

    return logits, [(torch.randint(1, 64, (2, 10)),)]


def codex_image_and_audio_prompt():
    torch = _seed()
    from gemma4_pt_codex import AudioConfig, VisionConfig

    vision = VisionConfig(hidden_size=16, intermediate_size=32, num_layers=1, num_heads=2, num_kv_heads=2, head_dim=8,
                          patch_size=2, position_embedding_size=16, output_length=4, pooling_kernel_size=2)
    audio = AudioConfig(num_layers=1, hidden_size=16, output_size=16, num_heads=2, left_context=5, chunk_size=4,
                        subsampling_channels=(8, 4), num_mel_bins=16)
    model = _codex_model(vision=vision, audio=audio).eval()
    tokens = torch.randint(2, 60, (2, 12))
    tokens[:, 1:5] = -2  # image placeholders
    tokens[:, 7:11] = -4  # audio placeholders: 4 soft tokens, then 3 for the padded clip
    tokens[1, 10] = 5

    def forward(input_ids, patches, positions, mel, mel_mask):
        vision_tokens, vision_mask = model.encode_images_to_text(patches, positions)
        audio_tokens, audio_mask = model.encode_audio_to_text(mel, mel_mask)
        return model(input_ids, vision_tokens=vision_tokens, vision_token_mask=vision_mask,
                     audio_tokens=audio_tokens, audio_token_mask=audio_mask).logits

    return forward, [(tokens, *_image_patches(torch, 2), *_mel_frames(torch, 2))]


def codex_generate_top_k_eos():
    torch = _seed()
    model = _codex_model().eval()

    def sample(prompt):
        return model.generate(prompt, max_new_tokens=3, do_sample=True, temperature=0.7, top_k=8, eos_token_id=2)

    return sample, [(torch.randint(3, 64, (2, 6)),)]


# ---------------------------------------------------------------------------------------- lightning-gpt: minGPT
def _mingpt(**overrides):
    from mingpt.model import GPT

    config = GPT.get_default_config()
    config.model_type = None
    config.n_layer, config.n_head, config.n_embd = 2, 4, 32
    config.vocab_size, config.block_size = 64, 16
    for key, value in overrides.items():
        setattr(config, key, value)
    return GPT(config)


def mingpt_loss():
    torch = _seed()
    model = _mingpt().train()
    tokens = torch.randint(0, 64, (2, 13))
    return model, [(tokens[:, :-1].contiguous(), tokens[:, 1:].contiguous())]


def mingpt_generate_top_k():
    torch = _seed()
    model = _mingpt().eval()

    def sample(prompt):
        return model.generate(prompt, 3, temperature=0.9, do_sample=True, top_k=8)

    return sample, [(torch.randint(0, 64, (2, 6)),)]


# --------------------------------------------------------------------------------------- lightning-gpt: nanoGPT
def _nanogpt(**overrides):
    from nanogpt.model import GPT, GPTConfig

    config = dict(block_size=16, vocab_size=64, n_layer=2, n_head=4, n_embd=32, dropout=0.0, bias=True)
    config.update(overrides)
    return GPT(GPTConfig(**config))


def nanogpt_loss():
    torch = _seed()
    model = _nanogpt(bias=False, dropout=0.1).train()  # dropout turns its fast attention off: the masked one runs
    tokens = torch.randint(0, 64, (2, 13))
    return model, [(tokens[:, :-1].contiguous(),)], {"targets": tokens[:, 1:].contiguous()}


def nanogpt_generate_top_k():
    torch = _seed()
    model = _nanogpt().eval()

    def sample(prompt):
        return model.generate(prompt, 3, temperature=0.9, top_k=8)

    return sample, [(torch.randint(0, 64, (2, 6)),)]


# -------------------------------------------------------------------------------------------------- coconut-pytorch
def _coconut(**overrides):
    from coconut_pytorch import Coconut

    config = dict(num_reasoning_steps=3, transformer=dict(num_tokens=64, dim=32, depth=2, dim_head=8, heads=4))
    config.update(overrides)
    return Coconut(**config)


def coconut_loss():
    torch = _seed()
    model = _coconut(learn_begin_of_thought=True).train()
    return model, [(torch.randint(0, 64, (2, 8)), torch.randint(0, 64, (2, 5)))]


def coconut_generate_min_p():
    torch = _seed()
    model = _coconut().eval()

    def sample(prompt):
        return model.generate(prompt, max_length=3)

    return sample, [(torch.randint(0, 64, (2, 8)),)]


PACKAGES: Tuple[Package, ...] = (
    Package("gemma4-pt-claude==0.2.0", "gemma4_pt_claude", {
        "prefill_then_decode_sdpa": claude_prefill_then_decode_sdpa,
        "eager_moe_kv_sharing": claude_eager_moe_kv_sharing,
        "image_and_audio_prompt": claude_image_and_audio_prompt,
        "generate_top_k_top_p": claude_generate_top_k_top_p},
        roots=("gemma4_pt_claude.generate:generate",)),
    Package("gemma4-pytorch-codex==0.2.0", "gemma4_pt_codex", {
        "padded_prefill_then_decode": codex_padded_prefill_then_decode,
        "sdpa_moe_bidirectional": codex_sdpa_moe_bidirectional,
        "image_and_audio_prompt": codex_image_and_audio_prompt,
        "generate_top_k_eos": codex_generate_top_k_eos},
        roots=("gemma4_pt_codex.model:Gemma4Model.generate",)),
    Package("lightning-gpt==0.1.1", "mingpt", {
        "loss": mingpt_loss,
        "generate_top_k": mingpt_generate_top_k},
        roots=("mingpt.model:GPT.generate",)),
    Package("lightning-gpt==0.1.1", "nanogpt", {
        "loss": nanogpt_loss,
        "generate_top_k": nanogpt_generate_top_k},
        roots=("nanogpt.model:GPT.generate",)),
    Package("coconut-pytorch==0.0.32", "coconut_pytorch", {
        "loss": coconut_loss,
        "generate_min_p": coconut_generate_min_p},
        roots=("coconut_pytorch.coconut:Coconut.generate",),
        dependencies=("x-transformers==2.31.10", "einx==0.4.3", "frozendict==2.5.1", "loguru==0.7.3",
                      "packaging==25.0", "hyper-connections==0.4.11", "rotary-embedding-torch==0.9.1",
                      "torch-einops-utils==0.2.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
