"""A text library's utils file for batch 17: the config, a logger, a multimodal mixin whose placeholder check
counts the image-token embeddings through a boolean mask read, and a sliding-window cache whose `update` rolls
its window when the last cache position reaches the end. The other b17 text cases import it."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Config:
    hidden_size = 8
    vocab_size = 16
    pad_token_id = 0
    eos_token_id = 2
    image_token_id = 15
    num_experts = 3
    sliding_window = 4
    max_source_positions = 6


class PlaceholderMixin:
    def get_placeholder_mask(self, input_ids, inputs_embeds, image_features):
        special_image_mask = (input_ids == self.config.image_token_id).unsqueeze(-1).expand_as(inputs_embeds)
        if inputs_embeds[special_image_mask].numel() != image_features.numel():  # expect: CL122
            raise ValueError("Image features and image tokens do not match")
        return special_image_mask


class SlidingWindowCache:
    def __init__(self, window=Config.sliding_window, dim=Config.hidden_size):
        self.keys = torch.zeros(1, window, dim)
        self.window = window

    def update(self, key_states, cache_position):
        k_out = self.keys
        if cache_position[-1] >= self.window - 1:  # known-miss: CL101
            k_out = k_out.roll(-1, dims=-2)
        k_out[:, -key_states.shape[1]:] = key_states
        self.keys = k_out
        return k_out


class _Mm(PlaceholderMixin, nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config

    def forward(self, input_ids, inputs_embeds, image_features, key_states, cache_position, cache):
        mask = self.get_placeholder_mask(input_ids, inputs_embeds, image_features)
        keys = cache.update(key_states, cache_position)
        return inputs_embeds.masked_scatter(mask, image_features).sum() + keys.sum()


def example():
    ids = torch.tensor([[1, 15, 3]])
    return _Mm(), (ids, torch.randn(1, 3, 8), torch.randn(1, 8), torch.randn(1, 1, 8), torch.tensor([5]),
                   SlidingWindowCache())
