"""A fairseq-style sinusoidal position embedding: positions count only non-padding tokens, and the table is
rebuilt when the largest position outgrows it."""
import math

import torch
from torch import nn

from b17_hf_utils import Config


def create_position_ids_from_input_ids(input_ids, padding_idx):
    mask = input_ids.ne(padding_idx).int()
    return (torch.cumsum(mask, dim=1).type_as(mask) * mask).long() + padding_idx


def get_embedding(num_embeddings, embedding_dim):
    half = embedding_dim // 2
    emb = math.log(10000) / (half - 1)
    emb = torch.exp(torch.arange(half, dtype=torch.float) * -emb)
    emb = torch.arange(num_embeddings, dtype=torch.float).unsqueeze(1) * emb.unsqueeze(0)
    return torch.cat([torch.sin(emb), torch.cos(emb)], dim=1)


class SinusoidalPositionalEmbedding(nn.Module):
    def __init__(self, config=Config(), init_size=4):
        super().__init__()
        self.padding_idx = config.pad_token_id
        self.dim = config.hidden_size
        self.register_buffer("weights", get_embedding(init_size, self.dim), persistent=False)

    def forward(self, input_ids):
        positions = create_position_ids_from_input_ids(input_ids, self.padding_idx)
        max_pos = positions.max() + 1
        if max_pos > self.weights.size(0):  # expect: CL101
            self.weights = get_embedding(input_ids.shape[1] + self.padding_idx + 1, self.dim)
        return self.weights.index_select(0, positions.view(-1)).view(*input_ids.shape, -1)


def example():
    return SinusoidalPositionalEmbedding(), (torch.tensor([[3, 4, 5, 6, 0]]),)
