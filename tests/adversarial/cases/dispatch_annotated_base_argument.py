"""An ESPnet/NeMo-style model whose parts are constructor arguments annotated with a project base class
(`predictor: AbsPredictor`, `normalize: Optional[AbsNormalize]`), stored on self and used in forward. The object
really passed is a subclass: `self.predictor.step(h)` runs the subclass's `step` compiled (a generic method name,
so nothing but the annotation tells whose it is), and `self.normalize(x)` the subclass's forward. A base class
whose subclasses' methods compile, and a subclass method forward never calls, stay quiet."""
from typing import Optional

import torch
from torch import nn


class AbsPredictor(nn.Module):
    def step(self, h: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class LengthPredictor(AbsPredictor):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def step(self, h):
        longest = int(h.abs().sum(-1).max().item())  # expect: CL111
        return self.proj(h) / longest

    def reset(self, h):
        return h.tolist()


class AbsNormalize(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class GlobalNormalize(AbsNormalize):
    def forward(self, x):
        return (x - x.mean()) / x.std()


class AbsHead:
    def project(self, h: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class LinearHead(AbsHead):
    def __init__(self, weight: torch.Tensor):
        self.weight = weight

    def project(self, h):
        return h @ self.weight


class SpeechModel(nn.Module):
    def __init__(self, predictor: AbsPredictor, head: AbsHead, normalize: Optional[AbsNormalize] = None):
        super().__init__()
        self.predictor = predictor
        self.head = head
        self.normalize = normalize

    def forward(self, x):
        if self.normalize is not None:
            x = self.normalize(x)
        return self.head.project(self.predictor.step(x))


def example():
    model = SpeechModel(LengthPredictor(8), LinearHead(torch.randn(8, 8)), GlobalNormalize())
    return model, (torch.randn(2, 8) + 3.0,)
