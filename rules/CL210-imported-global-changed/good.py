import cl210_flags
import torch
from compilelint import Example


def shift(x):
    return torch.where(cl210_flags.TRAINING, x + 1, x - 1)


def example():
    compiled_shift = torch.compile(shift, backend="eager")

    def run(x):
        for training in (True, False):
            cl210_flags.TRAINING.fill_(training)
            x = compiled_shift(x)
        return x

    return Example(run, (torch.randn(4),), compiles_itself=True)
