"""Classifier-free guidance dropout lives in a mixin the denoiser inherits; it draws with Python's `random`
while training."""
import random

import torch
from torch import nn

from b12_quiet_diff_blocks import ModelMixin, register_to_config


class ConditionDropoutMixin:
    def maybe_drop_condition(self, encoder_hidden_states):
        if self.training and random.random() < self.config["cond_drop_prob"]:  # expect: CL133
            return torch.zeros_like(encoder_hidden_states)
        return encoder_hidden_states


class Denoiser(ModelMixin, ConditionDropoutMixin):
    @register_to_config
    def __init__(self, dim=8, cond_drop_prob=0.1):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, encoder_hidden_states):
        cond = self.maybe_drop_condition(encoder_hidden_states)
        return self.proj(x + cond.mean(1, keepdim=True))


def example():
    return Denoiser().train(), (torch.randn(2, 3, 8), torch.randn(2, 5, 8))
