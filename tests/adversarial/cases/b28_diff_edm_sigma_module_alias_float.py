"""An EDM-style preconditioner converts the current sigma to a Python number through a module-level alias of
the builtin (`as_py = float`) before computing its scalings."""
import torch
from torch import nn

as_py = float


class EDMPrecond(nn.Module):
    def __init__(self, sigma_data=0.5):
        super().__init__()
        self.sigma_data = sigma_data
        self.register_buffer("sigmas", torch.linspace(80.0, 0.002, 6))
        self.net = nn.Linear(4, 4)

    def forward(self, x, step_index: int = 1):
        sigma = as_py(self.sigmas[step_index])  # expect: CL111
        c_skip = self.sigma_data**2 / (sigma**2 + self.sigma_data**2)
        c_out = sigma * self.sigma_data / (sigma**2 + self.sigma_data**2) ** 0.5
        return c_skip * x + c_out * self.net(x)


def example():
    return EDMPrecond(), (torch.randn(2, 4),)
