"""LoRA scale plumbing: the scale popped from cross_attention_kwargs and pushed into every LoRA layer."""
import torch
from torch import nn

USE_PEFT_BACKEND = True


class LoraLinear(nn.Module):
    def __init__(self, dim=8, rank=2):
        super().__init__()
        self.base = nn.Linear(dim, dim)
        self.down = nn.Linear(dim, rank, bias=False)
        self.up = nn.Linear(rank, dim, bias=False)
        self.scale = 1.0

    def scale_layer(self, weight):
        self.scale = self.scale * weight

    def unscale_layer(self, weight=None):
        self.scale = 1.0 if weight is None else self.scale / weight

    def forward(self, x):
        return self.base(x) + self.scale * self.up(self.down(x))


def scale_lora_layers(model, weight):
    if weight == 1.0:
        return
    for module in model.modules():
        if isinstance(module, LoraLinear):
            module.scale_layer(weight)


def unscale_lora_layers(model, weight=None):
    if weight is None or weight == 1.0:
        return
    for module in model.modules():
        if isinstance(module, LoraLinear):
            module.unscale_layer(weight)


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = LoraLinear()

    def forward(self, hidden_states, cross_attention_kwargs=None):
        if cross_attention_kwargs is not None:
            cross_attention_kwargs = cross_attention_kwargs.copy()
            lora_scale = cross_attention_kwargs.pop("scale", 1.0)
        else:
            lora_scale = 1.0
        if USE_PEFT_BACKEND:
            scale_lora_layers(self, lora_scale)
        out = self.proj(hidden_states)
        if USE_PEFT_BACKEND:
            unscale_lora_layers(self, lora_scale)
        return out


def example():
    return Transformer(), (torch.randn(2, 8), {"scale": 0.5})
