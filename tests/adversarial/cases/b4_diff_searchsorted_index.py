"""A multistep scheduler: the model-output history is a Python list shifted in place (compiles); the step
index comes from torch.searchsorted and `.item()` (a host read); `lower_order_final` is Python ints and
config flags."""
import torch
from torch import nn


class Config:
    solver_order = 2
    lower_order_final = True
    euler_at_final = False


class MultistepScheduler:
    def __init__(self, steps=4):
        self.config = Config()
        self.timesteps = torch.tensor([900, 600, 300, 0])
        self.alpha_t = torch.linspace(0.1, 0.9, steps + 1)
        self.model_outputs = [None] * self.config.solver_order
        self.lower_order_nums = 0
        self._step_index = None

    def _init_step_index(self, timestep):
        idx = torch.searchsorted(self.timesteps.flip(0), timestep)
        self._step_index = len(self.timesteps) - 1 - idx.item()  # expect: CL111

    def step(self, model_output, timestep, sample):
        if self._step_index is None:
            self._init_step_index(timestep)
        lower_order_final = (self._step_index == len(self.timesteps) - 1) and (
            self.config.euler_at_final or (self.config.lower_order_final and len(self.timesteps) < 15))
        for i in range(self.config.solver_order - 1):
            self.model_outputs[i] = self.model_outputs[i + 1]
        self.model_outputs[-1] = model_output
        alpha = self.alpha_t[self._step_index]
        if self.config.solver_order == 1 or self.lower_order_nums < 1 or lower_order_final:
            prev_sample = alpha * sample + (1 - alpha) * model_output
        else:
            prev_sample = alpha * sample + (1 - alpha) * (1.5 * self.model_outputs[-1] - 0.5 * self.model_outputs[-2])
        if self.lower_order_nums < self.config.solver_order:
            self.lower_order_nums += 1  # expect: CL201
        self._step_index += 1
        return prev_sample


class Pipe(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = MultistepScheduler()

    def forward(self, sample, t):
        return self.scheduler.step(self.net(sample), t, sample)


def example():
    return Pipe(), (torch.randn(2, 4), torch.tensor(600))
