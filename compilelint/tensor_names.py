"""The names of torch's tensor types, as annotations and base classes spell them: plain data, no parser (the
project-wide solve (summaries.py) reads them in a warm run, which loads no libcst), and which torch functions and tensor
methods return tensors, for the engine and the ast index alike."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import AbstractSet, Callable, Dict, FrozenSet, List, Optional

TENSOR_ANNOTATIONS = frozenset({"torch.Tensor", "torch.nn.Parameter", "torch.FloatTensor", "torch.LongTensor",
                                "torch.nn.parameter.Parameter", "torch.nn.Buffer", "torch.BoolTensor"})
# annotations that say a tensor holds booleans: indexing by one is a boolean-mask read
BOOL_TENSOR_ANNOTATIONS = frozenset({"torch.BoolTensor", "torch.cuda.BoolTensor"})
# the legacy typed tensors: torch.ByteTensor, torch.cuda.HalfTensor...
TENSOR_TYPE_NAMES = frozenset(["Tensor"] + [f"{dtype}Tensor" for dtype in
                                            "Byte Char Short Int Long Half Float Double Bool BFloat16".split()])
TYPED_TENSORS = frozenset(f"{module}.{name}" for module in ("torch", "torch.cuda") for name in TENSOR_TYPE_NAMES
                          if name != "Tensor")
# torch classes whose instances a store holds as values, not as submodules: `self.sizes = torch.LongTensor()` is a
# tensor
VALUE_CLASSES = frozenset({"torch.Size", "torch.dtype", "torch.device", "torch.Generator",
                           "torch.Tensor"}) | TYPED_TENSORS
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


# Tensor methods (and torch functions) that return a tuple or list of tensors, not one tensor.
TUPLE_RESULTS = frozenset(
    "split chunk unbind tensor_split hsplit vsplit dsplit topk sort kthvalue mode median_with_indices "
    "meshgrid broadcast_tensors aminmax frexp slogdet lu qr svd eig eigh lstsq histogram".split()
)
# torch.* functions whose result is not a tensor (or not known to be one).
NON_TENSOR_TORCH = frozenset(
    "is_tensor is_storage is_floating_point is_complex is_nonzero is_same_size numel is_grad_enabled "
    "is_inference_mode_enabled "
    "is_inference "
    "get_default_dtype get_default_device manual_seed seed initial_seed set_grad_enabled no_grad enable_grad "
    "inference_mode compile cond Size dtype device "
    "Generator finfo iinfo typename is_autocast_enabled set_printoptions use_deterministic_algorithms "
    "get_num_threads set_num_threads autocast result_type promote_types can_cast broadcast_shapes "
    "equal allclose".split()
)
# Tensor methods whose result is not a tensor.
NON_TENSOR_METHODS = frozenset(
    "dim size numel item tolist is_contiguous data_ptr stride element_size get_device is_floating_point "
    "is_complex nelement ndimension storage_offset is_inference is_pinned is_shared is_set_to type "
    "untyped_storage dim_order __len__ __bool__ __int__ __float__ numpy equal allclose is_nonzero is_same_size".split()
)


@functools.lru_cache(maxsize=None)
def data_words(filename: str) -> FrozenSet[str]:
    """The words of a list in compilelint/data (lines starting with # are comments)."""
    text = (Path(__file__).parent / "data" / filename).read_text(encoding="utf-8")
    return frozenset(word for line in text.splitlines() if not line.startswith("#") for word in line.split())


def tensor_method_names() -> FrozenSet[str]:
    return data_words("tensor_method_names.txt")


def torch_function_returns_tensor(short: str, positional: int, keywords: AbstractSet[str]) -> bool:
    """`torch.<short>(...)` with that many positional arguments and these keywords returns one tensor: a function's
    result, or a tensor type's constructor (`torch.LongTensor()`, `torch.FloatTensor(3, 4)`)."""
    if short in TENSOR_TYPE_NAMES:
        return True
    if short in NON_TENSOR_TORCH or short in TUPLE_RESULTS or short[:1].isupper():
        return False
    if short.startswith(("is_", "are_")):  # settings queries (`torch.are_deterministic_algorithms_enabled()`)
        return False
    if short in ("max", "min", "median"):  # with a dim they return (values, indices)
        return positional == 1 and "dim" not in keywords
    if short == "where":  # one-argument where returns a tuple of index tensors
        return positional == 3
    if keywords & {"as_tuple", "return_inverse", "return_counts"}:
        return False
    return True


def returns_tensor_method(name: str) -> bool:
    """A tensor method that returns one tensor (`x.flip(0)`, `x.to(device)`), whatever its arguments."""
    return name in tensor_method_names() and name not in NON_TENSOR_METHODS and name not in TUPLE_RESULTS \
        and name not in ("max", "min", "median", "unique")


# torch's parameter and buffer classes: what a call of one holds is a tensor
PARAMETER_CLASSES = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.Buffer"})


def stored_tensors(stores: Dict[str, List[object]],
                   strong: Callable[[object, FrozenSet[str]], bool]) -> Dict[str, bool]:
    """ClassInfo.stored_tensors from what a class stores in each attribute (a value; True: a tensor registered with
    `register_buffer`; None: no evidence, as an item of a tuple unpacked). `strong(value, attrs)`: the value is a tensor
    by strong evidence, reading `self.a` for `a` in `attrs` as one. The tensors: of the attributes that some chain of
    stores makes a tensor from a tensor of no attribute, the greatest set whose every store is one where the others are
    (`self.sigmas = self.sigmas.to(device)` after `self.sigmas = torch.tensor(s)`; never two stored only from each
    other)."""
    def holds(value: object, attrs: FrozenSet[str]) -> bool:
        return value is True or value is not None and strong(value, attrs)

    tensors: FrozenSet[str] = frozenset()
    while True:  # the least set of attributes with a store that is a tensor where they are
        grown = frozenset(attr for attr, values in stores.items() if any(holds(v, tensors) for v in values))
        if grown == tensors:
            break
        tensors = grown
    while True:  # less those with a store that is not
        kept = frozenset(attr for attr in tensors if all(holds(v, tensors) for v in stores[attr]))
        if kept == tensors:
            return {attr: attr in tensors for attr in stores}
        tensors = kept
