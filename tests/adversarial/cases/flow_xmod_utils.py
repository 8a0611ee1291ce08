"""Helpers in another module of the project, reached only from flow_xmod_model's compiled forward."""
import logging

import torch

logger = logging.getLogger(__name__)


def normalize(x, eps=1e-6):
    return x / (x.norm(dim=-1, keepdim=True) + eps)


def scale_to_unit(x):
    peak = x.abs().max().item()  # expect: CL111
    return x / peak


def report(x):
    logger.info("norm %s", x.norm())  # expect: CL131
    return x


def unused_helper(x):
    return x.tolist()


def example():
    return flow_xmod_model.Model(), (torch.randn(2, 4),)


import flow_xmod_model  # noqa: E402  (after the helpers: the model imports this module back)
