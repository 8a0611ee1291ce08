"""Side-effect and unsupported-construct look-alikes that dynamo compiles: one graph, no break, no finding."""

import contextlib
import copy
import functools
import inspect
import os
import random

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class _Skip(Exception):
    pass


class _Depth:
    def __init__(self, owner):
        self.owner = owner

    def __enter__(self):
        self.owner.depth += 1
        return self

    def __exit__(self, *exc):
        self.owner.depth -= 1
        return False


@contextlib.contextmanager
def _scoped(owner):
    owner.depth += 1
    try:
        yield
    finally:
        owner.depth -= 1


@functools.lru_cache(maxsize=None)
def _inverse_sqrt(n):
    return n ** -0.5


def _chunks(x):
    for chunk in x.chunk(2, dim=-1):
        yield chunk * 2


def _double(x):
    return x * 2


@torch.jit.script
def _scripted_scale(x):
    return x * 2


class Quiet(nn.Module):
    def __init__(self):
        super().__init__()
        print("built once, outside the compiled region")
        self.proj = nn.Linear(8, 8)
        self.cell = nn.GRUCell(8, 8)
        self.cache = []
        self.stats = {}
        self.cfg = [1.0, 2.0]
        self.name = "block0"
        self.depth = 0

    def _maybe_raise(self, x):
        if x.dim() == 2:
            raise _Skip("2d")
        return x

    def forward(self, x):
        h = self.proj(x)
        buffers = []
        buffers.append(h)  # local list and dict mutation
        table = {"h": h}
        table["g"] = h * 2
        self.cache.append(h.detach())  # attribute list and dict mutation
        self.stats["mean"] = h.mean().detach()
        setattr(self, "last_h", h.detach())
        try:
            h = self._maybe_raise(h)
        except _Skip:
            h = h * 3
        h = torch.stack(list(_chunks(h)), 0).sum(0).repeat(1, 2)
        with _scoped(self):
            h = h + 1
        with _Depth(self):
            h = h - 1
        with contextlib.nullcontext():
            h = h * 1
        h = h * _inverse_sqrt(h.shape[-1])
        if os.environ.get("COMPILELINT_NEVER_SET") == "1":
            h = h * 0
        if h.requires_grad:
            h.register_hook(lambda grad: grad * 0.5)
        h = checkpoint(_double, h, use_reentrant=False)
        torch.set_grad_enabled(True)
        cfg = copy.deepcopy(self.cfg)
        salt = hash(self.name) % 3 + hash(tuple(h.shape)) % 5
        arity = len(inspect.signature(self.proj.forward).parameters)
        k = h.shape[-1]

        def scale(t):
            return t * k

        h = scale(h) + cfg[1] + salt + arity
        unique = {h, x}
        h = h * len(unique)
        h = self.cell(h, x)  # the Cell modules compile; only nn.LSTM/GRU/RNN do not
        h = nn.ReLU()(h)  # parameter-free layers built in forward are fine
        h = _scripted_scale(h)  # a scripted *function* compiles
        h = h.detach().requires_grad_(False)
        jitter = random.uniform(0.9, 1.1)  # dynamo replays uniform, randint and randrange
        torch.seed()
        self.text = f"{h.shape} {h.dtype} {h.shape[0]}"
        f"{h.mean()}"  # an f-string of a tensor compiles while the text is not used
        h.data_ptr()  # a read that is never compared
        ordered = sorted([h, x[:1]], key=lambda t: t.shape[0])
        return ordered[-1] * jitter


def example():
    return Quiet(), (torch.randn(2, 8),)
