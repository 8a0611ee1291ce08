"""The past length read defensively: `try: int(cache_position[0])` with a fallback for a missing position
tensor; the conversion inside the `try` still hands a tensor value to Python."""
import torch
from torch import nn

from b15_hf_utils import Config


class PositionEmbedding(nn.Module):
    def __init__(self, config=Config(), max_positions=32):
        super().__init__()
        self.embed = nn.Embedding(max_positions, config.hidden_size)

    def forward(self, inputs_embeds, cache_position=None):
        try:
            past_length = int(cache_position[0])  # known-miss: CL111
        except TypeError:
            past_length = 0
        positions = torch.arange(past_length, past_length + inputs_embeds.shape[1])
        return inputs_embeds + self.embed(positions)


def example():
    return PositionEmbedding(), (torch.randn(1, 3, 8), torch.tensor([2, 3, 4]))
