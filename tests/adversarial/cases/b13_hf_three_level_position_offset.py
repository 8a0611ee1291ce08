"""Position ids offset by the largest id, computed in a helper of the grandparent class and reached from
the grandchild's forward through two subclasses that add nothing to it."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class EmbeddingsBase(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.position = nn.Embedding(config.max_position_embeddings, config.hidden_size)

    def _position_offset(self, input_ids):
        return int(input_ids.ne(self.config.pad_token_id).sum(-1).max())  # expect: CL111


class PositionalEmbeddings(EmbeddingsBase):
    padding_idx = 0


class LearnedEmbeddings(PositionalEmbeddings):
    def __init__(self, config):
        super().__init__(config)
        self.word = nn.Embedding(10, config.hidden_size)

    def forward(self, input_ids):
        offset = self._position_offset(input_ids)
        positions = torch.arange(offset, offset + input_ids.shape[1])
        return self.word(input_ids) + self.position(positions % self.config.max_position_embeddings)


def example():
    return LearnedEmbeddings(Config()), (torch.tensor([[3, 4, 0]]),)
