import cl210_flags
import torch
from compilelint import Example


def shift(x):
    if cl210_flags.MODE == "train":  # expect: CL210
        return x + 1
    return x - 1


def example():
    compiled_shift = torch.compile(shift, backend="eager")

    def run(x):
        for mode in ("train", "eval"):  # the training script flips the switch between phases
            cl210_flags.MODE = mode
            x = compiled_shift(x)
        return x

    return Example(run, (torch.randn(4),), compiles_itself=True)
