"""A consistency-model scheduler computes its boundary scalings from the timestep. A helper converts a tensor
timestep to a Python float first (`float(timestep)` when it is 0-dim), which reads the device value; the
scalings themselves are float arithmetic."""
import torch
from torch import nn


class ConsistencyScheduler:
    def __init__(self, sigma_data=0.5, timestep_scaling=10.0):
        self.sigma_data = sigma_data
        self.timestep_scaling = timestep_scaling

    def _to_float(self, timestep):
        if isinstance(timestep, torch.Tensor) and timestep.ndim == 0:
            return float(timestep)  # expect: CL111
        return timestep

    def get_scalings_for_boundary_condition(self, timestep):
        t = self._to_float(timestep) * self.timestep_scaling
        c_skip = self.sigma_data ** 2 / (t ** 2 + self.sigma_data ** 2)
        c_out = t / (t ** 2 + self.sigma_data ** 2) ** 0.5
        return c_skip, c_out

    def step(self, model_output, timestep, sample):
        c_skip, c_out = self.get_scalings_for_boundary_condition(timestep)
        return c_out * model_output + c_skip * sample


class ConsistencyUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(2, 2, 1)
        self.scheduler = ConsistencyScheduler()

    def forward(self, sample, timestep):
        return self.scheduler.step(self.net(sample), timestep, sample)


def example():
    return ConsistencyUNet(), (torch.randn(1, 2, 3, 3), torch.tensor(7))
