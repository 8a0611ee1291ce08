"""A diffusion library's utils file for batch 17: the config, an attention-backend registry filled by a
decorator (the native backend drops an all-true boolean mask after asking Python whether it is all true), and a
first-block cache state object that decides from a relative L1 distance whether to recompute. The other b17
diffusion cases import it."""
import torch
import torch.nn.functional as F
from torch import nn


class Config:
    in_channels = 4
    hidden_size = 8
    num_train_timesteps = 1000
    scaling_factor = 0.18215
    shift_factor = 0.1159
    prediction_type = "epsilon"
    boundary_ratio = 0.875


_ATTENTION_BACKENDS = {}


def register_backend(name):
    def wrap(fn):
        _ATTENTION_BACKENDS[name] = fn
        return fn
    return wrap


@register_backend("native")
def _native_attention(query, key, value, attn_mask=None):
    if attn_mask is not None and attn_mask.dtype == torch.bool and attn_mask.all():  # known-miss: CL101
        attn_mask = None
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attn_mask)


@register_backend("math")
def _math_attention(query, key, value, attn_mask=None):
    scores = query @ key.transpose(-1, -2) / query.shape[-1] ** 0.5
    if attn_mask is not None:
        scores = scores.masked_fill(~attn_mask, float("-inf"))
    return scores.softmax(-1) @ value


def dispatch_attention(query, key, value, attn_mask=None, backend="native"):
    return _ATTENTION_BACKENDS[backend](query, key, value, attn_mask)


class FirstBlockCacheState:
    def __init__(self, threshold=0.05):
        self.threshold = threshold
        self.prev_residual = None
        self.cached = None

    def should_compute(self, residual):
        if self.prev_residual is None:
            return True
        diff = (residual - self.prev_residual).abs().mean() / self.prev_residual.abs().mean()
        return diff > self.threshold  # a 0-d tensor: the caller decides


class _Attn(nn.Module):
    def forward(self, q, k, v, mask):
        return dispatch_attention(q, k, v, mask)


def example():
    q = torch.randn(1, 2, 3, 4)
    return _Attn(), (q, torch.randn(1, 2, 3, 4), torch.randn(1, 2, 3, 4), torch.ones(3, 3, dtype=torch.bool))
