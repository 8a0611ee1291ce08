"""A text-model project's utils module: a dynamo guard wrapped in a helper (with an import-time fallback),
`torch_int` that keeps a value symbolic while compiling, and a ModelOutput-like dataclass base. Imported by
the other b11_*hf* cases; its own example only runs the helpers inside a compiled forward."""
from dataclasses import dataclass, fields
from typing import Any, Optional, Tuple

import torch
from torch import nn

try:
    from torch.compiler import is_compiling as _dynamo_is_compiling
except ImportError:  # older torch
    def _dynamo_is_compiling():
        return False


def is_torchdynamo_compiling():
    """True while dynamo traces the caller: fast paths that read tensor values must be skipped then."""
    try:
        return _dynamo_is_compiling()
    except Exception:
        return False


def is_torch_fx_proxy(value):
    return isinstance(value, torch.fx.Proxy)


def torch_int(value):
    """`int(value)` in eager mode; while tracing, a tensor stays a tensor so the graph is not specialised."""
    return value.to(torch.int64) if is_torchdynamo_compiling() and isinstance(value, torch.Tensor) else int(value)


@dataclass
class ModelOutput:
    def to_tuple(self) -> Tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None)

    def __getitem__(self, index):
        return self.to_tuple()[index]


@dataclass
class BaseModelOutput(ModelOutput):
    last_hidden_state: Optional[torch.Tensor] = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None
    attentions: Optional[Tuple[torch.Tensor, ...]] = None


class _Probe(nn.Module):
    def forward(self, x):
        steps = torch_int(x.sum())
        if is_torchdynamo_compiling() or is_torch_fx_proxy(x):
            return BaseModelOutput(last_hidden_state=x * steps)
        return BaseModelOutput(last_hidden_state=x)


def example():
    return _Probe(), (torch.randn(2, 3),)
