"""An attention processor chosen at init by a feature test (`hasattr(F, "scaled_dot_product_attention")`):
it reshapes 4-d inputs by `ndim`, prepares the mask with `repeat_interleave(heads, dim=0)` (an int count)
and pads the mask when its length does not match the target (a shape comparison)."""
import torch
import torch.nn.functional as F
from torch import nn


class AttnProcessor2_0:
    def __call__(self, attn, hidden_states, attention_mask=None):
        residual = hidden_states
        input_ndim = hidden_states.ndim
        if input_ndim == 4:
            batch, channel, height, width = hidden_states.shape
            hidden_states = hidden_states.view(batch, channel, height * width).transpose(1, 2)
        batch, seq, _ = hidden_states.shape
        if attention_mask is not None:
            attention_mask = attn.prepare_attention_mask(attention_mask, seq, batch)
            attention_mask = attention_mask.view(batch, attn.heads, -1, attention_mask.shape[-1])
        q = attn.to_q(hidden_states).view(batch, -1, attn.heads, attn.head_dim).transpose(1, 2)
        k = attn.to_k(hidden_states).view(batch, -1, attn.heads, attn.head_dim).transpose(1, 2)
        out = F.scaled_dot_product_attention(q, k, k, attn_mask=attention_mask)
        out = attn.to_out(out.transpose(1, 2).reshape(batch, -1, attn.heads * attn.head_dim))
        if input_ndim == 4:
            out = out.transpose(-1, -2).reshape(batch, channel, height, width)
        if attn.residual_connection:
            out = out + residual
        return out


class Attention(nn.Module):
    def __init__(self, dim=4, heads=2, residual_connection=True):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.residual_connection = residual_connection
        self.to_q, self.to_k, self.to_out = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.processor = AttnProcessor2_0() if hasattr(F, "scaled_dot_product_attention") else None

    def prepare_attention_mask(self, attention_mask, target_length, batch_size):
        current_length = attention_mask.shape[-1]
        if current_length != target_length:
            attention_mask = F.pad(attention_mask, (0, target_length - current_length), value=0.0)
        if attention_mask.shape[0] < batch_size * self.heads:
            attention_mask = attention_mask.repeat_interleave(self.heads, dim=0)
        return attention_mask.unsqueeze(1)

    def forward(self, hidden_states, attention_mask=None):
        return self.processor(self, hidden_states, attention_mask)


def example():
    return Attention(), (torch.randn(1, 4, 2, 2), torch.zeros(1, 3))
