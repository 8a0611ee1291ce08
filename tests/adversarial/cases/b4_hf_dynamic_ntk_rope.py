"""Dynamic NTK rope: the cached length is grown when `torch.max(position_ids) + 1` exceeds it (a tensor
compared with an int attribute), then reset when it falls back; the rope_type dispatch is plain strings."""
import torch
from torch import nn


def default_rope_parameters(dim, base, device=None):
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float().to(device) / dim)), 1.0


def dynamic_rope_parameters(dim, base, factor, max_pos, seq_len=None, device=None):
    if seq_len is None:
        seq_len = max_pos
    elif isinstance(seq_len, torch.Tensor):
        seq_len = torch.maximum(seq_len, torch.tensor(max_pos, dtype=seq_len.dtype, device=seq_len.device))
    else:
        seq_len = max(seq_len, max_pos)
    base = base * ((factor * seq_len / max_pos) - (factor - 1)) ** (dim / (dim - 2))
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float().to(device) / dim)), 1.0


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=8, base=10000.0, max_pos=4, rope_type="dynamic", factor=2.0):
        super().__init__()
        self.dim, self.base, self.factor = dim, base, factor
        self.rope_type = rope_type
        self.max_seq_len_cached = max_pos
        self.original_max_seq_len = max_pos
        inv_freq, self.attention_scaling = default_rope_parameters(dim, base)
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.original_inv_freq = self.inv_freq

    def _dynamic_frequency_update(self, position_ids, device):
        seq_len = torch.max(position_ids) + 1
        if seq_len > self.max_seq_len_cached:  # expect: CL101
            inv_freq, self.attention_scaling = dynamic_rope_parameters(
                self.dim, self.base, self.factor, self.original_max_seq_len, seq_len=seq_len, device=device)
            self.register_buffer("inv_freq", inv_freq, persistent=False)
            self.max_seq_len_cached = seq_len
        if seq_len < self.original_max_seq_len and self.max_seq_len_cached > self.original_max_seq_len:  # expect: CL101
            self.original_inv_freq = self.original_inv_freq.to(device)
            self.register_buffer("inv_freq", self.original_inv_freq, persistent=False)
            self.max_seq_len_cached = self.original_max_seq_len

    def forward(self, x, position_ids):
        if "dynamic" in self.rope_type:
            self._dynamic_frequency_update(position_ids, device=x.device)
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        device_type = x.device.type if isinstance(x.device.type, str) and x.device.type != "mps" else "cpu"
        with torch.autocast(device_type=device_type, enabled=False):
            freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos = emb.cos() * self.attention_scaling
            sin = emb.sin() * self.attention_scaling
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


def example():
    return RotaryEmbedding(), (torch.randn(1, 6, 8), torch.arange(6)[None])
