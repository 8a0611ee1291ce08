"""A diffusers-style EMA model whose optimisation step is a buffer (saved with the checkpoint); the decay warm-up
clamps the step with builtin `max`, and tests it."""
import torch
from torch import nn


class EMAModel(nn.Module):
    def __init__(self, model, decay=0.999, update_after_step=0, inv_gamma=1.0, power=2 / 3):
        super().__init__()
        self.shadow = nn.ParameterList(nn.Parameter(p.detach().clone(), requires_grad=False) for p in model.parameters())
        self.decay = decay
        self.update_after_step = update_after_step
        self.inv_gamma = inv_gamma
        self.power = power
        self.register_buffer("optimization_step", torch.tensor(3))

    def get_decay(self):
        step = max(0, self.optimization_step - self.update_after_step - 1)
        if step <= 0:  # expect: CL101
            return 0.0
        value = 1 - (1 + step / self.inv_gamma) ** -self.power
        return torch.clamp(value, max=self.decay)

    def forward(self, params):
        decay = self.get_decay()
        return [s * decay + p * (1 - decay) for s, p in zip(self.shadow, params)]


def example():
    net = nn.Linear(2, 2)
    return EMAModel(net), ([p.detach() for p in net.parameters()],)
