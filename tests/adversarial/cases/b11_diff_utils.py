"""A diffusion library's utils module: `deprecate` (warns once the removal version is named), `randn_tensor`
that handles one generator, a list of them or none, and an attention processor base that routes the
deprecated `scale` argument through `deprecate`. The other b11 diff-style cases import it."""
import inspect
import warnings
from typing import List, Optional, Tuple, Union

import torch
from torch import nn


def deprecate(*args, take_from: Optional[dict] = None, standard_warn: bool = True, stacklevel: int = 2):
    values = ()
    if not isinstance(args[0], tuple):
        args = (args,)
    for attribute, version_name, message in args:
        if take_from is not None and attribute in take_from:
            values += (take_from.pop(attribute),)
            warning = f"The `{attribute}` argument is deprecated and will be removed in version {version_name}."
        else:
            warning = f"`{attribute}` is deprecated and will be removed in version {version_name}."
        if standard_warn:
            warning = warning + " " + message
        warnings.warn(warning, FutureWarning, stacklevel=stacklevel)  # expect: CL131
    if len(values) == 0:
        return None
    return values[0] if len(values) == 1 else values


def randn_tensor(shape: Union[Tuple, List], generator: Optional[Union[List[torch.Generator], torch.Generator]] = None,
                 device: Optional[torch.device] = None, dtype: Optional[torch.dtype] = None):
    batch_size = shape[0]
    if isinstance(generator, list) and len(generator) == 1:
        generator = generator[0]
    if isinstance(generator, list):
        shape = (1,) + tuple(shape[1:])
        latents = [torch.randn(shape, generator=generator[i], device=device, dtype=dtype) for i in range(batch_size)]
        return torch.cat(latents, dim=0)
    return torch.randn(shape, generator=generator, device=device, dtype=dtype)


class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None, *args, **kwargs):
        if len(args) > 0 or kwargs.get("scale", None) is not None:
            deprecate("scale", "1.0.0", "The `scale` argument is ignored; pass it via `cross_attention_kwargs`.")
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        query, key, value = attn.to_q(hidden_states), attn.to_k(context), attn.to_v(context)
        weights = (query @ key.transpose(-1, -2) * attn.scale).softmax(dim=-1)
        return attn.to_out(weights @ value)


class Attention(nn.Module):
    def __init__(self, dim: int = 8, processor=None):
        super().__init__()
        self.scale = dim ** -0.5
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.processor = processor if processor is not None else AttnProcessor()

    def forward(self, hidden_states, encoder_hidden_states=None, attention_mask=None, **cross_attention_kwargs):
        accepted = set(inspect.signature(self.processor.__call__).parameters.keys())
        cross_attention_kwargs = {k: w for k, w in cross_attention_kwargs.items() if k in accepted or k == "scale"}
        return self.processor(self, hidden_states, encoder_hidden_states, attention_mask, **cross_attention_kwargs)


class _ScaledBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        noise = randn_tensor(x.shape, dtype=x.dtype)
        return self.attn(x + 0.1 * noise, scale=0.5)


def example():
    return _ScaledBlock(), (torch.randn(2, 4, 8),)
