"""Base classes in another file of the project (inherited_tensors.py subclasses them): what their methods store on self."""
import torch
from torch import Tensor, nn, sqrt


class Schedule(nn.Module):
    def __init__(self, steps=4, table=(0.0, 0.5, 1.0, 1.5)):
        super().__init__()
        self.steps = steps  # an int
        self.ratio = 0.5  # a float
        self.levels = [0.1, 0.2, 0.3, 0.4]  # a list
        self.table = table  # what the caller passes (a tuple of floats)
        self.scales = torch.linspace(0.1, 0.9, 10)  # a torch function
        self.cumulative = sqrt(self.scales.cumprod(dim=0))  # arithmetic of torch functions and tensor methods
        self.timesteps = self._timesteps()  # a method of the class declared to return a tensor
        self.register_buffer("sigmas", torch.linspace(2.0, 0.0, steps))
        self.gain = nn.Parameter(torch.ones(1))
        self.offset = torch.zeros(1)  # a tensor here, a float after reset()
        self.sigmas = self.sigmas.to(torch.float32)  # stored again from itself: still a tensor

    def _timesteps(self) -> Tensor:
        return torch.arange(self.steps).flip(0)

    def reset(self):
        self.offset = 0.0


class Levels(nn.Module):
    def __init__(self):
        super().__init__()
        self.levels = torch.linspace(0.0, 1.0, 4)  # a tensor here; a subclass of a subclass stores a list
