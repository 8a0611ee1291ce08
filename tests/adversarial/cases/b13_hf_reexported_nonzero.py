"""The modeling file re-exports `torch.nonzero` as `find_indices`; the embedding layer finds padding
positions with it, an output shape that depends on values."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config, PreTrainedModel, find_indices


class Embeddings(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.word = nn.Embedding(10, config.hidden_size)

    def forward(self, input_ids):
        hidden = self.word(input_ids)
        pad_positions = find_indices(input_ids == self.config.pad_token_id)  # known-miss: CL121
        return hidden, pad_positions


def example():
    return Embeddings(Config()), (torch.tensor([[3, 4, 0, 0]]),)
