"""Structured-prediction distributions in the style of torch-struct: the base distribution's properties run
`self._struct(semiring).sum(...)`, where `_struct` instantiates `self.struct`, a class each subclass binds in its
class body (`struct = LinearChain`). The linear chain's scan sizes its loop from the lengths tensor (and the distribution
the forward builds cannot be rebuilt to run `log_prob` eagerly after it); the semi-Markov struct is quiet, and so is a class-body alias of a method (`score = _score`). A linter that reads calls only by the
names the base spells never reaches the struct's methods."""
import torch
from torch import nn


class LogSemiring:
    @staticmethod
    def sum(x, dim=-1):
        return torch.logsumexp(x, dim=dim)


class _Struct:
    def __init__(self, semiring=LogSemiring):
        self.semiring = semiring

    def _score(self, potentials, parts):
        return (potentials * parts).flatten(1).sum(-1)

    score = _score


class LinearChain(_Struct):
    def sum(self, edge, lengths):
        alpha = edge[:, 0].logsumexp(-1)
        for n in range(1, lengths.max().item()):  # expect: CL111
            alpha = self.semiring.sum(alpha.unsqueeze(-1) + edge[:, n], dim=-2)
        return self.semiring.sum(alpha)


class SemiMarkov(_Struct):
    def sum(self, edge, lengths):
        return self.semiring.sum(edge.flatten(1))


class StructDistribution:
    def __init__(self, log_potentials, lengths):
        self.log_potentials = log_potentials
        self.lengths = lengths

    def _struct(self, semiring=None):
        return self.struct(semiring if semiring is not None else LogSemiring)

    @property
    def partition(self):
        return self._struct(LogSemiring).sum(self.log_potentials, self.lengths)

    def log_prob(self, parts):
        return self._struct().score(self.log_potentials, parts) - self.partition


class LinearChainCRF(StructDistribution):
    struct = LinearChain


class SemiMarkovCRF(StructDistribution):
    struct = SemiMarkov


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 9)

    def forward(self, x, lengths, parts):
        potentials = self.proj(x).view(x.shape[0], x.shape[1], 3, 3)
        return LinearChainCRF(potentials, lengths).log_prob(parts)  # expect: CL158


def example():
    return Tagger(), (torch.randn(2, 5, 6), torch.tensor([5, 4]), torch.rand(2, 5, 3, 3))
