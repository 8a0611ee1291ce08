"""A transformer block's chunked feed-forward: the hidden states are split into `num_chunks` along the sequence
(after a divisibility check on the shape) and the feed-forward module runs on each chunk in a list comprehension."""
import torch
from torch import nn


def _chunked_feed_forward(ff, hidden_states, chunk_dim, chunk_size):
    if hidden_states.shape[chunk_dim] % chunk_size != 0:
        raise ValueError(
            f"`hidden_states` dimension to be chunked: {hidden_states.shape[chunk_dim]} has to be divisible by chunk size: {chunk_size}."
        )
    num_chunks = hidden_states.shape[chunk_dim] // chunk_size
    ff_output = torch.cat([ff(hid_slice) for hid_slice in hidden_states.chunk(num_chunks, dim=chunk_dim)], dim=chunk_dim)
    return ff_output


class FeedForward(nn.Module):
    def __init__(self, dim=8, mult=2):
        super().__init__()
        self.net = nn.ModuleList([nn.Linear(dim, dim * mult), nn.GELU(approximate="tanh"), nn.Linear(dim * mult, dim)])

    def forward(self, hidden_states):
        for module in self.net:
            hidden_states = module(hidden_states)
        return hidden_states


class BasicTransformerBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm3 = nn.LayerNorm(dim)
        self.ff = FeedForward(dim)
        self._chunk_size = 2
        self._chunk_dim = 1

    def forward(self, hidden_states):
        norm_hidden_states = self.norm3(hidden_states)
        if self._chunk_size is not None:
            ff_output = _chunked_feed_forward(self.ff, norm_hidden_states, self._chunk_dim, self._chunk_size)
        else:
            ff_output = self.ff(norm_hidden_states)
        return ff_output + hidden_states


def example():
    return BasicTransformerBlock(), (torch.randn(2, 4, 8),)
