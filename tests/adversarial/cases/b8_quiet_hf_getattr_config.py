"""Optional config fields read with `getattr(self.config, name, default)`: a scale that falls back on the head
size, a qk-norm switch, a soft cap applied with tanh when set; all Python values known at trace time."""
import torch
from torch import nn


class Config:
    hidden_size = 8
    num_attention_heads = 2
    attn_logit_softcapping = 30.0


class Attention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.head_dim = config.hidden_size // config.num_attention_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.q_norm = nn.LayerNorm(self.head_dim) if getattr(config, "use_qk_norm", False) else None

    def forward(self, hidden_states):
        bsz, seq, _ = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(bsz, seq, 3, -1, self.head_dim).unbind(2)
        if self.q_norm is not None:
            q = self.q_norm(q)
        scaling = getattr(self.config, "attention_multiplier", None) or self.head_dim ** -0.5
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) * scaling
        softcap = getattr(self.config, "attn_logit_softcapping", None)
        if softcap is not None:
            scores = torch.tanh(scores / softcap) * softcap
        return torch.einsum("bhqk,bkhd->bqhd", scores.softmax(-1), v).reshape(bsz, seq, -1)


def example():
    return Attention(), (torch.randn(2, 3, 8),)
