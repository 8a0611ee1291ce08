"""A decorator on forward validates inputs eagerly but hands straight to forward while dynamo compiles (through
the base file's `is_torchdynamo_compiling()`)."""
import functools

import torch
from torch import nn

from b12_quiet_hf_base import is_torchdynamo_compiling


def validate_inputs(forward):
    @functools.wraps(forward)
    def wrapper(self, input_ids, *args, **kwargs):
        if not is_torchdynamo_compiling():
            if input_ids.max().item() >= self.vocab_size:
                raise ValueError("token id outside the vocabulary")
        return forward(self, input_ids, *args, **kwargs)
    return wrapper


class Embedding(nn.Module):
    def __init__(self, vocab_size=16, dim=8):
        super().__init__()
        self.vocab_size = vocab_size
        self.weight = nn.Embedding(vocab_size, dim)

    @validate_inputs
    def forward(self, input_ids):
        return self.weight(input_ids) * self.weight.embedding_dim ** 0.5


def example():
    return Embedding(), (torch.tensor([[1, 2, 3]]),)
