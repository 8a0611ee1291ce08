"""Generator functions wrapped by a grad-mode decorator, run to their end in compiled code: torch wraps the generator
in its own, which resumes it inside the mode's `with` block and turns its StopIteration into a return there; dynamo
cannot handle that exception ("Observed exception", GB0088) and gives up on the frame, reported at the line that
iterates (guided diffusion's `ddim_sample_loop` over its `@torch.no_grad()` progressive sampler, held-out group 46).
The same generators undecorated, with the mode inside them, pulled with `next()`, or left by a `break`, compile, and so
does a decorated function that is no generator. One decorated generator runs to its end per file: dynamo logs a second
break at the same line of torch's wrapper without its user stack (grad_mode_generator_*.py hold the other spellings)."""
import torch
from torch import nn


@torch.no_grad()
def scaled(x):
    return x * 2


@torch.no_grad
def levels(x, steps):
    for i in range(steps):
        yield x * (1.0 - i / steps)


def plain_levels(x, steps):
    for i in range(steps):
        yield x + i


class Progressive(nn.Module):
    def __init__(self):
        super().__init__()
        self.denoise = nn.Linear(4, 4)

    @torch.no_grad()
    def steps(self, x, count):
        for _ in range(count):
            x = x - 0.1 * self.denoise(x)
            yield {"sample": x}

    def steps_in_mode(self, x, count):
        with torch.no_grad():
            for _ in range(count):
                x = x - 0.1 * self.denoise(x)
                yield {"sample": x}


class SelfLoop(Progressive):
    def forward(self, x):
        final = None
        for sample in self.steps(  # expect: CL162
                x,
                3):
            final = sample
        return final["sample"]


class Compiles(Progressive):
    def forward(self, x):
        out = scaled(x) + sum(plain_levels(x, 3))
        for sample in self.steps_in_mode(x, 2):
            out = out + sample["sample"]
        first = next(self.steps(x, 3))
        for level in levels(x, 3):
            out = out + level
            break
        return out + first["sample"] + sum([level for level in plain_levels(x, 2)])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.compiles = Compiles()
        self.loop = SelfLoop()

    def forward(self, x):
        return self.compiles(x), self.loop(x)


def example():
    return Net(), (torch.randn(2, 4),)
