"""Names that read like tensors but hold config values: `attention_mask` is a bool flag, `hidden_states`
an int width, `position_ids` a Python range; every branch on them is decided at trace time."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class FlaggedLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, x):
        attention_mask = self.config.use_mask
        hidden_states = self.config.hidden_size
        position_ids = range(x.shape[1])
        if attention_mask and hidden_states > 4:
            x = self.dense(x)
        if len(position_ids) > self.config.max_position_embeddings:
            raise ValueError("sequence too long")
        logits = float(hidden_states) ** -0.5
        return x * logits


def example():
    return FlaggedLayer(Config()), (torch.randn(1, 3, 8),)
