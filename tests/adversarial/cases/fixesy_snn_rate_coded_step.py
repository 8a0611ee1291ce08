"""A spiking classifier in the style of snnTorch, compiled whole: the rate coder repeats the input over time steps
with a repeat count built from `.tolist()` inside the arguments of `data.repeat(...)` spread over several lines, and
the readout scales by a firing threshold read with `.item()` inside `spikes.new_full(...)`. Dynamo breaks at the
inner call and again at the tensor method call around it (the resumed frame calls the bound method as a skipped
builtin). A naive linter reports the inner line only."""
import torch
from torch import nn


class RateCoder(nn.Module):
    def __init__(self, num_steps):
        super().__init__()
        self.num_steps = num_steps

    def forward(self, data: torch.Tensor):
        repeated = data.repeat(  # expect: CL179
            tuple(
                [self.num_steps]
                + torch.ones(data.dim(), dtype=torch.long).tolist()  # expect: CL112
            )
        )
        return torch.bernoulli(repeated.clamp(0, 1))


class SpikingReadout(nn.Module):
    def __init__(self):
        super().__init__()
        self.threshold = nn.Parameter(torch.tensor(0.5))
        self.fc = nn.Linear(8, 4)

    def forward(self, spikes):
        scale = spikes.new_full(  # expect: CL179
            (4,), self.threshold.item() * 2  # expect: CL111
        )
        return self.fc(spikes.mean(0)) * scale


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.coder = RateCoder(3)
        self.readout = SpikingReadout()

    def forward(self, x):
        return self.readout(self.coder(x))


def example():
    return Net(), (torch.rand(2, 8),)
