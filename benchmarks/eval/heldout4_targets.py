"""Held-out group 4 of the evaluation: language-model and diffusion packages no rule was tuned on, measured before
any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout4_targets.py \
        --site benchmarks/eval/.packages-heldout4 --suffix heldout4

In the style of config-driven language models and diffusion pipelines: decoders with KV caches stepped one token at a
time, rotary positions, grouped-query and sliding-window attention, generation loops with logit filters, top-k/top-p/
temperature sampling and beam search, LSH attention with reversible layers (litgpt, openai-whisper, min-dalle,
reformer-pytorch); samplers stepping with numpy, float or tensor timesteps, sinusoidal timestep embeddings, UNets and
VAEs, classifier-free guidance, score-based SDE and flow matching samplers (stable-diffusion-pytorch, score-models,
flow-matching). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own
dynamo cache. Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "tqdm==4.70.1",
    "typing-extensions==4.15.0",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------- litgpt
def _litgpt_config(**overrides):
    from litgpt import Config

    llama = dict(name="tiny-llama", block_size=32, vocab_size=64, padded_vocab_size=64, n_layer=2, n_head=4,
                 n_embd=32, n_query_groups=2, rotary_percentage=1.0, parallel_residual=False, bias=False,
                 norm_class_name="RMSNorm", mlp_class_name="LLaMAMLP", intermediate_size=64)
    return Config(**{**llama, **overrides})


def litgpt_kv_cache_decode():
    torch = _seed()
    from litgpt import GPT

    model = GPT(_litgpt_config()).eval()
    model.set_kv_cache(batch_size=2, max_seq_length=16)

    def prefill_and_step(prompt):
        logits = model(prompt, torch.arange(prompt.shape[1]))
        next_token = logits[:, -1].argmax(dim=-1, keepdim=True)
        return model(next_token, torch.tensor([prompt.shape[1]]))

    return prefill_and_step, [(torch.randint(0, 64, (2, 6)),)]


def litgpt_sampling_next_token():
    torch = _seed()
    from litgpt import GPT
    from litgpt.generate.base import next_token

    model = GPT(_litgpt_config(name="tiny-gemma", mlp_class_name="GemmaMLP", post_attention_norm=True,
                               post_mlp_norm=True, attention_logit_softcapping=50.0, final_logit_softcapping=30.0,
                               sliding_window_size=8, sliding_window_indices=[1, 0], scale_embeddings=True)).eval()
    model.set_kv_cache(batch_size=1, max_seq_length=16)

    def sample_two(prompt):
        first = next_token(model, torch.arange(prompt.shape[1]), prompt, temperature=0.8, top_k=8, top_p=0.9)
        return next_token(model, torch.tensor([prompt.shape[1]]), first.view(1, 1), temperature=0.8, top_k=8,
                          top_p=0.9)

    return sample_two, [(torch.randint(0, 64, (1, 5)),)]


def litgpt_generate_loop():
    torch = _seed()
    from litgpt import GPT
    from litgpt.generate.base import generate

    model = GPT(_litgpt_config(name="tiny-neox", norm_class_name="LayerNorm", mlp_class_name="GptNeoxMLP",
                               parallel_residual=True, bias=True, rotary_percentage=0.25, n_query_groups=4)).eval()
    model.max_seq_length = 12
    model.set_kv_cache(batch_size=1)

    def continue_prompt(prompt):
        return generate(model, prompt, max_returned_tokens=8, temperature=1.0, top_k=5, eos_id=3)

    return continue_prompt, [(torch.randint(4, 64, (5,)),)]


def litgpt_training_forward():
    torch = _seed()
    from litgpt import GPT

    model = GPT(_litgpt_config(name="tiny-moe", mlp_class_name="LLaMAMoE", n_expert=4, n_expert_per_token=2,
                               moe_intermediate_size=32, norm_qk=True)).train()

    def loss(idx, targets):
        logits = model(idx, lm_head_chunk_size=4)
        return torch.nn.functional.cross_entropy(torch.cat(logits, dim=1).flatten(0, 1), targets.flatten())

    return loss, [(torch.randint(0, 64, (2, 8)), torch.randint(0, 64, (2, 8)))]


# ----------------------------------------------------------------------------------------------- openai-whisper
def _whisper_model(torch):
    from whisper.model import ModelDimensions, Whisper

    dims = ModelDimensions(n_mels=80, n_audio_ctx=16, n_audio_state=32, n_audio_head=2, n_audio_layer=1,
                           n_vocab=51865, n_text_ctx=16, n_text_state=32, n_text_head=2, n_text_layer=2)
    return Whisper(dims).eval()


def whisper_encoder_decoder_kv_cache():
    torch = _seed()
    model = _whisper_model(torch)
    cache, _hooks = model.install_kv_cache_hooks()

    def transcribe_two_tokens(mel, tokens):
        cache.clear()
        audio = model.embed_audio(mel)
        logits = model.decoder(tokens, audio, kv_cache=cache)
        next_tokens = logits[:, -1].argmax(dim=-1, keepdim=True)
        return model.decoder(next_tokens, audio, kv_cache=cache)

    return transcribe_two_tokens, [(torch.randn(2, 80, 32), torch.tensor([[50258, 50259, 50359], [50258, 50259,
                                                                                                      50359]]))]


def _whisper_task(torch, **options):
    from whisper.decoding import DecodingOptions, DecodingTask

    model = _whisper_model(torch)
    task = DecodingTask(model, DecodingOptions(language="en", fp16=False, sample_len=3, **options))
    audio = model.embed_audio(torch.randn(1, 80, 32)).repeat_interleave(task.n_group, dim=0)
    tokens = torch.tensor([task.initial_tokens]).repeat(task.n_group, 1)
    return task, audio, tokens


def whisper_greedy_loop_with_timestamps():
    torch = _seed()
    task, audio, tokens = _whisper_task(torch, temperature=0.0, without_timestamps=False, max_initial_timestamp=1.0)

    def decode(audio, tokens):
        task.decoder.reset()
        return task._main_loop(audio, tokens)

    return decode, [(audio, tokens)]


def whisper_beam_search_loop():
    torch = _seed()
    task, audio, tokens = _whisper_task(torch, beam_size=2, without_timestamps=True)

    def decode(audio, tokens):
        task.decoder.reset()
        return task._main_loop(audio, tokens)

    return decode, [(audio, tokens)]


def whisper_log_mel_and_language():
    torch = _seed()
    from whisper.audio import log_mel_spectrogram
    from whisper.decoding import detect_language

    model = _whisper_model(torch)

    def features_and_language(audio):
        mel = log_mel_spectrogram(audio, n_mels=80)[:, :32]
        return mel, detect_language(model, mel)

    return features_and_language, [(torch.randn(6000),)]


# ---------------------------------------------------------------------------------------------------- min-dalle
def _dalle_models(torch):
    from min_dalle.models import DalleBartDecoder, DalleBartEncoder

    encoder = DalleBartEncoder(layer_count=1, embed_count=32, attention_head_count=2, text_vocab_count=100,
                               text_token_count=8, glu_embed_count=64, device="cpu").eval()
    decoder = DalleBartDecoder(image_vocab_count=2 ** 14, embed_count=32, attention_head_count=2, glu_embed_count=64,
                               layer_count=2, device="cpu").eval()
    return encoder, decoder


def min_dalle_encode_and_sample_tokens():
    torch = _seed()
    encoder, decoder = _dalle_models(torch)
    settings = torch.tensor([1.0, 16.0, 16.0])

    def sample_two(text_tokens):
        encoder_state = encoder(text_tokens)
        attention_mask = text_tokens.not_equal(1)[:, None, None, :]
        attention_state = torch.zeros(2, 4, 256, 32)
        image_tokens = torch.full((1, 3), 2 ** 14 - 1)
        token_indices = torch.arange(256)
        for i in range(2):
            image_tokens[:, i + 1], attention_state = decoder.sample_tokens(
                settings=settings, attention_mask=attention_mask, encoder_state=encoder_state,
                attention_state=attention_state, prev_tokens=image_tokens[:, [i]], token_index=token_indices[[i]])
        return image_tokens

    text = torch.tensor([[0, 5, 9, 2, 1, 1, 1, 1], [0, 5, 9, 12, 17, 2, 1, 1]])
    return sample_two, [(text,)]


def min_dalle_full_prefix_decode():
    torch = _seed()
    encoder, decoder = _dalle_models(torch)

    def logits_over_prefix(text_tokens, prev_tokens):
        encoder_state = encoder(text_tokens)
        attention_mask = text_tokens.not_equal(1)[:, None, None, :]
        attention_state = torch.zeros(2, 4, 256, 32)
        logits, _ = decoder(attention_mask=attention_mask, encoder_state=encoder_state,
                            attention_state=attention_state, prev_tokens=prev_tokens,
                            token_index=torch.arange(prev_tokens.shape[1]))
        return logits

    text = torch.tensor([[0, 5, 9, 2, 1, 1, 1, 1], [0, 5, 9, 12, 17, 2, 1, 1]])
    return logits_over_prefix, [(text, torch.randint(0, 2 ** 14, (1, 4)))]


# ------------------------------------------------------------------------------------- stable-diffusion-pytorch
def _tiny_denoiser(torch):
    """A small stand-in for the 860M-parameter UNet, called the way the pipeline calls it: (latents, context,
    time embedding); the samplers, the timestep embedding and the guidance are the package's."""

    class Denoiser(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(4, 4, 3, padding=1)
            self.time = torch.nn.Linear(320, 4)
            self.context = torch.nn.Linear(768, 4)

        def forward(self, latents, context, time):
            bias = self.time(time)[:, :, None, None] + self.context(context.mean(dim=1))[:, :, None, None]
            return self.conv(latents) + bias

    return Denoiser().eval()


def _guided_steps(torch, sampler, steps):
    from stable_diffusion_pytorch import util

    denoiser = _tiny_denoiser(torch)

    def denoise(latents, context):
        latents = latents * sampler.initial_scale
        for timestep in sampler.timesteps[:steps]:
            time_embedding = util.get_time_embedding(timestep)
            model_input = (latents * sampler.get_input_scale()).repeat(2, 1, 1, 1)
            cond, uncond = denoiser(model_input, context, time_embedding).chunk(2)
            latents = sampler.step(latents, 7.5 * (cond - uncond) + uncond)
        return latents

    return denoise


def sd_euler_sampler_with_guidance():
    torch = _seed()
    from stable_diffusion_pytorch import KEulerSampler

    sampler = KEulerSampler(n_inference_steps=6)
    return _guided_steps(torch, sampler, 3), [(torch.randn(1, 4, 8, 8), torch.randn(2, 77, 768))]


def sd_euler_ancestral_sampler():
    torch = _seed()
    from stable_diffusion_pytorch import KEulerAncestralSampler

    generator = torch.Generator().manual_seed(0)
    sampler = KEulerAncestralSampler(n_inference_steps=6, generator=generator)
    return _guided_steps(torch, sampler, 2), [(torch.randn(1, 4, 8, 8), torch.randn(2, 77, 768))]


def sd_vae_roundtrip():
    torch = _seed()
    from stable_diffusion_pytorch import Decoder, Encoder

    encoder, decoder = Encoder().eval(), Decoder().eval()

    def roundtrip(image, noise):
        return decoder(encoder(image, noise))

    return roundtrip, [(torch.randn(1, 3, 16, 16), torch.randn(1, 4, 2, 2))]


# -------------------------------------------------------------------------------------------------- score-models
def score_models_ncsnpp_vesde():
    torch = _seed()
    from score_models import NCSNpp, ScoreModel

    net = NCSNpp(channels=1, nf=8, ch_mult=(1, 2), num_res_blocks=1, attention=True)
    model = ScoreModel(model=net, sigma_min=1e-2, sigma_max=10.0, device="cpu")

    def score_and_loss(t, x):
        return model(t, x), model.loss_fn(x)

    return score_and_loss, [(torch.rand(2), torch.randn(2, 1, 8, 8))]


def score_models_ddpm_vpsde():
    torch = _seed()
    from score_models import DDPM, ScoreModel

    net = DDPM(channels=1, nf=8, ch_mult=(1, 2), num_res_blocks=1, attention=True)
    model = ScoreModel(model=net, beta_min=0.1, beta_max=20.0, device="cpu")

    def score_and_loss(t, x):
        return model(t, x), model.loss_fn(x)

    return score_and_loss, [(torch.rand(2), torch.randn(2, 1, 8, 8))]


def score_models_euler_maruyama_sampling():
    torch = _seed()
    from score_models import MLP, ScoreModel

    model = ScoreModel(model=MLP(dimensions=2, units=16, layers=2), sigma_min=1e-2, sigma_max=5.0, device="cpu")

    def sample():
        return model.sample(shape=(4, 2), steps=3)

    return sample, [()]


# --------------------------------------------------------------------------------------------------- flow-matching
def _velocity_model(torch):
    from flow_matching.utils import ModelWrapper

    class Velocity(ModelWrapper):
        def __init__(self):
            super().__init__(torch.nn.Sequential(torch.nn.Linear(3, 16), torch.nn.SiLU(), torch.nn.Linear(16, 2)))

        def forward(self, x, t, **extras):
            t = t.reshape(-1, 1).expand(x.shape[0], 1) if t.dim() < 2 else t
            return self.model(torch.cat([x, t], dim=-1))

    return Velocity()


def flow_matching_ode_sampling():
    torch = _seed()
    from flow_matching.solver import ODESolver

    solver = ODESolver(velocity_model=_velocity_model(torch))
    grid = torch.linspace(0.0, 1.0, 3)

    def sample(x_init):
        return solver.sample(x_init=x_init, step_size=0.25, method="midpoint", time_grid=grid,
                             return_intermediates=True)

    return sample, [(torch.randn(4, 2),)]


def flow_matching_affine_path_loss():
    torch = _seed()
    from flow_matching.path import AffineProbPath, CondOTProbPath
    from flow_matching.path.scheduler import CosineScheduler, VPScheduler

    velocity = _velocity_model(torch)
    paths = [CondOTProbPath(), AffineProbPath(scheduler=CosineScheduler()), AffineProbPath(scheduler=VPScheduler())]

    def losses(x_0, x_1, t):
        out = []
        for path in paths:
            sample = path.sample(x_0=x_0, x_1=x_1, t=t)
            predicted = velocity(sample.x_t, sample.t)
            out.append((predicted - sample.dx_t).pow(2).mean())
            out.append(path.velocity_to_epsilon(predicted, sample.x_t, sample.t[:, None]))
        return out

    return losses, [(torch.randn(4, 2), torch.randn(4, 2), torch.rand(4) * 0.9 + 0.05)]


def flow_matching_discrete_path_and_solver():
    torch = _seed()
    from flow_matching.loss import MixturePathGeneralizedKL
    from flow_matching.path import MixtureDiscreteProbPath
    from flow_matching.path.scheduler import PolynomialConvexScheduler
    from flow_matching.solver import MixtureDiscreteEulerSolver
    from flow_matching.utils import ModelWrapper

    class Posterior(ModelWrapper):
        def __init__(self):
            super().__init__(torch.nn.Embedding(8, 8))

        def forward(self, x, t, **extras):
            return torch.softmax(self.model(x) + t.reshape(-1, 1, 1), dim=-1)

    posterior = Posterior()
    path = MixtureDiscreteProbPath(scheduler=PolynomialConvexScheduler(n=2.0))
    loss_fn = MixturePathGeneralizedKL(path=path)
    solver = MixtureDiscreteEulerSolver(model=posterior, path=path, vocabulary_size=8)

    def loss_and_sample(x_0, x_1, t):
        sample = path.sample(x_0=x_0, x_1=x_1, t=t)
        logits = torch.log(posterior(sample.x_t, sample.t))
        return loss_fn(logits, x_1, sample.x_t, sample.t), solver.sample(x_init=x_0, step_size=0.5)

    return loss_and_sample, [(torch.randint(0, 8, (2, 5)), torch.randint(0, 8, (2, 5)), torch.rand(2) * 0.9)]


# ------------------------------------------------------------------------------------------- reformer-pytorch
def _reformer_lm(**overrides):
    from reformer_pytorch import ReformerLM

    config = dict(num_tokens=64, dim=32, depth=2, max_seq_len=32, heads=2, bucket_size=4, n_hashes=2, causal=True)
    return ReformerLM(**{**config, **overrides})


def reformer_lsh_lm_training():
    torch = _seed()
    from reformer_pytorch.generative_tools import TrainingWrapper

    model = TrainingWrapper(_reformer_lm(n_local_attn_heads=1, axial_position_emb=True, axial_position_shape=(4, 8),
                                         ff_chunks=2, attn_chunks=2)).train()
    return model, [(torch.randint(1, 64, (2, 33)),)], {"return_loss": True}


def reformer_generate_top_k():
    torch = _seed()
    from reformer_pytorch.generative_tools import TrainingWrapper

    model = TrainingWrapper(_reformer_lm(fixed_position_emb=True, full_attn_thres=8, reverse_thres=64, ff_glu=True)).eval()

    def sample(prompt):
        return model.generate(prompt, 3, temperature=0.9, filter_thres=0.8)

    return sample, [(torch.randint(1, 64, (1, 8)),)]


def reformer_encoder_decoder_masked():
    torch = _seed()
    from reformer_pytorch import ReformerEncDec

    model = ReformerEncDec(dim=32, enc_num_tokens=64, enc_depth=1, enc_max_seq_len=16, enc_bucket_size=4,
                           dec_num_tokens=64, dec_depth=1, dec_max_seq_len=16, dec_bucket_size=4,
                           enc_num_mem_kv=2, dec_pkm_layers=(0,), dec_pkm_num_keys=8,
                           # below the threshold the layers run plainly: dynamo fails internally on the reversible
                           # autograd.Function in eval mode (the training target compiles it)
                           enc_reverse_thres=64, dec_reverse_thres=64).eval()
    source, target = torch.randint(1, 64, (2, 16)), torch.randint(1, 64, (2, 16))
    mask = torch.ones(2, 16, dtype=torch.bool)
    mask[1, 12:] = False
    return model, [(source, target)], {"enc_input_mask": mask}


PACKAGES: Tuple[Package, ...] = (
    Package("litgpt==0.5.13", "litgpt", {
        "kv_cache_decode": litgpt_kv_cache_decode, "sampling_next_token": litgpt_sampling_next_token,
        "generate_loop": litgpt_generate_loop, "training_forward": litgpt_training_forward},
        roots=("litgpt.generate.base:next_token", "litgpt.generate.base:generate"),
        dependencies=("lightning==2.6.6", "lightning-utilities==0.15.2", "fsspec==2025.9.0", "torchmetrics==1.9.0",
                      "safetensors==0.6.2", "psutil==7.1.0")),
    Package("openai-whisper==20250625", "whisper", {
        "encoder_decoder_kv_cache": whisper_encoder_decoder_kv_cache,
        "greedy_loop_with_timestamps": whisper_greedy_loop_with_timestamps,
        "beam_search_loop": whisper_beam_search_loop, "log_mel_and_language": whisper_log_mel_and_language},
        roots=("whisper.decoding:DecodingTask._main_loop", "whisper.decoding:detect_language",
               "whisper.audio:log_mel_spectrogram"),
        dependencies=("tiktoken==0.14.0", "numba==0.68.1", "llvmlite==0.50.0", "more-itertools==11.2.1")),
    Package("min-dalle==0.4.11", "min_dalle", {
        "encode_and_sample_tokens": min_dalle_encode_and_sample_tokens,
        "full_prefix_decode": min_dalle_full_prefix_decode},
        roots=("min_dalle.models.dalle_bart_decoder:DalleBartDecoder.sample_tokens",),
        dependencies=("pillow==13.0.0", "emoji==2.16.0")),
    Package("stable-diffusion-pytorch==0.1.0", "stable_diffusion_pytorch", {
        "euler_sampler_with_guidance": sd_euler_sampler_with_guidance,
        "euler_ancestral_sampler": sd_euler_ancestral_sampler, "vae_roundtrip": sd_vae_roundtrip},
        roots=("stable_diffusion_pytorch.util:get_time_embedding",
               *(f"stable_diffusion_pytorch.samplers.{module}:{cls}.{method}"
                 for module, cls in (("k_euler", "KEulerSampler"),
                                     ("k_euler_ancestral", "KEulerAncestralSampler"))
                 for method in ("get_input_scale", "step"))),
        dependencies=("pillow==13.0.0",)),
    Package("score-models==0.5.11", "score_models", {
        "ncsnpp_vesde": score_models_ncsnpp_vesde, "ddpm_vpsde": score_models_ddpm_vpsde,
        "euler_maruyama_sampling": score_models_euler_maruyama_sampling},
        roots=("score_models.base:ScoreModelBase.loss_fn", "score_models.base:ScoreModelBase.sample"),
        dependencies=("torch-ema==0.3",)),
    Package("flow-matching==1.0.10", "flow_matching", {
        "ode_sampling": flow_matching_ode_sampling, "affine_path_loss": flow_matching_affine_path_loss,
        "discrete_path_and_solver": flow_matching_discrete_path_and_solver},
        roots=("flow_matching.solver.ode_solver:ODESolver.sample",
               "flow_matching.solver.discrete_solver:MixtureDiscreteEulerSolver.sample",
               "flow_matching.path.*:*.sample", "flow_matching.path.affine:AffineProbPath.velocity_to_epsilon"),
        dependencies=("torchdiffeq==0.2.5",)),
    Package("reformer-pytorch==1.4.4", "reformer_pytorch", {
        "lsh_lm_training": reformer_lsh_lm_training, "generate_top_k": reformer_generate_top_k,
        "encoder_decoder_masked": reformer_encoder_decoder_masked},
        roots=("reformer_pytorch.generative_tools:TrainingWrapper.generate",),
        dependencies=("einops==0.8.2", "local-attention==1.4.4", "product-key-memory==0.1.10",
                      "axial-positional-embedding==0.3.12")),
)


package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
