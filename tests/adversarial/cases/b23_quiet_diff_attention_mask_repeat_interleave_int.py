"""A diffusers-style `Attention.prepare_attention_mask`: the mask is padded to the target length when its last
dimension differs, then repeated per head with `repeat_interleave(head_size, dim=0)`, a Python count."""
import torch
import torch.nn.functional as F
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)

    def prepare_attention_mask(self, attention_mask, target_length, batch_size, out_dim=3):
        head_size = self.heads
        if attention_mask is None:
            return attention_mask
        current_length = attention_mask.shape[-1]
        if current_length != target_length:
            attention_mask = F.pad(attention_mask, (0, target_length - current_length), value=0.0)
        if out_dim == 3:
            if attention_mask.shape[0] < batch_size * head_size:
                attention_mask = attention_mask.repeat_interleave(head_size, dim=0)
        elif out_dim == 4:
            attention_mask = attention_mask.unsqueeze(1)
            attention_mask = attention_mask.repeat_interleave(head_size, dim=1)
        return attention_mask

    def forward(self, hidden_states, encoder_hidden_states, attention_mask):
        b, n, d = hidden_states.shape
        mask = self.prepare_attention_mask(attention_mask, encoder_hidden_states.shape[1], b)
        q = self.to_q(hidden_states).view(b, n, self.heads, -1).transpose(1, 2).reshape(b * self.heads, n, -1)
        k = self.to_k(encoder_hidden_states).view(b, -1, self.heads, d // self.heads).transpose(1, 2).reshape(b * self.heads, -1, d // self.heads)
        scores = torch.baddbmm(mask[:, None, :].expand(-1, n, -1), q, k.transpose(-1, -2), beta=1, alpha=0.5)
        return scores.softmax(-1)


def example():
    return Attention(), (torch.randn(2, 3, 8), torch.randn(2, 5, 8), torch.zeros(2, 4))
