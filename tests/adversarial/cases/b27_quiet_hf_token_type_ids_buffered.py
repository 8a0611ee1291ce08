"""BERT-style embeddings: when no token_type_ids are given, a registered all-zeros buffer is sliced to the sequence
length and expanded (a shape slice of a buffer)."""
import torch
from torch import nn


class Embeddings(nn.Module):
    def __init__(self, vocab=10, dim=4, max_len=8):
        super().__init__()
        self.word = nn.Embedding(vocab, dim)
        self.token_type = nn.Embedding(2, dim)
        self.register_buffer("token_type_ids", torch.zeros((1, max_len), dtype=torch.long), persistent=False)

    def forward(self, input_ids, token_type_ids=None):
        batch, seq_length = input_ids.shape
        if token_type_ids is None:
            buffered = self.token_type_ids[:, :seq_length]
            token_type_ids = buffered.expand(batch, seq_length)
        return self.word(input_ids) + self.token_type(token_type_ids)


def example():
    return Embeddings(), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
