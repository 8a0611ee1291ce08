"""The same decoder reads the past length off the cached keys' shape (a Python int) instead of the seen-token
counter, and sizes its causal mask with it."""
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
        past_len = past_key_values.keys[0].shape[-2] if past_key_values.keys else 0
        mask = torch.full((q_len, q_len + past_len), float("-inf"))
        mask = torch.triu(mask, diagonal=1 + past_len)
        return self.proj(hidden), mask


def example():
    cache = SeenTokensCache()
    cache.update(torch.randn(1, 2, 3, 4), torch.randn(1, 2, 3, 4), 0)
    return TinyDecoder(), (torch.tensor([[4, 5]]), cache)
