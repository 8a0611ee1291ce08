"""CL167: a sparse tensor in compiled code. Dynamo does not trace sparse tensors (measured on 2.13): one that reaches
a frame (an argument, a module attribute or buffer, a local built before a break)
breaks the graph on the first line that reads it, "Attempted to wrap sparse Tensor" (GB0015; dynamo wraps a frame's
inputs when first read); converting a dense tensor with `to_sparse*()` breaks on that line (GB0277), and building one
with a compressed constructor (`torch.sparse_csr_tensor`) too (GB0374). The COO constructor is CL159's (GB0007).

A value is known sparse only from strong evidence: a sparse constructor, `to_sparse*()`, or a layout-keeping method
of one of those (`.to(device)`, `.t()`, `.coalesce()`); a parameter on which the function calls a method only sparse
tensors have (`_values()`, `_indices()`, `crow_indices()`...), or that is the sparse operand of a sparse-matrix
function (`torch.spmm(adj, x)`), outside a branch that tests its layout, or that is handed to such a parameter of a
function of this file (_sparse_params.py); a module attribute assigned such a value in `__init__` (`self.adj`,
`register_buffer("adj", ...)`), or what a method of the class returns when every `return` of it is one
(`self.adj = self.build_adj().to(device)`).

Naming one (`adj = self.adj`) is no read: dynamo wraps it where the name is first computed with or passed on. A branch
that always leaves the function (`if not self.training: return x`) is no first read for the code after it."""

from __future__ import annotations

import copy
import functools
import re
from typing import Dict, Iterator, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.checks._sparse_params import SparseParameters
from compilelint.engine import child_nodes
from compilelint.names import ImportTable, dotted
from compilelint.tensors import NOT_TENSOR

CONSTRUCTORS = frozenset(f"torch.sparse_{layout}_tensor" for layout in ("coo", "csr", "csc", "bsr", "bsc",
                                                                       "compressed"))
COMPRESSED_CONSTRUCTORS = CONSTRUCTORS - {"torch.sparse_coo_tensor"}  # GB0374; the COO one is skipped (CL159)
# the legacy typed constructors (`torch.sparse.FloatTensor(indices, values, size)`) make a COO tensor too: evidence of
# a sparse value, not flagged where they run (their break inside compiled code is not measured)
LEGACY_CONSTRUCTORS = frozenset(f"torch.sparse.{kind}Tensor" for kind in (
    "Float", "Double", "Half", "BFloat16", "Long", "Int", "Short", "Char", "Byte", "Bool"))
CONVERSIONS = frozenset({"to_sparse", "to_sparse_coo", "to_sparse_csr", "to_sparse_csc", "to_sparse_bsr",
                         "to_sparse_bsc"})
# methods only a sparse tensor has (a dense one raises): their receiver is sparse wherever they run. Not `coalesce()`
# (nor `indices()` / `values()`): graph libraries' own objects have one (an edge-index container, a graph record,
# torch_sparse's SparseTensor), which dynamo traces
SPARSE_ONLY = frozenset({"_indices", "_values", "crow_indices", "col_indices", "ccol_indices", "row_indices", "_nnz"})
# methods that return a tensor of their receiver's layout
KEEP_LAYOUT = frozenset({"to", "cuda", "cpu", "float", "double", "half", "type", "t", "detach", "clone",
                         "coalesce", "requires_grad_"})
EVIDENCE = re.compile(r"to_sparse|sparse_\w+_tensor|sparse\.\w+Tensor|_indices|_values|_nnz|spmm|\bsmm\b|sspaddmm|"
                      r"sparse\.(?:mm|addmm|sum|softmax|log_softmax)\b")
LAYOUT_TESTS = frozenset({"is_sparse", "is_sparse_csr", "layout"})
HELP = ("keep sparse tensors out of the compiled region: multiply outside it, or keep the graph dense inside "
        "(an edge list with `index_add_` / `scatter_add`, or a dense adjacency)")


def _method(expr: cst.BaseExpression) -> Optional[str]:
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        return expr.func.attr.value
    return None


def _tests_layout(test: cst.BaseExpression) -> bool:
    """`x.is_sparse`, `x.layout == torch.sparse_csr` anywhere in a condition."""
    if isinstance(test, cst.Attribute):
        return test.attr.value in LAYOUT_TESTS or _tests_layout(test.value)
    if isinstance(test, cst.BooleanOperation):
        return _tests_layout(test.left) or _tests_layout(test.right)
    if isinstance(test, cst.UnaryOperation):
        return _tests_layout(test.expression)
    if isinstance(test, cst.Comparison):
        return _tests_layout(test.left) or any(_tests_layout(c.comparator) for c in test.comparisons)
    return False


def _statements(body: cst.BaseSuite, guarded: bool = False) -> Iterator[tuple]:
    """The simple statements of a function body with whether a branch testing a layout holds them (nested
    functions and classes left out: frames of their own)."""
    for statement in getattr(body, "body", ()):
        yield from _statement(statement, guarded)


def _statement(statement: cst.CSTNode, guarded: bool) -> Iterator[tuple]:
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            yield small, guarded
    elif isinstance(statement, cst.If):
        inner = guarded or _tests_layout(statement.test)
        yield from _statements(statement.body, inner)
        orelse = statement.orelse
        if isinstance(orelse, cst.If):
            yield from _statement(orelse, inner)
        elif orelse is not None:
            yield from _statements(orelse.body, inner)
    elif isinstance(statement, (cst.For, cst.While, cst.With, cst.Try)):
        yield from _statements(statement.body, guarded)
        for part in (getattr(statement, "orelse", None), getattr(statement, "finalbody", None)):
            if part is not None:
                yield from _statements(part.body, guarded)
        for handler in getattr(statement, "handlers", ()):
            yield from _statements(handler.body, guarded)


def _self_attr(expr: cst.BaseExpression) -> Optional[str]:
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self":
        return expr.attr.value
    return None


class SparseTensor(Check):
    code = "CL167"
    in_functions_only = False  # the class scan reads `__init__` and the other methods before they are visited

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # every piece of evidence names one of these: a file without any is left alone
        self._active = ctx.text is None or EVIDENCE.search(ctx.text) is not None
        self._class_attrs: Dict[str, Set[str]] = {}  # class of this file -> attributes its `__init__` sets sparse
        # id of a method (not __init__) -> attributes `__init__` sets sparse. Not a dict a method stores one into (a
        # cache: `if self.cache.get("A") is None: self.cache["A"] = ...`): reading the dict breaks only once it holds
        # one, which depends on the order the calls ran in (dhg's graphs: 6 of 14 such lines broke)
        self._method_attrs: Dict[int, Set[str]] = {}
        self._methods: Set[int] = set()  # ids of the methods of this file's classes: `self` is no evidence
        # per function: "names" (locals known sparse), "attrs" (the module's), "reported" (the first read since the
        # last break known here)
        self._functions: List[dict] = []
        self._not_loads: Set[int] = set()  # ids of Name nodes that are not reads (targets, keywords, attributes)
        self._guards = 0  # branches around the node that test a layout (`if adj.is_sparse:`): they may not run
        # id of the body of an `if` that always leaves the function (`if not self.training: return x`) -> whether a
        # read was reported before it: the code after the `if` runs only when the body did not
        self._exits: Dict[int, bool] = {}
        self._module: Optional[cst.Module] = None
        self._parameters: Optional[SparseParameters] = None  # built at the first def, once the imports are read

    def _sparse(self, expr: cst.BaseExpression, names: Set[str], returning: Set[str] = frozenset()) -> bool:
        """Whether `expr` is a sparse tensor, `names` the locals known to hold one, `returning` the methods of the
        class being scanned whose every return is one (`self.adj()`)."""
        if isinstance(expr, cst.Name):
            return expr.value in names
        if isinstance(expr, cst.IfExp):
            return self._sparse(expr.body, names, returning) and self._sparse(expr.orelse, names, returning)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Subtract)):
            # sparse plus or minus sparse stays sparse (one dense side makes the sum dense)
            return self._sparse(expr.left, names, returning) and self._sparse(expr.right, names, returning)
        if not isinstance(expr, cst.Call):
            return False
        if imported_name(self.ctx, expr.func) is not None:
            return imported_name(self.ctx, expr.func) in CONSTRUCTORS | LEGACY_CONSTRUCTORS
        method = _method(expr)
        if method in CONVERSIONS:
            return True
        if method in KEEP_LAYOUT:
            return self._sparse(expr.func.value, names, returning)
        return _self_attr(expr.func) in returning

    def visit_Module(self, node: cst.Module) -> None:
        self._module = node

    def _sparse_parameters(self) -> SparseParameters:
        if self._parameters is None:
            module = self._module or cst.Module(body=[])
            imports = _every_import(self.ctx.imports, module)
            self._parameters = SparseParameters(module, functools.partial(_qualified, imports), _statements, _calls_in,
                                                SPARSE_ONLY, KEEP_LAYOUT)
        return self._parameters

    # ---------------------------------------------------------------------------------------------- the class scan
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if not self._active:
            return
        self._sparse_parameters()
        attrs: Set[str] = set()  # set in `__init__`, or in a base class's of this file
        for base in node.bases:
            if isinstance(base.value, cst.Name):
                attrs |= self._class_attrs.get(base.value.value, set())
        methods = [m for m in node.body.body if isinstance(m, cst.FunctionDef)]
        self._methods.update(id(m) for m in methods)
        returning = self._returning(methods)
        for method in methods:
            init = method.name.value == "__init__"
            local: Set[str] = set()
            for small, _ in _statements(method.body):
                if isinstance(small, cst.Assign):
                    sparse = self._sparse(small.value, local, returning)
                    for target in small.targets:
                        target = target.target
                        if isinstance(target, cst.Name):
                            (local.add if sparse else local.discard)(target.value)
                        elif sparse and init and _self_attr(target):
                            attrs.add(_self_attr(target))
                elif init and isinstance(small, cst.Expr) and _method(small.value) == "register_buffer" and \
                        len(small.value.args) > 1 and isinstance(small.value.args[0].value, cst.SimpleString) and \
                        self._sparse(small.value.args[1].value, local, returning):
                    attrs.add(small.value.args[0].value.evaluated_value)
        self._class_attrs[node.name.value] = attrs
        if attrs:
            self._method_attrs.update((id(m), attrs) for m in methods if m.name.value != "__init__")

    def _returning(self, methods: List[cst.FunctionDef]) -> Set[str]:
        """The methods (not `__init__`) every `return` of which gives a sparse tensor by the evidence above, helpers
        that build an adjacency for `__init__` to store (`self.adj = self.norm_adj().to(device)`); to a fixpoint, as
        one may build on another (`return self.eye(n) - self.walk()`)."""
        returning: Set[str] = set()
        while True:
            found = {method.name.value for method in methods
                     if method.name.value != "__init__" and self._returns_sparse(method, returning)}
            if found <= returning:
                return returning
            returning |= found

    def _returns_sparse(self, method: cst.FunctionDef, returning: Set[str]) -> bool:
        local: Set[str] = set()
        values = []
        for small, _ in _statements(method.body):
            if isinstance(small, cst.Assign):
                sparse = self._sparse(small.value, local, returning)
                for target in small.targets:
                    if isinstance(target.target, cst.Name):
                        (local.add if sparse else local.discard)(target.target.value)
            elif isinstance(small, cst.Return):
                values.append(small.value)
        return bool(values) and all(v is not None and self._sparse(v, local, returning) for v in values)

    # ------------------------------------------------------------------------------------------- the function
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if not self._active:
            return
        # `self` of a method left out: an object's own `_values()` method says nothing of a tensor
        names = set(self._sparse_parameters().of(node, id(node) in self._methods))
        self._functions.append({"names": names, "attrs": self._method_attrs.get(id(node), set()),
                                "reported": False})
        self._not_loads.add(id(node.name))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        if self._active:
            self._functions.pop()

    def visit_Param(self, node: cst.Param) -> None:
        self._not_loads.add(id(node.name))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._not_loads.add(id(node.keyword))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._not_loads.add(id(node.target))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._not_loads.add(id(node.target))

    def visit_If(self, node: cst.If) -> None:
        self._guards += _tests_layout(node.test)
        # not when the test reads a sparse value: it may be a layout test in disguise (`if is_sparse(adj): return`)
        if self._functions and _always_leaves(node.body) and not self._reads_sparse(node.test):
            self._exits[id(node.body)] = self._functions[-1]["reported"]

    def leave_If(self, node: cst.If) -> None:
        self._guards -= _tests_layout(node.test)

    def _reads_sparse(self, test: cst.BaseExpression) -> bool:
        function = self._functions[-1]
        stack = [test]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Name) and node.value in function["names"] or _self_attr(node) in function["attrs"]:
                return True
            stack.extend(node.children)
        return False

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._left(node)

    def leave_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        self._left(node)

    def _left(self, body: cst.BaseSuite) -> None:
        if id(body) in self._exits:
            self._functions[-1]["reported"] = self._exits.pop(id(body))

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._guards += _tests_layout(node.test)

    def leave_IfExp(self, node: cst.IfExp) -> None:
        self._guards -= _tests_layout(node.test)

    def visit_Assign(self, node: cst.Assign) -> None:
        """`a, b = self.adj, adj_t`: naming a tensor does not make dynamo wrap it; the first line that computes with
        the new name (or passes it on) does."""
        if self._functions:
            self._not_loads.update(id(value) for _, value in _pairs(node)
                                   if isinstance(value, cst.Name) or _self_attr(value))
            self._functions[-1]["read before"] = self._functions[-1]["reported"]

    def leave_Assign(self, node: cst.Assign) -> None:
        if not self._functions:
            return
        function = self._functions[-1]
        # `half = lambda m: torch.sparse.mm(lap, m)` as the frame's first read: making the closure wraps `lap` and
        # breaks; the resumed frame holds the closure, and breaks again where it first reads it (`half(h)`)
        capture = isinstance(node.value, cst.Lambda) and function["reported"] and not function.pop("read before")
        for name, value in _pairs(node):
            sparse = (self._sparse(value, function["names"]) or _self_attr(value) in function["attrs"]) and \
                not self._guards
            (function["names"].add if sparse or capture else function["names"].discard)(name)
        if capture:
            self._broken()

    def _making(self, node: cst.Call) -> str:
        """"construct" / "convert" for a call that makes a sparse tensor (a break), "" for any other."""
        name = imported_name(self.ctx, node.func)
        if name in CONSTRUCTORS:
            return "construct"
        method = _method(node)
        return "convert" if name is None and method in CONVERSIONS and self.ctx.kind(node.func.value) != NOT_TENSOR \
            else ""

    def visit_Call(self, node: cst.Call) -> None:
        if not self._functions or self._guards:
            return
        making = self._making(node)
        if making:
            self._broken()
        name = imported_name(self.ctx, node.func)
        if making == "construct" and name in COMPRESSED_CONSTRUCTORS:
            self.report(node, f"`{name}()` builds a sparse tensor, which dynamo does not trace: the graph breaks here, "
                              "and again where the result is read", pattern="construct", help=HELP)
        elif making == "convert":
            self.report(node, f"`.{_method(node)}()` makes a sparse tensor, which dynamo does not trace: the graph "
                              "breaks here, and again where the result is read", pattern="convert", help=HELP)

    def leave_Attribute(self, node: cst.Attribute) -> None:
        """`torch.sparse_coo_tensor(...).coalesce()`: the resume function reads the new tensor at once."""
        if self._functions and not self._guards and isinstance(node.value, cst.Call) and self._making(node.value):
            self._read(node.attr, f"`.{node.attr.value}` reads the sparse tensor made before it: dynamo cannot wrap "
                                  "one (the graph breaks where it is made, and the resumed frame reads it here)")

    def _broken(self) -> None:
        """A break: dynamo resumes in a new frame, which wraps its inputs again when first read."""
        self._functions[-1]["reported"] = False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._not_loads.add(id(node.attr))
        if self._functions and id(node) not in self._not_loads and _self_attr(node) in self._functions[-1]["attrs"]:
            self._read(node, f"`self.{node.attr.value}` holds a sparse tensor: dynamo cannot wrap one, and the graph "
                             "breaks on the first line of the frame that reads it")

    def visit_Name(self, node: cst.Name) -> None:
        if self._functions and id(node) not in self._not_loads and node.value in self._functions[-1]["names"]:
            self._read(node, f"`{node.value}` holds a sparse tensor: dynamo cannot wrap one, and the graph breaks on "
                             "the first line of the frame that reads it")

    def _read(self, node: cst.CSTNode, message: str) -> None:
        function = self._functions[-1]
        if function["reported"] or self.ctx.frame is None:
            return
        function["reported"] = True
        self.report(node, message, help=HELP)


def _every_import(seen: ImportTable, module: cst.Module) -> ImportTable:
    """The file's import table with the imports of its functions too, read before the functions are visited: the
    whole file is decided at its first def, and a library kept optional imports torch in a helper
    (`def _require_torch(): import torch; return torch`, then `torch = _require_torch()` in each method)."""
    table = copy.deepcopy(seen)
    stack: List[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            table.add(node)
        else:
            stack.extend(child_nodes(node))
    return table


def _qualified(imports: ImportTable, func: cst.BaseExpression) -> Optional[str]:
    """`imported_name` against that table."""
    name = dotted(func)
    return imports.resolve(func) if name is not None and name.split(".", 1)[0] in imports.aliases else None


def _pairs(node: cst.Assign) -> Iterator[Tuple[str, cst.BaseExpression]]:
    """The local names an assignment binds with the value each gets: `a = v`, `a, b = v, w` (`a, b = f()` binds
    each name to an unknown value, None)."""
    for target in node.targets:
        target = target.target
        if isinstance(target, cst.Name):
            yield target.value, node.value
        elif isinstance(target, (cst.Tuple, cst.List)):
            values = node.value.elements if isinstance(node.value, (cst.Tuple, cst.List)) and \
                len(node.value.elements) == len(target.elements) else [None] * len(target.elements)
            for element, value in zip(target.elements, values):
                if isinstance(element.value, cst.Name):
                    yield element.value.value, value.value if value is not None else cst.Name("None")


def _always_leaves(body: cst.BaseSuite) -> bool:
    """Whether a block ends in `return` or `raise`."""
    last = body.body[-1] if body.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1]
    return isinstance(last, (cst.Return, cst.Raise))


def _calls_in(node: cst.CSTNode) -> Iterator[cst.Call]:
    """The calls of a statement, less those of lambdas and of the branches of a ternary that tests a layout."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            yield current
        if isinstance(current, cst.IfExp) and _tests_layout(current.test):
            stack.append(current.test)
        elif not isinstance(current, cst.Lambda):
            stack.extend(child_nodes(current))
