"""A focal loss that logs through a module-level logger made by the project's own `setup_logger` (distinanet's idiom:
a helper annotated `-> logging.Logger` that configures handlers and returns `logging.getLogger(name)`): the name is a
logger, and its `debug` breaks even with the level disabled (GB0291)."""
import logging

import torch
from torch import nn


def setup_logger(name: str, level: str = "INFO") -> logging.Logger:
    logger = logging.getLogger(name)
    logger.setLevel(getattr(logging, level))
    return logger


logger = setup_logger("losses", "INFO")


class FocalLoss(nn.Module):
    def forward(self, logits, targets):
        probs = torch.sigmoid(logits)
        logger.debug("inside loss - batch classif %s", logits.shape)  # expect: CL131
        weight = torch.where(targets > 0, 1 - probs, probs) ** 2
        return (weight * nn.functional.binary_cross_entropy(probs, targets, reduction="none")).mean()


def example():
    return FocalLoss(), (torch.randn(4, 3), torch.randint(0, 2, (4, 3)).float())
