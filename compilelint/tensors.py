"""Which expressions are tensors: local inference, no torch import.

Three answers: TENSOR, NOT_TENSOR (ints, shapes, bools, None, strings, dtypes...) and UNKNOWN.
Rules fire on TENSOR only: unknown is unknown, and silence beats a guess.
"""

from __future__ import annotations

import enum
from typing import Dict, List, Optional, Set

import libcst as cst

from compilelint.facts import ClassInfo
from compilelint.names import ImportTable, dotted


class Kind(enum.Enum):
    TENSOR = "tensor"
    NOT_TENSOR = "not-tensor"
    UNKNOWN = "unknown"


TENSOR, NOT_TENSOR, UNKNOWN = Kind.TENSOR, Kind.NOT_TENSOR, Kind.UNKNOWN

# Tensor attributes that are not tensors (shape/dtype/device/flags).
NON_TENSOR_ATTRS = frozenset(
    "shape dtype device ndim is_cuda is_cpu is_sparse is_quantized is_meta requires_grad is_leaf "
    "layout names training itemsize nbytes".split()
)
TENSOR_ATTRS = frozenset("T mT H mH real imag grad data".split())
# Tensor methods whose result is not a tensor.
NON_TENSOR_METHODS = frozenset(
    "dim size numel item tolist is_contiguous data_ptr stride element_size get_device is_floating_point "
    "is_complex nelement ndimension storage_offset is_inference is_pinned is_shared is_set_to type "
    "untyped_storage dim_order __len__ __bool__ __int__ __float__ numpy equal allclose".split()
)
# Tensor methods (and torch functions) that return a tuple or list of tensors, not one tensor.
TUPLE_RESULTS = frozenset(
    "split chunk unbind tensor_split hsplit vsplit dsplit topk sort kthvalue mode median_with_indices "
    "meshgrid broadcast_tensors aminmax frexp slogdet lu qr svd eig eigh lstsq histogram".split()
)
# torch.* functions whose result is not a tensor (or not known to be one).
NON_TENSOR_TORCH = frozenset(
    "is_tensor is_storage is_floating_point is_complex is_nonzero numel is_grad_enabled is_inference_mode_enabled "
    "is_inference "
    "get_default_dtype get_default_device manual_seed seed initial_seed set_grad_enabled no_grad enable_grad "
    "inference_mode compile cond Size dtype device "
    "Generator finfo iinfo typename is_autocast_enabled set_printoptions use_deterministic_algorithms "
    "get_num_threads set_num_threads autocast result_type promote_types can_cast broadcast_shapes "
    "equal allclose".split()
)
# torch.* entries that are namespaces or classes, not tensor-returning functions.
NON_TENSOR_TORCH_PREFIXES = (
    "torch.nn.",
    "torch.jit.",
    "torch.compiler.",
    "torch._dynamo.",
    "torch.cuda.",
    "torch.backends.",
    "torch.distributed.",
    "torch.utils.",
    "torch.autograd.",
    "torch.optim.",
    "torch.testing.",
    "torch.library.",
    "torch.fx.",
    "torch.export.",
    "torch.amp.",
    "torch.cpu.",
    "torch.mps.",
    "torch.xpu.",
    "torch.types.",
    "torch.overrides.",
    "torch.func.",
    "torch.hub.",
    "torch.multiprocessing.",
    "torch.profiler.",
)
TENSOR_NAMESPACES = ("torch.nn.functional.", "torch.linalg.", "torch.fft.", "torch.special.", "torch.nn.init.")
# Builtins that return plain Python values.
NON_TENSOR_BUILTINS = frozenset(
    "len int float bool str repr isinstance issubclass hasattr callable id hash type range enumerate zip "
    "list tuple dict set frozenset sorted reversed round abs format getattr print".split()
)
# nn modules whose call returns a tuple.
TUPLE_MODULES = frozenset(
    "torch.nn.LSTM torch.nn.GRU torch.nn.RNN torch.nn.MultiheadAttention torch.nn.Transformer".split()
)
TENSOR_ANNOTATIONS = frozenset({"torch.Tensor", "torch.nn.Parameter", "torch.FloatTensor", "torch.LongTensor",
                                "torch.nn.parameter.Parameter", "torch.nn.Buffer", "torch.BoolTensor"})
# torch.float16, torch.long, torch.channels_last...: dtypes and layouts, never tensors
TORCH_CONSTANTS = frozenset(
    "float float16 float32 float64 half bfloat16 double int int8 int16 int32 int64 uint8 long short bool "
    "complex64 complex128 cfloat cdouble float8_e4m3fn float8_e5m2 strided sparse_coo channels_last "
    "contiguous_format preserve_format".split()
)
# torch.* predicates and queries: plain Python values
TORCH_PREDICATES = frozenset(
    "is_tensor is_floating_point is_complex is_grad_enabled is_inference_mode_enabled is_autocast_enabled "
    "get_default_dtype numel".split()
)
NON_TENSOR_ANNOTATIONS = frozenset({"int", "float", "bool", "str", "bytes", "None", "torch.Size", "torch.dtype", "torch.device"})


def annotation_kind(annotation: Optional[cst.Annotation], imports: ImportTable) -> Kind:
    if annotation is None:
        return UNKNOWN
    expr = annotation.annotation
    if isinstance(expr, cst.SimpleString):  # "torch.Tensor": a forward reference
        try:
            expr = cst.parse_expression(expr.evaluated_value)
        except (cst.ParserSyntaxError, TypeError):
            return UNKNOWN
    name = imports.resolve(expr)
    if name in TENSOR_ANNOTATIONS:
        return TENSOR
    if name in NON_TENSOR_ANNOTATIONS:
        return NOT_TENSOR
    return UNKNOWN


class TensorInference:
    """Kinds of expressions, given one function's local environment."""

    def __init__(self, imports: ImportTable, local_classes: Optional[Set[str]] = None) -> None:
        self.imports = imports
        self.local_classes = local_classes or set()
        # what this file's functions return ("helper", "Block.forward"), filled as the walk leaves them
        self.returns: Dict[str, Kind] = {}

    def kind(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> Kind:
        if isinstance(expr, cst.Name):
            if expr.value in ("True", "False", "None"):
                return NOT_TENSOR
            return env.get(expr.value, UNKNOWN)
        if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
                             cst.FormattedString, cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp,
                             cst.DictComp, cst.SetComp, cst.GeneratorExp, cst.Lambda)):
            return NOT_TENSOR
        if isinstance(expr, cst.Attribute):
            return self._attribute(expr, env, cls)
        if isinstance(expr, cst.Call):
            return self._call(expr, env, cls)
        if isinstance(expr, cst.BinaryOperation):
            return self._combine(self.kind(expr.left, env, cls), self.kind(expr.right, env, cls))
        if isinstance(expr, cst.UnaryOperation):
            if isinstance(expr.operator, cst.Not):
                return NOT_TENSOR
            return self.kind(expr.expression, env, cls)
        if isinstance(expr, cst.Comparison):
            return self._comparison(expr, env, cls)
        if isinstance(expr, cst.Subscript):
            return self._subscript(expr, env, cls)
        if isinstance(expr, cst.IfExp):
            body, orelse = self.kind(expr.body, env, cls), self.kind(expr.orelse, env, cls)
            return body if body == orelse else UNKNOWN
        if isinstance(expr, cst.BooleanOperation):
            left, right = self.kind(expr.left, env, cls), self.kind(expr.right, env, cls)
            return left if left == right else UNKNOWN
        if isinstance(expr, cst.NamedExpr):
            return self.kind(expr.value, env, cls)
        return UNKNOWN

    @staticmethod
    def _combine(left: Kind, right: Kind) -> Kind:
        if TENSOR in (left, right):
            return TENSOR
        if left == right == NOT_TENSOR:
            return NOT_TENSOR
        return UNKNOWN

    def _attribute(self, expr: cst.Attribute, env, cls) -> Kind:
        attr = expr.attr.value
        if isinstance(expr.value, cst.Name) and expr.value.value == "self" and cls is not None:
            if attr in cls.tensor_attrs:
                return TENSOR
            if attr in cls.non_tensor_attrs or attr == "training" or _holds_object(cls, attr):
                return NOT_TENSOR
            return UNKNOWN
        if attr in NON_TENSOR_ATTRS:
            return NOT_TENSOR
        if attr in TORCH_CONSTANTS and self.imports.resolve(expr) == f"torch.{attr}":
            return NOT_TENSOR
        base = self.kind(expr.value, env, cls)
        if attr in TENSOR_ATTRS and base == TENSOR:
            return TENSOR
        if base == NOT_TENSOR and not (cls is not None and _holds_object(cls, is_self_attr(expr.value))):
            return NOT_TENSOR  # x.device.type, x.dtype.is_floating_point: fields of plain values
        return UNKNOWN

    def _comparison(self, expr: cst.Comparison, env, cls) -> Kind:
        if any(isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in expr.comparisons):
            return NOT_TENSOR
        kinds = [self.kind(expr.left, env, cls)] + [self.kind(t.comparator, env, cls) for t in expr.comparisons]
        if TENSOR in kinds:
            return TENSOR
        if all(k == NOT_TENSOR for k in kinds):
            return NOT_TENSOR
        return UNKNOWN

    def _subscript(self, expr: cst.Subscript, env, cls) -> Kind:
        base = self.kind(expr.value, env, cls)
        if base == TENSOR:
            return TENSOR
        if base == NOT_TENSOR:
            # x.shape[0], x.size()[0], x.stride()[-1]: indexing sizes gives ints
            value = expr.value
            if isinstance(value, cst.Attribute) and value.attr.value in NON_TENSOR_ATTRS:
                return NOT_TENSOR
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                    and value.func.attr.value in ("size", "stride") and not value.args:
                return NOT_TENSOR
        return UNKNOWN

    def _call(self, expr: cst.Call, env, cls) -> Kind:
        func = expr.func
        if isinstance(func, cst.Attribute):
            receiver = self.kind(func.value, env, cls)
            method = func.attr.value
            if receiver == TENSOR:
                if method in NON_TENSOR_METHODS:
                    return NOT_TENSOR
                if method in TUPLE_RESULTS or (method in ("max", "min", "median", "unique") and expr.args):
                    return UNKNOWN
                return TENSOR
            if isinstance(func.value, cst.Name) and func.value.value in ("self", "cls") and cls is not None:
                sub = cls.submodules.get(method)
                if sub is not None and sub.startswith("torch.nn.") and sub not in TUPLE_MODULES:
                    return TENSOR
                # a method, or a module of this file, whose returns are known
                if sub is not None:
                    return self.returns.get(f"{sub}.forward", UNKNOWN)
                return self._method_returns(cls, method)
        name = self.imports.resolve(func)
        if name is None:
            return UNKNOWN
        if name in self.returns:  # a function of this file: helper(x), Class.static(x)
            return self.returns[name]
        if name in NON_TENSOR_BUILTINS:
            return NOT_TENSOR
        if name in ("max", "min") and len(expr.args) > 1 and all(
                a.keyword is None and not a.star and self.kind(a.value, env, cls) == TENSOR for a in expr.args):
            return TENSOR  # builtin max/min of tensors: dynamo makes it torch.maximum/minimum
        if name.startswith("torch.") and name[len("torch."):] in TORCH_PREDICATES:
            return NOT_TENSOR
        if name.startswith(TENSOR_NAMESPACES):
            return UNKNOWN if name.rsplit(".", 1)[-1] in TUPLE_RESULTS else TENSOR
        if name.startswith("torch.") and name.count(".") == 1:
            return self._torch_function(name[len("torch."):], expr)
        return UNKNOWN

    def _method_returns(self, cls: ClassInfo, method: str) -> Kind:
        """What `self.method(...)` returns, from this file's classes (the class, then its bases here)."""
        for owner in [cls.name] + cls.bases:
            key = f"{owner}.{method}"
            if key in self.returns:
                return self.returns[key]
        return UNKNOWN

    def elements_kind(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> Kind:
        """Kind of each element when `expr` is unpacked: tensors for topk/sort/split/chunk/max(dim)...
        of a tensor, or a literal tuple of tensors."""
        if isinstance(expr, (cst.Tuple, cst.List)):
            kinds = {self.kind(e.value, env, cls) for e in expr.elements}
            return kinds.pop() if len(kinds) == 1 else UNKNOWN
        if not isinstance(expr, cst.Call):
            return UNKNOWN
        func = expr.func
        if isinstance(func, cst.Attribute) and self.kind(func.value, env, cls) == TENSOR:
            method = func.attr.value
            if method in TUPLE_RESULTS or method in ("max", "min", "median", "unique"):
                return TENSOR
            if method in ("size", "stride"):
                return NOT_TENSOR
        name = self.imports.resolve(func) or ""
        short = name[len("torch."):] if name.startswith("torch.") else ""
        if short in TUPLE_RESULTS or short in ("max", "min", "median", "where", "unique") or \
                (name.startswith(TENSOR_NAMESPACES) and name.rsplit(".", 1)[-1] in TUPLE_RESULTS):
            return TENSOR
        return UNKNOWN

    @staticmethod
    def _torch_function(short: str, expr: cst.Call) -> Kind:
        positional = sum(1 for a in expr.args if a.keyword is None and not a.star)
        keywords = {a.keyword.value for a in expr.args if a.keyword is not None}
        if short in NON_TENSOR_TORCH or short in TUPLE_RESULTS or short[:1].isupper():
            return UNKNOWN
        if short.startswith(("is_", "are_")):  # settings queries (`torch.are_deterministic_algorithms_enabled()`)
            return UNKNOWN
        if short in ("max", "min", "median"):  # with a dim they return (values, indices)
            return TENSOR if positional == 1 and "dim" not in keywords else UNKNOWN
        if short == "where":  # one-argument where returns a tuple of index tensors
            return TENSOR if positional == 3 else UNKNOWN
        if keywords & {"as_tuple", "return_inverse", "return_counts"}:
            return UNKNOWN
        return TENSOR


def bound_names(target: cst.BaseExpression) -> List[str]:
    """The names an assignment target binds (`a`, `a, (b, *c)`)."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in bound_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return bound_names(target.value)
    return []


def bind_target(target: cst.BaseExpression, kind: Kind, env: Dict[str, Kind], element_kind: Kind = UNKNOWN) -> None:
    """Record `kind` for every name a target binds; unpacked names get `element_kind` (or NOT_TENSOR
    when the whole value holds no tensors)."""
    if isinstance(target, cst.Name):
        env[target.value] = kind
    elif isinstance(target, (cst.Tuple, cst.List)):
        element_kind = NOT_TENSOR if kind == NOT_TENSOR else element_kind
        for element in target.elements:
            bind_target(element.value, element_kind, env)
    elif isinstance(target, cst.StarredElement):
        bind_target(target.value, UNKNOWN, env)


def _holds_object(cls: ClassInfo, attr: Optional[str]) -> bool:
    """`self.attr = Block(...)` in __init__: a module or project object (not a tensor), whose own
    attributes (`self.norm.weight`) may well be tensors."""
    built = cls.submodules.get(attr) if attr else None
    return built is not None and not built.endswith("Tensor")


def is_self_attr(expr: cst.BaseExpression) -> Optional[str]:
    name = dotted(expr)
    if name and name.startswith("self.") and name.count(".") == 1:
        return name[5:]
    return None
