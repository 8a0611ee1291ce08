"""A generator function under `@torch.inference_mode()` whose body breaks first (`.item()`, as litgpt's `generate_fn`,
held-out group 4): dynamo gives up on the frame at that break, inside the generator, and never traces its end, so the
loop that runs it to its end is no break of its own (grad_mode_generators.py says when it is)."""
import torch
from torch import nn


@torch.inference_mode()
def tokens(logits, steps):
    for _ in range(steps):
        token = logits.argmax()
        yield token.item()  # expect: CL111


class Decode(nn.Module):
    def forward(self, logits):
        return torch.tensor(list(tokens(logits, 3)))


def example():
    return Decode(), (torch.randn(8),)
