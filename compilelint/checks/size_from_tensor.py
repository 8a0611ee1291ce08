"""CL124: a size taken from a tensor value: `torch.arange(t.max())`, `torch.zeros(n_t)`, `x.view(n_t, -1)`,
`x.topk(k_t)`, ...; and a size or a loop count from a numpy reduction (`np.prod(x.shape[1:])`)."""

from typing import Dict, Iterator, List, Optional, Set, Tuple

import libcst as cst

from compilelint.checks._calls import builtin_name, imported_name, keyword
from compilelint.checks._value_evidence import ValueEvidenceCheck
from compilelint.engine import child_nodes, names_in
from compilelint.sizes import SIZES, size_arguments
from compilelint.tensors import ALWAYS, NOT_TENSOR

# numpy reductions of shapes and counts: dynamo runs numpy through torch, so `np.prod(x.shape[2:])` is a tensor value
# (elementwise functions of a Python number, `int(np.ceil(n / 2))`, fold to constants and compile: measured on 2.13)
NUMPY_SIZE_FUNCTIONS = frozenset(f"numpy.{name}" for name in "prod product sum cumprod max min amax amin".split())
NUMPY_HELP = "compute sizes with Python ints: `math.prod(x.shape[2:])` instead of `np.prod(...)`"
# Python number builtins: a parameter handed to one is read as a number, no tensor use
NUMBER_BUILTINS = frozenset({"int", "float", "round", "abs", "min", "max", "len", "range", "bool", "str"})
# methods only tensors have (no numpy array or list does): their receiver is a tensor whatever its kind here
TENSOR_ONLY_METHODS = frozenset({"new_zeros", "new_ones", "new_empty", "new_full", "kthvalue", "tensor_split"})
HELP = ("size it with Python ints (a shape such as `x.shape[1]`, or a static maximum) and mask the rest: "
        "`pos = torch.arange(x.shape[1]); mask = pos < lengths[:, None]`; "
        "`capture_scalar_outputs = True` also removes the break")


class SizeFromTensor(ValueEvidenceCheck):
    code = "CL124"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # frame -> names bound to a numpy function's result -> (that function, the frame's break candidates then)
        self.numpy_names: Dict[int, Dict[str, Tuple[str, int]]] = {}
        self.functions: List[cst.FunctionDef] = []  # the defs around the node visited, innermost last
        self.tensor_uses: Dict[int, Set[str]] = {}  # id of a def -> _tensor_uses of it, walked once

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().visit_FunctionDef(node)
        self.numpy_names[id(self.ctx.frame)] = {}  # the engine has just pushed this function's frame
        self.functions.append(node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().leave_FunctionDef(node)
        self.functions.pop()

    def _passed_unless_tensor_use(self, size: cst.BaseExpression, formula: tuple) -> tuple:
        """passed_by_callers(size, formula) where the parameters the formula rests on have no tensor use in the
        function's own body (nested defs left out): subscripted (`shape[0]`), an attribute or method read on them
        (`counts.sum()`), or handed to a call other than as a size or to a Python number builtin (a torch op's input,
        a helper that may read them as tensors). With such a use an entry point's input is a tensor where the body
        runs, and a size from it breaks; without one, an int serves as well (measured on 2.13: fixesw write-up)."""
        params = {atom[2] for term in formula for atom in term if atom[0] == "param"}
        if not params or not self.functions:
            return formula
        function = self.functions[-1]
        if id(function) not in self.tensor_uses:
            self.tensor_uses[id(function)] = _tensor_uses(function, self.ctx)
        if params & self.tensor_uses[id(function)]:
            return formula
        return self.passed_by_callers(size, formula)

    def visit_Assign(self, node: cst.Assign) -> None:
        names = self.numpy_names.setdefault(id(self.ctx.frame), {})
        numpy = self._numpy_function(node.value)
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                if numpy is not None:
                    names[target.target.value] = (numpy, self.ctx.break_candidates)
                else:
                    names.pop(target.target.value, None)

    def visit_Call(self, node: cst.Call) -> None:
        if builtin_name(self.ctx, node.func) == "range":
            numpy = next((f for f in (self._numpy_size(a.value) for a in node.args) if f is not None), None)
            if numpy is not None:  # nflows' `for _ in range(np.prod(inputs.shape[1:]))`
                self.report(node, f"`range()` of `{numpy}()`: dynamo traces numpy as tensor operations, so the count "
                                  "is a tensor value `range` cannot take: the graph breaks", pattern="numpy-range",
                            help=NUMPY_HELP)
            return
        found = self._sized_call(node)
        if found is None:
            return
        label, sizes, shown = found
        # a size computed here, or one that is a tensor computed here if a helper's callers pass it tensors
        # (`dim_size = index.max() + 1` in a scatter helper), and not where only an entry point's own input, assumed
        # a tensor, is handed on to parameters the function never uses as a tensor (`torch.zeros(nfe // 3)` in a
        # solver step a compiled sampler hands an int: CL113's passed_by_callers); of those, one bound on every path
        # if any (a name bound in a branch dynamo may never trace is a tensor only when it does: the finding carries
        # that branch's atoms)
        tensors = [(formula, self.bound_under(size)) for size in sizes
                   for formula in [self._passed_unless_tensor_use(size, self.computed_formula(size))] if formula]
        if tensors:
            formula, unless = min(tensors, key=lambda t: (t[0] != ALWAYS, len(t[1])))
            self.report(node, f"{label} sized by a tensor value needs that value as a Python int: dynamo breaks "
                              "the graph (data-dependent operator) and the host waits for the device", help=HELP,
                        requires_tensor=None if formula == ALWAYS else formula, unless=unless)
            return
        # on a value only its shape read says is a tensor, not through `int(np.prod(...))`: that breaks at the `int`,
        # CL111's
        numpy = next((f for f in (self._numpy_size(size, through_int=shown) for size in sizes) if f is not None), None)
        if numpy is not None:
            self.report(node, f"{label} sized by `{numpy}()`: dynamo traces numpy as tensor operations, so the size "
                              "is a tensor value it must read back as a Python int: the graph breaks "
                              "(data-dependent operator)", pattern="numpy-size", help=NUMPY_HELP)

    def _sized_by_own_shape(self, receiver: cst.BaseExpression, node: cst.Call) -> bool:
        """A value of unknown kind whose own shape the call reads (`out.view(out.shape[0], n)` with `out` what a
        submodule returned), directly or through names this function unpacked from that shape (`b, c, *rest =
        sample.shape` before `sample.reshape(b, c * np.prod(rest))` in a scheduler's helper): a value with a shape
        and this sizing method is a tensor, or a numpy array, which dynamo traces as one. A module is no such value:
        `np.reshape(a, (np.shape(a)[0], 1))` is numpy's function of `a` (tests/dynamo_cases/
        sizes_of_submodule_outputs.py)."""
        if self.ctx.kind(receiver) == NOT_TENSOR or imported_name(self.ctx, receiver) is not None:
            return False
        if any(_reads_shape_of(a.value, receiver) for a in node.args):
            return True
        if not isinstance(receiver, cst.Name) or not self.functions:
            return False
        shape_names = _names_unpacked_from_shape(self.functions[-1], receiver.value)
        return any(name in shape_names for a in node.args for name in names_in(a.value))

    def _numpy_function(self, expr: cst.BaseExpression) -> Optional[str]:
        name = self.ctx.resolve(expr.func) if isinstance(expr, cst.Call) else None
        return name if name in NUMPY_SIZE_FUNCTIONS else None

    def _numpy_size(self, size: cst.BaseExpression, through_int: bool = True) -> Optional[str]:
        """The numpy function a size comes from: `np.prod(d)`, `int(np.prod(d))` (unless not `through_int`), or a
        name bound to one with no break candidate since (after a break the value reaches the resume function as an
        input, which compiles)."""
        if isinstance(size, cst.Call) and builtin_name(self.ctx, size.func) == "int" and len(size.args) == 1:
            if not through_int:
                return None
            size = size.args[0].value
        if isinstance(size, cst.BinaryOperation):  # `b * np.prod(d)`: arithmetic on a numpy value is one too
            return self._numpy_size(size.left, through_int) or self._numpy_size(size.right, through_int)
        if isinstance(size, cst.Name):
            function, candidates = self.numpy_names.get(id(self.ctx.frame), {}).get(size.value, (None, -1))
            return function if candidates == self.ctx.break_candidates else None
        return self._numpy_function(size)

    def _sized_call(self, node: cst.Call) -> Optional[Tuple[str, List[cst.BaseExpression], bool]]:
        """The label, the size arguments, and whether the call is on a known tensor (or a torch function)."""
        func = node.func
        name = self.ctx.resolve(func) or ""
        if name == "torch.repeat_interleave" or (isinstance(func, cst.Attribute) and func.attr.value ==
                                                  "repeat_interleave" and self.ctx.is_tensor(func.value)):
            # its `output_size` (pelican's `repeat_interleave(counts, output_size=counts.sum())`: GB0033)
            output_size = keyword(node, "output_size")
            return ("`repeat_interleave` (its `output_size`)", [output_size], True) if output_size is not None else None
        shown = True  # the call is a torch function's or on a known tensor
        if name in SIZES:
            chosen, label = size_arguments(node, name, any_torch_function=False), f"`{name}`"
        elif isinstance(func, cst.Attribute) and f".{func.attr.value}" in SIZES:
            shown = self.ctx.is_tensor(func.value)
            # `new_zeros` and its kin are tensor methods only: their receiver is a tensor whatever its kind here (a
            # helper's parameter, `score.new_full((batch_size * max_nodes,), fill)`), so a tensor size breaks
            if not shown and func.attr.value not in TENSOR_ONLY_METHODS \
                    and not self._sized_by_own_shape(func.value, node):
                return None
            chosen, label = size_arguments(node, f".{func.attr.value}"), f"`.{func.attr.value}()`"
        else:
            return None
        if not chosen:
            return None
        # sizes may come as one tuple or list: `torch.zeros((n, 3))`, `x.view((n, -1))`
        flat = [e.value for a in chosen if isinstance(a, (cst.Tuple, cst.List)) for e in a.elements]
        return label, flat + chosen, shown


def _own_nodes(function: cst.FunctionDef) -> Iterator[cst.CSTNode]:
    """The nodes of `function`'s own body: nested defs, classes and lambdas left out."""
    todo: List[cst.CSTNode] = list(child_nodes(function.body))
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        todo.extend(child_nodes(node))
        yield node


def _names_unpacked_from_shape(function: cst.FunctionDef, receiver: str) -> Set[str]:
    """The names `function`'s own statements bind by unpacking `receiver.shape` / `receiver.size()` (`b, c, *rest =
    x.shape`): sizes of that value, nested defs left out."""
    names: Set[str] = set()
    for node in _own_nodes(function):
        if isinstance(node, cst.Assign) and _reads_shape_of(node.value, cst.Name(receiver)):
            for target in node.targets:
                if isinstance(target.target, (cst.Tuple, cst.List)):
                    for element in target.target.elements:
                        value = element.value
                        if isinstance(value, cst.Name):
                            names.add(value.value)
    return names


def _reads_shape_of(expr: cst.BaseExpression, receiver: cst.BaseExpression) -> bool:
    """`receiver.shape` or `receiver.size` (of `receiver.size(0)`: a call's children hold its func) in `expr`."""
    stack: List[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Attribute) and node.attr.value in ("shape", "size") \
                and node.value.deep_equals(receiver):
            return True
        stack.extend(child_nodes(node))
    return False


def _tensor_uses(function: cst.FunctionDef, ctx) -> Set[str]:
    """The names `function`'s own body (nested defs left out) uses as a tensor: subscripts, reads an attribute or a
    method of, or hands to a call other than as a size of a torch op or to a Python number builtin (`int(n)`,
    `range(n)`, `math.ceil(n / 2)`). Arithmetic, comparisons and sizes are no tensor use."""
    used: Set[str] = set()
    for node in _own_nodes(function):
        if isinstance(node, (cst.Subscript, cst.Attribute)) and isinstance(node.value, cst.Name):
            used.add(node.value.value)
        elif isinstance(node, cst.Call):
            func = ctx.resolve(node.func) if isinstance(node.func, (cst.Name, cst.Attribute)) else None
            if func in NUMBER_BUILTINS or (func or "").startswith("math."):
                continue
            op = func if (func or "").startswith("torch.") else f".{node.func.attr.value}" \
                if isinstance(node.func, cst.Attribute) and f".{node.func.attr.value}" in SIZES else None
            sizes = {id(size) for size in size_arguments(node, op)} if op else set()
            used.update(name for arg in node.args if id(arg.value) not in sizes for name in _handed_names(arg.value))
    return used


def _handed_names(value: cst.BaseExpression) -> List[str]:
    """The names an argument hands on: itself, or the names of int arithmetic on it (`n - 1`)."""
    if isinstance(value, cst.Name):
        return [value.value]
    if isinstance(value, cst.BinaryOperation):
        return _handed_names(value.left) + _handed_names(value.right)
    return []
