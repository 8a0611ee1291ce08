"""Embedding layer plumbing: exactly one of input_ids / inputs_embeds (an xor of None tests), an embedding
scale computed from the config with math.sqrt, a registered position_ids buffer sliced by Python lengths, and
token_type_ids taken from a buffer when the model has one (hasattr)."""
import math

import torch
from torch import nn


class Config:
    vocab_size = 11
    hidden_size = 4
    max_position_embeddings = 8
    scale_embedding = True
    type_vocab_size = 2


class Embeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.token_type_embeddings = nn.Embedding(config.type_vocab_size, config.hidden_size)
        self.embed_scale = math.sqrt(config.hidden_size) if config.scale_embedding else 1.0
        self.register_buffer("position_ids", torch.arange(config.max_position_embeddings).expand((1, -1)),
                             persistent=False)
        self.register_buffer("token_type_ids", torch.zeros(self.position_ids.size(), dtype=torch.long),
                             persistent=False)

    def forward(self, input_ids=None, inputs_embeds=None, token_type_ids=None, past_key_values_length=0):
        if (input_ids is None) ^ (inputs_embeds is not None):
            raise ValueError("You must specify exactly one of input_ids or inputs_embeds")
        input_shape = input_ids.size() if input_ids is not None else inputs_embeds.size()[:-1]
        seq_length = input_shape[1]
        position_ids = self.position_ids[:, past_key_values_length: seq_length + past_key_values_length]
        if token_type_ids is None:
            if hasattr(self, "token_type_ids"):
                buffered = self.token_type_ids[:, :seq_length]
                token_type_ids = buffered.expand(input_shape[0], seq_length)
            else:
                token_type_ids = torch.zeros(input_shape, dtype=torch.long, device=self.position_ids.device)
        if inputs_embeds is None:
            inputs_embeds = self.word_embeddings(input_ids) * self.embed_scale
        return inputs_embeds + self.token_type_embeddings(token_type_ids) + self.position_embeddings(position_ids)


def example():
    return Embeddings(Config()), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
