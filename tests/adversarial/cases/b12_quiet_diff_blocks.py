"""A diffusion library's building blocks in their own file: a `register_to_config` decorator on __init__ and a
`from_config` loader, an `apply_forward_hook` decorator that defers to an offload hook when one is attached, a
`maybe_allow_in_graph` class marker, a sinusoidal timestep embedding, and an `Attention` module that hands every
call to a swappable processor object. The other b12 diffusion-style cases import it."""
import functools
import inspect
import math
import warnings

import torch
from torch import nn

ALLOWED_IN_GRAPH = set()


def maybe_allow_in_graph(cls):
    ALLOWED_IN_GRAPH.add(cls.__name__)
    return cls


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        signature = inspect.signature(init)
        unknown = [k for k in kwargs if k not in signature.parameters]
        if unknown:
            warnings.warn(f"unknown config keys {unknown}")
            kwargs = {k: v for k, v in kwargs.items() if k not in unknown}
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        init(self, *args, **kwargs)
        self._internal_dict = {k: v for k, v in bound.arguments.items() if k != "self"}
    return inner


def apply_forward_hook(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        if hasattr(self, "_hf_hook") and hasattr(self._hf_hook, "pre_forward"):
            self._hf_hook.pre_forward(self)
        return method(self, *args, **kwargs)
    return wrapper


class ModelMixin(nn.Module):
    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **overrides):
        merged = {**config, **overrides}
        print(f"building {cls.__name__} from {sorted(merged)}")
        return cls(**merged)


def get_timestep_embedding(timesteps, embedding_dim, flip_sin_to_cos=False, max_period=10000):
    assert len(timesteps.shape) == 1, "Timesteps should be a 1d-array"
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(half_dim, dtype=torch.float32, device=timesteps.device)
    emb = timesteps[:, None].float() * torch.exp(exponent / half_dim)[None, :]
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
    return emb


class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None):
        batch, length, _ = hidden_states.shape
        if encoder_hidden_states is None:
            encoder_hidden_states = hidden_states
        query = attn.to_q(hidden_states)
        key, value = attn.to_k(encoder_hidden_states), attn.to_v(encoder_hidden_states)
        scores = query @ key.transpose(-1, -2) * attn.scale
        if attention_mask is not None:
            scores = scores + attention_mask
        out = attn.to_out(scores.softmax(-1) @ value)
        if attn.residual_connection:
            out = out + hidden_states
        return out / attn.rescale_output_factor


@maybe_allow_in_graph
class Attention(nn.Module):
    def __init__(self, query_dim, heads=1, residual_connection=False, rescale_output_factor=1.0, processor=None):
        super().__init__()
        self.scale = (query_dim // heads) ** -0.5
        self.residual_connection = residual_connection
        self.rescale_output_factor = rescale_output_factor
        self.to_q, self.to_k, self.to_v = (nn.Linear(query_dim, query_dim) for _ in range(3))
        self.to_out = nn.Linear(query_dim, query_dim)
        self.set_processor(processor if processor is not None else AttnProcessor())

    def set_processor(self, processor):
        self.processor = processor

    def forward(self, hidden_states, encoder_hidden_states=None, attention_mask=None):
        return self.processor(self, hidden_states, encoder_hidden_states=encoder_hidden_states,
                              attention_mask=attention_mask)


class _Probe(ModelMixin):
    @register_to_config
    def __init__(self, dim=8, flip_sin_to_cos=True):
        super().__init__()
        self.attn = Attention(dim, residual_connection=True)

    def forward(self, x, timesteps):
        emb = get_timestep_embedding(timesteps, x.shape[-1], flip_sin_to_cos=self.config["flip_sin_to_cos"])
        return self.attn(x + emb[:, None, :])


def example():
    return _Probe.from_config({"dim": 8}), (torch.randn(2, 3, 8), torch.tensor([1, 500]))
