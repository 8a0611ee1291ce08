"""A solver's lookup tables indexed by a timestep picked from its schedule with a Python step (refiners' DDIM, DPM and
LCM solvers: `timestep = self.timesteps[step]` then `self.cumulative_scale_factors[timestep]`). The schedule is 1-d,
so the timestep is a 0-d int64 tensor computed in the graph, and a tensor indexed by it is a data-dependent operator
(GB0033 on 2.13). The linter reads the schedule's rank from its spelling (`torch.arange`, in every store of the
class; a 2-d schedule would give a row of indices, which compiles) and `step` is an int: found (CL114).
The table indexed by a 0-d timestep the graph receives compiles (dynamo guards its value)."""
import torch
from torch import nn


class Solver(nn.Module):
    def __init__(self, num_steps: int = 10):
        super().__init__()
        self.timesteps = torch.arange(num_steps - 1, -1, -1)
        self.cumulative_scale_factors = torch.linspace(0.99, 0.1, num_steps).cumprod(dim=0).sqrt()

    def forward(self, x: torch.Tensor, step: int = 2) -> torch.Tensor:
        timestep = self.timesteps[step]
        scale = self.cumulative_scale_factors[timestep]  # expect: CL114
        return x * scale

    def add_noise(self, x: torch.Tensor, noise: torch.Tensor, timestep: torch.Tensor) -> torch.Tensor:
        scale = self.cumulative_scale_factors[timestep]
        return scale * x + (1 - scale**2).sqrt() * noise


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.solver = Solver()

    def forward(self, x, noise, timestep):
        return self.solver.add_noise(x, noise, timestep) + self.solver(x)


def example():
    return Pipeline(), (torch.randn(2, 4), torch.randn(2, 4), torch.tensor(3))
