"""A residual vector quantiser keeps its codebooks stacked in one parameter and, once warm-up ends, re-initialises each
codebook from the latents it has seen: `self.codebook[i].data = ...` sets `.data` of a row, a tensor indexing made inside
the compiled region (GB0056), while `.data` of the parameter and of the usage buffer themselves compile."""
import torch
from torch import nn


class ResidualQuantizer(nn.Module):
    def __init__(self, num_codebooks=2, size=8, dim=4):
        super().__init__()
        self.codebook = nn.Parameter(torch.rand(num_codebooks, size, dim) / size)
        self.register_buffer("usage", torch.zeros(num_codebooks, size))

    def forward(self, z):
        initial = torch.zeros_like(self.codebook[0])
        initial.copy_(z[:8])
        self.codebook[1].data = initial.clone()  # expect: CL175
        self.usage.data = self.usage * 0.5
        residual, quantized = z, torch.zeros_like(z)
        for i in range(self.codebook.shape[0]):
            index = torch.cdist(residual, self.codebook[i]).argmin(dim=1)
            chosen = self.codebook[i][index]
            quantized = quantized + chosen
            residual = residual - chosen
        self.codebook.data = self.codebook.data * 1.0
        return z + (quantized - z).detach()


def example():
    return ResidualQuantizer(), (torch.randn(16, 4),)
