"""sdpa attention: `is_causal` chosen from shapes and the mask, the torch.jit.is_tracing() tensor guard."""
import torch
from torch import nn
import torch.nn.functional as F


def repeat_kv(hidden_states, n_rep: int):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


def sdpa_attention_forward(module, query, key, value, attention_mask, dropout=0.0, scaling=None, is_causal=None,
                           **kwargs):
    if hasattr(module, "num_key_value_groups"):
        key = repeat_kv(key, module.num_key_value_groups)
        value = repeat_kv(value, module.num_key_value_groups)
    causal_mask = attention_mask
    if attention_mask is not None and causal_mask.ndim == 4:
        causal_mask = causal_mask[:, :, :, : key.shape[-2]]
    query = query.contiguous()
    key = key.contiguous()
    value = value.contiguous()
    if is_causal is None:
        is_causal = query.shape[2] > 1 and causal_mask is None and getattr(module, "is_causal", True)
    if torch.jit.is_tracing() and isinstance(is_causal, torch.Tensor):
        is_causal = is_causal.item()
    attn_output = F.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout,
                                                 scale=scaling, is_causal=is_causal)
    return attn_output.transpose(1, 2).contiguous(), None


class Attention(nn.Module):
    def __init__(self, heads=4, kv_heads=2, head_dim=4):
        super().__init__()
        self.num_key_value_groups = heads // kv_heads
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, head_dim
        self.is_causal = True
        self.scaling = head_dim ** -0.5
        self.q_proj = nn.Linear(16, heads * head_dim)
        self.kv_proj = nn.Linear(16, 2 * kv_heads * head_dim)

    def forward(self, hidden_states, attention_mask=None, **kwargs):
        bsz, q_len, _ = hidden_states.size()
        query = self.q_proj(hidden_states).view(bsz, q_len, self.heads, self.head_dim).transpose(1, 2)
        key, value = self.kv_proj(hidden_states).view(bsz, q_len, 2 * self.kv_heads, self.head_dim).transpose(1, 2).chunk(2, dim=1)
        out, weights = sdpa_attention_forward(self, query, key, value, attention_mask, dropout=0.0 if not self.training else 0.1,
                                              scaling=self.scaling, **kwargs)
        return out.reshape(bsz, q_len, -1)


def example():
    return Attention().eval(), (torch.randn(2, 5, 16),)
