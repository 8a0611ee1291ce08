"""An attention processor object called by the attention module; a debug processor prints the attention
map's statistics each call."""
import torch
import torch.nn.functional as F
from torch import nn


class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None):
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        q, k, v = attn.to_q(hidden_states), attn.to_k(context), attn.to_v(context)
        b, n, _ = q.shape
        q, k, v = (t.view(b, -1, attn.heads, attn.head_dim).transpose(1, 2) for t in (q, k, v))
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attention_mask)
        return attn.to_out(out.transpose(1, 2).reshape(b, n, -1))


class DebugAttnProcessor(AttnProcessor):
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None):
        out = super().__call__(attn, hidden_states, encoder_hidden_states, attention_mask)
        print("attn out", out.abs().mean())  # expect: CL131
        return out


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2, processor=None):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.processor = processor if processor is not None else AttnProcessor()

    def set_processor(self, processor):
        self.processor = processor

    def forward(self, hidden_states, encoder_hidden_states=None, attention_mask=None):
        return self.processor(self, hidden_states, encoder_hidden_states, attention_mask)


def example():
    attn = Attention()
    attn.set_processor(DebugAttnProcessor())
    return attn, (torch.randn(2, 3, 8),)
