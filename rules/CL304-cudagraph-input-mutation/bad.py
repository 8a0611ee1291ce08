import torch
from compilelint import Example


def accumulate(total, x):
    total.add_(x)  # expect: CL304
    return total * 2


fast_accumulate = torch.compile(accumulate, mode="reduce-overhead")


def example():
    return Example(accumulate, (torch.zeros(4), torch.randn(4)))
