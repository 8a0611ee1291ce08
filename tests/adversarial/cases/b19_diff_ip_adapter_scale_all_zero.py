"""An image-prompt attention processor skips the image branch when every adapter scale is zero; the scales
live in a buffer (so they follow .to()), and all() walks its 0-d elements."""
import torch
from torch import nn


class IPAttnProcessor(nn.Module):
    def __init__(self, dim=4, num_tokens=2):
        super().__init__()
        self.to_k_ip = nn.Linear(dim, dim)
        self.to_v_ip = nn.Linear(dim, dim)
        self.register_buffer("scale", torch.tensor([0.5, 0.0]))

    def forward(self, hidden_states, ip_hidden_states):
        if all(s == 0 for s in self.scale):  # expect: CL101
            return hidden_states
        k, v = self.to_k_ip(ip_hidden_states), self.to_v_ip(ip_hidden_states)
        attn = torch.softmax(hidden_states @ k.transpose(1, 2), dim=-1)
        return hidden_states + self.scale.sum() * (attn @ v)


def example():
    return IPAttnProcessor(), (torch.randn(2, 3, 4), torch.randn(2, 2, 4))
