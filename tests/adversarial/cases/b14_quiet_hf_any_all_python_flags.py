"""`any(...)` / `all(...)` over Python facts: which optional inputs are None, whether every input is a tensor,
whether any layer index is in the skip list."""
import torch
from torch import nn

from b14_hf_utils import Config


class Decoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(config.hidden_size, config.hidden_size) for _ in range(3)])
        self.skip_layers = config.skip_layers

    def forward(self, hidden, attention_mask=None, position_ids=None):
        if any(arg is None for arg in (attention_mask, position_ids)):
            attention_mask = torch.ones(hidden.shape[:2], dtype=hidden.dtype)
        if not all(isinstance(t, torch.Tensor) for t in (hidden, attention_mask)):
            raise TypeError("inputs must be tensors")
        for idx, layer in enumerate(self.layers):
            if any(idx == s for s in self.skip_layers):
                continue
            hidden = layer(hidden) * attention_mask[..., None]
        return hidden


def example():
    return Decoder(), (torch.randn(1, 3, 8),)
