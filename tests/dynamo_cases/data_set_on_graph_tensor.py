"""`t.data = v` in compiled code (GB0056 on 2.13: dynamo sets `.data` only of a tensor that came from outside the
region): a row of a parameter, a local made by a factory or arithmetic; beside the forms that compile, `.data` of a
parameter or buffer, of a loop name over `parameters()`, of an item of a ParameterList, of an input."""
import torch
from torch import nn


class Codebooks(nn.Module):
    def __init__(self):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(2, 4, 3))
        self.bias = nn.Parameter(torch.zeros(3))
        self.rows = nn.ParameterList([nn.Parameter(torch.randn(3)) for _ in range(2)])
        self.register_buffer("usage", torch.zeros(4))

    def forward(self, x, fresh):
        self.codebook[0].data = fresh.clone()  # expect: CL175
        scratch = torch.zeros(4, 3)
        scratch.data = fresh * 2  # expect: CL175
        shifted = fresh + 1
        shifted.data = fresh.clone()  # expect: CL175
        self.bias.data = x.mean(0).detach()
        self.usage.data = self.usage * 0.9
        self.rows[1].data = x[0].detach()
        for p in self.parameters():
            p.data = p.data * 1.0
        fresh.data = fresh * 0.5
        return x @ self.bias + self.codebook.sum() + scratch.sum() + shifted.sum() + self.rows[1].sum()


def example():
    return Codebooks(), (torch.randn(5, 3), torch.randn(4, 3))
