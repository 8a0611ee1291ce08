"""Gradient checkpointing branch through a functools.partial of torch.utils.checkpoint."""
import functools

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, hidden_states, attention_mask=None):
        return (torch.relu(self.fc(hidden_states)),)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer() for _ in range(2)])
        self.gradient_checkpointing = False

    def gradient_checkpointing_enable(self, gradient_checkpointing_kwargs=None):
        gradient_checkpointing_kwargs = gradient_checkpointing_kwargs or {"use_reentrant": False}
        self._gradient_checkpointing_func = functools.partial(checkpoint, **gradient_checkpointing_kwargs)
        self.gradient_checkpointing = True

    def forward(self, hidden_states, attention_mask=None):
        for layer in self.layers:
            if self.gradient_checkpointing and self.training:
                layer_outputs = self._gradient_checkpointing_func(layer.__call__, hidden_states, attention_mask)
            else:
                layer_outputs = layer(hidden_states, attention_mask)
            hidden_states = layer_outputs[0]
        return hidden_states


def example():
    model = Encoder().train()
    model.gradient_checkpointing_enable()
    return model, (torch.randn(2, 8, requires_grad=True),)
