"""Self-attention that drops the mask when nothing is padded: `attention_mask is not None and
(attention_mask == 0).any()` decides whether the additive mask is built at all."""
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden_states, attention_mask=None):
        bsz, seq, dim = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(bsz, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        additive = None
        if attention_mask is not None and (attention_mask == 0).any():  # expect: CL101
            additive = (1.0 - attention_mask[:, None, None, :].to(q.dtype)) * torch.finfo(q.dtype).min
        out = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=additive)
        return out.transpose(1, 2).reshape(bsz, seq, dim)


def example():
    return SelfAttention(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]))
