"""CL172 (a hook handed to `Tensor.register_hook` in compiled code changes state from outside it): which hooks and
which stores it reports. The rule's bad.py/good.py prove them under dynamo (GB0067 on an attribute store, an append to a
kept list and a dict item written by a hook nested in forward; none for hooks that only compute); the case is txv's
(held-out group 72): its ViT's attention saves the gradient of the attention map from a hook for explanations."""

from __future__ import annotations

from tests.helpers import lint_text

SAVING_ATTENTION = '''
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.attn_gradients = None
        self.grads = []

    def save_attgradients(self, grad):
        self.attn_gradients = grad

    def keep(self, grad):
        self.grads.append(grad)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn.register_hook(self.save_attgradients)
        attn.register_hook(self.keep)
        return attn @ v
'''


def test_a_method_hook_storing_on_the_module_or_growing_its_list(tmp_path):
    findings = lint_text(tmp_path, SAVING_ATTENTION, codes=["CL172"])
    assert [f.start.row for f in findings] == [14, 17]


def test_a_hook_nested_in_forward_writing_into_the_modules_dict(tmp_path):
    findings = lint_text(tmp_path, '''
import torch
from torch import nn


class Recorder(nn.Module):
    def __init__(self):
        super().__init__()
        self.store = {}

    def forward(self, x):
        h = x * 2

        def record(grad):
            scaled = grad * 2
            self.store["h"] = scaled

        h.register_hook(record)
        return h
''', codes=["CL172"])
    assert [f.start.row for f in findings] == [16]


def test_hooks_that_only_compute_clear_or_write_into_an_input_are_quiet(tmp_path):
    findings = lint_text(tmp_path, '''
import torch
from torch import nn


class Quiet(nn.Module):
    def __init__(self):
        super().__init__()
        self.grad = None

    def scale(self, grad):
        scaled = grad * 0.5
        return scaled

    def clear(self, grad):
        self.grad = None

    def forward(self, x, store):
        h = x * 2
        h.register_hook(self.scale)
        h.register_hook(self.clear)
        h.register_hook(lambda grad: grad.clamp(-1, 1))

        def record(grad):
            store["h"] = grad

        h.register_hook(record)
        self.last = h.detach()
        return h
''', codes=["CL172"])
    assert findings == []


def test_a_method_registered_only_in_init_runs_in_the_eager_backward(tmp_path):
    findings = lint_text(tmp_path, '''
import torch
from torch import nn


class Clipped(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.norms = []
        self.lin.weight.register_hook(self.log_norm)

    def log_norm(self, grad):
        self.norms.append(grad.norm())

    def forward(self, x):
        return self.lin(x)
''', codes=["CL172"])
    assert findings == []


def test_only_the_first_change_of_a_hooks_own_body(tmp_path):
    findings = lint_text(tmp_path, '''
import torch
from torch import nn


class Twice(nn.Module):
    def save(self, grad):
        self.g = grad
        self.n = grad.norm()

    def forward(self, x):
        h = x * 2
        h.register_hook(self.save)
        return h
''', codes=["CL172"])
    assert [f.start.row for f in findings] == [8]
