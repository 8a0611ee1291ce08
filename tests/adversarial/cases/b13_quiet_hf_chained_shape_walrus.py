"""A chained comparison and a walrus on sequence lengths (Python ints), and an f-string of a shape in a
raise that is not taken."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class PositionEmbedding(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.max_positions = config.max_position_embeddings
        self.embed = nn.Embedding(config.max_position_embeddings, config.hidden_size)

    def forward(self, hidden):
        if not 0 < (seq_len := hidden.shape[1]) <= self.max_positions:
            raise ValueError(f"sequence of length {seq_len} for input {hidden.shape}")
        return hidden + self.embed(torch.arange(seq_len))


def example():
    return PositionEmbedding(Config()), (torch.randn(1, 3, 8),)
