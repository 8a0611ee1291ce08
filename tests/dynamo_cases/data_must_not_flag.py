"""Data-dependent look-alikes that compile without a graph break (behavior.md §1, §3-§5, §7).

Linted to zero findings and run under dynamo to zero breaks (tests/test_must_not_flag_data.py).
"""

import math
from typing import Dict, List

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


def unreached_helper(x):
    """Never called from compiled code: free to read tensor data."""
    return x.nonzero().tolist(), torch.unique(x), x[x > 0], math.sqrt(x.sum())


class Conditions(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.use_bias = True

    def forward(self, x, mask=None, eos=None):
        h = self.proj(x)
        if x.shape[0] > 2 and x.dim() == 2 and len(x) > 1:
            h = h + 1
        if mask is not None:
            h = h * mask
        if h == None or mask != None:  # a tensor compared with None by value: False, True, no data read
            h = h + 1
        if eos is not None and (h.argmax(-1) == eos).all():  # an option left at its default: never evaluated
            h = h + 1
        if isinstance(x, torch.Tensor) and self.training:
            h = h * 2
        if self.use_bias and x.dtype == torch.float32:
            h = h - 1
        if torch.are_deterministic_algorithms_enabled() or x.is_cuda:  # settings queries are Python bools
            h = h + 1
        if np.iinfo(np.int32).max > 2:
            h = h + 1  # numpy functions that give Python values compile
        if np.issubdtype(np.float32, np.floating):
            h = h + 1
        if x.dim() != 2:
            raise ValueError(f"expected a matrix, got {x.shape}")
        assert (h.abs() < 1e6).all(), "activations exploded"
        return h


class Values(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("table", torch.linspace(0.5, 2.0, 4))
        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])
        self.sizes = [2, 1, 1]

    def forward(self, x, y, labels, idx, n):
        doubled = torch.from_numpy(np.tanh(x.detach().numpy()) * 2)
        x = x.clone()
        x[x > 2] = 2.0
        x[(x > 1).triu(1)] = 1.0  # a write through a triangular mask compiles (mlipops' neighbour list)
        kept, dropped = torch.zeros_like(x), torch.zeros_like(x)
        kept[x > 0], dropped[x <= 0] = y.sum(), y.mean()  # mask writes unpacked from a tuple (nflows' splines)
        biggest = max(x.sum(), y.sum())
        pair = torch.tensor([x.sum(), y.mean()])
        picked = torch.where(x > 0, x, y)
        branch = torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (y,))
        rows = x[torch.arange(x.shape[0]), x.argmax(1)]
        scale = math.sqrt(x.shape[-1]) * math.prod([x.shape[i] for i in (0, 1)]) / math.prod(x.shape)
        for i in range(len(self.blocks)):
            y = self.blocks[i](y)
        for _ in range(n):
            y = torch.tanh(y)
        head = x[:n] + x[: x.shape[0] // 2 + 1][:n]
        chunks = torch.split(x, self.sizes)
        onehot = F.one_hot(labels, num_classes=4).sum(0)
        pos = torch.arange(x.shape[1]) + torch.zeros(n).sum()
        wide = x.repeat_interleave(2, dim=0)
        looked_up = self.table[idx]
        if not torch.compiler.is_compiling():
            print(x.tolist(), x[x > 0].nonzero())
        return (doubled.sum() + biggest + pair.sum() + picked.sum() + branch.sum() + rows.sum() * scale
                + head.sum() + chunks[0].sum() + onehot.sum() + pos.sum() + wide.sum() + looked_up + y.sum()
                + kept.sum() + dropped.sum())


class Inputs(nn.Module):
    """A 0-dim tensor that the graph receives is specialized on its value (a recompile per value, no break)."""

    def forward(self, x, n: torch.Tensor):
        pos = torch.arange(n) + torch.zeros(n)
        return x.reshape(n, -1).sum() * math.sqrt(n) + pos.sum() + x.topk(n, dim=-1).values.sum()


def node_heads(data: Dict[str, torch.Tensor], properties: List[str]) -> torch.Tensor:
    """A string searched for is a key or an item, never Tensor.__contains__ (which raises on one)."""
    heads = data["head"][data["batch"]] if "head" in data else torch.zeros_like(data["batch"])
    return heads * 2 if "forces" in properties and "stress" not in properties else heads


class Graphs(nn.Module):
    def forward(self, data: Dict[str, torch.Tensor]):
        return node_heads(data, ["forces"]).sum()


class CountedSteps(nn.Module):
    """An int input compared with a number stays an int: a tensor attribute read of another name, or of the same
    name behind a type test, says nothing of it (dynamo specializes the int, no break)."""

    def forward(self, x, n):
        if n > 1:
            x = x * x.shape[0]
        scale = n.numel() if isinstance(n, torch.Tensor) else n
        return x.sum() * scale


class TypeNarrowed(nn.Module):
    """In a branch a type test says holds no tensor, converting the name reads no tensor data: on a tensor the test
    is decided while tracing and the branch is dropped."""

    def forward(self, x, n):
        h = x * 2
        if not isinstance(h, torch.Tensor):
            h = torch.tensor(float(h))
        total = x.sum()
        if torch.is_tensor(total):
            total = total + n
        else:
            total = int(total) + n
        if isinstance(total, (int, float)) and n > 1:
            h = h * float(total)
        return h.sum() * total


def _ranked(energies):
    # returns indices, not a comparison: indexing with them keeps the shape
    return energies.argsort()


def _within(energies, bound: float):
    # a comparison of numbers: no mask (only this helper's callers that pass numbers)
    return bound > 0 and bound < 10


class RankedMoves(nn.Module):
    def forward(self, x):
        energies = x.sum(1)
        order = _ranked(energies)
        return x[order] * 2 if _within(energies, 2.0) else x[_ranked(energies)]


class NestedHelpers(nn.Module):
    """Defs nested in forward that return no tensor on some path (a count, None off their end, a generator): their
    calls are not taken for tensors."""

    def forward(self, x):
        def width(t):
            if t.dim() > 1:
                return t.shape[-1]
            return t.numel()

        def first_row(t):
            if t.dim() > 1:
                return t[0]

        def rows(t):
            for row in t:
                return row
            yield t

        wide = bool(width(x) > 4)
        row = first_row(x)
        kept = float(sum(1 for _ in rows(x)))
        return x * kept if wide and row is not None else x


class AllCases(nn.Module):
    def __init__(self):
        super().__init__()
        self.conditions = Conditions()
        self.values = Values()
        self.inputs = Inputs()
        self.graphs = Graphs()
        self.counted_steps = CountedSteps()
        self.type_narrowed = TypeNarrowed()
        self.ranked_moves = RankedMoves()
        self.nested_helpers = NestedHelpers()

    def forward(self, x, y, labels, idx, n, batch):
        return (self.conditions(x).sum() + self.values(x, y, labels, idx, n) + self.inputs(x, idx)
                + self.graphs(batch) + self.counted_steps(x, n) + self.type_narrowed(x, n) + self.ranked_moves(x).sum()
                + self.nested_helpers(x).sum())


def example():
    return AllCases(), (torch.randn(4, 8), torch.randn(4, 8), torch.tensor([0, 3, 1, 2]), torch.tensor(2), 2,
                        {"batch": torch.tensor([0, 0, 1, 1]), "head": torch.tensor([1, 0])})
