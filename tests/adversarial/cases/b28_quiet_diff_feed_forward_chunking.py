"""A transformer block feeds its norm output through the feed-forward in chunks along the sequence when
`set_chunk_feed_forward` was called: the divisibility check and the chunk count read the shape (compiles)."""
import torch
from torch import nn


def _chunked_feed_forward(ff, hidden_states, chunk_dim, chunk_size):
    if hidden_states.shape[chunk_dim] % chunk_size != 0:
        raise ValueError(f"`hidden_states` dimension {hidden_states.shape[chunk_dim]} is not divisible by {chunk_size}.")
    num_chunks = hidden_states.shape[chunk_dim] // chunk_size
    return torch.cat([ff(hid_slice) for hid_slice in hidden_states.chunk(num_chunks, dim=chunk_dim)], dim=chunk_dim)


class BasicTransformerBlock(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.norm3 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))
        self._chunk_size = None
        self._chunk_dim = 0

    def set_chunk_feed_forward(self, chunk_size, dim=0):
        self._chunk_size = chunk_size
        self._chunk_dim = dim

    def forward(self, hidden_states):
        norm_hidden_states = self.norm3(hidden_states)
        if self._chunk_size is not None:
            ff_output = _chunked_feed_forward(self.ff, norm_hidden_states, self._chunk_dim, self._chunk_size)
        else:
            ff_output = self.ff(norm_hidden_states)
        return ff_output + hidden_states


def example():
    block = BasicTransformerBlock()
    block.set_chunk_feed_forward(2, dim=1)
    return block, (torch.randn(1, 6, 4),)
