"""The same processor pins the math kernel with the current `torch.nn.attention.sdpa_kernel(SDPBackend.MATH)`."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.attention import SDPBackend, sdpa_kernel


class MathAttnProcessor(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.to_qkv = nn.Linear(dim, 3 * dim)
        self.heads = heads

    def forward(self, hidden_states):
        b, n, d = hidden_states.shape
        q, k, v = self.to_qkv(hidden_states).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        with sdpa_kernel(SDPBackend.MATH):
            out = F.scaled_dot_product_attention(q, k, v)
        return out.transpose(1, 2).reshape(b, n, d)


def example():
    return MathAttnProcessor(), (torch.randn(1, 3, 8),)
