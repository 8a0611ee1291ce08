"""CL146: turning on `requires_grad` inside compiled code (`requires_grad_()`, `requires_grad=True` factories), and
`retain_grad()` of a tensor (GB0108: it only runs on a tensor that requires grad, and dynamo cannot keep the flag).

`t.requires_grad_()` and `t.requires_grad = True` (or `= False`) break only where `t` does not require grad yet: on a
tensor that already does (an activation computed from parameters) they are no-ops that compile (measured on 2.13). So those two
are reported only on a tensor evidently without grad: a `.detach()` or `.data`, a torch factory's result, a
registered buffer, or a local name bound to one of them. `requires_grad_()` is also reported on a slice of an input
of the compiled function (`x[:, 1:].requires_grad_(True)`): a part of a state taken to differentiate through, written
for inputs that arrive without grad (data, a sampler's state), where it breaks (GB8985); an input that arrives
requiring grad compiles, as it does for the bare input, which stays unreported (often an activation of earlier layers).
So is an item of a parameter declared a mapping of tensors (`inputs: Dict[str, Tensor]`, `inputs[key].requires_grad_()`
to take forces by autograd, as SchNetPack's models do): a batch of data, whose positions arrive without grad (GB0125);
and any field of a data record handed in (`graph.R`, `data["pos"]`, `self.node_features["positions"]` of a NamedTuple).
A parameter (the loop name of `for p in m.parameters()` or `for _, p in m.named_parameters()`) is a leaf that
requires grad: setting `p.requires_grad` breaks whatever the value (GB0206, even `= True`), and
`p.requires_grad_(False)` breaks (GB0125); `p.requires_grad_(True)` is a no-op that compiles (measured on 2.13).
`t.requires_grad = ...` is also reported on a local bound to arithmetic (a new tensor: a leaf without grad, or a
non-leaf whose flag cannot change at all) and on a `self.x` the function bound to a tensor evidently without grad.
`t.requires_grad_(False)` on a name the function turned on before (`pos.requires_grad_(True)`, to take forces by
autograd, then off again) always breaks: whether turning it on broke or not, `t` requires grad there (GB0125).
Only where the call turning it on runs first: in the same block or one around it, not in a sibling branch.

A buffer keeps the flag: once `self.zeros.requires_grad_()` has run (eagerly, after its break), the buffer requires
grad for good, so a later `self.zeros.requires_grad_()` is a no-op that compiles. Only the call that runs first breaks:
one after an earlier statement of the same function, or a call of a method of the class, that always sets it is not
reported.
"""

from dataclasses import dataclass
from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.facts import AUTOGRAD_FUNCTIONS
from compilelint.checks._calls import imported_name, is_false, is_true, keyword
from compilelint.checks._local_bindings import LocalBindings
from compilelint.tensors import (NON_TENSOR_ATTRS, NOT_TENSOR, TENSOR, annotation_kind, bound_names, is_self_attr,
                                 maps_to_tensors, parameter_names)

# functions and tensor methods returning views of one tensor, often unpacked (`a, b = torch.chunk(y, 2)`)
SPLITTING = frozenset(("torch.chunk", "torch.split", "torch.unbind", "torch.tensor_split"))
SPLITTING_METHODS = frozenset(("chunk", "split", "unbind", "tensor_split"))
RECORD_BASES = frozenset(("typing.NamedTuple", "typing_extensions.NamedTuple", "object"))
HELP = ("set `requires_grad` on inputs and parameters outside the compiled region (or register an "
        "`nn.Parameter` in `__init__`); inside, use `torch.func.grad` for derivatives")


def _grad_flag_of(expr) -> Optional[cst.BaseExpression]:
    """`h` of `requires_grad=h.requires_grad`: on for an activation computed from parameters, outside `no_grad`."""
    if isinstance(expr, cst.Attribute) and expr.attr.value == "requires_grad":
        return expr.value
    return None


def _is_training_flag(expr) -> bool:
    """`self.training`: True in every compiled training step."""
    return (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"
            and expr.attr.value == "training")


# methods that give a tensor without grad when their receiver has none (and their other arguments are not tensors)
GRADLESS_PRESERVING = frozenset({
    "to", "float", "double", "half", "bfloat16", "long", "int", "bool", "cpu", "cuda", "clone", "contiguous", "view",
    "reshape", "unsqueeze", "squeeze", "flatten", "expand", "repeat", "t", "normal_", "uniform_", "zero_", "fill_",
    "random_", "bernoulli_", "exponential_"})


AUTOGRAD_GRAD = frozenset({"torch.autograd.grad"})
GRAD_ENABLING = frozenset({"torch.enable_grad", "torch.autograd.enable_grad", "torch.autograd.grad_mode.enable_grad"})
GRAD_DISABLING = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad",
                            "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.inference_mode"})


def _is_torch_factory(name: str) -> bool:
    """`torch.zeros`, `torch.tensor`, `torch.randn_like`...: a plain lower-case function of the torch namespace."""
    return name.startswith("torch.") and name.count(".") == 1 and name[6:7].islower()


def _parameter_bound_by(loop: cst.For) -> Optional[str]:
    """`p` of `for p in m.parameters()` or `for name, p in m.named_parameters()`."""
    call = loop.iter
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
        return None
    target = loop.target
    if call.func.attr.value == "parameters" and isinstance(target, cst.Name):
        return target.value
    if call.func.attr.value == "named_parameters" and isinstance(target, cst.Tuple) and len(target.elements) == 2 \
            and isinstance(target.elements[1].value, cst.Name):
        return target.elements[1].value.value
    return None


def _later_in(block: cst.CSTNode, child: cst.CSTNode) -> Optional[List[cst.CSTNode]]:
    """The statements of `block`'s body after `child`, when `child` is one of them."""
    body = getattr(block, "body", None)
    statements = getattr(body, "body", None)
    if not isinstance(statements, (list, tuple)) or child not in statements:
        return None
    return list(statements[statements.index(child) + 1:])


def _may_leave(statement: cst.CSTNode) -> bool:
    """A statement that may leave the block before the next one (a return, raise, break or continue in it)."""
    found = []

    class _Leaves(cst.CSTVisitor):
        def visit_FunctionDef(self, node) -> bool:
            return False

        def visit_Return(self, node) -> None:
            found.append(node)

        def visit_Raise(self, node) -> None:
            found.append(node)

        def visit_Break(self, node) -> None:
            found.append(node)

        def visit_Continue(self, node) -> None:
            found.append(node)

    statement.visit(_Leaves())
    return bool(found)


def _calls(node: cst.CSTNode) -> List[cst.Call]:
    found: List[cst.Call] = []

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, call) -> None:
            found.append(call)

        def visit_Lambda(self, lam) -> bool:
            return False

    node.visit(_Calls())
    return found


def _differentiated_inputs(function: cst.FunctionDef, ctx) -> Set[str]:
    """The parameters `function` never rebinds that its own body differentiates with respect to: named among the
    inputs of `torch.autograd.grad(outputs, inputs)` (or of `backward(inputs=...)`), or whose `.grad` it reads."""
    params = parameter_names(function)
    found: Set[str] = set()
    rebound: Set[str] = set()

    class _Uses(cst.CSTVisitor):
        def visit_FunctionDef(self, node) -> bool:
            return False

        def visit_Lambda(self, node) -> bool:
            return False

        def visit_AssignTarget(self, node) -> None:
            rebound.update(bound_names(node.target))

        def visit_Attribute(self, node) -> None:
            if node.attr.value == "grad" and isinstance(node.value, cst.Name):
                found.add(node.value.value)

        def visit_Call(self, node) -> None:
            positional = [a.value for a in node.args if a.keyword is None and not a.star]
            if (imported_name(ctx, node.func) or "") in AUTOGRAD_GRAD:
                inputs = [keyword(node, "inputs")] + positional[1:2]
            elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "backward":
                inputs = [keyword(node, "inputs")]
            else:
                return
            for value in inputs:
                elements = [e.value for e in value.elements] if isinstance(value, (cst.Tuple, cst.List)) else [value]
                found.update(e.value for e in elements if isinstance(e, cst.Name))

    function.body.visit(_Uses())
    return (found & params) - rebound


@dataclass
class _Differentiated:
    """A function and, once a requires_grad on a bare name asks (a walk of its body), the inputs it differentiates
    with respect to."""
    function: cst.FunctionDef
    inputs: Optional[Set[str]] = None


class RequiresGradInCompiledCode(Check):
    code = "CL146"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # per function: local names bound to a tensor evidently without grad, to a fresh one (a detach, a factory's
        # result), to such a call's result, to a slice of an input, to arithmetic (`b + a * (x - b)`; and those
        # unpacked from a split, `_pieces`)
        self._locals = LocalBindings({
            "gradless": self._without_grad, "fresh": self._fresh_leaf,
            "intermediate": lambda value: isinstance(value, cst.Call) and self._without_grad(value),
            "input slice": self._input_slice,
            "arithmetic": lambda value: isinstance(value, (cst.BinaryOperation, cst.UnaryOperation))})
        self._gradless_attrs: List[Set[str]] = []  # per function: `self.x` it bound to a tensor evidently without grad
        self._tensor_mappings: List[Set[str]] = []  # per function: parameters declared a mapping of tensors
        self._records: List[Set[str]] = []  # per function: parameters that may be data records (not self, a tensor, a module)
        self._batch_items: List[Set[str]] = []  # per function: local names bound to an item of such a parameter
        self._parameters: List[Set[str]] = []  # per function: loop names over `.parameters()`/`.named_parameters()`
        # per function: names `requires_grad_(True)` was called on -> the blocks around that call
        self._turned_on: List[Dict[str, Tuple[int, ...]]] = []
        self._blocks: List[int] = []  # the indented blocks around the node visited, outermost first
        self._buffers: Set[str] = set()  # `self.register_buffer("name", ...)` seen in this file
        self._gradless_blocks = 0  # open `with torch.no_grad():` / `inference_mode()` blocks and decorated functions
        self._grad_blocks = 0  # open `with torch.enable_grad():` blocks
        self._methods: List[Dict[str, cst.FunctionDef]] = []  # per function: the methods `self.name(...)` calls
        self._differentiated: List[_Differentiated] = []  # per function
        self._class_methods: Dict[int, Dict[str, cst.FunctionDef]] = {}  # id(class) -> its methods, built once
        self._own_statements: List[Set[int]] = []  # per function: ids of the statements of its own body
        self._buffers_with_grad: List[Set[str]] = []  # per function: buffers an earlier statement made require grad
        self._sets_first: Dict[int, Set[str]] = {}  # id(method) -> buffers it always sets before anything else

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._locals.enter()
        self._gradless_attrs.append(set())
        self._tensor_mappings.append({p.name.value for p in node.params.params + node.params.kwonly_params
                                      if maps_to_tensors(p.annotation, self.ctx.imports)})
        self._records.append(self._record_parameters(node))
        self._batch_items.append(set())
        self._parameters.append(set())
        self._turned_on.append({})
        self._gradless_blocks += any(self._disables_grad(d.decorator) for d in node.decorators)
        self._own_statements.append({id(s) for s in node.body.body} if isinstance(node.body, cst.IndentedBlock)
                                    else set())
        self._buffers_with_grad.append(set())
        self._methods.append(self._methods_seen_from(node))
        self._differentiated.append(_Differentiated(node))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._locals.leave()
        self._gradless_attrs.pop()
        self._tensor_mappings.pop()
        self._records.pop()
        self._batch_items.pop()
        self._parameters.pop()
        self._turned_on.pop()
        self._gradless_blocks -= any(self._disables_grad(d.decorator) for d in node.decorators)
        self._own_statements.pop()
        self._buffers_with_grad.pop()
        self._methods.pop()
        self._differentiated.pop()

    def _methods_seen_from(self, node: cst.FunctionDef) -> Dict[str, cst.FunctionDef]:
        """The methods of the class `node` is defined in; a nested function sees those of its enclosing method."""
        scope = next((s for s in reversed(self.ctx.statements) if s is not node
                      and isinstance(s, (cst.ClassDef, cst.FunctionDef))), None)
        if isinstance(scope, cst.ClassDef):
            if id(scope) not in self._class_methods:
                self._class_methods[id(scope)] = {s.name.value: s for s in scope.body.body
                                                  if isinstance(s, cst.FunctionDef)}
            return self._class_methods[id(scope)]
        return self._methods[-1] if self._methods else {}

    def leave_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        """A statement of the function's own body runs before everything written after it in the function (only
        buffers registered so far can be set: most files have none, and skip this)."""
        if self._buffers and self._own_statements and id(node) in self._own_statements[-1]:
            self._buffers_with_grad[-1] |= self._buffers_set_by(node)

    def _buffers_set_by(self, statement: cst.SimpleStatementLine) -> Set[str]:
        """Buffers a statement always makes require grad: `self.buf.requires_grad_()` as its value, or a call of a
        method of the class (`loss, parts = self.losses(x)`) that always does first."""
        found: Set[str] = set()
        for small in statement.body:
            call = getattr(small, "value", None)
            if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
                continue
            if self._turns_grad_on(call) and is_self_attr(call.func.value) in self._buffers:
                found.add(is_self_attr(call.func.value))
            method = self._methods[-1].get(call.func.attr.value) if self._methods else None
            if method is not None and is_self_attr(call.func) is not None:
                found |= self._set_first(method)
        return found

    def _set_first(self, method: cst.FunctionDef) -> Set[str]:
        """Buffers the statements a method runs on every call, up to its first compound statement or return,
        make require grad."""
        if id(method) not in self._sets_first:
            self._sets_first[id(method)] = found = set()  # a method calling itself proves nothing
            for statement in method.body.body if isinstance(method.body, cst.IndentedBlock) else ():
                if not isinstance(statement, cst.SimpleStatementLine):
                    break
                found |= self._buffers_set_by(statement)
                if any(isinstance(small, (cst.Return, cst.Raise)) for small in statement.body):
                    break
        return self._sets_first[id(method)]

    @staticmethod
    def _turns_grad_on(call: cst.Call) -> bool:
        """`t.requires_grad_()` or `t.requires_grad_(True)`."""
        return isinstance(call.func, cst.Attribute) and call.func.attr.value == "requires_grad_" \
            and (not call.args or is_true(call.args[0].value))

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._blocks.append(id(node))

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._blocks.pop()

    def visit_With(self, node: cst.With) -> None:
        self._gradless_blocks += any(self._disables_grad(item.item) for item in node.items)
        self._grad_blocks += any(self._enables_grad(item.item) for item in node.items)

    def leave_With(self, node: cst.With) -> None:
        self._gradless_blocks -= any(self._disables_grad(item.item) for item in node.items)
        self._grad_blocks -= any(self._enables_grad(item.item) for item in node.items)

    def _enables_grad(self, expr: cst.BaseExpression) -> bool:
        return isinstance(expr, cst.Call) and (imported_name(self.ctx, expr.func) or "") in GRAD_ENABLING

    def _disables_grad(self, expr: cst.BaseExpression) -> bool:
        """`torch.no_grad()`, `torch.inference_mode()` (called or bare, as a decorator or a context manager)."""
        func = expr.func if isinstance(expr, cst.Call) else expr
        return (imported_name(self.ctx, func) or "") in GRAD_DISABLING

    def leave_Assign(self, node: cst.Assign) -> None:
        if not self._gradless_attrs:
            return
        names = self._locals.assign(node)
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Tuple) and self._pieces(node.value):
            self._locals.bind("arithmetic", names)
        for target in node.targets:
            attr = is_self_attr(target.target)
            if attr is not None and len(node.targets) == 1 and self._without_grad(node.value):
                self._gradless_attrs[-1].add(attr)
            elif attr is not None:
                self._gradless_attrs[-1].discard(attr)
        self._batch_items[-1].difference_update(names)
        self._batch_items[-1].update(self._items_of_records(node))
        self._parameters[-1].difference_update(names)
        self._tensor_mappings[-1].difference_update(names)
        self._records[-1].difference_update(names)
        for name in names:
            self._turned_on[-1].pop(name, None)

    def visit_For(self, node: cst.For) -> None:
        if self._parameters:
            parameter = _parameter_bound_by(node)
            self._parameters[-1].difference_update(bound_names(node.target))  # a loop over something else rebinds
            self._batch_items[-1].difference_update(bound_names(node.target))
            if parameter is not None:
                self._parameters[-1].add(parameter)

    def _is_parameter(self, expr: cst.BaseExpression) -> bool:
        return isinstance(expr, cst.Name) and bool(self._parameters) and expr.value in self._parameters[-1]

    def _input_slice(self, expr: cst.BaseExpression) -> bool:
        """`x[:, 1:]` of an input of the compiled function (forward's, an entry point's), or a local bound to one.
        Only a slice (`a:b`) tells a view of a tensor: `data["positions"]` of a dict input is an input itself, unless
        the parameter is declared a mapping of tensors (a batch of data)."""
        if isinstance(expr, cst.Name):
            return self._locals.holds("input slice", expr.value)
        if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and self._tensor_mappings \
                and expr.value.value in self._tensor_mappings[-1]:
            return len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index)
        return self._record_field(expr) or isinstance(expr, cst.Subscript) and self.ctx.is_raw_param(expr.value) \
            and any(isinstance(element.slice, cst.Slice) for element in expr.slice)

    def _differentiated_input(self, expr: cst.BaseExpression) -> bool:
        """An input of the function (a parameter it never rebinds) that it differentiates with respect to: written for
        values that arrive without grad (atom positions, to take forces), where turning grad on breaks (GB0125; the
        attribute form GB0206 either way). An input that arrives requiring grad compiles, and one that is only turned
        on, or whose graph is only differentiated for the parameters (`loss.backward()`), tells nothing (measured on
        2.13: fixesw write-up)."""
        if not isinstance(expr, cst.Name) or not self._differentiated:
            return False
        innermost = self._differentiated[-1]
        if innermost.inputs is None:
            innermost.inputs = _differentiated_inputs(innermost.function, self.ctx)
        return expr.value in innermost.inputs

    def _record_parameters(self, node: cst.FunctionDef) -> Set[str]:
        """The parameters whose fields may be a data record's: all but self/cls and those declared a tensor or an
        `nn` module (a module's attributes are its parameters and buffers)."""
        params = list(node.params.params) + list(node.params.kwonly_params)
        if params and params[0].name.value in ("self", "cls"):
            params = params[1:]
        return {p.name.value for p in params if annotation_kind(p.annotation, self.ctx.imports) != TENSOR
                and not (p.annotation is not None
                         and (self.ctx.imports.resolve(p.annotation.annotation) or "").startswith("torch.nn."))}

    def _record_field(self, expr: cst.BaseExpression) -> bool:
        """A tensor field of a data record handed in: an attribute or a keyed item of a parameter (`graph.R`,
        `data.pos`, `data[POSITIONS_KEY]`, `batch["pos"]`), or a keyed item of a mapping of tensors that a record
        class (a NamedTuple, a plain class) declares in its body (`self.node_features["positions"]`). Data arrive
        without grad; an activation that already requires grad is seldom stored in a record to be switched on."""
        if not self._records:
            return False
        if isinstance(expr, cst.Attribute):
            return isinstance(expr.value, cst.Name) and expr.value.value in self._records[-1] \
                and expr.attr.value not in NON_TENSOR_ATTRS
        if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index)
                and self._field_key(expr.slice[0].slice.value)):
            return False
        if isinstance(expr.value, cst.Name):
            return expr.value.value in self._records[-1]
        attr = is_self_attr(expr.value)
        return attr is not None and self._record_mapping(attr)

    def _items_of_records(self, node: cst.Assign) -> Set[str]:
        """Names an assignment binds to the items of a record parameter: `target = batch[0]`, `mel, gate = targets`,
        `mel, gate = targets[0], targets[1]` (a loss's targets, a batch's tensors)."""
        if len(node.targets) != 1:
            return set()
        target, value = node.targets[0].target, node.value
        if isinstance(target, cst.Name):
            return {target.value} if self._record_item(value) else set()
        if not isinstance(target, (cst.Tuple, cst.List)):
            return set()
        names = [element.value for element in target.elements]
        if isinstance(value, cst.Name) and value.value in self._records[-1]:
            return {n.value for n in names if isinstance(n, cst.Name)}
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(names):
            return {n.value for n, v in zip(names, value.elements)
                    if isinstance(n, cst.Name) and self._record_item(v.value)}
        return set()

    def _record_item(self, expr: cst.BaseExpression) -> bool:
        """`batch[0]` or `batch["mel"]`: one item of a record parameter."""
        return isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) \
            and expr.value.value in self._records[-1] and len(expr.slice) == 1 \
            and isinstance(expr.slice[0].slice, cst.Index)

    def _batch_item(self, expr: cst.BaseExpression) -> bool:
        """A tensor of a record handed in, where setting `.requires_grad` always breaks: data arrive as leaves, whose
        flag dynamo cannot set (GB0206, turned on or off), and on a non-leaf the assignment raises eagerly."""
        if self.ctx.kind(expr) == NOT_TENSOR or not self._batch_items:
            return False
        return isinstance(expr, cst.Name) and expr.value in self._batch_items[-1] or self._record_item(expr)

    def _field_key(self, key: cst.BaseExpression) -> bool:
        """A key naming a field: a string, a dotted constant (`AtomicDataDict.POSITIONS_KEY`), or a module-level name
        no local hides; not a number or a loop index (`hs[-1]`, `hs[i]` are positions in a list of activations)."""
        if isinstance(key, cst.SimpleString) or isinstance(key, cst.Attribute) and isinstance(key.value, cst.Name) \
                and key.value.value not in ("self", "cls"):
            return True
        frame = self.ctx.frame
        return isinstance(key, cst.Name) and key.value in self.ctx.module_names \
            and (frame is None or key.value not in frame.env)

    def _record_mapping(self, attr: str) -> bool:
        """`attr` is declared a mapping of tensors in the body of the enclosing class, a record: a NamedTuple or a
        class without bases (a module's `self.x[k]` may be a parameter of a ParameterDict)."""
        scope = next((s for s in reversed(self.ctx.statements) if isinstance(s, cst.ClassDef)), None)
        if scope is None or any(self.ctx.imports.resolve(base.value) not in RECORD_BASES for base in scope.bases):
            return False
        return any(isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                   and small.target.value == attr and maps_to_tensors(small.annotation, self.ctx.imports)
                   for line in scope.body.body if isinstance(line, cst.SimpleStatementLine) for small in line.body)

    def _without_grad(self, expr: cst.BaseExpression, fresh: bool = False) -> bool:
        """A tensor without grad: `.data`, a buffer, a `.detach()`, a torch factory's result, or a local bound to one;
        `fresh`: only those the graph makes (see _fresh_leaf)."""
        if isinstance(expr, cst.Name):
            return self._locals.holds("fresh" if fresh else "gradless", expr.value)
        if isinstance(expr, cst.Attribute):
            return not fresh and (expr.attr.value == "data" or is_self_attr(expr) in self._buffers)
        if not isinstance(expr, cst.Call):
            return False
        if isinstance(expr.func, cst.Attribute):
            method = expr.func.attr.value
            if method == "detach":
                return True
            if method in GRADLESS_PRESERVING and self._without_grad(expr.func.value, fresh):
                return all(self.ctx.kind(arg.value) == NOT_TENSOR or arg.keyword is not None for arg in expr.args)
        name = imported_name(self.ctx, expr.func) or ""
        return _is_torch_factory(name) and not is_true(keyword(expr, "requires_grad"))

    def _fresh_leaf(self, expr: cst.BaseExpression) -> bool:
        """A tensor the graph makes without grad: a `.detach()`, a torch factory's result, or a local bound to one.
        Its `requires_grad_()` is GB8985, raised only when dynamo compiles a graph that outputs it (frame_skips);
        `.data` and a buffer are inputs of the graph, and break where traced (GB0125; measured on 2.13)."""
        return self._without_grad(expr, fresh=True)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "register_buffer" and node.args \
                and isinstance(node.args[0].value, cst.SimpleString):
            self._buffers.add(node.args[0].value.evaluated_value)
        if isinstance(func, cst.Attribute) and func.attr.value == "retain_grad" and not node.args \
                and is_self_attr(func.value) is None and self.ctx.is_tensor(func.value):
            # eagerly it raises on a tensor without grad, so wherever it runs the tensor requires grad, and dynamo
            # cannot keep the flag in a graph (GB0108, a leaf or an activation alike; measured on 2.13). A parameter
            # (`self.w`) is left alone.
            self.report(node, "`retain_grad()` in compiled code breaks the graph", pattern="retain",
                        help="keep the tensor (return it) and call `retain_grad()` outside the compiled region, or "
                             "take its gradient with a tensor hook")
            return
        if isinstance(func, cst.Attribute) and func.attr.value == "requires_grad_":
            enabled = node.args[0].value if node.args else None
            turned = func.value.value if isinstance(func.value, cst.Name) and self._turned_on else None
            if enabled is not None and is_false(enabled) and self._is_parameter(func.value):
                self.report(node, f"`{func.value.value}` is a parameter (it requires grad): `requires_grad_(False)` "
                                  "in compiled code breaks the graph", pattern="method", help=HELP)
                return
            if turned is not None and enabled is not None and is_false(enabled):
                blocks = self._turned_on[-1].get(turned)
                if blocks is not None and tuple(self._blocks[:len(blocks)]) == blocks:
                    self.report(node, f"`{turned}` requires grad here (turned on above): `requires_grad_(False)` "
                                      "in compiled code breaks the graph", pattern="method", help=HELP)
                return
            if turned is not None and (enabled is None or is_true(enabled)):
                self._turned_on[-1][turned] = tuple(self._blocks)
            if (enabled is None or is_true(enabled)) and self._differentiated_input(func.value) \
                    and not self._in_autograd_backward():
                self.report(node, f"`{func.value.value}` is an input this function differentiates with respect to, so "
                                  "it arrives without grad: `requires_grad_()` on it in compiled code breaks the graph",
                            pattern="method", help=HELP)
                return
            # `requires_grad_(flag)` with a flag of unknown value (e3nn's `requires_grad_(requires_grad)`) may be off
            if (enabled is not None and not is_true(enabled)) \
                    or not (self._without_grad(func.value) or self._input_slice(func.value)):
                return
            if self._buffers_with_grad and is_self_attr(func.value) in self._buffers_with_grad[-1]:
                return  # the buffer requires grad already: a no-op
            if self._in_autograd_backward():
                return
            if not self._has_source(func.value) and self._grad_taken_first():
                return
            pattern = "leaf" if self._fresh_leaf(func.value) else "method"
            self.report(node, "`requires_grad_()` in compiled code breaks the graph", pattern=pattern, help=HELP)
            return
        name = imported_name(self.ctx, func) or ""
        flag = keyword(node, "requires_grad")
        if not _is_torch_factory(name):
            return
        if is_true(flag):
            self.report(node, f"`{name}(..., requires_grad=True)` in compiled code breaks the graph",
                        pattern="factory", help=HELP)
        elif _is_training_flag(flag):  # encodec's `torch.tensor([0.0], requires_grad=self.training)`
            self.report(node, f"`{name}(..., requires_grad=self.training)` breaks the graph whenever the module "
                              "is compiled in training mode", pattern="factory", help=HELP)
        # Jamba's router `torch.ones(..., requires_grad=x.requires_grad)`
        elif (source := self._activation_followed(flag)) is not None:
            shown = source.value if isinstance(source, cst.Name) else "the tensor"
            self.report(node, f"`{name}(..., requires_grad={shown}.requires_grad)` breaks the graph whenever "
                              f"`{shown}` requires grad (an activation of parameters that train, outside `no_grad`)",
                        pattern="factory", help=HELP)

    def _has_source(self, expr: cst.BaseExpression) -> bool:
        """A value dynamo tracks from outside the frame (a buffer, `.data`, an input's slice bound to a name): its
        `requires_grad_()` breaks on the spot. A local bound to a call (`x.detach().clone()`) is an intermediate."""
        if isinstance(expr, cst.Call):
            return False
        return not (isinstance(expr, cst.Name) and self._locals.holds("intermediate", expr.value))

    def _grad_taken_first(self) -> bool:
        """On an intermediate, `requires_grad_()` compiles, and breaks only when a graph is compiled that outputs it
        (GB8985: dynamo restarts and breaks there). Inside a `try` or a loop, a later `torch.autograd.grad` of the
        same block (the reason to turn grad on) breaks first, and there dynamo gives up on the frame before compiling
        any graph: the grad call is the break, and this one never happens (measured on 2.13)."""
        statements = self.ctx.statements
        for depth in range(len(statements) - 1, 0, -1):
            block = statements[depth - 1]
            if isinstance(block, (cst.FunctionDef, cst.ClassDef)):
                return False
            later = _later_in(block, statements[depth])
            if later is None:
                continue
            for statement in later:
                if self._calls_autograd_grad(statement):
                    if isinstance(block, (cst.Try, cst.For, cst.While)) or self._in_skipping(depth - 1):
                        return True
                    return False
                if _may_leave(statement):
                    return False
        return False

    def _in_skipping(self, depth: int) -> bool:
        """A `try` or a loop around statement `depth` of the walk, inside its function."""
        for block in reversed(self.ctx.statements[:depth]):
            if isinstance(block, (cst.FunctionDef, cst.ClassDef)):
                return False
            if isinstance(block, (cst.Try, cst.For, cst.While)):
                return True
        return False

    def _calls_autograd_grad(self, statement: cst.CSTNode) -> bool:
        """`torch.autograd.grad(...)` in a simple statement, or in one a `with` block runs unconditionally."""
        if isinstance(statement, cst.With):
            return any(self._calls_autograd_grad(s) for s in statement.body.body)
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        return any(imported_name(self.ctx, call.func) == "torch.autograd.grad"
                   for call in _calls(statement))

    def _in_autograd_backward(self) -> bool:
        """In the backward of a torch.autograd.Function: dynamo traces it when `Fn.apply` runs with an input that
        requires grad, and there `x.detach().requires_grad_()` compiles (a checkpoint's recomputation; 2.13)."""
        scopes = [s for s in self.ctx.statements if isinstance(s, (cst.ClassDef, cst.FunctionDef))]
        return len(scopes) >= 2 and isinstance(scopes[-2], cst.ClassDef) and scopes[-1].name.value == "backward" \
            and any(self.ctx.imports.resolve(base.value) in AUTOGRAD_FUNCTIONS for base in scopes[-2].bases)

    def _activation_followed(self, flag: Optional[cst.BaseExpression]) -> Optional[cst.BaseExpression]:
        """`h` of `requires_grad=h.requires_grad`, h a tensor that may require grad, outside `no_grad` code: an
        activation of a model with parameters that train, so the factory makes a leaf that requires grad."""
        source = _grad_flag_of(flag)
        if source is None or self._gradless_blocks or self.ctx.kind(source) == NOT_TENSOR or self._without_grad(source):
            return None
        return source

    def _pieces(self, value: cst.BaseExpression) -> bool:
        """`torch.chunk(y, 2)` / `y.split(n)` / `torch.unbind(y)`: views of one tensor, unpacked. Like arithmetic,
        each is a leaf without grad or a view whose flag cannot change (setting it raises eagerly), so setting it
        breaks where the code runs (GB0467 on a chunk of a tensor without grad, a reversible block's recomputing
        backward; measured on 2.13)."""
        if not isinstance(value, cst.Call):
            return False
        if (imported_name(self.ctx, value.func) or "") in SPLITTING:
            return True
        func = value.func
        return isinstance(func, cst.Attribute) and func.attr.value in SPLITTING_METHODS \
            and self.ctx.kind(func.value) == TENSOR

    def _new_leaf_or_gradless_attribute(self, expr: cst.BaseExpression) -> bool:
        """A local bound to arithmetic (`outs = baseline + alpha * (image - baseline)`, integrated gradients' path
        point): a new tensor, a leaf without grad unless an operand requires grad, and then setting the flag raises
        eagerly (only leaves' flags change), so where the code runs it breaks, turned on or off (GB0206). Or an
        attribute the function bound to a tensor without grad (`self.X = input[0].detach()`, an LRP layer keeping its
        input)."""
        if isinstance(expr, cst.Name):
            return self._locals.holds("arithmetic", expr.value)
        attr = is_self_attr(expr)
        return attr is not None and bool(self._gradless_attrs) and attr in self._gradless_attrs[-1]

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            t = target.target
            # on a tensor without grad, setting the flag breaks whatever its value (`grid.requires_grad = False`
            # on a factory's result: GB0206, measured on 2.13)
            # and on a parameter too, even to True (flamingo-pytorch freezing its layers in forward)
            # and on a tensor switched on under `torch.enable_grad()` (a reversible block's recomputation in backward):
            # only a leaf's flag changes (elsewhere it raises eagerly), and a leaf's breaks, with or without grad
            if isinstance(t, cst.Attribute) and t.attr.value == "requires_grad" \
                    and (self._without_grad(t.value) or self._is_parameter(t.value)
                         or self._new_leaf_or_gradless_attribute(t.value)
                         or (is_true(node.value) or is_false(node.value)) and self._batch_item(t.value)
                         or self._grad_blocks and is_true(node.value) and self.ctx.kind(t.value) != NOT_TENSOR
                         or is_true(node.value) and self._differentiated_input(t.value)):
                self.report(node, "setting `.requires_grad` in compiled code breaks the graph", pattern="attribute",
                            help=HELP)
