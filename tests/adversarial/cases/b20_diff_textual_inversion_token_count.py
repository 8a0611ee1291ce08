"""A textual-inversion text encoder checks that the prompt holds as many placeholder tokens as the learned
embedding has vectors before it swaps them in."""
import torch
from torch import nn


class TextualInversionEmbeddings(nn.Module):
    def __init__(self, vocab=16, dim=8, placeholder_id=15, num_vectors=2):
        super().__init__()
        self.token_embedding = nn.Embedding(vocab, dim)
        self.learned = nn.Parameter(torch.randn(num_vectors, dim))
        self.placeholder_id = placeholder_id

    def forward(self, input_ids):
        embeds = self.token_embedding(input_ids)
        is_placeholder = input_ids == self.placeholder_id
        if is_placeholder.sum() != self.learned.shape[0] * input_ids.shape[0]:  # expect: CL101
            raise ValueError("prompt and learned embedding disagree on the placeholder count")
        vectors = self.learned.repeat(input_ids.shape[0], 1).to(embeds.dtype)
        return embeds.masked_scatter(is_placeholder.unsqueeze(-1), vectors)


def example():
    return TextualInversionEmbeddings(), (torch.tensor([[1, 15, 15, 4], [15, 15, 3, 2]]),)
