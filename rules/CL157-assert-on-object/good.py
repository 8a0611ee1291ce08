import torch
from torch import Tensor, nn


class Scale:
    def __init__(self, factor: float):
        self.factor = factor


def stack_all(*parts: Tensor) -> Tensor:
    assert len(parts) > 0, "nothing to stack"
    return torch.stack(parts)


def apply_scales(x: Tensor, *scales: Scale) -> Tensor:
    assert len(scales) > 0
    for scale in scales:
        x = x * scale.factor
    return x


def scaled(x: Tensor, *factors: float) -> Tensor:
    assert factors, "no factors"  # a tuple of floats is a constant: the assert compiles away
    return x * sum(factors)


def compose(x: Tensor, *transforms: torch.distributions.Transform) -> Tensor:
    assert len(transforms) > 0, "no transforms"
    for transform in transforms:
        x = transform(x)
    return x


def resized(x: Tensor, *shapes: torch.Size) -> Tensor:
    assert shapes, "no shapes"  # torch.Size is a tuple of ints: a constant
    return x.reshape(shapes[0])


class Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)])

    def forward(self, x):
        assert self.layers is not None, "no layers"
        assert x.dim() == 2, "expects a batch of vectors"
        for layer in self.layers:
            x = layer(x)
        h = scaled(compose(apply_scales(x, Scale(0.5), Scale(2.0)), torch.distributions.ExpTransform()), 1.0, 2.0)
        h = resized(h, torch.Size([2, 8]))
        return stack_all(h, h)


def example():
    return Blocks(), (torch.randn(2, 8),)
