"""An attention processor calls the attention-dispatch function of the utils file, which looks the backend up
in a registry a decorator filled; the native backend drops a boolean mask that lets everything through."""
import torch
from torch import nn

from b17_diff_utils import Config, dispatch_attention


class AttnProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        b, n, _ = hidden_states.shape
        q = attn.to_q(hidden_states).view(b, n, attn.heads, -1).transpose(1, 2)
        k = attn.to_k(hidden_states).view(b, n, attn.heads, -1).transpose(1, 2)
        v = attn.to_v(hidden_states).view(b, n, attn.heads, -1).transpose(1, 2)
        out = dispatch_attention(q, k, v, attn_mask=attention_mask, backend=attn.backend)
        return out.transpose(1, 2).reshape(b, n, -1)


class Attention(nn.Module):
    def __init__(self, config=Config(), heads=2, backend="native"):
        super().__init__()
        self.heads, self.backend = heads, backend
        self.to_q = nn.Linear(config.hidden_size, config.hidden_size)
        self.to_k = nn.Linear(config.hidden_size, config.hidden_size)
        self.to_v = nn.Linear(config.hidden_size, config.hidden_size)
        self.processor = AttnProcessor()

    def forward(self, hidden_states, attention_mask=None):
        return self.processor(self, hidden_states, attention_mask)


def example():
    return Attention(), (torch.randn(1, 3, 8), torch.ones(3, 3, dtype=torch.bool))
