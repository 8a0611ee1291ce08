"""A decoder family typed with generics (texar's `TransformerDecoder(DecoderBase[Cache, Output])`): the decoding loop
lives in the generic base, whose subscripted spelling in the subclass's bases is still that class (Python's
`__mro_entries__`), so `self.dynamic_decode(...)` in the subclass's forward runs the base's loop and its `.item()`.
A method the base only names in a type parameter (`Generic[State, Output]`) is no base of anything."""
from typing import Generic, NamedTuple, TypeVar

import torch
from torch import nn

State = TypeVar("State")
Output = TypeVar("Output")


class DecoderOutput(NamedTuple):
    logits: torch.Tensor


class DecoderBase(nn.Module, Generic[State, Output]):
    def dynamic_decode(self, inputs, max_length):
        finished = torch.zeros(inputs.shape[0], dtype=torch.bool)
        outputs = []
        time = 0
        while not torch.all(finished).item() and time < max_length:  # expect: CL111
            step = self.step(inputs, time)
            outputs.append(step)
            finished = finished | (step.sum(-1) > 100)
            time += 1
        return torch.stack(outputs, 1)


class GreedyDecoder(DecoderBase[torch.Tensor, DecoderOutput]):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def step(self, inputs, time):
        return self.proj(inputs) + time

    def forward(self, inputs):
        return DecoderOutput(self.dynamic_decode(inputs, 3))


def example():
    return GreedyDecoder().eval(), (torch.randn(2, 4),)
