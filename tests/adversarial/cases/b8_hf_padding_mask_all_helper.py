"""A module-level helper zeroes padded frames unless the padding mask keeps everything: `padding_mask.all()`
read as a Python bool in a helper the encoder layer calls."""
import torch
from torch import nn


def _mask_padded_frames(hidden_states, padding_mask):
    if padding_mask is not None and not padding_mask.all():  # expect: CL101
        hidden_states = hidden_states.masked_fill(~padding_mask[..., None], 0.0)
    return hidden_states


class ConvFeedForward(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)

    def forward(self, hidden_states, padding_mask=None):
        hidden_states = _mask_padded_frames(hidden_states, padding_mask)
        return self.conv(hidden_states.transpose(1, 2)).transpose(1, 2)


def example():
    mask = torch.tensor([[True, True, False], [True, True, True]])
    return ConvFeedForward(), (torch.randn(2, 3, 6), mask)
