"""A decoder builds its causal mask for the new tokens against everything the cache has seen: the past length comes
from the utils file's cache, whose `get_seq_length()` answers a 0-d tensor, and sizes a `torch.full`."""
import torch
from torch import nn

from b25_hf_utils import SeenTokensCache, TextConfig


class TinyDecoder(nn.Module):
    def __init__(self, config=TextConfig()):
        super().__init__()
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, input_ids, past_key_values):
        hidden = self.embed(input_ids)
        q_len = input_ids.shape[1]
        past_len = past_key_values.get_seq_length()
        mask = torch.full((q_len, q_len + past_len), float("-inf"))  # known-miss: CL124
        mask = torch.triu(mask, diagonal=1 + past_len)  # known-miss: CL124
        return self.proj(hidden), mask


def example():
    cache = SeenTokensCache()
    cache.update(torch.randn(1, 2, 3, 4), torch.randn(1, 2, 3, 4), 0)
    return TinyDecoder(), (torch.tensor([[4, 5]]), cache)
