"""Legacy cache handling: `past_key_values is None` builds a tuple of Nones, `past_key_values[0][0].shape[2]`
gives the past length, and each layer returns its present pair (all tuples and shapes)."""
import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)

    def forward(self, x, layer_past=None, use_cache=True):
        key, value = self.k(x), self.v(x)
        if layer_past is not None:
            key = torch.cat((layer_past[0], key), dim=-2)
            value = torch.cat((layer_past[1], value), dim=-2)
        present = (key, value) if use_cache else None
        attn = (x @ key.transpose(-1, -2)).softmax(-1) @ value
        return attn, present


class Model(nn.Module):
    def __init__(self, dim=8, n_layer=2):
        super().__init__()
        self.h = nn.ModuleList(Layer(dim) for _ in range(n_layer))
        self.wpe = nn.Embedding(16, dim)

    def forward(self, hidden_states, past_key_values=None, use_cache=True):
        if past_key_values is None:
            past_length = 0
            past_key_values = tuple([None] * len(self.h))
        else:
            past_length = past_key_values[0][0].shape[-2]
        position_ids = torch.arange(past_length, hidden_states.shape[1] + past_length).unsqueeze(0)
        hidden_states = hidden_states + self.wpe(position_ids)
        presents = () if use_cache else None
        for block, layer_past in zip(self.h, past_key_values):
            hidden_states, present = block(hidden_states, layer_past, use_cache)
            if use_cache:
                presents = presents + (present,)
        return hidden_states, presents


def example():
    return Model(), (torch.randn(2, 3, 8),)
