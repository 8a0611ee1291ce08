"""A sampler holding a user-chosen parametrization (ito-vision's classifier guidance): `__init__` takes
`parametrization: Optional[Parametrization] = None` and keeps it, or an identity default when None; the compiled
`pred_x0` calls `self.parametrization.get_x0(...)`. The user's config picks the classifier-guided subclass by name,
whose override asks for an input gradient: `requires_grad_` on a graph tensor and `torch.autograd.grad` break (GB8985,
GB9186)."""
from typing import Optional

import torch
from torch import nn

import compilelint


class Parametrization:
    def get_x0(self, model, xt, t):
        return model(xt) * t


class IdentityParametrization(Parametrization):
    def get_x0(self, model, xt, t):
        return model(xt)


class ClassifierGuidance(IdentityParametrization):
    def __init__(self, classifier: nn.Module, scale: float = 1.0):
        self.classifier = classifier
        self.scale = scale

    def get_x0(self, model, xt, t):
        x_in = xt.detach().clone().requires_grad_(True)  # expect: CL146
        score = self.classifier(x_in).sum()
        grad = torch.autograd.grad(score, x_in)[0]  # expect: CL147
        return model(xt) - self.scale * grad


class Sampler:
    def __init__(self, parametrization: Optional[Parametrization] = None, steps: int = 2):
        self.parametrization = parametrization if parametrization is not None else IdentityParametrization()
        self.steps = steps

    @torch.compile(backend="eager")
    def pred_x0(self, model, xt, t):
        return self.parametrization.get_x0(model, xt, t).clamp(-1, 1)


def example():
    chosen = globals()["ClassifierGuidance"]  # a config's choice, by name
    sampler = Sampler(chosen(nn.Linear(4, 2)))
    return compilelint.Example(sampler.pred_x0, (nn.Linear(4, 4), torch.randn(3, 4), torch.tensor(0.5)),
                               compiles_itself=True)
