import torch
from compilelint import Example


@torch.compile(backend="eager")
def total(xs):
    out = xs[0]
    for x in xs[1:]:
        out = out + x
    return out


def example():
    def run(x):
        pair = total([x, x + 1])
        other_pair = total([x * 2, x - 1])
        return pair + other_pair

    return Example(run, (torch.randn(4),), compiles_itself=True)
