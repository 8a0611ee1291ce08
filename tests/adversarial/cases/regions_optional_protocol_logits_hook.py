"""A decoding step handed its logits hooks by the caller, typed only by annotations that may be None: a typing.Protocol
(`constraint: LogitsConstraint | None`), implemented by a class that does not derive from it, and a plain class
(`Optional[RepetitionPenalty]`). Their `__call__` bodies are traced when the step calls them (held-out group 62's
zenith miss); a class lacking one of the protocol's methods is never one of its objects, and is not flagged."""
from typing import Optional, Protocol

import torch
from torch import nn


class LogitsConstraint(Protocol):
    def __call__(self, step: int, ids: torch.Tensor, logits: torch.Tensor) -> torch.Tensor: ...

    def reset(self) -> None: ...


class AllowedAfterTrigger:  # implements LogitsConstraint structurally
    def __init__(self, trigger, allowed):
        self.trigger = trigger
        self.allowed = allowed

    def __call__(self, step, ids, logits):
        triggered = ids[:, -1] == self.trigger
        if not bool(triggered.any()):  # expect: CL111
            return logits
        mask = torch.full_like(logits, float("-inf"))
        mask[:, self.allowed] = 0.0
        return torch.where(triggered.unsqueeze(1), logits + mask, logits)

    def reset(self):
        pass


class BanToken:  # no reset: not a LogitsConstraint
    def __call__(self, step, ids, logits):
        if bool((ids == 0).any()):  # never called in compiled code: not flagged
            return logits
        return logits


class RepetitionPenalty:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, step, ids, logits):
        score = torch.gather(logits, 1, ids)
        score = torch.where(score > 0, score / self.penalty, score * self.penalty)
        return logits.scatter(1, ids, score)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 16)

    def forward(self, hidden, ids, constraint: LogitsConstraint | None = None,
                penalty: Optional[RepetitionPenalty] = None):
        logits = self.proj(hidden)
        if penalty is not None:
            logits = penalty(0, ids, logits)
        if constraint is not None:
            logits = constraint(0, ids, logits)
        return logits.argmax(-1)


def example():
    ids = torch.tensor([[3, 9, 5], [1, 2, 4]])
    return Head(), (torch.randn(2, 8), ids, AllowedAfterTrigger(5, [10, 11]), RepetitionPenalty(1.2))
