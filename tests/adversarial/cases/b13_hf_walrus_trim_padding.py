"""Trim trailing padding: the longest sequence length is read as an int inside a walrus condition."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class TrimmingEncoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed = nn.Embedding(10, config.hidden_size)

    def forward(self, input_ids, attention_mask):
        if (longest := int(attention_mask.sum(-1).max())) < input_ids.shape[1]:  # expect: CL111
            input_ids, attention_mask = input_ids[:, :longest], attention_mask[:, :longest]
        return self.embed(input_ids) * attention_mask[..., None]


def example():
    return TrimmingEncoder(Config()), (torch.tensor([[3, 4, 0]]), torch.tensor([[1, 1, 0]]))
