"""Default rotary embedding and apply_rotary_pos_emb: only shape and dtype logic, nothing data-dependent."""
import torch
from torch import nn


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    q_embed = (q * cos) + (rotate_half(q) * sin)
    k_embed = (k * cos) + (rotate_half(k) * sin)
    return q_embed, k_embed


class LinearScalingRotaryEmbedding(nn.Module):
    def __init__(self, dim=8, max_position_embeddings=16, base=10000, scaling_factor=2.0):
        super().__init__()
        self.scaling_factor = scaling_factor
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.max_seq_len_cached = max_position_embeddings

    def forward(self, x, position_ids):
        position_ids = position_ids.float() / self.scaling_factor
        freqs = torch.einsum("bi,j->bij", position_ids, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.rotary_emb = LinearScalingRotaryEmbedding()

    def forward(self, q, k, position_ids=None):
        if position_ids is None:
            position_ids = torch.arange(q.shape[-2], device=q.device).unsqueeze(0)
        cos, sin = self.rotary_emb(q, position_ids)
        if q.dtype == torch.float16 or q.dtype == torch.bfloat16:
            cos, sin = cos.to(q.dtype), sin.to(q.dtype)
        return apply_rotary_pos_emb(q, k, cos, sin)


def example():
    return Block(), (torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8))
