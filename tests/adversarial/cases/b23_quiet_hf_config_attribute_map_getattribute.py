"""A pretrained config maps legacy attribute names onto canonical ones in `__getattribute__` (an `attribute_map`
class dict), so `config.n_embd` and `config.hidden_size` are the same value; the block reads it in forward."""
import torch
from torch import nn


class PretrainedConfigStub:
    attribute_map = {}

    def __setattr__(self, key, value):
        if key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        super().__setattr__(key, value)

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)


class GPT2ConfigStub(PretrainedConfigStub):
    attribute_map = {"hidden_size": "n_embd", "num_attention_heads": "n_head"}

    def __init__(self, n_embd=8, n_head=2, scale_attn_weights=True):
        self.n_embd = n_embd
        self.n_head = n_head
        self.scale_attn_weights = scale_attn_weights


class GPT2AttentionStub(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd)

    def forward(self, hidden_states):
        q, k, v = self.c_attn(hidden_states).split(self.config.hidden_size, dim=2)
        head_dim = self.config.hidden_size // self.config.num_attention_heads
        w = q @ k.transpose(-1, -2)
        if self.config.scale_attn_weights:
            w = w / head_dim ** 0.5
        return w.softmax(-1) @ v


def example():
    return GPT2AttentionStub(GPT2ConfigStub()), (torch.randn(2, 3, 8),)
