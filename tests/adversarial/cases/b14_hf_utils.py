"""A text library's utils file: the config, a logger, `apply_chunking_to_forward`, an output getter made with
`operator.itemgetter` (used by another case), stopping criteria whose `__call__` returns a tensor, a cache whose length is a Python
list's, and an input check that compares token ids with the vocabulary size (a value test). The other b14
text cases import it."""
import logging
import operator

import torch
from torch import nn

logger = logging.getLogger(__name__)
first_output = operator.itemgetter(0)


class Config:
    hidden_size = 8
    vocab_size = 16
    pad_token_id = 0
    eos_token_id = 2
    chunk_size_feed_forward = 2
    attention_scale = None
    skip_layers = (1,)


def apply_chunking_to_forward(forward_fn, chunk_size, chunk_dim, *input_tensors):
    if chunk_size > 0:
        num_chunks = input_tensors[0].shape[chunk_dim] // chunk_size
        chunks = zip(*(t.chunk(num_chunks, dim=chunk_dim) for t in input_tensors))
        return torch.cat([forward_fn(*c) for c in chunks], dim=chunk_dim)
    return forward_fn(*input_tensors)


def check_vocab_range(input_ids, vocab_size):
    if input_ids.max() >= vocab_size:  # expect: CL101
        raise IndexError(f"token id out of range for a vocabulary of {vocab_size}")


class StoppingCriteria:
    def __call__(self, input_ids, scores):
        raise NotImplementedError


class EosCriteria(StoppingCriteria):
    def __init__(self, eos_token_id):
        self.eos_token_id = eos_token_id

    def __call__(self, input_ids, scores):
        return input_ids[:, -1] == self.eos_token_id


class MaxScoreCriteria(StoppingCriteria):
    def __call__(self, input_ids, scores):
        return scores.max(-1).values > 10.0


class DynamicCache:
    def __init__(self):
        self.key_cache, self.value_cache = [], []

    def __len__(self):
        return len(self.key_cache)

    def update(self, key, value, layer_idx):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key)
            self.value_cache.append(value)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key], dim=-2)
            self.value_cache[layer_idx] = torch.cat([self.value_cache[layer_idx], value], dim=-2)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]


class _Embed(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)

    def forward(self, input_ids):
        check_vocab_range(input_ids, self.config.vocab_size)
        return self.embed(input_ids)


def example():
    return _Embed(), (torch.tensor([[3, 4, 5]]),)
