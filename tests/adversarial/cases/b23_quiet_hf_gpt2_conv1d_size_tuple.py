"""GPT-2's `Conv1D` (a transposed linear): the output size is `x.size()[:-1] + (self.nf,)`, a `torch.Size` plus a
tuple, and the product is an `addmm` on the flattened input viewed back to that size."""
import torch
from torch import nn


class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        x = x.view(size_out)
        return x


class GPT2MLP(nn.Module):
    def __init__(self, intermediate_size=16, embed_dim=8):
        super().__init__()
        self.c_fc = Conv1D(intermediate_size, embed_dim)
        self.c_proj = Conv1D(embed_dim, intermediate_size)
        self.act = nn.GELU(approximate="tanh")

    def forward(self, hidden_states):
        return self.c_proj(self.act(self.c_fc(hidden_states)))


def example():
    return GPT2MLP(), (torch.randn(2, 3, 8),)
