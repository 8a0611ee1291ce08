"""A module-level recorder made by a project factory whose methods share a logger's names (`debug`, `info`) but which
is declared to return the project's own class: nothing from logging runs, and dynamo traces its `debug` (an append to
a list it owns) without a break. A linter that takes every `x = make_*()` with a `debug` method for a logger is wrong."""
import torch
from torch import nn


class Recorder:
    def __init__(self):
        self.lines = []

    def debug(self, message, *args):
        self.lines.append(message)


def setup_logger(name: str) -> Recorder:
    return Recorder()


logger = setup_logger("losses")


class FocalLoss(nn.Module):
    def forward(self, logits, targets):
        probs = torch.sigmoid(logits)
        logger.debug("inside loss")
        weight = torch.where(targets > 0, 1 - probs, probs) ** 2
        return (weight * nn.functional.binary_cross_entropy(probs, targets, reduction="none")).mean()


def example():
    return FocalLoss(), (torch.randn(4, 3), torch.randint(0, 2, (4, 3)).float())
