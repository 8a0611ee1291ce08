"""Attention picked from a registry by the config's implementation name: the sdpa entry drops an all-ones mask
with a data-dependent test before calling the fused kernel."""
import torch
from torch import nn
from torch.nn import functional as F

from b12_quiet_hf_base import Config


def eager_attention_forward(module, query, key, value, attention_mask, scaling):
    weights = torch.matmul(query, key.transpose(-1, -2)) * scaling
    if attention_mask is not None:
        weights = weights + attention_mask
    return torch.matmul(weights.softmax(-1), value)


def sdpa_attention_forward(module, query, key, value, attention_mask, scaling):
    if attention_mask is not None and torch.all(attention_mask == 0):  # expect: CL101
        attention_mask = None
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, scale=scaling)


ALL_ATTENTION_FUNCTIONS = {"eager": eager_attention_forward, "sdpa": sdpa_attention_forward}


class SelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.scaling = config.hidden_size ** -0.5

    def forward(self, hidden_states, attention_mask=None):
        q, k, v = self.qkv(hidden_states).chunk(3, dim=-1)
        attention_interface = eager_attention_forward
        if self.config._attn_implementation != "eager":
            attention_interface = ALL_ATTENTION_FUNCTIONS[self.config._attn_implementation]
        return attention_interface(self, q, k, v, attention_mask, self.scaling)


def example():
    model = SelfAttention(Config(_attn_implementation="sdpa"))
    return model, (torch.randn(1, 4, 8), torch.zeros(1, 4, 4))
