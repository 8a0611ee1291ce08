"""An early exit for unpadded batches: when the mask counts every token the model skips the unpadding
path, decided by `.item()` inside the `if`."""
import torch
from torch import nn


class PaddedEncoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, attention_mask):
        hidden_states = self.proj(hidden_states)
        if attention_mask.sum().item() == attention_mask.numel():  # expect: CL111
            return hidden_states
        return hidden_states * attention_mask[..., None]


def example():
    return PaddedEncoder(), (torch.randn(2, 3, 4), torch.ones(2, 3))
