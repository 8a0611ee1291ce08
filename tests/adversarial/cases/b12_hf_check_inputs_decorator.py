"""A decorator wrapping forward validates token ids against the vocabulary; the test reads tensor values, so it
breaks inside the wrapper before forward runs."""
import functools

import torch
from torch import nn

from b12_quiet_hf_base import Config


def check_model_inputs(forward):
    @functools.wraps(forward)
    def wrapper(self, input_ids, *args, **kwargs):
        if (input_ids >= self.config.vocab_size).any():  # expect: CL101
            raise ValueError("token id outside the vocabulary")
        return forward(self, input_ids, *args, **kwargs)
    return wrapper


class Embeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size)
        self.norm = nn.LayerNorm(config.hidden_size)

    @check_model_inputs
    def forward(self, input_ids, position_ids=None):
        embeddings = self.word_embeddings(input_ids)
        if position_ids is not None:
            embeddings = embeddings + position_ids[..., None]
        return self.norm(embeddings)


def example():
    return Embeddings(Config(vocab_size=16)), (torch.tensor([[1, 5, 7]]),)
