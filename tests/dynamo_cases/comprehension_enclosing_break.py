"""A break in a comprehension's element skips the comprehension's frame (it is a loop of its own), so a break of the
expression enclosing it is never reported there; outside a comprehension both are (GB0036 at the nonzero, then GB0124
at the `.item()` of its result in the resume function). Diffusers' sigma lookup by timestep."""
import torch
from torch import nn


class SigmaLookup(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("timesteps", torch.linspace(1000, 100, 10))

    def forward(self, sigmas, t, ts):
        first = (self.timesteps == t).nonzero().item()  # expect: CL121, CL111
        rest = [(self.timesteps == s).nonzero().item() for s in ts]  # expect: CL121
        return sigmas[first] + sigmas[rest].sum()


def example():
    timesteps = torch.linspace(1000, 100, 10)
    return SigmaLookup(), (torch.rand(10), timesteps[3].clone(), timesteps[[1, 4]].clone())
