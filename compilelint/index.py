"""The cheap project index: a file's facts from CPython's `ast` (a fifth of a libcst parse), so that files
holding no compiled code are never parsed with libcst.

`index_file` gives the engine's FileFacts (imports, classes, functions, module-level bindings, lines) from
a walk over statements only, with two differences that the pre-filter allows for:
  * no call records (nor `handed_names`, which qualify them, nor `checkpointed`): a function the project-wide
    solve reaches gets its file parsed, and the solve runs again with that file's exact calls, until no reached
    function is left in an indexed-only file;
  * the tensor kinds of class attributes (`tensor_attrs`, `non_tensor_attrs`, `param_attrs`, `alias_attrs`) and the
    functions' tensor summaries (`params`, `size_params`, `float_params`, `returns`, `return_items`, `call_args`, the
    lambda and parameter calls) are left empty: only the file's own walk reads the first, and the project-wide
    tensor facts (summaries.py) read the second of compiled functions and of what they call, which are parsed.
What the index does not reproduce makes the file one that is always parsed (`Index.triggers`, read as
supersets from the text): compile calls (compile sites, compile bindings, call-site rules), dynamo config
settings, and training loops (rules reported outside compiled code). A write to an imported name's attribute
or item (CL210's facts) is parsed only once compiled code reads a global the file may change
(`FileFacts.global_write_prefixes`, linter._write_files).
"""

from __future__ import annotations

import ast
import bisect
import functools
import importlib
import builtins
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import AbstractSet, Callable, Dict, FrozenSet, Iterable, List, NamedTuple, Optional, Set, Tuple

from compilelint.facts import ClassInfo, FileFacts, FunctionFacts
from compilelint.tensor_names import (PARAMETER_CLASSES, VALUE_CLASSES, annotation_names_tensor, data_words,
                                      returns_tensor_method, stored_tensors, torch_function_returns_tensor)

COMPILE_FUNCTIONS = frozenset({"torch.compile", "torch._dynamo.optimize"})
DISABLE_FUNCTIONS = frozenset({"torch.compiler.disable", "torch._dynamo.disable", "torch._disable_dynamo"})
PARTIAL_FUNCTIONS = frozenset({"functools.partial"})
PARTIALMETHOD = "functools.partialmethod"
CONTAINER_CLASSES = frozenset(
    f"torch.nn.{name}" for name in ("ModuleList", "Sequential", "ModuleDict", "modules.container.ModuleList",
                                    "modules.container.Sequential", "modules.container.ModuleDict")
)
# annotations of a sequence of one class (`list[Block]`, `Sequence[Block]`, `tuple[Block, ...]`)
SEQUENCE_ANNOTATIONS = frozenset({"list", "tuple", "typing.List", "typing.Tuple", "typing.Sequence", "typing.Iterable",
                                  "collections.abc.Sequence", "collections.abc.Iterable"})
# Methods that return the module they are called on: `Net().to(device).eval()` is still a Net.
SELF_RETURNING_METHODS = frozenset("to cuda cpu eval train half float double bfloat16 requires_grad_ share_memory".split())
PROPERTY_DECORATORS = frozenset({"property", "functools.cached_property"})
# grad-mode context managers used as decorators: on a generator function torch wraps each step of it in the mode
GRAD_MODE_DECORATORS = frozenset(f"{module}.{mode}" for module in ("torch", "torch.autograd", "torch.autograd.grad_mode")
                                 for mode in ("no_grad", "enable_grad", "inference_mode"))
# `@torch.set_grad_enabled(mode)`: its wrapper makes a new set_grad_enabled at each call (or first step of a generator),
# a call dynamo skips
GRAD_SETTERS = frozenset(f"{module}.set_grad_enabled"
                         for module in ("torch", "torch.autograd", "torch.autograd.grad_mode"))
# module methods whose function argument runs in every call of the module (the engine's and the index's _scan_init)
FORWARD_HOOK_REGISTRATIONS = frozenset({"register_forward_hook", "register_forward_pre_hook"})


def hook_fact(spelled: Optional[str], resolved: Optional[str], params: AbstractSet[str],
              made: bool = False) -> Optional[str]:
    """What `<module>.register_forward(_pre)_hook(hook)` in __init__, or in a method __init__ calls on self, records in
    ClassInfo.hooks (the engine's and the index's _record_hook; `hook` unwrapped from a `functools.partial`): `self.m`
    for a bound method of the instance, else the function's resolved name; with `made`, the hook is what that
    factory returns (`self._make_hook(name)`), recorded as `self._make_hook()`. The module is self, a submodule or one
    of `self.modules()`: dynamo traces a hook on any of them inline in the compiled forward (reachw-2026-11-29w.md,
    reachx-2026-11-30x.md). A parameter's value is not known."""
    head, _, rest = (spelled or "").partition(".")
    if head == "self":
        fact = spelled if rest and "." not in rest else None
    else:
        fact = resolved if spelled and head not in params else None
    return f"{fact}()" if fact and made else fact


# text a file registering forward hooks holds: without it, no method but those __init__ calls is scanned for hooks
HOOK_REGISTRATION_TEXT = "register_forward"


def hook_helper(resolved: Optional[str], handed: List[Optional[str]], table: "AliasTable") -> Optional[str]:
    """What a call in __init__ (or in a method it calls on self) records in ClassInfo.hook_helpers (the engine's and
    the index's scans): the project function called (`attach_lib`, `hooks_lib.attach`) when an argument (`handed`,
    each spelled or None) is self or an attribute of self. The hooks it registers on that module run in every call
    of the module (FunctionFacts.hooks), as those __init__ registers itself do. Any name but torch's and the builtins
    (`super(Net, self)`, `isinstance(self, ...)`) is kept: a sibling module of a flat folder is the project's too.
    The regions look the name up."""
    if resolved is None or resolved.partition(".")[0] in NOT_HOOK_HELPERS:
        return None
    return resolved if any(spelled == "self" or (spelled or "").startswith("self.") for spelled in handed) else None


def hook_scans(methods: Dict[str, object], init_calls: AbstractSet[str],
               scan: Callable[[object], Tuple[List[str], List[str], Set[str]]], info: ClassInfo,
               every_method: bool) -> None:
    """ClassInfo.hooks, hook_helpers and method_hooks from the methods of a class body (the engine's and the index's
    _class_info), `scan` giving one method's hooks, helpers and the methods it calls on self (their
    _scan_hook_method). The hooks and helpers of every method that __init__ reaches through calls on self, at any
    depth, are the instance's. With `every_method` (the file registers hooks somewhere), those of each other method
    (with the methods it calls on self) are kept by method: user code may call it on the instance before compiling
    (`m.setup_hooks()`). Measured traced, all of them (reachx-2026-11-30x.md §1, reachy-2026-11-30y.md §3)."""
    scans: Dict[str, Tuple[List[str], List[str], Set[str]]] = {}

    def reached(start: Iterable[str]) -> List[str]:
        seen: List[str] = []
        queue = [name for name in start if name in methods and name != "__init__"]
        while queue:
            name = queue.pop()
            if name in seen:
                continue
            seen.append(name)
            if name not in scans:
                scans[name] = scan(methods[name])
            queue += [called for called in scans[name][2] if called in methods and called != "__init__"]
        return seen

    chain = reached(init_calls)
    for name in chain:
        info.hooks += scans[name][0]
        info.hook_helpers += scans[name][1]
    if every_method:
        for name in methods:
            if name not in chain and name != "__init__":
                hooks = [hook for called in reached([name]) for hook in scans[called][0]]
                if hooks:
                    info.method_hooks[name] = hooks


BUILTIN_NAMES = frozenset(dir(builtins))
# heads of names a call handing self to them never registers hooks with (hook_helper)
NOT_HOOK_HELPERS = frozenset({"torch", *BUILTIN_NAMES})
BUILTIN_FUNCTIONS = frozenset(name for name in BUILTIN_NAMES if not name.startswith("_")
                              and callable(getattr(builtins, name)))  # print, int, ... (not None, __name__)
# standard-library modules whose `from M import *` we expand (their names matter to rules: floor, random, time)
STAR_MODULES = frozenset("math cmath random time warnings copy pdb".split())

# Why a file must be parsed whatever the regions say (see the module docstring).
COMPILE = "compile"  # torch.compile / optimize / `.compile()`: compile sites and call-site rules
DYNAMO_CONFIG = "dynamo-config"  # torch._dynamo.config settings and TORCHDYNAMO_* environment defaults
TRAINING_LOOP = "training-loop"  # a loop calling .backward()/.step(): rules on the training loop
# A write to an imported name's attribute or item: CL210's facts. Not a reason to parse by itself: the file's
# `FileFacts.global_write_prefixes` say which globals it may change, and the linter parses it once compiled code
# reads one of those (linter._write_files).
GLOBAL_WRITE = "global-write"
# Rules reported outside compiled code (`Check.anywhere`), and the trigger that any finding of theirs
# needs: a file without it cannot hold one. A rule missing here turns the pre-filter off.
ANYWHERE_TRIGGERS = {
    "CL206": COMPILE, "CL207": COMPILE, "CL209": COMPILE, "CL301": COMPILE, "CL302": COMPILE, "CL305": COMPILE,
    "CL306": COMPILE, "CL307": COMPILE,
    "CL303": DYNAMO_CONFIG, "CL401": TRAINING_LOOP,
}
# Triggers that change the facts themselves: such a file is parsed whatever rules are enabled.
FACT_TRIGGERS = frozenset({COMPILE, DYNAMO_CONFIG})
# CL210's mutating methods (checks/global_changed_at_run_time.MUTATORS), called on a dotted name
_MUTATOR_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?:\s*\.\s*[A-Za-z_]\w*)*\s*\.\s*(?:update|append|extend|insert|pop|"
                           r"popitem|clear|setdefault|add|remove|discard)\s*\(")
STEP_METHODS = frozenset({"backward", "step"})
# Compile-time guards: qualified name -> what a call returns while dynamo traces (each checked under dynamo
# 2.13: tests/test_guards.py). A branch that needs the other value is never traced.
KNOWN_GUARDS = {
    **dict.fromkeys(("torch.compiler.is_compiling", "torch._dynamo.is_compiling", "torch.compiler.is_dynamo_compiling",
                     "torch._dynamo.external_utils.is_compiling", "torch._utils.is_compiling",
                     # libraries' own wrappers of torch.compiler.is_compiling (for code that imports them)
                     "transformers.utils.is_torchdynamo_compiling",
                     "transformers.utils.import_utils.is_torchdynamo_compiling",
                     "torch_geometric.is_compiling", "torch_geometric._compile.is_compiling"), True),
    **dict.fromkeys(("torch.jit.is_scripting", "torch.jit.is_tracing", "torch._jit_internal.is_scripting",
                     "torch.jit._trace.is_tracing",
                     # other captures: torch.export, FX symbolic tracing, ONNX export; never torch.compile
                     "torch.compiler.is_exporting", "torch.fx._symbolic_trace.is_fx_tracing",
                     "torch.onnx.is_in_onnx_export",
                     # the TorchScript tracer's state (nn.Module._call_impl picks _slow_forward on it): None
                     "torch._C._get_tracing_state"), False),
}


# Method names too common to tell whose method a call of one runs (besides the framework's, see
# data/framework_method_names.txt): what many unrelated classes of any project define.
GENERIC_METHOD_NAMES = frozenset(
    "call run step reset build init setup process compute evaluate predict fit transform sample encode decode "
    "load save close open read write start stop log info warning debug error flush send receive handle "
    "visit parse render show plot summary describe validate check prepare configure initialize finalize "
    "get_config from_config create make generate".split()
)


def distinctive_method_name(name: str) -> bool:
    """A method name that tells whose method `obj.name(...)` runs: the project's own, not a dunder, a method of
    torch's, numpy's or the builtin types, or a generic verb (regions.methods_named)."""
    return not (name.startswith("__") and name.endswith("__")) and name not in GENERIC_METHOD_NAMES \
        and name not in data_words("framework_method_names.txt")


@dataclass
class Index:
    facts: FileFacts
    triggers: Set[str] = field(default_factory=set)


def dotted(expr: ast.AST) -> Optional[str]:
    """`a.b.c` -> "a.b.c", as names.dotted does on libcst (where True, False and None are Names too)."""
    parts = []
    while type(expr) is ast.Attribute:
        parts.append(expr.attr)
        expr = expr.value
    if type(expr) is ast.Name:
        parts.append(expr.id)
    elif type(expr) is ast.Constant and (expr.value is None or type(expr.value) is bool):
        parts.append(str(expr.value))
    else:
        return None
    return ".".join(reversed(parts))


def _is_name(expr: ast.AST) -> bool:
    """libcst's Name: an identifier, or True / False / None."""
    return dotted(expr) is not None and type(expr) is not ast.Attribute


def is_self_attr(expr: ast.AST) -> Optional[str]:
    name = dotted(expr)
    if name and name.startswith("self.") and name.count(".") == 1:
        return name[5:]
    return None


def _partialmethod_of(value: ast.AST, imports: "Imports") -> Optional[str]:
    """`f` of a class body's `functools.partialmethod(f, key=...)`: calling the attribute runs the method `f` with the
    caller's positional arguments (one that binds positional arguments too is left alone)."""
    if type(value) is ast.Call and len(value.args) == 1 and _is_name(value.args[0]) \
            and imports.resolve(value.func) == PARTIALMETHOD:
        return value.args[0].id
    return None


def call_args(call: ast.Call) -> List[Tuple[Optional[str], bool, ast.AST]]:
    """(keyword, starred, value) of each argument in source order, as libcst's Call.args."""
    items = [(None, type(a) is ast.Starred, a.value if type(a) is ast.Starred else a, a) for a in call.args]
    items += [(k.arg, k.arg is None, k.value, k) for k in call.keywords]
    items.sort(key=lambda item: (item[3].lineno, item[3].col_offset))
    return [(keyword, star, value) for keyword, star, value, _ in items]


def _first_argument(call: ast.Call, keyword: Optional[str]) -> Optional[ast.AST]:
    for name, star, value in call_args(call):
        if name is None and not star:
            return value
        if keyword and name == keyword:
            return value
    return None


def _parameters(args: ast.arguments) -> List[ast.AST]:
    """Annotations and defaults in libcst's order: params, *args, keyword-only, **kwargs, positional-only."""
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    default_of = {id(p): d for p, d in zip(positional, defaults)}
    default_of.update({id(p): d for p, d in zip(args.kwonlyargs, args.kw_defaults)})
    out: List[ast.AST] = []
    for param in args.args + [args.vararg] + args.kwonlyargs + [args.kwarg] + args.posonlyargs:
        if param is not None:
            out += [n for n in (param.annotation, default_of.get(id(param))) if n is not None]
    return out


def children(node: ast.AST) -> List[ast.AST]:
    """A node's children in the order the engine's walker visits the libcst equivalent."""
    tp = type(node)
    if tp is ast.FunctionDef or tp is ast.AsyncFunctionDef:
        return [*_parameters(node.args), *node.body, *node.decorator_list, *([node.returns] if node.returns else [])]
    if tp is ast.ClassDef:
        return [*node.body, *node.bases, *(k.value for k in node.keywords), *node.decorator_list]
    if tp is ast.Call:
        return [node.func, *(value for _, _, value in call_args(node))]
    if tp is ast.Lambda:
        return [*_parameters(node.args), node.body]
    if tp is ast.Dict:
        return [n for pair in zip(node.keys, node.values) for n in pair if n is not None]
    if tp is ast.ExceptHandler:
        return [*node.body, *([node.type] if node.type else [])]
    return [c for c in ast.iter_child_nodes(node) if not isinstance(c, (ast.expr_context, ast.operator, ast.boolop,
                                                                           ast.unaryop, ast.cmpop))]


@functools.lru_cache(maxsize=None)
def star_exports(module: str) -> FrozenSet[str]:
    """The names `from module import *` binds (stdlib only, see STAR_MODULES; never torch)."""
    imported = importlib.import_module(module)
    names = getattr(imported, "__all__", None) or [n for n in dir(imported) if not n.startswith("_")]
    return frozenset(names)


def project_module_file(path: Optional[str], module: str, is_package: bool, base: str) -> Optional[Path]:
    """The file of project module `base`, found from the importing file's path and module name (the folder
    that holds its top package), or None."""
    if not path or not module or not base:
        return None
    depth = module.count(".") + (1 if is_package else 0)
    parents = Path(path).resolve().parents
    if depth >= len(parents):
        return None
    target = parents[depth].joinpath(*base.split("."))
    for candidate in (target.parent / f"{target.name}.py", target / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


_STAR_EXPANDING: Set[Path] = set()  # files whose exports are being read: an import cycle stops there


def project_star_exports(path: Optional[str], module: str, is_package: bool, base: str) -> Dict[str, str]:
    """What `from base import *` binds when base is a module of the project: its public imports and top-level
    names (or its literal `__all__`), each as its qualified name. Python binds them all, the modules the
    file imported included (`from .inputs import *` brings the `torch` and `nn` that inputs.py imports)."""
    found = project_module_file(path, module, is_package, base)
    if found is None or found in _STAR_EXPANDING:
        return {}
    try:
        text = found.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    return dict(_module_exports(found, base, found.name == "__init__.py", text))


@functools.lru_cache(maxsize=256)
def _module_exports(file: Path, module: str, is_package: bool, text: str) -> Tuple[Tuple[str, str], ...]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return ()
    _STAR_EXPANDING.add(file)
    try:
        table = Imports(module, is_package, str(file))
        statements = list(tree.body)
        while statements:  # top-level statements, those of top-level if/try blocks included
            statement = statements.pop(0)
            if type(statement) in (ast.Import, ast.ImportFrom):
                table.add(statement)
            elif type(statement) in (ast.If, ast.Try):
                statements[:0] = [*statement.body, *getattr(statement, "handlers", ()), *statement.orelse,
                                  *getattr(statement, "finalbody", ())]
            elif type(statement) is ast.ExceptHandler:
                statements[:0] = statement.body
    finally:
        _STAR_EXPANDING.discard(file)
    exported = dict(table.aliases)
    exported.update((name, f"{module}.{name}") for name in module_names(tree.body))
    public = _literal_all(tree.body)
    return tuple((name, full) for name, full in exported.items()
                 if (name in public if public is not None else not name.startswith("_")))


_STAR_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*\*", re.M)


def star_imported_text(path: Optional[str], module: str, is_package: bool, text: str) -> str:
    """The texts of the project files this file's star imports read, theirs included: what the file's
    result depends on besides its own text (its cache key)."""
    texts: List[str] = []
    seen: Set[Path] = set()
    pending = [(path, module, is_package, text)]
    while pending:
        here, name, package, source = pending.pop()
        for match in _STAR_IMPORT.finditer(source):
            base = AliasTable(name, package)._absolute(len(match.group(1)), match.group(2))
            found = project_module_file(here, name, package, base)
            if found is None or found in seen:
                continue
            seen.add(found)
            try:
                found_text = found.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            texts.append(found_text)
            pending.append((str(found), base, found.name == "__init__.py", found_text))
    return "\0".join(texts)


def _literal_all(body: List[ast.stmt]) -> Optional[Set[str]]:
    """The names of a module-level `__all__ = [...]` of string literals, or None."""
    for statement in body:
        if type(statement) is ast.Assign and any(type(t) is ast.Name and t.id == "__all__" for t in statement.targets) \
                and type(statement.value) in (ast.List, ast.Tuple) \
                and all(type(e) is ast.Constant and type(e.value) is str for e in statement.value.elts):
            return {e.value for e in statement.value.elts}
    return None


class AliasTable:
    """Local name -> fully qualified name, from the imports of one module. Subclasses read the import
    statements of one syntax tree (`ast` here, libcst in names.ImportTable) into it."""

    def __init__(self, module: str = "", is_package: bool = False, path: Optional[str] = None) -> None:
        self.module = module
        self.is_package = is_package
        self.path = path  # the file's path: where the project modules it star-imports are read from
        self.aliases: Dict[str, str] = {}
        # module-level def/class names that hide a builtin (`def print(...)`) or an import (`hidden`)
        self.defined: Set[str] = set()
        self.local_names: Set[str] = set()  # every module-level def/class name: a star import never hides one
        self.hidden: Set[str] = set()

    def define(self, name: str) -> None:
        self.local_names.add(name)
        if name in BUILTIN_NAMES:
            self.defined.add(name)

    def define_all(self, bindings: List[Tuple[str, bool]]) -> None:
        """The module's top-level bindings in order, (name, True) of a def or class, (name, False) of an import:
        defines each def and class; one after the last import of its name hides that import (`from
        torchvision.ops import nms` then `def nms(...)`: at run time calls of nms run the def)."""
        imported: Set[str] = set()
        last: Dict[str, bool] = {}
        for name, is_definition in bindings:
            if is_definition:
                self.define(name)
            else:
                imported.add(name)
            last[name] = is_definition
        self.hidden = {name for name in imported if last[name]}
        self.defined |= self.hidden

    def add_import(self, full: str, asname: Optional[str]) -> None:
        """`import full [as asname]`."""
        if asname is not None:
            if asname not in self.hidden:
                self.aliases[asname] = full
        else:
            top = full.split(".")[0]
            if top not in self.hidden:
                self.aliases[top] = top

    def add_from(self, level: int, module: str, names: List[Tuple[str, Optional[str]]]) -> None:
        """`from [.*level]module import name [as asname], ...`; names == [("*", None)] for a star import."""
        base = self._absolute(level, module)
        if names == [("*", None)]:
            if base in STAR_MODULES:
                exported = {name: f"{base}.{name}" for name in star_exports(base)}
            else:
                exported = project_star_exports(self.path, self.module, self.is_package, base)
            for name, full in exported.items():
                if name not in self.local_names:
                    self.aliases.setdefault(name, full)
            return
        for name, asname in names:
            if (asname or name) not in self.hidden:
                self.aliases[asname or name] = f"{base}.{name}" if base else name

    def add_assignment(self, name: str, value: str) -> None:
        """Module-level `name = value` of a dotted name: when value names an import or a builtin, name is one
        more spelling of it (`no_compile = torch.compiler.disable`, `emit = print`, `F = nn.functional`)."""
        head = value.partition(".")[0]
        if head in self.aliases or (head in BUILTIN_FUNCTIONS and head not in self.defined):
            self.aliases[name] = self.qualify(value)

    def _absolute(self, level: int, module: str) -> str:
        if not level:
            return module
        package = self.module.split(".") if self.module else []
        if not self.is_package and package:
            package = package[:-1]
        if level > 1:
            package = package[: len(package) - (level - 1)]
        return ".".join([p for p in package if p] + ([module] if module else []))

    def qualify(self, name: str) -> str:
        """Qualified name of a dotted name; unimported names are returned as spelled."""
        head, dot, rest = name.partition(".")
        full = self.aliases.get(head)
        if full is None:
            full = f"{self.module}.{head}" if head in self.defined and self.module else head
        return f"{full}{dot}{rest}"


def project_name(table: AliasTable, name: str) -> bool:
    """A name as the table resolves it that the project defines: a module-level def or class of the file, or a name
    under the file's own top-level package (`from .acts import clamped`), not torch's nor another library's."""
    return name in table.local_names or bool(table.module) and name.partition(".")[0] == table.module.partition(".")[0]


class Imports(AliasTable):
    """The alias table of `ast` nodes."""

    def add(self, node: ast.AST) -> None:
        if type(node) is ast.Import:
            for alias in node.names:
                self.add_import(alias.name, alias.asname)
        else:
            self.add_from(node.level, node.module or "", [(a.name, a.asname) for a in node.names])

    def resolve(self, expr: ast.AST) -> Optional[str]:
        name = dotted(expr)
        return None if name is None else self.qualify(name)


def top_bindings(body: List[ast.stmt]) -> List[Tuple[str, bool]]:
    """AliasTable.define_all's bindings: (name, True) of each top-level def or class, (name, False) of each import
    (an import inside a top-level try or if counts; a def there is conditional, as `except ImportError: def nms`)."""
    out: List[Tuple[str, bool]] = []
    for statement in body:
        if type(statement) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            out.append((statement.name, True))
            continue
        todo = [statement]
        while todo:
            node = todo.pop(0)
            if type(node) in (ast.Import, ast.ImportFrom):
                out.extend((alias.asname or alias.name.split(".")[0], False) for alias in node.names)
            elif type(node) in (ast.Try, ast.If):
                todo.extend(node.body + node.orelse + getattr(node, "finalbody", [])
                            + [line for handler in getattr(node, "handlers", []) for line in handler.body])
    return out


def module_names(body: List[ast.stmt]) -> Set[str]:
    """Names a module binds at its top level (defs, classes, assignments): values spelled from them may be
    the project's (see facts: values)."""
    names: Set[str] = set()
    for statement in body:
        tp = type(statement)
        if tp is ast.FunctionDef or tp is ast.AsyncFunctionDef or tp is ast.ClassDef:
            names.add(statement.name)
        elif tp is ast.Assign:
            names.update(t.id for t in statement.targets if type(t) is ast.Name)
        elif tp is ast.AnnAssign and type(statement.target) is ast.Name:
            names.add(statement.target.id)
    return names


def spell_value(expr: ast.AST, imports: AliasTable, known: Set[str],
                local: Optional[Dict[str, str]] = None, shadowed: AbstractSet[str] = frozenset()) -> Optional[str]:
    """`expr` as a value (facts: values), when its name is an import, a module-level name of the file, self,
    or a local holding a value (spelled). A name in `shadowed` is a local of the function the value is read in:
    it is not the module-level name spelled the same."""
    steps: List[str] = []
    while True:
        tp = type(expr)
        if tp is ast.Call:
            func = expr.func
            if type(func) is ast.Attribute and func.attr in SELF_RETURNING_METHODS:
                expr = func.value  # Block().to(device) is the Block
                continue
            pattern = _getattr_pattern(expr, imports)
            if pattern is not None:  # getattr(self, f"{kind}_reduction"): any attribute the name may be
                steps.append("." + pattern)
                expr = expr.args[0]
                continue
            steps.append("()")
            expr = func
        elif tp is ast.Subscript:
            steps.append("[]")
            expr = expr.value
        elif tp is ast.Attribute and dotted(expr) is None:
            steps.append("." + expr.attr)
            expr = expr.value
        else:
            break
    name = dotted(expr) if type(expr) is ast.Name or type(expr) is ast.Attribute else None
    if name is None:
        return None
    head, dot, rest = name.partition(".")
    if local and head in local:
        return local[head] + dot + rest + "".join(reversed(steps))
    if head not in ("self", "cls") and (head in shadowed or (head not in known and head not in imports.aliases)):
        return None
    return imports.qualify(name) + "".join(reversed(steps))


def value_head(expr: ast.AST) -> Optional[str]:
    """engine.value_head on `ast`."""
    while True:
        tp = type(expr)
        if tp is ast.Call:
            expr = expr.func
        elif tp is ast.Subscript or tp is ast.Attribute:
            expr = expr.value
        else:
            return expr.id if tp is ast.Name else None


class Bindings(NamedTuple):
    """engine.Bindings on `ast`, from one walk of a function's body: its locals bound once by a plain `name = value`
    and nowhere else (what each holds), those bound by more than one such statement only (every value, in order),
    and the names it binds itself less those it declares global or nonlocal and its own imports."""

    once: Dict[str, ast.AST]
    alternatives: Dict[str, List[ast.AST]]
    shadowing: FrozenSet[str]


def function_bindings(function: ast.AST) -> Bindings:
    bindings: Dict[str, int] = {}
    values: Dict[str, List[ast.AST]] = {}
    declared: Set[str] = set()
    args = function.args
    for param in args.posonlyargs + args.args + [args.vararg] + args.kwonlyargs + [args.kwarg]:
        if param is not None:
            bindings[param.arg] = 2  # a parameter holds what callers pass
    pending: List[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        tp = type(node)
        names: List[str] = []
        if tp is ast.Name and type(node.ctx) is not ast.Load:
            names = [node.id]
        elif tp in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            bindings[node.name] = 2
            continue
        elif tp is ast.Lambda:
            continue
        elif tp is ast.alias:
            names = [node.asname or node.name.partition(".")[0]]
            declared.add(names[0])
        elif tp is ast.Global or tp is ast.Nonlocal:
            bindings.update((name, 2) for name in node.names)
            declared.update(node.names)
        elif tp is ast.ExceptHandler or tp is ast.MatchAs or tp is ast.MatchStar:
            names = [node.name] if node.name else []
        elif tp is ast.MatchMapping:
            names = [node.rest] if node.rest else []
        elif tp is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            values.setdefault(node.targets[0].id, []).insert(0, node.value)  # the walk pops the last statement first
        for name in names:
            bindings[name] = bindings.get(name, 0) + 1
        pending.extend(ast.iter_child_nodes(node))
    plain = {name: found for name, found in values.items() if bindings.get(name) == len(found)}
    return Bindings({name: found[0] for name, found in plain.items() if len(found) == 1},
                    {name: found for name, found in plain.items() if len(found) > 1},
                    frozenset(set(bindings) - declared))


# what a placeholder for a missing optional dependency raises when built (ClassInfo.never_instantiated)
IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
FORMAT_FIELD = re.compile(r"\{[^{}]*\}")  # "{}_reduction".format(t)
PERCENT_FIELD = re.compile(r"%[sdr]")  # "%s_loss" % t


def split_template(template: str, field: re.Pattern) -> List[Optional[str]]:
    """"{}_reduction" -> ["", None, "_reduction"]: the literal parts, None for each field."""
    parts: List[Optional[str]] = []
    for literal in field.split(template):
        parts += [literal, None]
    return parts[:-1]


def name_pattern(parts: Optional[List[Optional[str]]]) -> Optional[str]:
    """A glob of the attribute names a template gives (literal parts, None where a value is filled in):
    ["", None, "_reduction"] -> "*_reduction"; None unless it has a literal part and an identifier's characters."""
    if not parts or None not in parts:
        return None
    pattern = re.sub(r"\*+", "*", "".join("*" if part is None else part for part in parts))
    return pattern if pattern.strip("*") and re.fullmatch(r"[\w*]+", pattern) else None


def _getattr_pattern(call: ast.Call, imports: AliasTable) -> Optional[str]:
    """engine._getattr_pattern on `ast`."""
    if type(call.func) is not ast.Name or call.func.id != "getattr" or imports.qualify("getattr") != "getattr" \
            or len(call.args) != 2 or call.keywords or any(type(a) is ast.Starred for a in call.args):
        return None
    return name_pattern(_template_parts(call.args[1]))


def _template_parts(expr: ast.AST) -> Optional[List[Optional[str]]]:
    tp = type(expr)
    if tp is ast.Constant:
        return [expr.value] if type(expr.value) is str else None
    if tp is ast.JoinedStr:
        return [part.value if type(part) is ast.Constant else None for part in expr.values]
    if tp is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr == "format" \
            and type(expr.func.value) is ast.Constant and type(expr.func.value.value) is str:
        return split_template(expr.func.value.value, FORMAT_FIELD)
    if tp is ast.BinOp and type(expr.op) is ast.Mod and type(expr.left) is ast.Constant \
            and type(expr.left.value) is str:
        return split_template(expr.left.value, PERCENT_FIELD)
    if tp is ast.BinOp and type(expr.op) is ast.Add:
        left, right = _template_parts(expr.left), _template_parts(expr.right)
        return (left or [None]) + (right or [None]) if left or right else None
    return None


def registry_members(value: ast.AST, imports: AliasTable) -> Optional[List[str]]:
    """The members of `{"a": f, "b": g}` / `dict(a=f, b=g)` / `[f, g]` / `(f, g)`: every element a plain (dotted)
    name, or a `None` placeholder filled in later (`REGISTRY["auto"] = route`, see registry_entry). A table of
    pipelines, `{"color": [f, partial(g, s=1.0)], "offset": [h]}`, has the functions of its lists as members (a
    `partial` runs the function it wraps): a loop over one of its lists calls each (engine._registry_element)."""
    tp = type(value)
    if tp is ast.Dict:
        elements = value.values if None not in value.keys else []
    elif tp is ast.List or tp is ast.Tuple:
        elements = value.elts
    elif tp is ast.Call and type(value.func) is ast.Name and imports.qualify(value.func.id) == "dict":
        elements = [k.value for k in value.keywords] if not value.args and all(k.arg for k in value.keywords) else []
    else:
        return None
    if tp is ast.Dict or tp is ast.Call:
        elements = [e for element in elements
                    for e in (element.elts if type(element) in (ast.List, ast.Tuple) and element.elts else [element])]
    elements = [e.args[0] if type(e) is ast.Call and e.args and imports.qualify(dotted(e.func) or "") in PARTIAL_FUNCTIONS
                else e for e in elements]
    names = [dotted(e) if type(e) is ast.Name or type(e) is ast.Attribute else None for e in elements
             if not (type(e) is ast.Constant and e.value is None)]
    if not names or any(n is None or n in ("True", "False", "None") for n in names):
        return None
    return list(dict.fromkeys(imports.qualify(n) for n in names))


def registry_entry(target: ast.AST, value: ast.AST, registries: Dict[str, List[str]]) -> Optional[Tuple[str, str]]:
    """(registry, member) of `REGISTRY[key] = name` at module level, on a registry of this file: one more member."""
    if type(target) is not ast.Subscript or type(target.value) is not ast.Name or target.value.id not in registries:
        return None
    if type(value) is not ast.Name and type(value) is not ast.Attribute:
        return None
    member = dotted(value)
    return (target.value.id, member) if member is not None and member not in ("True", "False", "None") else None


@dataclass
class _Frame:
    region_key: Optional[str]
    cls: Optional[ClassInfo]
    returns_key: Optional[str] = None  # the function whose return statements these are (None: a nested def)
    function: Optional[ast.AST] = None  # the def whose return statements these are
    # its locals bound once that spell a value (Bindings.once), read at its first return that needs them
    spelled_once: Optional[Dict[str, str]] = None
    # function_bindings(function), one walk of its body at its first return that asks, however many returns ask
    bindings: Optional[Bindings] = None

    def function_bindings(self) -> Bindings:
        if self.bindings is None:
            self.bindings = function_bindings(self.function)
        return self.bindings


class _Indexer:
    """The engine's walk, statements only: imports, classes, functions and bindings in the order the
    engine meets them (the import table grows as the walk goes)."""

    def __init__(self, path: str, module: str, is_package: bool, text: str) -> None:
        self.imports = Imports(module, is_package, path)
        self.facts = FileFacts(path=path, module=module, indexed=True)
        self.frames: List[_Frame] = []
        self.class_stack: List[Optional[ClassInfo]] = []
        self.text = text
        self.has_yield = "yield" in text  # most files define no generator: no walk of their bodies for one
        self.registers_hooks = HOOK_REGISTRATION_TEXT in text
        self.look_for_training_loop = "backward" in text or "step" in text
        self.triggers: Set[str] = set()
        self.docstrings: List[ast.Constant] = []
        self.module_names: Set[str] = set()
        # every local name an import binds, anywhere in the file -> every qualified name it is bound to
        self.imported_names: Dict[str, Set[str]] = {}
        self.written_names: Set[str] = set()  # imported names whose attribute or item may be written

    def run(self, tree: ast.Module) -> Index:
        self.module_names = module_names(tree.body)
        self.imports.define_all(top_bindings(tree.body))
        stack: List[object] = list(reversed(tree.body))  # statements to enter, and (statement,) to leave
        while stack:
            node = stack.pop()
            if type(node) is tuple:
                self.leave(node[0])
                continue
            self.enter(node)
            stack.append((node,))
            stack += reversed(_statements(node))
        self.docstrings += _docstring(tree.body)
        self.facts.imports = dict(self.imports.aliases)
        self.facts.guard_returns = {name: calls for name, calls in self.facts.guard_returns.items() if calls}
        self.triggers |= _text_triggers(self.text, self.docstrings, tree)
        if self.imported_names:
            self.written_names.update(match.group(1) for match in _MUTATOR_CALL.finditer(self.text)
                                      if match.group(1) in self.imported_names)
        if self.written_names:
            self.triggers.add(GLOBAL_WRITE)
            self.facts.global_write_prefixes = sorted(
                {full for name in self.written_names for full in self.imported_names[name]})
        return Index(self.facts, self.triggers)

    def enter(self, node: ast.stmt) -> None:
        tp = type(node)
        if tp is ast.Import or tp is ast.ImportFrom:
            self.imports.add(node)
            base = self.imports._absolute(node.level, node.module or "") if tp is ast.ImportFrom else ""
            for alias in node.names:
                if tp is ast.Import:
                    local, full = (alias.asname, alias.name) if alias.asname else ((alias.name.split(".")[0],) * 2)
                else:
                    local, full = alias.asname or alias.name, f"{base}.{alias.name}" if base else alias.name
                self.imported_names.setdefault(local, set()).add(full)
        elif tp is ast.Assign or tp is ast.AugAssign or tp is ast.AnnAssign:
            targets = node.targets if tp is ast.Assign else [node.target]
            self.written_names.update(root for root in (_root_name(t) for t in targets
                                                        if type(t) in (ast.Attribute, ast.Subscript))
                                      if root in self.imported_names)
            if tp is not ast.AugAssign and node.value is not None and self.frames and self.frames[-1].cls is not None:
                self.attribute_values(targets, node.value, self.frames[-1].cls)
        elif tp is ast.Return:
            frame = self.frames[-1] if self.frames else None
            if frame is not None and frame.returns_key and node.value is not None:
                value = spell_value(node.value, self.imports, self.module_names)
                # `backbone = resnet50(...); return backbone` in `def backbone(...)`: the local, not the function
                if value is not None and frame.function is not None \
                        and value_head(node.value) in frame.function_bindings().shadowing:
                    value = None
                if value is None and frame.function is not None:  # `solver = DICT[name]; return solver(dtype)`
                    if frame.spelled_once is None:  # spelled at the first return that asks
                        frame.spelled_once = {name: spelled for name, spelled in
                                              ((name, spell_value(bound, self.imports, self.module_names))
                                               for name, bound in frame.function_bindings().once.items())
                                              if spelled is not None}
                    value = spell_value(node.value, self.imports, self.module_names, frame.spelled_once,
                                        frame.function_bindings().shadowing)
                returned = self.facts.functions[frame.returns_key].returned
                values = [value] if value is not None else self.alternatives(frame, node.value)
                returned += [v for v in dict.fromkeys(values) if v not in returned]
            if len(self.frames) == 1 and not self.class_stack:
                self.guard_return(node.value)
        elif tp is ast.ClassDef:
            self.docstrings += _docstring(node.body)
            top_level = not self.frames and not self.class_stack
            info = _class_info(node, self.imports, self.facts.classes, self.registers_hooks) if top_level else None
            if info is not None:
                self.facts.classes[info.name] = info
            self.class_stack.append(info)
        elif tp is ast.FunctionDef or tp is ast.AsyncFunctionDef:
            self.docstrings += _docstring(node.body)
            self.enter_function(node, self.frames[-1] if self.frames else None)
        elif tp in _LOOPS and self.look_for_training_loop and _is_training_loop(node):
            self.triggers.add(TRAINING_LOOP)
            self.look_for_training_loop = False

    def leave(self, node: ast.stmt) -> None:
        tp = type(node)
        if tp is ast.ClassDef:
            self.class_stack.pop()
        elif tp is ast.FunctionDef or tp is ast.AsyncFunctionDef:
            self.frames.pop()
        elif (tp is ast.Assign or tp is ast.AnnAssign and node.value is not None) and not self.frames \
                and not self.class_stack:
            targets = node.targets if tp is ast.Assign else [node.target]  # `REGISTRY: Dict[str, Callable] = {...}`
            alternatives = self.function_alternatives(node.value)
            if alternatives:  # calling the name calls one of these: as a function returning their calls
                self.facts.guard_returns.update((t.id, alternatives) for t in targets if type(t) is ast.Name)
            binding = self.binding(node.value)
            if binding is not None:
                for target in targets:
                    if _is_name(target):
                        self.facts.bindings[dotted(target)] = binding
            spelled = dotted(node.value) if _is_name(node.value) or type(node.value) is ast.Attribute else None
            if spelled is not None:
                for target in targets:
                    if type(target) is ast.Name:
                        self.imports.add_assignment(target.id, spelled)
            if _guarded_by_value(node.value):
                self.facts.guarded_globals += [t.id for t in targets if type(t) is ast.Name]
            members = registry_members(node.value, self.imports)
            if members is not None:
                for target in targets:
                    if type(target) is ast.Name:
                        self.facts.registries[target.id] = members
            for target in targets:
                entry = registry_entry(target, node.value, self.facts.registries)
                if entry is not None and self.imports.qualify(entry[1]) not in self.facts.registries[entry[0]]:
                    self.facts.registries[entry[0]].append(self.imports.qualify(entry[1]))

    def attribute_values(self, targets: List[ast.AST], value: ast.AST, cls: ClassInfo) -> None:
        """`self.attr = value` in a method: what the attribute may hold (engine: the same in leave_Assign)."""
        if type(value) is ast.IfExp:  # `self.loss = self.a if flag else self.b`: either
            for branch in (value.body, value.orelse):
                self.attribute_values(targets, branch, cls)
            return
        choices = _dict_choices(value)
        if choices is not None:  # `self.prod = {DIAGONAL: self.prod_diagonal}.get(kind, self.prod_default)`: any
            for choice in choices:
                self.attribute_values(targets, choice, cls)
            return
        spelled = None
        for target in targets:
            attr = is_self_attr(target)
            if attr is None:
                continue
            spelled = spelled or spell_value(value, self.imports, self.module_names)
            if spelled is None:
                return
            values = cls.attribute_values.setdefault(attr, [])
            if spelled not in values:
                values.append(spelled)

    def enter_function(self, node, parent: Optional[_Frame]) -> None:
        """The engine's visit_FunctionDef: which functions have facts, under which name."""
        cls = self.class_stack[-1] if self.class_stack else None
        decorators = [_decorator_name(d, self.imports) for d in node.decorator_list]
        own_region = any(d in COMPILE_FUNCTIONS or d in DISABLE_FUNCTIONS for d in decorators)
        if parent is not None and not (own_region and parent.region_key):
            frame = _Frame(parent.region_key, parent.cls)
        elif self.class_stack and cls is None:
            frame = _Frame(None, None)
        else:
            if parent is not None:
                qualname = f"{parent.region_key}.{node.name}"
                cls = parent.cls
            else:
                qualname = f"{cls.name}.{node.name}" if cls else node.name
            self.facts.functions[qualname] = FunctionFacts(
                qualname=qualname, line=node.lineno, class_name=cls.name if cls else None, decorators=decorators,
                bare_decorators=[_decorator_name(d, self.imports) for d in node.decorator_list if type(d) is not ast.Call],
                disabled=_disabled_kind(node, self.imports), returned=self.declared_return(node.returns),
                only_raises=_only_raises(node.body), only_defines=_only_defines(node.body),
                generator=self.has_yield and _is_generator(node),
                hooks=_scan_hook_method(node, self.imports)[0] if self.registers_hooks and not cls and not parent else [],
            )
            frame = _Frame(qualname, cls, returns_key=qualname, function=node)
        self.frames.append(frame)

    def declared_return(self, annotation: Optional[ast.AST]) -> List[str]:
        """`-> Block`: the function returns a Block (a plain name only; strings and unions are left alone)."""
        if type(annotation) is not ast.Name and type(annotation) is not ast.Attribute:
            return []
        spelled = spell_value(annotation, self.imports, self.module_names)
        return [spelled + "()"] if spelled else []

    def alternatives(self, frame: _Frame, value: ast.AST) -> List[str]:
        """A returned local bound in several branches (`predictor_fn = EulerPredictor` / `= ReversePredictor`;
        `return predictor_fn`): each value it may hold, spelled."""
        if type(value) is not ast.Name or frame.function is None:
            return []
        bound = frame.function_bindings().alternatives.get(value.id, ())
        spelled = [spell_value(v, self.imports, self.module_names, frame.spelled_once) for v in bound]
        return [v for v in spelled if v is not None]

    def guard_return(self, value: Optional[ast.AST]) -> None:
        """A return of a module-level function, for FileFacts.guard_returns (engine.FileContext.guard_return)."""
        function = self.frames[-1].region_key
        calls = self.facts.guard_returns.setdefault(function, [])
        if calls is not None:
            returned = self.returned_calls(value)
            if returned is None:
                self.facts.guard_returns[function] = None
            else:
                calls += returned

    def returned_calls(self, value: Optional[ast.AST]) -> Optional[List[str]]:
        """The functions whose result `value` is: `f()`, `bool(f())`, `f() if ... else False` (False: none),
        `f() or g()` (one ("or", (f, g)) entry, guards.ProjectGuards decides it); None for anything else."""
        tp = type(value)
        if tp is ast.Constant and value.value is False:
            return []
        if tp is ast.IfExp:
            body, orelse = self.returned_calls(value.body), self.returned_calls(value.orelse)
            return None if body is None or orelse is None else body + orelse
        if tp is ast.BoolOp:  # `torch.jit.is_tracing() or is_compiling()`: ("or", (left, right)), folded leftwards
            parts = [self.returned_calls(part) for part in value.values]
            if any(part is None or len(part) != 1 for part in parts):
                return None
            op = "or" if type(value.op) is ast.Or else "and"
            folded = parts[0][0]
            for part in parts[1:]:
                folded = (op, (folded, part[0]))
            return [folded]
        if tp is not ast.Call or value.keywords or not dotted(value.func):
            return None
        callee = self.imports.resolve(value.func)
        if callee == "bool" and len(value.args) == 1 and type(value.args[0]) is not ast.Starred:
            return self.returned_calls(value.args[0])
        return None if value.args else [callee]

    def function_alternatives(self, value: ast.AST) -> Optional[List[str]]:
        """The functions a module-level name is bound to: `getattr(torch.compiler, "is_compiling", None) or
        getattr(torch._dynamo, "is_compiling", None)` (None: no function); None for anything else."""
        if type(value) is ast.BoolOp and type(value.op) is ast.Or:
            found: List[str] = []
            for part in value.values:
                alternatives = self.function_alternatives(part)
                if alternatives is None:
                    return None
                found += alternatives
            return found
        if type(value) is ast.Constant and value.value is None:
            return []
        if type(value) is ast.Call and not value.keywords and self.imports.resolve(value.func) == "getattr" \
                and len(value.args) in (2, 3) and dotted(value.args[0]) and type(value.args[1]) is ast.Constant \
                and type(value.args[1].value) is str \
                and (len(value.args) == 2 or self.function_alternatives(value.args[2]) == []):
            return [f"{self.imports.resolve(value.args[0])}.{value.args[1].value}"]
        return None

    # -- module-level bindings (engine._binding and FileContext.compile_target outside functions) ----
    def binding(self, value: ast.AST) -> Optional[Tuple[str, str]]:
        if _is_name(value) or type(value) is ast.Attribute:
            resolved = self.imports.resolve(value)
            return ("alias", resolved) if resolved else None
        if type(value) is not ast.Call:
            return None
        callee = self.imports.resolve(value.func)
        inner = self.imports.resolve(value.func.func) if type(value.func) is ast.Call else None
        if callee == "torch.compile" or inner in COMPILE_FUNCTIONS:
            argument = _first_argument(value, "model" if callee == "torch.compile" else None)
            target = self.compile_target(argument) if argument is not None else None
            return ("compile", target) if target else None
        if callee in DISABLE_FUNCTIONS or callee in PARTIAL_FUNCTIONS:
            argument = _first_argument(value, "fn")
            target = self.compile_target(argument) if argument is not None else None
            return ("disable" if callee in DISABLE_FUNCTIONS else "alias", target) if target else None
        target = self.compile_target(value, known_only=True)
        return ("instance", target) if target else None

    def compile_target(self, expr: ast.AST, known_only: bool = False) -> Optional[str]:
        while type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr in SELF_RETURNING_METHODS:
            expr = expr.func.value
        if type(expr) is ast.Call:
            return self.imports.resolve(expr.func)
        if _is_name(expr):
            name = dotted(expr)
            if name in self.facts.bindings and self.facts.bindings[name][0] == "instance":
                return self.facts.bindings[name][1]
            return None if known_only else self.imports.resolve(expr)
        if type(expr) is ast.Attribute:
            owner = self.compile_target(expr.value, known_only=True)
            if owner is not None:
                return f"{owner}.{expr.attr}"
            return None if known_only else self.imports.resolve(expr)
        return None


_LOOPS = (ast.For, ast.AsyncFor, ast.While)
# every spelling of a compile call names `compile` or `optimize` somewhere in the file (in the call, or in
# the import that binds an alias); every spelling of a dynamo setting names `_dynamo` (or TORCHDYNAMO_)
_COMPILE_WORD = re.compile(r"\b(?:compile|optimize)\b")
_REGEX_MODULE = re.compile(r"(?:^|[^\w.])(?:re|regex)\.$")
_DYNAMO_WORD = re.compile(r"_dynamo\b|TORCHDYNAMO")


def _docstring(body: List[ast.stmt]) -> List[ast.Constant]:
    if body and type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant and type(body[0].value.value) is str:
        return [body[0].value]
    return []


def _text_triggers(text: str, docstrings: List[ast.Constant], tree: ast.Module) -> Set[str]:
    """Triggers read from the text (supersets of what the engine resolves through the import table):
    mentions outside docstrings and comment lines, which is where the documentation of torch names them,
    and, for compile calls, outside string literals too (`skip("fails under torch.compile")`: no spelling
    of a compile call the engine knows is a string; dynamo settings are, `os.environ["TORCHDYNAMO_..."]`)."""
    found = set()
    prose = None
    # `re` is the regex module unless the file binds the name: then `re.compile` is not torch's
    regex_module = " as re" not in text and "re =" not in text
    for trigger, pattern, needed in ((COMPILE, _COMPILE_WORD, "compile" in text or "optimize" in text),
                                     (DYNAMO_CONFIG, _DYNAMO_WORD, "config" in text or "TORCHDYNAMO" in text)):
        if not needed:
            continue
        for match in pattern.finditer(text):
            start = match.start()
            if trigger == COMPILE and regex_module and _REGEX_MODULE.search(text, max(0, start - 7), start):
                continue
            if prose is None:
                prose = _Prose(text, docstrings, tree)
            if not prose.holds(start, in_strings=trigger == COMPILE):
                found.add(trigger)
                break
    return found


_END = float("inf")


class _Prose:
    """Whether a text offset lies in a docstring or on a comment line (or, asked, in a string literal)."""

    def __init__(self, text: str, docstrings: List[ast.Constant], tree: ast.Module) -> None:
        self.text = text
        self.tree = tree
        self.spans = [(d.lineno, d.col_offset, d.end_lineno, d.end_col_offset) for d in docstrings]
        self._strings: Optional[List[Tuple[int, int, int, int]]] = None

    def strings(self) -> List[Tuple[int, int, int, int]]:
        """Spans of the string and bytes literals in order (they do not nest), f-strings left out (their
        {fields} are code)."""
        if self._strings is None:
            self._strings = []
            stack: List[ast.AST] = [self.tree]
            while stack:
                node = stack.pop()
                tp = type(node)
                if tp is ast.Constant:
                    if type(node.value) in (str, bytes):
                        self._strings.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset))
                elif tp is not ast.JoinedStr:
                    stack.extend(ast.iter_child_nodes(node))
            self._strings.sort()
        return self._strings

    def holds(self, offset: int, in_strings: bool = False) -> bool:
        """`in_strings`: string literals count as prose too."""
        text = self.text
        row = text.count("\n", 0, offset) + 1
        line_start = text.rfind("\n", 0, offset) + 1
        before = text[line_start:offset]
        if before.lstrip().startswith("#"):
            return True
        column = len(before.encode("utf-8"))  # ast columns count UTF-8 bytes
        for first, first_col, last, last_col in self.spans:
            if (first, first_col) <= (row, column) < (last, last_col):
                return True
        if in_strings:
            strings = self.strings()
            at = bisect.bisect_right(strings, (row, column, _END, _END)) - 1  # the last literal starting here or before
            return at >= 0 and (row, column) < strings[at][2:]
        return False


def _statements(node: ast.stmt) -> List[ast.stmt]:
    """The statements directly inside a compound statement, in the engine's walk order."""
    tp = type(node)
    if tp is ast.If or tp is ast.For or tp is ast.AsyncFor or tp is ast.While:
        return node.body + node.orelse
    if tp is ast.FunctionDef or tp is ast.AsyncFunctionDef or tp is ast.ClassDef or tp is ast.With \
            or tp is ast.AsyncWith:
        return node.body
    if tp is ast.Try or tp.__name__ == "TryStar":
        return node.body + [s for handler in node.handlers for s in handler.body] + node.orelse + node.finalbody
    if tp.__name__ == "Match":
        return [s for case in node.cases for s in case.body]
    return []


def _only_raises(body: List[ast.stmt]) -> bool:
    """engine._only_raises on `ast`."""
    return [type(s) for s in body[len(_docstring(body)):]] == [ast.Raise]


def _only_defines(body: List[ast.stmt]) -> bool:
    """engine._only_defines on `ast`."""
    return bool(_defining(body[len(_docstring(body)):]))


def _defining(statements: List[ast.stmt]) -> Optional[bool]:
    """engine._defining on `ast`."""
    defines = False
    for statement in statements:
        tp = type(statement)
        if tp is ast.FunctionDef or tp is ast.AsyncFunctionDef:
            nested = any(type(s) is ast.FunctionDef or type(s) is ast.AsyncFunctionDef for s in statement.body)
            if nested and not _only_defines(statement.body):
                return None
            defines = True
        elif tp is ast.If:
            if any(type(node) is ast.Call for node in ast.walk(statement.test)):
                return None
            for branch in (statement.body, statement.orelse):
                found = _defining(branch)
                if found is None:
                    return None
                defines = defines or found
        elif tp is ast.Return or tp is ast.Pass or tp is ast.Nonlocal or tp is ast.Global:
            defines = defines or (tp is ast.Return and type(statement.value) is ast.Call)
        else:
            return None
    return defines


def _dict_choices(value: ast.AST) -> Optional[List[ast.AST]]:
    """engine._dict_choices on `ast`."""
    if type(value) is ast.Subscript and type(value.value) is ast.Dict:
        display, default = value.value, []
    elif type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr == "get" \
            and type(value.func.value) is ast.Dict and 1 <= len(value.args) <= 2 and not value.keywords \
            and not any(type(a) is ast.Starred for a in value.args):
        display, default = value.func.value, list(value.args[1:])
    else:
        return None
    if None in display.keys:  # `{**other}`
        return None
    return list(display.values) + default


def _root_name(expr: ast.AST) -> Optional[str]:
    while type(expr) is ast.Attribute or type(expr) is ast.Subscript:
        expr = expr.value
    return expr.id if type(expr) is ast.Name else None


def _guarded_by_value(value: ast.AST) -> bool:
    """engine._guarded_by_value: a bool, number, string, None, tuple or container display."""
    if type(value) is ast.UnaryOp:
        value = value.operand
    if type(value) is ast.Constant:
        return type(value.value) in (bool, int, float, str, bytes) or value.value is None
    return type(value) in (ast.Tuple, ast.List, ast.Dict, ast.Set)


def _decorator_name(decorator: ast.AST, imports: Imports) -> str:
    return imports.resolve(decorator.func if type(decorator) is ast.Call else decorator) or ""


def _disabled_kind(node, imports: Imports) -> str:
    for decorator in node.decorator_list:
        if _decorator_name(decorator, imports) in DISABLE_FUNCTIONS:
            if type(decorator) is ast.Call and any(
                    k.arg == "recursive" and dotted(k.value) == "False" for k in decorator.keywords):
                return "frame"
            return "recursive"
    return ""


def _is_generator(node: ast.AST) -> bool:
    """A `yield` in the function's own body (not in a nested function, lambda or class)."""
    stack = list(node.body)
    while stack:
        child = stack.pop()
        tp = type(child)
        if tp is ast.Yield or tp is ast.YieldFrom:
            return True
        if tp not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
            stack += ast.iter_child_nodes(child)
    return False


def _is_training_loop(loop: ast.AST) -> bool:
    """A superset of the loops CL401 takes for training loops (a `.backward()` / `.step()` call inside)."""
    for node in ast.walk(loop):
        if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in STEP_METHODS:
            return True
    return False


def _class_info(node: ast.ClassDef, imports: Imports, known: Dict[str, ClassInfo], registers: bool = True) -> ClassInfo:
    """engine._class_info without tensor kinds; `registers`: the file may register forward hooks (hook_scans)."""
    # a generic parametrization (`DecoderBase[State, Output]`) is the class itself in the MRO (__mro_entries__)
    bases = [b.value if type(b) in (ast.Starred, ast.Subscript) else b for b in node.bases]
    info = ClassInfo(name=node.name, bases=[b for b in (imports.resolve(a) for a in bases) if b],
                     dataclass_init=any(_decorator_name(d, imports) == "dataclasses.dataclass" and not (
                         type(d) is ast.Call and any(k.arg == "init" and dotted(k.value) == "False" for k in d.keywords))
                         for d in node.decorator_list))
    for base in info.bases:
        inherited = known.get(base)
        if inherited is not None:
            info.inherit_submodules(inherited)
            info.containers.update(inherited.containers)
            info.callables.update(inherited.callables)
            info.positional_callables += inherited.positional_callables
    init_calls: Set[str] = set()
    methods: Dict[str, ast.AST] = {}
    for statement in node.body:
        if type(statement) is ast.FunctionDef or type(statement) is ast.AsyncFunctionDef:
            methods[statement.name] = statement
            info.methods.append(statement.name)
            info.method_aliases.pop(statement.name, None)  # a def after an alias rebinds the name
            info.class_values.pop(statement.name, None)
            if any(_decorator_name(d, imports) in PROPERTY_DECORATORS for d in statement.decorator_list):
                info.properties.append(statement.name)
            if statement.name == "__init__":
                init_calls = _scan_init(statement, info, imports)
        elif type(statement) is ast.Assign and len(statement.targets) == 1 and _is_name(statement.targets[0]):
            held = static_function(statement.value, imports)
            if held is not None:
                info.record_callable(statement.targets[0].id, held, positional=True)
            elif type(statement.value) is ast.Name:
                info.alias_method(statement.targets[0].id, statement.value.id)
                info.bind_class_value(statement.targets[0].id, statement.value.id, imports.qualify(statement.value.id))
            elif (wrapped := _partialmethod_of(statement.value, imports)) is not None:
                info.alias_method(statement.targets[0].id, wrapped)  # `pool_max = partialmethod(_pool, ...)`
    hook_scans(methods, init_calls, lambda method: _scan_hook_method(method, imports), info, registers)
    info.never_instantiated = _raising_init(node)
    info.stored_tensors = _stored_tensors(node, imports)
    return info


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _raising_init(node: ast.ClassDef) -> bool:
    """engine._raising_init on the ast."""
    methods = {s.name: s for s in node.body if type(s) in _FUNCTIONS}
    init = methods.get("__init__")
    if init is None or "__new__" in methods:
        return False
    body = [s for s in init.body if not (type(s) is ast.Expr and type(s.value) is ast.Constant
                                         and type(s.value.value) is str)]
    if not body or type(body[0]) is not ast.Raise or body[0].exc is None:
        return False
    raised = body[0].exc
    return dotted(raised.func if type(raised) is ast.Call else raised) in IMPORT_ERRORS


def _stored_tensors(node: ast.ClassDef, imports: Imports) -> Dict[str, bool]:
    """engine._stored_tensors from the ast."""
    methods = frozenset(s.name for s in node.body if type(s) in _FUNCTIONS and s.returns is not None
                        and annotation_names_tensor(imports.resolve(s.returns)))
    stores: Dict[str, List[object]] = {}
    for statement in node.body:
        if type(statement) in _FUNCTIONS:
            _method_stores(statement, imports, stores)
        else:  # class attributes: `sigmas = None`
            for target, value in _stores(statement):
                for name in _store_names(target, "", stores):
                    stores[name].append(value if type(target) is ast.Name else None)
    return stored_tensors(stores, lambda value, attrs: _strong_tensor(value, imports, methods, attrs))


def _method_stores(method: ast.AST, imports: Imports, stores: Dict[str, List[object]]) -> None:
    """engine._method_stores from the ast: a parameter declared a tensor and never rebound is stored as one."""
    arguments = method.args
    declared = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
                if a.annotation is not None and annotation_names_tensor(imports.resolve(a.annotation))}
    statements: List[ast.AST] = []
    stack: List[ast.AST] = list(method.body)
    while stack:
        statement = stack.pop()
        tp = type(statement)
        if tp in _FUNCTIONS or tp is ast.ClassDef:
            continue
        statements.append(statement)
        if declared and tp in (ast.For, ast.AsyncFor):
            declared -= _target_names(statement.target)
        elif declared and tp in (ast.With, ast.AsyncWith):
            declared -= {n for item in statement.items if item.optional_vars is not None
                         for n in _target_names(item.optional_vars)}
        for name in ("body", "orelse", "handlers", "finalbody", "cases"):  # nested blocks, match cases
            stack += getattr(statement, name, None) or ()
    if declared:
        declared -= {n for statement in statements for target in _rebound(statement) for n in _target_names(target)}
    for statement in statements:
        for target, value in _stores(statement):
            for attr in _store_names(target, "self.", stores):
                held = type(value) is ast.Name and value.id in declared
                stores[attr].append(True if held else value if is_self_attr(target) else None)
        if type(statement) is ast.Expr and type(statement.value) is ast.Call:
            _record_registered(statement.value, stores)


def _rebound(statement: ast.AST) -> List[ast.AST]:
    if type(statement) is ast.AugAssign:
        return [statement.target]
    return [target for target, _ in _stores(statement)]


def _target_names(target: ast.AST) -> Set[str]:
    """The plain names an assignment target binds (`a`, `a, (b, *c)`)."""
    if type(target) is ast.Name:
        return {target.id}
    if type(target) in (ast.Tuple, ast.List):
        return {n for element in target.elts for n in _target_names(element)}
    if type(target) is ast.Starred:
        return _target_names(target.value)
    return set()


def _stores(statement: ast.AST) -> List[Tuple[ast.AST, ast.AST]]:
    if type(statement) is ast.Assign:
        return [(t, statement.value) for t in statement.targets]
    if type(statement) is ast.AnnAssign and statement.value is not None:
        return [(statement.target, statement.value)]
    return []


def _store_names(target: ast.AST, prefix: str, stores: Dict[str, List[object]]) -> List[str]:
    if type(target) in (ast.Tuple, ast.List):
        return [name for e in target.elts for name in _store_names(e, prefix, stores)]
    if type(target) is ast.Starred:
        return _store_names(target.value, prefix, stores)
    spelled = dotted(target)
    if spelled is None or not spelled.startswith(prefix) or spelled.count(".") != prefix.count("."):
        return []
    name = spelled[len(prefix):]
    stores.setdefault(name, [])
    return [name]


def _record_registered(call: ast.Call, stores: Dict[str, List[object]]) -> None:
    arguments = call_args(call)
    if type(call.func) is ast.Attribute and dotted(call.func.value) == "self" and len(arguments) >= 2 \
            and call.func.attr in ("register_buffer", "register_parameter") \
            and type(arguments[0][2]) is ast.Constant and type(arguments[0][2].value) is str:
        value = arguments[1][2]
        stores.setdefault(arguments[0][2].value, []).append(
            None if type(value) is ast.Constant and value.value is None else True)


def _strong_tensor(value: ast.AST, imports: Imports, methods: FrozenSet[str], attrs: FrozenSet[str]) -> bool:
    """engine._strong_tensor from the ast."""
    tp = type(value)
    if tp is ast.BinOp:
        return _strong_tensor(value.left, imports, methods, attrs) or _strong_tensor(value.right, imports, methods, attrs)
    if tp is ast.UnaryOp:
        return type(value.op) is not ast.Not and _strong_tensor(value.operand, imports, methods, attrs)
    if tp is ast.IfExp:
        return _strong_tensor(value.body, imports, methods, attrs) and _strong_tensor(value.orelse, imports, methods,
                                                                                      attrs)
    if tp is ast.Subscript:
        return _strong_tensor(value.value, imports, methods, attrs)
    if tp is ast.Attribute:
        return is_self_attr(value) in attrs
    if tp is not ast.Call:
        return False
    func = value.func
    if type(func) is ast.Attribute and dotted(func.value) == "self":
        return func.attr in methods
    if type(func) is ast.Attribute and returns_tensor_method(func.attr) \
            and _strong_tensor(func.value, imports, methods, attrs):
        return True
    name = imports.resolve(func) or ""
    return name in PARAMETER_CLASSES or name.startswith("torch.") and name.count(".") == 1 \
        and torch_function_returns_tensor(name[len("torch."):], sum(1 for a in value.args if type(a) is not ast.Starred),
                                          {k.arg for k in value.keywords if k.arg is not None})


def static_function(value: ast.AST, imports: Imports) -> Optional[str]:
    """`convert = staticmethod(to_list)` in a class body: the function `self.convert(y)` calls with y alone."""
    if type(value) is not ast.Call or len(value.args) != 1 or value.keywords or imports.resolve(value.func) != "staticmethod":
        return None
    argument = value.args[0]
    return imports.resolve(argument) if _is_name(argument) else None


def _record_hook(call: ast.Call, hooks: List[str], imports: Imports, params: AbstractSet[str]) -> None:
    """engine._record_hook: the hook_fact of `<module>.register_forward(_pre)_hook(hook)`."""
    if not call.args or type(call.args[0]) is ast.Starred:
        return
    hook, made = call.args[0], False
    if type(hook) is ast.Call and imports.resolve(hook.func) in PARTIAL_FUNCTIONS:
        hook = hook.args[0] if hook.args else None
    elif type(hook) is ast.Call:  # a factory's closure
        hook, made = hook.func, True
    fact = hook_fact(dotted(hook), imports.resolve(hook), params, made) if hook is not None else None
    if fact:
        hooks.append(fact)


def _hook_helper(call: ast.Call, imports: Imports) -> Optional[str]:
    """engine._hook_helper: the hook_helper of a call handing self (or an attribute of it) to a project function."""
    return hook_helper(imports.resolve(call.func), [dotted(value) for _, _, value in call_args(call)], imports)


def _scan_hook_method(method, imports: Imports) -> Tuple[List[str], List[str], Set[str]]:
    """engine._scan_hook_method: the forward hooks a method registers, the project functions it hands self to, and
    the methods it calls on self."""
    params = {p.arg for p in (*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs)} - {"self"}
    hooks: List[str] = []
    helpers: List[str] = []
    called: Set[str] = set()
    stack: List[ast.AST] = list(method.body)
    while stack:
        node = stack.pop()
        if type(node) is ast.Call:
            if type(node.func) is ast.Attribute and node.func.attr in FORWARD_HOOK_REGISTRATIONS:
                _record_hook(node, hooks, imports, params)
            elif type(node.func) is ast.Attribute and dotted(node.func.value) == "self":
                called.add(node.func.attr)
            elif (helper := _hook_helper(node, imports)) is not None:
                helpers.append(helper)
        stack.extend(children(node))
    return hooks, helpers, called


def _scan_init(init, info: ClassInfo, imports: Imports) -> Set[str]:
    """engine._scan_init without tensor kinds: submodules, containers and callables set in __init__. Returns the
    methods it calls on self."""
    params = {p.arg for p in (*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs)}
    called: Set[str] = set()
    local_lists: Dict[str, List[str]] = {}
    pending: List[Tuple[str, List[ast.AST]]] = []
    aliases = _local_class_aliases(init, imports, params)
    made = _local_instances(init, params)
    defaults = _named_defaults(init, imports)
    aliases.update((name, classes) for name, classes in ((name, _class_alternatives(default, imports))
                                                         for name, default in defaults.items()) if classes)
    defaults = {name: d for name, d in defaults.items() if project_name(imports, imports.resolve(d))}
    declared, declared_elements = _declared_classes(init, imports)
    stack: List[ast.AST] = list(init.body)
    while stack:
        node = stack.pop()
        tp = type(node)
        if tp is ast.Assign and len(node.targets) == 1 and _held_parameter(node.value) in declared \
                and is_self_attr(node.targets[0]) is not None:
            info.declared[is_self_attr(node.targets[0])] = declared[_held_parameter(node.value)]
        if tp is ast.Assign and len(node.targets) == 1 and is_self_attr(node.targets[0]) is not None:
            wrapped = _wrapped_sequence(node.value, imports)
            if wrapped in declared_elements:
                info.declared_elements[is_self_attr(node.targets[0])] = declared_elements[wrapped]
        if tp is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name \
                and type(node.value) in (ast.List, ast.Tuple, ast.ListComp):  # engine._scan_init
            local_lists.setdefault(node.targets[0].id, []).extend(_element_classes([node.value], imports, local_lists))
        if tp is ast.Call and (helper := _hook_helper(node, imports)) is not None:
            info.hook_helpers.append(helper)
        if tp is ast.Assign and len(node.targets) == 1:
            _record_self_attr(node.targets[0], _made_value(node.value, made, defaults), info, imports, params, pending,
                              aliases)
        elif tp is ast.AnnAssign and node.value is not None:
            _record_self_attr(node.target, _made_value(node.value, made, defaults), info, imports, params, pending,
                              aliases)
        elif tp is ast.Call and type(node.func) is ast.Attribute:
            method, receiver = node.func.attr, node.func.value
            if dotted(receiver) == "self" and method in ("register_buffer", "register_parameter"):
                pass  # a tensor attribute: no fact of the index
            elif method in FORWARD_HOOK_REGISTRATIONS:
                _record_hook(node, info.hooks, imports, params)
            elif method in ("append", "extend", "insert", "add_module"):
                elements = _element_classes([_made_value(v, made, defaults) for _, _, v in call_args(node)[-1:]],
                                            imports, {})  # engine._scan_init: the call a local holds
                attr = is_self_attr(receiver)
                if attr is not None:
                    info.containers.setdefault(attr, []).extend(elements)
                elif _is_name(receiver):
                    local_lists.setdefault(dotted(receiver), []).extend(elements)
            if type(receiver) is ast.Name and receiver.id == "self":
                called.add(method)
        stack.extend(children(node))
    for attr, values in pending:
        elements = _element_classes(values, imports, local_lists)
        if elements:
            info.containers.setdefault(attr, []).extend(elements)
    return called


def _element_classes(values: List[ast.AST], imports: Imports, local_lists: Dict[str, List[str]]) -> List[str]:
    found: List[str] = []
    stack = list(values)
    while stack:
        expr = stack.pop()
        tp = type(expr)
        if tp is ast.Call:
            callee = imports.resolve(expr.func)
            if callee and callee.rsplit(".", 1)[-1][:1].isupper() and callee not in CONTAINER_CLASSES:
                found.append(callee)
        elif tp is ast.List or tp is ast.Tuple or tp is ast.Set:
            stack.extend(e.value if type(e) is ast.Starred else e for e in expr.elts)
        elif tp is ast.ListComp or tp is ast.GeneratorExp or tp is ast.SetComp:
            stack.append(expr.elt)
        elif tp is ast.DictComp:
            stack.append(expr.value)
        elif tp is ast.Dict:
            stack.extend(v for k, v in zip(expr.keys, expr.values) if k is not None)
        elif tp is ast.Starred:
            stack.append(expr.value)
        elif _is_name(expr):
            found.extend(local_lists.get(dotted(expr), ()))
    return found


def _local_class_aliases(init, imports: Imports, params: Set[str]) -> Dict[str, List[str]]:
    """engine._local_class_aliases: `rnn = nn.GRU if gru else nn.LSTM` binds a local name to classes only."""
    aliases: Dict[str, List[str]] = {}
    spoiled: Set[str] = set(params)
    for node in ast.walk(init):
        if type(node) is ast.Assign:
            for target in node.targets:
                if _is_name(target) and len(node.targets) == 1:
                    classes = _class_alternatives(node.value, imports)
                    if classes is None:
                        spoiled.add(target.id)
                    else:
                        aliases.setdefault(target.id, []).extend(classes)
                else:
                    spoiled.update(n.id for n in ast.walk(target) if type(n) is ast.Name)
        elif type(node) in (ast.AnnAssign, ast.AugAssign, ast.For, ast.NamedExpr) and _is_name(node.target):
            spoiled.add(node.target.id)
    return {name: classes for name, classes in aliases.items() if name not in spoiled}


def _local_instances(init, params: Set[str]) -> Dict[str, ast.Call]:
    """engine._local_instances: `group = SE3()` then `self.group = group`, the name's only binding."""
    calls: Dict[str, ast.Call] = {}
    spoiled: Set[str] = set(params)
    for node in ast.walk(init):
        if type(node) is ast.Assign:
            for target in node.targets:
                if type(target) is ast.Name and len(node.targets) == 1 and type(node.value) is ast.Call \
                        and target.id not in calls:
                    calls[target.id] = node.value
                else:
                    spoiled.update(n.id for n in ast.walk(target) if type(n) is ast.Name)
        elif type(node) in (ast.AnnAssign, ast.AugAssign, ast.For, ast.NamedExpr) and type(node.target) is ast.Name:
            spoiled.add(node.target.id)
    return {name: call for name, call in calls.items() if name not in spoiled}


def _made_value(value: ast.AST, made: Dict[str, ast.Call], defaults: Dict[str, ast.AST]) -> ast.AST:
    if type(value) is ast.Name:
        return made.get(value.id) or defaults.get(value.id) or value
    return value


def _named_defaults(init, imports: Imports) -> Dict[str, ast.AST]:
    """engine._named_defaults: a parameter of __init__ never rebound there reads as its default, a name."""
    rebound = {name.id for node in _assignments(init.body)
               for target in (node.targets if type(node) is ast.Assign else [node.target])
               for name in ast.walk(target) if type(name) is ast.Name}
    args = init.args
    pairs = [*zip(args.args[len(args.args) - len(args.defaults):], args.defaults), *zip(args.kwonlyargs, args.kw_defaults)]
    return {param.arg: default for param, default in pairs
            if (_is_name(default) or type(default) is ast.Attribute) and param.arg not in rebound
            and dotted(default) not in ("None", "True", "False") and imports.resolve(default)}


def _wrapped_sequence(value: ast.AST, imports: Imports) -> Optional[str]:
    """engine._wrapped_sequence: `nn.ModuleList(blocks)` / `nn.Sequential(*blocks)`: the parameter name."""
    if type(value) is not ast.Call or len(value.args) != 1 or value.keywords:
        return None
    container = imports.resolve(value.func)
    if container not in CONTAINER_CLASSES or container.endswith("ModuleDict"):
        return None
    argument = value.args[0].value if type(value.args[0]) is ast.Starred else value.args[0]
    return argument.id if type(argument) is ast.Name else None


def _held_parameter(value: ast.AST) -> Optional[str]:
    """engine._held_parameter: `p`, `p if p is not None else Default()`, `p or Default()`."""
    if type(value) is ast.Name:
        return value.id
    if type(value) is ast.IfExp and type(value.body) is ast.Name:
        test = value.test.left if type(value.test) is ast.Compare else value.test
        return value.body.id if type(test) is ast.Name and test.id == value.body.id else None
    if type(value) is ast.BoolOp and type(value.op) is ast.Or and type(value.values[0]) is ast.Name:
        return value.values[0].id
    return None


def _declared_classes(init, imports: Imports) -> Tuple[Dict[str, str], Dict[str, str]]:
    """engine._declared_classes: `encoder: AbsEncoder` / `Optional[AbsEncoder]` in __init__, never rebound there;
    and the class of a sequence's elements (`blocks: list[Block]`)."""
    rebound = {name.id for node in _assignments(init.body)
               for target in (node.targets if type(node) is ast.Assign else [node.target])
               for name in ast.walk(target) if type(name) is ast.Name}
    found: Dict[str, str] = {}
    elements: Dict[str, str] = {}
    for param in (*init.args.args, *init.args.kwonlyargs):
        spelled = param.annotation
        if spelled is None or param.arg in rebound:
            continue
        if type(spelled) is ast.Subscript and imports.resolve(spelled.value) == "typing.Optional":
            spelled = spelled.slice
        elif type(spelled) is ast.BinOp and type(spelled.op) is ast.BitOr \
                and type(spelled.right) is ast.Constant and spelled.right.value is None:
            spelled = spelled.left
        for held, spelling in ((found, spelled), (elements, _sequence_element(spelled, imports))):
            name = imports.resolve(spelling) if _is_name(spelling) or type(spelling) is ast.Attribute else None
            if name and name.rsplit(".", 1)[-1][:1].isupper() and project_name(imports, name):
                held[param.arg] = name
    return found, elements


def _sequence_element(spelled: ast.AST, imports: Imports) -> Optional[ast.AST]:
    """engine._sequence_element: X of `list[X]`, `Sequence[X]`, `tuple[X, ...]`."""
    if type(spelled) is not ast.Subscript or imports.resolve(spelled.value) not in SEQUENCE_ANNOTATIONS:
        return None
    inner = spelled.slice
    if type(inner) is ast.Tuple:
        ellipsis = len(inner.elts) == 2 and type(inner.elts[1]) is ast.Constant and inner.elts[1].value is Ellipsis
        return inner.elts[0] if ellipsis else None
    return inner


def _assignments(body: List[ast.stmt]) -> List[ast.stmt]:
    """engine._self_assignments' statements: the single-target assignments among a method's statements, nested
    blocks included."""
    found: List[ast.stmt] = []
    stack: List[ast.stmt] = list(body)
    while stack:
        node = stack.pop()
        if type(node) is ast.Assign and len(node.targets) == 1 or type(node) is ast.AnnAssign and node.value is not None:
            found.append(node)
        elif type(node) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            stack.extend(_statements(node))
    return found


def _class_alternatives(value: ast.AST, imports: Imports) -> Optional[List[str]]:
    if type(value) is ast.IfExp:
        body, orelse = _class_alternatives(value.body, imports), _class_alternatives(value.orelse, imports)
        return None if body is None or orelse is None else body + orelse
    name = imports.resolve(value) if _is_name(value) or type(value) is ast.Attribute else None
    return [name] if name and name.rsplit(".", 1)[-1][:1].isupper() else None


def _record_nested_submodule(target, value, info: ClassInfo, imports: Imports) -> None:
    """engine._record_nested_submodule: `self.dec_rnn.lstm = nn.LSTM(...)` under the key "dec_rnn.lstm"."""
    name = dotted(target)
    if name and name.startswith("self.") and name.count(".") == 2 and type(value) is ast.Call:
        callee = imports.resolve(value.func) or ""
        if callee.rsplit(".", 1)[-1][:1].isupper():
            info.record_submodule(name[len("self."):], [callee])


def _record_self_attr(target, value, info: ClassInfo, imports: Imports, params: Set[str],
                      pending: List[Tuple[str, List[ast.AST]]], aliases: Dict[str, List[str]]) -> None:
    attr = is_self_attr(target)
    if attr is None:
        _record_nested_submodule(target, value, info, imports)
        return
    if type(value) is ast.Call and _is_name(value.func) and value.func.id in aliases:
        info.record_submodule(attr, aliases[value.func.id])
        return
    if type(value) is ast.List or type(value) is ast.Tuple:  # engine._record_self_attr
        pending.append((attr, [value]))
    if type(value) is ast.Name and value.id not in params:
        pending.append((attr, [value]))
    if type(value) is ast.Call:
        callee = imports.resolve(value.func) or ""
        last = callee.rsplit(".", 1)[-1]
        if callee in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
            return
        if callee in CONTAINER_CLASSES:
            pending.append((attr, [v for _, _, v in call_args(value)]))
        arguments = call_args(value)
        if callee in PARTIAL_FUNCTIONS and arguments and arguments[0][0] is None:
            function = imports.resolve(arguments[0][2])
            if function:
                info.record_callable(attr, function, all(keyword is not None for keyword, _, _ in arguments[1:]))
            return
        if last[:1].isupper() and callee not in VALUE_CLASSES:
            info.record_submodule(attr, [callee])
            return
    if (_is_name(value) or type(value) is ast.Attribute) and is_self_attr(value) is None \
            and not (_is_name(value) and dotted(value) in params):
        function = imports.resolve(value)
        if function:
            info.record_callable(attr, function, True)


def index_file(text: str, path: str, module: str, is_package: bool) -> Optional[Index]:
    """The file's facts and triggers, or None when CPython cannot parse it (then libcst must say why)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes and the like
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    try:
        return _Indexer(path, module, is_package, text).run(tree)
    except RecursionError:
        return None
