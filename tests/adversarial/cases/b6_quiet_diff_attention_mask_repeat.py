"""Attention-processor mask preparation: a mask shorter than the target is padded (length test on shapes),
then repeated per head with `repeat_interleave(head_size, dim=0)`, an int repeat count whose output shape is
static. The processor is picked at init from a dict keyed by a config string."""
import torch
import torch.nn.functional as F
from torch import nn


class AttnProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        batch_size, sequence_length, _ = hidden_states.shape
        attention_mask = attn.prepare_attention_mask(attention_mask, sequence_length, batch_size)
        query, key, value = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        query, key, value = (attn.head_to_batch_dim(t) for t in (query, key, value))
        scores = torch.baddbmm(attention_mask, query, key.transpose(-1, -2), beta=1, alpha=attn.scale)
        return attn.batch_to_head_dim(scores.softmax(-1) @ value)


PROCESSORS = {"default": AttnProcessor}


class Attention(nn.Module):
    def __init__(self, dim=4, heads=2, processor="default"):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.processor = PROCESSORS[processor]()

    def head_to_batch_dim(self, tensor):
        b, s, d = tensor.shape
        return tensor.reshape(b, s, self.heads, d // self.heads).permute(0, 2, 1, 3).reshape(b * self.heads, s, -1)

    def batch_to_head_dim(self, tensor):
        bh, s, d = tensor.shape
        return tensor.reshape(bh // self.heads, self.heads, s, d).permute(0, 2, 1, 3).reshape(-1, s, d * self.heads)

    def prepare_attention_mask(self, attention_mask, target_length, batch_size):
        head_size = self.heads
        current_length = attention_mask.shape[-1]
        if current_length != target_length:
            attention_mask = F.pad(attention_mask, (0, target_length - current_length), value=0.0)
        if attention_mask.shape[0] < batch_size * head_size:
            attention_mask = attention_mask.repeat_interleave(head_size, dim=0)
        return attention_mask.unsqueeze(1).expand(-1, target_length, -1)

    def forward(self, hidden_states, attention_mask=None):
        return self.processor(self, hidden_states, attention_mask)


def example():
    return Attention(), (torch.randn(2, 3, 4), torch.zeros(2, 2))
