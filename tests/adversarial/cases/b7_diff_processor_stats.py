"""An attention module with swappable processors (`set_processor`); the processor installed here records the
peak attention probability of every call in a Python list (`.item()`) for later inspection."""
import torch
from torch import nn


class AttnProcessor:
    def __call__(self, attn, hidden_states):
        query, key, value = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        probs = attn.get_attention_scores(query, key)
        return attn.to_out(torch.bmm(probs, value))


class AttnProcessorWithStats(AttnProcessor):
    def __init__(self):
        self.peaks = []

    def __call__(self, attn, hidden_states):
        query, key, value = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        probs = attn.get_attention_scores(query, key)
        self.peaks.append(probs.max().item())  # expect: CL111, CL203
        return attn.to_out(torch.bmm(probs, value))


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.scale = dim ** -0.5
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.set_processor(AttnProcessor())

    def set_processor(self, processor):
        self.processor = processor

    def get_attention_scores(self, query, key):
        return (torch.bmm(query, key.transpose(-1, -2)) * self.scale).softmax(dim=-1)

    def forward(self, hidden_states):
        return self.processor(self, hidden_states)


def example():
    attn = Attention()
    attn.set_processor(AttnProcessorWithStats())
    return attn, (torch.randn(1, 3, 4),)
