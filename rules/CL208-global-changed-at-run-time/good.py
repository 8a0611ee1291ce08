import torch
from compilelint import Example

# a tensor flag: dynamo guards on its dtype and shape, not on its value
_FAST = torch.zeros((), dtype=torch.bool)


def shift(x):
    return torch.where(_FAST, x + 1, x - 1)


def example():
    compiled_shift = torch.compile(shift, backend="eager")

    def run(x):
        for fast in (False, True):
            _FAST.fill_(fast)
            x = compiled_shift(x)
        return x

    return Example(run, (torch.randn(4),), compiles_itself=True)
