"""Dynamic NTK rotary embedding behind a decorator: the wrapper calls `_dynamic_frequency_update` when the
rope type is dynamic, and that compares `torch.max(position_ids) + 1` with the cached length."""
import torch
from torch import nn


def dynamic_rope_update(rope_forward):
    def wrapper(self, x, position_ids):
        if "dynamic" in self.rope_type:
            self._dynamic_frequency_update(position_ids, device=x.device)
        return rope_forward(self, x, position_ids)
    return wrapper


def _compute_inv_freq(dim, base, seq_len=None, max_position_embeddings=None, factor=1.0):
    if seq_len is not None:
        base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=8, max_position_embeddings=4, base=10000.0, rope_type="dynamic"):
        super().__init__()
        self.dim, self.base, self.rope_type = dim, base, rope_type
        self.max_seq_len_cached = self.original_max_seq_len = max_position_embeddings
        inv_freq = _compute_inv_freq(dim, base)
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.original_inv_freq = self.inv_freq

    def _dynamic_frequency_update(self, position_ids, device):
        seq_len = torch.max(position_ids) + 1
        if seq_len > self.max_seq_len_cached:  # expect: CL101
            inv_freq = _compute_inv_freq(self.dim, self.base, seq_len, self.original_max_seq_len, factor=2.0)
            self.register_buffer("inv_freq", inv_freq, persistent=False)
            self.max_seq_len_cached = seq_len
        if seq_len < self.original_max_seq_len and self.max_seq_len_cached > self.original_max_seq_len:  # expect: CL101
            self.register_buffer("inv_freq", self.original_inv_freq, persistent=False)
            self.max_seq_len_cached = self.original_max_seq_len

    @torch.no_grad()
    @dynamic_rope_update
    def forward(self, x, position_ids):
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        freqs = (inv_freq_expanded @ position_ids[:, None, :].float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rotary_emb = RotaryEmbedding()
        self.proj = nn.Linear(8, 8)

    def forward(self, hidden_states, position_ids):
        cos, sin = self.rotary_emb(hidden_states, position_ids)
        return self.proj(hidden_states * cos + hidden_states * sin)


def example():
    return Model(), (torch.randn(1, 6, 8), torch.arange(6)[None])
