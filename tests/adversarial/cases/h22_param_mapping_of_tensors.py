"""A dispersion-style energy takes its damping parameters as `dict[str, Tensor]` (tad-dftd3) and hands them to
helpers: testing an item's value is a tensor condition (GB0170). Membership and truth tests of the mapping itself,
items read as tensors, and a `dict[str, int]` of sizes compile."""
from typing import Dict, Mapping

import torch
from torch import Tensor


def three_body(distances: Tensor, param: dict[str, Tensor]) -> Tensor:
    if "s9" in param and param["s9"] != 0.0:  # expect: CL101
        return -param["s9"] / distances.pow(9)
    return torch.zeros_like(distances)


def damping(distances: Tensor, param: Mapping[str, Tensor], sizes: Dict[str, int]) -> Tensor:
    scale = param["a1"] * distances + param["a2"]
    if sizes["atoms"] > 2:
        scale = scale * sizes["atoms"]
    if param["a1"] > 0.5:  # expect: CL101
        scale = scale * 2
    return distances / scale


@torch.compile(backend="eager")
def dispersion(distances: Tensor, param: dict[str, Tensor]) -> Tensor:
    if not param:
        return distances.sum()
    energy = -param["s6"] / distances.pow(6) + three_body(distances, param)
    return (energy + damping(distances, param, {"atoms": 3})).sum()


def example():
    param = {"s6": torch.tensor(1.0), "s9": torch.tensor(0.5), "a1": torch.tensor(0.4), "a2": torch.tensor(4.0)}
    return dispersion, (torch.rand(5) + 1.0, param)
