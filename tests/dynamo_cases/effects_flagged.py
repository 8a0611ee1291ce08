"""Spellings of the side-effect and unsupported-construct patterns beyond the catalogue's examples: each
marked line is flagged, and dynamo breaks there with an id the rule predicts."""

import binascii
import copy
import datetime
import functools
import hashlib
import random
import sys
import time
import warnings
from functools import partial
from pathlib import Path

import torch
from scipy.fftpack import next_fast_len
from torch import nn


_warn_future = partial(warnings.warn, category=FutureWarning)
_say = functools.partial(print, flush=True)


class Head(nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1


class Spellings(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.traced = torch.jit.trace(Head(), torch.randn(2, 8))
        self.register_buffer("zeros", torch.tensor(0.0), persistent=False)

    def forward(self, x):
        h = self.proj(x)
        self.stamp = datetime.datetime.now()  # expect: CL132
        h = h + time.monotonic() * 0  # expect: CL132
        order = [1, 2, 3]
        random.shuffle(order)  # expect: CL133
        h = h * random.gauss(1.0, 0.0)  # expect: CL133
        h = h + torch.initial_seed() * 0  # expect: CL134
        noise = torch.rand(h.shape, generator=torch.Generator().manual_seed(1))  # expect: CL134
        sys.stdout.write("")  # expect: CL139
        h = h + copy.copy(noise)  # expect: CL144
        h = nn.LayerNorm(8)(h)  # expect: CL145
        ranked = sorted([x.sum(), noise.sum()])  # expect: CL148
        rows = [h[0], h[1]]
        rows.sort(key=lambda t: t.sum())  # expect: CL148
        if torch.is_inference_mode_enabled():  # expect: CL149
            h = h * 2
        if torch.is_inference(h):  # expect: CL149
            h = h * 2
        buf = torch.empty(0)
        buf.resize_as_(h)  # expect: CL150
        salt = hashlib.md5(b"block").digest_size  # expect: CL153
        salt = salt + binascii.crc32(b"block") % 7  # expect: CL153
        salt = salt + next_fast_len(h.shape[-1] + 3)  # expect: CL153
        self.proj.register_full_backward_hook(lambda module, grad_in, grad_out: None)  # expect: CL154
        h = self.traced(h)  # expect: CL142
        flag = h.detach()
        flag.requires_grad = True  # expect: CL146
        h = h + ranked[0] + rows[0] + salt + flag
        return (self.percent(h) + self.read(h) + self.hashed(h) + self.converted(h) + self.warned(h)
                + self.regularised(h))

    def side_loss(self, h: torch.Tensor):
        side = self.zeros.requires_grad_()  # expect: CL146
        # the buffer keeps the flag: it requires grad already, a no-op that compiles
        later = self.zeros.requires_grad_()
        return h + side + later

    def regularised(self, h: torch.Tensor):
        h = self.side_loss(h)
        return h + self.zeros.requires_grad_()  # side_loss always set it first: no break

    def warned(self, h: torch.Tensor):
        _warn_future("this layer is deprecated")  # expect: CL131
        _say("step")  # expect: CL131
        return h

    def percent(self, h: torch.Tensor):
        return h * len("%s" % (h * 2))  # expect: CL137

    def converted(self, h: torch.Tensor):
        return h * len(f"{(h * 2)!s}")  # expect: CL137

    def hashed(self, h: torch.Tensor):
        return h * (hash(h * 2) % 3)  # expect: CL138

    def read(self, h: torch.Tensor):
        return h * len(Path(__file__).read_text())  # expect: CL135


def example():
    return Spellings(), (torch.randn(2, 8),)
