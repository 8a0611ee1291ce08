"""The sinusoidal position table grown from the sequence length (a Python int) rather than from the largest
position id; the ids themselves stay tensors."""
import math

import torch
from torch import nn

from b17_hf_utils import Config


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
        bsz, seq_len = input_ids.shape
        max_pos = self.padding_idx + 1 + seq_len
        if max_pos > self.weights.size(0):
            self.weights = get_embedding(max_pos, self.dim)
        mask = input_ids.ne(self.padding_idx).int()
        positions = (torch.cumsum(mask, dim=1) * mask).long() + self.padding_idx
        return self.weights.index_select(0, positions.view(-1)).view(bsz, seq_len, -1)


def example():
    return SinusoidalPositionalEmbedding(), (torch.tensor([[3, 4, 5, 6, 0]]),)
