"""fixesw item 2, the other side: the same solver step given a tensor step count, and a parameter it reads as a tensor
(`nfe.sum()`, `shape[0]`): `torch.zeros(nfe // 3)` then breaks (data-dependent size)."""
import torch


class Solver:
    def fast(self, x, nfe):
        steps = torch.zeros(nfe // 3)
        return x * (steps.numel() + 1) + nfe.sum()


def first_steps(shape, init):
    t = torch.ones([shape[0]], dtype=torch.long)
    return init * t.sum()


def sample_fast(x, n):
    return Solver().fast(x, n) + first_steps(n, x)


def example():
    return torch.compile(sample_fast), (torch.randn(3), torch.tensor([7]))
