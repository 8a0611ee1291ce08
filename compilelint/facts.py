"""Plain per-file facts the project-wide analyses need: classes, functions, calls, compile sites.

They are JSON-friendly so a file's facts can be cached with its findings. Names in them are as the
file's import table resolves them: qualified for imported names ("pkg.layers.Block"), as spelled for
the file's own definitions ("Block"). Only `ProjectIndex` (project.py) joins them across files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple, Union

# Kinds of call records (FunctionFacts.calls):
#   ("self", "m")        self.m(...) or cls.m(...): a method, or the forward of a submodule attribute
#   ("super", "m")       super().m(...)
#   ("name", "pkg.f")    a call of (or a reference to) a plain name: function, class, module-level binding
#   ("self_item", "xs")  an element of the container attribute self.xs called: self.xs[i](...), for b in self.xs: b(...)
#   ("self_item", "xs.m") method m of an element of self.xs called: for b in self.xs: b.m(...)
#   ("attr", "p")        self.p read without a call: reaches p when it is a @property; ("attr", "V.p") the same
#                        read of a local holding value V (below): `ei = EdgeIndex(...)`, then `ei.is_sorted`
#   ("value", "V")       a call of an object the caller made or looked up, spelled as a value (below):
#                        solver.integrate(t) with solver = SOLVERS[m](...) -> "pkg.SOLVERS[]().integrate"
#   ("method", "m")      obj.m(...) on a parameter or local of unknown class: may run the project's methods named m
CALL_KINDS = ("self", "super", "name", "self_item", "attr", "value", "method")
# bases of a torch.autograd.Function: `Fn.apply(x)` runs its forward (traced by dynamo), ctx first
AUTOGRAD_FUNCTIONS = frozenset({"torch.autograd.Function", "torch.autograd.function.Function"})
# torch modules whose forward breaks inside torch, whatever the inputs: the CTC loss sizes its alignment table by the
# longest target (GB0036). Called straight from a project module's forward, the break is reported at the line that
# called that project module (reachw-2026-11-29w.md §2)
BREAKS_INSIDE_TORCH_MODULES = frozenset({"torch.nn.CTCLoss", "torch.nn.modules.loss.CTCLoss"})
# numba's decorators replace the function by a dispatcher (or ufunc, or C callback) whose Python body dynamo never
# traces: nothing inside it is compiled (reachx-2026-11-30x.md §2)
NUMBA_COMPILERS = frozenset(f"numba.{name}" for name in ("njit", "jit", "vectorize", "guvectorize", "cfunc",
                                                         "generated_jit", "stencil", "cuda.jit"))
# those whose call from compiled code breaks at the call, whether numba compiled the kernel yet or not (GB0156 for
# njit / jit / guvectorize, GB0006 for vectorize; measured on 2.13 with numba 0.68.1, numpy and Python arguments)
NUMBA_CALLED_BREAKS = frozenset(f"numba.{name}" for name in ("njit", "jit", "vectorize", "guvectorize"))

# Values (call records of kind "value", FunctionFacts.returned, ClassInfo.attribute_values): a dotted name
# as the file resolves it ("pkg.Block", "self.transform"; a local stands for the value it was assigned),
# then postfix steps: "()" the result of calling it, "[]" any element of it (a module-level registry),
# ".attr" an attribute of it. "pkg.select()()" is an object made by calling what `select()` returns.

# Kinds of module-level bindings (FileFacts.bindings): name -> (kind, target as resolved in the file)
#   "instance"  name = Target(...)            (an object built from a class, maybe a project nn.Module)
#   "compile"   name = torch.compile(target)  (calling name runs target compiled)
#   "disable"   name = torch.compiler.disable(target)
#   "alias"     name = target / functools.partial(target, ...)


@dataclass
class FunctionFacts:
    qualname: str  # "func", "Class.method", "outer.inner" (a nested function with its own decorator)
    line: int
    class_name: Optional[str] = None
    decorators: List[str] = field(default_factory=list)
    # the decorators written without arguments (`@traced`, not `@traced(...)`): a project class there binds the
    # function's name to an instance of it, whose __call__ runs on every call
    bare_decorators: List[str] = field(default_factory=list)
    calls: List[Tuple[str, str]] = field(default_factory=list)
    # calls made only where dynamo never traces if a project function is a compile-time guard: (call record,
    # its guard atoms, engine.GuardAtom); they join `calls` project-wide when none of the atoms holds (guards.py)
    guarded_calls: List[Tuple[Tuple[str, str], Tuple[Tuple[str, bool], ...]]] = field(default_factory=list)
    # "" not disabled; "recursive" @torch.compiler.disable; "frame" disable(recursive=False): only this frame
    disabled: str = ""
    # a generator function (a `yield` in its own body): wrapped by a grad-mode decorator (`@torch.no_grad()`), torch's
    # wrapper hands its end on as a StopIteration raised in the mode's `with` block, which dynamo cannot handle (CL162);
    # wrapped by `@torch.set_grad_enabled(mode)`, its first step breaks, where a plain function's call does (CL164)
    generator: bool = False
    # calls that may make a project function's generator, which this function keeps alive across a graph break it
    # resumes after (bound, then a break before its loop or the call it is handed to; or handed to a call that breaks):
    # call records, CL177 (conditions: "generator-alive-at-break")
    alive_generators: List[Tuple[str, str]] = field(default_factory=list)
    # Summaries for the project-wide tensor facts (summaries.py); formulas as in tensors.Formula.
    # parameters: (name, positional, has a default), in order
    params: List[Tuple[str, bool, bool]] = field(default_factory=list)
    # parameters annotated with one plain name (`mode: InterpolationMode`), as the file's imports resolve it: where
    # that is a project class, an entry point's input is an instance of it, not a tensor (summaries)
    param_classes: Dict[str, str] = field(default_factory=dict)
    returns: tuple = ()  # when what it returns is a tensor (every return statement)
    # when what it returns is a boolean tensor: every return a comparison (`return random < p_accept`), or `~`, `&`,
    # `|` of comparisons, of tensors
    returns_mask: tuple = ()
    # when every return is a tuple display of one length (`return y0, t, shapes`): when each item is a tensor
    return_items: tuple = ()
    # calls of functions that may be the project's: (call record, positional argument formulas,
    # (keyword, formula) pairs, opaque: arguments unknowable (*args, **kwargs, a function passed on),
    # (position or keyword, "" or the caller's parameter passed on) of the arguments never None (engine._never_none),
    # (position or keyword, "plain" known not a tensor / "tensor" a tensor the caller computes) of the others)
    call_args: List[Tuple[Tuple[str, str], tuple, tuple, bool, tuple, tuple]] = field(default_factory=list)
    # what it returns, as values (`return Block(...)`, `return Euler`, `-> Block`), where the value is
    # a project class, function or registry as far as the file can tell (an import, a module-level name, self)
    returned: List[str] = field(default_factory=list)
    # its body only raises (`raise NotImplementedError`): an abstract stub, whose overrides say what a call returns
    only_raises: bool = False
    # its body only defines and returns functions, at every level of nesting but the innermost (`def wrapper(...):
    # ...; return wrapper`): as a decorator, all of it that runs on a call of the decorated function is the wrapper
    only_defines: bool = False
    # a module-level function's forward hook registrations on a module it is handed (`def attach_lib(model):
    # model.head.register_forward_hook(lib_hook)`), as ClassInfo.hooks spells them (index.hook_fact)
    hooks: List[str] = field(default_factory=list)
    # local lambdas (`interp = lambda t: self._interp(t0, t)`) used only by calls and as positional arguments:
    # what each call passes (name, positional argument formulas), and the calls it is handed to (name, call
    # record, position): their parameters take what the lambda's callers pass (summaries: "lambda" atoms)
    lambdas: List[str] = field(default_factory=list)
    lambda_calls: List[Tuple[str, tuple]] = field(default_factory=list)
    # parameters its own body passes as a size (`x.reshape(b, h, w)`, `torch.broadcast_to(t, [b, h, 3])`): ints,
    # so an entry point's input there is no tensor (engine._size_parameters)
    size_params: List[str] = field(default_factory=list)
    # parameters annotated `float`: an entry point is called with a float there; a helper's take what its compiled
    # callers pass, which may be a tensor the annotation does not admit (a sampler's `sigma: float` given `sigmas[i]`)
    float_params: List[str] = field(default_factory=list)
    lambda_passes: List[Tuple[str, Tuple[str, str], int]] = field(default_factory=list)
    # plain names only handed to calls as values, never called here (`find_modules(model, Block)`): a class
    # among them is named, not built, so its __init__ is not reached through this function
    handed_names: List[str] = field(default_factory=list)
    # parameters used only as callees (`interp_fn(t_mid)`): what each call passes (parameter, argument formulas)
    param_calls: List[Tuple[str, tuple]] = field(default_factory=list)
    # what it hands to `torch.utils.checkpoint.checkpoint` as the function to run, as call records
    # (`checkpoint(block, x)` in `for block in self.blocks`: ("self_item", "blocks")): dynamo traces that code as a
    # higher-order op, where changing state from outside it breaks (CL171)
    checkpointed: List[Tuple[str, str]] = field(default_factory=list)
    # objects it hands to calls that may be the project's: (call record, position or keyword, the argument as a value
    # (`P()`, `REGISTRY[name]()`), or "param:NAME" for its own parameter NAME passed on): what a parameter a callee
    # stores on self may hold (ClassInfo.stored_params; `attn.set_processor(LoggingProcessor())`)
    passed_values: List[Tuple[Tuple[str, str], Union[int, str], str]] = field(default_factory=list)


@dataclass
class ClassInfo:
    name: str
    bases: List[str] = field(default_factory=list)  # qualified names
    methods: List[str] = field(default_factory=list)
    properties: List[str] = field(default_factory=list)  # methods decorated with @property / cached_property
    # name -> method of the class body bound to it there after its def (`forward = _forward_impl`): calling
    # instance.name runs that method
    method_aliases: Dict[str, str] = field(default_factory=dict)
    # decorated @dataclass (not init=False): `dataclasses` writes an `__init__` that calls its `__post_init__`
    dataclass_init: bool = False
    # its `__init__` raises an import error before doing anything (a placeholder for an optional dependency that is
    # missing, like a graph library's `SparseTensor` without torch-sparse) and it defines no `__new__`: no instance
    # of it exists
    never_instantiated: bool = False
    submodules: Dict[str, str] = field(default_factory=dict)  # attr -> qualified class name
    # attr -> every class __init__ binds it to: several when paths differ (`nn.GRU` in one branch, a cell in another,
    # or `rnn = nn.GRU if gru else nn.LSTM; self.rnn = rnn(...)`)
    submodule_classes: Dict[str, Set[str]] = field(default_factory=dict)
    # attr -> class names of the elements of an nn.ModuleList / nn.Sequential / nn.ModuleDict attribute
    containers: Dict[str, List[str]] = field(default_factory=dict)
    # attr -> the project class an __init__ parameter is annotated with, stored unchanged (`self.encoder = encoder`
    # with `encoder: AbsEncoder` or `Optional[AbsEncoder]`): an instance of that class or of any project subclass
    declared: Dict[str, str] = field(default_factory=dict)
    # attr -> the project class of the elements of an annotated __init__ parameter wrapped in a container
    # (`self.blocks = nn.ModuleList(blocks)` with `blocks: list[Block]`): instances of it or of project subclasses
    declared_elements: Dict[str, str] = field(default_factory=dict)
    # attr -> function name: `self.act = functools.partial(helper, ...)` / `self.act = helper` in __init__
    callables: Dict[str, str] = field(default_factory=dict)
    # those of the callables a call passes its positional arguments to unchanged (`self.act = helper`, a partial
    # that binds keywords only)
    positional_callables: List[str] = field(default_factory=list)
    tensor_attrs: Set[str] = field(default_factory=set)  # buffers, parameters, tensors set in __init__
    non_tensor_attrs: Set[str] = field(default_factory=set)  # ints, floats, flags set in __init__
    # attributes every method stores from a parameter annotated by a name another module of the project binds
    # (`rel: LongTensorType`): attr -> that name, qualified; a tensor if the name is torch's tensor type (summaries)
    alias_attrs: Dict[str, str] = field(default_factory=dict)
    # fields the class body declares boolean tensors (`mask: Bool[Tensor, "b n"]` of a NamedTuple): `x[inp.mask]`
    # reads through a boolean mask
    mask_attrs: Set[str] = field(default_factory=set)
    # numpy scalars set in __init__ (`self.hop = np.prod(rates)`): a constant where read, but Python arithmetic or a
    # comparison with one is traced as a numpy array, a 0-d tensor of the graph (tensors.numpy_scalar_call)
    numpy_scalar_attrs: Set[str] = field(default_factory=set)
    # attr -> the parameter of the class's own __init__ it holds (`self.drop_prob = drop_prob`, the only store of it
    # in the class, the parameter never rebound): a numpy scalar where every construction passes one (summaries:
    # "numpy" atoms), a comparison with it then a data-dependent branch
    param_attrs: Dict[str, str] = field(default_factory=dict)
    # attr -> values assigned to `self.attr` in any method (as FunctionFacts.returned): what self.attr may hold
    attribute_values: Dict[str, List[str]] = field(default_factory=dict)
    # name -> the name a statement of the class body binds it to when that is no method of the class (`struct =
    # LinearChain`): what `self.struct` holds on an instance of the class, or of a subclass that binds it so
    class_values: Dict[str, str] = field(default_factory=dict)
    # attr -> (method qualname, parameter) of each method storing a parameter of its own unchanged (`def
    # set_processor(self, processor): self.processor = processor`, `self.act = act if act is not None else ...`):
    # self.attr may hold whatever the callers of that method pass there (FunctionFacts.passed_values)
    stored_params: Dict[str, List[Tuple[str, str]]] = field(default_factory=dict)
    # attr -> whether every store of it in the class's own code is a tensor by strong evidence (`self.attr = ...` in a
    # method, `self.register_buffer("attr", ...)`, `attr = ...` in the class body; tensor_names.stored_tensors): what
    # the methods of a subclass in another file read (summaries: "attr" atoms)
    stored_tensors: Dict[str, bool] = field(default_factory=dict)
    # functions __init__ (or a method it calls on self, at any depth) registers as forward (pre-)hooks of self, of a
    # submodule or of each of `self.modules()` (`self.register_forward_hook(announce)`, `self.head.register_forward_pre_hook(
    # partial(check, k=1))`), `self.m` for a bound method, `make_hook()` for the closure a factory makes: they run in
    # every call of the module (index.hook_fact)
    hooks: List[str] = field(default_factory=list)
    # project functions __init__ (or a method it calls on self) hands self or a submodule to (`attach_lib(self)`): the
    # hooks they register on it (FunctionFacts.hooks) run in every call of the module, as its own do
    hook_helpers: List[str] = field(default_factory=list)
    # method -> the hooks it (or a method it calls on self) registers, for the methods __init__ never calls: user code
    # calling one on the instance before compiling (`m.setup_hooks()`) makes them run in every call of the module
    method_hooks: Dict[str, List[str]] = field(default_factory=dict)

    def record_submodule(self, attr: str, classes: List[str]) -> None:
        """`self.attr = Cls(...)` in __init__ (`classes`: what a local alias of classes may be; the last one wins)."""
        self.submodules[attr] = classes[-1]
        self.submodule_classes.setdefault(attr, set()).update(classes)

    def inherit_submodules(self, base: "ClassInfo") -> None:
        self.submodules.update(base.submodules)
        self.submodule_classes.update(base.submodule_classes)
        self.declared.update(base.declared)

    def alias_method(self, name: str, target: str) -> None:
        """`name = target` in the class body: an alias when `target` is a method defined above it (or an alias)."""
        target = self.method_aliases.get(target, target)
        if target in self.methods and name != target:
            self.method_aliases[name] = target

    def bind_class_value(self, name: str, value: str, qualified: str) -> None:
        """`name = value` in the class body, `value` a bare name (`qualified`: as the file's imports resolve it): a
        class-level value unless it aliases a method."""
        if name in self.method_aliases or value in self.methods:
            self.class_values.pop(name, None)
        else:
            self.class_values[name] = qualified

    def record_callable(self, attr: str, function: str, positional: bool) -> None:
        """`self.attr = function` in __init__, or a partial of it (`positional`: one that binds keywords only)."""
        self.callables[attr] = function
        if positional and attr not in self.positional_callables:
            self.positional_callables.append(attr)
        elif not positional and attr in self.positional_callables:
            self.positional_callables.remove(attr)


def fits_items(items: Sequence[object], count: Optional[int], index: int) -> bool:
    """Whether a function's returned tuple items (FunctionFacts.return_items) answer for an unpacking of its result into
    `count` names, or, count None, for its item `index` (`h(x)[-1]`: a tuple of any length that has it)."""
    return len(items) == count if count is not None else -len(items) <= index < len(items)


@dataclass
class FileFacts:
    path: str
    module: str
    classes: Dict[str, ClassInfo] = field(default_factory=dict)
    functions: Dict[str, FunctionFacts] = field(default_factory=dict)
    # (what is passed to torch.compile, as resolved in the file: a function, a class, "Class.method"; line)
    compile_sites: List[Tuple[str, int]] = field(default_factory=list)
    # process-wide dynamo settings this file applies: (setting, value) in source order (dynamo_config.py)
    dynamo_settings: List[Tuple[str, Any]] = field(default_factory=list)
    imports: Dict[str, str] = field(default_factory=dict)  # local name -> qualified name
    bindings: Dict[str, Tuple[str, str]] = field(default_factory=dict)  # see the binding kinds above
    # module-level registries of callables: `SOLVERS = {"rk4": RK4, ...}` / a list / a tuple -> member names
    registries: Dict[str, List[str]] = field(default_factory=dict)
    # module-level names bound to a value dynamo guards by value (bool, number, str, None, tuple, container)
    guarded_globals: List[str] = field(default_factory=list)
    # other modules' globals this file changes (CL210): (qualified name, "=" / key / ".method", function or "",
    # in a loop)
    global_writes: List[Tuple[str, str, str, bool]] = field(default_factory=list)
    # module-level functions whose every return is a call without arguments (or `bool()` of one, or a ternary of
    # such values) or `False`, and module-level names bound to functions (`getattr(torch.compiler, "is_compiling",
    # None) or ...`): name -> the functions whose result calling it returns (as resolved in the file), an `or`/`and`
    # of two such as ("or", (left, right)); guards.py decides project-wide which are compile-time guards
    guard_returns: Dict[str, List[Union[str, tuple]]] = field(default_factory=dict)
    # a file known from the index only: the qualified imported names under which it may change another module's
    # global (`flags.MODE = 1` after `from pkg import flags`: "pkg.flags"); a parsed file has its global_writes
    global_write_prefixes: List[str] = field(default_factory=list)
    # facts from the ast index alone (index.py): no call records until the file is parsed
    indexed: bool = False
    # functions decorated with `torch._dynamo.config.patch(...)`: qualname -> the settings it patches
    dynamo_patches: Dict[str, List[Tuple[str, Any]]] = field(default_factory=dict)
