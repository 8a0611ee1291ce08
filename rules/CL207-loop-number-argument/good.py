import torch
from compilelint import Example


@torch.compile(backend="eager", dynamic=True)
def scale(x, factor):
    return x * factor


def example():
    def schedule(x):
        for step in range(2, 5):
            x = scale(x, step * 0.5)
        return x

    return Example(schedule, (torch.randn(4),), compiles_itself=True)
