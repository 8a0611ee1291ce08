"""Guards around tracing and compiling: a check skipped under torch.jit.is_tracing() still runs under dynamo
(is_tracing() is False there), a warning taken only while tracing never runs, and a module-level helper that
returns torch.compiler.is_compiling() settles its branch."""
import warnings

import torch
from torch import nn


def is_torchdynamo_compiling():
    return torch.compiler.is_compiling()


class Embeddings(nn.Module):
    def __init__(self, vocab=10, dim=8, padding_idx=1):
        super().__init__()
        self.word = nn.Embedding(vocab, dim, padding_idx=padding_idx)
        self.padding_idx = padding_idx

    def forward(self, input_ids):
        if not torch.jit.is_tracing() and (input_ids >= self.word.num_embeddings).any():  # expect: CL101
            raise ValueError("input id out of range")
        if torch.jit.is_tracing():
            warnings.warn("tracing: padding mask is not checked", UserWarning)
        if not is_torchdynamo_compiling() and (input_ids == self.padding_idx).all():
            warnings.warn("all tokens are padding")
        mask = input_ids.ne(self.padding_idx).int()
        incremental = torch.cumsum(mask, dim=1).type_as(mask) * mask
        return self.word(input_ids), incremental.long() + self.padding_idx


def example():
    return Embeddings(), (torch.randint(0, 10, (2, 5)),)
