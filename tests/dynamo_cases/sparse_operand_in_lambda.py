"""A lambda closing over a sparse Laplacian (`half = lambda m: 0.5 * torch.sparse.mm(lap, m)`, the step of a
polynomial spectral filter: graphspot's BWGNN, held-out group 90). Making the closure is the frame's first read of the
sparse argument (GB0015), the resumed frame breaks again where it first calls the closure, and every caller that hands
the Laplacian down breaks on its read. A lambda whose own parameter is the operand says nothing of the enclosing
function's argument of that name (quiet twin, with a dense matrix)."""

import torch


class WaveletBank(torch.nn.Module):
    def __init__(self, order=2):
        super().__init__()
        self.order = order
        self.pre = torch.nn.Linear(4, 4)

    def filter_bank(self, lap, h):
        half = lambda m: 0.5 * torch.sparse.mm(lap, m)  # noqa: E731  # expect: CL167
        powers = [h]
        for _ in range(self.order):
            powers.append(half(powers[-1]))  # expect: CL167
        return powers

    def forward(self, lap, x):
        h = self.pre(x)
        return torch.cat(self.filter_bank(lap, h), dim=1)  # expect: CL167


def smooth(lap, h):
    half = lambda m: 0.5 * torch.sparse.mm(lap, m)  # noqa: E731  # expect: CL167
    out = h - half(h)  # expect: CL167
    return out * 2


def blend(lap, h):
    scale = lambda lap: 0.5 * torch.sparse.mm(lap, h)  # noqa: E731
    return scale(torch.eye(h.shape[0])) + lap @ h


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bank = WaveletBank()

    def forward(self, lap, dense, x):
        y = self.bank(lap, x)  # expect: CL167
        return smooth(lap, x) + y[:, :4] + blend(dense, x)


def example():
    lap = (torch.eye(5) - 0.1 * torch.ones(5, 5)).to_sparse()
    return Model(), (lap, torch.rand(5, 5), torch.randn(5, 4))
