"""The classic attention processor with upcast flags: scores computed with `baddbmm` (beta 0 without a
mask), query/key upcast to float when configured, softmax cast back, fp16 clipping guarded by a dtype test,
and an attention mask repeated per head with an int count."""
import torch
import torch.nn.functional as F
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2, upcast_attention=True, upcast_softmax=True):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.upcast_attention, self.upcast_softmax = upcast_attention, upcast_softmax
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.ModuleList([nn.Linear(dim, dim), nn.Dropout(0.0)])

    def head_to_batch_dim(self, tensor):
        b, n, d = tensor.shape
        return tensor.reshape(b, n, self.heads, d // self.heads).permute(0, 2, 1, 3).reshape(b * self.heads, n, -1)

    def batch_to_head_dim(self, tensor):
        bh, n, d = tensor.shape
        return tensor.reshape(bh // self.heads, self.heads, n, d).permute(0, 2, 1, 3).reshape(bh // self.heads, n, -1)

    def prepare_attention_mask(self, attention_mask, target_length, batch_size, out_dim=3):
        if attention_mask is None:
            return attention_mask
        current_length = attention_mask.shape[-1]
        if current_length != target_length:
            attention_mask = F.pad(attention_mask, (0, target_length - current_length), value=0.0)
        if out_dim == 3:
            if attention_mask.shape[0] < batch_size * self.heads:
                attention_mask = attention_mask.repeat_interleave(self.heads, dim=0)
        return attention_mask

    def get_attention_scores(self, query, key, attention_mask=None):
        dtype = query.dtype
        if self.upcast_attention:
            query, key = query.float(), key.float()
        if attention_mask is None:
            baddbmm_input = torch.empty(query.shape[0], query.shape[1], key.shape[1], dtype=query.dtype)
            beta = 0
        else:
            baddbmm_input, beta = attention_mask, 1
        scores = torch.baddbmm(baddbmm_input, query, key.transpose(-1, -2), beta=beta, alpha=self.scale)
        if self.upcast_softmax:
            scores = scores.float()
        return scores.softmax(dim=-1).to(dtype)


class AttnProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        batch_size, sequence_length, _ = hidden_states.shape
        attention_mask = attn.prepare_attention_mask(attention_mask, sequence_length, batch_size)
        query = attn.head_to_batch_dim(attn.to_q(hidden_states))
        key = attn.head_to_batch_dim(attn.to_k(hidden_states))
        value = attn.head_to_batch_dim(attn.to_v(hidden_states))
        probs = attn.get_attention_scores(query, key, attention_mask)
        hidden_states = attn.batch_to_head_dim(torch.bmm(probs, value))
        hidden_states = attn.to_out[1](attn.to_out[0](hidden_states))
        if hidden_states.dtype == torch.float16:
            hidden_states = hidden_states.clip(-65504, 65504)
        return hidden_states


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()
        self.processor = AttnProcessor()

    def forward(self, x, mask):
        return self.processor(self.attn, x, attention_mask=mask[:, None, :]) + self.processor(self.attn, x)


def example():
    return Block(), (torch.randn(2, 5, 8), torch.zeros(2, 4))
