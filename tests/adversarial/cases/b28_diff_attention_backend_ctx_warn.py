"""An attention module runs its kernel inside a user context manager that selects an attention backend (a
class with `__enter__`/`__exit__` swapping a module-level setting); when the requested backend is missing the
processor warns from inside the `with` block."""
import warnings

import torch
import torch.nn.functional as F
from torch import nn

_ACTIVE_BACKEND = {"name": "native"}
_AVAILABLE = ("native", "math")


class attention_backend:
    def __init__(self, name):
        self.name = name
        self.prev = None

    def __enter__(self):
        self.prev = _ACTIVE_BACKEND["name"]
        _ACTIVE_BACKEND["name"] = self.name
        return self

    def __exit__(self, *exc):
        _ACTIVE_BACKEND["name"] = self.prev
        return False


class Attention(nn.Module):
    def __init__(self, dim=4, backend="flash"):
        super().__init__()
        self.to_qkv = nn.Linear(dim, dim * 3)
        self.backend = backend

    def forward(self, x):
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        with attention_backend(self.backend):
            if _ACTIVE_BACKEND["name"] not in _AVAILABLE:  # known-fp: CL208
                warnings.warn(f"attention backend {self.backend} unavailable, using native")  # expect: CL131
            out = F.scaled_dot_product_attention(q, k, v)
        return out


def example():
    return Attention(), (torch.randn(1, 3, 4),)
