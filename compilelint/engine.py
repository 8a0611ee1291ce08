"""Lint one file: parse once, one traversal that keeps the shared context and feeds every enabled check.

The result is plain data (facts + candidate findings with positions) so that the project-wide step
(which functions are compiled) and a cache can work on it without the syntax tree.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import (AbstractSet, Any, Callable, Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Sequence, Set, Tuple, Type,
                    Union)

import libcst as cst

from compilelint import dynamo_config
from compilelint.attributes import ATOM as ATTRIBUTE_ATOM
from compilelint.check import Check, FixSpec
from compilelint.facts import AUTOGRAD_FUNCTIONS, ClassInfo, FileFacts, FunctionFacts
from compilelint.findings import Edit, Fix, Location
from compilelint.guards import ALL_OF, NO_INSTANCES
from compilelint.results import Candidate, FileResult
# names the libcst-free index recognises the same way
from compilelint.index import (
    BUILTIN_FUNCTIONS, BUILTIN_NAMES, COMPILE_FUNCTIONS, CONTAINER_CLASSES, DISABLE_FUNCTIONS, FORWARD_HOOK_REGISTRATIONS,
    IMPORT_ERRORS, KNOWN_GUARDS, PARTIAL_FUNCTIONS, PARTIALMETHOD, FORMAT_FIELD, PERCENT_FIELD, PROPERTY_DECORATORS,
    SELF_RETURNING_METHODS, SEQUENCE_ANNOTATIONS, HOOK_REGISTRATION_TEXT, distinctive_method_name, hook_fact, hook_helper,
    hook_scans, name_pattern, project_name, split_template,
)
from compilelint.names import ImportTable, dotted
from compilelint.positions import def_rows, locate
from compilelint.sizes import SIZES, TENSOR_OR_SIZE, size_arguments
from compilelint.tensor_names import (OTHER_TENSOR_LIBRARIES, PARAMETER_CLASSES, VALUE_CLASSES, annotation_names_tensor,
                                      returns_tensor_method, stored_tensors, torch_function_returns_tensor)
from compilelint.tensors import (ALWAYS, BOOL_DTYPES, NOT_TENSOR, TENSOR, UNKNOWN, AnyKind, Kind, Maybe,
                                 TensorInference, alias_atom, annotation_kind, bind_target, both, bound_names, call_key,
                                 constant_index, declares_bool_tensor, draw_key, either, forget_contents, formula,
                                 grow_leading, grow_list,
                                 in_place_method, instance_key, is_mask_expression, leading_key, leading_kind,
                                 mapping_key, maps_to_tensors, mask_key, numpy_key, numpy_scalar_call,
                                 python_arithmetic_on_draw, start_list, stored_key, is_self_attr,
                                 may_be_project_function, plain, NON_PROJECT_ROOTS, NON_TENSOR_ATTRS,
                                 NON_TENSOR_BUILTINS, NON_TENSOR_METHODS)

# Fields that hold only whitespace and punctuation: never walked.
_SKIPPED_FIELDS = frozenset(
    "lpar rpar comma semicolon leading_lines lines_after_decorators header footer colon newline equal dot "
    "operator lbracket rbracket lbrace rbrace arrow asynchronous star relative first_line "
    "trailing_whitespace".split()
)
_CHILD_FIELDS: Dict[type, Tuple[str, ...]] = {}
# Comprehensions run their `for` clauses before their element: the walk does too, so that the element sees the
# kinds its names are bound to (`[f(x) if keep else x for x, keep in zip(xs, mask)]` tests a row of `mask`).
COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
# builtins dynamo runs as traced Python that pulls a generator argument item by item: a break inside the
# generator leaves dynamo a half-consumed generator it cannot rebuild (GB8335, the frame is skipped), reported
# at the line of the consumer's call too. tuple/list/min/max/sorted/str.join take it whole: only the break's line.
GENERATOR_CONSUMERS = frozenset({"all", "any", "sum", "set", "dict"})
# activation checkpointing: dynamo traces the function it is handed as a higher-order op (facts: checkpointed)
CHECKPOINT = "torch.utils.checkpoint.checkpoint"


class _NodeTypes(dict):
    """type -> whether it is a libcst node: a dict lookup instead of an ABC isinstance per field."""

    def __missing__(self, tp: type) -> bool:
        self[tp] = found = issubclass(tp, cst.CSTNode)
        return found


_IS_NODE = _NodeTypes()

GUARD_IS_COMPILING = frozenset(name for name, traced in KNOWN_GUARDS.items() if traced)
GUARD_IS_SCRIPTING = frozenset(name for name, traced in KNOWN_GUARDS.items() if not traced)
# A claim about a test while dynamo traces: value -> None (always) or the guard atom it needs, (a function
# that may be a project's guard predicate, as resolved in the file; what its call returns while traced):
# guards.py decides atoms once every file is indexed.
GuardAtom = Tuple[str, bool]
# ("given", function, parameter): every compiled call of the function passes the parameter a value that is never
# None (summaries.TensorFacts.given), so `parameter is None` is False while traced; ("absent", ...): none passes it
# and its default is None, so the test is True. Hole atoms like GuardAtoms
GivenAtom = Tuple[str, str, str]
# (attributes.ATOM, class, attribute, "truthy" / "falsy" / "none" / "not-none"): `self.attribute` read in a method of
# the class holds such a value whenever the project only ever stores literals that are (attributes.py)
AttributeAtom = Tuple[str, str, str, str]
# several atoms, any of which decides (`p is None and not self.flag`): the findings under it carry them all
AnyOf = FrozenSet[Union[GuardAtom, GivenAtom, AttributeAtom]]
# (guards.ALL_OF, one side's atom or AnyOf, the other's): both must hold (`is_scripting() or is_tracing()` is False
# only when both project helpers are guards returning False)
AllOf = Tuple[str, object, object]
Claims = Dict[bool, Optional[Union[GuardAtom, GivenAtom, AttributeAtom, AnyOf, AllOf]]]
# Context managers dynamo handles natively: a break under them is an ordinary break.
TORCH_CONTEXT_PREFIXES = ("torch.",)
NATIVE_CONTEXT_MANAGERS = frozenset({"contextlib.nullcontext"})
# numpy functions making an array of numpy floats: an element of one, stored on a module, is a numpy.float64
NUMPY_RANGES = frozenset({"numpy.linspace", "numpy.logspace", "numpy.geomspace"})
# Tensors torch.nn base classes register in their own __init__ whatever the arguments (a subclass's forward reads
# them: `1.0 / float(self.num_batches_tracked)` in a BatchNorm subclass breaks, GB0124 on 2.13); the ones an argument
# can make None (`bias=False`, `affine=False`, `track_running_stats=False`) are left out, but for the running
# statistics, on by default
_BATCH_NORM_STATS = frozenset({"running_mean", "running_var", "num_batches_tracked"})
_WEIGHTED = frozenset({"weight"})
TORCH_BASE_TENSORS = {
    **{f"torch.nn.{name}": _BATCH_NORM_STATS for name in ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm")},
    **{f"torch.nn.{name}": _WEIGHTED for name in ("Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
                                                  "ConvTranspose2d", "ConvTranspose3d", "Embedding", "EmbeddingBag")},
}
_DEFINITIONS = frozenset({cst.FunctionDef, cst.Lambda, cst.ClassDef})
COMPOUND_STATEMENTS = (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.FunctionDef, cst.ClassDef)


def _child_fields(tp: type) -> Tuple[str, ...]:
    fields = _CHILD_FIELDS.get(tp)
    if fields is None:
        fields = tuple(
            f.name for f in dataclasses.fields(tp)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        if issubclass(tp, COMPREHENSIONS):
            fields = ("for_in",) + tuple(f for f in fields if f != "for_in")
        _CHILD_FIELDS[tp] = fields
    return fields


def child_nodes(node: cst.CSTNode) -> List[cst.CSTNode]:
    """A node's children that can hold code (no whitespace or punctuation): libcst's `.children` runs a
    visitor per call, which is too slow for checks that scan subtrees."""
    out: List[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if _IS_NODE[type(value)]:  # isinstance against libcst's abstract classes is slow
            out.append(value)
        elif type(value) in (list, tuple):
            out.extend(c for c in value if _IS_NODE[type(c)])
    return out


def holds_a(tree: cst.CSTNode, types: Tuple[type, ...], skip: Tuple[type, ...] = ()) -> bool:
    """A node of `types` in `tree` (itself included), outside the nodes of `skip` types below it: a walk over
    child_nodes (visiting the tree would rebuild its nodes, whose ids the engine keys facts on)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, types):
            return True
        if not isinstance(node, skip):
            stack += child_nodes(node)
    return False


def names_in(node: cst.CSTNode) -> Set[str]:
    """Every bare name written anywhere under `node`."""
    names, todo = set(), [node]
    while todo:
        current = todo.pop()
        if isinstance(current, cst.Name):
            names.add(current.value)
        todo.extend(child_nodes(current))
    return names


@dataclass
class _Frame:
    region_key: Optional[str]
    env: Dict[str, Kind]
    cls: Optional[ClassInfo]
    loops: int = 0
    user_contexts: int = 0
    tries: int = 0
    returns_key: Optional[str] = None  # the function whose return statements these are (None: nested def)
    # a def nested in its enclosing region: what its return statements give so far (UNKNOWN once it yields)
    nested_returns: Optional[AnyKind] = None
    instances: Dict[str, str] = field(default_factory=dict)  # local `m = Net(...)` -> "Net"
    elements: Dict[str, str] = field(default_factory=dict)  # `for blk in self.blocks` -> blk: "blocks"
    local_functions: Dict[str, str] = field(default_factory=dict)  # nested def with its own region
    # local `solver = SOLVERS[m](...)` -> the value it holds, spelled (facts: values), for calls of it
    values: Dict[str, str] = field(default_factory=dict)
    # local `sample = self.ddpm_sample if fast else self.ddim_sample` -> the branches: calling it runs one of them
    choices: Dict[str, List[cst.BaseExpression]] = field(default_factory=dict)
    # local `layers = [self.a, self.b]` / `[Block(d) for _ in range(n)]` -> the elements: a loop over it calls each
    callable_lists: Dict[str, List[cst.BaseExpression]] = field(default_factory=dict)
    # un-annotated parameters taken for tensors only because the function is forward or compiled, while
    # never rebound: compared with an int or converted with int(), they are as often plain numbers
    raw_params: Set[str] = field(default_factory=set)
    guards: Dict[str, Claims] = field(default_factory=dict)  # `compiling = torch.compiler.is_compiling()`
    # engine._bindings of function (assigned_once, how often each name is bound, assigned_alternatives, the names it
    # binds itself), one walk of its body when first asked, however many statements ask
    bindings: Optional["Bindings"] = None
    # annotated parameters: their annotation tells their class (a value where it names one), never a method name
    annotated: Set[str] = field(default_factory=set)
    # parameters of the function not rebound so far: `p is None` on one is settled by what its compiled callers pass
    unbound_params: Set[str] = field(default_factory=set)
    none_defaults: Set[str] = field(default_factory=set)  # its parameters whose default is None
    # its parameters whose default is a literal (`force_undirected=False`, `eps=0`): the truth of that default
    literal_defaults: Dict[str, bool] = field(default_factory=dict)
    # locals bound to a value that is never None (`size = int(b.max()) + 1 if size is None else size`), and what
    # the set was when each enclosing branch or loop began: what a branch binds may not have run after it
    not_none: Set[str] = field(default_factory=set)
    not_none_saved: List[Set[str]] = field(default_factory=list)
    # what each name a type test says is no tensor in the branch being walked was bound to before it (_narrow)
    narrowed_saved: List[Optional[Kind]] = field(default_factory=list)
    # locals bound to an imported or builtin name (`as_int = int`, `emit = print`) -> what they name, qualified
    aliases: Dict[str, str] = field(default_factory=dict)
    function: Optional[cst.FunctionDef] = None  # the def whose return statements these are
    # its locals bound once that spell a value (assigned_once), read at its first return that needs them
    spelled_once: Optional[Dict[str, str]] = None
    draws_expire: bool = False  # a break candidate came since its replayed draws (draw_key) were bound
    # per unconditional graph-break candidate in a statement of the function's own body: (id of that statement,
    # each name bound before it -> the blocks that rebound it since, as the ids of the statements enclosing each
    # rebinding): dynamo's resume function receives those names as inputs, until a rebinding that dominates
    resumed_inputs: List[Tuple[int, Dict[str, List[Tuple[int, ...]]]]] = field(default_factory=list)
    statements: List[cst.CSTNode] = field(default_factory=list)  # the walk's enclosing statements (FileContext's)
    # Python arithmetic on a draw with a value not known a tensor came: dynamo may have given up on the frame there
    # (GB0213), so what later draws are says nothing
    draws_stopped: bool = False


class FileContext:
    """Shared, computed-once context for the checks of one file."""

    def __init__(self, path: str, module: cst.Module, module_name: str, is_package: bool,
                 text: Optional[str] = None) -> None:
        self.path = path
        self.module = module
        self.text = text  # the source the module was parsed from: positions without a whole-file codegen
        self.registers_hooks = text is None or HOOK_REGISTRATION_TEXT in text  # index.hook_scans
        self.imports = ImportTable(module_name, is_package, path)
        self.facts = FileFacts(path=path, module=module_name)
        self.inference = TensorInference(self.imports)
        self.inference.classes = self.facts.classes
        self.inference.functions = self.facts.functions
        self.inference.assumed = self.is_bare_input
        self.inference.object_call = self.object_call_record
        self.frames: List[_Frame] = []
        self.class_stack: List[Optional[ClassInfo]] = []
        self.statements: List[cst.CSTNode] = []
        self.holes = 0  # inside a branch that does not run under dynamo
        self.module_values: Dict[str, str] = {}  # module-level `name = f(...)` -> qualified f
        self.module_names: Set[str] = set()  # top-level defs, classes and assigned names (index.module_names)
        # top-level names bound once to a dict literal (`AUGMENTS = {"color": [f, g]}`), known before any def is walked
        self.module_tables: Dict[str, cst.Dict] = {}
        # module-level names bound once to a literal (`DEBUG = False`): `if DEBUG:` is decided when traced
        self.module_constants: Dict[str, object] = {}
        self._module_names_bound: Set[str] = set()
        self.module_partials: Dict[str, str] = {}  # module-level `name = partial(g, ...)` -> qualified g
        self._raw: List[tuple] = []
        # a candidate reported at the call consuming the generator it lies in: id of that copy -> (the node it
        # was reported at, withdrawn together; whether the original is dropped, else the copy is left out where
        # both sit on one line)
        # a candidate's copies at another node (a generator's consumer, a resumed tensor method call) -> (the
        # candidate's node, whether the candidate itself moved there, the candidate's code): withdrawn with it
        self._copies: Dict[int, Tuple[cst.CSTNode, bool, str]] = {}
        # per comprehension or lambda being walked: (the call consuming it, the generator) when it is a generator
        # that one of GENERATOR_CONSUMERS takes as its first argument, else None
        self.scope_consumers: List[Optional[Tuple[cst.Call, cst.GeneratorExp]]] = []
        self._generator_consumers: Dict[int, cst.Call] = {}  # id of such a generator -> its consumer
        # graph-break candidates (CL1xx) so far: a tensor computed before one of them reaches the code
        # after it as an input of dynamo's resume function, where some uses of it no longer break
        self.break_candidates = 0
        self._raw_functions: List[Optional[int]] = []  # the function each report was made in (see locate)
        self._function_nodes: Dict[str, cst.FunctionDef] = {}
        self._compile_site_nodes: List[Tuple[str, cst.Call, Optional[int]]] = []
        # every FunctionDef in source order with the indentation around it, and the ones we are inside
        self.definitions: List[Tuple[cst.FunctionDef, Tuple[str, ...]]] = []
        self.definition_stack: List[int] = []
        self._block_effects: Dict[int, List[str]] = {}
        self._active_effects: List[List[str]] = []
        self.indents: List[str] = []  # indentation of each enclosing indented block
        self.torch_imported = False  # environment defaults only count before torch reads them
        self.local_dynamo: List[dynamo_config.Settings] = []  # active config.patch scopes
        self._block_dynamo: Dict[int, dynamo_config.Settings] = {}
        # statements after an early `return` under a compile-time guard: dynamo never reaches them
        # (None: always; a GuardAtom: when a project function is a guard, see Claims)
        self.hole_statements: Dict[int, Optional[GuardAtom]] = {}
        self.names_used: Dict[int, Set[str]] = {}  # by id of a def with nested defs: the names its body uses
        # atoms of the enclosing branches that dynamo never traces if a project function is a guard
        self.hole_atoms: List[GuardAtom] = []
        # expressions dynamo never evaluates (`B` in `not is_compiling() and B`), by id: entered by the walker
        self.expression_holes: Dict[int, Optional[GuardAtom]] = {}
        # a branch of a conditional expression where a type test says a name is no tensor, by id: the name
        self.expression_narrowed: Dict[int, str] = {}
        self._seen_calls: Dict[str, Set[Tuple[Tuple[str, str], tuple]]] = {}
        self._called_names: Dict[str, Set[str]] = {}  # per function: plain names it calls (facts.handed_names)
        # what project functions return, for the tensor inference of their callers in this file
        self.returns: Dict[str, Kind] = self.inference.returns
        self._annotated_returns: Set[str] = set()
        self.mask_returns: Dict[str, AnyKind] = {}  # what project functions return where every return is a mask
        # kinds of the positional arguments of calls of this file's functions not yet visited:
        # "helper" / "Class.method" -> one kind per argument (UNKNOWN where call sites disagree)
        self.argument_kinds: Dict[str, List[Kind]] = {}
        # method-call stand-ins the checks also judge (method_stand_in), by id of each of their nodes: the call spelled
        self.stand_ins: Dict[int, cst.Call] = {}
        self._stand_in_nodes: List[cst.Call] = []  # kept alive, so that their ids stay theirs

    # -- what checks ask ---------------------------------------------------------------------------
    @property
    def frame(self) -> Optional[_Frame]:
        return self.frames[-1] if self.frames else None

    def kind(self, expr: cst.BaseExpression) -> Kind:
        return plain(self.raw_kind(expr))

    def is_replayed_draw(self, expr: cst.BaseExpression) -> bool:
        """A draw dynamo replays as a tensor (tensors.REPLAYED_RANDOM), or a local bound to one since the last break
        candidate."""
        return self.frame is not None and self.inference.is_draw(expr, self.frame.env, self.frame.cls)

    def raw_kind(self, expr: cst.BaseExpression) -> AnyKind:
        """The kind with what only the project-wide step can decide (tensors.Maybe) left in."""
        frame = self.frame
        if frame is None:
            return UNKNOWN
        return self.inference.kind(expr, frame.env, frame.cls)

    def tensor_formula(self, expr: cst.BaseExpression) -> tuple:
        """When `expr` is a tensor (tensors.Formula): ALWAYS, never (), or on project-wide facts."""
        return formula(self.raw_kind(expr))

    def float_formula(self, expr: cst.BaseExpression) -> tuple:
        """When `expr` is a tensor if the function's own `float`-annotated parameters (never rebound) are tensors that
        every caller computes (summaries "computed"): a sampler's `step(x, sigma: float)` handed `sigmas[i]`. Other
        checks take the annotation at its word (CL133's arithmetic with a number known not to be a tensor)."""
        frame = self.frame
        key = frame.returns_key if frame is not None else None
        floats = self.facts.functions[key].float_params if key in self.facts.functions else ()
        floats = [name for name in floats if name in frame.unbound_params]
        if not floats:
            return ()
        saved = {name: frame.env.get(name) for name in floats}  # swapped in place: no copy of the env per question
        frame.env.update((name, Maybe.atom(("computed", key, name))) for name in floats)
        try:
            return formula(self.inference.kind(expr, frame.env, frame.cls))
        finally:
            for name, kind in saved.items():
                if kind is None:
                    frame.env.pop(name, None)
                else:
                    frame.env[name] = kind

    def float_parameter(self, expr: cst.BaseExpression) -> Optional[str]:
        """The function's own `float`-annotated parameter, never rebound, that `expr` names bare."""
        frame = self.frame
        key = frame.returns_key if frame is not None else None
        return expr.value if isinstance(expr, cst.Name) and key in self.facts.functions \
            and expr.value in self.facts.functions[key].float_params and expr.value in frame.unbound_params else None

    def is_tensor(self, expr: cst.BaseExpression) -> bool:
        return self.kind(expr) == TENSOR

    def is_raw_param(self, expr: cst.BaseExpression) -> bool:
        """A bare un-annotated forward/compiled-function parameter, never rebound (see _Frame.raw_params)."""
        frame = self.frame
        return frame is not None and isinstance(expr, cst.Name) and expr.value in frame.raw_params

    def is_bare_input(self, expr: cst.BaseExpression) -> bool:
        """A raw parameter, or a parameter whose kind its callers decide (a compiled entry point's input among
        them): a tensor only as far as the callers are assumed to pass one."""
        frame = self.frame
        return self.is_raw_param(expr) or frame is not None and isinstance(expr, cst.Name) \
            and frame.env.get(expr.value) == Maybe.atom(("param", frame.returns_key, expr.value))

    def resolve(self, expr: cst.BaseExpression) -> Optional[str]:
        name = self.imports.resolve(expr)
        if name is None or not self.frames:
            return name
        head = expr
        while type(head) is cst.Attribute:
            head = head.value
        local = head.value
        aliases = self.frames[-1].aliases
        if aliases and local in aliases:  # `as_int = int` in this function: one more spelling of int
            return aliases[local] + name[len(local):]
        # a parameter or local (`time`, `random`, a nested `def print`) hides the import or builtin it is named after
        if local in self.frames[-1].env and local not in ("self", "cls") and (
                local in BUILTIN_NAMES or local in self.imports.aliases):
            return f"<local>.{dotted(expr)}"
        return name

    @property
    def in_loop(self) -> bool:
        return bool(self.frame and self.frame.loops)

    @property
    def indentation(self) -> str:
        """Leading whitespace of the statement being visited (for fixes that add lines)."""
        return "".join(self.indents)

    def module_alias(self, module: str) -> Tuple[Optional[str], Tuple[str, ...]]:
        """How fix code spells `module` here: (its local name, imports the fix must add).
        (None, ()) when the name is taken by something else, so no fix can use it."""
        for local, full in self.imports.aliases.items():
            if full == module:
                return local, ()
        if module in self.imports.aliases:
            return None, ()
        return module, (module,)

    def call_record(self, node: cst.Call) -> Optional[Tuple[str, str]]:
        """What a call calls, as a facts call record (see facts.CALL_KINDS), or None."""
        return self.callee_record(node.func)

    def callee_record(self, func: cst.BaseExpression) -> Optional[Tuple[str, str]]:
        frame = self.frame
        if isinstance(func, cst.Attribute):
            receiver = func.value
            if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls") or _class_of_self(receiver):
                return "self", func.attr.value  # type(self).m(x) / self.__class__.m(x): the same lookup
            if isinstance(receiver, cst.Call) and dotted(receiver.func) == "super":
                return "super", func.attr.value
            if isinstance(receiver, cst.Name) and frame is not None and receiver.value in frame.elements:
                # for ema in self.emas: ema.update() runs the elements' method
                return "self_item", f"{frame.elements[receiver.value]}.{func.attr.value}"
        elif isinstance(func, cst.Subscript):
            container = is_self_attr(func.value)
            if container:
                return "self_item", container
        elif isinstance(func, cst.Name) and frame is not None:
            if func.value in frame.elements:
                return "self_item", frame.elements[func.value]
            if func.value in frame.local_functions:
                return "name", frame.local_functions[func.value]
        value = self.called_value(func)
        if value is not None:
            return "value", value
        method = self.unknown_object_method(func)
        if method is not None:
            return "method", method
        name = self.imports.resolve(func)
        return ("name", name) if name else None

    def object_call_record(self, func: cst.BaseExpression) -> Optional[Tuple[str, str]]:
        """The call record of `obj.m` when `obj` is an object only the project-wide step resolves (a local it
        made or looked up, a parameter of unknown class with a distinctive method name, an element of a container
        attribute), or of an element called (`for blk in self.blocks: h = blk(h)`, `self.blocks[0](h)`), else None."""
        kinds = ("value", "method", "self_item") if isinstance(func, cst.Attribute) else ("self_item",)
        record = self.callee_record(func) if isinstance(func, (cst.Attribute, cst.Name, cst.Subscript)) else None
        return record if record is not None and record[0] in kinds else None

    def unknown_object_method(self, func: cst.BaseExpression) -> Optional[str]:
        """`m` of `obj.m` where `obj` is a parameter or local whose class nothing here tells (not a tensor, not
        an object this function made): the project-wide step may take it for the project's methods named m. A raw
        forward input is only assumed a tensor: a method no tensor has (a distinctive name) says it is an object."""
        frame = self.frame
        if frame is None or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return None
        name = func.value.value
        if name in ("self", "cls") or name not in frame.env or name in frame.instances or name in frame.annotated \
                or name in frame.local_functions or not distinctive_method_name(func.attr.value) \
                or self.kind(func.value) == TENSOR and not self.is_raw_param(func.value):
            return None
        return func.attr.value

    def called_value(self, func: cst.BaseExpression) -> Optional[str]:
        """The callee as a value (facts: values) where a plain name cannot say what it is: a local object,
        an element of a registry, a method of what a call returns, a method of an attribute's object."""
        frame = self.frame
        if frame is None or (isinstance(func, cst.Attribute) and self.kind(func.value) == TENSOR):
            return None
        value = spell_value(func, self.imports, self.module_names, frame.values)
        if value is None:
            return None
        name = dotted(func)
        if name is None or name.partition(".")[0] in frame.values or name.count(".") > 1 and name.startswith("self."):
            return value
        return None

    def compile_target(self, expr: cst.BaseExpression, known_only: bool = False) -> Optional[str]:
        """The function or class (as this file names it) that an object passed to torch.compile runs."""
        while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
                and expr.func.attr.value in SELF_RETURNING_METHODS:
            expr = expr.func.value
        frame = self.frame
        if isinstance(expr, cst.Call):  # torch.compile(Net(...))
            return self.imports.resolve(expr.func)
        if isinstance(expr, cst.Name):
            name = expr.value
            if frame is not None and name in frame.instances:
                return frame.instances[name]
            if frame is not None and name in frame.local_functions:
                return frame.local_functions[name]
            if name in self.facts.bindings and self.facts.bindings[name][0] == "instance":
                return self.facts.bindings[name][1]
            return None if known_only else self.imports.resolve(expr)
        if isinstance(expr, cst.Attribute):
            attr = is_self_attr(expr)
            cls = frame.cls if frame is not None else None
            if attr is not None and cls is not None:
                if attr in cls.submodules:
                    return cls.submodules[attr]
                if attr in cls.methods:
                    return f"{cls.name}.{attr}"
                return None
            owner = self.compile_target(expr.value, known_only=True)  # model.forward
            if owner is not None:
                return f"{owner}.{expr.attr.value}"
            return None if known_only else self.imports.resolve(expr)
        return None

    def resumed_input(self, name: str) -> bool:
        """`name` reaches the code being walked as an input of dynamo's resume function: it was bound before an
        unconditional graph-break candidate in an earlier statement of this function's body (or in the header of
        the compound statement whose body this is), and no rebinding since is sure to have run before this code
        (one in a branch leaves it an input on the path that skips the branch)."""
        frame = self.frame
        if frame is None or not frame.resumed_inputs:
            return False
        depth = max((i for i, s in enumerate(self.statements) if isinstance(s, cst.FunctionDef)), default=-1) + 1
        if depth >= len(self.statements):
            return False
        own = id(self.statements[depth])  # the statement of the function's body the walk is in
        inside_header = depth + 1 < len(self.statements)  # deeper than that statement's header
        path = tuple(id(s) for s in self.statements)
        # a rebinding in a block enclosing the walk ran before it on every path; one in another branch did not
        return any(name in names and (statement != own or inside_header)
                   and not any(path[:len(block)] == block for block in names[name])
                   for statement, names in frame.resumed_inputs)

    def report(self, code, node, message, *, pattern, help, fix: Optional[FixSpec], extra_gb,
               anywhere: bool = False, requires_disabled: Optional[Tuple[str, str]] = None,
               requires: Optional[Tuple[str, ...]] = None, requires_tensor: Optional[tuple] = None,
               skips_frame: bool = False, unless: Sequence = (), maybe: bool = False) -> None:
        if self.stand_ins and id(node) in self.stand_ins:  # found on a stand-in: reported at the call as spelled,
            node, fix = self.stand_ins[id(node)], None   # whose source a fix would have to edit differently
            if any(raw[0] == code and raw[1] is node for raw in self._raw):
                return  # the check already knows the spelling (`torch.Tensor.item(t)`)
        frame = self.frame
        if self.holes or (frame is None and not anywhere):
            return
        amplifiers = tuple(
            name for name, active in (("loop", frame.loops), ("user-context-manager", frame.user_contexts),
                                      ("try", frame.tries), ("not-a-call", skips_frame)) if active
        ) if frame is not None and not anywhere else ()
        statement = self.statements[-1] if self.statements else node
        unless_guards = tuple(dict.fromkeys([*self.hole_atoms, *unless])) if self.hole_atoms or unless else ()
        dynamo = tuple((name, tuple(v) if isinstance(v, list) else v)
                       for layer in self.local_dynamo for name, v in layer.items())
        self.break_candidates += code.startswith("CL1")
        if code.startswith("CL1") and frame is not None:
            frame.draws_expire = True  # from the next statement on: the rest of this one runs before the break
            if len(self.statements) > 1 and isinstance(self.statements[-2], cst.FunctionDef) and not (
                    skips_frame or anywhere or requires_disabled or requires or unless_guards
                    or requires_tensor not in (None, ALWAYS)):
                frame.resumed_inputs.append((id(self.statements[-1]), {name: [] for name in frame.env}))
        raw = (code, node, statement, message, pattern, help, frame.region_key if frame else None,
               amplifiers, tuple(extra_gb), fix, anywhere, dynamo, requires_disabled, requires,
               None if requires_tensor == ALWAYS else requires_tensor, unless_guards, maybe)
        consumer = self._generator_consumer(node) if code.startswith("CL1") and amplifiers == () else None
        if consumer is None or consumer is node:
            self._raw.append(raw)
            self._raw_functions.append(self.current_definition)
            return
        # `sum(gen, start)` pulls the generator from the caller's frame: the break is reported at the call only
        moved = len(consumer.args) > 1
        if not moved:
            self._raw.append(raw)
            self._raw_functions.append(self.current_definition)
        copy = list(raw)
        copy[1] = consumer
        copy[3] = f"{message} (in the generator `{self.resolve(consumer.func)}()` consumes below)"
        copy[7] = ("consumed-generator",)
        copy[9] = None  # the fix edits the generator's line
        copy = tuple(copy)
        self._copies[id(copy)] = (node, moved, code)
        self._raw.append(copy)
        self._raw_functions.append(self.current_definition)

    def method_stand_in(self, node: cst.Call) -> Optional[cst.Call]:
        """`t.m(*rest)` for `torch.Tensor.m(t, *rest)` and `getattr(t, "m")(*rest)`: the method call dynamo runs (and
        breaks on as on the method: `.item()`, `.tolist()`, `.nonzero()`, measured on 2.13), for the checks to judge
        as written that way; `float(t[0])` for `map(float, t)` (also `int`, `bool`: the conversion of each element,
        GB0124 on a tensor); None for any other call."""
        func, args = node.func, node.args
        if isinstance(func, cst.Name) and func.value == "map" and len(args) == 2 \
                and all(a.keyword is None and not a.star for a in args) and self.resolve(func) == "map" \
                and isinstance(args[0].value, cst.Name) and args[0].value.value in ("float", "int", "bool") \
                and self.resolve(args[0].value) == args[0].value.value:
            element = cst.Subscript(value=args[1].value, slice=[cst.SubscriptElement(cst.Index(cst.Integer("0")))])
            stand_in = cst.Call(func=args[0].value, args=[cst.Arg(element)])
            for part in (stand_in, element):
                self.stand_ins[id(part)] = node
            self._stand_in_nodes.append(stand_in)
            return stand_in
        if isinstance(func, cst.Attribute) and args and args[0].keyword is None and not args[0].star \
                and self.resolve(func.value) == "torch.Tensor":
            receiver, method, rest = args[0].value, func.attr.value, args[1:]
        elif isinstance(func, cst.Call) and self.resolve(func.func) == "getattr" and len(func.args) == 2 \
                and all(a.keyword is None and not a.star for a in func.args) \
                and isinstance(func.args[1].value, cst.SimpleString):
            method = func.args[1].value.evaluated_value
            if not isinstance(method, str) or not method.isidentifier():
                return None
            receiver, rest = func.args[0].value, args
        else:
            return None
        stand_in = cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name(method)), args=rest)
        for part in (stand_in, stand_in.func, stand_in.func.attr):
            self.stand_ins[id(part)] = node
        self._stand_in_nodes.append(stand_in)
        return stand_in

    def _generator_consumer(self, node: cst.CSTNode) -> Optional[cst.Call]:
        """The outermost call consuming the generators `node` runs in, when every comprehension or lambda around
        it up to that call is such a generator (nested: `all(all(...) for ...)`). A generator's first iterable
        runs in the frame around the generator, not in it."""
        found = None
        for scope in reversed(self.scope_consumers):
            if scope is None:
                break
            consumer, generator = scope
            found = None if _contains(generator.for_in.iter, node) else consumer
        return found

    def enter_hole(self, atom: Optional[GuardAtom]) -> None:
        """Code dynamo never traces starts: always (None), or when `atom` holds (then findings carry it), or any
        atom of a set of them (AnyOf)."""
        if atom is None:
            self.holes += 1
        elif isinstance(atom, frozenset):
            self.hole_atoms += sorted(atom, key=repr)
        else:
            self.hole_atoms.append(atom)

    def leave_hole(self, atom: Optional[GuardAtom]) -> None:
        if atom is None:
            self.holes -= 1
        else:
            del self.hole_atoms[-(len(atom) if isinstance(atom, frozenset) else 1):]

    def claims(self, test: cst.BaseExpression, rebound: AbstractSet[str] = frozenset()) -> Claims:
        """What `test` is while dynamo traces (see Claims), as far as guards, constants and the parameters its
        compiled callers always pass tell; `rebound`: parameters that code before the test, not walked yet, binds."""
        frame = self.frame
        unbound = frame.unbound_params - rebound if frame is not None else set()
        # in a loop, a later rebinding may come first
        given = (frame.returns_key, unbound, frame.none_defaults, frame.literal_defaults) \
            if unbound and not frame.loops else ()
        owner = frame.cls.name if frame is not None and frame.cls is not None else None
        return _truth_claims(test, self.imports, self._known_names(), given, owner)

    def never_evaluated(self, op: cst.BaseExpression) -> Tuple[bool, Optional[GuardAtom]]:
        """(whether, unless when) the right side of `op`, an `and`/`or`, is never evaluated while traced:
        `not is_compiling() and B`, `is_compiling() or B`."""
        if not isinstance(op, cst.BooleanOperation):
            return False, None
        claims = self.claims(op.left)
        deciding = not isinstance(op.operator, cst.And)  # the left value that decides the result
        return deciding in claims, claims.get(deciding)

    def _known_names(self) -> Dict[str, object]:
        """Names whose truth under dynamo is known: module constants (bool), and locals holding a guard (Claims)."""
        frame = self.frame
        if frame is None:
            return self.module_constants
        if not self.module_constants:
            return frame.guards
        known: Dict[str, object] = {k: v for k, v in self.module_constants.items() if k not in frame.env}
        known.update(frame.guards)
        return known

    def guard_return(self, value: Optional[cst.BaseExpression]) -> None:
        """A return of a module-level function: FileFacts.guard_returns (index._Indexer.guard_return)."""
        function = self.frame.returns_key
        calls = self.facts.guard_returns.setdefault(function, [])
        if calls is not None:
            returned = self._returned_calls(value)
            if returned is None:
                self.facts.guard_returns[function] = None
            else:
                calls += returned

    def _returned_calls(self, value: Optional[cst.BaseExpression]) -> Optional[List[str]]:
        """index._Indexer.returned_calls: `f()`, `bool(f())`, `f() if ... else False`, `f() or g()`."""
        if isinstance(value, cst.Name) and value.value == "False":
            return []
        if isinstance(value, cst.IfExp):
            body, orelse = self._returned_calls(value.body), self._returned_calls(value.orelse)
            return None if body is None or orelse is None else body + orelse
        if isinstance(value, cst.BooleanOperation):
            left, right = self._returned_calls(value.left), self._returned_calls(value.right)
            if left is None or right is None or len(left) != 1 or len(right) != 1:
                return None
            return [("or" if isinstance(value.operator, cst.Or) else "and", (left[0], right[0]))]
        if not isinstance(value, cst.Call) or not dotted(value.func) or any(a.keyword or a.star for a in value.args):
            return None
        callee = self.imports.resolve(value.func)
        if callee == "bool" and len(value.args) == 1:
            return self._returned_calls(value.args[0].value)
        return None if value.args else [callee]

    def function_alternatives(self, value: cst.BaseExpression) -> Optional[List[str]]:
        """index._Indexer.function_alternatives: `getattr(torch.compiler, "is_compiling", None) or ...`."""
        if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
            left, right = self.function_alternatives(value.left), self.function_alternatives(value.right)
            return None if left is None or right is None else left + right
        if isinstance(value, cst.Name) and value.value == "None":
            return []
        if isinstance(value, cst.Call) and self.imports.resolve(value.func) == "getattr" \
                and not any(a.keyword or a.star for a in value.args) and len(value.args) in (2, 3) \
                and dotted(value.args[0].value) and isinstance(value.args[1].value, cst.SimpleString) \
                and isinstance(value.args[1].value.evaluated_value, str) \
                and (len(value.args) == 2 or self.function_alternatives(value.args[2].value) == []):
            return [f"{self.imports.resolve(value.args[0].value)}.{value.args[1].value.evaluated_value}"]
        return None

    def reported(self) -> int:
        """How many candidates the walk has reported so far: a mark for breaks_since."""
        return len(self._raw)

    def breaks_since(self, mark: int, function: Optional[str]) -> bool:
        """Whether the first graph-break candidate of `function` reported since `mark` (FileContext.reported) that
        holds whatever the project-wide step decides (no condition, tensor formula or guard, not on some paths only)
        lets dynamo resume after it: a break in a loop, a `try` or a user context manager gives up on the frame."""
        for raw in self._raw[mark:]:
            if raw[0].startswith("CL1") and raw[6] == function and not (
                    raw[12] or raw[13] or raw[14] not in (None, ALWAYS) or raw[15] or raw[16]):
                return not raw[7]
        return False

    def resumable_breaks_inside(self, call: cst.Call, mark: int) -> List[tuple]:
        """The graph-break candidates reported since `mark` (FileContext.reported) at a node inside `call`'s
        arguments that dynamo resumes after (at a call, outside any loop, `try` or user context manager), copies
        left out; none where the receiver itself breaks (one finding on the call's line says it)."""
        breaks = [raw for raw in self._raw[mark:] if raw[0].startswith("CL1") and id(raw) not in self._copies]
        if any(_evaluated_in(call.func, raw[1]) for raw in breaks):
            return []
        return [raw for raw in breaks if raw[7] == () and any(_evaluated_in(arg.value, raw[1]) for arg in call.args)]

    def report_copy(self, code: str, raw: tuple, node: cst.CSTNode, message: str, help: str) -> None:
        """Report `raw`'s break again at `node` under `code`: holding whatever it holds under, withdrawn with it, left
        out where `node` starts on its line; no fix (a fix edits the break's own line)."""
        copy = (code, node, raw[2], message, "default", help, *raw[6:8], (), None, *raw[10:])
        self._copies[id(copy)] = (raw[1], False, raw[0])
        self._raw.append(copy)
        self._raw_functions.append(self.current_definition)

    def _withdrawn(self, raw: tuple, code: str, nodes: Set[int]) -> bool:
        if raw[0] == code and id(raw[1]) in nodes:
            return True
        original = self._copies.get(id(raw))
        return original is not None and original[2] == code and id(original[0]) in nodes

    @property
    def current_definition(self) -> Optional[int]:
        return self.definition_stack[-1] if self.definition_stack else None

    def withdraw(self, code: str, nodes: Set[int]) -> None:
        """Drop `code`'s candidates at the nodes with these ids: for a check that learns only at the end of
        the file (a write after the read) that a candidate reported during the walk does not hold."""
        kept = [i for i, raw in enumerate(self._raw) if not self._withdrawn(raw, code, nodes)]
        self._raw = [self._raw[i] for i in kept]
        self._raw_functions = [self._raw_functions[i] for i in kept]  # in step: positions group by function

    # -- building the result -----------------------------------------------------------------------
    def finish(self, reached: Optional[Set[str]] = None) -> FileResult:
        """Positions for everything reported and for the definitions the facts name: definitions' rows from
        the source text, the rest by generating code for the functions they were found in (see locate).
        `reached`: the functions of this file known to be compiled (or passed through); the candidates of
        other functions are left out, and named in the result, before positions are computed."""
        unpositioned: Set[str] = set()
        if reached is not None:
            reached = _called_here(self.facts.functions, reached)
            kept = [i for i, raw in enumerate(self._raw) if raw[10] or raw[6] in reached]
            unpositioned = {raw[6] for raw in self._raw if not raw[10] and raw[6] is not None} - reached
            self._raw = [self._raw[i] for i in kept]
            self._raw_functions = [self._raw_functions[i] for i in kept]
        rows = def_rows(self.text, [d.name.value for d, _ in self.definitions]) if self.text is not None else None
        wanted: Dict[Optional[int], List[cst.CSTNode]] = {}
        if rows is None:
            wanted[None] = list(self._function_nodes.values())
        for _target, node, function in self._compile_site_nodes:
            wanted.setdefault(function, []).append(node)
        anchor = None
        for raw, function in zip(self._raw, self._raw_functions):
            node, statement, fix = raw[1], raw[2], raw[9]
            nodes = wanted.setdefault(function, [])
            nodes += [node, statement]
            if _method_call(node):
                nodes.append(node.func.attr)
            if fix is not None:
                nodes += [n for n, _ in fix.replacements]
                if fix.imports and anchor is None:
                    anchor = _import_anchor(self.module)
                    wanted.setdefault(None, []).append(anchor)
        spans = locate(self.module, self.text, wanted, self.definitions, rows)
        self._import_row = spans[id(anchor)][0][0] if anchor is not None else 1
        if rows is not None:
            index = {id(d): i for i, (d, _) in enumerate(self.definitions)}
            for qualname, node in self._function_nodes.items():
                self.facts.functions[qualname].line = rows[index[id(node)]]
        else:
            for qualname, node in self._function_nodes.items():
                self.facts.functions[qualname].line = spans[id(node)][0][0]
        self.facts.compile_sites = [(target, spans[id(node)][0][0]) for target, node, _ in self._compile_site_nodes]
        self.facts.imports = dict(self.imports.aliases)
        self.facts.guard_returns = {name: calls for name, calls in self.facts.guard_returns.items() if calls}
        return FileResult(path=self.path, facts=self.facts, candidates=self._candidates(spans),
                          unpositioned=tuple(sorted(unpositioned)))

    def _candidates(self, spans) -> List[Candidate]:
        out = []
        for raw in self._raw:
            (code, node, statement, message, pattern, help, region_key, amplifiers, extra_gb, fix, anywhere,
             dynamo, requires, condition, requires_tensor, unless_guards, maybe) = raw
            _, (end_row, end_col) = spans[id(node)]
            row, col = _start(node, spans)
            original, moved, _ = self._copies.get(id(raw), (None, True, None))
            if not moved and _start(original, spans)[0] == row:
                continue  # the consumer's call starts on the break's line: one finding says it
            out.append(Candidate(
                code=code, message=message, pattern=pattern, help=help,
                start=Location(row, col + 1), end=Location(end_row, end_col + 1),
                statement_row=spans[id(statement)][0][0], function=region_key, amplifiers=amplifiers,
                extra_gb=extra_gb,
                fix=_resolve_fix(fix, spans, self.module.default_newline, self._import_row) if fix else None,
                anywhere=anywhere, dynamo=dynamo, requires_disabled=requires, requires=condition,
                requires_tensor=requires_tensor, unless_guards=unless_guards, maybe=maybe,
            ))
        return out


def _evaluated_in(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    """`node` lies in `tree` outside any lambda or generator expression: it runs when `tree` is evaluated (a lambda's
    body runs when called; a generator's when stepped, and a break there gives up on the frame: GB8335, measured)."""
    pending = [tree]
    while pending:
        current = pending.pop()
        if current is node:
            return True
        if not isinstance(current, (cst.Lambda, cst.GeneratorExp)):
            pending += current.children
    return False


def _contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    pending = [tree]
    while pending:
        current = pending.pop()
        if current is node:
            return True
        pending += current.children
    return False


def _start(node: cst.CSTNode, spans) -> Tuple[int, int]:
    """Where a reported node runs: CPython (3.11+) places a method call on the line of its name:
    `(a == b)\n.nonzero()` runs, and breaks, on the `.nonzero()` line, not where the receiver starts."""
    start = spans[id(node)][0]
    if _method_call(node) and spans[id(node.func.attr)][0][0] != start[0]:
        return spans[id(node.func.attr)][0]
    return start


def _method_call(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)


def _called_here(functions: Dict[str, FunctionFacts], reached: Set[str]) -> Set[str]:
    """`reached` and the functions of this file they call, directly or not, matched by name (a superset:
    the project-wide step resolves calls exactly, and lints the file again if it reaches more)."""
    by_name: Dict[str, List[str]] = {}
    for qualname in functions:
        by_name.setdefault(qualname.rpartition(".")[2], []).append(qualname)
    found, pending = set(reached), [q for q in reached if q in functions]
    while pending:
        function = functions[pending.pop()]
        for _kind, name in function.calls + [record for record, _atoms in function.guarded_calls]:
            for qualname in by_name.get(name.rpartition(".")[2], ()):
                if qualname not in found:
                    found.add(qualname)
                    pending.append(qualname)
    return found


def _resolve_fix(spec: FixSpec, spans, newline: str, import_row: int) -> Fix:
    edits = []
    for node, content in spec.replacements:
        (row, col), (end_row, end_col) = spans[id(node)]
        if content.endswith("\n") and end_col != 0:
            content = content[:-1]  # a compound statement's span may stop before its last newline
        edits.append(Edit(content.replace("\n", newline), Location(row, col + 1), Location(end_row, end_col + 1)))
    for module in spec.imports:
        edits.append(Edit(f"import {module}{newline}", Location(import_row, 1), Location(import_row, 1)))
    return Fix(spec.applicability, spec.message, tuple(sorted(edits, key=lambda e: (e.start, e.end))))


def _import_anchor(module: cst.Module) -> cst.CSTNode:
    """The statement a new import goes before: the first after the docstring and `__future__` imports."""
    for index, statement in enumerate(module.body):
        if isinstance(statement, cst.SimpleStatementLine) and statement.body:
            small = statement.body[0]
            if index == 0 and isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString)):
                continue
            if isinstance(small, cst.ImportFrom) and isinstance(small.module, cst.Name) and small.module.value == "__future__":
                continue
        return statement
    return module.body[-1]


_HANDLER_NAMES: Dict[type, List[Tuple[str, type, bool]]] = {}


def _handler_names(cls: type) -> List[Tuple[str, type, bool]]:
    """(method name, node type, entering) of each visit_/leave_ method of a class, in dir() order: once
    per class, not once per file."""
    names = _HANDLER_NAMES.get(cls)
    if names is None:
        names = _HANDLER_NAMES[cls] = [(name, getattr(cst, name[6:]), name.startswith("visit_"))
                                       for name in dir(cls) if name.startswith(("visit_", "leave_"))]
    return names


class _HoleEnd:
    """Pushed under an expression dynamo never evaluates (FileContext.expression_holes): popped after it."""

    def __init__(self, atom: Optional[GuardAtom]) -> None:
        self.atom = atom


_CHILD_FIELDS[_HoleEnd] = ()


class _NarrowEnd:
    """Pushed under a branch of a conditional expression where a name is no tensor (FileContext.expression_narrowed):
    popped after it, the name is as it was."""

    def __init__(self, name: str) -> None:
        self.name = name


_CHILD_FIELDS[_NarrowEnd] = ()


class _Walker:
    """One iterative traversal (no recursion limit on deep expressions), enter and leave dispatch.

    Per node type: the engine's own enter handlers run first and its leave handlers last, so checks see
    the context of the node they visit; a check that only looks inside functions is not called outside
    them (it has no entry in the `outside` tables)."""

    def __init__(self, ctx: FileContext, checks: Sequence[Check]) -> None:
        self.ctx = ctx
        self.context_enter: Dict[type, List[Callable]] = {}
        self.context_leave: Dict[type, List[Callable]] = {}
        self.enter_inside: Dict[type, List[Callable]] = {}
        self.enter_outside: Dict[type, List[Callable]] = {}
        self.leave_inside: Dict[type, List[Callable]] = {}
        self.leave_outside: Dict[type, List[Callable]] = {}
        builtin = _ContextKeeper(ctx)
        for name, tp, entering in _handler_names(type(builtin)):
            (self.context_enter if entering else self.context_leave).setdefault(tp, []).append(getattr(builtin, name))
        self.context_enter[_HoleEnd] = [lambda end: ctx.leave_hole(end.atom)]
        self.context_enter[_NarrowEnd] = [lambda end: _narrow(ctx.frame, end.name, -1)]
        for check in checks:
            for name, tp, entering in _handler_names(type(check)):
                handler = getattr(check, name)
                (self.enter_inside if entering else self.leave_inside).setdefault(tp, []).append(handler)
                if not check.in_functions_only:
                    (self.enter_outside if entering else self.leave_outside).setdefault(tp, []).append(handler)
        self.leaving_types = set(self.context_leave) | set(self.leave_inside)

    def walk(self, root: cst.CSTNode) -> None:
        frames = self.ctx.frames
        context_enter, context_leave = self.context_enter, self.context_leave
        enter_inside, enter_outside = self.enter_inside, self.enter_outside
        leave_inside, leave_outside = self.leave_inside, self.leave_outside
        leaving_types, child_fields, is_node = self.leaving_types, _CHILD_FIELDS, _IS_NODE
        expression_holes, expression_narrowed, ctx = self.ctx.expression_holes, self.ctx.expression_narrowed, self.ctx
        stack: List[Any] = [root]  # nodes to enter, (node,) to leave, and _HoleEnd
        while stack:
            node = stack.pop()
            if type(node) is tuple:
                node = node[0]
                tp = type(node)
                for handler in (leave_inside if frames else leave_outside).get(tp, ()):
                    handler(node)
                for handler in context_leave.get(tp, ()):
                    handler(node)
                continue
            tp = type(node)
            if expression_holes and id(node) in expression_holes:
                end = _HoleEnd(expression_holes.pop(id(node)))
                ctx.enter_hole(end.atom)
                stack.append(end)
            if expression_narrowed and id(node) in expression_narrowed:
                narrowed = _NarrowEnd(expression_narrowed.pop(id(node)))
                _narrow(ctx.frame, narrowed.name, +1)
                stack.append(narrowed)
            for handler in context_enter.get(tp, ()):
                handler(node)
            for handler in (enter_inside if frames else enter_outside).get(tp, ()):
                handler(node)
            if tp is cst.Call and frames:
                stand_in = ctx.method_stand_in(node)
                if stand_in is not None:
                    for handler in enter_inside.get(tp, ()):
                        handler(stand_in)
            if tp in leaving_types:
                stack.append((node,))
            fields = child_fields.get(tp)
            if fields is None:
                fields = _child_fields(tp)
            children = []
            for name in fields:
                value = getattr(node, name)
                kind = type(value)
                if kind is list or kind is tuple:
                    children += [c for c in value if is_node[type(c)]]
                elif is_node[kind]:
                    children.append(value)
            children.reverse()
            stack += children


class _ContextKeeper:
    """The engine's own handlers: imports, frames, tensor environments, loop/with/try/hole nesting,
    and the per-file facts the project-wide region analysis needs."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.comprehension_saved: List[List[Tuple[str, Optional[Kind]]]] = []
        # id of a list comprehension -> TENSOR where each element it builds leads with a tensor (leading_kind)
        self.leading_elements: Dict[int, Kind] = {}
        # a decorated function's frame, while one of its decorators is walked, and the decorators still to walk
        self.decorated: List[Tuple[_Frame, int, cst.Decorator]] = []
        self.function_decorators: Dict[int, cst.Decorator] = {}
        self.lambda_saved: List[List[Tuple[str, Optional[Kind]]]] = []
        self.parameters_only_called: Dict[Tuple[str, str], bool] = {}
        self.local_defs: Set[Tuple[str, str]] = set()  # (function, nested def) whose parameters its calls decide

    # lambdas: their parameters hide the names of the function around them
    def visit_Lambda(self, node):
        ctx = self.ctx
        ctx.scope_consumers.append(None)
        frame = ctx.frame
        if frame is None:
            return
        params = node.params
        positional = [p.name.value for p in list(params.posonly_params) + list(params.params)]
        names = positional + [p.name.value for p in params.kwonly_params] + \
            [p.name.value for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
        self.lambda_saved.append([(n, frame.env.get(n)) for n in names])
        for name in names:
            forget_contents(frame.env, name)
            frame.env[name] = UNKNOWN
        local = self._local_lambda(node, frame)
        if local is not None:  # what every caller of the lambda passes, decided project-wide
            for index, name in enumerate(positional):
                frame.env[name] = Maybe.atom(("lambda", frame.region_key, local, index))

    def leave_Lambda(self, node):
        self.ctx.scope_consumers.pop()
        _restore_names(self.ctx.frame, self.lambda_saved)

    def _local_lambda(self, node: cst.Lambda, frame: _Frame) -> Optional[str]:
        """`name` of `name = lambda ...` in a function with its own facts, when the function uses the name only
        to call it and to pass it as a positional argument (FunctionFacts.lambdas)."""
        ctx = self.ctx
        statement = ctx.statements[-1] if ctx.statements else None
        if frame.region_key is None or frame.returns_key != frame.region_key or ctx.holes \
                or not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return None
        assign = statement.body[0]
        if not isinstance(assign, cst.Assign) or assign.value is not node or len(assign.targets) != 1 \
                or not isinstance(assign.targets[0].target, cst.Name):
            return None
        name = assign.targets[0].target.value
        facts = ctx.facts.functions[frame.region_key]
        if name not in facts.lambdas:  # `interp = lambda t: ...` in each branch: one name, the same callers
            if not _only_called(ctx._function_nodes[frame.region_key], name, passed=True):
                return None
            facts.lambdas.append(name)
        return name

    def _local_def_parameters(self, node: cst.FunctionDef, parent: _Frame, frame: _Frame) -> None:
        """A def nested in a function with its own facts and only called there, outside other nested scopes
        (`def rescale(cfg, text): ...; return rescale(guided, noise)`): its positional parameters take what every
        call passes, decided project-wide as for a local lambda (FunctionFacts.lambdas)."""
        ctx = self.ctx
        key = parent.region_key
        if key is None or parent.returns_key != key or ctx.holes or parent.function is None:
            return
        name = node.name.value
        facts = ctx.facts.functions[key]
        if name in facts.lambdas or not _only_called_directly(parent.function, node):
            return
        facts.lambdas.append(name)
        self.local_defs.add((key, name))
        params = node.params
        for index, param in enumerate(list(params.posonly_params) + list(params.params)):
            if annotation_kind(param.annotation, ctx.imports) == UNKNOWN and param.default is None:
                frame.env[param.name.value] = Maybe.atom(("lambda", key, name, index))

    # imports
    def visit_Import(self, node):
        self.ctx.imports.add(node)
        self.ctx.torch_imported |= any((dotted(a.name) or "").split(".")[0] == "torch" for a in node.names)

    def visit_ImportFrom(self, node):
        self.ctx.imports.add(node)
        self.ctx.torch_imported |= (dotted(node.module) or "").split(".")[0] == "torch" if node.module else False

    def visit_Module(self, node):
        self.ctx.module_names = _module_names(node.body)
        self.ctx.module_tables = _module_tables(node.body)
        # declared return types of the file's functions, known before any call of them is seen
        bindings: List[Tuple[str, bool]] = []  # index.top_bindings on libcst
        for statement in node.body:
            if isinstance(statement, cst.FunctionDef):
                self._declare_returns(statement.name.value, statement)
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                bindings.append((statement.name.value, True))
                self.ctx.inference.definitions.add(statement.name.value)
            else:
                bindings.extend((name, False) for name in _imported_names(statement))
        self.ctx.imports.define_all(bindings)

    def visit_SimpleStatementLine(self, node):
        self._enter_statement(node)
        self._dynamo_settings(node)

    def _dynamo_settings(self, node):
        """Process-wide dynamo settings: `torch._dynamo.config.X = v` anywhere, env defaults before torch loads."""
        ctx = self.ctx
        for small in node.body:
            setting = dynamo_config.statement_setting(small, ctx.imports)
            if setting is None and not ctx.torch_imported:
                setting = dynamo_config.environment_setting(small, ctx.imports)
            if setting is not None and not ctx.local_dynamo:
                ctx.facts.dynamo_settings.append(setting)

    def _declare_returns(self, qualname: str, node: cst.FunctionDef) -> None:
        kind = annotation_kind(node.returns, self.ctx.imports)
        if kind != UNKNOWN:
            self.ctx.returns[qualname] = kind
            self.ctx._annotated_returns.add(qualname)

    # statements (for suppressions on the first line of a multi-line statement, and holes)
    def _enter_statement(self, node) -> None:
        ctx = self.ctx
        ctx.statements.append(node)
        if ctx.frame is not None and ctx.frame.draws_expire:
            _forget_draws(ctx.frame)
        if ctx.hole_statements and id(node) in ctx.hole_statements:
            ctx.enter_hole(ctx.hole_statements[id(node)])

    def _leave_statement(self, node) -> None:
        ctx = self.ctx
        ctx.statements.pop()
        if ctx.hole_statements and id(node) in ctx.hole_statements:
            ctx.leave_hole(ctx.hole_statements[id(node)])

    leave_SimpleStatementLine = _leave_statement

    # classes and functions
    def visit_ClassDef(self, node):
        ctx = self.ctx
        self._enter_statement(node)
        top_level = not ctx.frames and not ctx.class_stack
        info = _class_info(node, ctx.imports, ctx.inference, ctx.facts.classes, ctx.registers_hooks) if top_level else None
        if info is not None:
            ctx.facts.classes[info.name] = info
            for statement in node.body.body:
                if isinstance(statement, cst.FunctionDef):
                    self._declare_returns(f"{info.name}.{statement.name.value}", statement)
        ctx.class_stack.append(info)

    def leave_ClassDef(self, node):
        self.ctx.class_stack.pop()
        self._leave_statement(node)

    def visit_FunctionDef(self, node):
        ctx = self.ctx
        ctx.definition_stack.append(len(ctx.definitions))
        ctx.definitions.append((node, tuple(ctx.indents)))
        parent = ctx.frame
        if parent is not None and not node.decorators:
            scope = next((s for s in reversed(ctx.statements) if isinstance(s, (cst.FunctionDef, cst.ClassDef))), None)
            if isinstance(scope, cst.FunctionDef):
                used = ctx.names_used.get(id(scope))
                if used is None:
                    used = ctx.names_used[id(scope)] = _names_used(scope)
                if node.name.value not in used:  # a nested def nothing calls (or names) never runs
                    ctx.hole_statements[id(node)] = None
        self._enter_statement(node)
        cls = ctx.class_stack[-1] if ctx.class_stack else None
        decorators = [_decorator_name(d, ctx.imports) for d in node.decorators]
        own_region = any(d in COMPILE_FUNCTIONS or d in DISABLE_FUNCTIONS for d in decorators)
        if parent is not None:
            parent.env.setdefault(node.name.value, NOT_TENSOR)  # a local name: a nested `def print` hides print
        if parent is not None and not (own_region and parent.region_key):
            # nested function: part of its enclosing region, sees its locals
            frame = _Frame(parent.region_key, dict(parent.env), parent.cls, instances=parent.instances,
                           elements=dict(parent.elements), local_functions=parent.local_functions,
                           values=parent.values, annotated=set(parent.annotated), function=node,
                           raw_params=parent.raw_params - _parameter_names(node.params))
            parent.env.pop(call_key(node.name.value), None)  # a def that replaces an earlier one of that name
        elif ctx.class_stack and cls is None:  # method of a class nested in a function: not tracked
            frame = _Frame(None, {}, None)
        else:
            if parent is not None:  # a nested def compiled or disabled on its own: its own region
                qualname = f"{parent.region_key}.{node.name.value}"
                parent.local_functions[node.name.value] = qualname
                cls = parent.cls
            else:
                qualname = f"{cls.name}.{node.name.value}" if cls else node.name.value
            ctx.facts.functions[qualname] = FunctionFacts(
                qualname=qualname, line=0, class_name=cls.name if cls else None, decorators=decorators,
                bare_decorators=[_decorator_name(d, ctx.imports) for d in node.decorators
                                 if not isinstance(d.decorator, cst.Call)],
                disabled=_disabled_kind(node, ctx.imports), returned=_declared_return(node.returns, ctx),
                hooks=_scan_hook_method(node, ctx.imports)[0] if ctx.registers_hooks and not cls and not parent else [],
            )
            ctx._function_nodes[qualname] = node
            frame = _Frame(qualname, {}, cls, returns_key=qualname, function=node,
                           local_functions=dict(parent.local_functions) if parent else {})
        _bind_params(node, frame, ctx, entry_like=_entry_like(node, cls, ctx.imports))
        if frame.returns_key is None and parent is not None and not node.decorators:
            self._local_def_parameters(node, parent, frame)
        frame.statements = ctx.statements
        ctx.frames.append(frame)
        for decorator in node.decorators:
            self.function_decorators[id(decorator)] = decorator
        ctx.inference.caller = frame.region_key
        patched: dynamo_config.Settings = {}
        for decorator in node.decorators:
            if isinstance(decorator.decorator, cst.Call):
                patched.update(dynamo_config.patch_settings(decorator.decorator, ctx.imports) or {})
        if patched:
            ctx._block_dynamo[id(node.body)] = patched
            self._mark(node.body, "dynamo-config")
            if frame.returns_key:  # in force in the functions it calls too (dynamo_config.inherited_patches)
                ctx.facts.dynamo_patches[frame.returns_key] = list(patched.items())

    def visit_Decorator(self, node):
        """A decorator is evaluated where the function is defined, once: its calls (`@renamed("a", "b")`) are the
        enclosing scope's, never the decorated function's."""
        ctx = self.ctx
        if self.function_decorators.pop(id(node), None) is None:
            return  # a class's: walked where the class statement is
        self.decorated.append((ctx.frames.pop(), ctx.definition_stack.pop(), node))
        ctx.inference.caller = ctx.frame.region_key if ctx.frames else None

    def leave_Decorator(self, node):
        ctx = self.ctx
        if not self.decorated or self.decorated[-1][2] is not node:
            return
        frame, definition, _decorator = self.decorated.pop()
        ctx.frames.append(frame)
        ctx.definition_stack.append(definition)
        ctx.inference.caller = frame.region_key

    def leave_FunctionDef(self, node):
        ctx = self.ctx
        frame = ctx.frames.pop()
        ctx.inference.caller = ctx.frame.region_key if ctx.frames else None
        if not frame.returns_key and frame.function is node and not node.decorators and ctx.frames:
            # a nested helper (`def is_stop(t): return (t[:, None] == stops).any(-1)`): its calls in the enclosing
            # function are tensors when it declares one or every return is one and it cannot fall off its end
            declared = annotation_kind(node.returns, ctx.imports)
            returned = frame.nested_returns if ends_in_exit(node.body) else UNKNOWN
            if declared is TENSOR or declared is UNKNOWN and returned is TENSOR:
                ctx.frame.env[call_key(node.name.value)] = TENSOR
        key = frame.returns_key
        if key and key in ctx.returns and key not in ctx._annotated_returns and not ends_in_exit(node.body):
            ctx.returns[key] = UNKNOWN  # it may fall off the end and return None
        if key and (key in ctx._annotated_returns or not ends_in_exit(node.body)):
            ctx.inference.return_elements.pop(key, None)
            ctx.inference.return_items[key] = None
        if key:
            ctx.inference.walked.add(key)
            ctx.facts.functions[key].only_raises = _only_raises(node.body)
            ctx.facts.functions[key].only_defines = _only_defines(node)
            ctx.facts.functions[key].returns = formula(ctx.returns.get(key, UNKNOWN))
            ends = ends_in_exit(node.body)
            ctx.facts.functions[key].returns_mask = formula(ctx.mask_returns.get(key, UNKNOWN)) if ends else ()
            items = ctx.inference.return_items.get(key)
            ctx.facts.functions[key].return_items = tuple(formula(item) for item in items) if items else ()
        self._leave_statement(node)
        ctx.definition_stack.pop()

    def leave_Return(self, node):
        ctx = self.ctx
        frame = ctx.frame
        if frame is not None and len(ctx.frames) == 1 and not ctx.class_stack and frame.returns_key:
            ctx.guard_return(node.value)
        if frame is not None and frame.returns_key and node.value is not None:  # what it returns, as a value
            value = spell_value(node.value, ctx.imports, ctx.module_names)
            # `backbone = resnet50(...); return backbone` in `def backbone(...)`: the local, not the function
            if value is not None and frame.function is not None \
                    and value_head(node.value) in frame_bindings(frame).shadowing:
                value = None
            if value is None and frame.function is not None:  # `solver = DICT[name]; return solver(dtype)`
                if frame.spelled_once is None:  # spelled at the first return that asks
                    frame.spelled_once = {
                        name: spelled for name, spelled in ((name, spell_value(bound, ctx.imports, ctx.module_names))
                                                            for name, bound in frame_bindings(frame).once.items())
                        if spelled is not None}
                value = spell_value(node.value, ctx.imports, ctx.module_names, frame.spelled_once,
                                    frame_bindings(frame).shadowing)
            returned = ctx.facts.functions[frame.returns_key].returned
            values = [value] if value is not None else _spelled_alternatives(ctx, frame, node.value)
            returned += [v for v in dict.fromkeys(values) if v not in returned]
        if frame is not None and not frame.returns_key and frame.function is not None and not ctx.holes:
            kind = NOT_TENSOR if node.value is None else ctx.raw_kind(node.value)
            frame.nested_returns = kind if frame.nested_returns is None else both(frame.nested_returns, kind)
        if frame is None or not frame.returns_key or ctx.holes:
            return
        # a boolean mask whatever the annotation says (`-> torch.Tensor`): its callers index with it
        mask = ctx.raw_kind(node.value) if node.value is not None and _mask_value(ctx, frame.env, node.value) \
            else NOT_TENSOR
        ctx.mask_returns[frame.returns_key] = both(ctx.mask_returns.get(frame.returns_key, mask), mask)
        if frame.returns_key in ctx._annotated_returns:
            return
        kind = NOT_TENSOR if node.value is None else ctx.raw_kind(node.value)
        previous = ctx.returns.get(frame.returns_key, kind)
        ctx.returns[frame.returns_key] = both(previous, kind)
        # `return a, b` of tensors (every return): what unpacking or indexing the call's result gives
        elements = UNKNOWN if node.value is None else ctx.inference.elements_kind(node.value, frame.env, frame.cls)
        ctx.inference.return_elements[frame.returns_key] = \
            elements if ctx.inference.return_elements.get(frame.returns_key, elements) is elements else UNKNOWN
        # `return y0, t, shapes`: each item's kind, for callers that unpack the call (every return alike)
        items = _returned_items(ctx, node.value)
        seen = ctx.inference.return_items
        previous = seen.get(frame.returns_key, items)
        seen[frame.returns_key] = tuple(both(a, b) for a, b in zip(previous, items)) \
            if items is not None and previous is not None and len(previous) == len(items) else None

    def visit_Yield(self, node):
        frame = self.ctx.frame
        if frame is not None and not frame.returns_key:  # a nested generator: calling it returns no tensor
            frame.nested_returns = UNKNOWN
        if frame is not None and frame.returns_key:  # a generator: calling it returns no tensor
            function = self.ctx.facts.functions[frame.returns_key]
            function.generator = True
            self.ctx.returns[frame.returns_key] = UNKNOWN
            self.ctx.mask_returns[frame.returns_key] = UNKNOWN
            self.ctx._annotated_returns.add(frame.returns_key)
            self.ctx.inference.return_items[frame.returns_key] = None

    def visit_BinaryOperation(self, node):
        frame = self.ctx.frame
        if frame is not None and not frame.draws_stopped \
                and python_arithmetic_on_draw(node, self.ctx.inference, frame.env, frame.cls) is not None:
            frame.draws_stopped = frame.draws_expire = True

    # calls: facts for the call graph and compile sites
    def visit_Call(self, node):
        ctx = self.ctx
        self._compile_site(node)
        if node.args and isinstance(node.args[0].value, cst.GeneratorExp) and not node.args[0].keyword \
                and ctx.frame is not None and ctx.resolve(node.func) in GENERATOR_CONSUMERS:
            ctx._generator_consumers[id(node.args[0].value)] = node
        frame = ctx.frame
        if frame is not None:
            _grow_local_list(ctx, frame, node)
        if frame is None or frame.region_key is None or ctx.holes:
            return  # calls in code dynamo never traces reach nothing
        self._lambda_and_parameter_calls(node, frame)
        if isinstance(node.func, cst.Name) and node.func.value in CONVERSION_METHODS \
                and node.func.value not in frame.env and len(node.args) == 1 and not node.args[0].star \
                and ctx.resolve(node.func) == node.func.value:
            # dynamo inlines the object's __len__ / __float__ / __int__ / __bool__
            self._protocol_calls(frame, node.args[0].value, (CONVERSION_METHODS[node.func.value],))
        if isinstance(node.func, cst.Name) and node.func.value in frame.choices:
            for choice in frame.choices[node.func.value]:
                self._record_chosen_call(node, ctx.callee_record(choice), frame)
            return
        branches = _callable_alternatives(frame, node.func)
        if branches:  # `kernel = dense_kernel` / `kernel = sparse_kernel` in an if/elif chain, then `kernel(x)`
            for choice in branches:
                self._record_chosen_call(node, ctx.callee_record(choice), frame)
            return
        record = ctx.call_record(node)
        if record == ("name", CHECKPOINT) and node.args and not node.args[0].keyword and not node.args[0].star:
            handed = ctx.callee_record(node.args[0].value)
            if handed is not None:
                ctx.facts.functions[frame.region_key].checkpointed.append(handed)
        if record is not None:
            if record[0] == "name" and record[1] in DISABLE_FUNCTIONS:
                return  # torch.compiler.disable(fn)(x): fn runs eagerly (calling the wrapper is the break)
            self._record_call(frame.region_key, record)
            if record[0] == "name":
                self._called_name(frame.region_key, record[1])
            self._record_argument_kinds(node, record, frame)
            if record[0] != "name" or record[1] in ctx.facts.functions or \
                    may_be_project_function(node.func, record[1], ctx.inference.definitions, ctx.imports):
                self._summarize_call(node, record, frame.region_key)
                self._record_passed_values(node, record, frame)
        # a function handed to partial/checkpoint/torch.cond/map runs in the same compiled frame
        if record is not None and record[0] == "name" and record[1] in INSPECTING_BUILTINS:
            return  # isinstance(x, Block) names the class: it is not built, nothing runs
        if isinstance(node.func, cst.Name) and node.func.value == "super" and "super" not in frame.env:
            return  # super(Block, self) names the class to look past: it calls nothing
        for arg in node.args:
            value = arg.value
            if isinstance(value, cst.Name) and value.value not in frame.env:
                reference = ctx.callee_record(value)
            elif frame.cls is not None and _may_run_when_handed(frame.cls, attribute := is_self_attr(value)):
                reference = ("self", attribute)
            else:
                continue
            if reference is not None:
                self._record_call(frame.region_key, reference)
                if reference[0] == "name":
                    self._handed_name(frame.region_key, reference[1])
                # handed on: whoever calls it passes arguments we cannot see
                ctx.facts.functions[frame.region_key].call_args.append((reference, (), (), True, (), ()))

    def _record_passed_values(self, node: cst.Call, record: Tuple[str, str], frame: _Frame) -> None:
        """The objects a call hands over (FunctionFacts.passed_values): `Attention(dim, processor=P())`,
        `self.attn.set_processor(P())`, and this function's own parameters passed on (`self.set_processor(processor
        if processor is not None else Default())`), each branch of a conditional argument."""
        ctx = self.ctx
        own = frame.returns_key == frame.region_key
        passed = ctx.facts.functions[frame.region_key].passed_values
        slot = 0
        for arg in node.args:
            if arg.star:
                if arg.star == "*":
                    return  # the positions after it are unknown
                continue
            where: Union[int, str] = arg.keyword.value if arg.keyword is not None else slot
            slot += arg.keyword is None
            branches = [arg.value]
            while branches:
                value = branches.pop()
                if isinstance(value, cst.IfExp):
                    branches += [value.body, value.orelse]
                    continue
                if own and isinstance(value, cst.Name) and value.value in frame.unbound_params:
                    spelled: Optional[str] = f"param:{value.value}"
                elif isinstance(value, cst.Call) and ctx.kind(value) != TENSOR:
                    spelled = spell_value(value, ctx.imports, ctx.module_names, frame.values)
                    spelled = spelled if spelled is not None and spelled.endswith("()") else None
                else:
                    spelled = None
                if spelled is not None and (record, where, spelled) not in passed:
                    passed.append((record, where, spelled))

    def _record_chosen_call(self, node: cst.Call, record: Optional[Tuple[str, str]], frame: _Frame) -> None:
        """A call of a local bound to one of several callables: each may be the one it runs."""
        if record is None:
            return
        self._record_call(frame.region_key, record)
        if record[0] == "name":
            self._called_name(frame.region_key, record[1])
        if record[0] != "name" or record[1] in self.ctx.facts.functions:
            self._summarize_call(node, record, frame.region_key)

    def _called_name(self, region_key: str, name: str) -> None:
        self.ctx._called_names.setdefault(region_key, set()).add(name)
        handed = self.ctx.facts.functions[region_key].handed_names
        if name in handed:
            handed.remove(name)

    def _handed_name(self, region_key: str, name: str) -> None:
        """`find_modules(model, Block)`: Block is named, not built, unless this function also calls it."""
        handed = self.ctx.facts.functions[region_key].handed_names
        if name not in handed and name not in self.ctx._called_names.get(region_key, ()):
            handed.append(name)

    def _lambda_and_parameter_calls(self, node: cst.Call, frame: _Frame) -> None:
        """Calls of a local lambda (or of a parameter only ever called), and a local lambda handed to a call."""
        ctx = self.ctx
        if frame.returns_key != frame.region_key:
            return
        facts = ctx.facts.functions[frame.region_key]
        func = node.func
        positional = tuple(ctx.tensor_formula(a.value) for a in node.args if not a.keyword and not a.star) \
            if not any(a.star == "*" for a in node.args) else None
        if isinstance(func, cst.Name) and positional is not None:
            if func.value in facts.lambdas:
                if (frame.region_key, func.value) in self.local_defs:  # forward's input only assumed a tensor
                    positional = tuple(None if ctx.is_raw_param(a.value) else f for a, f in
                                       zip((a for a in node.args if not a.keyword and not a.star), positional))
                facts.lambda_calls.append((func.value, positional))
            elif any(p[0] == func.value for p in facts.params) and self._only_called_parameter(frame.region_key,
                                                                                                func.value):
                facts.param_calls.append((func.value, positional))
        if facts.lambdas:
            record = ctx.call_record(node)
            for slot, arg in enumerate(a for a in node.args if not a.keyword and not a.star):
                if isinstance(arg.value, cst.Name) and arg.value.value in facts.lambdas and record is not None:
                    facts.lambda_passes.append((arg.value.value, record, slot))

    def _only_called_parameter(self, function: str, name: str) -> bool:
        key = (function, name)
        if key not in self.parameters_only_called:
            self.parameters_only_called[key] = _only_called(self.ctx._function_nodes[function], name, passed=False)
        return self.parameters_only_called[key]

    def _summarize_call(self, node: cst.Call, record: Tuple[str, str], region_key: str) -> None:
        """What a call passes, for the project-wide facts about the parameters of the function it calls."""
        ctx = self.ctx
        positional, keywords, opaque, unpacked_positions, given, known = [], [], False, False, [], []
        for arg in node.args:
            if arg.star:
                # f(a, **kw): `a` is still the first parameter; after f(*xs, ...) no position is known
                opaque = True
                unpacked_positions = unpacked_positions or arg.star == "*"
                continue
            if arg.keyword is None and (keywords or unpacked_positions):
                continue
            kind = ctx.raw_kind(arg.value)
            if arg.keyword is not None:
                keywords.append((arg.keyword.value, formula(kind)))
            else:
                positional.append(formula(kind))
            where = arg.keyword.value if arg.keyword is not None else len(positional) - 1
            never_none = _never_none(ctx, arg.value, kind)
            if never_none is not None:
                given.append((where, never_none))
            numpy = self._numpy_argument(arg.value)
            if numpy is not None:  # ahead of the entry below, which dict(known) keeps (summaries: _numpy_status)
                known.append((where, numpy))
            if _makes_generator(spell_value(arg.value, ctx.imports, ctx.module_names, ctx.frame.values)):
                known.append((where, "generator"))  # no tensor either: summaries reads it as "plain" too
            elif makes_iterator(arg.value):
                known.append((where, "iterator"))  # as plain, too
            elif ctx.float_parameter(arg.value) is not None:  # `sigma: float` handed on: "plain" but to "computed"
                known.append((where, "float:" + arg.value.value))
            elif kind is NOT_TENSOR:
                known.append((where, "plain"))
            elif kind is TENSOR and not ctx.is_raw_param(arg.value):  # computed here, not only assumed
                known.append((where, "tensor"))
        ctx.facts.functions[region_key].call_args.append((record, tuple(positional), tuple(keywords), opaque,
                                                          tuple(given), tuple(known)))

    def _numpy_argument(self, value: cst.BaseExpression) -> Optional[str]:
        """What an argument is as to numpy scalars (summaries: "numpy" atoms): "numpy", an element of a local bound
        once to a numpy range (`dpr[i]` with `dpr = np.linspace(0, rate, depth)`, or a list of its elements:
        `[x for x in np.linspace(...)]`, `list(np.linspace(...))`), a numpy.float64; "numpy:p", the caller's own
        parameter p, never rebound, handed on; None otherwise."""
        frame = self.ctx.frame
        function = frame.function
        if function is None:
            return None
        if isinstance(value, cst.Name):
            params = function.params
            names = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
            if value.value in names and frame_bindings(frame).counts.get(value.value) == 2:  # never rebound
                return "numpy:" + value.value
            return None
        if not (isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) and len(value.slice) == 1
                and isinstance(value.slice[0].slice, cst.Index)):
            return None
        bound = frame_bindings(frame).once.get(value.value.value)
        if isinstance(bound, cst.ListComp) and isinstance(bound.elt, cst.Name) and bound.for_in.inner_for_in is None \
                and not bound.for_in.ifs and isinstance(bound.for_in.target, cst.Name) \
                and bound.for_in.target.value == bound.elt.value:
            bound = bound.for_in.iter
        elif isinstance(bound, cst.Call) and self.ctx.resolve(bound.func) == "list" and len(bound.args) == 1:
            bound = bound.args[0].value
        if isinstance(bound, cst.Call) and self.ctx.resolve(bound.func) in NUMPY_RANGES:
            return "numpy"
        return None

    def _record_argument_kinds(self, node: cst.Call, record: Tuple[str, str], frame: _Frame) -> None:
        """What a later-defined helper or method of this file receives: its parameters get these kinds."""
        kind, name = record
        if kind == "self" and frame.cls is not None:
            name = frame.cls.method_aliases.get(name, name)  # `pool_max = partialmethod(_pool, reduce="amax")`
        if kind == "self" and frame.cls is not None and name in frame.cls.methods:
            key = f"{frame.cls.name}.{name}"
        elif kind == "name" and "." not in name:
            key = name
        else:
            return
        ctx = self.ctx
        if key in ctx.facts.functions:  # already visited: too late to help
            return
        kinds = []
        for arg in node.args:
            if arg.keyword is not None or arg.star:
                break
            kinds.append(ctx.kind(arg.value))
        known = ctx.argument_kinds.get(key)
        if known is None:
            ctx.argument_kinds[key] = kinds
        else:  # every call site must agree
            ctx.argument_kinds[key] = [a if a == b else UNKNOWN for a, b in zip(known, kinds)]

    def visit_Attribute(self, node):
        ctx = self.ctx
        frame = ctx.frame
        if frame is not None and frame.region_key is not None and not ctx.holes and isinstance(node.value, cst.Name):
            if node.value.value == "self":
                self._record_call(frame.region_key, ("attr", node.attr.value))
            elif node.value.value in frame.values:  # `ei = EdgeIndex(...)`, then `ei.is_sorted`: its property runs
                self._record_call(frame.region_key, ("attr", f"{frame.values[node.value.value]}.{node.attr.value}"))

    def _record_call(self, region_key: str, record: Tuple[str, str]) -> None:
        seen = self.ctx._seen_calls.setdefault(region_key, set())
        atoms = tuple(dict.fromkeys(self.ctx.hole_atoms)) if self.ctx.hole_atoms else ()
        if (record, atoms) not in seen:
            seen.add((record, atoms))
            function = self.ctx.facts.functions[region_key]
            if atoms:  # under a call that may be a project's guard: reached only if it is none
                function.guarded_calls.append((record, atoms))
            else:
                function.calls.append(record)

    def _compile_site(self, node: cst.Call) -> None:
        ctx = self.ctx
        func = node.func
        name = ctx.imports.resolve(func)
        target_expr = None
        if name == "torch.compile":  # torch.compile(fn) / torch.compile(model=fn)
            target_expr = _first_argument(node, "model")
        elif isinstance(func, cst.Call) and ctx.imports.resolve(func.func) in COMPILE_FUNCTIONS:
            target_expr = _first_argument(node, None)  # torch.compile(mode=...)(fn), optimize("inductor")(fn)
        elif isinstance(func, cst.Attribute) and func.attr.value == "compile" and not node.args:
            target = ctx.compile_target(func.value, known_only=True)  # model.compile()
            if target:
                ctx._compile_site_nodes.append((target + "()", node, ctx.current_definition))
            return
        if target_expr is not None:
            target = ctx.compile_target(target_expr)
            if target:
                # the result of a call (`torch.compile(build())`) is an object: only a class can tell what runs
                ctx._compile_site_nodes.append((target + ("()" if _is_call_result(target_expr, ctx) else ""), node,
                                                ctx.current_definition))

    # tensor environment and module-level bindings
    def leave_Assign(self, node):
        ctx = self.ctx
        frame = ctx.frame
        if frame is None:
            self._module_assignment([t.target for t in node.targets], node.value)
        else:
            kind = ctx.raw_kind(node.value)
            if _is_none(node.value) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                # `mask = None` beside `mask = x.masked_fill(...)` in the other branch: an optional tensor, which
                # code tests with `is None` before using it, whichever branch comes last
                held = frame.env.get(node.targets[0].target.value)
                kind = held if held is TENSOR or isinstance(held, Maybe) else kind
            elements = ctx.inference.elements_kind(node.value, frame.env, frame.cls)
            leading = self.leading_elements.pop(id(node.value), UNKNOWN)
            tensor_keys = ctx.inference.tensor_keys(node.value, frame.env, frame.cls)
            instance = ctx.compile_target(node.value, known_only=True) if isinstance(node.value, cst.Call) else None
            # `compiling = is_compiling()`, `eager = not ...`, `is_tracing = torch.jit.is_tracing() or is_compiling()`
            guard = ctx.claims(node.value) \
                if isinstance(node.value, (cst.Call, cst.UnaryOperation, cst.BooleanOperation)) else None
            built = ctx.resolve(node.value.func) if isinstance(node.value, cst.Call) else None
            if frame.cls is not None:
                _attribute_values([t.target for t in node.targets], node.value, frame.cls, ctx)
                _stored_parameters([t.target for t in node.targets], node.value, frame)
            # a local holding an object or callable the region analysis can follow (not a tensor)
            held = spell_value(node.value, ctx.imports, ctx.module_names, frame.values) if kind != TENSOR else None
            alias = _local_alias(ctx, frame, node.value)
            choices = _callable_choices(node.value, ctx.claims)
            callable_list = _callable_elements(node.value)
            raw = ctx.is_raw_param(node.value)  # before the targets rebind it (`input, sizes = input`)
            single = node.targets[0].target.value if len(node.targets) == 1 \
                and isinstance(node.targets[0].target, cst.Name) else None
            never_none = single is not None and _assigned_never_none(ctx, single, node.value, kind)
            displayed = _displayed_kinds(ctx, node.value)  # before the targets rebind them (`a, b = b, a`)
            assumed = ctx.is_bare_input(node.value)  # `self.n = n`: not stored as a tensor (bind_target)
            is_mask = _mask_value(ctx, frame.env, node.value)  # before the targets rebind (`m = m.fill_(0)`)
            for target in node.targets:
                _bind(frame, target.target, kind, elements, tensor_keys, assumed)
                _bind_items(ctx, frame, target.target, node.value)
                _bind_displayed(frame, target.target, displayed)
                if alias is not None and isinstance(target.target, cst.Name):
                    frame.aliases[target.target.value] = alias
                _unpack_raw_rows(frame, target.target, raw)
                if never_none:
                    frame.not_none.add(single)
                if isinstance(target.target, cst.Name):
                    if held is not None:
                        frame.values[target.target.value] = held
                    if choices:
                        frame.choices[target.target.value] = choices
                    else:
                        frame.choices.pop(target.target.value, None)
                    if callable_list:
                        frame.callable_lists[target.target.value] = callable_list
                    else:
                        frame.callable_lists.pop(target.target.value, None)
                    if built in ctx.facts.classes:  # state = _State(...): its declared tensor fields
                        frame.env[instance_key(target.target.value)] = built
                    if guard:
                        frame.guards[target.target.value] = guard
                    else:
                        frame.guards.pop(target.target.value, None)
                    if instance:
                        frame.instances[target.target.value] = instance
                    else:
                        frame.instances.pop(target.target.value, None)
                    if ctx.inference.is_draw(node.value, frame.env, frame.cls):
                        if frame.draws_stopped:
                            frame.env[target.target.value] = UNKNOWN
                        else:
                            frame.env[draw_key(target.target.value)] = True
                    if leading is TENSOR:
                        frame.env[leading_key(target.target.value)] = TENSOR
                    if isinstance(node.value, cst.List) and not node.value.elements:
                        start_list(frame.env, target.target.value)
                    elif is_mask:
                        frame.env[mask_key(target.target.value)] = True
                    if ctx.inference.numpy_arithmetic(node.value, frame.env, frame.cls):
                        frame.env[numpy_key(target.target.value)] = True

    def _module_assignment(self, targets: Sequence[cst.BaseExpression], value: cst.BaseExpression) -> None:
        """`name = value` at module level (or in a class body), and `name: T = value` alike."""
        ctx = self.ctx
        self._module_constant(targets, value)
        names = [target.value for target in targets if isinstance(target, cst.Name)]
        alternatives = ctx.function_alternatives(value) if not ctx.class_stack else None
        if alternatives:  # calling the name calls one of these: as a function returning their calls
            ctx.facts.guard_returns.update((name, alternatives) for name in names)
        if isinstance(value, cst.Call):
            callee = ctx.resolve(value.func)
            wrapped = ctx.resolve(value.args[0].value) if callee in PARTIAL_FUNCTIONS and value.args \
                and not value.args[0].keyword and not value.args[0].star else None
            for name in names:
                if callee:
                    ctx.module_values[name] = callee
                    if wrapped:
                        ctx.module_partials[name] = wrapped
        if ctx.class_stack:
            return
        binding = _binding(value, ctx)
        if binding is not None:
            ctx.facts.bindings.update((name, binding) for name in names)
        spelled = dotted(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
        if _wraps_jaxtyping(value, ctx):  # `Int = TorchTyping(jaxtyping.Int)`: `Int["b"]` annotates a tensor
            spelled = dotted(value.args[0].value)
        if spelled is not None:
            for name in names:
                ctx.imports.add_assignment(name, spelled)
        if _guarded_by_value(value):  # CL210 asks it of imported modules
            ctx.facts.guarded_globals += names
        members = registry_members(value, ctx.imports)
        if members is not None:
            ctx.facts.registries.update((name, members) for name in names)
        for target in targets:  # `REGISTRY["auto"] = route`: one more member (index.registry_entry)
            if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) \
                    and target.value.value in ctx.facts.registries and isinstance(value, (cst.Name, cst.Attribute)):
                member = dotted(value)
                registry = ctx.facts.registries[target.value.value]
                if member is not None and member not in ("True", "False", "None") \
                        and ctx.imports.qualify(member) not in registry:
                    registry.append(ctx.imports.qualify(member))

    def _module_constant(self, targets: Sequence[cst.BaseExpression], value: cst.BaseExpression) -> None:
        ctx = self.ctx
        literal = isinstance(value, cst.Integer) or (isinstance(value, cst.Name) and value.value in
                                                      ("True", "False", "None"))
        for target in targets:
            if not isinstance(target, cst.Name) or ctx.class_stack:
                continue
            name = target.value
            if literal and name not in ctx._module_names_bound and not _rebound_globally(ctx.text, name):
                ctx.module_constants[name] = value.value not in ("0", "False", "None")
            else:  # bound twice, or to something else: not a constant
                ctx.module_constants.pop(name, None)
            ctx._module_names_bound.add(name)

    def leave_AnnAssign(self, node):
        frame = self.ctx.frame
        if frame is None and not self.ctx.class_stack and node.value is not None:
            self._module_assignment([node.target], node.value)  # `REGISTRY: Dict[str, Callable] = {...}`
        if frame is not None and frame.cls is not None and node.value is not None:
            _attribute_values([node.target], node.value, frame.cls, self.ctx)
            _stored_parameters([node.target], node.value, frame)
        if frame is not None:
            kind = annotation_kind(node.annotation, self.ctx.imports)
            if kind == UNKNOWN and node.value is not None:
                kind = self.ctx.raw_kind(node.value)
            _bind(frame, node.target, kind)

    def visit_AugAssign(self, node):
        """`self.meter += loss` runs the object's `__iadd__` (else `__add__`) with the value, inlined by dynamo: a
        break inside it is the compiled code's (b17_py_iadd_dunder_meter: `float(value)` in `__iadd__`, GB0124)."""
        frame = self.ctx.frame
        stem = INPLACE_OPERATORS.get(type(node.operator))
        if frame is None or stem is None or not isinstance(node.target, (cst.Name, cst.Attribute)) \
                or not _spelled_object(frame, node.target):
            return
        call = cst.Call(func=node.target, args=(cst.Arg(value=node.value),))
        self._protocol_calls(frame, node.target, (f"__i{stem}__", f"__{stem}__"), call)

    def visit_Assign(self, node):
        """`out[key] = value` on an object runs its class's `__setitem__` with the key and the value, inlined by dynamo:
        a break inside it is the compiled code's (b19_hf_output_setitem_finite_check: a model output, a dict subclass,
        whose `__setitem__` tests `torch.isfinite(value).all()`, GB0170)."""
        frame = self.ctx.frame
        if frame is None:
            return
        for target in node.targets:
            stored = target.target
            if isinstance(stored, cst.Subscript) and isinstance(stored.value, (cst.Name, cst.Attribute)) \
                    and len(stored.slice) == 1 and isinstance(stored.slice[0].slice, cst.Index) \
                    and stored.slice[0].slice.star is None:
                call = cst.Call(func=stored.value, args=(cst.Arg(value=stored.slice[0].slice.value),
                                                         cst.Arg(value=node.value)))
                self._protocol_calls(frame, stored.value, ("__setitem__",), call)

    def visit_SubscriptElement(self, node):
        """`self.scales[step]` with `step` an object: a list or tuple asks its `__index__`, inlined by dynamo
        (b17_py_index_dunder_step: `int(self.value)` in `__index__`, GB0124)."""
        frame = self.ctx.frame
        if frame is not None and isinstance(node.slice, cst.Index) and node.slice.star is None \
                and isinstance(node.slice.value, (cst.Name, cst.Attribute)) and _spelled_object(frame, node.slice.value):
            self._protocol_calls(frame, node.slice.value, ("__index__",))

    def leave_AugAssign(self, node):
        frame = self.ctx.frame
        if frame is not None and isinstance(node.target, cst.Name):
            frame.raw_params.discard(node.target.value)
            frame.unbound_params.discard(node.target.value)
            forget_contents(frame.env, node.target.value)
            value = self.ctx.raw_kind(node.value)
            if value is TENSOR or isinstance(value, Maybe):  # x += t: x + t
                frame.env[node.target.value] = either(frame.env.get(node.target.value, UNKNOWN), value)
        elif frame is not None and (attribute := is_self_attr(node.target)) is not None:
            frame.env.pop(stored_key(attribute), None)  # `self.w += 1`: no longer what was stored

    def leave_NamedExpr(self, node):
        frame = self.ctx.frame
        if frame is not None:
            _bind(frame, node.target, self.ctx.raw_kind(node.value))

    # nesting: loops, context managers, try blocks, and branches dynamo never traces
    def visit_For(self, node):
        self._save_not_none()
        frame = self.ctx.frame
        if frame is not None:
            iterated, target = _bind_iteration(self.ctx, frame, node.target, node.iter)
            container = is_self_attr(iterated)
            if container is None:
                container, target = _module_dict_view(frame, iterated, target)
            if isinstance(target, cst.Name):
                if container:
                    frame.elements[target.value] = container  # for blk in self.blocks: blk(x)
                else:
                    frame.elements.pop(target.value, None)
                # for layer in [self.a, self.b] (or a local list of them): layer(x) runs each
                chosen = _callable_elements(iterated) or (frame.callable_lists.get(iterated.value, [])
                                                           if isinstance(iterated, cst.Name) else [])
                if chosen:
                    frame.choices[target.value] = chosen
                else:
                    frame.choices.pop(target.value, None)
                element = _registry_element(self.ctx, frame, iterated)
                if element is not None:
                    frame.values[target.value] = element
                else:
                    frame.values.pop(target.value, None)
        self._enter_statement(node)
        self._mark(node.body, "loop")

    def visit_CompFor(self, node):
        """A comprehension's names hold while its filters, inner loops and element are walked (`if not d` in
        `[l for l, d in zip(layers, drop) if not d]` tests a tensor), then the frame's own come back."""
        frame = self.ctx.frame
        if frame is not None:
            names = bound_names(node.target)
            self.comprehension_saved.append([(n, frame.env.get(n)) for n in names])
            _bind_iteration(self.ctx, frame, node.target, node.iter)

    def _enter_comprehension(self, node):
        ctx = self.ctx
        consumer = ctx._generator_consumers.pop(id(node), None)
        ctx.scope_consumers.append((consumer, node) if consumer is not None else None)

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _enter_comprehension

    def _leave_comprehension(self, node):
        self.ctx.scope_consumers.pop()
        if self.ctx.frame is not None:
            if isinstance(node, cst.ListComp):  # its names still bound: `[(score, i) for i, score in enumerate(row)]`
                self.leading_elements[id(node)] = leading_kind(node.elt, self.ctx.kind)
            clause = node.for_in
            while clause is not None:
                _restore_names(self.ctx.frame, self.comprehension_saved)
                clause = clause.inner_for_in

    leave_ListComp = leave_SetComp = leave_GeneratorExp = leave_DictComp = _leave_comprehension

    def visit_While(self, node):
        self._enter_statement(node)
        self._save_not_none()
        self._mark(node.body, "loop")
        self._truth_protocol(node.test)

    def _truth_protocol(self, test: cst.BaseExpression) -> None:
        """`if dets:` / `while not queue:` on an object: Python asks its `__bool__` (else its `__len__`), which dynamo
        inlines (a `__bool__` that calls bool() of a tensor test breaks inside it, measured on 2.13)."""
        frame = self.ctx.frame
        if frame is None:
            return
        todo = [test]
        while todo:
            current = todo.pop()
            if isinstance(current, cst.UnaryOperation) and isinstance(current.operator, cst.Not):
                todo.append(current.expression)
            elif isinstance(current, cst.BooleanOperation):
                todo.extend((current.left, current.right))
            elif isinstance(current, (cst.Name, cst.Attribute)):
                self._protocol_calls(frame, current, ("__bool__", "__len__"))

    def visit_With(self, node):
        self._enter_statement(node)
        user = any(not _native_context_manager(self.ctx.resolve(_ctx_callee(item.item)) or "") for item in node.items)
        self._mark(node.body, "user-context-manager" if user else "torch-context-manager")
        patched: dynamo_config.Settings = {}
        for item in node.items:
            if isinstance(item.item, cst.Call):
                patched.update(dynamo_config.patch_settings(item.item, self.ctx.imports) or {})
        if patched:
            self.ctx._block_dynamo[id(node.body)] = patched
            self._mark(node.body, "dynamo-config")
        frame = self.ctx.frame
        if frame is not None:
            for item in node.items:
                if item.asname is not None:
                    _bind(frame, item.asname.name, UNKNOWN)
            # `with Timer(...):` runs the object's `__enter__` and `__exit__` compiled; one made outside the compiled
            # region (`with self.timer:`) dynamo cannot enter at all (GB0142, measured on 2.13): it runs neither
            for item in node.items:
                if isinstance(item.item, cst.Call):
                    self._protocol_calls(frame, item.item, ("__enter__", "__exit__"))

    def _protocol_calls(self, frame: _Frame, receiver: cst.BaseExpression, methods: Sequence[str],
                        passing: Optional[cst.Call] = None) -> None:
        """The special methods Python calls on `receiver` (`with o:`, `len(o)`), as calls of this function when the
        object is a value the project-wide step resolves (one this function made, a module-level or self attribute
        object): its class's methods run in the same compiled frame, given the arguments of `passing` (`o += v`)."""
        if frame.region_key is None or self.ctx.holes:
            return
        for method in methods:
            record = self.ctx.callee_record(cst.Attribute(value=receiver, attr=cst.Name(method)))
            if record is not None and record[0] == "value":
                self._record_call(frame.region_key, record)
                if passing is not None:
                    self._summarize_call(passing, record, frame.region_key)

    def visit_Try(self, node):
        self._enter_statement(node)
        self._save_not_none()
        # dynamo cannot resume a frame inside a try body or an except handler, nor in an `else` that a
        # `finally` still covers; a `finally` block itself and an uncovered `else` are fine
        self._mark(node.body, "try")
        for handler in node.handlers:
            self._mark(handler.body, "try")
        if node.orelse is not None and node.finalbody is not None:
            self._mark(node.orelse.body, "try")

    def visit_Assert(self, node):
        """An assert's message runs only when its test fails: on a Python test that passes, never; on a tensor test
        with a computed message, dynamo breaks on the test (CL101) before it (measured on 2.13)."""
        if node.msg is not None:
            self.ctx.expression_holes[id(node.msg)] = None

    def leave_Assert(self, node):
        """`assert isinstance(shape, (tuple, list))` as a statement of the function body: `shape` is no tensor in
        the rest of it, whatever its callers are assumed to pass (on a tensor the assert fails in eager code too)."""
        ctx = self.ctx
        frame = ctx.frame
        if frame is None or len(ctx.statements) < 2 or not isinstance(ctx.statements[-2], cst.FunctionDef):
            return
        for name, in_body in _not_tensor_branches(ctx, node.test):
            if in_body:
                frame.env[name] = NOT_TENSOR

    def visit_If(self, node):
        self._enter_statement(node)
        self._save_not_none()
        self._truth_protocol(node.test)
        claims = self.ctx.claims(node.test)
        for name, in_body in _not_tensor_branches(self.ctx, node.test):
            if in_body:
                self._mark(node.body, ("not-tensor", name))
            elif isinstance(node.orelse, cst.Else):
                self._mark(node.orelse, ("not-tensor", name))
        if False in claims:
            self._mark(node.body, ("hole", claims[False]))
        if True in claims and node.orelse is not None:
            if isinstance(node.orelse, cst.If):  # an `elif`: a statement of its own
                self.ctx.hole_statements[id(node.orelse)] = claims[True]
            else:
                self._mark(node.orelse, ("hole", claims[True]))

    def visit_BooleanOperation(self, node):
        evaluated_never, atom = self.ctx.never_evaluated(node)
        if evaluated_never:
            self.ctx.expression_holes[id(node.right)] = self._option_hole(claims_atom=atom, skipped=node.right)

    def visit_IfExp(self, node):
        claims = self.ctx.claims(node.test)
        for value, unused in ((False, node.body), (True, node.orelse)):
            if value in claims:
                self.ctx.expression_holes[id(unused)] = self._option_hole(claims[value], unused)
        if self.ctx.frame is not None:  # as in an `if` statement: `t.sin() if torch.is_tensor(t) else sin(float(t))`
            for name, in_body in _not_tensor_branches(self.ctx, node.test):
                self.ctx.expression_narrowed[id(node.body if in_body else node.orelse)] = name

    def _option_hole(self, claims_atom, skipped: cst.BaseExpression):
        """The hole atom of an operand an option's default skips (`stop is not None and bool((ids == stop).all())`,
        or a conditional expression's side): when its tensors come from elsewhere, which compiled calls pass the
        option only their sites tell, and where none is known (an entry point's) the default is what the code is
        written for, as CL101 reads such chains. The if statement's body under the same test keeps its atom."""
        if isinstance(claims_atom, tuple) and claims_atom[0] == "absent" \
                and _beside_tensors_only(self.ctx, skipped, claims_atom[2]):
            return ("unpassed", claims_atom[1], claims_atom[2])
        return claims_atom

    def leave_For(self, node):
        self._restore_not_none(node)
        self._leave_statement(node)

    leave_While = leave_Try = leave_For

    def leave_If(self, node):
        self.leave_For(node)
        self._narrow_after_guard(node)

    def _narrow_after_guard(self, node: cst.If) -> None:
        """`if not isinstance(shape, (tuple, list)): raise TypeError(...)` as a statement of the function body: as
        after the assert it spells, `shape` is no tensor in the rest of the body (the guard's exit is taken
        otherwise); `if torch.is_tensor(x): return x` leaves `x` no tensor after it too, and `if not isinstance(e,
        torch.Tensor): raise TypeError(...)` leaves `e` a tensor, whatever its annotation (`Optional[Tensor]`)."""
        ctx = self.ctx
        frame = ctx.frame
        if frame is None or node.orelse is not None or not ctx.statements \
                or not isinstance(ctx.statements[-1], cst.FunctionDef) or not ends_in_exit(node.body):
            return
        test = node.test
        names = [name for name, in_body in _not_tensor_branches(ctx, test) if not in_body]
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            names += [name for name, in_body in _not_tensor_branches(ctx, test.expression) if in_body]
        for name in names:
            frame.env[name] = NOT_TENSOR
        for name in _tensor_unless(ctx, test):
            frame.env[name] = TENSOR
            frame.raw_params.discard(name)  # proven, no longer only assumed

    def leave_With(self, node):
        self._leave_statement(node)

    def _save_not_none(self) -> None:
        frame = self.ctx.frame
        if frame is not None:
            frame.not_none_saved.append(set(frame.not_none))

    def _restore_not_none(self, node) -> None:
        """After a branch or loop, a local is never None when it was before and still is, or when the branch was
        `if p is None: p = <never None>` without an else."""
        frame = self.ctx.frame
        if frame is None or not frame.not_none_saved:
            return
        kept = frame.not_none_saved.pop() & frame.not_none
        name = _none_tested(node.test) if isinstance(node, cst.If) and node.orelse is None else None
        if name is not None and name[1] and name[0] in frame.not_none:
            kept.add(name[0])
        frame.not_none = kept

    def _mark(self, block: cst.CSTNode, effect: str) -> None:
        self.ctx._block_effects.setdefault(id(block), []).append(effect)

    def _apply(self, node, sign: int) -> None:
        ctx = self.ctx
        if sign > 0:
            effects = ctx._block_effects.pop(id(node), [])
            ctx._active_effects.append(effects)
        else:
            effects = ctx._active_effects.pop()
        frame = ctx.frame
        for effect in effects:
            if type(effect) is tuple and effect[0] == "not-tensor":
                if frame is not None:
                    _narrow(frame, effect[1], sign)
            elif type(effect) is tuple:  # ("hole", None or a GuardAtom)
                if sign > 0:
                    ctx.enter_hole(effect[1])
                else:
                    ctx.leave_hole(effect[1])
            elif effect == "dynamo-config":
                if sign > 0:
                    ctx.local_dynamo.append(ctx._block_dynamo.pop(id(node)))
                else:
                    ctx.local_dynamo.pop()
            elif frame is not None:
                if effect == "loop":
                    frame.loops += sign
                elif effect == "user-context-manager":
                    frame.user_contexts += sign
                elif effect == "try":
                    frame.tries += sign

    def visit_Else(self, node):
        self._apply(node, +1)

    def leave_Else(self, node):
        self._apply(node, -1)

    visit_SimpleStatementSuite = visit_Else
    leave_SimpleStatementSuite = leave_Else

    def visit_IndentedBlock(self, node):
        self._apply(node, +1)
        self.ctx.indents.append(self.ctx.module.default_indent if node.indent is None else node.indent)
        if self.ctx.frames:
            self._mark_guarded_exits(node.body)

    def _mark_guarded_exits(self, body: Sequence[cst.BaseStatement]) -> None:
        """`if torch.compiler.is_compiling(): return fast(x)`: under dynamo the function returns there,
        so what follows in the block is eager-only code. What follows a return, raise, break or continue of
        the block itself never runs at all."""
        for index, statement in enumerate(body[:-1]):
            if isinstance(statement, cst.SimpleStatementLine) and statement.body \
                    and isinstance(statement.body[-1], (cst.Return, cst.Raise, cst.Break, cst.Continue)):
                self.ctx.hole_statements.update((id(s), None) for s in body[index + 1:])
                body = body[:index + 1]
                break
        # the block is not walked yet: a parameter its earlier statements rebind (`atol = self.atol if atol is None
        # else atol`) no longer holds what the callers pass (read once per statement, only where parameters are)
        frame = self.ctx.frame
        rebound: Set[str] = set()
        read_up_to = 0
        for index, statement in enumerate(body):
            if not isinstance(statement, cst.If):
                continue
            if frame is not None and frame.unbound_params:
                rebound |= _names_bound_in(body[read_up_to:index])
                read_up_to = index
            for value, atom in self.ctx.claims(statement.test, rebound).items():
                branch = statement.body if value else statement.orelse
                if isinstance(branch, cst.Else):
                    branch = branch.body
                if isinstance(branch, cst.BaseSuite) and ends_in_exit(branch):
                    self.ctx.hole_statements.update((id(s), atom) for s in body[index + 1:])
                    return

    def leave_IndentedBlock(self, node):
        self._apply(node, -1)
        self.ctx.indents.pop()


def _may_run_when_handed(cls: ClassInfo, attr: Optional[str]) -> bool:
    """`run(x, self.attr)`: the callee may call what it is handed, a method, a submodule, or a function the attribute
    holds (`self.pointwise = REGISTRY[name]`, `self.act = helper`)."""
    return attr is not None and (attr in cls.methods or attr in cls.submodules or attr in cls.callables
                                 or attr in cls.attribute_values)


def _first_argument(node: cst.Call, keyword: Optional[str]) -> Optional[cst.BaseExpression]:
    for arg in node.args:
        if arg.keyword is None and not arg.star:
            return arg.value
        if keyword and arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return None


def ends_in_exit(suite: cst.BaseSuite) -> bool:
    """The block's last statement is a return or a raise, or an if/else (a with) whose every branch ends so."""
    body = suite.body
    if not body:
        return False
    last = body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    if isinstance(last, cst.If):
        orelse = last.orelse
        return orelse is not None and ends_in_exit(last.body) and \
            (ends_in_exit(orelse.body) if isinstance(orelse, cst.Else) else ends_in_exit(cst.IndentedBlock([orelse])))
    if isinstance(last, cst.With):
        return ends_in_exit(last.body)
    return isinstance(last, (cst.Return, cst.Raise))


def _only_called(function: cst.FunctionDef, name: str, passed: bool) -> bool:
    """Every use of `name` in the function is a call of it (or, `passed`, a positional argument of a call), and
    nothing else binds it: `passed` (a local lambda), only `name = lambda ...` assignments; else (a parameter)
    none; no parameter of a nested def or lambda, no global."""
    stack: List[Tuple[cst.CSTNode, cst.CSTNode, cst.CSTNode]] = [(child, function.body, function)
                                                                  for child in child_nodes(function.body)]
    while stack:
        node, parent, grandparent = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            if isinstance(parent, cst.Attribute) and parent.attr is node or isinstance(parent, cst.Arg) \
                    and parent.keyword is node:
                continue  # `self.interp`, `f(interp=...)`: another name
            if isinstance(parent, cst.AssignTarget):
                if not (passed and isinstance(grandparent, cst.Assign) and isinstance(grandparent.value, cst.Lambda)
                        and len(grandparent.targets) == 1):
                    return False
            elif isinstance(parent, (cst.Param, cst.Global, cst.Nonlocal, cst.NameItem)):
                return False
            elif not (isinstance(parent, cst.Call) and parent.func is node) and not (
                    passed and isinstance(parent, cst.Arg) and not parent.keyword and not parent.star):
                return False
            continue
        stack.extend((child, node, parent) for child in child_nodes(node))
    return True


def _only_called_directly(function: cst.FunctionDef, definition: cst.FunctionDef) -> bool:
    """Every use of the nested def's name in `function` is a call of it outside any nested def, lambda or class
    (their calls are not the function's own call records), and only this def binds the name."""
    name = definition.name.value
    stack: List[Tuple[cst.CSTNode, cst.CSTNode]] = [(child, function.body) for child in child_nodes(function.body)]
    while stack:
        node, parent = stack.pop()
        if node is definition:
            continue
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            if name in names_in(node):
                return False
            continue
        if isinstance(node, cst.Name) and node.value == name:
            if isinstance(parent, cst.Attribute) and parent.attr is node or isinstance(parent, cst.Arg) \
                    and parent.keyword is node:
                continue  # `self.rescale`, `f(rescale=...)`: another name
            if not (isinstance(parent, cst.Call) and parent.func is node):
                return False
            continue
        stack.extend((child, node) for child in child_nodes(node))
    return True


def _class_of_self(expr: cst.BaseExpression) -> bool:
    """`type(self)` or `self.__class__`."""
    if isinstance(expr, cst.Attribute):
        return expr.attr.value == "__class__" and isinstance(expr.value, cst.Name) and expr.value.value == "self"
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "type" \
        and len(expr.args) == 1 and isinstance(expr.args[0].value, cst.Name) and expr.args[0].value.value == "self"


def _names_used(function: cst.FunctionDef) -> Set[str]:
    """The names read or bound anywhere in a function's body, but for the names of the defs and classes in it."""
    names: Set[str] = set()
    stack: List[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            names.add(node.value)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            stack.extend(child for child in child_nodes(node) if child is not node.name)
            continue
        stack.extend(child_nodes(node))
    return names


def _only_raises(suite: cst.BaseSuite) -> bool:
    """The body is a raise statement (after a docstring, if any)."""
    if isinstance(suite, cst.SimpleStatementSuite):  # def compute(self): raise NotImplementedError
        return [type(s) for s in suite.body] == [cst.Raise]
    statements = _after_docstring(suite.body)
    return len(statements) == 1 and isinstance(statements[0], cst.SimpleStatementLine) \
        and [type(s) for s in statements[0].body] == [cst.Raise]


def _after_docstring(statements: Sequence[cst.BaseStatement]) -> Sequence[cst.BaseStatement]:
    if statements and isinstance(statements[0], cst.SimpleStatementLine) and len(statements[0].body) == 1 \
            and isinstance(statements[0].body[0], cst.Expr) \
            and isinstance(statements[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        return statements[1:]
    return statements


def _only_defines(function: cst.FunctionDef) -> bool:
    """The body (after a docstring) only defines functions and returns, under `if`s that test plain values, and
    so does each nested def that defines functions itself: a decorator (or decorator factory, or closure factory)
    whose only code run at call time is its wrapper. A return of a call (`return _cached(method, name)`) hands the
    work to another function. Anything else in it (a warning, a check) runs once, when it decorates, never in the
    compiled call."""
    if not isinstance(function.body, cst.IndentedBlock):
        return False
    return bool(_defining(_after_docstring(function.body.body)))


def _defining(statements: Sequence[cst.BaseStatement]) -> Optional[bool]:
    """None when one of the statements runs code of its own; otherwise whether one defines a function or returns
    a call (index._defining on `ast`)."""
    defines = False
    for statement in statements:
        if isinstance(statement, cst.FunctionDef):
            nested = isinstance(statement.body, cst.IndentedBlock) \
                and any(isinstance(s, cst.FunctionDef) for s in statement.body.body)
            if nested and not _only_defines(statement):
                return None
            defines = True
        elif isinstance(statement, cst.If):
            if holds_a(statement.test, (cst.Call,)):
                return None
            orelse = statement.orelse
            branches = [statement.body.body] + ([] if orelse is None else [[orelse]] if isinstance(orelse, cst.If)
                                                else [orelse.body.body])
            for branch in branches:
                found = _defining(branch)
                if found is None:
                    return None
                defines = defines or found
        else:  # a line, or one statement of an `if x: return y` suite
            small = statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]
            if not all(isinstance(s, (cst.Return, cst.Pass, cst.Nonlocal, cst.Global)) for s in small):
                return None
            defines = defines or any(isinstance(s, cst.Return) and isinstance(s.value, cst.Call) for s in small)
    return defines


def _is_call_result(expr: cst.BaseExpression, ctx: FileContext) -> bool:
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
            and expr.func.attr.value in SELF_RETURNING_METHODS:
        expr = expr.func.value
    if isinstance(expr, cst.Call):
        return True
    if isinstance(expr, cst.Name):
        frame = ctx.frame
        if frame is not None and expr.value in frame.instances:
            return True
        return ctx.facts.bindings.get(expr.value, ("", ""))[0] == "instance"
    return False


def _wraps_jaxtyping(value: cst.BaseExpression, ctx: FileContext) -> bool:
    """A call of one argument, a jaxtyping dtype (`TorchTyping(jaxtyping.Int)`): a project's wrapper whose subscript by
    a shape alone is the dtype's annotation of torch's tensor."""
    return isinstance(value, cst.Call) and len(value.args) == 1 and value.args[0].keyword is None \
        and not value.args[0].star and (ctx.resolve(value.args[0].value) or "").startswith("jaxtyping.")


def _binding(value: cst.BaseExpression, ctx: FileContext) -> Optional[Tuple[str, str]]:
    """A module-level `name = value` the region analysis can follow (see facts.FileFacts.bindings)."""
    if isinstance(value, (cst.Name, cst.Attribute)):
        resolved = ctx.resolve(value)
        return ("alias", resolved) if resolved else None
    if not isinstance(value, cst.Call):
        return None
    callee = ctx.resolve(value.func)
    inner = ctx.resolve(value.func.func) if isinstance(value.func, cst.Call) else None
    if callee == "torch.compile" or inner in COMPILE_FUNCTIONS:
        argument = _first_argument(value, "model" if callee == "torch.compile" else None)
        target = ctx.compile_target(argument) if argument is not None else None
        return ("compile", target) if target else None
    if callee in DISABLE_FUNCTIONS or callee in PARTIAL_FUNCTIONS:
        argument = _first_argument(value, "fn")
        target = ctx.compile_target(argument) if argument is not None else None
        return ("disable" if callee in DISABLE_FUNCTIONS else "alias", target) if target else None
    target = ctx.compile_target(value, known_only=True)
    return ("instance", target) if target else None


# builtins that look at their arguments without calling them
INSPECTING_BUILTINS = frozenset("isinstance issubclass type hasattr getattr setattr callable id repr str print len".split())


def _imported_names(statement: cst.CSTNode) -> List[str]:
    """The names the imports of a top-level statement bind (`import a.b` binds `a`), those inside a top-level try
    or if too (index.top_bindings)."""
    names: List[str] = []
    todo = [statement]
    while todo:
        node = todo.pop(0)
        if isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
            names.extend(alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name)
                         else (dotted(alias.name) or "").split(".")[0] for alias in node.names)
        elif isinstance(node, cst.SimpleStatementLine):
            todo.extend(node.body)
        elif isinstance(node, (cst.Try, cst.If, cst.IndentedBlock, cst.Else, cst.ExceptHandler, cst.Finally)):
            todo.extend(nested_statements(node))
    return names


def _module_names(body: Sequence[cst.CSTNode]) -> Set[str]:
    """index.module_names on libcst: the names a module binds at its top level (defs, classes, assignments)."""
    names: Set[str] = set()
    for statement in body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            names.add(statement.name.value)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign):
                    names.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
                elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    names.add(small.target.value)
    return names


def _module_tables(body: Sequence[cst.CSTNode]) -> Dict[str, cst.Dict]:
    """The top-level names bound once, each to a dict literal (_registry_element reads them as tables of functions)."""
    tables: Dict[str, cst.Dict] = {}
    bound: Set[str] = set()
    for statement in body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                for target in targets:
                    if isinstance(target, cst.Name):
                        if target.value not in bound and isinstance(small, cst.Assign) and len(targets) == 1 \
                                and isinstance(small.value, cst.Dict):
                            tables[target.value] = small.value
                        else:
                            tables.pop(target.value, None)
                        bound.add(target.value)
    return tables


def spell_value(expr: cst.BaseExpression, imports: ImportTable, known: Set[str],
                local: Optional[Dict[str, str]] = None, shadowed: AbstractSet[str] = frozenset()) -> Optional[str]:
    """`expr` as a value (facts: values), when its name is an import, a module-level name of the file, self,
    or a local holding a value (index.spell_value reads the same from `ast`, without locals). A name in `shadowed`
    is a local of the function the value is read in: it is not the module-level name spelled the same."""
    steps: List[str] = []
    while True:
        tp = type(expr)
        if tp is cst.Call:
            func = expr.func
            if type(func) is cst.Attribute and func.attr.value in SELF_RETURNING_METHODS:
                expr = func.value  # Block().to(device) is the Block
                continue
            pattern = _getattr_pattern(expr, imports)
            if pattern is not None:  # getattr(self, f"{kind}_reduction"): any attribute the name may be
                steps.append("." + pattern)
                expr = expr.args[0].value
                continue
            steps.append("()")
            expr = func
        elif tp is cst.Subscript:
            steps.append("[]")
            expr = expr.value
        elif tp is cst.Attribute and dotted(expr) is None:
            steps.append("." + expr.attr.value)
            expr = expr.value
        else:
            break
    name = dotted(expr) if type(expr) is cst.Name or type(expr) is cst.Attribute else None
    if name is None:
        return None
    head, dot, rest = name.partition(".")
    if local and head in local:
        base = local[head] + dot + rest
    elif head in ("self", "cls") or (head not in shadowed and (head in known or head in imports.aliases)):
        base = imports.qualify(name)
    else:
        return None
    return base + "".join(reversed(steps))


def value_head(expr: cst.BaseExpression) -> Optional[str]:
    """The name a value spelled by spell_value starts from (`backbone` of `backbone.features[0](x)`), if any."""
    while True:
        tp = type(expr)
        if tp is cst.Call:
            expr = expr.func
        elif tp is cst.Subscript or tp is cst.Attribute:
            expr = expr.value
        else:
            return expr.value if tp is cst.Name else None


GENERATOR_VALUES = frozenset({"torch.Generator()", "torch._C.Generator()"})


# module methods that return a Python generator (nn.Module.parameters() and its kin)
MODULE_ITERATORS = frozenset({"parameters", "named_parameters", "buffers", "named_buffers", "children",
                              "named_children", "modules", "named_modules"})


def makes_iterator(expr: cst.BaseExpression) -> bool:
    """A Python generator made where it is written: a generator expression, or `self.parameters()` and its kin on
    self or an attribute of it."""
    if isinstance(expr, cst.GeneratorExp):
        return True
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value in MODULE_ITERATORS):
        return False
    receiver = expr.func.value
    while isinstance(receiver, cst.Attribute):
        receiver = receiver.value
    return isinstance(receiver, cst.Name) and receiver.value == "self"


def _makes_generator(spelled: Optional[str]) -> bool:
    """A value spelled `torch.Generator()` or `torch.Generator().manual_seed()`: a generator made where it is
    spelled (a local bound to one is spelled as its value)."""
    while spelled is not None and spelled.endswith(".manual_seed()"):
        spelled = spelled[:-len(".manual_seed()")]
    return spelled in GENERATOR_VALUES


def _callable_alternatives(frame: _Frame, func: cst.BaseExpression) -> List[cst.BaseExpression]:
    """A called local bound by plain assignments only, more than once, each to a name or an attribute (the kernel an
    if/elif chain picks): every callable it may hold. Empty when one binding is anything else (a call, a lambda)."""
    if not isinstance(func, cst.Name) or frame.function is None:
        return []
    bound = frame_bindings(frame).alternatives.get(func.value, ())
    if not all(isinstance(value, (cst.Name, cst.Attribute)) and dotted(value) is not None for value in bound):
        return []
    return list(bound)


def _spelled_alternatives(ctx: FileContext, frame: _Frame, value: cst.BaseExpression) -> List[str]:
    """A returned local bound in several branches (`predictor_fn = EulerPredictor` / `= ReversePredictor`;
    `return predictor_fn`): each value it may hold, spelled."""
    if not isinstance(value, cst.Name) or frame.function is None:
        return []
    bound = frame_bindings(frame).alternatives.get(value.value, ())
    spelled = [spell_value(v, ctx.imports, ctx.module_names, frame.spelled_once) for v in bound]
    return [v for v in spelled if v is not None]


class Bindings(NamedTuple):
    """What one walk of a function's body tells of the names it binds (nested defs, classes and lambdas skipped;
    comprehension targets count). index.Bindings reads the same from `ast`."""

    # locals bound once, by a plain `name = value` and nowhere else (no loop, with, except, walrus, import,
    # augmented or nested binding): what each holds wherever it is read
    once: Dict[str, cst.BaseExpression]
    counts: Dict[str, int]  # how many times each name is bound (a parameter counts 2, a nested def or class too)
    # locals bound by plain `name = value` statements only, more than one (a factory's `if` / `elif` choosing the
    # class it returns): every value each may hold, in the order written
    alternatives: Dict[str, List[cst.BaseExpression]]
    # the names it binds itself, less those it declares global or nonlocal and its own imports (which name what the
    # module's would): in its body each is the local, never the module-level name spelled the same
    shadowing: FrozenSet[str]


def frame_bindings(frame: _Frame) -> Bindings:
    """_bindings of the frame's function, walked once however many statements ask."""
    if frame.bindings is None:
        frame.bindings = _bindings(frame.function)
    return frame.bindings


def _bindings(function: cst.FunctionDef) -> Bindings:
    bindings: Dict[str, int] = {}
    values: Dict[str, List[cst.BaseExpression]] = {}
    declared: Set[str] = set()
    params = function.params
    star_arg = [params.star_arg] if isinstance(params.star_arg, cst.Param) else []
    star_kwarg = [params.star_kwarg] if params.star_kwarg is not None else []
    for param in [*params.posonly_params, *params.params, *star_arg, *params.kwonly_params, *star_kwarg]:
        bindings[param.name.value] = 2  # a parameter holds what callers pass
    pending: List[cst.CSTNode] = [function.body]
    while pending:
        node = pending.pop()
        tp = type(node)
        targets: List[Optional[cst.CSTNode]] = []
        if tp is cst.FunctionDef or tp is cst.ClassDef:
            bindings[node.name.value] = 2
            continue
        if tp is cst.Lambda:
            continue
        if tp is cst.Assign:
            targets = [t.target for t in node.targets]
            if len(node.targets) == 1 and type(node.targets[0].target) is cst.Name:
                values.setdefault(node.targets[0].target.value, []).insert(0, node.value)  # the last pops first
        elif tp in (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr, cst.Del):
            targets = [node.target]
        elif tp is cst.WithItem or tp is cst.ExceptHandler or tp is cst.ExceptStarHandler:
            asname = node.asname if tp is cst.WithItem else node.name
            targets = [asname.name if asname is not None else None]
        elif tp is cst.ImportAlias:
            targets = [node.asname.name if node.asname is not None else cst.Name(node.evaluated_name.partition(".")[0])]
            declared.add(node.asname.name.value if node.asname is not None and type(node.asname.name) is cst.Name
                         else node.evaluated_name.partition(".")[0])
        elif tp is cst.Global or tp is cst.Nonlocal:
            bindings.update((item.name.value, 2) for item in node.names)
            declared.update(item.name.value for item in node.names)
        elif tp is cst.MatchAs or tp is cst.MatchStar:
            targets = [node.name]
        elif tp is cst.MatchMapping:
            targets = [node.rest]
        for name in _bound_names(targets):
            bindings[name] = bindings.get(name, 0) + 1
        pending.extend(child_nodes(node))
    once = {name: found[0] for name, found in values.items() if bindings.get(name) == 1}
    alternatives = {name: found for name, found in values.items()
                    if len(found) > 1 and bindings.get(name) == len(found)}
    return Bindings(once, bindings, alternatives, frozenset(set(bindings) - declared))


def _names_bound_in(statements: Sequence[cst.CSTNode]) -> Set[str]:
    """The names the statements bind anywhere inside them (assignments, loop, `with` and walrus targets)."""
    names: Set[str] = set()
    pending: List[cst.CSTNode] = list(statements)
    while pending:
        node = pending.pop()
        tp = type(node)
        if tp is cst.Assign:
            names.update(_bound_names([t.target for t in node.targets]))
        elif tp in (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr):
            names.update(_bound_names([node.target]))
        elif tp is cst.WithItem and node.asname is not None:
            names.update(_bound_names([node.asname.name]))
        pending.extend(child_nodes(node))
    return names


def _bound_names(targets: List[Optional[cst.CSTNode]]) -> List[str]:
    """The names assignment targets bind (`a, *b = ...`: a and b; `x.y = ...`, `x[i] = ...`: none)."""
    names: List[str] = []
    pending = list(targets)
    while pending:
        target = pending.pop()
        if type(target) is cst.Name:
            names.append(target.value)
        elif type(target) is cst.Tuple or type(target) is cst.List:
            pending.extend(element.value for element in target.elements)
        elif type(target) is cst.StarredElement:
            pending.append(target.value)
    return names


def _getattr_pattern(call: cst.Call, imports: ImportTable) -> Optional[str]:
    """The names `getattr(obj, name)` may read, as a glob (index.name_pattern), when the name is built from a
    template: `"{}_reduction".format(t)`, `f"{t}_reduction"`, `"assert_" + t`, `"%s_loss" % t`."""
    if imports.qualify("getattr") != "getattr" or not isinstance(call.func, cst.Name) \
            or call.func.value != "getattr" or len(call.args) != 2 or any(a.star or a.keyword for a in call.args):
        return None
    return name_pattern(_template_parts(call.args[1].value))


def _template_parts(expr: cst.BaseExpression) -> Optional[List[Optional[str]]]:
    """A string template as its literal parts, None for each part filled in at run time."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return [value] if isinstance(value, str) else None
    if isinstance(expr, cst.FormattedString):
        return [part.value if isinstance(part, cst.FormattedStringText) else None for part in expr.parts]
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format" \
            and isinstance(expr.func.value, cst.SimpleString):
        template = expr.func.value.evaluated_value
        return split_template(template, FORMAT_FIELD) if isinstance(template, str) else None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo) \
            and isinstance(expr.left, cst.SimpleString) and isinstance(expr.left.evaluated_value, str):
        return split_template(expr.left.evaluated_value, PERCENT_FIELD)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        left, right = _template_parts(expr.left), _template_parts(expr.right)
        return (left or [None]) + (right or [None]) if left or right else None
    return None


def registry_members(value: cst.BaseExpression, imports: ImportTable) -> Optional[List[str]]:
    """index.registry_members on libcst: `{"a": f, "b": g}` / `dict(a=f, b=g)` / `[f, g]` / `(f, g)`, every element
    a plain name or a `None` placeholder filled in later; the functions of a table of lists (`partial(f, ...)`: f)."""
    if isinstance(value, cst.Dict):
        elements = [e.value for e in value.elements] if all(isinstance(e, cst.DictElement) for e in value.elements) \
            else []
    elif isinstance(value, (cst.List, cst.Tuple)):
        elements = [e.value for e in value.elements if isinstance(e, cst.Element)] \
            if all(isinstance(e, cst.Element) for e in value.elements) else []
    elif isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and imports.qualify(value.func.value) == "dict":
        elements = [a.value for a in value.args] if all(a.keyword is not None for a in value.args) else []
    else:
        return None
    if isinstance(value, (cst.Dict, cst.Call)):  # a table of pipelines: the functions of its lists
        elements = [e for element in elements
                    for e in ([item.value for item in element.elements if isinstance(item, cst.Element)]
                              if isinstance(element, (cst.List, cst.Tuple)) and element.elements else [element])]
    elements = [e.args[0].value if isinstance(e, cst.Call) and e.args and e.args[0].keyword is None
                and imports.qualify(dotted(e.func) or "") in PARTIAL_FUNCTIONS else e for e in elements]
    names = [dotted(e) if isinstance(e, (cst.Name, cst.Attribute)) else None for e in elements if not _is_none(e)]
    if not names or any(n is None or n in ("True", "False", "None") for n in names):
        return None
    return list(dict.fromkeys(imports.qualify(n) for n in names))


def _attribute_values(targets: Sequence[cst.BaseExpression], value: cst.BaseExpression, cls: ClassInfo,
                      ctx: FileContext) -> None:
    """`self.attr = value` in a method: what the attribute may hold (index._Indexer.attribute_values)."""
    if isinstance(value, cst.IfExp):  # `self.loss = self.a if flag else self.b`: either
        for branch in (value.body, value.orelse):
            _attribute_values(targets, branch, cls, ctx)
        return
    choices = _dict_choices(value)
    if choices is not None:  # `self.prod = {DIAGONAL: self.prod_diagonal}.get(kind, self.prod_default)`: any
        for choice in choices:
            _attribute_values(targets, choice, cls, ctx)
        return
    spelled = None
    for target in targets:
        attr = is_self_attr(target)
        if attr is None:
            continue
        spelled = spelled or spell_value(value, ctx.imports, ctx.module_names)
        if spelled is None:
            return
        values = cls.attribute_values.setdefault(attr, [])
        if spelled not in values:
            values.append(spelled)


def _stored_parameters(targets: Sequence[cst.BaseExpression], value: cst.BaseExpression, frame: _Frame) -> None:
    """`self.attr = param` in a method, `param` its own parameter never rebound before (a setter; either branch of a
    conditional): self.attr holds what the method's callers pass there (ClassInfo.stored_params)."""
    if isinstance(value, cst.IfExp):
        for branch in (value.body, value.orelse):
            _stored_parameters(targets, branch, frame)
        return
    if not isinstance(value, cst.Name) or value.value in ("self", "cls") or value.value not in frame.unbound_params \
            or frame.returns_key is None or frame.returns_key != frame.region_key:
        return
    for target in targets:
        attr = is_self_attr(target)
        stored = frame.cls.stored_params.setdefault(attr, []) if attr is not None else None
        if stored is not None and (frame.returns_key, value.value) not in stored:
            stored.append((frame.returns_key, value.value))


def _dict_choices(value: cst.BaseExpression) -> Optional[List[cst.BaseExpression]]:
    """The values `{k: a, ...}[key]` / `{k: a, ...}.get(key[, default])` may be (index._dict_choices)."""
    if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Dict):
        display, default = value.value, []
    elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
            and isinstance(value.func.value, cst.Dict) and 1 <= len(value.args) <= 2 \
            and not any(a.star or a.keyword for a in value.args):
        display, default = value.func.value, [a.value for a in value.args[1:]]
    else:
        return None
    if not all(isinstance(e, cst.DictElement) for e in display.elements):
        return None
    return [e.value for e in display.elements] + default


def _declared_return(annotation: Optional[cst.Annotation], ctx: FileContext) -> List[str]:
    """`-> Block`: the function returns a Block (index._Indexer.declared_return)."""
    expr = annotation.annotation if annotation is not None else None
    if type(expr) is not cst.Name and type(expr) is not cst.Attribute:
        return []
    spelled = spell_value(expr, ctx.imports, ctx.module_names)
    return [spelled + "()"] if spelled else []


def _guarded_by_value(value: cst.BaseExpression) -> bool:
    """A module global dynamo guards on by value when compiled code reads it: a bool, number, string, None,
    tuple or container display."""
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString, cst.Tuple, cst.List,
                              cst.Dict, cst.Set))


def _native_context_manager(name: str) -> bool:
    return name.startswith(TORCH_CONTEXT_PREFIXES) or name in NATIVE_CONTEXT_MANAGERS


def _ctx_callee(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.func if isinstance(expr, cst.Call) else expr


def _decorator_name(decorator: cst.Decorator, imports: ImportTable) -> str:
    return imports.resolve(_ctx_callee(decorator.decorator)) or ""


def _bind_iteration(ctx: FileContext, frame: _Frame, target: cst.BaseExpression, iterated: cst.BaseExpression):
    """Bind a `for` target: rows of a tensor are tensors, `range` and `enumerate` counters ints, and `zip`
    yields each argument's rows in its position. Returns (what is iterated, the name bound to its rows)
    without the enumerate/reversed around them."""
    name = ctx.resolve(iterated.func) if isinstance(iterated, cst.Call) else None
    if name == "range" and isinstance(target, cst.Name):
        _bind(frame, target, NOT_TENSOR)
        return iterated, target
    if name == "zip" and isinstance(target, cst.Tuple) and len(target.elements) == len(iterated.args) \
            and not any(a.star or a.keyword for a in iterated.args):
        for element, argument in zip(target.elements, iterated.args):
            raw = ctx.is_raw_param(argument.value)
            _bind(frame, element.value, ctx.inference.iteration_kind(argument.value, frame.env, frame.cls))
            _forget_raw_rows(frame, element.value, raw)
        return iterated, target
    if name in ("enumerate", "reversed") and iterated.args:
        if name == "enumerate" and not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
            _bind(frame, target, UNKNOWN)  # (i, row) pairs
            return iterated, target
        if name == "enumerate":
            _bind(frame, target.elements[0].value, NOT_TENSOR)
            target = target.elements[1].value
        return _bind_iteration(ctx, frame, target, iterated.args[0].value)  # enumerate(zip(a, b)): zip's rows
    raw = ctx.is_raw_param(iterated)
    _bind(frame, target, ctx.inference.iteration_kind(iterated, frame.env, frame.cls))
    _forget_raw_rows(frame, target, raw)
    return iterated, target


def _module_dict_view(frame: _Frame, iterated: cst.BaseExpression, target: cst.BaseExpression):
    """`for m in self.stages.values()` / `for name, m in self.stages.items()` over a module container of the class:
    (the container, the name bound to its modules); (None, target) otherwise."""
    if not isinstance(iterated, cst.Call) or iterated.args or not isinstance(iterated.func, cst.Attribute):
        return None, target
    container = is_self_attr(iterated.func.value)
    view = iterated.func.attr.value
    if container is None or frame.cls is None or container not in frame.cls.containers:
        return None, target
    if view == "values":
        return container, target
    if view == "items" and isinstance(target, cst.Tuple) and len(target.elements) == 2:
        return container, target.elements[1].value
    return None, target


def _registry_element(ctx: FileContext, frame: _Frame, iterated: cst.BaseExpression) -> Optional[str]:
    """`for f in AUGMENTS[kind]: x = f(x)` over a list of a module-level dict of this file (a registry whose members
    are the functions of its lists, registry_members): f, spelled as a value, is any of them, so calling it reaches
    each; None for anything else."""
    if not isinstance(iterated, cst.Subscript) or not isinstance(iterated.value, cst.Name):
        return None
    name = iterated.value.value
    table = ctx.module_tables.get(name)
    if table is None or name in frame.env or registry_members(table, ctx.imports) is None:
        return None  # the table may be defined below the function: its members are read from the literal here
    return spell_value(iterated, ctx.imports, ctx.module_names, frame.values)


def _forget_raw_rows(frame: _Frame, target: cst.BaseExpression, raw: bool) -> None:
    """`h, w = hw`, `for i, j in pairs` on a parameter taken for a tensor only because it is a forward's (`raw`, see
    _Frame.raw_params): as often a tuple of numbers, whose items are no tensors. The names unpacked stay unknown."""
    if raw and isinstance(target, (cst.Tuple, cst.List)):
        for name in bound_names(target):
            frame.env[name] = UNKNOWN
            forget_contents(frame.env, name)


MAX_UNPACKED_ROWS = 4  # see _unpack_raw_rows


def _unpack_raw_rows(frame: _Frame, target: cst.BaseExpression, raw: bool) -> None:
    """`row, col = edge_index` on a parameter taken for a tensor only because it is a forward's (`raw`, see
    _Frame.raw_params): the rows of a tensor, or the items of a tuple (of tensors or of numbers): as weak as the
    parameter was, so the names unpacked are raw in turn (what a rule that asks for proof does not take). Only up to
    four names (edge_index's rows, a stacked q/k/v, a PackedSequence's four tensors): a longer unpacking is a state
    tuple of mixed things (`clm_state, wlm_state, logprobs, node, log_y, logprob = state`), whose items stay unknown."""
    if raw and isinstance(target, (cst.Tuple, cst.List)):
        rows = len(target.elements) <= MAX_UNPACKED_ROWS
        for element in target.elements:
            if rows and isinstance(element.value, cst.Name) and not isinstance(element, cst.StarredElement):
                frame.raw_params.add(element.value.value)
            else:
                for name in bound_names(element.value):
                    frame.env[name] = UNKNOWN
                    forget_contents(frame.env, name)


def _parameter_names(params: cst.Parameters) -> Set[str]:
    stars = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params, *stars]}


def _entry_like(node: cst.FunctionDef, cls: Optional[ClassInfo], imports: ImportTable) -> bool:
    """forward and torch.compile'd functions receive tensors in their positional parameters (not the forward of
    a torch.autograd.Function: `Fn.apply(x, dim)` passes what its callers pass, summaries.py decides)."""
    if cls is not None and node.name.value in ("forward", cls.method_aliases.get("forward")):  # or its alias
        return not any(base in AUTOGRAD_FUNCTIONS for base in cls.bases)
    return any(_decorator_name(d, imports) in ("torch.compile", "torch._dynamo.optimize") for d in node.decorators)


def _forget_draws(frame: _Frame) -> None:
    """Past a graph-break candidate a replayed draw reaches dynamo's resume function as the Python number it is:
    reading it there compiles (measured on 2.13)."""
    for key in [key for key in frame.env if key.startswith(draw_key(""))]:
        del frame.env[key]
        frame.env[key[len(draw_key("")):]] = NOT_TENSOR
    frame.draws_expire = False


def _grow_local_list(ctx: FileContext, frame: _Frame, node: cst.Call) -> None:
    """`out.append(v)`, `out.insert(i, v)`, `out.extend(vs)` on a local name: what its elements are (grow_list)."""
    func = node.func
    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name) or not node.args \
            or node.args[-1].keyword is not None or node.args[-1].star:
        return
    method, added = func.attr.value, node.args[-1].value
    if method in ("append", "insert"):
        grow_list(frame.env, func.value.value, ctx.raw_kind(added))
        grow_leading(frame.env, func.value.value, leading_kind(added, ctx.kind))
    elif method == "extend":
        grow_list(frame.env, func.value.value, ctx.inference.elements_kind(added, frame.env, frame.cls))
        grow_leading(frame.env, func.value.value, UNKNOWN)


def _bind(frame: _Frame, target: cst.BaseExpression, kind: Kind, element_kind: Kind = UNKNOWN,
          tensor_keys: frozenset = frozenset(), assumed: bool = False) -> None:
    bind_target(target, kind, frame.env, element_kind, tensor_keys, assumed)
    if frame.values:
        for name in bound_names(target):
            frame.values.pop(name, None)
    if frame.raw_params:
        frame.raw_params.difference_update(bound_names(target))
    if frame.unbound_params:
        frame.unbound_params.difference_update(bound_names(target))
    if frame.not_none:
        frame.not_none.difference_update(bound_names(target))
    if frame.aliases:
        for name in bound_names(target):
            frame.aliases.pop(name, None)
    if frame.resumed_inputs:
        block = tuple(id(s) for s in frame.statements[:-1])  # where the rebinding sits, not the statement itself
        for _, names in frame.resumed_inputs:
            for name in bound_names(target):
                if name in names:
                    names[name].append(block)


def _callable_elements(value: cst.BaseExpression) -> List[cst.BaseExpression]:
    """The elements of a list or tuple of named callables or of objects built in place (`[self.a, self.b]`,
    `[Block(d) for _ in range(n)]`): dynamo unrolls a loop over it and runs each element's call (measured on 2.13,
    reachw-2026-11-29w.md §3). Empty for anything else."""
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        elements = [value.elt]
    elif isinstance(value, (cst.List, cst.Tuple)) and all(isinstance(e, cst.Element) for e in value.elements):
        elements = [e.value for e in value.elements]
    else:
        return []
    named = all(dotted(e.func if isinstance(e, cst.Call) else e) is not None for e in elements)
    return elements if elements and named else []


def _callable_choices(value: cst.BaseExpression, claims: Callable[[cst.BaseExpression], Claims]
                      ) -> List[cst.BaseExpression]:
    """The branches of a conditional expression that picks between named callables (`self.a if c else self.b`,
    nested alike) that dynamo may take (not `self.slow if torch._C._get_tracing_state() else self.fast`'s first);
    empty when any such branch is something else (a call, a literal, a lambda)."""
    if not isinstance(value, cst.IfExp):
        return []
    decided = {truth for truth, unless in claims(value.test).items() if unless is None}
    choices: List[cst.BaseExpression] = []
    for branch in [branch for truth, branch in ((True, value.body), (False, value.orelse)) if not decided - {truth}]:
        if isinstance(branch, cst.IfExp):
            nested = _callable_choices(branch, claims)
            if not nested:
                return []
            choices += nested
        elif isinstance(branch, (cst.Name, cst.Attribute)) and dotted(branch) is not None:
            choices.append(branch)
        else:
            return []
    return choices


def _mask_value(ctx: FileContext, env: Dict[str, Kind], expr: cst.BaseExpression) -> bool:
    """A boolean tensor whenever it is a tensor: an elementwise comparison (or `~`/`&`/`|` of them), a name bound to
    one, a torch factory given `dtype=torch.bool` (or the builtin `bool`), `.bool()` of anything, or an in-place
    method of such a mask (`mask.fill_diagonal_(0)` returns the mask, its dtype kept)."""
    if is_mask_expression(expr):
        return True
    if isinstance(expr, cst.Name):
        return bool(env.get(mask_key(expr.value)))
    if not isinstance(expr, cst.Call):
        return False
    func = expr.func
    if isinstance(func, cst.Attribute) and in_place_method(func.attr.value):
        return _mask_value(ctx, env, func.value)
    if isinstance(func, cst.Attribute) and func.attr.value == "bool" and not expr.args:
        return True  # `t.bool()`, a random keep mask's `torch.gather(noise_mask, 1, ids).bool()`
    # the keyword first: this runs on every assignment, and most calls are given no dtype
    return any(a.keyword is not None and a.keyword.value == "dtype" and ctx.resolve(a.value) in BOOL_DTYPES
               for a in expr.args) and (ctx.resolve(func) or "").startswith("torch.")


def _local_alias(ctx: FileContext, frame: _Frame, value: cst.BaseExpression) -> Optional[str]:
    """What a local assigned `value` names when `value` is an imported or builtin name, or another such local
    (`as_int = int`, `emit = logger.info`): AliasTable.add_assignment, in a function."""
    spelled = dotted(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
    if spelled is None:
        return None
    head = spelled.partition(".")[0]
    if head in frame.aliases:
        return frame.aliases[head] + spelled[len(head):]
    if head in frame.env or head in ("self", "cls"):
        return None  # a parameter or local: a value, not a name of the module
    imports = ctx.imports
    if head in imports.aliases or (head in BUILTIN_FUNCTIONS and head not in imports.defined):
        return imports.qualify(spelled)
    return None


def _spelled_object(frame: _Frame, receiver: cst.BaseExpression) -> bool:
    """What FileContext.called_value can spell as a value: a local bound to one, an attribute of it, or `self.x`. The
    cheap test before a special method of the receiver is looked up (every subscript by a name, every `+=`)."""
    name = dotted(receiver)
    return name is not None and (name.partition(".")[0] in frame.values or name.startswith("self."))


# types whose instances are never tensors: a name `isinstance` finds one of these is none in that branch
NUMBER_TYPES = frozenset("int float bool complex str bytes list tuple dict set numbers.Number numbers.Real "
                         "numbers.Integral numbers.Complex".split())


def _not_tensor_branches(ctx: FileContext, test: cst.BaseExpression) -> List[Tuple[str, bool]]:
    """(name, True) where `test` holds only if `name` is no tensor (`not isinstance(t, torch.Tensor)`,
    `isinstance(t, (int, float))`, `not torch.is_tensor(t)`), (name, False) where it fails only then
    (`isinstance(t, torch.Tensor)`, `torch.is_tensor(t)`): in that branch dynamo never runs with a tensor there,
    since on a tensor the test is decided at trace time and the branch is dropped."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return [found for found in _not_tensor_branches(ctx, test.left) + _not_tensor_branches(ctx, test.right)
                if found[1]]
    negated = isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
    call = test.expression if negated else test
    typed = _type_of_name_among(ctx, test)
    if typed is not None:  # `type(shape) in (tuple, list)`, `type(n) is int`
        return [(typed, True)]
    if not (isinstance(call, cst.Call) and call.args and isinstance(call.args[0].value, cst.Name)):
        return []
    name, callee = call.args[0].value.value, ctx.resolve(call.func)
    if callee == "torch.is_tensor" and len(call.args) == 1:
        return [(name, negated)]
    if callee != "isinstance" or len(call.args) != 2:
        return []
    classes = call.args[1].value
    spelled = [ctx.resolve(element.value) for element in classes.elements] if isinstance(classes, cst.Tuple) \
        else [ctx.resolve(classes)]
    if "torch.Tensor" in spelled:
        return [(name, negated)]
    if not negated and spelled and all(one in NUMBER_TYPES for one in spelled):
        return [(name, True)]
    return []


def _tensor_unless(ctx: FileContext, test: cst.BaseExpression) -> List[str]:
    """The names `test` holds for exactly when one of them is no tensor: `not isinstance(e, torch.Tensor)`, `not
    torch.is_tensor(e)`, or an `or` of such. Past a guard that exits on it, each is a tensor."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        left, right = _tensor_unless(ctx, test.left), _tensor_unless(ctx, test.right)
        return left + right if left and right else []
    if not (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)):
        return []
    call = test.expression
    if not (isinstance(call, cst.Call) and call.args and isinstance(call.args[0].value, cst.Name)):
        return []
    callee = ctx.resolve(call.func)
    if callee == "torch.is_tensor" and len(call.args) == 1 or \
            callee == "isinstance" and len(call.args) == 2 and ctx.resolve(call.args[1].value) == "torch.Tensor":
        return [call.args[0].value.value]
    return []


def _beside_tensors_only(ctx: FileContext, expr: cst.BaseExpression, name: str) -> bool:
    """`name` takes part in `expr` only as an operand of arithmetic or comparisons that are tensors without it
    (`(ids == stop).all()`), or not at all: `mask.any()` or `torch.equal(a, ref)` on it are not."""
    frame = ctx.frame
    if frame is None:
        return False
    env = dict(frame.env)
    env[name] = NOT_TENSOR
    todo: List[cst.CSTNode] = [expr]
    while todo:
        node = todo.pop()
        children = list(child_nodes(node))
        if isinstance(node, cst.Comparison):
            operands = [node.left] + [c.comparator for c in node.comparisons]
        elif isinstance(node, cst.BinaryOperation):
            operands = [node.left, node.right]
        elif isinstance(node, cst.ComparisonTarget):
            operands = []  # its comparison judged it
        else:
            operands = children
        if any(isinstance(o, cst.Name) and o.value == name for o in operands):
            if operands is children or ctx.inference.kind(node, env, frame.cls) != TENSOR:
                return False
        todo.extend(children)
    return True


def _type_of_name_among(ctx: FileContext, test: cst.BaseExpression) -> Optional[str]:
    """`name` of `type(name) in (tuple, list)` or `type(name) is int` (`==` too), every type named a Python one."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Call)
            and ctx.resolve(test.left.func) == "type" and len(test.left.args) == 1
            and isinstance(test.left.args[0].value, cst.Name)):
        return None
    operator, types = test.comparisons[0].operator, test.comparisons[0].comparator
    if isinstance(operator, cst.In) and isinstance(types, (cst.Tuple, cst.List, cst.Set)):
        spelled = [ctx.resolve(element.value) for element in types.elements]
    elif isinstance(operator, (cst.Is, cst.Equal)):
        spelled = [ctx.resolve(types)]
    else:
        return None
    return test.left.args[0].value.value if spelled and all(one in NUMBER_TYPES for one in spelled) else None


def _narrow(frame: _Frame, name: str, sign: int) -> None:
    """Entering a branch where `name` is no tensor, or leaving it. A tensor the branch binds stays bound
    (`t = torch.tensor(t)`); anything else it binds (`pred = pred[0]` of a list) leaves the name as it was before:
    where it was a tensor, the branch never ran."""
    if sign > 0:
        frame.narrowed_saved.append(frame.env.get(name))
        frame.env[name] = NOT_TENSOR
        return
    before = frame.narrowed_saved.pop()
    if frame.env.get(name) is not TENSOR:
        if before is None:
            del frame.env[name]
        else:
            frame.env[name] = before


def _none_tested(test: cst.BaseExpression) -> Optional[Tuple[str, bool]]:
    """(name, True) for `name is None`, (name, False) for `name is not None`."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name) \
            and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)) \
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None":
        return test.left.value, isinstance(test.comparisons[0].operator, cst.Is)
    return None


def _assigned_never_none(ctx: FileContext, name: str, value: cst.BaseExpression, kind: AnyKind) -> bool:
    """`name = value` leaves name never None: value never is, or it is `X if name is None else name`."""
    if _never_none(ctx, value, kind) == "":
        return True
    tested = _none_tested(value.test) if isinstance(value, cst.IfExp) and value.test is not None else None
    if tested is None or tested[0] != name:
        return False
    computed, kept = (value.body, value.orelse) if tested[1] else (value.orelse, value.body)
    return isinstance(kept, cst.Name) and kept.value == name \
        and _never_none(ctx, computed, ctx.raw_kind(computed)) == ""


# builtins that call one special method of a project object: `len(cache)`, `float(noise_level)`
CONVERSION_METHODS = {"len": "__len__", "float": "__float__", "int": "__int__", "bool": "__bool__"}
# augmented assignments and the stem of the special methods they call: `o += v` is `o.__iadd__(v)`, else `o.__add__(v)`
INPLACE_OPERATORS = {cst.AddAssign: "add", cst.SubtractAssign: "sub", cst.MultiplyAssign: "mul",
                     cst.DivideAssign: "truediv", cst.FloorDivideAssign: "floordiv", cst.ModuloAssign: "mod",
                     cst.MatrixMultiplyAssign: "matmul", cst.PowerAssign: "pow", cst.BitAndAssign: "and",
                     cst.BitOrAssign: "or", cst.BitXorAssign: "xor", cst.LeftShiftAssign: "lshift",
                     cst.RightShiftAssign: "rshift"}
# builtins whose result is never None
NEVER_NONE_BUILTINS = NON_TENSOR_BUILTINS - {"print", "getattr"}


def _never_none(ctx: FileContext, value: cst.BaseExpression, kind: AnyKind) -> Optional[str]:
    """Whether an argument is never None (summaries.TensorFacts.given): "" for a literal, an operation, a size of a
    tensor, a tensor computed by torch; the name of the caller's parameter passed on unchanged (never None when the
    caller's own callers always pass it); "self.NAME" for an attribute of the method's instance (never None when
    the project stores only literals other than None in it: attributes.ConstantAttributes); None when it may be
    None. A bare local is not followed: a forward's parameter is taken for a tensor, yet its callers may pass None.
    `kind`: the argument's."""
    frame = ctx.frame
    attribute = is_self_attr(value) if frame is not None and frame.cls is not None else None
    if attribute is not None:
        return f"self.{attribute}"
    if isinstance(value, cst.Name):
        if value.value in ("True", "False") or frame is not None and value.value in frame.not_none:
            return ""
        return value.value if frame is not None and value.value in frame.unbound_params else None
    if isinstance(value, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
                          cst.FormattedString, cst.Tuple, cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp,
                          cst.SetComp, cst.GeneratorExp, cst.Lambda, cst.BinaryOperation, cst.Comparison,
                          cst.UnaryOperation)):
        return ""
    if isinstance(value, cst.Attribute):
        return "" if value.attr.value in NON_TENSOR_ATTRS and ctx.kind(value.value) == TENSOR else None
    if isinstance(value, cst.Subscript):  # x[0], x.shape[-1]
        base = value.value
        shape = isinstance(base, cst.Attribute) and base.attr.value == "shape"
        return "" if shape or ctx.kind(base) == TENSOR else None
    if isinstance(value, cst.Call):
        func = value.func
        if isinstance(func, cst.Attribute) and func.attr.value in NON_TENSOR_METHODS and ctx.kind(func.value) == TENSOR:
            return ""  # x.size(0), x.dim()
        name = ctx.resolve(func)
        if name in NEVER_NONE_BUILTINS or (name or "").startswith("torch.") and kind is TENSOR:
            return ""
    return None


def _returned_items(ctx: FileContext, value: Optional[cst.BaseExpression]) -> Optional[Tuple[AnyKind, ...]]:
    """The kind of each item of a returned tuple display (`return y0, t`); None for any other value."""
    if not isinstance(value, cst.Tuple) or any(isinstance(e, cst.StarredElement) for e in value.elements):
        return None
    return tuple(ctx.raw_kind(e.value) for e in value.elements)


def _bind_items(ctx: FileContext, frame: _Frame, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
    """`y0, t = check(y0, t)`: each name (or attribute of self) gets the kind of its item of what the helper returns,
    where that is a tensor (or a project-wide fact), unless the unpacking already knew every element is a tensor."""
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(value, cst.Call) \
            or any(not isinstance(e.value, cst.Name) and is_self_attr(e.value) is None for e in target.elements):
        return
    items = ctx.inference.item_kinds(value, len(target.elements), frame.env, frame.cls)
    for element, item in zip(target.elements, items or ()):
        # `self.mean, self.std = moments(x)`: the attribute holds its item until the function stores it again
        key = element.value.value if isinstance(element.value, cst.Name) else stored_key(is_self_attr(element.value))
        if (item is TENSOR or isinstance(item, Maybe)) and frame.env.get(key) is not TENSOR:
            frame.env[key] = item


def _displayed_kinds(ctx: FileContext, value: cst.BaseExpression) -> Optional[List[Kind]]:
    """The kind of each element of a tuple or list display without a starred element, else None."""
    if not isinstance(value, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in value.elements):
        return None
    return [ctx.raw_kind(e.value) for e in value.elements]


def _bind_displayed(frame: _Frame, target: cst.BaseExpression, displayed: Optional[List[Kind]]) -> None:
    """`exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]`: each name unpacked from a display of as
    many elements gets its own element's kind where that is a tensor (the whole display's element kind mixes them)."""
    if displayed is None or not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) != len(displayed) \
            or any(isinstance(e, cst.StarredElement) for e in target.elements):
        return
    for element, kind in zip(target.elements, displayed):
        if isinstance(element.value, cst.Name) and (kind is TENSOR or isinstance(kind, Maybe)):
            frame.env[element.value.value] = kind


def _bind_params(node: cst.FunctionDef, frame: _Frame, ctx: FileContext, entry_like: bool) -> None:
    params = node.params
    positional = list(params.posonly_params) + list(params.params)
    passed = ctx.argument_kinds.get(frame.returns_key or "", [])
    if passed and frame.cls is not None and positional and positional[0].name.value in ("self", "cls"):
        passed = [UNKNOWN] + passed  # self.method(a, b) passes a and b to the second and third parameters
    # a function with its own facts: its parameters' kinds can be decided from its call sites
    own = frame.returns_key is not None and frame.returns_key == frame.region_key
    # parameters taken as inputs where no size use says otherwise: no default, not the instance or class
    inputs = {p.name.value for i, p in enumerate(positional + list(params.kwonly_params)) if p.default is None
              and not (i == 0 and frame.cls is not None and p.name.value in ("self", "cls"))}
    sizes = _size_parameters(node, inputs, ctx.imports) if inputs and (own or entry_like) else set()
    if own:
        ctx.facts.functions[frame.returns_key].size_params = sorted(sizes)
        ctx.facts.functions[frame.returns_key].params = [(p.name.value, i < len(positional), p.default is not None)
                                                         for i, p in enumerate(positional + list(params.kwonly_params))]
        frame.unbound_params = {p.name.value for p in positional + list(params.kwonly_params)}
        frame.none_defaults = {p.name.value for p in positional + list(params.kwonly_params) if _is_none(p.default)}
        frame.literal_defaults = {p.name.value: truth for p in positional + list(params.kwonly_params)
                                  if (truth := _literal_truth(p.default)) is not None}
    for index, param in enumerate(positional + list(params.kwonly_params)):
        kind = annotation_kind(param.annotation, ctx.imports)
        declared = ctx.imports.resolve(param.annotation.annotation) if param.annotation is not None else None
        if declared in ctx.facts.classes:
            pass  # `state: _State`, an instance of a class of this file: unknown itself, its fields declared
        elif kind == UNKNOWN and not _may_annotate_a_tensor(param.annotation, ctx.imports):
            pass  # `batch_shape: Tuple[int, ...]` of forward: whatever is assumed of its other parameters
        elif kind == UNKNOWN:
            if index < len(passed) and index < len(positional) and passed[index] == TENSOR:
                kind = TENSOR  # every call site seen so far passes a tensor here
            elif entry_like and param.default is not None and _is_none(param.default) \
                    and optional_tensor(param.annotation, ctx.imports):
                kind = TENSOR  # `mask: Optional[Tensor] = None` of forward: a tensor wherever it is not None
                frame.raw_params.add(param.name.value)
            elif param.default is not None:
                default_kind = ctx.inference.kind(param.default, {})
                kind = NOT_TENSOR if default_kind == NOT_TENSOR and not _is_none(param.default) else UNKNOWN
            elif entry_like and param.name.value not in ("self", "cls") and param.name.value not in sizes:
                kind = TENSOR
                frame.raw_params.add(param.name.value)
            elif index == 0 and frame.cls is not None and param.name.value in ("self", "cls"):
                kind = NOT_TENSOR  # the instance (a module, `self.item()` is its own method) or the class
        if kind == NOT_TENSOR and own and declared == "float":
            # `sigma: float` says what the author meant, not what callers pass: a float for every check but those
            # that ask FileContext.float_formula (a sampler's step handed `sigmas[i]`)
            ctx.facts.functions[frame.returns_key].float_params.append(param.name.value)
        elif kind == UNKNOWN and own and (_may_annotate_a_tensor(param.annotation, ctx.imports)
                                        or _names_a_project_type(param.annotation, ctx.imports)
                                        or _bare_container(param.annotation, ctx.imports)):
            kind = Maybe.atom(("param", frame.returns_key, param.name.value))  # decided by its call sites
            alias = alias_atom(param.annotation, ctx.imports)
            if alias is not None:  # or by what the module it names binds the name to (`LongTensorType = Tensor`)
                kind = either(kind, alias)
            if declared is not None and isinstance(param.annotation.annotation, (cst.Name, cst.Attribute)):
                ctx.facts.functions[frame.returns_key].param_classes[param.name.value] = declared
        frame.env[param.name.value] = kind
        forget_contents(frame.env, param.name.value)
        if maps_to_tensors(param.annotation, ctx.imports):  # `param: dict[str, Tensor]`: its items are tensors
            frame.env[mapping_key(param.name.value)] = TENSOR
        if param.annotation is not None:
            frame.annotated.add(param.name.value)
            # a nested def shares its parent's values: its parameters are not written there
            declared_name = _declared_name(param.annotation.annotation, ctx.imports)
            declared_value = spell_value(declared_name, ctx.imports, ctx.module_names) \
                if declared_name is not None and kind != TENSOR and frame.returns_key is not None else None
            if declared_value is not None:  # `box: Boxes`: box.to_tensor() runs Boxes.to_tensor; so does an
                frame.values[param.name.value] = declared_value + "()"  # Optional[Boxes] wherever it is not None
        held = declared if declared in ctx.facts.classes else _held_class(param.annotation, ctx.imports)
        if held is not None:  # its fields: declared in this file's class, or stored by another file's (summaries)
            frame.env[instance_key(param.name.value)] = held
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            frame.env[star.name.value] = NOT_TENSOR  # *args is a tuple, **kwargs a dict


def _size_parameters(function: cst.FunctionDef, names: Set[str], imports: ImportTable) -> Set[str]:
    """Those of the parameters `names` that `function`'s own body (nested defs left out) passes as a size, alone or
    in a list or tuple display: an int there, whatever a forward's other parameters are assumed to be. So is a
    parameter read only as a shape (`N = shape[0]`, `B, N, _ = shape`) where one of those ints is passed as a size:
    a torch.Size (pelican's `get_edge_index_from_ptr(ptr, shape)` sizing `torch.zeros(N)`). Besides shape reads such
    a parameter may be read whole where a tuple serves as well as a tensor: compared by `==`/`!=`, or handed to a
    function or a method of self (SwinIR's `if self.input_resolution == x_size:`, `self.calculate_mask(x_size)`)."""
    found: Set[str] = set()
    reads: Dict[str, int] = {}  # parameter -> how often the body reads it
    shape_reads: Dict[str, int] = {}  # ... as `p[<int>]` or unpacked, or whole where a tuple serves too
    taken_from: Dict[str, str] = {}  # a local bound to an item of a parameter -> that parameter
    sized: Set[str] = set()  # names passed as sizes
    todo: List[cst.CSTNode] = list(child_nodes(function.body))
    while todo:
        node = todo.pop()
        node_type = type(node)  # identity tests: this walks every node of every function
        if node_type in _DEFINITIONS:
            continue
        # an attribute's name and a keyword are no reads of a parameter
        todo.extend([node.value] if node_type is cst.Attribute or node_type is cst.Arg else child_nodes(node))
        if node_type is cst.Name and node.value in names:
            reads[node.value] = reads.get(node.value, 0) + 1
        shape_item = _shape_item_of(node, names) if node_type is cst.Subscript else None
        if shape_item is not None:
            shape_reads[shape_item] = shape_reads.get(shape_item, 0) + 1
        if node_type is cst.Assign and len(node.targets) == 1:
            source = _shape_item_of(node.value, names) or (node.value.value if isinstance(node.value, cst.Name)
                                                           and node.value.value in names else None)
            target = node.targets[0].target
            if source is not None and isinstance(target, cst.Name) and not isinstance(node.value, cst.Name):
                taken_from[target.value] = source
            elif source is not None and isinstance(target, (cst.Tuple, cst.List)):
                shape_reads[source] = shape_reads.get(source, 0) + 1
                taken_from.update((e.value.value, source) for e in target.elements if isinstance(e.value, cst.Name))
        if node_type is cst.Comparison or node_type is cst.Call:
            for whole in _tuple_like_reads(node, names, imports):
                shape_reads[whole] = shape_reads.get(whole, 0) + 1
        if node_type is not cst.Call:
            continue
        name = imports.resolve(node.func) if isinstance(node.func, (cst.Name, cst.Attribute)) else None
        if name in TENSOR_OR_SIZE or (isinstance(node.func, cst.Attribute) and
                                      f".{node.func.attr.value}" in TENSOR_OR_SIZE):
            continue  # `tensor_split(x, indices)` takes an index tensor as well: no evidence of an int
        if name is not None and name.startswith("torch."):  # `torch.topk(x, k)`: its input is no size
            sizes = size_arguments(node, name)
        elif isinstance(node.func, cst.Attribute) and f".{node.func.attr.value}" in SIZES:
            sizes = size_arguments(node, f".{node.func.attr.value}")
        else:
            continue
        for size in sizes:
            elements = [e.value for e in size.elements] if isinstance(size, (cst.List, cst.Tuple)) else [size]
            sized.update(name for e in elements for name in _int_arithmetic_names(e))
    found.update(sized & names)
    found.update(p for name, p in taken_from.items() if name in sized and reads.get(p) == shape_reads.get(p))
    return found


def _int_arithmetic_names(size: cst.BaseExpression) -> List[str]:
    """The name a size is, or is computed from by arithmetic with int literals only (`n`, `n - 1`, `2 * n + 1`,
    `n // 2`): passed as a size, that name is an int as much as when it is passed alone."""
    if isinstance(size, cst.Name):
        return [size.value]
    if isinstance(size, cst.BinaryOperation):
        left, right = size.left, size.right
        if isinstance(right, cst.Integer):
            return _int_arithmetic_names(left)
        if isinstance(left, cst.Integer):
            return _int_arithmetic_names(right)
    return []


def _tuple_like_reads(node: cst.CSTNode, names: Set[str], imports: ImportTable) -> List[str]:
    """Those of `names` that `node` reads whole as a tuple could be read: an operand of a comparison by `==`/`!=`
    only, or an argument of a call to a function that is no torch function, or to a method of self."""
    if isinstance(node, cst.Comparison) and all(isinstance(t.operator, (cst.Equal, cst.NotEqual))
                                                for t in node.comparisons):
        operands = [node.left] + [t.comparator for t in node.comparisons]
    elif isinstance(node, cst.Call) and (
            isinstance(node.func, cst.Name) and (imports.resolve(node.func) or "").partition(".")[0] != "torch"
            or isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name)
            and node.func.value.value == "self"):
        operands = [a.value for a in node.args if not a.star]
    else:
        return []
    return [o.value for o in operands if isinstance(o, cst.Name) and o.value in names]


def _shape_item_of(expr: cst.CSTNode, names: Set[str]) -> Optional[str]:
    """`p` of `p[0]` or `p[-1]`, p one of `names`."""
    if not isinstance(expr, cst.Subscript) or not isinstance(expr.value, cst.Name) or expr.value.value not in names:
        return None
    return expr.value.value if isinstance(constant_index(expr), int) else None


def _names_a_project_type(annotation: Optional[cst.Annotation], imports: ImportTable) -> bool:
    """`t0: Optional[Scalar] = 0.` with `Scalar` imported from a project module: an alias we cannot see into
    (`Scalar = Union[float, Tensor]`), so what the callers pass decides (never assumed a tensor)."""
    if annotation is None:
        return False
    stack: List[cst.CSTNode] = [annotation.annotation]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Name, cst.Attribute)):
            spelled = dotted(node)
            name = imports.resolve(node) if spelled and spelled.partition(".")[0] in imports.aliases else None
            if name and name.partition(".")[0] not in NON_PROJECT_ROOTS | OTHER_TENSOR_LIBRARIES:
                return True
        stack.extend(child_nodes(node))
    return False


def _union_members(expr: cst.BaseExpression, imports: ImportTable) -> Optional[List[cst.BaseExpression]]:
    """The members of `A | B`, `Union[A, B]`, `Optional[A]` (A and None); None for an annotation that is no union."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return [expr.left, expr.right]
    if isinstance(expr, cst.Subscript) and imports.resolve(expr.value) in ("typing.Optional", "typing.Union"):
        parts = [element.slice.value for element in expr.slice if isinstance(element.slice, cst.Index)]
        if imports.resolve(expr.value) == "typing.Optional":
            parts.append(cst.Name("None"))
        return parts
    return None


def _declared_name(expr: cst.BaseExpression, imports: ImportTable) -> Optional[cst.BaseExpression]:
    """The name of the one class a parameter annotated `Block`, `Optional[Block]`, `Union[Block, None]` or
    `Block | None` holds an instance of wherever it is not None; None for any other annotation."""
    parts = _union_members(expr, imports)
    if parts is None:
        return expr if isinstance(expr, (cst.Name, cst.Attribute)) else None
    named = [part for part in parts if not _is_none(part)]
    if len(parts) != 2 or len(named) != 1 or not isinstance(named[0], (cst.Name, cst.Attribute)):
        return None
    # a project's class only: `Optional[Tensor]` is a tensor or None, no object whose methods the project defines
    return named[0] if _names_project_class(imports.resolve(named[0]) or "", imports) else None


def _held_class(annotation: Optional[cst.Annotation], imports: ImportTable) -> Optional[str]:
    """The class a parameter annotated with a name holds an instance of, as the file resolves it: `batch: NodeBatch`,
    a forward reference `encoding: 'EncodedTensors'`, `Optional[...]` of either; a name of the project only (torch's,
    numpy's or the standard library's are no holders of the project's tensors)."""
    expr = annotation.annotation if annotation is not None else None
    while expr is not None:
        if isinstance(expr, cst.SimpleString):
            try:
                expr = cst.parse_expression(expr.evaluated_value)
            except (cst.ParserSyntaxError, TypeError):
                return None
        elif isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) \
                and imports.resolve(expr.value) == "typing.Optional":
            expr = expr.slice[0].slice.value
        elif isinstance(expr, (cst.Name, cst.Attribute)):
            name = imports.resolve(expr) or ""
            return name if _names_project_class(name, imports) else None
        else:
            return None
    return None


def _names_project_class(name: str, imports: ImportTable) -> bool:
    """`name` (as the file resolves it) may be a class of the project: not torch's, numpy's or the standard
    library's."""
    return name in imports.local_names or "." in name and \
        name.partition(".")[0] not in NON_PROJECT_ROOTS | OTHER_TENSOR_LIBRARIES


def _may_annotate_a_tensor(annotation: Optional[cst.Annotation], imports: ImportTable) -> bool:
    """No annotation, or one that names a tensor type (`Optional[Tensor]`, `Tensor | None`): `Tuple[int, int]`
    says the parameter is no tensor, whatever its callers pass."""
    if annotation is None:
        return True
    stack: List[cst.CSTNode] = [annotation.annotation]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Name, cst.Attribute)) and annotation_kind(cst.Annotation(node), imports) == TENSOR:
            return True
        if isinstance(node, cst.SimpleString):
            return "Tensor" in node.value  # a forward reference
        stack.extend(child_nodes(node))
    return False


# Container annotations without their element types (`neighbors: List`): they say nothing of what the parameter holds
BARE_CONTAINERS = frozenset({"list", "tuple", "typing.List", "typing.Tuple", "typing.Sequence", "typing.Iterable",
                             "typing.Any", "collections.abc.Sequence", "collections.abc.Iterable"})


def _bare_container(annotation: Optional[cst.Annotation], imports: ImportTable) -> bool:
    """`List`, `Sequence`, `Any` with no element type: a helper's parameter so annotated takes what its calls pass
    (node.py's `_get_greater_neighbors(self, neighbors: List)` handed `nonzero(..., as_tuple=True)[0]`)."""
    return annotation is not None and isinstance(annotation.annotation, (cst.Name, cst.Attribute)) \
        and imports.resolve(annotation.annotation) in BARE_CONTAINERS


def optional_tensor(annotation: Optional[cst.Annotation], imports: ImportTable) -> bool:
    """`Optional[Tensor]`, `Union[Tensor, None]`, `Tensor | None`: a tensor or None, nothing else."""
    if annotation is None:
        return False
    expr = annotation.annotation
    if isinstance(expr, cst.SimpleString):
        try:
            expr = cst.parse_expression(expr.evaluated_value)
        except (cst.ParserSyntaxError, TypeError):
            return False
    parts = _union_members(expr, imports)
    if parts is None:
        return False
    kinds = [annotation_kind(cst.Annotation(part), imports) for part in parts]
    return len(parts) == 2 and TENSOR in kinds and any(isinstance(p, cst.Name) and p.value == "None" for p in parts)


def _is_none(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _literal_truth(expr: Optional[cst.BaseExpression]) -> Optional[bool]:
    """The truth of a literal default (`False`, `True`, `None`, `0`, `1.0`), None for anything else."""
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return expr.value == "True"
    if isinstance(expr, (cst.Integer, cst.Float)):
        return bool(expr.evaluated_value)
    return None


def _rebound_globally(text: Optional[str], name: str) -> bool:
    """A function of the file declares `global name` (it may set it at run time); True without the text."""
    return text is None or name in _declared_global(text)


@functools.lru_cache(maxsize=1)
def _declared_global(text: str) -> FrozenSet[str]:
    """The names of the file's `global` statements (lines starting with `global`), read once per file: a
    search per module constant made a file of 50,000 constants quadratic."""
    return frozenset(name for line in re.findall(r"^\s*global\b([^\n#]*)", text, re.M) for name in re.findall(r"\w+", line))


def _truth_claims(test: cst.BaseExpression, imports: ImportTable, known: Dict[str, object],
                  given: Tuple = (), owner: Optional[str] = None) -> Claims:
    """What `test` is while dynamo traces, when that is known without running anything (see Claims): a
    compile-time guard, a constant (`if False:`, `if TYPE_CHECKING:`), a name holding one of those (`known`:
    module constants -> bool, locals -> Claims), a call that may be a project's guard predicate, or `p is None` or
    `p` on a parameter not rebound yet (`given`: (function, those parameters, those whose default is None, the
    truth of those whose default is a literal)) that every compiled call may pass, or leave out, or `self.flag`
    and `self.flag is None` in a method of class `owner`, when the project only ever stores literals in `flag`."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return {not value: atom for value, atom in _truth_claims(test.expression, imports, known, given, owner).items()}
    if isinstance(test, cst.BooleanOperation):
        # `if not is_compiling() and verbose:` runs its body only in eager
        left, right = (_truth_claims(part, imports, known, given, owner) for part in (test.left, test.right))
        deciding = not isinstance(test.operator, cst.And)  # False decides `and`, True decides `or`
        claims: Claims = {}
        deciders = [side[deciding] for side in (left, right) if deciding in side]
        if deciders:  # either side deciding decides: unconditionally, or when one of their atoms holds
            claims[deciding] = None if None in deciders else _any_of(deciders)
        other = not deciding
        if other in left and other in right:  # the other value needs both sides
            atoms = {left[other], right[other]} - {None}
            claims[other] = (ALL_OF, *sorted(atoms, key=repr)) if len(atoms) == 2 else next(iter(atoms), None)
        return claims
    if isinstance(test, cst.Integer) or isinstance(test, cst.Name) and test.value in ("True", "False", "None"):
        return {test.value not in ("0", "False", "None"): None}
    if isinstance(test, cst.Name) and test.value in known:
        value = known[test.value]
        return value if isinstance(value, dict) else {bool(value): None}
    if given and isinstance(test, cst.Name) and test.value in given[1] and test.value in given[3]:
        # `if force_undirected:` on a parameter no compiled call passes: its default decides
        return {given[3][test.value]: ("absent", given[0], test.value)}
    if given and isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and isinstance(test.left, cst.Name) and test.left.value in given[1] \
            and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)) \
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None":
        # `num_nodes is None`: False while traced when every compiled call passes num_nodes a value, True when
        # none passes it and its default is None
        is_not = isinstance(test.comparisons[0].operator, cst.IsNot)
        claims = {is_not: ("given", given[0], test.left.value)}
        if test.left.value in given[2]:
            claims[not is_not] = ("absent", given[0], test.left.value)
        return claims
    if owner is not None:
        attribute = is_self_attr(test)
        if attribute is not None:
            return {True: (ATTRIBUTE_ATOM, owner, attribute, "truthy"),
                    False: (ATTRIBUTE_ATOM, owner, attribute, "falsy")}
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)) \
                and dotted(test.comparisons[0].comparator) == "None" \
                and (attribute := is_self_attr(test.left)) is not None:
            is_none = isinstance(test.comparisons[0].operator, cst.Is)
            return {is_none: (ATTRIBUTE_ATOM, owner, attribute, "none"),
                    not is_none: (ATTRIBUTE_ATOM, owner, attribute, "not-none")}
    if not isinstance(test, cst.Call):
        return {False: None} if imports.resolve(test) == "typing.TYPE_CHECKING" else {}
    name = imports.resolve(test.func)
    if name in KNOWN_GUARDS:
        return {KNOWN_GUARDS[name]: None}
    if name == "isinstance" and len(test.args) == 2 and not any(a.star or a.keyword for a in test.args):
        # `isinstance(edge_index, SparseTensor)`: False when the class is a placeholder no code can build
        cls = imports.resolve(test.args[1].value)
        return {False: (NO_INSTANCES, cls)} if cls is not None and _may_be_project_class(cls) else {}
    if name is not None and not test.args and _may_be_guard_predicate(name, test.func):
        return {True: (name, True), False: (name, False)}
    return {}


def _any_of(atoms: List[object]) -> object:
    """One atom, or the set of them (AnyOf) when any of several decides."""
    found = set()
    for atom in atoms:
        found |= atom if isinstance(atom, frozenset) else {atom}
    return next(iter(found)) if len(found) == 1 else frozenset(found)


# the roots of classes no project defines (an isinstance test of one is no placeholder test)
_LIBRARY_ROOTS = frozenset({"torch", "numpy", "typing", "collections", "numbers", "builtins", "abc", "enum"})


def _may_be_project_class(name: str) -> bool:
    """A class named so that the project may define it (not a builtin, nor one of a library dynamo traces)."""
    return name not in BUILTIN_NAMES and name.partition(".")[0] not in _LIBRARY_ROOTS \
        and not name.startswith(("self.", "cls."))


def _may_be_guard_predicate(name: str, func: cst.BaseExpression) -> bool:
    """A function called without arguments that the project may define as a guard predicate (guards.py)."""
    return name not in BUILTIN_NAMES and not name.startswith(("torch.", "self.", "cls.")) and name != "torch"


def _disabled_kind(node: cst.FunctionDef, imports: ImportTable) -> str:
    """"recursive" for @torch.compiler.disable, "frame" for disable(recursive=False), "" otherwise."""
    for decorator in node.decorators:
        expr = decorator.decorator
        if _decorator_name(decorator, imports) in DISABLE_FUNCTIONS:
            if isinstance(expr, cst.Call) and any(
                    a.keyword is not None and a.keyword.value == "recursive" and dotted(a.value) == "False"
                    for a in expr.args):
                return "frame"
            return "recursive"
    return ""


def _static_function(value: cst.BaseExpression, imports: ImportTable) -> Optional[str]:
    """index.static_function: `convert = staticmethod(to_list)` in a class body."""
    if not isinstance(value, cst.Call) or len(value.args) != 1 or value.args[0].keyword or value.args[0].star \
            or imports.resolve(value.func) != "staticmethod" or not isinstance(value.args[0].value, cst.Name):
        return None
    return imports.resolve(value.args[0].value)


def _unsubscripted(base: cst.BaseExpression) -> cst.BaseExpression:
    """A base class parametrized as a generic (`DecoderBase[State, Output]`) is that class: Python's
    `__mro_entries__` puts the unsubscripted class in the MRO, so its methods are the subclass's."""
    return base.value if isinstance(base, cst.Subscript) else base


def _class_info(node: cst.ClassDef, imports: ImportTable, inference: TensorInference,
                known: Optional[Dict[str, ClassInfo]] = None, registers: bool = True) -> ClassInfo:
    """`registers`: the file may register forward hooks (index.hook_scans)."""
    bases = (imports.resolve(_unsubscripted(a.value)) for a in node.bases)
    info = ClassInfo(name=node.name.value, bases=[b for b in bases if b],
                     dataclass_init=any(_decorator_name(d, imports) == "dataclasses.dataclass" and not (
                         isinstance(d.decorator, cst.Call) and any(
                             a.keyword is not None and a.keyword.value == "init" and dotted(a.value) == "False"
                             for a in d.decorator.args)) for d in node.decorators))
    for base in info.bases:  # what a base class of this file sets in its __init__, the subclass has too
        info.tensor_attrs |= TORCH_BASE_TENSORS.get(base, frozenset())
        inherited = (known or {}).get(base)
        if inherited is not None:
            info.tensor_attrs |= inherited.tensor_attrs
            info.non_tensor_attrs |= inherited.non_tensor_attrs
            info.mask_attrs |= inherited.mask_attrs
            info.numpy_scalar_attrs |= inherited.numpy_scalar_attrs
            info.inherit_submodules(inherited)
            info.containers.update(inherited.containers)
            info.callables.update(inherited.callables)
            info.positional_callables += inherited.positional_callables
    init_calls: Set[str] = set()
    methods: Dict[str, cst.FunctionDef] = {}
    for statement in node.body.body:
        if isinstance(statement, cst.FunctionDef):
            methods[statement.name.value] = statement
            info.methods.append(statement.name.value)
            info.method_aliases.pop(statement.name.value, None)  # a def after an alias rebinds the name
            info.class_values.pop(statement.name.value, None)
            if any(_decorator_name(d, imports) in PROPERTY_DECORATORS for d in statement.decorators):
                info.properties.append(statement.name.value)
            if statement.name.value == "__init__":
                init_calls = _scan_init(statement, info, imports, inference)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    if annotation_kind(small.annotation, imports) == TENSOR:
                        info.tensor_attrs.add(small.target.value)
                    if declares_bool_tensor(small.annotation, imports):
                        info.mask_attrs.add(small.target.value)
                elif isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name):
                    held = _static_function(small.value, imports)
                    if held is not None:
                        info.record_callable(small.targets[0].target.value, held, positional=True)
                    elif isinstance(small.value, cst.Name):
                        info.alias_method(small.targets[0].target.value, small.value.value)
                        info.bind_class_value(small.targets[0].target.value, small.value.value,
                                              imports.qualify(small.value.value))
                    elif isinstance(small.value, cst.Call) and len(small.value.args) >= 1 \
                            and all(a.keyword is not None for a in small.value.args[1:]) \
                            and isinstance(small.value.args[0].value, cst.Name) \
                            and imports.resolve(small.value.func) == PARTIALMETHOD:  # `pool_max = partialmethod(_pool)`
                        info.alias_method(small.targets[0].target.value, small.value.args[0].value.value)
    hook_scans(methods, init_calls, lambda method: _scan_hook_method(method, imports), info, registers)
    _agree_on_attributes(node, info, imports, inference)
    info.never_instantiated = _raising_init(node)
    info.stored_tensors = _stored_tensors(node, imports)
    return info


def _raising_init(node: cst.ClassDef) -> bool:
    """ClassInfo.never_instantiated: the class body defines `__init__`, whose first statement after a docstring
    raises an import error, and no `__new__`. (An abstract base that raises NotImplementedError may have subclasses
    outside the project.)"""
    methods = {s.name.value: s for s in node.body.body if isinstance(s, cst.FunctionDef)}
    init = methods.get("__init__")
    if init is None or "__new__" in methods or not isinstance(init.body, cst.IndentedBlock):
        return False
    body = [s for s in init.body.body if not (isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                                               and isinstance(s.body[0], cst.Expr)
                                               and isinstance(s.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))]
    if not body or not isinstance(body[0], cst.SimpleStatementLine) or not isinstance(body[0].body[0], cst.Raise):
        return False
    raised = body[0].body[0].exc
    return raised is not None and dotted(raised.func if isinstance(raised, cst.Call) else raised) in IMPORT_ERRORS


def _stored_tensors(node: cst.ClassDef, imports: ImportTable) -> Dict[str, bool]:
    """ClassInfo.stored_tensors (index._stored_tensors reads the same from the ast)."""
    methods = frozenset(s.name.value for s in node.body.body if isinstance(s, cst.FunctionDef) and s.returns is not None
                        and annotation_names_tensor(imports.resolve(s.returns.annotation)))
    stores: Dict[str, List[object]] = {}
    for statement in node.body.body:
        if isinstance(statement, cst.FunctionDef):
            _method_stores(statement, imports, stores)
        else:  # class attributes: `sigmas = None`
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]:
                for target, value in _stores(small):
                    for name in _store_names(target, "", stores):
                        stores[name].append(value if isinstance(target, cst.Name) else None)
    return stored_tensors(stores, lambda value, attrs: _strong_tensor(value, imports, methods, attrs))


def _method_stores(method: cst.FunctionDef, imports: ImportTable, stores: Dict[str, List[object]]) -> None:
    """The `self.attr = ...` stores of one method into `stores`; a parameter declared a tensor (`labels: Tensor`) and
    never rebound in the method is stored as one (True), as a setup method keeps its inputs (easyfsl's
    `self.support_labels = support_labels`)."""
    params = method.params
    declared = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
                if p.annotation is not None and annotation_names_tensor(imports.resolve(p.annotation.annotation))}
    smalls: List[cst.BaseSmallStatement] = []
    stack: List[cst.CSTNode] = [method.body]
    while stack:
        block = stack.pop()
        if isinstance(block, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            smalls.extend(block.body)
        elif not isinstance(block, (cst.FunctionDef, cst.ClassDef)):
            if declared and isinstance(block, (cst.For, cst.With)):  # `for labels in ...`, `with ... as labels`
                declared -= set(bound_names(block.target) if isinstance(block, cst.For) else
                                (n for item in block.items if item.asname for n in bound_names(item.asname.name)))
            stack.extend(nested_statements(block))
            stack.extend(getattr(block, "cases", ()))  # match statements
    if declared:
        declared -= {n for small in smalls for target in _rebound(small) for n in bound_names(target)}
    for small in smalls:
        for target, value in _stores(small):
            for attr in _store_names(target, "self.", stores):
                held = isinstance(value, cst.Name) and value.value in declared
                stores[attr].append(True if held else value if is_self_attr(target) else None)
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            _record_registered(small.value, stores)


def _rebound(small: cst.BaseSmallStatement) -> List[cst.BaseExpression]:
    """The targets a small statement binds, augmented assignments included."""
    if isinstance(small, cst.AugAssign):
        return [small.target]
    return [target for target, _ in _stores(small)]


def _stores(small: cst.BaseSmallStatement) -> List[Tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, value) of an assignment, one per target."""
    if isinstance(small, cst.Assign):
        return [(t.target, small.value) for t in small.targets]
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        return [(small.target, small.value)]
    return []


def _store_names(target: cst.BaseExpression, prefix: str, stores: Dict[str, List[object]]) -> List[str]:
    """The names (prefix "") or self attributes (prefix "self.") a target stores, each with its list in `stores`."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for e in target.elements for name in _store_names(e.value, prefix, stores)]
    spelled = dotted(target)
    if spelled is None or not spelled.startswith(prefix) or spelled.count(".") != prefix.count("."):
        return []
    name = spelled[len(prefix):]
    stores.setdefault(name, [])
    return [name]


def _record_registered(call: cst.Call, stores: Dict[str, List[object]]) -> None:
    """`self.register_buffer("name", t)`: a tensor stored (None registered: no evidence)."""
    if isinstance(call.func, cst.Attribute) and dotted(call.func.value) == "self" and len(call.args) >= 2 \
            and call.func.attr.value in ("register_buffer", "register_parameter") \
            and isinstance(call.args[0].value, cst.SimpleString):
        name = call.args[0].value.evaluated_value
        if isinstance(name, str):
            stores.setdefault(name, []).append(None if _is_none(call.args[1].value) else True)


def _strong_tensor(value: cst.BaseExpression, imports: ImportTable, methods: FrozenSet[str],
                   attrs: FrozenSet[str]) -> bool:
    """A stored value that is a tensor by strong evidence (tensor_names.stored_tensors; index._strong_tensor alike): a
    torch function's result, a parameter or buffer, a call of a method of the class declared to return a tensor, a
    tensor method of one, an item of one, arithmetic with one, a ternary of two; `self.a` for `a` in `attrs`."""
    if isinstance(value, cst.BinaryOperation):
        return _strong_tensor(value.left, imports, methods, attrs) or _strong_tensor(value.right, imports, methods, attrs)
    if isinstance(value, cst.UnaryOperation):
        return not isinstance(value.operator, cst.Not) and _strong_tensor(value.expression, imports, methods, attrs)
    if isinstance(value, cst.IfExp):
        return _strong_tensor(value.body, imports, methods, attrs) and _strong_tensor(value.orelse, imports, methods,
                                                                                      attrs)
    if isinstance(value, cst.Subscript):
        return _strong_tensor(value.value, imports, methods, attrs)
    if isinstance(value, cst.Attribute):
        return is_self_attr(value) in attrs
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    if isinstance(func, cst.Attribute) and dotted(func.value) == "self":
        return func.attr.value in methods
    if isinstance(func, cst.Attribute) and returns_tensor_method(func.attr.value) \
            and _strong_tensor(func.value, imports, methods, attrs):
        return True
    name = imports.resolve(func) or ""
    positional = sum(1 for a in value.args if a.keyword is None and not a.star)
    return name in PARAMETER_CLASSES or name.startswith("torch.") and name.count(".") == 1 \
        and torch_function_returns_tensor(name[len("torch."):], positional,
                                          {a.keyword.value for a in value.args if a.keyword is not None})


def _agree_on_attributes(node: cst.ClassDef, info: ClassInfo, imports: ImportTable, inference: TensorInference) -> None:
    """`self.x = ...` in every method of the class: `self.x` is a tensor when every assignment says so
    (`self.step_t = torch.tensor(...)` in a setup method), and not one any more when another method sets it
    to a plain value (`self.cache = None`) or a tensor (`self.count = x.sum()` after `self.count = 0`)."""
    assigned: Dict[str, List[AnyKind]] = {}
    held: Dict[str, Optional[str]] = {}  # attr -> the __init__ parameter every store of it holds (None: another value)
    for statement in node.body.body:
        if not isinstance(statement, cst.FunctionDef):
            continue
        # `ns_mesh: Optional[Tensor] = None` stored as `self.ns_mesh = ns_mesh`: a tensor wherever it is read as one
        env: Dict[str, AnyKind] = {p.name.value: TENSOR if optional_tensor(p.annotation, imports)
                                   else _declared_kind(p.annotation, imports)
                                   for p in (*statement.params.posonly_params, *statement.params.params,
                                             *statement.params.kwonly_params)}
        init = statement.name.value == "__init__"
        registered: List[str] = []
        for target, value in _self_assignments(statement.body, None if init else registered):
            attr = is_self_attr(target)
            if attr is not None:
                # `self.scale = None` in __init__, `self.scale = nn.Parameter(...)` in the setup method it calls
                kind = TENSOR if _makes_parameter(value, imports) else inference.kind(value, env, info)
                assigned.setdefault(attr, []).append(kind)
                param = value.value if init and isinstance(value, cst.Name) and value.value in env else None
                held[attr] = param if held.get(attr, param) == param else None
                if not init or not numpy_scalar_call(value, imports):
                    # set again outside __init__, or to something else (`self.hop = int(self.hop)`, a subclass's
                    # `self.hop = 4`): no longer known
                    info.numpy_scalar_attrs.discard(attr)
                if not init and kind == NOT_TENSOR:
                    info.tensor_attrs.discard(attr)
                elif not init and kind == TENSOR:
                    info.non_tensor_attrs.discard(attr)
        # `self.register_buffer("pows", ...)` in a setup method that __init__ calls: a tensor attribute too
        info.tensor_attrs.update(registered)
        info.non_tensor_attrs.difference_update(registered)
    for attr, kinds in assigned.items():
        if all(kind == TENSOR for kind in kinds) and attr not in info.submodules:
            info.tensor_attrs.add(attr)
        elif len(set(kinds)) == 1 and _alias_name(kinds[0]) is not None and attr not in info.submodules:
            info.alias_attrs[attr] = _alias_name(kinds[0])
    init = next((s for s in node.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
    bound = _bindings(init).counts if init is not None and any(held.values()) else {}
    info.param_attrs = {attr: param for attr, param in held.items() if param is not None and bound.get(param) == 2}


def _declared_kind(annotation: Optional[cst.Annotation], imports: ImportTable) -> AnyKind:
    """What an annotation says a parameter is, an alias another module of the project binds included."""
    kind = annotation_kind(annotation, imports)
    return (alias_atom(annotation, imports) or kind) if kind == UNKNOWN else kind


def _alias_name(kind: AnyKind) -> Optional[str]:
    """The name of tensors.alias_atom's one atom, or None for any other kind."""
    atoms = [atom for term in kind.terms for atom in term] if isinstance(kind, Maybe) and len(kind.terms) == 1 else []
    return atoms[0][1] if len(atoms) == 1 and atoms[0][0] == "alias" else None


def _makes_parameter(value: cst.BaseExpression, imports: ImportTable) -> bool:
    """`nn.Parameter(...)`, `nn.Buffer(...)`: a tensor, whatever its arguments are."""
    return isinstance(value, cst.Call) and imports.resolve(value.func) in PARAMETER_CLASSES


def _self_assignments(block: cst.BaseSuite, registered: Optional[List[str]] = None
                      ) -> List[Tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, value) of the single-target assignments among a method's statements, nested blocks included
    (statements only, never expressions or nested functions: cheap on long methods). Given `registered`, the
    names of the tensors the statements register (`self.register_buffer("name", t)`) are added to it."""
    found: List[Tuple[cst.BaseExpression, cst.BaseExpression]] = []
    stack: List[cst.CSTNode] = [block]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleStatementLine):
            for small in node.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1:
                    found.append((small.targets[0].target, small.value))
                elif isinstance(small, cst.AnnAssign) and small.value is not None:
                    found.append((small.target, small.value))
                elif registered is not None and isinstance(small, cst.Expr):
                    name = _registered_tensor(small.value)
                    if name is not None:
                        registered.append(name)
        elif isinstance(node, (cst.IndentedBlock, cst.If, cst.For, cst.While, cst.With, cst.Try, cst.Else,
                               cst.ExceptHandler, cst.Finally)):
            stack.extend(nested_statements(node))
    return found


def _registered_tensor(call: cst.BaseExpression) -> Optional[str]:
    """The attribute `self.register_buffer("name", t)` / `register_parameter` sets, unless what it registers is None."""
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) or dotted(call.func.value) != "self" \
            or call.func.attr.value not in ("register_buffer", "register_parameter") or len(call.args) < 2 \
            or not isinstance(call.args[0].value, cst.SimpleString) or _is_none(call.args[1].value):
        return None
    name = call.args[0].value.evaluated_value
    return name if isinstance(name, str) else None


def nested_statements(node: cst.CSTNode) -> List[cst.CSTNode]:
    """The statements and blocks right under a block or compound statement (libcst's `children` runs a
    visitor over every node, whitespace included: slow on big methods)."""
    found: List[cst.CSTNode] = []
    for name in ("body", "orelse", "handlers", "finalbody"):
        value = getattr(node, name, None)
        if _IS_NODE[type(value)]:
            found.append(value)
        elif type(value) in (list, tuple):
            found.extend(value)
    return found


def statements_under(root: cst.CSTNode, into_definitions: bool = True) -> Iterator[cst.CSTNode]:
    """Every statement under `root`: compound ones and the small statements of simple lines, without walking
    into expressions (assignments, returns and `del` are never inside one). Nested functions and classes are
    yielded; their bodies are walked only `into_definitions`."""
    stack: List[cst.CSTNode] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleStatementLine):
            stack.extend(node.body)
            continue
        if node is not root:
            yield node
            if not into_definitions and isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                continue
        stack.extend(nested_statements(node))
        stack.extend(getattr(node, "cases", ()))  # a match statement's cases hold blocks too


def _scan_init(init: cst.FunctionDef, info: ClassInfo, imports: ImportTable, inference: TensorInference) -> Set[str]:
    """`self.x = ...`, `register_buffer` and module containers in __init__ tell what `self.x` is in forward. Returns
    the methods it calls on self."""
    called: Set[str] = set()
    env: Dict[str, Kind] = {}
    for param in (*init.params.posonly_params, *init.params.params, *init.params.kwonly_params):
        kind = annotation_kind(param.annotation, imports)
        if kind == UNKNOWN and param.default is not None and not _is_none(param.default):
            kind = inference.kind(param.default, {})
        env[param.name.value] = kind
    local_lists: Dict[str, List[str]] = {}  # layers.append(Block()) ... nn.Sequential(*layers)
    # containers and what they are built from, resolved once every local list is known
    pending: List[Tuple[str, List[cst.BaseExpression]]] = []
    aliases = _local_class_aliases(init.body, imports, set(env))
    made = _local_instances(init.body, set(env))
    defaults = _named_defaults(init, imports)
    aliases.update((name, classes) for name, classes in ((name, _class_alternatives(default, imports))
                                                         for name, default in defaults.items()) if classes)
    defaults = {name: d for name, d in defaults.items() if project_name(imports, imports.resolve(d))}
    declared, declared_elements = _declared_classes(init, imports)
    stack: List[cst.CSTNode] = [init.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and _held_parameter(node.value) in declared \
                and is_self_attr(node.targets[0].target) is not None:
            info.declared[is_self_attr(node.targets[0].target)] = declared[_held_parameter(node.value)]
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and is_self_attr(node.targets[0].target) is not None:
            wrapped = _wrapped_sequence(node.value, imports)
            if wrapped in declared_elements:
                info.declared_elements[is_self_attr(node.targets[0].target)] = declared_elements[wrapped]
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and isinstance(node.value, (cst.List, cst.Tuple, cst.ListComp)):  # a plain list of modules
            local_lists.setdefault(node.targets[0].target.value, []).extend(
                _element_classes([node.value], imports, local_lists))
        if isinstance(node, cst.Call) and (helper := _hook_helper(node, imports)) is not None:
            info.hook_helpers.append(helper)
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            _record_self_attr(node.targets[0].target, _made_value(node.value, made, defaults), info, imports,
                              inference, env, pending, aliases)
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            _record_self_attr(node.target, _made_value(node.value, made, defaults), info, imports, inference, env,
                              pending, aliases)
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            method, receiver = node.func.attr.value, node.func.value
            if dotted(receiver) == "self" and method in ("register_buffer", "register_parameter") \
                    and node.args and isinstance(node.args[0].value, cst.SimpleString):
                info.tensor_attrs.add(node.args[0].value.evaluated_value)
            elif method in FORWARD_HOOK_REGISTRATIONS:
                _record_hook(node, info.hooks, imports, env.keys())
            elif method in ("append", "extend", "insert", "add_module"):
                # `attn = Head(...)` then `self.heads.append(attn)`: the call the local holds
                elements = _element_classes([_made_value(a.value, made, defaults) for a in node.args[-1:]], imports,
                                            {})
                attr = is_self_attr(receiver)
                if attr is not None:
                    info.containers.setdefault(attr, []).extend(elements)
                elif isinstance(receiver, cst.Name):
                    local_lists.setdefault(receiver.value, []).extend(elements)
            if isinstance(receiver, cst.Name) and receiver.value == "self":
                called.add(method)
        stack.extend(child_nodes(node))
    for attr, values in pending:
        elements = _element_classes(values, imports, local_lists)
        if elements:
            info.containers.setdefault(attr, []).extend(elements)
    return called


def _record_hook(call: cst.Call, hooks: List[str], imports: ImportTable, params: AbstractSet[str]) -> None:
    """`<module>.register_forward(_pre)_hook(hook)`: index.hook_fact of the hook, unwrapped from a `functools.partial`;
    a hook a factory makes (`self._make_hook(name)`) is recorded as the factory's."""
    if not call.args or call.args[0].keyword is not None or call.args[0].star != "":
        return
    hook, made = call.args[0].value, False
    if isinstance(hook, cst.Call) and imports.resolve(hook.func) in PARTIAL_FUNCTIONS:
        hook = hook.args[0].value if hook.args else None
    elif isinstance(hook, cst.Call):  # a factory's closure
        hook, made = hook.func, True
    fact = hook_fact(dotted(hook), imports.resolve(hook), params, made) if hook is not None else None
    if fact:
        hooks.append(fact)


def _hook_helper(call: cst.Call, imports: ImportTable) -> Optional[str]:
    """`attach_lib(self)`, `hooks_lib.attach(self.backbone)`: index.hook_helper of the call."""
    return hook_helper(imports.resolve(call.func), [dotted(arg.value) for arg in call.args], imports)


def _scan_hook_method(method: cst.FunctionDef, imports: ImportTable) -> Tuple[List[str], List[str], Set[str]]:
    """The forward hooks a method registers (`self._register()` from __init__), the project functions it hands self
    to, and the methods it calls on self (index.hook_scans): dynamo traces the hooks as it traces those __init__
    registers (reachx-2026-11-30x.md §1). Of a module-level function: the hooks it registers (FunctionFacts.hooks)."""
    params = {p.name.value for p in (*method.params.posonly_params, *method.params.params,
                                     *method.params.kwonly_params)} - {"self"}
    hooks: List[str] = []
    helpers: List[str] = []
    called: Set[str] = set()
    stack: List[cst.CSTNode] = [method.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in FORWARD_HOOK_REGISTRATIONS:
                _record_hook(node, hooks, imports, params)
            elif isinstance(node.func, cst.Attribute) and dotted(node.func.value) == "self":
                called.add(node.func.attr.value)
            elif (helper := _hook_helper(node, imports)) is not None:
                helpers.append(helper)
        stack.extend(child_nodes(node))
    return hooks, helpers, called


def _element_classes(values: Sequence[cst.BaseExpression], imports: ImportTable,
                     local_lists: Dict[str, List[str]]) -> List[str]:
    """Classes of the modules a container is built from: Block(), [Block() for _ in ...], *layers, {k: Block()}."""
    found: List[str] = []
    stack: List[cst.BaseExpression] = list(values)
    while stack:
        expr = stack.pop()
        if isinstance(expr, cst.Call):
            callee = imports.resolve(expr.func)
            if callee and callee.rsplit(".", 1)[-1][:1].isupper() and callee not in CONTAINER_CLASSES:
                found.append(callee)
        elif isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
            stack.extend(e.value for e in expr.elements)
        elif isinstance(expr, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
            stack.append(expr.elt)
        elif isinstance(expr, cst.DictComp):
            stack.append(expr.value)
        elif isinstance(expr, cst.Dict):
            stack.extend(e.value for e in expr.elements if isinstance(e, cst.DictElement))
        elif isinstance(expr, cst.StarredElement):
            stack.append(expr.value)
        elif isinstance(expr, cst.Name):
            found.extend(local_lists.get(expr.value, ()))
    return found


def _local_class_aliases(body: cst.BaseSuite, imports: ImportTable, params: Set[str]) -> Dict[str, List[str]]:
    """`rnn = nn.GRU if kind == "gru" else nn.LSTM` in __init__: the classes a local name may hold, when every value
    bound to it is a class (a later `self.rnn = rnn(...)` is then one of them)."""
    aliases: Dict[str, List[str]] = {}
    spoiled: Set[str] = set(params)
    for target, value in _self_assignments(body):
        if not isinstance(target, cst.Name):
            spoiled.update(bound_names(target))
            continue
        classes = _class_alternatives(value, imports)
        if classes is None:
            spoiled.add(target.value)
        else:
            aliases.setdefault(target.value, []).extend(classes)
    return {name: classes for name, classes in aliases.items() if name not in spoiled}


def _local_instances(body: cst.BaseSuite, params: Set[str]) -> Dict[str, cst.Call]:
    """`group = SE3()` then `self.group = group` in __init__: the call a local name holds, where that assignment is
    the name's only binding (so `self.group` is what the call made, as if assigned directly)."""
    calls: Dict[str, cst.Call] = {}
    spoiled: Set[str] = set(params)
    for target, value in _self_assignments(body):
        if isinstance(target, cst.Name) and isinstance(value, cst.Call) and target.value not in calls:
            calls[target.value] = value
        else:
            spoiled.update(bound_names(target))
    return {name: call for name, call in calls.items() if name not in spoiled}


def _made_value(value: cst.BaseExpression, made: Dict[str, cst.Call],
                defaults: Dict[str, cst.BaseExpression]) -> cst.BaseExpression:
    if isinstance(value, cst.Name):
        return made.get(value.value) or defaults.get(value.value) or value
    return value


def _named_defaults(init: cst.FunctionDef, imports: ImportTable) -> Dict[str, cst.BaseExpression]:
    """`norm_layer=nn.LayerNorm`, `fn=default_fn` in __init__'s signature, the parameter never rebound in __init__:
    what it holds where the caller leaves it out, a name (of a class or function, as the file resolves it). In
    __init__ a call of it reads as a call of that name where the name is a class (`self.norm = norm_layer(dim)` builds
    an nn.LayerNorm), and the parameter itself as that name where the project defines it (index.project_name:
    `self.fn = fn` holds default_fn; `self.dtype = dtype` with `dtype=torch.float32` holds nothing known). A `None`
    default holds nothing."""
    rebound = {name for target, _ in _self_assignments(init.body) for name in bound_names(target)}
    return {param.name.value: param.default for param in (*init.params.params, *init.params.kwonly_params)
            if isinstance(param.default, (cst.Name, cst.Attribute)) and param.name.value not in rebound
            and dotted(param.default) not in ("None", "True", "False") and imports.resolve(param.default)}


def _wrapped_sequence(value: cst.BaseExpression, imports: ImportTable) -> Optional[str]:
    """`nn.ModuleList(blocks)` / `nn.Sequential(*blocks)`: the name of the one argument
    (ClassInfo.declared_elements)."""
    if not isinstance(value, cst.Call) or len(value.args) != 1 or value.args[0].keyword is not None:
        return None
    container = imports.resolve(value.func)
    if container not in CONTAINER_CLASSES or container.endswith("ModuleDict"):
        return None
    return value.args[0].value.value if isinstance(value.args[0].value, cst.Name) else None


def _held_parameter(value: cst.BaseExpression) -> Optional[str]:
    """The name an assignment stores unchanged, or unless it is None: `p`, `p if p is not None else Default()`,
    `p or Default()` (ClassInfo.declared: the caller's object, of the annotated class or any project subclass)."""
    if isinstance(value, cst.Name):
        return value.value
    if isinstance(value, cst.IfExp) and isinstance(value.body, cst.Name) and value.body.value in _names_in(value.test):
        return value.body.value
    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) and isinstance(value.left, cst.Name):
        return value.left.value
    return None


def _names_in(test: cst.BaseExpression) -> Set[str]:
    if isinstance(test, cst.Comparison):
        test = test.left
    return {test.value} if isinstance(test, cst.Name) else set()


def _declared_classes(init: cst.FunctionDef, imports: ImportTable) -> Tuple[Dict[str, str], Dict[str, str]]:
    """`encoder: AbsEncoder`, `normalize: Optional[AbsNormalize] = None` in __init__'s signature, the parameter never
    rebound in __init__: the project class it names (ClassInfo.declared); and the class of a sequence's elements
    (`blocks: list[Block]`, `Sequence[Block]`, `tuple[Block, ...]`: ClassInfo.declared_elements)."""
    rebound = {name for target, _ in _self_assignments(init.body) for name in bound_names(target)}
    found: Dict[str, str] = {}
    elements: Dict[str, str] = {}
    for param in (*init.params.params, *init.params.kwonly_params):
        if param.annotation is None or param.name.value in rebound:
            continue
        spelled = param.annotation.annotation
        if isinstance(spelled, cst.Subscript) and imports.resolve(spelled.value) == "typing.Optional" \
                and len(spelled.slice) == 1 and isinstance(spelled.slice[0].slice, cst.Index):
            spelled = spelled.slice[0].slice.value
        elif isinstance(spelled, cst.BinaryOperation) and isinstance(spelled.operator, cst.BitOr) \
                and _is_none(spelled.right):
            spelled = spelled.left
        for held, spelling in ((found, spelled), (elements, _sequence_element(spelled, imports))):
            name = imports.resolve(spelling) if isinstance(spelling, (cst.Name, cst.Attribute)) else None
            if name and name.rsplit(".", 1)[-1][:1].isupper() and project_name(imports, name):
                held[param.name.value] = name
    return found, elements


def _sequence_element(spelled: cst.BaseExpression, imports: ImportTable) -> Optional[cst.BaseExpression]:
    """X of `list[X]`, `Sequence[X]`, `tuple[X, ...]`."""
    if not isinstance(spelled, cst.Subscript) or imports.resolve(spelled.value) not in SEQUENCE_ANNOTATIONS \
            or not all(isinstance(element.slice, cst.Index) for element in spelled.slice):
        return None
    items = [element.slice.value for element in spelled.slice]
    if len(items) == 2 and isinstance(items[1], cst.Ellipsis):
        return items[0]
    return items[0] if len(items) == 1 else None


def _class_alternatives(value: cst.BaseExpression, imports: ImportTable) -> Optional[List[str]]:
    """The classes `A`, `A if c else B` (nested too) names, or None when a branch is not a class."""
    if isinstance(value, cst.IfExp):
        body, orelse = _class_alternatives(value.body, imports), _class_alternatives(value.orelse, imports)
        return None if body is None or orelse is None else body + orelse
    name = imports.resolve(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
    return [name] if name and name.rsplit(".", 1)[-1][:1].isupper() else None


def _record_nested_submodule(target, value, info: ClassInfo, imports: ImportTable) -> None:
    """`self.dec_rnn = nn.Module()` then `self.dec_rnn.lstm = nn.LSTM(...)` (weights named as in another library): the
    class of the module one level down, under the key "dec_rnn.lstm"."""
    name = dotted(target)
    if name and name.startswith("self.") and name.count(".") == 2 and isinstance(value, cst.Call):
        callee = imports.resolve(value.func) or ""
        if callee.rsplit(".", 1)[-1][:1].isupper():
            info.record_submodule(name[len("self."):], [callee])


def _record_self_attr(target, value, info: ClassInfo, imports: ImportTable, inference: TensorInference, env,
                      pending: List[Tuple[str, List[cst.BaseExpression]]],
                      aliases: Optional[Dict[str, List[str]]] = None) -> None:
    attr = is_self_attr(target)
    if attr is None:
        _record_nested_submodule(target, value, info, imports)
        return
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in (aliases or {}):
        info.record_submodule(attr, aliases[value.func.value])
        return
    if isinstance(value, (cst.List, cst.Tuple)):  # self.processors = [Penalty(1.2), TopP(0.9)]: called in a loop
        pending.append((attr, [value]))
    if isinstance(value, cst.Name) and value.value not in env:  # blocks = [Block() for ...]; self.blocks = blocks
        pending.append((attr, [value]))
    if isinstance(value, cst.Call):
        callee = imports.resolve(value.func) or ""
        last = callee.rsplit(".", 1)[-1]
        if callee in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
            info.tensor_attrs.add(attr)
            return
        if callee in CONTAINER_CLASSES:
            pending.append((attr, [a.value for a in value.args]))
        if callee in PARTIAL_FUNCTIONS and value.args and value.args[0].keyword is None:
            function = imports.resolve(value.args[0].value)
            if function:
                info.record_callable(attr, function, all(a.keyword is not None for a in value.args[1:]))
            return
        if last[:1].isupper() and callee not in VALUE_CLASSES:
            info.record_submodule(attr, [callee])
            return
    if numpy_scalar_call(value, imports):
        info.numpy_scalar_attrs.add(attr)
        return
    if isinstance(value, (cst.Name, cst.Attribute)) and is_self_attr(value) is None \
            and not (isinstance(value, cst.Name) and value.value in env):
        function = imports.resolve(value)  # self.act = helper (a parameter of __init__ is unknown)
        if function:
            info.record_callable(attr, function, True)
    kind = inference.kind(value, env)
    if kind == TENSOR:
        info.tensor_attrs.add(attr)
    elif kind == NOT_TENSOR:
        info.non_tensor_attrs.add(attr)


def lint_module(
    path: str,
    module: cst.Module,
    checks: Sequence[Type[Check]],
    module_name: str = "",
    is_package: bool = False,
    text: Optional[str] = None,
    reached: Optional[Set[str]] = None,
) -> FileResult:
    """`text`: the source `module` was parsed from, when the caller has it (positions are cheaper).
    `reached`: see FileContext.finish (None: every candidate)."""
    ctx = FileContext(path, module, module_name, is_package, text)
    _Walker(ctx, [check(ctx) for check in checks]).walk(module)
    return ctx.finish(reached)


def _restore_names(frame: Optional[_Frame], saved: List[List[Tuple[str, Optional[Kind]]]]) -> None:
    """Give the frame back the kinds its names had before a lambda's or comprehension's own bound them."""
    if frame is not None and saved:
        for name, kind in saved.pop():
            if kind is None:
                frame.env.pop(name, None)
            else:
                frame.env[name] = kind
