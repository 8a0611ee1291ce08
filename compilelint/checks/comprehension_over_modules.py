"""CL165: a list, set or dict comprehension over an nn.Module container (`[blk(x) for blk in self.blocks]`) whose
called elements graph-break. On Python 3.11 the comprehension is a frame of its own; dynamo cannot rebuild the
container's iterator to resume it, so besides the inner break it breaks on the comprehension's first line (GB0092
in the enclosing frame, GB4347 in the comprehension's). Measured on 2.13: ModuleList, ModuleDict .values()/.items(),
Sequential, a slice, zip(...) over one; not enumerate(...), a Python list of modules, or a generator expression.
The same comprehension breaks with GB4347 over modules that do not break when dynamo gives up on its frame first (a
break in a loop, or an earlier such comprehension): the project-wide condition decides both (conditions.py,
"container-element-breaks"). A comprehension that calls none of the modules breaks so only when dynamo compiles its
frame at all, which it skips unless the frame holds a torch module, a tensor or a module: its own code names a torch
module or `self` ("container-frame-given-up"). The same holds for a comprehension over a list or a dict (a local bound only
to one, its `.items()`, `self.xs` bound only to a list display): dynamo cannot step their iterators in a frame of its
own either, though it steps a tuple's and a range's ("iterator-frame-given-up"; measured on 2.13, fixesy-2026-11-30y.md
§3)."""

from __future__ import annotations

from typing import Dict, List, Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import TENSOR, is_self_attr, parameter_names

# what a comprehension's own code may name that makes dynamo compile its frame (convert_frame.has_tensor_in_frame:
# a global that is torch or a torch module); `from torch import stack` binds a function, which does not count
TORCH_MODULES = frozenset({"torch", "torch.nn", "torch.nn.functional", "torch.linalg", "torch.fft", "torch.special",
                           "torch.distributions", "torch.autograd", "torch.nn.init", "torch.cuda"})

HELP = ("remove the break inside the blocks (it is reported on its own line), or loop with a `for` statement: "
        "dynamo resumes a `for` loop over the container after the break, but not a comprehension")


def _container(iterated: cst.BaseExpression) -> Optional[str]:
    """`self.xs`, `self.xs[a:b]`, `self.xs.values()` / `.items()`: the attribute name."""
    if isinstance(iterated, cst.Subscript):  # a slice is a container; `self.xs[0]` is one module
        return is_self_attr(iterated.value) if all(isinstance(s.slice, cst.Slice) for s in iterated.slice) else None
    if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Attribute) and not iterated.args \
            and iterated.func.attr.value in ("values", "items"):
        return is_self_attr(iterated.func.value)
    return is_self_attr(iterated)


def _element_names(ctx, target: cst.BaseExpression, iterated: cst.BaseExpression) -> Dict[str, str]:
    """Names the comprehension binds to the container's modules -> the container attribute."""
    if isinstance(iterated, cst.Call) and ctx.resolve(iterated.func) == "zip" and isinstance(target, cst.Tuple) \
            and len(target.elements) == len(iterated.args) and not any(a.star or a.keyword for a in iterated.args):
        found: Dict[str, str] = {}
        for element, argument in zip(target.elements, iterated.args):
            found.update(_element_names(ctx, element.value, argument.value))
        return found
    attribute = _container(iterated)
    if attribute is None:
        return {}
    items = isinstance(iterated, cst.Call) and iterated.func.attr.value == "items"
    if items and isinstance(target, cst.Tuple) and len(target.elements) == 2:
        target = target.elements[1].value
    elif items:
        return {}
    return {target.value: attribute} if isinstance(target, cst.Name) else {}


class _ElementCalls(cst.CSTVisitor):
    """What a comprehension calls of the container's modules: "xs" (an element called), "xs.m" (its method m), as
    the names of `("self_item", ...)` call records."""

    def __init__(self, names: Dict[str, str]) -> None:
        self.names = names
        self.records: Dict[str, None] = {}

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Name) and func.value in self.names:
            self.records[self.names[func.value]] = None
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in self.names:
            self.records[f"{self.names[func.value.value]}.{func.attr.value}"] = None

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False  # not called here


class _FrameNames(cst.CSTVisitor):
    """The names a comprehension's own code object reads: not attribute names or keywords, not nested scopes."""

    def __init__(self) -> None:
        self.names: list = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False

    def _nested(self, node) -> bool:
        return False

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_Lambda = _nested


class ComprehensionOverModules(Check):
    code = "CL165"

    def _check(self, node) -> None:
        clause = node.for_in
        if self.ctx.frame is None:
            return
        names = _element_names(self.ctx, clause.target, clause.iter)
        calls = _ElementCalls(names)
        own = _FrameNames()
        for part in (getattr(node, "elt", None), getattr(node, "key", None), getattr(node, "value", None),
                     *clause.ifs, clause.inner_for_in):
            if part is not None:
                part.visit(calls)
                part.visit(own)
        compiled_frame = any(n.value == "self" or self.ctx.resolve(n) in TORCH_MODULES for n in own.names)
        # a tensor among its free variables makes dynamo compile it too
        bound = {n.value for n in _targets(clause.target) if isinstance(n, cst.Name)}
        listed = self._listed(clause.iter) if compiled_frame or any(
            n.value not in bound and self.ctx.kind(n) == TENSOR for n in own.names) else None
        if not names or listed is not None:  # a Python list of modules too: dynamo rebuilds its iterator at a break
            if listed is not None:
                self.report(node, f"this comprehension over {listed} runs in a frame dynamo gives up on", help=HELP,
                            requires=("iterator-frame-given-up", listed))
            return
        if not calls.records:
            if compiled_frame:
                attributes = dict.fromkeys(names.values())
                self.report(node, "this comprehension over the modules of "
                                  f"{', '.join(f'`self.{a}`' for a in attributes)} runs in a frame dynamo gives up on",
                            help=HELP, requires=("container-frame-given-up", *attributes))
            return
        if calls.records:
            attributes = ", ".join(dict.fromkeys(f"`self.{called.partition('.')[0]}`" for called in calls.records))
            self.report(node, f"this comprehension calls the modules of {attributes}, which graph-break inside; "
                              "dynamo cannot resume a comprehension over a module container, so the graph breaks "
                              "on this line too", help=HELP, requires=("container-element-breaks", *calls.records))

    visit_ListComp = visit_SetComp = visit_DictComp = _check

    def _listed(self, iterated: cst.BaseExpression) -> Optional[str]:
        """What the comprehension steps when it is a list's or a dict's iterator, which dynamo cannot step in a frame
        of its own (a tuple's and a range's it can): a local bound only to a list or a dict (also its `.items()`,
        `.keys()`, `.values()`), or `self.xs` that the class binds only to a list display. Its description, or None."""
        if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Attribute) and not iterated.args \
                and iterated.func.attr.value in ("items", "keys", "values"):
            described = self._listed(iterated.func.value)
            return f"{described}'s `.{iterated.func.attr.value}()`" if described and "dict" in described else None
        if isinstance(iterated, cst.Name) and self.ctx.current_definition is not None:
            function = self.ctx.definitions[self.ctx.current_definition][0]
            if iterated.value in parameter_names(function):
                return None  # what the caller passes may be a tuple, whose iterator dynamo steps
            kinds = _bound_kinds(function.body, iterated.value, self.ctx)
            if kinds in ({"list"}, {"dict"}):
                return f"the local {kinds.pop()} `{iterated.value}`"
            return None
        attribute = is_self_attr(iterated)
        cls = self.ctx.frame.cls
        if attribute is None or cls is None:
            return None
        definition = next((s for s in self.ctx.module.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name),
                          None)
        if definition is not None and _self_bound_kinds(definition, attribute, self.ctx) == {"list"}:
            return f"the list `self.{attribute}`"
        return None


def _value_kind(value: cst.BaseExpression, ctx) -> Optional[str]:
    if isinstance(value, (cst.List, cst.ListComp)):
        return "list"
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return "dict"
    if isinstance(value, cst.Call) and ctx.resolve(value.func) in ("list", "dict"):
        return ctx.resolve(value.func)
    return None


class _Bindings(cst.CSTVisitor):
    """The kinds of the values a name (or `self.<attribute>`) is bound to in a body: "list", "dict", or "other"
    for anything else (a loop target, an augmented assignment, a `with` target, an unknown value)."""

    def __init__(self, matches, ctx) -> None:
        self.matches, self.ctx = matches, ctx
        self.kinds: Set[str] = set()

    def visit_Assign(self, node: cst.Assign) -> None:
        if any(self.matches(t.target) for t in node.targets):
            self.kinds.add(_value_kind(node.value, self.ctx) or "other")

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if self.matches(node.target):
            self.kinds.add((_value_kind(node.value, self.ctx) if node.value is not None else None) or "other")

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if self.matches(node.target):
            self.kinds.add("other")

    def visit_For(self, node: cst.For) -> None:
        if any(self.matches(n) for n in _targets(node.target)):
            self.kinds.add("other")

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None and any(self.matches(n) for n in _targets(node.asname.name)):
            self.kinds.add("other")

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        if self.matches(node.target):
            self.kinds.add("other")


def _targets(target: cst.BaseExpression) -> List[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _targets(e.value)]
    return [target.value if isinstance(target, cst.StarredElement) else target]


def _bound_kinds(body: cst.CSTNode, name: str, ctx) -> Set[str]:
    bindings = _Bindings(lambda t: isinstance(t, cst.Name) and t.value == name, ctx)
    body.visit(bindings)
    return bindings.kinds


def _self_bound_kinds(definition: cst.ClassDef, attribute: str, ctx) -> Set[str]:
    bindings = _Bindings(lambda t: is_self_attr(t) == attribute, ctx)
    definition.body.visit(bindings)
    return bindings.kinds
