"""CL167's sparse parameters: which parameters of a file's functions hold sparse tensors, decided over the whole file
before its functions are visited (a caller may come before its callee).

A parameter is sparse on strong evidence in its own function:
- a method only sparse tensors have is called on it (`adj._values()`, `adj._nnz()`), outside a branch that tests a
  layout;
- it is the sparse operand of a sparse-matrix function (`torch.spmm(adj, x)`, `torch.sparse.mm(adj, x)`,
  `torch.sparse.addmm(b, adj, x)`, `torch.sparse.sum(adj)`), also in a lambda closing over it (`half = lambda m:
  torch.sparse.mm(lap, m)`, a polynomial filter's step): GCN code keeps its adjacency sparse for these;
- it is handed to a parameter of a function of this file that is sparse: a plain call of a top-level function
  (`propagate(adj, h)`), a method of the class (`self.encode(x, adj)`), or a submodule `__init__` builds from a
  class of this file (`self.gc1(x, adj)`, its `forward`).
The last two count only in statements no `if` holds, and only for a parameter the function never asks the layout or
type of (`adj.is_sparse`, `adj.layout`, `is_torch_sparse_tensor(adj)`, `isinstance(adj, SparseTensor)`: code that
takes either kind, as torch_geometric's layers do) nor rebinds to anything but a layout-keeping method of itself
(`adj = adj.to(device)`: another value under the same name says nothing of what the caller passed)."""

from __future__ import annotations

from typing import Callable, Dict, Iterator, List, Optional, Set, Tuple

import libcst as cst

from compilelint.engine import child_nodes

# qualified function -> the position of its sparse operand (a dense one works for spmm / sparse.mm / sparse.addmm,
# raises for the others: the operand of the first three is sparse by the code's intent, which every GCN layer states)
SPARSE_OPERANDS = {"torch.spmm": 0, "torch.sparse.mm": 0, "torch.sparse.addmm": 1, "torch.sparse.sum": 0,
                   "torch.sparse.softmax": 0, "torch.sparse.log_softmax": 0, "torch.hspmm": 0, "torch.smm": 0,
                   "torch.sspaddmm": 1}
Function = Tuple[cst.FunctionDef, Optional[cst.ClassDef]]
LAYOUT_ATTRIBUTES = frozenset({"is_sparse", "is_sparse_csr", "layout"})


def parameters(function: cst.FunctionDef, method: bool) -> List[str]:
    """The names a call's arguments bind, in order (`self` / `cls` of a method left out), keyword-only ones last."""
    names = [p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                    *function.params.kwonly_params)]
    return names[1:] if method and names and names[0] in ("self", "cls") else names


def _positional(function: cst.FunctionDef, method: bool) -> List[str]:
    names = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    return names[1:] if method and names and names[0] in ("self", "cls") else names


class SparseParameters:
    """`of(function)`: the parameters of a function of the module known to hold a sparse tensor."""

    def __init__(self, module: cst.Module, qualified: Callable[[cst.BaseExpression], Optional[str]],
                 statements: Callable[[cst.BaseSuite], Iterator[tuple]],
                 calls_in: Callable[[cst.CSTNode], Iterator[cst.Call]], sparse_only: Set[str],
                 keep_layout: Set[str]) -> None:
        """`qualified`: an expression's imported qualified name; `statements`: a body's simple statements with whether
        a layout test guards them; `calls_in`: a statement's calls; `sparse_only` / `keep_layout`: method names."""
        self._qualified, self._statements, self._calls_in = qualified, statements, calls_in
        self._sparse_only, self._keep_layout = sparse_only, keep_layout
        self._defs = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
        self._classes = {s.name.value: s for s in module.body if isinstance(s, cst.ClassDef)}
        functions: List[Function] = [(f, None) for f in self._defs.values()]
        functions += [(m, c) for c in self._classes.values() for m in c.body.body if isinstance(m, cst.FunctionDef)]
        self._sparse: Dict[int, Set[str]] = {}
        calls: Dict[int, List[cst.Call]] = {}
        own: Dict[int, Set[str]] = {}  # the parameters evidence through calls may reach
        for function, cls in functions:
            own[id(function)] = _plain(function, cls is not None, self._keep_layout)
            self._sparse[id(function)], calls[id(function)] = self._evidence(function, cls is not None,
                                                                             own[id(function)])
        changed = True
        while changed:  # least fixpoint: a parameter becomes sparse once a callee's parameter it feeds is
            changed = False
            for function, cls in functions:
                for call in calls[id(function)]:
                    for name in self._fed_sparse(call, cls) & own[id(function)] - self._sparse[id(function)]:
                        self._sparse[id(function)].add(name)
                        changed = True

    def of(self, function: cst.FunctionDef, method: bool) -> Set[str]:
        if id(function) not in self._sparse:  # a nested function: its own evidence only
            self._sparse[id(function)] = self._evidence(function, method)[0]
        return self._sparse[id(function)]

    def _evidence(self, function: cst.FunctionDef, method: bool,
                  plain: Optional[Set[str]] = None) -> Tuple[Set[str], List[cst.Call]]:
        """The parameters sparse by the function's own code, and its calls no `if` holds (`plain`: its _plain
        parameters, when known)."""
        params = set(parameters(function, method))
        names: Set[str] = set()
        for small, guarded in self._statements(function.body):
            for call in () if guarded else self._calls_in(small):
                receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
                if isinstance(receiver, cst.Name) and receiver.value in params and not call.args and \
                        call.func.attr.value in self._sparse_only:
                    names.add(receiver.value)
        if plain is None:
            plain = _plain(function, method, self._keep_layout)
        calls = [call for small in _unconditional(function.body) for call in _calls(small)]
        # a lambda's calls too (`half = lambda m: torch.sparse.mm(lap, m)`): the operand it closes over is the
        # function's, not one of the lambda's own parameters
        captured = [(call, shadowed) for small in _unconditional(function.body)
                    for call, shadowed in _lambda_calls(small)]
        for call, shadowed in [(call, frozenset()) for call in calls] + captured:
            position = SPARSE_OPERANDS.get(self._qualified(call.func) or "")
            positional = [a.value for a in call.args if a.keyword is None and not a.star]
            if position is not None and len(positional) > position and \
                    isinstance(positional[position], cst.Name) and positional[position].value in plain - shadowed:
                names.add(positional[position].value)
        return names, calls

    def _fed_sparse(self, call: cst.Call, cls: Optional[cst.ClassDef]) -> Set[str]:
        """The names the call hands to a sparse parameter of the function of this file it resolves to."""
        target = self._target(call.func, cls)
        if target is None:
            return set()
        callee, method = target
        sparse = self._sparse.get(id(callee), set())
        fed: Set[str] = set()
        positional = _positional(callee, method)
        for index, arg in enumerate(call.args):
            if arg.star:
                break  # `*args`, `**kwargs`: the rest of the mapping is unknown
            name = arg.keyword.value if arg.keyword is not None else \
                positional[index] if index < len(positional) else None
            if name in sparse and isinstance(arg.value, cst.Name):
                fed.add(arg.value.value)
        return fed

    def _target(self, func: cst.BaseExpression, cls: Optional[cst.ClassDef]) -> Optional[Tuple[cst.FunctionDef, bool]]:
        """The function of this file a call runs, and whether it is bound: `f(...)` of a top-level def,
        `self.m(...)` of a method of the class (or a base class of this file), `self.sub(...)` of the `forward`
        of a class of this file `__init__` assigns `self.sub` an instance of."""
        if isinstance(func, cst.Name):
            found = self._defs.get(func.value)
            return (found, False) if found is not None and self._qualified(func) is None else None
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"
                and cls is not None):
            return None
        method = self._method(cls, func.attr.value)
        if method is not None:
            return method, True
        built = self._built_in_init(cls, func.attr.value)
        forward = self._method(self._classes[built], "forward") if built in self._classes else None
        return (forward, True) if forward is not None else None

    def _lineage(self, cls: cst.ClassDef) -> Iterator[cst.ClassDef]:
        """The class and its base classes of this file, nearest first."""
        seen: Set[str] = set()
        pending = [cls]
        while pending:
            current = pending.pop(0)
            if current.name.value in seen:
                continue
            seen.add(current.name.value)
            yield current
            pending += [self._classes[b.value.value] for b in current.bases
                        if isinstance(b.value, cst.Name) and b.value.value in self._classes]

    def _method(self, cls: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
        for current in self._lineage(cls):
            for statement in current.body.body:
                if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
                    return statement
        return None

    def _built_in_init(self, cls: cst.ClassDef, attr: str) -> Optional[str]:
        """The class of this file every `self.attr = Cls(...)` of the `__init__` that runs builds, if one."""
        init = self._method(cls, "__init__")
        if init is None:
            return None
        built: Set[Optional[str]] = set()
        for small, _ in self._statements(init.body):
            if not isinstance(small, cst.Assign):
                continue
            for target in small.targets:
                node = target.target
                if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
                        node.value.value == "self" and node.attr.value == attr:
                    value = small.value
                    built.add(value.func.value if isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                              and self._qualified(value.func) is None else None)
        return built.pop() if len(built) == 1 else None


def _plain(function: cst.FunctionDef, method: bool, keep_layout: Set[str]) -> Set[str]:
    """The parameters the function neither rebinds nor asks the layout or type of."""
    return set(parameters(function, method)) - _rebound(function, keep_layout) - _layout_asked(function)


def _layout_asked(function: cst.FunctionDef) -> Set[str]:
    """Names whose layout or type the function asks: `x.is_sparse`, `x.layout`, `isinstance(x, ...)`, or a call of
    a function named for sparsity (`is_torch_sparse_tensor(x)`)."""
    asked: Set[str] = set()
    stack: List[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Attribute) and node.attr.value in LAYOUT_ATTRIBUTES and isinstance(node.value, cst.Name):
            asked.add(node.value.value)
        elif isinstance(node, cst.Call):
            callee = node.func.attr.value if isinstance(node.func, cst.Attribute) else \
                node.func.value if isinstance(node.func, cst.Name) else ""
            if callee == "isinstance" or "sparse" in callee.lower():
                asked |= {a.value.value for a in node.args if isinstance(a.value, cst.Name)}
        stack.extend(child_nodes(node))
    return asked


def _unconditional(body: cst.BaseSuite) -> Iterator[cst.BaseSmallStatement]:
    """The simple statements of a body no `if` (nor `except` / `else` clause) holds: loops, `with` and `try` bodies
    included; nested functions and classes left out."""
    for statement in getattr(body, "body", ()):
        if isinstance(statement, cst.SimpleStatementLine):
            yield from statement.body
        elif isinstance(statement, (cst.For, cst.While, cst.With, cst.Try)):
            yield from _unconditional(statement.body)


def _calls(node: cst.CSTNode) -> Iterator[cst.Call]:
    """The calls of a statement outside lambdas and the branches of a ternary."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            yield current
        if isinstance(current, cst.IfExp):
            stack.append(current.test)
        elif not isinstance(current, cst.Lambda):
            stack.extend(child_nodes(current))


def _lambda_calls(node: cst.CSTNode, shadowed: frozenset = frozenset(), inside: bool = False
                  ) -> Iterator[Tuple[cst.Call, frozenset]]:
    """The calls in the bodies of a statement's lambdas (outside the branches of a ternary), each with the names the
    lambdas around it bind as parameters."""
    if isinstance(node, cst.Lambda):
        own = {p.name.value for p in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params)}
        yield from _lambda_calls(node.body, shadowed | own, True)
        return
    if inside and isinstance(node, cst.Call):
        yield node, shadowed
    if isinstance(node, cst.IfExp):
        yield from _lambda_calls(node.test, shadowed, inside)
        return
    for child in child_nodes(node):
        yield from _lambda_calls(child, shadowed, inside)


def _rebound(function: cst.FunctionDef, keep_layout: Set[str]) -> Set[str]:
    """Names the function binds to anything but a layout-keeping method of themselves (`adj = adj.to(device)`)."""
    rebound: Set[str] = set()
    stack: List[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, cst.Assign):
            value = node.value
            for target in node.targets:
                for name in _names(target.target):
                    keeps = isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                        value.func.attr.value in keep_layout and isinstance(value.func.value, cst.Name) and \
                        value.func.value.value == name
                    if not keeps:
                        rebound.add(name)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            rebound |= _names(node.target)
        elif isinstance(node, (cst.For, cst.CompFor)):
            rebound |= _names(node.target)
        elif isinstance(node, cst.AsName):
            rebound |= _names(node.name)
        elif isinstance(node, cst.NamedExpr):
            rebound |= _names(node.target)
        stack.extend(child_nodes(node))
    return rebound


def _names(target: cst.CSTNode) -> Set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for element in target.elements for n in _names(element.value)}
    if isinstance(target, cst.StarredElement):
        return _names(target.value)
    return set()
