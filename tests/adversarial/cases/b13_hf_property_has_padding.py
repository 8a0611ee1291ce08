"""A property reads a registered buffer's values as a Python bool; forward tests the property."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class PaddedPositions(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.register_buffer("token_type_ids", torch.zeros(1, config.max_position_embeddings, dtype=torch.long))
        self.type_embed = nn.Embedding(2, config.hidden_size)

    @property
    def uses_token_types(self):
        return bool(self.token_type_ids.any())  # expect: CL111

    def forward(self, hidden):
        if self.uses_token_types:
            hidden = hidden + self.type_embed(self.token_type_ids[:, : hidden.shape[1]])
        return hidden


def example():
    return PaddedPositions(Config()), (torch.randn(1, 3, 8),)
