"""A text library's utils file for batch 21: the config, a decoder-layer base class whose forward is a template
(pre-norm, then a `mix` hook each subclass overrides, then the residual), and an attention-function interface: a
mapping whose `__getitem__` prefers a local registration over the global one, filled through a classmethod. The
other b21 text cases import it; its example runs the template with the base hook and the sdpa entry."""
import torch
import torch.nn.functional as F
from torch import nn


class Config:
    hidden_size = 8
    num_heads = 2
    vocab_size = 16
    pad_token_id = 0
    eos_token_id = 2
    attn_implementation = "sdpa"


class DecoderLayerBase(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.norm = nn.LayerNorm(config.hidden_size)
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def mix(self, hidden, attention_mask):
        return self.proj(hidden) * attention_mask[..., None]

    def forward(self, hidden, attention_mask):
        residual = hidden
        hidden = self.mix(self.norm(hidden), attention_mask)
        return residual + hidden


class AttentionInterface:
    _global_mapping = {}

    def __init__(self):
        self._local_mapping = {}

    @classmethod
    def register(cls, key, fn):
        cls._global_mapping[key] = fn

    def __getitem__(self, key):
        if key in self._local_mapping:
            return self._local_mapping[key]
        return self._global_mapping[key]


def sdpa_attention(query, key, value, attention_mask):
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask.bool()[:, None, None, :])


AttentionInterface.register("sdpa", sdpa_attention)
ALL_ATTENTION_FUNCTIONS = AttentionInterface()


class _UtilsDemo(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.layer = DecoderLayerBase(config)
        self.config = config

    def forward(self, hidden, attention_mask):
        hidden = self.layer(hidden, attention_mask)
        q = hidden.view(2, 3, 2, 4).transpose(1, 2)
        out = ALL_ATTENTION_FUNCTIONS[self.config.attn_implementation](q, q, q, attention_mask)
        return out.transpose(1, 2).reshape(2, 3, 8)


def example():
    return _UtilsDemo(), (torch.randn(2, 3, 8), torch.tensor([[1, 1, 1], [0, 1, 1]]))
