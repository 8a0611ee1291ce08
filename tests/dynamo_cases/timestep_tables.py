"""Tensor tables indexed by an element of a 1-d timestep tensor (diffusers-style schedulers): `t = ts[step]`
with `step` an int, `for t in ts`, then `table[t]`, `table[t - 1]`, `table[t.long()]` break with GB0033 on the
indexing line (2.13); a row of a 2-d index tensor, a slice of `ts`, a gather and a 0-d tensor input compile."""
from enum import Enum

import numpy as np
import torch
from torch import Tensor, arange, nn, tensor


class Scheduler(nn.Module):
    def __init__(self, steps=1000):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, steps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.register_buffer("sigmas", torch.linspace(0.1, 1.0, steps))
        self.table = torch.randn(steps, 4)
        self.edges = torch.randint(0, steps, (2, 8))
        self.timesteps = torch.arange(0, steps, 100).flip(0)

    def set_timesteps(self, n):
        self.timesteps = (torch.arange(0, n) * (1000 // n)).long().flip(0)

    def step(self, x, step: int):
        t = self.timesteps[step]
        a = self.alphas_cumprod[t]  # expect: CL114
        b = self.sigmas[t]  # after the break `t` is an input of the resume function: this compiles
        return x * a * b

    def prev(self, x, step: int):
        t = self.timesteps[step]
        return x * self.alphas_cumprod[t - 1]  # expect: CL114

    def rows(self, x, step: int):
        t = self.timesteps[step]
        return x * self.table[t]  # expect: CL114

    def edge_rows(self, x):
        row = self.edges[0]  # a row of a 2-d index tensor: 1-d, advanced indexing compiles
        return x * self.alphas_cumprod[row].sum()

    def slice_index(self, x, step: int):
        t = self.timesteps[step:step + 1]
        return x * self.alphas_cumprod[t]

    def gathered(self, x, step: int):
        t = self.timesteps[step]
        return x * self.alphas_cumprod.gather(0, t[None])

    def walk(self, x):
        for t in self.timesteps:
            x = x * self.sigmas[t]  # expect: CL114
        return x

    def long(self, x, step: int):
        t = self.timesteps[step]
        return x * self.sigmas[t.long()]  # expect: CL114


class Spacing(str, Enum):
    LINSPACE = "linspace"
    LEADING = "leading"


class Solver(nn.Module):
    """refiners' solvers: the timesteps come from a method whose every return is 1-d, and are moved by another."""

    def __init__(self, n: int, spacing: Spacing = Spacing.LEADING) -> None:
        super().__init__()
        self.n, self.spacing = n, spacing
        self.cumulative = torch.sqrt(torch.linspace(0.99, 0.9, 1000).cumprod(dim=0))
        self.timesteps = self._generate_timesteps()
        self.fixed = torch.tensor([999, 500, 1])
        self.numpy_steps = np.arange(0, 1000, 100)

    @staticmethod
    def generate_timesteps(spacing: Spacing, n: int, train: int = 1000, offset: int = 0) -> Tensor:
        match spacing:
            case Spacing.LINSPACE:
                return tensor(np.linspace(offset, train - 1, n).round().astype(int)).flip(0)
            case Spacing.LEADING:
                ratio = train // n
                return (arange(0, n, 1) * ratio + offset).flip(0)
        raise RuntimeError(spacing)

    def _generate_timesteps(self) -> Tensor:
        return self.generate_timesteps(spacing=self.spacing, n=self.n)

    def move(self, device):
        self.timesteps = self.timesteps.to(device)

    def add_noise(self, x: Tensor, step: int) -> Tensor:
        timestep = self.timesteps[step]
        return self.cumulative[timestep] * x  # expect: CL114

    def update(self, x: Tensor, step: int) -> Tensor:
        previous = self.timesteps[step + 1] if step < self.n - 1 else tensor([0])
        return self.cumulative[previous] * x  # expect: CL114

    def fixed_step(self, x: Tensor, step: int) -> Tensor:
        return self.cumulative[self.fixed[step]] * x  # expect: CL114

    def numpy_step(self, x: Tensor, step: int) -> Tensor:  # dynamo traces the numpy array as a tensor
        return self.cumulative[self.numpy_steps[step]] * x  # expect: CL114


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = Scheduler()
        self.s.set_timesteps(10)
        self.solver = Solver(4)

    def forward(self, x, t0):
        y = self.s.step(x, 3) + self.s.prev(x, 2) + self.s.rows(x, 1).sum() + self.s.edge_rows(x)
        y = y + self.s.slice_index(x, 2) + self.s.gathered(x, 1) + self.s.walk(x) + self.s.long(x, 4)
        y = y + self.solver.add_noise(x, 1) + self.solver.update(x, 1) + self.solver.fixed_step(x, 2)
        y = y + self.solver.numpy_step(x, 3)
        return y + self.s.alphas_cumprod[t0]  # a 0-d tensor input: dynamo specializes on it, compiles


def example():
    return Both(), (torch.randn(4), torch.tensor(5))
