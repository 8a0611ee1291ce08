"""A multimodal model checks that every modality's attention mask is all ones with
`functools.reduce(lambda a, b: a and b, ...)`: `and` asks each tensor's truth value."""
import functools

import torch
from torch import nn

from b15_hf_utils import Config


def all_unpadded(*masks):
    return functools.reduce(lambda a, b: a and b, [m.bool().all() for m in masks])  # known-miss: CL101


class FusionLayer(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, text, image, text_mask, image_mask):
        hidden = self.proj(torch.cat([text, image], dim=1))
        if all_unpadded(text_mask, image_mask):  # known-miss: CL101
            return hidden.mean(1)
        mask = torch.cat([text_mask, image_mask], dim=1)[..., None].float()
        return (hidden * mask).sum(1) / mask.sum(1)


def example():
    return FusionLayer(), (torch.randn(2, 3, 8), torch.randn(2, 2, 8), torch.ones(2, 3), torch.ones(2, 2))
