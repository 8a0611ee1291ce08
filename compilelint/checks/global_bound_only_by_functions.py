"""CL180: a read of a module global that no top-level statement of the module binds, only functions declaring it
`global`, when compiled code has just bound it (snnTorch's `utils.reset`: `global is_lapicque; is_lapicque = False`,
then `_layer_reset()`, which reads `if is_lapicque:`).

Dynamo keeps a store to a global as a side effect it applies when the graph ends; a read later in the same traced
frame looks the name up in the module's dict, finds nothing, and breaks ("failed to find name in frame builtins",
GB0354, at the read; measured on 2.13). It breaks whether the binder and the reader are one function or two, and
with the binding in a branch. It compiles where the module binds the name at top level, where the binder ran
eagerly before the compiled call, and where a graph break between the binding and the read applied the store first.

The sequence is read from the compiled function's own body (`F`): top-level statements binding the global (`NAME =
value` under `global NAME`, a value without calls) or calling a function of the module that binds it (a binder),
then a statement reading it or calling a function of the module whose first read of a bound global is the finding.
Statements with other calls end the walk (they may break). Whether `F` is compiled, and whether a binder holds a
break, are decided project-wide (conditions.py, "global-bound-first").
"""

from typing import Dict, Iterator, List, Optional, Set, Tuple

import libcst as cst
import libcst.helpers

from compilelint.check import Check
from compilelint.tensors import parameter_names

HELP = ("bind the global at module level (`is_lapicque = False` at top level), or keep the state in an object or a "
        "tensor the compiled code reads")


class GlobalBoundOnlyByFunctions(Check):
    code = "CL180"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # id of a Name node read -> (the compiled function's qualname, the binders it calls before the read)
        self.armed: Dict[int, Tuple[str, Tuple[str, ...]]] = {}
        if ctx.text is not None and "global " not in ctx.text:
            return  # most files bind no global in a function: the walk below is skipped
        top = _module_bindings(ctx.module)
        if top is None:
            return
        defs = {s.name.value: s for s in ctx.module.body if isinstance(s, cst.FunctionDef)}
        binders = {name: bound - top for name, d in defs.items() if (bound := _globals_assigned(d))}
        names = set().union(*binders.values()) if binders else set()
        if not names:
            return
        reads = {name: _first_reads(d, names) for name, d in defs.items()}
        functions = [(name, d) for name, d in defs.items()] + [
            (f"{c.name.value}.{d.name.value}", d) for c in ctx.module.body if isinstance(c, cst.ClassDef)
            for d in c.body.body if isinstance(d, cst.FunctionDef)]
        for qualname, function in functions:
            armed = _armed_read(function, binders, reads)
            if armed is not None:
                self.armed.setdefault(id(armed[0]), (qualname, armed[1]))

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self.armed:
            compiled, binders = self.armed[id(node)]
            self.report(node, f"`{node.value}` is a module global only functions bind (`global {node.value}`): "
                              "compiled code bound it just before, a store dynamo applies when the graph ends, so "
                              "the read finds no such global and breaks the graph", help=HELP,
                        requires=("global-bound-first", compiled, *binders))


def _armed_read(function: cst.FunctionDef, binders: Dict[str, Set[str]],
                reads: Dict[str, List[Tuple[str, cst.Name]]]) -> Optional[Tuple[cst.Name, Tuple[str, ...]]]:
    """The read of a global `function`'s body binds first (itself or through binders), before any statement that may
    break: (that Name node, the binders called), or None."""
    declared = _declared(function)
    bound: Set[str] = set()
    called: List[str] = []
    for statement in _body(function):
        if isinstance(statement, cst.SimpleStatementLine):
            smalls = statement.body
        elif isinstance(statement, (cst.If, cst.While)):
            smalls = [statement.test]  # only its test: whatever its body does may break
        else:
            return None
        for small in smalls:
            if isinstance(small, cst.Global):
                continue
            if bound:
                read = next((n for n in _loads(small) if n.value in bound), None)
                if read is not None:
                    return read, tuple(called)
            callee = _called_function(small)
            if callee in binders:
                bound |= binders[callee]
                called.append(callee)
                continue
            first = _first_call(small)
            if first is not None and isinstance(first.func, cst.Name) and bound:
                read = next((node for name, node in reads.get(first.func.value, ()) if name in bound), None)
                if read is not None:
                    return read, tuple(called)
            if _has_call(small):
                return None
            if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                bound |= _targets(small) & declared & set().union(*binders.values())
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
    return None


def _body(function: cst.FunctionDef):
    body = function.body
    return body.body if isinstance(body, cst.IndentedBlock) else [cst.SimpleStatementLine(body=body.body)]


def _called_function(small: cst.CSTNode) -> Optional[str]:
    """`f(...)` as a statement, assigned or returned: f's name."""
    value = getattr(small, "value", None)
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        return value.func.value
    return None


def _first_call(node: cst.CSTNode) -> Optional[cst.Call]:
    """The call under `node` Python makes first (its arguments' calls before it, left operands before right)."""
    for child in node.children:
        if not isinstance(child, SCOPES):
            found = _first_call(child)
            if found is not None:
                return found
    return node if isinstance(node, cst.Call) else None


def _has_call(node: cst.CSTNode) -> bool:
    return any(isinstance(n, cst.Call) for n in _walk(node))


SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes under `node` in source order; a nested function, lambda, class or comprehension is yielded, not
    entered."""
    yield node
    for child in node.children:
        if isinstance(child, SCOPES):
            yield child
        else:
            yield from _walk(child)


def _loads(node: cst.CSTNode) -> Iterator[cst.Name]:
    """Names read under `node`, in source order (assignment targets, attribute names and keywords left out)."""
    if isinstance(node, cst.Assign):
        yield from _loads(node.value)
        return
    if isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        if node.value is not None:
            yield from _loads(node.value)
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
            yield node.target
        return
    if isinstance(node, cst.Name):
        yield node
        return
    if isinstance(node, cst.Attribute):
        yield from _loads(node.value)
        return
    if isinstance(node, cst.Arg):
        yield from _loads(node.value)
        return
    if isinstance(node, (*SCOPES, cst.Global, cst.Nonlocal)):
        return
    for child in node.children:
        yield from _loads(child)


def _targets(node: cst.CSTNode) -> Set[str]:
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
    return {n.value for t in targets for n in _walk(t) if isinstance(n, cst.Name)}


def _declared(function: cst.FunctionDef) -> Set[str]:
    return {item.name.value for node in _walk(function.body) if isinstance(node, cst.Global) for item in node.names}


def _globals_assigned(function: cst.FunctionDef) -> Set[str]:
    """Names `function` declares `global` and binds (an assignment or a loop target anywhere in its body)."""
    declared = _declared(function)
    return _locals(function) & declared if declared else set()


def _first_reads(function: cst.FunctionDef, names: Set[str]) -> List[Tuple[str, cst.Name]]:
    """(name, node) of `function`'s reads of these globals before any call in its body may break, first read
    first: a read in the first statement that reads one of them, if no statement before it calls anything."""
    local = (_locals(function) - _declared(function)) | parameter_names(function)
    wanted = names - local
    if not wanted:
        return []
    for statement in _body(function):
        header = statement.test if isinstance(statement, (cst.If, cst.While)) else statement \
            if isinstance(statement, cst.SimpleStatementLine) else None
        if header is None:
            return []
        reads = [(n.value, n) for n in _loads(header) if n.value in wanted]
        if reads:
            return reads[:1]
        if _has_call(header):
            return []
        if not isinstance(statement, cst.SimpleStatementLine):
            return []
    return []


def _locals(function: cst.FunctionDef) -> Set[str]:
    bound: Set[str] = set()
    for node in _walk(function.body):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            bound |= _targets(node)
        elif isinstance(node, cst.For):
            bound |= {n.value for n in _walk(node.target) if isinstance(n, cst.Name)}
    return bound


def _module_bindings(module: cst.Module) -> Optional[Set[str]]:
    """Names the module's top-level code binds (outside function and class bodies); None after `import *`."""
    bound: Set[str] = set()
    for node in _walk(module):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            bound.add(node.name.value)
        elif isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            bound |= _targets(node)
        elif isinstance(node, cst.For):
            bound |= {n.value for n in _walk(node.target) if isinstance(n, cst.Name)}
        elif isinstance(node, cst.AsName):
            bound |= {n.value for n in _walk(node.name) if isinstance(n, cst.Name)}
        elif isinstance(node, (cst.Import, cst.ImportFrom)):
            if isinstance(node.names, cst.ImportStar):
                return None
            bound |= {(a.asname.name.value if a.asname and isinstance(a.asname.name, cst.Name)
                       else libcst.helpers.get_full_name_for_node(a.name).split(".")[0]) for a in node.names}
        elif isinstance(node, cst.NamedExpr) and isinstance(node.target, cst.Name):
            bound.add(node.target.value)
    return bound
