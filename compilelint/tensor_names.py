"""The names of torch's tensor types, as annotations and base classes spell them: plain data, no parser (the
project-wide solve (summaries.py) reads them in a warm run, which loads no libcst)."""

from __future__ import annotations

from typing import Optional

TENSOR_ANNOTATIONS = frozenset({"torch.Tensor", "torch.nn.Parameter", "torch.FloatTensor", "torch.LongTensor",
                                "torch.nn.parameter.Parameter", "torch.nn.Buffer", "torch.BoolTensor"})
# annotations that say a tensor holds booleans: indexing by one is a boolean-mask read
BOOL_TENSOR_ANNOTATIONS = frozenset({"torch.BoolTensor", "torch.cuda.BoolTensor"})
# the legacy typed tensors: torch.ByteTensor, torch.cuda.HalfTensor...
TENSOR_TYPE_NAMES = frozenset(["Tensor"] + [f"{dtype}Tensor" for dtype in
                                            "Byte Char Short Int Long Half Float Double Bool BFloat16".split()])
TYPED_TENSORS = frozenset(f"{module}.{name}" for module in ("torch", "torch.cuda") for name in TENSOR_TYPE_NAMES
                          if name != "Tensor")
# libraries with a `Tensor` type of their own, not torch's
OTHER_TENSOR_LIBRARIES = frozenset("tensorflow tf paddle mindspore jax oneflow mxnet tinygrad".split())


def is_tensor_alias(name: Optional[str]) -> bool:
    """`from .types import Tensor` (`Tensor = torch.Tensor` in a project module): a name imported as `Tensor`, or as
    one of torch's typed tensors (pykeen's `LongTensor: TypeAlias = torch.Tensor`), from anywhere but another tensor
    library is torch's."""
    return bool(name) and name.rsplit(".", 1)[-1] in TENSOR_TYPE_NAMES and "." in name \
        and name.partition(".")[0] not in OTHER_TENSOR_LIBRARIES


def annotation_names_tensor(name: Optional[str]) -> bool:
    """A resolved annotation or base class that is torch's tensor type (or an alias of it)."""
    return name in TENSOR_ANNOTATIONS or name in TYPED_TENSORS or is_tensor_alias(name)
