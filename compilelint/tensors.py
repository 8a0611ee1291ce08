"""Which expressions are tensors: local inference, no torch import.

Three answers: TENSOR, NOT_TENSOR (ints, shapes, bools, None, strings, dtypes...) and UNKNOWN.
Rules fire on TENSOR only: unknown is unknown, and silence beats a guess.
"""

from __future__ import annotations

import enum
from typing import Callable, Dict, FrozenSet, List, Optional, Set, Tuple, Union

import libcst as cst

from compilelint.facts import ClassInfo, FunctionFacts, fits_items
from compilelint.names import ImportTable, dotted
from compilelint.tensor_names import (BOOL_TENSOR_ANNOTATIONS, NON_TENSOR_METHODS, OTHER_TENSOR_LIBRARIES,
                                      TUPLE_RESULTS, annotation_names_tensor, tensor_method_names,
                                      torch_function_returns_tensor)


class Kind(enum.Enum):
    TENSOR = "tensor"
    NOT_TENSOR = "not-tensor"
    UNKNOWN = "unknown"


TENSOR, NOT_TENSOR, UNKNOWN = Kind.TENSOR, Kind.NOT_TENSOR, Kind.UNKNOWN

# A fact only the project-wide step can decide (summaries.py), as plain data:
#   ("param", "f", "x")             parameter x of this file's function f receives a tensor
#   ("passed", "f", "x")            ... by compiled code, an entry point's own input not taken for one
#   ("computed", "f", "x")          ... computed by every compiled call (not an input only assumed a tensor)
#   ("return", "g", "name", "pkg.h")  the call record (facts.CALL_KINDS) made in this file's g returns a tensor
#   ("item", "g", "name", "pkg.h", i, n)  ... returns an n-tuple whose item i is a tensor (`a, b = h(x)`; n None:
#                                          a tuple of any length, `h(x)[i]`)
#   ("mask", "g", "name", "pkg.h")  ... returns a boolean tensor (every return a comparison of tensors)
#   ("attr", "C", "x")              self.x in a method of this file's class C is a tensor its project classes store;
#                                   C qualified (`pkg.data.Batch`): x of a parameter annotated with that class
Atom = Tuple[str, ...]
# Disjunction of conjunctions of atoms, sorted: () never holds, ((),) always holds.
Formula = Tuple[Tuple[Atom, ...], ...]
ALWAYS: Formula = ((),)
# Bigger formulas are given up on (UNKNOWN): they cost more than the rare finding they could prove.
MAX_TERMS, MAX_ATOMS = 6, 4


class Maybe:
    """A tensor if the atoms of one of its terms all hold, otherwise unknown (never NOT_TENSOR)."""

    __slots__ = ("terms",)

    def __init__(self, terms: FrozenSet[FrozenSet[Atom]]) -> None:
        self.terms = terms

    @staticmethod
    def atom(atom: Atom) -> "Maybe":
        return Maybe(frozenset({frozenset({atom})}))

    def __eq__(self, other) -> bool:
        return isinstance(other, Maybe) and other.terms == self.terms

    def __hash__(self) -> int:
        return hash(self.terms)

    def __repr__(self) -> str:
        return f"Maybe({sorted(sorted(t) for t in self.terms)})"


AnyKind = Union[Kind, Maybe]
_TRUE_TERMS: FrozenSet[FrozenSet[Atom]] = frozenset({frozenset()})


def _terms(kind: AnyKind) -> FrozenSet[FrozenSet[Atom]]:
    return _TRUE_TERMS if kind is TENSOR else kind.terms if isinstance(kind, Maybe) else frozenset()


def _maybe(terms: FrozenSet[FrozenSet[Atom]]) -> AnyKind:
    if not terms:
        return UNKNOWN
    if frozenset() in terms:
        return TENSOR
    if len(terms) > MAX_TERMS or any(len(t) > MAX_ATOMS for t in terms):
        return UNKNOWN
    return Maybe(terms)


def either(left: AnyKind, right: AnyKind) -> AnyKind:
    """A tensor when either side is (arithmetic, comparisons)."""
    if left is TENSOR or right is TENSOR:
        return TENSOR
    if isinstance(left, Maybe) or isinstance(right, Maybe):
        return _maybe(_terms(left) | _terms(right))
    if left == right == NOT_TENSOR:
        return NOT_TENSOR
    return UNKNOWN


def both(left: AnyKind, right: AnyKind) -> AnyKind:
    """A tensor when both sides are (the two branches of a ternary, every return of a function)."""
    if left == right:
        return left
    if left in (NOT_TENSOR, UNKNOWN) or right in (NOT_TENSOR, UNKNOWN):
        return UNKNOWN
    return _maybe(frozenset(a | b for a in _terms(left) for b in _terms(right)))


def plain(kind: AnyKind) -> Kind:
    """What checks see: a conditional tensor is unknown until the project-wide step decides it."""
    return UNKNOWN if isinstance(kind, Maybe) else kind


def formula(kind: AnyKind) -> Formula:
    """A kind as plain data for the per-file results: when is it a tensor."""
    return tuple(sorted(tuple(sorted(term)) for term in _terms(kind)))

# Tensor attributes that are not tensors (shape/dtype/device/flags).
NON_TENSOR_ATTRS = frozenset(
    "shape dtype device ndim is_cuda is_cpu is_sparse is_quantized is_meta requires_grad is_leaf "
    "layout names training itemsize nbytes".split()
)
TENSOR_ATTRS = frozenset("T mT H mH real imag grad data".split())
STRING_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
# Tensor methods no Python number, string, container or numpy array has: code that calls one on a value it
# got from elsewhere (`norm(y).abs()` of a callable passed in, `state["m"].clamp(0)`, `state.system_idx.bincount()`)
# has a tensor there.
TENSOR_ONLY_METHODS = frozenset(
    "abs sigmoid softmax log_softmax clamp clamp_min clamp_max detach relu rsqrt bincount".split())
# Mapping methods a tensor does not have: a value they are called on is a mapping, and what they return a view
# (`for degree in features.keys()` over a forward's dict of tensors by degree binds strings).
MAPPING_VIEW_METHODS = frozenset(("keys", "items"))
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
# einops' pattern-driven functions: each returns a tensor of the backend of the tensor it is given first (a tensor in,
# a tensor out: `rearrange(num_images, "b -> b 1")`)
EINOPS_FUNCTIONS = frozenset(("einops.rearrange", "einops.repeat", "einops.reduce"))
# Builtins that return plain Python values.
NON_TENSOR_BUILTINS = frozenset(
    "len int float bool str repr isinstance issubclass hasattr callable id hash type range enumerate zip "
    "list tuple dict set frozenset sorted reversed round abs format getattr print".split()
)
# numpy scalar types: one built from a number literal is a plain value, no array dynamo traces (`np.float32(1e-6)`)
NUMPY_SCALAR_TYPES = frozenset(
    "float16 float32 float64 half single double longdouble int8 int16 int32 int64 uint8 uint16 uint32 uint64 intc "
    "intp bool_ complex64 complex128".split()
)
# numpy functions that build an array: in compiled code trace_numpy makes it a tensor of the graph, even from
# constants or a shape (`np.array((1, 3))[0]` as a slice bound is data-dependent, GB0033), unlike math on Python
# numbers (`np.sqrt(2.0)`), which is folded
NUMPY_ARRAY_BUILDERS = frozenset(
    "array asarray arange zeros ones full empty zeros_like ones_like full_like empty_like linspace".split()
)
# a numpy array annotation: compiled code that receives or returns one has it traced by trace_numpy as a tensor of the
# graph, so `int(arr[i, j])` or `if arr.any():` breaks where it is read as a Python value (GB0033, GB0170 on 2.13)
NUMPY_ARRAY_ANNOTATIONS = frozenset({"numpy.ndarray"})
# numpy functions that, given one argument of Python numbers, give a numpy scalar (`np.prod(rates)` reduces,
# `np.sqrt(dim)` maps): Python arithmetic or a comparison with one stored on a module in __init__ is traced as a
# numpy array, a 0-d tensor of the graph
# (`if self.hop * 2 > n` GB0170, `math.ceil(n / self.hop)` GB0033; measured on 2.13)
NUMPY_SCALAR_FUNCTIONS = frozenset(
    "prod sum mean max min amax amin sqrt log log2 log10 exp abs ceil floor".split()
) | NUMPY_SCALAR_TYPES
# draws of Python's `random` that dynamo replays (CL133 leaves them): the value is a 0-d tensor of the graph, so
# reading it as a Python number breaks (`x[:, :random.randint(2, t)]` GB0124, `if random.uniform(0, 1) > p` GB0170,
# `torch.zeros(random.randint(1, 4))` GB0033; measured on 2.13), where `x * random.uniform(a, b)` compiles
REPLAYED_RANDOM = frozenset({"random.randint", "random.randrange", "random.uniform"})
# the same draws of a `random.Random` instance kept on the module (`self.rng = random.Random(seed)`), and its `random()`
# (the module's `random.random()` is a skipped call instead, CL133): replayed as 0-d tensors alike (`if self.rng.random()
# > p` GB0170, `x[:, :self.rng.randint(1, 3)]` GB0124, `self.rng.uniform(a, b) * 2` GB0213; measured on 2.13), where
# `gauss` / `choice` are unsupported calls (GB0156) and `x * self.rng.random()` compiles
REPLAYED_INSTANCE_RANDOM = frozenset({"random", "randint", "randrange", "uniform"})
RANDOM_INSTANCES = frozenset({"random.Random()"})
# what a `torch.distributions` object kept on the module returns from these is a tensor of the graph: the draw compiles,
# reading it as a Python number breaks (`math.sqrt(1 - self.beta.sample())` GB0033, `float(...rsample())` GB0124, `if
# ....log_prob(v) > p` GB0170; measured on 2.13)
DISTRIBUTION_TENSOR_METHODS = frozenset({"sample", "rsample", "log_prob", "entropy", "cdf", "icdf"})
# Python's arithmetic operators (python_arithmetic_on_draw)
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)
# nn modules whose call returns a tuple.
TUPLE_MODULES = frozenset(
    "torch.nn.LSTM torch.nn.GRU torch.nn.RNN torch.nn.MultiheadAttention torch.nn.Transformer".split()
)
# math.pi, torch.inf, np.e...: module constants that are Python floats, never tensors
NUMBER_CONSTANTS = {name: frozenset(f"{module}.{name}" for module in ("math", "torch", "numpy"))
                    for name in ("pi", "e", "inf", "nan")}
NUMBER_CONSTANTS["tau"] = frozenset({"math.tau"})
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
# ops whose result with a `dim` is a (values, indices) named tuple: `x.max(1).values`, `torch.sort(x).indices`
NAMED_TUPLE_RESULTS = frozenset("max min median nanmedian mode sort topk kthvalue cummax cummin".split())

# Beside a name's own kind, the environment holds what is known about the values it contains, under keys
# no identifier can be: "*name" -> TENSOR when every element is a tensor (a tuple from `x.topk(k)`, a
# helper's `return a, b`), "{name" -> the string keys of a dict display that hold tensors (`{"mean": m}`).
def elements_key(name: str) -> str:
    return "*" + name


def dict_key(name: str) -> str:
    return "{" + name


def mapping_key(name: str) -> str:
    """"%name" -> TENSOR where `name` is a parameter annotated as a mapping to tensors (`param: dict[str, Tensor]`):
    each item it holds, `param["s9"]`, is a tensor."""
    return "%" + name


def call_key(name: str) -> str:
    """")name" -> TENSOR where `name` is a def nested in the function whose every return is a tensor: its call is one."""
    return ")" + name


def forget_contents(env: Dict, name: str) -> None:
    """`name` was rebound to something whose elements, keys and class we do not know."""
    env.pop(call_key(name), None)
    env.pop(numpy_key(name), None)
    env.pop("*" + name, None)
    env.pop("{" + name, None)
    env.pop(mapping_key(name), None)
    env.pop(grown_key(name), None)
    env.pop(leading_key(name), None)
    env.pop(mask_key(name), None)
    env.pop(draw_key(name), None)
    env.pop(instance_key(name), None)


def numpy_key(name: str) -> str:
    """"~name" -> True where `name` holds Python arithmetic of a numpy scalar attribute (TensorInference.numpy_arithmetic)."""
    return "~" + name


def numpy_scalar_call(expr: cst.BaseExpression, imports: ImportTable) -> bool:
    """`np.prod(rates)`, `np.float32(0.5)`: a call of NUMPY_SCALAR_FUNCTIONS on one argument (`np.sum(x, 0)` and
    `axis=` keep an array of unknown shape)."""
    if not isinstance(expr, cst.Call) or len(expr.args) != 1 or expr.args[0].keyword is not None \
            or expr.args[0].star:
        return False
    name = imports.resolve(expr.func) or ""
    return name.startswith("numpy.") and name[len("numpy."):] in NUMPY_SCALAR_FUNCTIONS


def draw_key(name: str) -> str:
    """"!name" -> True where `name` holds a draw dynamo replays (REPLAYED_RANDOM) and no break candidate came since."""
    return "!" + name


def python_arithmetic_on_draw(expr: cst.BinaryOperation, inference: "TensorInference", env: Dict,
                              cls: Optional[ClassInfo] = None) -> Optional[AnyKind]:
    """For `draw * other` (either side) of a replayed draw: the kind of the other side when it is not a tensor (dynamo
    has no Python-number operator for the draw, a tensor there: GB0213, and gives up on the frame; measured on 2.13),
    else None."""
    if not isinstance(expr.operator, ARITHMETIC):
        return None
    for draw, other in ((expr.left, expr.right), (expr.right, expr.left)):
        if inference.is_draw(draw, env, cls):
            kind = inference.kind(other, env, cls)
            if kind is not TENSOR:
                return kind
    return None


def mask_key(name: str) -> str:
    """"?name" -> True where `name` was bound to an elementwise comparison (`keep = dist <= cutoff`): a boolean
    tensor whenever it is a tensor."""
    return "?" + name


MASK_COMPARISONS = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual, cst.Equal, cst.NotEqual)


def is_mask_expression(expr: cst.BaseExpression) -> bool:
    """A comparison by value (`a < b`, not `is`/`in`), or `~`, `&`, `|` of such: elementwise on tensors."""
    if isinstance(expr, cst.Comparison):
        return all(isinstance(target.operator, MASK_COMPARISONS) for target in expr.comparisons)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return is_mask_expression(expr.expression)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitAnd, cst.BitOr)):
        return is_mask_expression(expr.left) and is_mask_expression(expr.right)
    return False


BOOL_DTYPES = frozenset(("torch.bool", "bool"))  # torch takes the builtin `bool` for `torch.bool` (`dtype=bool`)


def in_place_method(method: str) -> bool:
    """`fill_`, `masked_fill_`, `fill_diagonal_`...: a tensor method that changes the tensor and returns it, its dtype
    kept (a mask stays a mask)."""
    return method.endswith("_") and not method.startswith("_")


def grown_key(name: str) -> str:
    """"+name" -> the kind of every element appended so far to the list `name` was bound to empty (`out = []`),
    NOTHING_APPENDED before the first."""
    return "+" + name


NOTHING_APPENDED = "nothing appended"


def start_list(env: Dict, name: str) -> None:
    """`name = []`: a list whose elements are what is appended to it."""
    env[grown_key(name)] = NOTHING_APPENDED
    env[leading_key(name)] = NOTHING_APPENDED


def grow_list(env: Dict, name: str, added: AnyKind) -> None:
    """`name.append(v)` / `.insert(i, v)` (`added`: v's kind) or `.extend(vs)` (the kind of vs's elements): every
    element is a tensor when every value added to the empty list was one (`kept.append(arr[mask])` in a loop)."""
    so_far = env.get(grown_key(name))
    if so_far is None:
        return  # not a list seen built empty here: what else it holds is unknown
    kind = added if so_far is NOTHING_APPENDED else both(so_far, added)
    env[grown_key(name)] = kind
    if kind is TENSOR or isinstance(kind, Maybe):
        env[elements_key(name)] = kind
    else:
        env.pop(elements_key(name), None)


def leading_key(name: str) -> str:
    """"<name" -> TENSOR where every element of the list `name` is a tuple or list display whose first item is a tensor
    (`pairs = [(score, i) for ...]`, `hyps.append((score, ids))`): ordering its elements compares tensors first."""
    return "<" + name


def leading_kind(expr: cst.BaseExpression, kind) -> Kind:
    """TENSOR where `expr` is a tuple or list display whose first item `kind` finds a tensor."""
    if not isinstance(expr, (cst.Tuple, cst.List)) or not expr.elements \
            or isinstance(expr.elements[0], cst.StarredElement):
        return UNKNOWN
    return TENSOR if kind(expr.elements[0].value) is TENSOR else UNKNOWN


def grow_leading(env: Dict, name: str, added: Kind) -> None:
    """`name.append(v)` on a list built empty: its elements still lead with tensors while every `v` added does
    (`added`: leading_kind of v)."""
    if leading_key(name) in env:
        if added is TENSOR:
            env[leading_key(name)] = TENSOR
        else:
            env.pop(leading_key(name))


def instance_key(name: str) -> str:
    """"@name" -> the class of this file `name` holds an instance of (`state = _State(...)`, `state: _State`)."""
    return "@" + name


def stored_key(attr: str) -> str:
    """"self.attr" -> the kind of the tensor the function last stored in `self.attr` (`self.w_sum = helper(w).flatten()`):
    what reading it back gives, until the function stores it again."""
    return "self." + attr


def annotation_kind(annotation: Optional[cst.Annotation], imports: ImportTable) -> Kind:
    if annotation is None:
        return UNKNOWN
    expr = annotation.annotation
    if isinstance(expr, cst.SimpleString):  # "torch.Tensor": a forward reference
        try:
            expr = cst.parse_expression(expr.evaluated_value)
        except (cst.ParserSyntaxError, TypeError):
            return UNKNOWN
    if isinstance(expr, cst.Subscript):
        return TENSOR if _typed_tensor(expr, imports) else UNKNOWN
    name = imports.resolve(expr)
    if annotation_names_tensor(name) or name in NUMPY_ARRAY_ANNOTATIONS:
        return TENSOR
    if name in NON_TENSOR_ANNOTATIONS:
        return NOT_TENSOR
    return UNKNOWN


def alias_atom(annotation: Optional[cst.Annotation], imports: ImportTable) -> Optional[Maybe]:
    """`rel: LongTensorType` with the name imported from another module of the project (`LongTensorType = torch.Tensor`
    in torchbiggraph.types): a tensor if that module binds the name to torch's tensor type, which only the project
    index knows (summaries: ("alias", name)); None for any other annotation."""
    expr = annotation.annotation if annotation is not None else None
    if not isinstance(expr, (cst.Name, cst.Attribute)):
        return None
    spelled = dotted(expr)
    if spelled is None or spelled.partition(".")[0] not in imports.aliases:
        return None
    name = imports.resolve(expr) or ""
    if "." not in name or name.partition(".")[0] in NON_PROJECT_ROOTS | OTHER_TENSOR_LIBRARIES \
            or annotation_names_tensor(name):
        return None
    return Maybe.atom(("alias", name))


MAPPINGS = frozenset({"dict", "typing.Dict", "typing.Mapping", "typing.MutableMapping", "typing.OrderedDict",
                      "collections.OrderedDict", "collections.abc.Mapping", "collections.abc.MutableMapping"})


def maps_to_tensors(annotation: Optional[cst.Annotation], imports: ImportTable) -> bool:
    """`dict[str, Tensor]`, `Mapping[str, torch.Tensor]`: a mapping whose every value is a tensor."""
    expr = annotation.annotation if annotation is not None else None
    return isinstance(expr, cst.Subscript) and imports.resolve(expr.value) in MAPPINGS and len(expr.slice) == 2 \
        and isinstance(expr.slice[1].slice, cst.Index) \
        and annotation_kind(cst.Annotation(expr.slice[1].slice.value), imports) is TENSOR


def declares_bool_tensor(annotation: Optional[cst.Annotation], imports: ImportTable) -> bool:
    """An annotation that says a tensor holds booleans: `torch.BoolTensor`, or jaxtyping's `Bool[Tensor, "b n"]`
    (beartype / jaxtyping check the dtype where the project asks them to). Not `Bool[Tensor, ...] | None`: a None
    index adds a dimension and breaks nothing."""
    expr = annotation.annotation if annotation is not None else None
    if isinstance(expr, cst.Subscript):
        return imports.resolve(expr.value) == "jaxtyping.Bool" and _typed_tensor(expr, imports)
    return expr is not None and imports.resolve(expr) in BOOL_TENSOR_ANNOTATIONS


def _typed_tensor(expr: cst.Subscript, imports: ImportTable) -> bool:
    """A jaxtyping annotation of torch's tensor (`Float[Tensor, "b n"]`), torchtyping's `TensorType["b", "n"]`, or a
    jaxtyping dtype subscripted by its shape alone, which only a project's wrapper that supplies the tensor type
    allows (`Int = TorchTyping(jaxtyping.Int)` then `Int["b n"]`, lucidrains' packages)."""
    name = imports.resolve(expr.value) or ""
    if name == "torchtyping.TensorType":
        return True
    first = expr.slice[0].slice
    if not name.startswith("jaxtyping.") or not isinstance(first, cst.Index):
        return False
    return isinstance(first.value, (cst.SimpleString, cst.ConcatenatedString)) \
        or annotation_kind(cst.Annotation(first.value), imports) == TENSOR


def _passed_arguments(fn: FunctionFacts, call: cst.Call, bound: bool) -> Dict[str, cst.BaseExpression]:
    """The argument a call passes each parameter of `fn` it names or reaches by position (none after a `*`
    unpacking). `bound`: obj.m(a) binds self (and Class.m(a) of a classmethod binds cls)."""
    params = fn.params
    method = fn.class_name is not None and "staticmethod" not in fn.decorators and bool(params)
    offset = 1 if method and (bound or params[0][0] == "cls") else 0
    passed: Dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        if arg.star:
            break
        if arg.keyword is not None:
            passed[arg.keyword.value] = arg.value
        elif index + offset < len(params) and params[index + offset][1]:
            passed[params[index + offset][0]] = arg.value
    return passed


# expressions that are never tensors by their form
_LITERAL_NODES = frozenset({cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
                            cst.FormattedString, cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp, cst.DictComp,
                            cst.SetComp, cst.GeneratorExp, cst.Lambda})


class TensorInference:
    """Kinds of expressions, given one function's local environment."""

    def __init__(self, imports: ImportTable, local_classes: Optional[Set[str]] = None) -> None:
        self.imports = imports
        self.local_classes = local_classes or set()
        # what this file's functions return ("helper", "Block.forward"), filled as the walk leaves them
        self.returns: Dict[str, AnyKind] = {}
        # the function whose call records the calls being inferred belong to (facts), None outside one:
        # calls of project functions whose returns are not known here become facts to decide later
        self.caller: Optional[str] = None
        self.definitions: Set[str] = set()  # top-level functions and classes of this file
        self.walked: Set[str] = set()  # this file's functions whose returns are final
        # this file's functions every return of which is a tuple or list of tensors -> TENSOR (elements_kind)
        self.return_elements: Dict[str, Kind] = {}
        # this file's functions every return of which is a tuple display of one length (`return y0, t, n`): the
        # kind of each item (None: some return is not one); unpacking a call of one binds these
        self.return_items: Dict[str, Optional[Tuple[AnyKind, ...]]] = {}
        self.classes: Dict[str, ClassInfo] = {}  # this file's classes, for the fields of their instances
        # this file's functions' facts (their parameters), set by the engine: a call of one walked already
        # returns a tensor when what it passes makes its return one (with_arguments)
        self.functions: Dict[str, FunctionFacts] = {}
        # whether an expression is a bare input of the function (a parameter, maybe of forward or an entry point,
        # only assumed a tensor), set by the engine: as often a number, it makes no helper's return a tensor here
        # (with_arguments); what every call passes decides
        self.assumed: Callable[[cst.BaseExpression], bool] = lambda expr: False
        # the call record (facts.CALL_KINDS) of a method called on an object the walk resolves by value or by a
        # distinctive method name (`solver.sync(x, t)`), set by the engine: its returns are project-wide facts
        self.object_call: Callable[[cst.BaseExpression], Optional[Tuple[str, str]]] = lambda func: None

    def kind(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> Kind:
        node_type = type(expr)  # libcst's node classes are leaves: identity, not the slow abstract isinstance
        if node_type is cst.Name:
            if expr.value in ("True", "False", "None"):
                return NOT_TENSOR
            return env.get(expr.value, UNKNOWN)
        if node_type in _LITERAL_NODES:
            return NOT_TENSOR
        if node_type is cst.Attribute:
            return self._attribute(expr, env, cls)
        if node_type is cst.Call:
            return self._call(expr, env, cls)
        if isinstance(expr, cst.BinaryOperation):
            if python_arithmetic_on_draw(expr, self, env, cls) is not None:
                return UNKNOWN  # dynamo gives up on the frame there
            if self.numpy_arithmetic(expr, env, cls):
                return TENSOR
            return either(self.kind(expr.left, env, cls), self.kind(expr.right, env, cls))
        if isinstance(expr, cst.UnaryOperation):
            if isinstance(expr.operator, cst.Not):
                return NOT_TENSOR
            if self.numpy_arithmetic(expr, env, cls):
                return TENSOR
            return self.kind(expr.expression, env, cls)
        if isinstance(expr, cst.Comparison):
            return self._comparison(expr, env, cls)
        if isinstance(expr, cst.Subscript):
            return self._subscript(expr, env, cls)
        if isinstance(expr, cst.IfExp):
            return both(self.kind(expr.body, env, cls), self.kind(expr.orelse, env, cls))
        if isinstance(expr, cst.BooleanOperation):
            return both(self.kind(expr.left, env, cls), self.kind(expr.right, env, cls))
        if isinstance(expr, cst.NamedExpr):
            return self.kind(expr.value, env, cls)
        return UNKNOWN

    def _attribute(self, expr: cst.Attribute, env, cls) -> Kind:
        attr = expr.attr.value
        if isinstance(expr.value, cst.Name) and expr.value.value == "self" and cls is not None:
            if stored_key(attr) in env:
                return env[stored_key(attr)]
            if attr in cls.tensor_attrs:
                return TENSOR
            if attr in cls.alias_attrs:  # stored from a parameter annotated by another module's alias
                return Maybe.atom(("alias", cls.alias_attrs[attr]))
            if attr in cls.non_tensor_attrs or attr == "training" or _holds_object(cls, attr):
                return NOT_TENSOR
            if attr in cls.properties:  # reading a property calls it: what `self.attr()` would return
                keys = [f"{owner}.{attr}" for owner in [cls.name] + cls.bases]
                key = next((k for k in keys if k in self.returns), None)
                return self._later(self.returns[key] if key else UNKNOWN, "self", attr, keys)
            if cls.bases and attr not in cls.stored_tensors:  # stored, if anywhere, by a base class of another file
                return Maybe.atom(("attr", cls.name, attr))
            return UNKNOWN
        if attr in NON_TENSOR_ATTRS:
            return NOT_TENSOR
        if attr in TORCH_CONSTANTS and self.imports.resolve(expr) == f"torch.{attr}":
            return NOT_TENSOR
        if attr in NUMBER_CONSTANTS and self.imports.resolve(expr) in NUMBER_CONSTANTS[attr]:
            return NOT_TENSOR
        base = self.kind(expr.value, env, cls)
        if attr in TENSOR_ATTRS and (base is TENSOR or isinstance(base, Maybe)):
            return base
        if attr in ("values", "indices") and base is UNKNOWN and self._named_tuple(expr.value, env, cls):
            # x.max(dim=1).values, torch.sort(x).indices
            return env.get(elements_key(expr.value.value)) if isinstance(expr.value, cst.Name) else TENSOR
        if isinstance(expr.value, cst.Name) and instance_key(expr.value.value) in env:
            declared = self.instance_attribute(expr.value, attr, env)
            if declared is not UNKNOWN:
                return declared  # state.t1 of a NamedTuple / dataclass field annotated `Tensor`
        if base == NOT_TENSOR and not (cls is not None and _holds_object(cls, is_self_attr(expr.value))):
            return NOT_TENSOR  # x.device.type, x.dtype.is_floating_point: fields of plain values
        return UNKNOWN

    def _comparison(self, expr: cst.Comparison, env, cls) -> Kind:
        if any(isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in expr.comparisons):
            return NOT_TENSOR
        if any(isinstance(o, STRING_LITERALS) for o in [expr.left, *(t.comparator for t in expr.comparisons)]):
            return NOT_TENSOR  # a tensor == a str is False (a Python bool); ordering them raises
        if self.numpy_arithmetic(expr, env, cls):
            return TENSOR
        held = self._numpy_parameter(expr, env, cls)
        if held is not None:
            return held
        kind = self.kind(expr.left, env, cls)
        for comparison in expr.comparisons:
            kind = either(kind, self.kind(comparison.comparator, env, cls))
        return kind

    def _subscript(self, expr: cst.Subscript, env, cls) -> Kind:
        base = self.kind(expr.value, env, cls)
        if base is TENSOR:
            return base
        index = constant_index(expr)
        name = expr.value.value if isinstance(expr.value, cst.Name) else None
        if name is not None and (isinstance(index, str) and index in env.get(dict_key(name), ()) or
                                 env.get(mapping_key(name)) is TENSOR and len(expr.slice) == 1
                                 and isinstance(expr.slice[0].slice, cst.Index)):
            # d["mean"] of `d = {"mean": m}`, of `d["mean"] = m`, d[key] of `d: Dict[str, Tensor]`, before what `d`
            # may be: `state = self.state[p]` of a torch base class's `state` holds what this method stored there
            return TENSOR
        # `check(y0, t)[1]`: an item of the tuple a project function returns (or, indexed, the tensor it returns)
        items = self.item_kinds(expr.value, None, env, cls, index) if isinstance(index, int) else None
        item = items[0] if items and (items[0] is TENSOR or isinstance(items[0], Maybe)) else UNKNOWN
        # only a tensor can be indexed by a boolean tensor: `arr[keep]` in a loop over the arrays a helper is given
        masked = self._mask_index(expr, env, cls) if base is UNKNOWN or isinstance(base, Maybe) else UNKNOWN
        if isinstance(base, Maybe):
            return either(either(base, masked), item)
        if masked is not UNKNOWN:
            return masked
        if item is not UNKNOWN:
            return item
        if isinstance(index, int) or self._counter_index(expr, env, cls):
            elements = self.elements_kind(expr.value, env, cls)
            if elements is TENSOR or isinstance(elements, Maybe):
                return elements  # torch.max(x, 1)[0], x.topk(k)[1], outs[0] of a tuple of tensors
        if base == NOT_TENSOR:
            # x.shape[0], x.size()[0], x.stride()[-1]: indexing sizes gives ints
            value = expr.value
            if isinstance(value, cst.Attribute) and value.attr.value in NON_TENSOR_ATTRS:
                return NOT_TENSOR
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                    and value.func.attr.value in ("size", "stride") and not value.args:
                return NOT_TENSOR
        return UNKNOWN

    def _counter_index(self, expr: cst.Subscript, env, cls) -> bool:
        """`v[i]` with one index known to be a plain value (`for i in range(3)`): the position of an element."""
        return len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) \
            and self.kind(expr.slice[0].slice.value, env, cls) == NOT_TENSOR

    def numpy_arithmetic(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> bool:
        """Python arithmetic, a sign or a comparison with a numpy scalar attribute (ClassInfo.numpy_scalar_attrs),
        or a name bound to such arithmetic (numpy_key): a numpy array dynamo traces. The attribute alone is left:
        `int(self.hop)`, `math.sqrt(self.hop)` and sizes compile while the frame has not computed with it, where its
        truth value and `range(self.hop)` break (2.13)."""
        if cls is None or not cls.numpy_scalar_attrs:
            return False  # numpy_key names are only bound from such attributes: most classes pay nothing here
        if isinstance(expr, cst.Name):
            return numpy_key(expr.value) in env
        if isinstance(expr, cst.BinaryOperation):
            operands = [expr.left, expr.right]
        elif isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
            operands = [expr.expression]
        elif isinstance(expr, cst.Comparison) and not any(
                isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in expr.comparisons):
            operands = [expr.left] + [t.comparator for t in expr.comparisons]  # `self.hop is not None` is identity
        else:
            return False
        for operand in operands:
            attr = is_self_attr(operand)
            if attr is not None and attr in cls.numpy_scalar_attrs:
                return True
            if self.numpy_arithmetic(operand, env, cls):
                return True
        return False

    def _numpy_parameter(self, expr: cst.Comparison, env: Dict[str, Kind], cls: Optional[ClassInfo]) -> Optional[Maybe]:
        """A comparison of an attribute holding an __init__ parameter (ClassInfo.param_attrs) with plain values:
        traced as a numpy array where every construction of the class passes a numpy scalar (summaries: "numpy")."""
        if cls is None or not cls.param_attrs:
            return None
        operands = [expr.left] + [t.comparator for t in expr.comparisons]
        held = [cls.param_attrs.get(is_self_attr(o) or "") for o in operands]
        params = [p for p in held if p is not None]
        if len(params) != 1 or any(self.kind(o, env, cls) is not NOT_TENSOR
                                   for o, p in zip(operands, held) if p is None):
            return None
        return Maybe.atom(("numpy", f"{cls.name}.__init__", params[0]))

    def is_draw(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> bool:
        """A draw dynamo replays as a 0-d tensor (REPLAYED_RANDOM, or one of REPLAYED_INSTANCE_RANDOM of a
        `random.Random` the module keeps), or a name bound to one (draw_key)."""
        if isinstance(expr, cst.Call):
            return self.imports.resolve(expr.func) in REPLAYED_RANDOM or instance_draw(expr, cls)
        return isinstance(expr, cst.Name) and draw_key(expr.value) in env

    def _mask_index(self, expr: cst.Subscript, env, cls) -> AnyKind:
        """The kind of the one index of `expr` where it is a boolean mask (an elementwise comparison, or a name bound
        to one), UNKNOWN otherwise."""
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return UNKNOWN
        index = expr.slice[0].slice.value
        if not (is_mask_expression(index) or isinstance(index, cst.Name) and env.get(mask_key(index.value))):
            return UNKNOWN
        kind = self.kind(index, env, cls)
        return kind if kind is TENSOR or isinstance(kind, Maybe) else UNKNOWN

    def _call(self, expr: cst.Call, env, cls) -> Kind:
        func = expr.func
        if instance_draw(expr, cls) or distribution_result(expr, cls):
            return TENSOR
        if isinstance(func, cst.Attribute):
            receiver = self.kind(func.value, env, cls)
            method = func.attr.value
            if method in TENSOR_ONLY_METHODS and receiver is not NOT_TENSOR and not self._named_object(func.value):
                return TENSOR
            if (receiver is UNKNOWN or isinstance(receiver, Maybe)) and is_mask_expression(func.value) \
                    and method in tensor_method_names():
                # `(mask == 0).sum(-1)`: a Python bool has no such method, so the comparison was elementwise, of
                # tensors (or of numpy arrays, which dynamo traces as tensors)
                return TENSOR
            if receiver is TENSOR or isinstance(receiver, Maybe):
                if method in NON_TENSOR_METHODS:
                    return NOT_TENSOR if receiver is TENSOR else UNKNOWN
                if method in MAPPING_VIEW_METHODS:
                    return NOT_TENSOR
                if method in TUPLE_RESULTS or (method in ("max", "min", "median", "unique") and expr.args):
                    return UNKNOWN
                record = self.object_call(func) if isinstance(receiver, Maybe) and self.caller is not None else None
                returned = Maybe.atom(("return", self.caller) + record) if record is not None else None
                if method not in tensor_method_names():  # no tensor has it, so the receiver is no tensor
                    return returned if returned is not None else UNKNOWN  # `model.caches_are_enabled()`
                if returned is not None:  # a project call's result: a tensor (its method's result one too) or an object
                    return either(receiver, returned)
                return receiver
            if isinstance(func.value, cst.Name) and func.value.value in ("self", "cls") and cls is not None:
                sub = cls.submodules.get(method)
                if sub is not None and sub.startswith("torch.nn.") and sub not in TUPLE_MODULES:
                    return TENSOR
                # a method, or a module of this file, whose returns are known
                keys = [f"{sub}.forward"] if sub is not None else [f"{owner}.{method}" for owner in [cls.name] + cls.bases]
                key = next((k for k in keys if k in self.returns), None)
                known = self.with_arguments(self.returns[key], key, expr, env, cls, True) if key else UNKNOWN
                return self._later(known, "self", method, keys)
            if isinstance(func.value, cst.Call) and dotted(func.value.func) == "super" and not func.value.args \
                    and cls is not None and self.caller is not None:
                return Maybe.atom(("return", self.caller, "super", method))  # the base class's method decides
            record = self.object_call(func) if self.caller is not None else None
            if record is not None:
                return Maybe.atom(("return", self.caller) + record)  # the methods it resolves to decide
        if not isinstance(func, cst.Attribute) and self.caller is not None \
                and (record := self.object_call(func)) is not None:
            if record[0] == "self_item" and torch_module_elements(cls, record[1]):
                return TENSOR  # `for stage in self.stages.values(): x = stage(x)` over nn.Linear / nn.Conv2d
            return Maybe.atom(("return", self.caller) + record)  # an element of a module container: its forward decides
        if isinstance(func, cst.Name) and call_key(func.value) in env:
            return env[call_key(func.value)]  # a def nested here that returns a tensor
        name = self.imports.resolve(func)
        if name is None:
            return UNKNOWN
        if name in self.returns:  # a function of this file: helper(x), Class.static(x)
            return self._later(self.with_arguments(self.returns[name], name, expr, env, cls, False), "name", name, (name,))
        if name in ("abs", "max", "min") and len(expr.args) == 1 and expr.args[0].keyword is None \
                and not expr.args[0].star:
            # of one tensor: `abs` is Tensor.__abs__ (`abs(self.scale - 1.0) > eps` on a buffer is a tensor test,
            # GB0170), builtin max/min iterate it and return one of its elements (`k = max(counts)` then `x.topk(k)`
            # breaks there, GB0033); measured on 2.13
            first = self.kind(expr.args[0].value, env, cls)
            if first is TENSOR or isinstance(first, Maybe):
                return first
        if name in NON_TENSOR_BUILTINS:
            return NOT_TENSOR
        if name in EINOPS_FUNCTIONS and expr.args and expr.args[0].keyword is None and not expr.args[0].star:
            first = self.kind(expr.args[0].value, env, cls)
            return first if first is TENSOR or isinstance(first, Maybe) else UNKNOWN  # a list of tensors: unknown
        if name.startswith("numpy.") and name[len("numpy."):] in NUMPY_SCALAR_TYPES and expr.args \
                and all(_number_literal(a.value) for a in expr.args):
            return NOT_TENSOR
        if name.startswith("numpy.") and name[len("numpy."):] in NUMPY_ARRAY_BUILDERS:
            return TENSOR
        if name in REPLAYED_RANDOM:
            return TENSOR
        if name in ("max", "min") and len(expr.args) > 1 and all(a.keyword is None and not a.star for a in expr.args):
            # builtin max/min of tensors, or of a tensor and numbers: dynamo makes it torch.maximum/clamp, a tensor
            kind = UNKNOWN
            for arg in expr.args:
                kind = either(kind, self.kind(arg.value, env, cls))
            if kind is not UNKNOWN:
                return kind
        if name.startswith("torch.") and name[len("torch."):] in TORCH_PREDICATES:
            return NOT_TENSOR
        if name.startswith(TENSOR_NAMESPACES):
            return UNKNOWN if name.rsplit(".", 1)[-1] in TUPLE_RESULTS else TENSOR
        if name.startswith("torch.") and name.count(".") == 1:
            return self._torch_function(name[len("torch."):], expr)
        if self.caller is not None and may_be_project_function(func, name, self.definitions, self.imports):
            return Maybe.atom(("return", self.caller, "name", name))
        return UNKNOWN

    def _named_object(self, expr: cst.BaseExpression) -> bool:
        """`expr` is read from self/cls (a project class may define a tensor-like method), or from a module, class or
        function this file imports or defines (`np.abs`, `torch.Tensor.abs`), not from a value."""
        while isinstance(expr, cst.Attribute):
            expr = expr.value
        return isinstance(expr, cst.Name) and (expr.value in ("self", "cls") or expr.value in self.imports.aliases
                                               or expr.value in self.imports.local_names)

    def with_arguments(self, known: AnyKind, key: str, call: cst.Call, env, cls, bound: bool) -> AnyKind:
        """What a call of this file's function `key` returns, when that depends on its own parameters (`def
        norm(t): return t.abs().mean()`): each ("param", key, p) atom may also hold by what this call passes for p,
        so `norm(x / scale)` is a tensor whatever the function's other callers pass; a bare input only assumed a
        tensor is as often a number (`divisible_by(length, seq_len)` in a compiled `generate(prime, length)`) and
        proves nothing. Left as it is when the terms grow past the formula limits."""
        if not isinstance(known, Maybe) or key not in self.functions:
            return known
        passed = _passed_arguments(self.functions[key], call, bound)
        terms: Set[FrozenSet[Atom]] = set()
        for term in known.terms:
            options: List[FrozenSet[Atom]] = [frozenset()]
            for atom in term:
                argument = passed.get(atom[2]) if atom[:2] == ("param", key) else None
                kind = self.kind(argument, env, cls) if argument is not None and not self.assumed(argument) \
                    else UNKNOWN
                alternatives = _terms(kind) | {frozenset({atom})} if kind is not TENSOR else _TRUE_TERMS
                options = [option | alternative for option in options for alternative in alternatives]
            terms.update(options)
        found = _maybe(frozenset(terms))
        return known if found is UNKNOWN else found

    def _later(self, known: AnyKind, kind: str, name: str, keys) -> AnyKind:
        """What this file knows a call returns, or, for a function not walked yet (defined further down or
        in another file), the project-wide fact that it returns a tensor."""
        if known is UNKNOWN and self.caller is not None and not any(k in self.walked for k in keys):
            return Maybe.atom(("return", self.caller, kind, name))
        return known

    def item_kinds(self, expr: cst.BaseExpression, count: Optional[int], env: Dict[str, Kind],
                   cls: Optional[ClassInfo] = None, index: int = 0) -> Optional[List[AnyKind]]:
        """Kinds of the `count` items a call's result is unpacked into (`y0, t = check(y0, t)`): what the
        `return a, b` statements of a function of this file walked already hold, or for one not walked yet
        (further down, in another file) the project-wide facts about its items. With `count` None, the kind of
        item `index` alone, of a tuple of any length (`check(y0, t)[1]`). None when unknown."""
        if not isinstance(expr, cst.Call):
            return None
        positions = range(count) if count is not None else [index]
        func = expr.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in ("self", "cls") \
                and cls is not None:
            method = func.attr.value
            if method in cls.submodules:
                return None
            kind, name, keys = "self", method, [f"{owner}.{method}" for owner in [cls.name] + cls.bases]
        elif self.caller is not None and (record := self.object_call(func)) is not None:
            kind, name = record
            return [Maybe.atom(("item", self.caller, kind, name, at, count)) for at in positions]
        else:
            name = self.imports.resolve(func)
            if name is None:
                return None
            kind, keys = "name", [name]
            if name not in self.walked and not (
                    self.caller is not None and may_be_project_function(func, name, self.definitions, self.imports)):
                return None
        key = next((k for k in keys if k in self.return_items), None)
        known = self.return_items[key] if key is not None else None
        if known is not None:
            if not fits_items(known, count, index):
                return None
            return [self.with_arguments(known[at], key, expr, env, cls, kind == "self") for at in positions]
        if self.caller is None or any(k in self.walked for k in keys):
            return None
        return [Maybe.atom(("item", self.caller, kind, name, at, count)) for at in positions]

    def _named_tuple(self, expr: cst.BaseExpression, env, cls) -> bool:
        """A (values, indices) result: of a call of one of NAMED_TUPLE_RESULTS, or a name bound to a tuple of
        tensors (on any other tuple `.values` is an AttributeError, never a silent non-tensor)."""
        if isinstance(expr, cst.Name):
            return env.get(elements_key(expr.value), UNKNOWN) is not UNKNOWN
        if not isinstance(expr, cst.Call):
            return False
        func = expr.func
        if isinstance(func, cst.Attribute) and self.kind(func.value, env, cls) == TENSOR:
            return func.attr.value in NAMED_TUPLE_RESULTS
        name = self.imports.resolve(func) or ""
        return name.startswith("torch.") and name[len("torch."):] in NAMED_TUPLE_RESULTS

    def instance_attribute(self, base: cst.Name, attr: str, env) -> AnyKind:
        """`state.t1` where `state` holds an instance of a class of this file that declares `t1: Tensor`; of a class
        of another file (`batch: NodeBatch` imported, `encoding: 'EncodedTensors'`), a tensor if that class, its
        project bases and subclasses store `t1` only as one (summaries: an "attr" atom on the name as resolved)."""
        held = env.get(instance_key(base.value))
        info = self.classes.get(held) if self.classes else None
        if info is not None:
            return TENSOR if attr in info.tensor_attrs else UNKNOWN
        return Maybe.atom(("attr", held, attr)) if "." in held else UNKNOWN

    def tensor_keys(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> FrozenSet[str]:
        """The string keys of a dict display whose values are tensors (`{"mean": x.mean(), "n": 3}`: "mean")."""
        if not isinstance(expr, cst.Dict):
            return frozenset()
        keys = set()
        for element in expr.elements:
            if not isinstance(element, cst.DictElement):
                return frozenset()  # {**other, ...}: what it brings is unknown
            key = element.key.evaluated_value if isinstance(element.key, cst.SimpleString) else None
            if isinstance(key, str) and self.kind(element.value, env, cls) is TENSOR:
                keys.add(key)
        return frozenset(keys)

    def iteration_kind(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> AnyKind:
        """Kind of what `for v in expr` binds: rows of a tensor, elements of a tuple of tensors."""
        kind = self.kind(expr, env, cls)
        if kind is TENSOR or isinstance(kind, Maybe):
            return kind
        elements = self.elements_kind(expr, env, cls)
        return elements if elements is TENSOR or elements is NOT_TENSOR or isinstance(elements, Maybe) else UNKNOWN

    def elements_kind(self, expr: cst.BaseExpression, env: Dict[str, Kind], cls: Optional[ClassInfo] = None) -> Kind:
        """Kind of each element when `expr` is unpacked: tensors for topk/sort/split/chunk/max(dim)...
        of a tensor, a literal tuple of tensors, a name bound to one, or a call of a function of this file
        whose every return is one."""
        if isinstance(expr, (cst.Tuple, cst.List)):
            kinds = {self.kind(e.value, env, cls) for e in expr.elements}
            return kinds.pop() if len(kinds) == 1 else UNKNOWN
        if isinstance(expr, cst.Name):
            return env.get(elements_key(expr.value), UNKNOWN)
        if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
            return NOT_TENSOR  # `for d in x.shape`: its sizes
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice):
            return self.elements_kind(expr.value, env, cls)  # `x.shape[-2:]`, `parts[1:]`: some of the same
        if isinstance(expr, (cst.ListComp, cst.GeneratorExp)) and expr.for_in.inner_for_in is None \
                and isinstance(expr.elt, cst.Name) and isinstance(expr.for_in.target, cst.Name) \
                and expr.elt.value == expr.for_in.target.value:
            return self.iteration_kind(expr.for_in.iter, env, cls)  # [p for p in parts if ...]: a filter
        if isinstance(expr, cst.ListComp) and expr.for_in.inner_for_in is None:
            # [torch.empty(n) for _ in range(3)]: each element is what the element expression gives, its loop
            # names bound as the comprehension binds them (never an outer name of the same spelling)
            scoped = dict(env)
            bind_target(expr.for_in.target, self.iteration_kind(expr.for_in.iter, env, cls), scoped)
            return TENSOR if self.kind(expr.elt, scoped, cls) is TENSOR else UNKNOWN
        if not isinstance(expr, cst.Call):
            return UNKNOWN
        func = expr.func
        if isinstance(func, cst.Name) and func.value in ("list", "tuple") and len(expr.args) == 1 \
                and not expr.args[0].star and self.imports.resolve(func) == func.value:
            return self.iteration_kind(expr.args[0].value, env, cls)  # list(x.unbind(0))
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in ("self", "cls") \
                and cls is not None:
            sub = cls.submodules.get(func.attr.value)
            keys = [f"{sub}.forward"] if sub is not None else \
                [f"{owner}.{func.attr.value}" for owner in [cls.name] + cls.bases]
            return next((self.return_elements[k] for k in keys if k in self.return_elements), UNKNOWN)
        receiver = self.kind(func.value, env, cls) if isinstance(func, cst.Attribute) else UNKNOWN
        if receiver is TENSOR or isinstance(receiver, Maybe):  # `key, perm = key.sort()`: tensors where key is one
            method = func.attr.value
            if method in TUPLE_RESULTS or method in ("max", "min", "median", "unique") or nonzero_tuple(method, expr):
                return receiver
            if method in ("size", "stride") and receiver is TENSOR:
                return NOT_TENSOR
        name = self.imports.resolve(func) or ""
        if name in self.return_elements:
            return self.return_elements[name]
        short = name[len("torch."):] if name.startswith("torch.") else ""
        if short in TUPLE_RESULTS or short in ("max", "min", "median", "where", "unique") or nonzero_tuple(short, expr) or \
                (name.startswith(TENSOR_NAMESPACES) and name.rsplit(".", 1)[-1] in TUPLE_RESULTS):
            return TENSOR
        return UNKNOWN

    @staticmethod
    def _torch_function(short: str, expr: cst.Call) -> Kind:
        positional = sum(1 for a in expr.args if a.keyword is None and not a.star)
        keywords = {a.keyword.value for a in expr.args if a.keyword is not None}
        return TENSOR if torch_function_returns_tensor(short, positional, keywords) else UNKNOWN


def nonzero_tuple(name: str, expr: cst.Call) -> bool:
    """`nonzero(..., as_tuple=True)`: a tuple of index tensors, one per dimension."""
    return name == "nonzero" and any(a.keyword is not None and a.keyword.value == "as_tuple"
                                     and isinstance(a.value, cst.Name) and a.value.value == "True" for a in expr.args)


# Top-level packages that hold no project code: calls into them are never summarized.
NON_PROJECT_ROOTS = frozenset(
    "torch numpy math functools itertools collections typing os sys warnings logging einops random time copy re "
    "json dataclasses abc enum operator builtins inspect contextlib scipy pytest pathlib string types "
    "weakref threading pickle".split()
)


def may_be_project_function(func: cst.BaseExpression, name: str, definitions: Set[str], imports: ImportTable) -> bool:
    """Whether a callee (`func`, resolved to `name`) may be a function of the project: this file's, or one
    imported from a module that is not a known library (`x.view(...)` is a method of a local value)."""
    spelled = dotted(func)
    head = spelled.partition(".")[0] if spelled else ""
    if head in definitions:
        return True
    return head in imports.aliases and name.partition(".")[0] not in NON_PROJECT_ROOTS


def parameter_names(function: cst.FunctionDef) -> Set[str]:
    """The names a function's parameters bind, `*args` and `**kwargs` too."""
    params = function.params
    stars = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params, *stars)}


def bound_names(target: cst.BaseExpression) -> List[str]:
    """The names an assignment target binds (`a`, `a, (b, *c)`)."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in bound_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return bound_names(target.value)
    return []


def bind_target(target: cst.BaseExpression, kind: Kind, env: Dict[str, Kind], element_kind: Kind = UNKNOWN,
                tensor_keys: FrozenSet[str] = frozenset(), assumed: bool = False) -> None:
    """Record `kind` for every name a target binds; unpacked names get `element_kind` (or NOT_TENSOR
    when the whole value holds no tensors). A name keeps what it holds: `element_kind`, and the keys of
    a dict display that hold tensors (`tensor_keys`); `d["k"] = v` updates those. `assumed`: the value is an input
    only assumed a tensor (FileContext.is_bare_input)."""
    if isinstance(target, cst.Name):
        env[target.value] = kind
        forget_contents(env, target.value)
        if element_kind is TENSOR or isinstance(element_kind, Maybe):
            env[elements_key(target.value)] = element_kind
        if tensor_keys:
            env[dict_key(target.value)] = tensor_keys
    elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
        name = target.value.value
        index = constant_index(target)
        keys = env.get(dict_key(name))
        if keys and isinstance(index, str):
            env[dict_key(name)] = keys | {index} if kind is TENSOR else keys - {index}
        elif keys is None and isinstance(index, str) and kind is TENSOR and env.get(name) is not TENSOR:
            # `state["exp_avg"] = torch.zeros_like(p)` into a mapping of unknown contents: that key holds a tensor
            env[dict_key(name)] = frozenset({index})
        elif keys:
            env.pop(dict_key(name))  # d[k] = v: any key may now hold anything
        if kind is not TENSOR:
            env.pop(elements_key(name), None)  # outs[0] = None: no longer a sequence of tensors
            env.pop(grown_key(name), None)
        env.pop(leading_key(name), None)  # pairs[0] = v: whatever v leads with
        if kind == NOT_TENSOR:
            env.pop(mapping_key(name), None)  # `d["n"] = 3`: not what `d: Dict[str, Tensor]` declares
    elif (attribute := is_self_attr(target)) is not None:
        # not where the value is a tensor only if the function's callers pass one (`self.n = num_nodes`, a bare input
        # or a kind their arguments decide): read back, it is as often the number they pass
        passed = assumed or isinstance(kind, Maybe) and any(atom[0] == "param" for term in kind.terms for atom in term)
        if (kind is TENSOR or isinstance(kind, Maybe)) and not passed:
            env[stored_key(attribute)] = kind
        else:
            env.pop(stored_key(attribute), None)
    elif isinstance(target, (cst.Tuple, cst.List)):
        # `a, b = x.shape`: a plain value holds no tensors (a tuple display's elements are known)
        element_kind = NOT_TENSOR if kind == NOT_TENSOR and element_kind is UNKNOWN else element_kind
        if element_kind is UNKNOWN and (kind is TENSOR or isinstance(kind, Maybe)):
            element_kind = kind  # `row, col = edge_index`: unpacking a tensor yields its rows, tensors
        for element in target.elements:
            if isinstance(element, cst.StarredElement):  # `a, *rest = t`: a list of what the others get
                bind_target(element.value, NOT_TENSOR, env, element_kind)
            else:
                bind_target(element.value, element_kind, env)


def _number_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary))


def constant_index(expr: cst.Subscript) -> Union[int, str, None]:
    """The index of `v[0]`, `v[-1]`, `v["key"]`; None for anything else (slices, names, several indices)."""
    if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
        return None
    value = expr.slice[0].slice.value
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
        return -int(value.value, 0) if isinstance(value, cst.Integer) else None
    if isinstance(value, cst.Integer):
        return int(value.value, 0)
    if isinstance(value, cst.SimpleString):
        evaluated = value.evaluated_value
        return evaluated if isinstance(evaluated, str) else None
    return None


def _holds_object(cls: ClassInfo, attr: Optional[str]) -> bool:
    """`self.attr = Block(...)` in __init__: a module or project object (not a tensor), whose own
    attributes (`self.norm.weight`) may well be tensors."""
    built = cls.submodules.get(attr) if attr else None
    return built is not None and not built.endswith("Tensor")


def torch_module_elements(cls: Optional[ClassInfo], container: str) -> bool:
    """Every element this class puts in its module container `container` is a torch.nn module whose call returns a
    tensor, as a submodule attribute of one is (TUPLE_MODULES aside)."""
    elements = cls.containers.get(container) if cls is not None else None
    return bool(elements) and all(e.startswith("torch.nn.") and e not in TUPLE_MODULES for e in elements)


def instance_draw(expr: cst.Call, cls: Optional[ClassInfo]) -> bool:
    """`self.rng.random()` (REPLAYED_INSTANCE_RANDOM) where every value the class stores in `self.rng` is a
    `random.Random(...)`."""
    func = expr.func
    if cls is None or not isinstance(func, cst.Attribute) or func.attr.value not in REPLAYED_INSTANCE_RANDOM:
        return False
    attr = is_self_attr(func.value)
    values = cls.attribute_values.get(attr, ()) if attr is not None else ()
    return bool(values) and set(values) <= RANDOM_INSTANCES


def distribution_result(expr: cst.Call, cls: Optional[ClassInfo]) -> bool:
    """`self.beta.sample()` (DISTRIBUTION_TENSOR_METHODS) where every value the class stores in `self.beta` is an
    object made by a `torch.distributions` class."""
    func = expr.func
    if cls is None or not isinstance(func, cst.Attribute) or func.attr.value not in DISTRIBUTION_TENSOR_METHODS:
        return False
    attr = is_self_attr(func.value)
    values = cls.attribute_values.get(attr, ()) if attr is not None else ()
    return bool(values) and all(v.startswith("torch.distributions.") and v.endswith("()") and v.count("()") == 1
                                for v in values)


def is_self_attr(expr: cst.BaseExpression) -> Optional[str]:
    name = dotted(expr)
    if name and name.startswith("self.") and name.count(".") == 1:
        return name[5:]
    return None
