"""fp16 overflow clamp in an encoder layer: `any(...)` over a generator of tensor tests decides whether to
clamp, the truth value of each test read in Python."""
import torch
from torch import nn

from b14_hf_utils import Config


class EncoderLayer(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.ffn = nn.Linear(config.hidden_size, config.hidden_size)
        self.norm = nn.LayerNorm(config.hidden_size)

    def forward(self, hidden):
        residual = hidden
        hidden = self.ffn(hidden)
        if any(torch.isinf(t).any() for t in (hidden, residual)):  # expect: CL101
            clamp_value = torch.finfo(hidden.dtype).max - 1000
            hidden = torch.clamp(hidden, min=-clamp_value, max=clamp_value)
        return self.norm(hidden + residual)


def example():
    return EncoderLayer(), (torch.randn(1, 3, 8),)
