"""A decoder family typed with generics (texar's `TransformerDecoder(DecoderBase[Cache, Output])`): the decoding loop
lives in the generic base, whose subscripted spelling in the subclass's bases is still that class (Python's
`__mro_entries__`), so the subclass is a module and `self.dynamic_decode(...)` in its forward runs the base's
stopping test, an `.item()`.
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
        finished = inputs.sum(-1) > 100
        if torch.all(finished).item():  # expect: CL111
            return inputs.unsqueeze(1)
        return torch.stack([self.step(inputs, time) for time in range(max_length)], 1)


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
