"""Objects a compiled function is handed through a parameter whose annotation names their type, the generation-loop
idiom (`logits_constraint: LogitsConstraint | None = None`, then `logits = logits_constraint(step, ids, logits)`),
made by the caller: nothing in the compiled code says which class they are but the annotation.
`Optional[Temperature]` holds a Temperature wherever it is not None: calling it runs Temperature.__call__. A
typing.Protocol is no class of its own objects: calling an object typed with one runs the `__call__` of the project's
classes that implement it (each method it declares), whether or not they derive from it (regions.py,
ProjectIndex.implementations). A class that lacks one of the protocol's methods (Halve, no `describe`) is none of
its objects: not flagged, and dynamo never runs it."""
from __future__ import annotations

from typing import Optional, Protocol

import torch

from compilelint import Example


class LogitsRule(Protocol):
    def __call__(self, step: int, logits: torch.Tensor) -> torch.Tensor: ...

    def describe(self) -> str: ...


class BanFirst:  # a LogitsRule without deriving from it
    def __call__(self, step, logits):
        if torch.amax(logits) > 10:  # expect: CL101
            return logits
        return logits.index_fill(-1, torch.tensor([0]), float("-inf"))

    def describe(self):
        return "ban the first token"


class Halve:  # no describe: no LogitsRule
    def __call__(self, step, logits):
        if torch.amin(logits) < -10:  # never called in compiled code: not flagged
            return logits
        return logits / 2


class Temperature:
    def __init__(self, value):
        self.value = value

    def __call__(self, step, logits):
        if torch.std(logits) > 5:  # expect: CL101
            return logits
        return logits / self.value


def decode(logits, rule: LogitsRule | None = None, temperature: Optional[Temperature] = None):
    if temperature is not None:
        logits = temperature(0, logits)
    if rule is not None:
        logits = rule(0, logits)
    return logits.softmax(-1)


fast_decode = torch.compile(decode)


def halved(logits):
    return Halve()(0, logits)  # eager only


def example():
    return Example(decode, (torch.randn(2, 8), BanFirst(), Temperature(0.7)))
