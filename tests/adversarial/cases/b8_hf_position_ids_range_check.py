"""Position ids computed from the attention mask with cumsum (no break), then validated against the
config's maximum before the embedding lookup: the check reads the tensor's values."""
import torch
from torch import nn


class Config:
    vocab_size = 13
    hidden_size = 4
    max_position_embeddings = 16


class Embeddings(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.positions = nn.Embedding(config.max_position_embeddings, config.hidden_size)

    def forward(self, input_ids, attention_mask):
        position_ids = attention_mask.long().cumsum(-1) - 1
        position_ids.masked_fill_(attention_mask == 0, 1)
        if (position_ids >= self.config.max_position_embeddings).any():  # expect: CL101
            raise ValueError("sequence longer than max_position_embeddings")
        return self.tokens(input_ids) + self.positions(position_ids)


def example():
    return Embeddings(), (torch.randint(0, 13, (2, 5)), torch.tensor([[0, 0, 1, 1, 1], [1, 1, 1, 1, 1]]))
