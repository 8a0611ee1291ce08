"""Contrastive losses keep a boolean mask of the negative pairs, built once in `__init__`, and read the similarity
matrix through it in forward: `sim[self.mask]` has as many elements as the mask has True values (GB0036), a plain
tensor attribute or not. The mask is seen built in `__init__` itself (in-place ops keep the boolean dtype) and built
by a helper method that returns the local it cleared (simclr's NT_Xent): a `dtype=bool` factory is a mask like a
comparison, through in-place ops and the helper's return."""
import torch
from torch import nn


def _similarity(z_i, z_j, temperature):
    z = torch.cat((z_i, z_j), dim=0)
    return z @ z.T / temperature


class PairLoss(nn.Module):
    def __init__(self, batch_size, temperature=0.5):
        super().__init__()
        self.temperature = temperature
        self.mask = torch.ones(2 * batch_size, 2 * batch_size, dtype=bool).fill_diagonal_(0)

    def forward(self, z_i, z_j):
        sim = _similarity(z_i, z_j, self.temperature)
        negatives = sim[self.mask].reshape(sim.shape[0], -1)  # expect: CL122
        return negatives.logsumexp(1).mean()


class HelperPairLoss(nn.Module):
    def __init__(self, batch_size, temperature=0.5):
        super().__init__()
        self.batch_size = batch_size
        self.temperature = temperature
        self.mask = self.negatives(batch_size)

    def negatives(self, batch_size):
        n = 2 * batch_size
        mask = torch.ones((n, n), dtype=bool)
        mask = mask.fill_diagonal_(0)
        for i in range(batch_size):
            mask[i, batch_size + i] = 0
            mask[batch_size + i, i] = 0
        return mask

    def forward(self, z_i, z_j):
        sim = _similarity(z_i, z_j, self.temperature)
        negatives = sim[self.mask].reshape(2 * self.batch_size, -1)  # expect: CL122
        return negatives.logsumexp(1).mean()


class Weights(nn.Module):
    """__init__ sets a float tensor, filled in place: `x * self.weights` is no mask read."""

    def __init__(self, n):
        super().__init__()
        self.weights = torch.ones(n, dtype=float).fill_(0.5)

    def forward(self, x):
        return x * self.weights


class Losses(nn.Module):
    def __init__(self, batch_size):
        super().__init__()
        self.plain, self.helper, self.weights = PairLoss(batch_size), HelperPairLoss(batch_size), Weights(4)

    def forward(self, z_i, z_j):
        return self.plain(z_i, z_j) + self.helper(z_i, z_j) + self.weights(z_i).sum()


def example():
    return Losses(3), (torch.randn(3, 4), torch.randn(3, 4))
