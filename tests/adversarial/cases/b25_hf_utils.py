"""A text library's utils file for batch 25: a cache that counts the tokens it has seen in a 0-d buffer (its
`get_seq_length()` answers a tensor), a `shift_tokens_right` helper, and a vocabulary guard that raises when an id is
out of range. The other b25 text cases import it; its example shifts labels and guards them."""
import torch
from torch import nn


class TextConfig:
    vocab_size = 16
    hidden_size = 8
    num_heads = 2
    pad_token_id = 0
    decoder_start_token_id = 2
    eos_token_id = 3


class SeenTokensCache:
    """Keeps keys and values per layer and the number of tokens seen so far, as a tensor on the cache's device."""

    def __init__(self):
        self.keys = []
        self.values = []
        self._seen_tokens = torch.zeros((), dtype=torch.long)

    def update(self, key, value, layer_idx):
        if layer_idx == 0:
            self._seen_tokens = self._seen_tokens + key.shape[-2]
        if len(self.keys) <= layer_idx:
            self.keys.append(key)
            self.values.append(value)
        else:
            self.keys[layer_idx] = torch.cat([self.keys[layer_idx], key], dim=-2)
            self.values[layer_idx] = torch.cat([self.values[layer_idx], value], dim=-2)
        return self.keys[layer_idx], self.values[layer_idx]

    def get_seq_length(self):
        return self._seen_tokens


def shift_tokens_right(input_ids, pad_token_id, decoder_start_token_id):
    shifted = input_ids.new_zeros(input_ids.shape)
    shifted[:, 1:] = input_ids[:, :-1].clone()
    shifted[:, 0] = decoder_start_token_id
    shifted.masked_fill_(shifted == -100, pad_token_id)
    return shifted


def check_ids_in_vocab(input_ids, vocab_size):
    if (input_ids >= vocab_size).any():  # expect: CL101
        raise ValueError("an input id is out of the vocabulary")


class _UtilsDemo(nn.Module):
    def __init__(self, config=TextConfig()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)

    def forward(self, labels):
        ids = shift_tokens_right(labels, self.config.pad_token_id, self.config.decoder_start_token_id)
        check_ids_in_vocab(ids, self.config.vocab_size)
        return self.embed(ids).sum(-1)


def example():
    return _UtilsDemo(), (torch.tensor([[4, 5, -100, 6], [7, -100, -100, 8]]),)
