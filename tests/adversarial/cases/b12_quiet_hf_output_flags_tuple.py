"""A checkpointing-capable layer stack in eval mode (the base file's __call__ takes the plain path), with
`output_hidden_states` / `return_dict` flags and a None-filtered tuple output."""
import torch
from torch import nn

from b12_quiet_hf_base import Config, GradientCheckpointingLayer


class Layer(GradientCheckpointingLayer):
    def __init__(self, config):
        super().__init__()
        self.fc = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, attention_mask=None):
        out = self.fc(hidden_states)
        if attention_mask is not None:
            out = out.masked_fill(attention_mask[..., None] == 0, 0.0)
        return hidden_states + out


class Stack(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList(Layer(config) for _ in range(config.num_layers))

    def forward(self, hidden_states, attention_mask=None, output_hidden_states=None, return_dict=None):
        output_hidden_states = output_hidden_states if output_hidden_states is not None else False
        all_hidden = () if output_hidden_states else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden = all_hidden + (hidden_states,)
            hidden_states = layer(hidden_states, attention_mask)
        if not return_dict:
            return tuple(v for v in (hidden_states, all_hidden) if v is not None)
        return {"last_hidden_state": hidden_states, "hidden_states": all_hidden}


def example():
    model = Stack(Config()).eval()
    return model, (torch.randn(1, 3, 8), torch.tensor([[1, 1, 0]]), True)
