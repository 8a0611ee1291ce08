import torch
from compilelint import Example

_MODE_FLAG = {"fast": False}


def shift(x):
    if _MODE_FLAG["fast"]:  # expect: CL208
        return x + 1
    return x - 1


def example():
    compiled_shift = torch.compile(shift, backend="eager")

    def run(x):
        for fast in (False, True):
            _MODE_FLAG["fast"] = fast
            x = compiled_shift(x)
        return x

    return Example(run, (torch.randn(4),), compiles_itself=True)
