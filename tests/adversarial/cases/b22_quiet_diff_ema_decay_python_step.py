"""The EMA warm-up with the optimisation step a Python int handed in by the training loop: builtin `max` and the
test are on ints, the power law on floats."""
import torch
from torch import nn


class EMAModel(nn.Module):
    def __init__(self, model, decay=0.999, update_after_step=0, inv_gamma=1.0, power=2 / 3, min_decay=0.0):
        super().__init__()
        self.shadow = nn.ParameterList(nn.Parameter(p.detach().clone(), requires_grad=False) for p in model.parameters())
        self.decay = decay
        self.min_decay = min_decay
        self.update_after_step = update_after_step
        self.inv_gamma = inv_gamma
        self.power = power

    def get_decay(self, optimization_step: int) -> float:
        step = max(0, optimization_step - self.update_after_step - 1)
        if step <= 0:
            return 0.0
        cur = 1 - (1 + step / self.inv_gamma) ** -self.power
        return max(min(cur, self.decay), self.min_decay)

    def forward(self, params, optimization_step: int):
        decay = self.get_decay(optimization_step)
        return [s * decay + p * (1 - decay) for s, p in zip(self.shadow, params)]


def example():
    net = nn.Linear(2, 2)
    return EMAModel(net), ([p.detach() for p in net.parameters()], 5)
