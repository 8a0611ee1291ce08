"""What a `torch.distributions` object kept on the module returns (`sample`, `rsample`, `log_prob`) is a tensor of the
graph: the draw itself compiles, reading it as a Python number breaks (`math.sqrt(1 - lam)` GB0033, `float(lam)`
GB0124, `if lam > 0.5` GB0170), and arithmetic with it compiles."""
import math

import torch
from torch import nn
from torch.distributions import Normal


class CutMixDraw(nn.Module):
    def __init__(self):
        super().__init__()
        self.beta = torch.distributions.Beta(torch.tensor(1.0), torch.tensor(1.0))
        self.noise = Normal(torch.tensor(0.0), torch.tensor(1.0))

    def forward(self, x):
        lam = self.beta.sample()
        side = math.sqrt(1.0 - lam)  # expect: CL113
        scale = float(self.noise.rsample())  # expect: CL111
        if self.noise.log_prob(lam) > 0.5:  # expect: CL101
            x = x * 2
        return x * lam * side * scale + self.beta.rsample()


def example():
    return CutMixDraw(), (torch.randn(2, 3),)
