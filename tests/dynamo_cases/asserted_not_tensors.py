"""A name asserted to be an instance of Python types (`assert isinstance(shape, (tuple, list))`) is no tensor in the
rest of the function body, whatever its callers are assumed to pass: on a tensor the assert fails in eager code too.
Guided diffusion's sampling loop takes the shape of the batch from a compiled root, asserts it is a tuple or list and
sizes the timesteps of an image-to-image start with its first item (`th.ones([shape[0]], ...) * indices[0]`). Nothing
here breaks under dynamo."""
import torch

from compilelint import Example


def _first_steps(shape, init, steps):
    assert isinstance(shape, (tuple, list))
    t = torch.ones([shape[0]], dtype=torch.long) * steps[0]
    return init * t.view(-1, 1)


def sample(shape, init):
    return _first_steps(shape, init, [3, 2, 1])


compiled_sample = torch.compile(sample)


def draw(init):
    return compiled_sample((2, 3), init)


def example():
    return Example(draw, (torch.randn(2, 3),))
