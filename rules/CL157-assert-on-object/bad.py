import torch
from torch import Tensor, nn


class Scale:
    def __init__(self, factor: float):
        self.factor = factor


def stack_all(*parts: Tensor) -> Tensor:
    assert parts, "nothing to stack"  # expect: CL157
    return torch.stack(parts)


def apply_scales(x: Tensor, *scales: Scale) -> Tensor:
    assert scales  # expect: CL157
    for scale in scales:
        x = x * scale.factor
    return x


def compose(x: Tensor, *transforms: torch.distributions.Transform) -> Tensor:
    assert transforms, "no transforms"  # expect: CL157
    for transform in transforms:
        x = transform(x)
    return x


class Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)])

    def forward(self, x):
        assert self.layers, "no layers"  # expect: CL157
        for layer in self.layers:
            x = layer(x)
        h = compose(apply_scales(x, Scale(0.5), Scale(2.0)), torch.distributions.ExpTransform())
        return stack_all(h, h)


def example():
    return Blocks(), (torch.randn(2, 8),)
