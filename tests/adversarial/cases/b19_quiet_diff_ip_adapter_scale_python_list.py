"""The image-prompt processor as diffusers keeps it: the scales are a Python list set by set_ip_adapter_scale, so
all() and the per-adapter loop run on floats."""
import torch
from torch import nn


class IPAttnProcessor(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.to_k_ip = nn.ModuleList([nn.Linear(dim, dim), nn.Linear(dim, dim)])
        self.to_v_ip = nn.ModuleList([nn.Linear(dim, dim), nn.Linear(dim, dim)])
        self.scale = [0.5, 0.0]

    def forward(self, hidden_states, ip_hidden_states):
        if all(s == 0 for s in self.scale):
            return hidden_states
        for scale, to_k, to_v, ip in zip(self.scale, self.to_k_ip, self.to_v_ip, ip_hidden_states):
            if scale == 0:
                continue
            attn = torch.softmax(hidden_states @ to_k(ip).transpose(1, 2), dim=-1)
            hidden_states = hidden_states + scale * (attn @ to_v(ip))
        return hidden_states


def example():
    return IPAttnProcessor(), (torch.randn(2, 3, 4), [torch.randn(2, 2, 4), torch.randn(2, 2, 4)])
