"""A spectral GNN in the style of BWGNN and ChebNet, compiled whole: the polynomial filter's step is a lambda closing
over the sparse normalised Laplacian, so the Laplacian is sparse only by what the lambda does with it, making the
closure is the frame's first read of it (a break), and the resumed frame breaks again on the closure's first call.
The encoder hands the Laplacian to the filter bank through a helper method (each breaks on its read). A naive linter sees no sparse value (no constructor in sight) or
flags every line that mentions the Laplacian; quiet twin: a Chebyshev filter over a dense Laplacian with `@`, and a
lambda whose own parameter shadows the name."""
import torch
from torch import nn


class BetaWaveletBank(nn.Module):
    def __init__(self, order):
        super().__init__()
        self.order = order

    def forward(self, laplacian, h):
        step = lambda signal: 0.5 * torch.sparse.mm(laplacian, signal)  # noqa: E731  # expect: CL167
        low = [h]
        for _ in range(self.order):
            low.append(step(low[-1]))  # expect: CL167
        return torch.cat(low, dim=1)


class ChebyshevDense(nn.Module):
    def __init__(self, order, dim):
        super().__init__()
        self.order = order
        self.mix = nn.Linear(dim * (order + 1), dim)

    def forward(self, laplacian, h):
        rescale = lambda laplacian: laplacian - torch.eye(laplacian.shape[0])  # noqa: E731
        scaled = rescale(laplacian)
        terms = [h, scaled @ h]
        for _ in range(self.order - 1):
            terms.append(2 * scaled @ terms[-1] - terms[-2])
        return self.mix(torch.cat(terms, dim=1))


class SpectralDetector(nn.Module):
    def __init__(self, dim=4, order=2):
        super().__init__()
        self.encode = nn.Linear(dim, dim)
        self.bank = BetaWaveletBank(order)
        self.dense = ChebyshevDense(order, dim)
        self.head = nn.Linear(dim * (order + 1) + dim, 2)

    def filtered(self, laplacian, h):
        return self.bank(laplacian, h)  # expect: CL167

    def forward(self, laplacian, dense_laplacian, x):
        h = torch.relu(self.encode(x))
        waves = self.filtered(laplacian, h)  # expect: CL167
        return self.head(torch.cat((waves, self.dense(dense_laplacian, h)), dim=1))


def example():
    n = 6
    adjacency = (torch.rand(n, n) > 0.6).float()
    adjacency = ((adjacency + adjacency.t()) > 0).float()
    laplacian = torch.eye(n) - adjacency / adjacency.sum(1, keepdim=True).clamp(min=1)
    return SpectralDetector(), (laplacian.to_sparse(), laplacian, torch.randn(n, 4))
