"""Lint one file: parse once, one traversal that keeps the shared context and feeds every enabled check.

The result is plain data (facts + candidate findings with positions) so that the project-wide step
(which functions are compiled) and a cache can work on it without the syntax tree.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Type

import libcst as cst

from compilelint import dynamo_config
from compilelint.check import Check, FixSpec
from compilelint.facts import ClassInfo, FileFacts, FunctionFacts
from compilelint.findings import Edit, Fix, Location
from compilelint.names import ImportTable, dotted
from compilelint.positions import compute_spans
from compilelint.tensors import NOT_TENSOR, TENSOR, UNKNOWN, Kind, TensorInference, annotation_kind, bind_target

# Fields that hold only whitespace and punctuation: never walked.
_SKIPPED_FIELDS = frozenset(
    "lpar rpar comma semicolon leading_lines lines_after_decorators header footer colon newline equal dot "
    "operator lbracket rbracket lbrace rbrace arrow asynchronous star relative first_line "
    "trailing_whitespace".split()
)
_CHILD_FIELDS: Dict[type, Tuple[str, ...]] = {}

GUARD_IS_COMPILING = frozenset({"torch.compiler.is_compiling", "torch._dynamo.is_compiling", "torch.compiler.is_dynamo_compiling"})
GUARD_IS_SCRIPTING = frozenset({"torch.jit.is_scripting", "torch.jit.is_tracing"})
# Context managers dynamo handles natively: a break under them is an ordinary break.
TORCH_CONTEXT_PREFIXES = ("torch.",)
COMPOUND_STATEMENTS = (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.FunctionDef, cst.ClassDef)


def _child_fields(tp: type) -> Tuple[str, ...]:
    fields = _CHILD_FIELDS.get(tp)
    if fields is None:
        fields = tuple(
            f.name for f in dataclasses.fields(tp)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        _CHILD_FIELDS[tp] = fields
    return fields


@dataclass(frozen=True)
class Candidate:
    """A finding before we know whether its function is compiled."""

    code: str
    message: str
    pattern: str
    help: str
    start: Location
    end: Location
    statement_row: int
    function: Optional[str]  # region key: "func" or "Class.method"
    amplifiers: Tuple[str, ...]  # "loop", "user-context-manager", "try"
    extra_gb: Tuple[str, ...]
    fix: Optional[Fix]
    # reported wherever it sits, compiled or not (call sites, configuration, the training loop)
    anywhere: bool = False
    # dynamo settings patched around this line (`config.patch` decorators and with-blocks)
    dynamo: Tuple[Tuple[str, Any], ...] = ()


@dataclass
class FileResult:
    path: str
    facts: FileFacts
    candidates: List[Candidate] = field(default_factory=list)
    error: Optional[Tuple[str, str, int, int]] = None  # (code, message, row, col) when unlintable


@dataclass
class _Frame:
    region_key: Optional[str]
    env: Dict[str, Kind]
    cls: Optional[ClassInfo]
    loops: int = 0
    user_contexts: int = 0
    tries: int = 0


class FileContext:
    """Shared, computed-once context for the checks of one file."""

    def __init__(self, path: str, module: cst.Module, module_name: str, is_package: bool) -> None:
        self.path = path
        self.module = module
        self.imports = ImportTable(module_name, is_package)
        self.facts = FileFacts(path=path, module=module_name)
        self.inference = TensorInference(self.imports)
        self.frames: List[_Frame] = []
        self.class_stack: List[Optional[ClassInfo]] = []
        self.statements: List[cst.CSTNode] = []
        self.holes = 0  # inside a branch that does not run under dynamo
        self.module_values: Dict[str, str] = {}  # module-level `name = f(...)` -> qualified f
        self._raw: List[tuple] = []
        self._function_nodes: Dict[str, cst.FunctionDef] = {}
        self._compile_site_nodes: List[Tuple[str, cst.Call]] = []
        self._block_effects: Dict[int, List[str]] = {}
        self._active_effects: List[List[str]] = []
        self.indents: List[str] = []  # indentation of each enclosing indented block
        self.torch_imported = False  # environment defaults only count before torch reads them
        self.local_dynamo: List[dynamo_config.Settings] = []  # active config.patch scopes
        self._block_dynamo: Dict[int, dynamo_config.Settings] = {}

    # -- what checks ask ---------------------------------------------------------------------------
    @property
    def frame(self) -> Optional[_Frame]:
        return self.frames[-1] if self.frames else None

    def kind(self, expr: cst.BaseExpression) -> Kind:
        frame = self.frame
        if frame is None:
            return UNKNOWN
        return self.inference.kind(expr, frame.env, frame.cls)

    def is_tensor(self, expr: cst.BaseExpression) -> bool:
        return self.kind(expr) == TENSOR

    def resolve(self, expr: cst.BaseExpression) -> Optional[str]:
        return self.imports.resolve(expr)

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

    def report(self, code, node, message, *, pattern, help, fix: Optional[FixSpec], extra_gb,
               anywhere: bool = False) -> None:
        frame = self.frame
        if self.holes or (frame is None and not anywhere):
            return
        amplifiers = tuple(
            name for name, active in (("loop", frame.loops), ("user-context-manager", frame.user_contexts),
                                      ("try", frame.tries)) if active
        ) if frame is not None and not anywhere else ()
        statement = self.statements[-1] if self.statements else node
        dynamo = tuple((name, tuple(v) if isinstance(v, list) else v)
                       for layer in self.local_dynamo for name, v in layer.items())
        self._raw.append((code, node, statement, message, pattern, help, frame.region_key if frame else None,
                          amplifiers, tuple(extra_gb), fix, anywhere, dynamo))

    # -- building the result -----------------------------------------------------------------------
    def finish(self) -> FileResult:
        """Positions for everything reported and for the definitions the facts name: one codegen pass."""
        nodes = list(self._function_nodes.values()) + [n for _, n in self._compile_site_nodes]
        anchor = None
        for _code, node, statement, *_rest, fix, _anywhere, _dynamo in self._raw:
            nodes += [node, statement]
            if fix is not None:
                nodes += [n for n, _ in fix.replacements]
                if fix.imports and anchor is None:
                    anchor = _import_anchor(self.module)
                    nodes.append(anchor)
        spans = compute_spans(self.module, nodes)
        self._import_row = spans[id(anchor)][0][0] if anchor is not None else 1
        for qualname, node in self._function_nodes.items():
            self.facts.functions[qualname].line = spans[id(node)][0][0]
        self.facts.compile_sites = [(target, spans[id(node)][0][0]) for target, node in self._compile_site_nodes]
        return FileResult(path=self.path, facts=self.facts, candidates=self._candidates(spans))

    def _candidates(self, spans) -> List[Candidate]:
        out = []
        for (code, node, statement, message, pattern, help, region_key, amplifiers, extra_gb, fix, anywhere,
             dynamo) in self._raw:
            (row, col), (end_row, end_col) = spans[id(node)]
            out.append(Candidate(
                code=code, message=message, pattern=pattern, help=help,
                start=Location(row, col + 1), end=Location(end_row, end_col + 1),
                statement_row=spans[id(statement)][0][0], function=region_key, amplifiers=amplifiers,
                extra_gb=extra_gb,
                fix=_resolve_fix(fix, spans, self.module.default_newline, self._import_row) if fix else None,
                anywhere=anywhere, dynamo=dynamo,
            ))
        return out


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


class _Walker:
    """One iterative traversal (no recursion limit on deep expressions), enter and leave dispatch."""

    def __init__(self, ctx: FileContext, checks: Sequence[Check]) -> None:
        self.ctx = ctx
        self.enter: Dict[type, List[Callable]] = {}
        self.leave: Dict[type, List[Callable]] = {}
        builtin = _ContextKeeper(ctx)
        for name in dir(builtin):
            if name.startswith("visit_"):
                self.enter.setdefault(getattr(cst, name[6:]), []).append(getattr(builtin, name))
        for check in checks:
            for name in dir(check):
                if name.startswith(("visit_", "leave_")):
                    handler = getattr(check, name)
                    if check.in_functions_only:
                        handler = _in_functions(ctx, handler)
                    table = self.enter if name.startswith("visit_") else self.leave
                    table.setdefault(getattr(cst, name[6:]), []).append(handler)
        # the context is updated after the checks have seen a node
        for name in dir(builtin):
            if name.startswith("leave_"):
                self.leave.setdefault(getattr(cst, name[6:]), []).append(getattr(builtin, name))

    def walk(self, root: cst.CSTNode) -> None:
        enter, leave = self.enter, self.leave
        stack: List[Tuple[cst.CSTNode, bool]] = [(root, False)]
        while stack:
            node, leaving = stack.pop()
            tp = type(node)
            if leaving:
                for handler in leave[tp]:
                    handler(node)
                continue
            for handler in enter.get(tp, ()):
                handler(node)
            if tp in leave:
                stack.append((node, True))
            children = []
            for name in _child_fields(tp):
                value = getattr(node, name)
                if isinstance(value, cst.CSTNode):
                    children.append(value)
                elif type(value) in (list, tuple):
                    children.extend(c for c in value if isinstance(c, cst.CSTNode))
            stack.extend((c, False) for c in reversed(children))


def _in_functions(ctx: FileContext, handler: Callable) -> Callable:
    def guarded(node):
        if ctx.frames:
            handler(node)
    return guarded


class _ContextKeeper:
    """The engine's own handlers: imports, frames, tensor environments, loop/with/try/hole nesting,
    and the per-file facts the project-wide region analysis needs."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx

    # imports
    def visit_Import(self, node):
        self.ctx.imports.add(node)
        self.ctx.torch_imported |= any((dotted(a.name) or "").split(".")[0] == "torch" for a in node.names)

    def visit_ImportFrom(self, node):
        self.ctx.imports.add(node)
        self.ctx.torch_imported |= (dotted(node.module) or "").split(".")[0] == "torch" if node.module else False

    # statements (for suppressions on the first line of a multi-line statement)
    def visit_SimpleStatementLine(self, node):
        self.ctx.statements.append(node)
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

    def leave_SimpleStatementLine(self, node):
        self.ctx.statements.pop()

    # classes and functions
    def visit_ClassDef(self, node):
        ctx = self.ctx
        ctx.statements.append(node)
        top_level = not ctx.frames and not ctx.class_stack
        info = _class_info(node, ctx.imports, ctx.inference) if top_level else None
        if info is not None:
            ctx.facts.classes[info.name] = info
        ctx.class_stack.append(info)

    def leave_ClassDef(self, node):
        self.ctx.class_stack.pop()
        self.ctx.statements.pop()

    def visit_FunctionDef(self, node):
        ctx = self.ctx
        ctx.statements.append(node)
        parent = ctx.frame
        cls = ctx.class_stack[-1] if ctx.class_stack else None
        if parent is not None:  # nested function: part of its enclosing region, sees its locals
            frame = _Frame(parent.region_key, dict(parent.env), parent.cls)
        elif ctx.class_stack and cls is None:  # method of a class nested in a function: not tracked
            frame = _Frame(None, {}, None)
        else:
            qualname = f"{cls.name}.{node.name.value}" if cls else node.name.value
            ctx.facts.functions[qualname] = FunctionFacts(
                qualname=qualname, line=0, class_name=cls.name if cls else None,
                decorators=[_decorator_name(d, ctx.imports) for d in node.decorators],
            )
            ctx._function_nodes[qualname] = node
            frame = _Frame(qualname, {}, cls)
        _bind_params(node, frame, ctx, entry_like=_entry_like(node, cls, ctx.imports))
        ctx.frames.append(frame)
        patched: dynamo_config.Settings = {}
        for decorator in node.decorators:
            if isinstance(decorator.decorator, cst.Call):
                patched.update(dynamo_config.patch_settings(decorator.decorator, ctx.imports) or {})
        if patched:
            ctx._block_dynamo[id(node.body)] = patched
            self._mark(node.body, "dynamo-config")

    def leave_FunctionDef(self, node):
        self.ctx.frames.pop()
        self.ctx.statements.pop()

    # calls: facts for the call graph and compile sites
    def visit_Call(self, node):
        ctx = self.ctx
        func = node.func
        name = ctx.imports.resolve(func)
        if name in ("torch.compile", "torch._dynamo.optimize") and node.args:
            target = dotted(node.args[0].value)
            if target:
                ctx._compile_site_nodes.append((target, node))
        frame = ctx.frame
        if frame is None or frame.region_key is None:
            return
        calls = ctx.facts.functions[frame.region_key].calls
        if isinstance(func, cst.Attribute):
            receiver = func.value
            if isinstance(receiver, cst.Name) and receiver.value == "self":
                calls.append(("self", func.attr.value))
            elif isinstance(receiver, cst.Call) and dotted(receiver.func) == "super":
                calls.append(("super", func.attr.value))
            elif name:
                calls.append(("name", name))
        elif name:
            calls.append(("name", name))

    # tensor environment
    def leave_Assign(self, node):
        frame = self.ctx.frame
        if frame is None:
            if isinstance(node.value, cst.Call):
                callee = self.ctx.resolve(node.value.func)
                for target in node.targets:
                    if isinstance(target.target, cst.Name) and callee:
                        self.ctx.module_values[target.target.value] = callee
        else:
            kind = self.ctx.kind(node.value)
            elements = self.ctx.inference.elements_kind(node.value, frame.env, frame.cls)
            for target in node.targets:
                bind_target(target.target, kind, frame.env, elements)

    def leave_AnnAssign(self, node):
        frame = self.ctx.frame
        if frame is not None:
            kind = annotation_kind(node.annotation, self.ctx.imports)
            if kind == UNKNOWN and node.value is not None:
                kind = self.ctx.kind(node.value)
            bind_target(node.target, kind, frame.env)

    def leave_AugAssign(self, node):
        frame = self.ctx.frame
        if frame is not None and isinstance(node.target, cst.Name):
            if self.ctx.kind(node.value) == TENSOR:
                frame.env[node.target.value] = TENSOR

    def leave_NamedExpr(self, node):
        frame = self.ctx.frame
        if frame is not None:
            bind_target(node.target, self.ctx.kind(node.value), frame.env)

    # nesting: loops, context managers, try blocks, and branches dynamo never traces
    def visit_For(self, node):
        frame = self.ctx.frame
        if frame is not None:
            is_range = isinstance(node.iter, cst.Call) and self.ctx.resolve(node.iter.func) in ("range", "enumerate")
            bind_target(node.target, NOT_TENSOR if is_range and isinstance(node.target, cst.Name) else UNKNOWN,
                        frame.env)
        self.ctx.statements.append(node)
        self._mark(node.body, "loop")

    def visit_While(self, node):
        self.ctx.statements.append(node)
        self._mark(node.body, "loop")

    def visit_With(self, node):
        self.ctx.statements.append(node)
        user = any(not (self.ctx.resolve(_ctx_callee(item.item)) or "").startswith(TORCH_CONTEXT_PREFIXES)
                   for item in node.items)
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
                    bind_target(item.asname.name, UNKNOWN, frame.env)

    def visit_Try(self, node):
        self.ctx.statements.append(node)
        self._mark(node.body, "try")

    def visit_If(self, node):
        self.ctx.statements.append(node)
        hole = _hole_branch(node.test, self.ctx.imports)
        if hole == "body":
            self._mark(node.body, "hole")
        elif hole == "orelse" and node.orelse is not None:
            self._mark(node.orelse, "hole")

    def leave_For(self, node):
        self.ctx.statements.pop()

    leave_While = leave_With = leave_Try = leave_If = leave_For

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
            if effect == "hole":
                ctx.holes += sign
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

    def leave_IndentedBlock(self, node):
        self._apply(node, -1)
        self.ctx.indents.pop()


def _ctx_callee(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.func if isinstance(expr, cst.Call) else expr


def _decorator_name(decorator: cst.Decorator, imports: ImportTable) -> str:
    return imports.resolve(_ctx_callee(decorator.decorator)) or ""


def _entry_like(node: cst.FunctionDef, cls: Optional[ClassInfo], imports: ImportTable) -> bool:
    """forward and torch.compile'd functions receive tensors in their positional parameters."""
    if cls is not None and node.name.value == "forward":
        return True
    return any(_decorator_name(d, imports) in ("torch.compile", "torch._dynamo.optimize") for d in node.decorators)


def _bind_params(node: cst.FunctionDef, frame: _Frame, ctx: FileContext, entry_like: bool) -> None:
    params = node.params
    for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
        kind = annotation_kind(param.annotation, ctx.imports)
        if kind == UNKNOWN:
            if param.default is not None:
                default_kind = ctx.inference.kind(param.default, {})
                kind = NOT_TENSOR if default_kind == NOT_TENSOR and not _is_none(param.default) else UNKNOWN
            elif entry_like and param.name.value not in ("self", "cls"):
                kind = TENSOR
        frame.env[param.name.value] = kind
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            frame.env[star.name.value] = NOT_TENSOR  # *args is a tuple, **kwargs a dict


def _is_none(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _hole_branch(test: cst.BaseExpression, imports: ImportTable) -> Optional[str]:
    """Which branch of `if test:` dynamo never traces, if the test is a compile-time guard."""
    negated = False
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, negated = test.expression, True
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) and not negated:
        # `if not is_compiling() and verbose:` runs its body only in eager
        for part in (test.left, test.right):
            if _hole_branch(part, imports) == "body":
                return "body"
        return None
    if not isinstance(test, cst.Call):
        return None
    name = imports.resolve(test.func)
    if name in GUARD_IS_COMPILING:  # True under dynamo: the else side is never traced
        return "body" if negated else "orelse"
    if name in GUARD_IS_SCRIPTING:  # False under dynamo: the if side is never traced
        return "orelse" if negated else "body"
    return None


def _class_info(node: cst.ClassDef, imports: ImportTable, inference: TensorInference) -> ClassInfo:
    info = ClassInfo(name=node.name.value, bases=[b for b in (imports.resolve(a.value) for a in node.bases) if b])
    for statement in node.body.body:
        if isinstance(statement, cst.FunctionDef):
            info.methods.append(statement.name.value)
            if statement.name.value == "__init__":
                _scan_init(statement, info, imports, inference)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    if annotation_kind(small.annotation, imports) == TENSOR:
                        info.tensor_attrs.add(small.target.value)
    return info


def _scan_init(init: cst.FunctionDef, info: ClassInfo, imports: ImportTable, inference: TensorInference) -> None:
    """`self.x = ...` and `register_buffer` in __init__ tell what `self.x` is in forward."""
    env: Dict[str, Kind] = {}
    for param in init.params.params:
        kind = annotation_kind(param.annotation, imports)
        if kind == UNKNOWN and param.default is not None and not _is_none(param.default):
            kind = inference.kind(param.default, {})
        env[param.name.value] = kind
    stack: List[cst.CSTNode] = [init.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            _record_self_attr(node.targets[0].target, node.value, info, imports, inference, env)
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            _record_self_attr(node.target, node.value, info, imports, inference, env)
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and dotted(node.func.value) == "self" and node.func.attr.value in ("register_buffer", "register_parameter") \
                and node.args and isinstance(node.args[0].value, cst.SimpleString):
            info.tensor_attrs.add(node.args[0].value.evaluated_value)
        for name in _child_fields(type(node)):
            value = getattr(node, name)
            if isinstance(value, cst.CSTNode):
                stack.append(value)
            elif type(value) in (list, tuple):
                stack.extend(c for c in value if isinstance(c, cst.CSTNode))


def _record_self_attr(target, value, info: ClassInfo, imports: ImportTable, inference: TensorInference, env) -> None:
    name = dotted(target)
    if not name or not name.startswith("self.") or name.count(".") != 1:
        return
    attr = name[5:]
    if isinstance(value, cst.Call):
        callee = imports.resolve(value.func) or ""
        last = callee.rsplit(".", 1)[-1]
        if callee in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
            info.tensor_attrs.add(attr)
            return
        if last[:1].isupper() and callee not in ("torch.Size", "torch.dtype", "torch.device", "torch.Generator"):
            info.submodules[attr] = callee
            return
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
) -> FileResult:
    ctx = FileContext(path, module, module_name, is_package)
    _Walker(ctx, [check(ctx) for check in checks]).walk(module)
    return ctx.finish()
