"""Helpers compiled on their own (torch.compile of each) that compiled code also calls with plain values: a
sampler passes its step counters and order to a multistep coefficient and a cache dict and its key names to a
lookup (k-diffusion's `linear_multistep_coeff(cur_order, sigmas_cpu, i, j)` and `DPMSolver.eps(eps_cache, 'eps',
x, t)`, every function of its sampling module declared a root). An input some compiled call passes a known
non-tensor is not always a tensor, and arithmetic on a number compared with another such input (`order - 1 > i`)
is a number comparison. Nothing here breaks under dynamo."""
import torch

from compilelint import Example


def coefficient(order, t, i, j):
    if order - 1 > i:
        raise ValueError(f"order {order} too high for step {i}")

    def factor(k):
        if j == k:
            return 1.0
        return t[i] - t[k]

    product = 1.0
    for k in range(order):
        product = product * factor(k)
    return product


def lookup(cache, key, x):
    if key in cache:
        return cache[key], cache
    value = x.sin()
    return value, {key: value, **cache}


def sample(x, sigmas, order: int = 3):
    cache = {}
    for i in range(sigmas.shape[0] - 1):
        current = min(i + 1, order)
        coefficients = [coefficient(current, sigmas, i, j) for j in range(current)]
        value, cache = lookup(cache, "eps", x)
        value, cache = lookup(cache, "eps", x)
        x = x + sum(c * value for c in coefficients)
    return x


compiled_coefficient = torch.compile(coefficient)
compiled_lookup = torch.compile(lookup)
compiled_sample = torch.compile(sample)


def example():
    return Example(sample, (torch.randn(3), torch.linspace(1.0, 0.1, 4)))
