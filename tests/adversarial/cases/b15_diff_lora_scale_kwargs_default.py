"""A transformer block takes `attention_kwargs` and pops the LoRA scale with a default that is a buffer
(the adapter's saved scale); `if lora_scale != 1.0` then asks the tensor."""
import torch
from torch import nn


class LoraLinear(nn.Module):
    def __init__(self, dim=8, rank=2):
        super().__init__()
        self.base = nn.Linear(dim, dim)
        self.down = nn.Linear(dim, rank, bias=False)
        self.up = nn.Linear(rank, dim, bias=False)

    def forward(self, x, scale=1.0):
        return self.base(x) + scale * self.up(self.down(x))


class TransformerBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.attn_out = LoraLinear(dim)
        self.register_buffer("saved_lora_scale", torch.tensor(0.5))

    def forward(self, hidden_states, attention_kwargs=None):
        attention_kwargs = dict(attention_kwargs or {})
        lora_scale = attention_kwargs.pop("scale", self.saved_lora_scale)
        if lora_scale != 1.0:  # known-miss: CL101
            hidden_states = hidden_states * 0.5
        return self.attn_out(hidden_states, scale=lora_scale)


def example():
    return TransformerBlock(), (torch.randn(2, 8),)
