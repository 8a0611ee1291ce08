"""A decoder inherits the utils base's `invert_attention_mask`, which only tests the mask's rank before scaling by
the dtype minimum: shape tests and finfo compile."""
import torch
from torch import nn

from b27_hf_utils import TinyPreTrainedModel


class TinyDecoder(TinyPreTrainedModel):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, h, encoder_attention_mask):
        bias = self.invert_attention_mask(encoder_attention_mask, h.dtype)
        scores = h @ h.transpose(-1, -2) + bias[:, 0]
        return self.proj(torch.softmax(scores, -1) @ h)


def example():
    return TinyDecoder(), (torch.randn(2, 3, 4), torch.ones(2, 3))
