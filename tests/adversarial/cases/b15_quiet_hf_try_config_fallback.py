"""`try`/`except AttributeError` around a config attribute that older configs lack, and around a Python
lookup that raises: both caught in the graph."""
import torch
from torch import nn

from b15_hf_utils import Config


class PositionEmbedding(nn.Module):
    def __init__(self, config=Config(), max_positions=32):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(max_positions, config.hidden_size)
        self.offsets = {"absolute": 0}

    def forward(self, inputs_embeds, cache_position=None):
        try:
            offset = self.offsets[self.config.position_embedding_type]
        except AttributeError:
            offset = 0
        positions = torch.arange(offset, offset + inputs_embeds.shape[1])
        if cache_position is not None:
            positions = cache_position
        return inputs_embeds + self.embed(positions)


def example():
    return PositionEmbedding(), (torch.randn(1, 3, 8), torch.tensor([2, 3, 4]))
