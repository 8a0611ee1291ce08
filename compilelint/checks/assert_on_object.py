"""CL157: `assert x` on something that is neither a tensor nor a Python constant: a tuple of objects or
tensors (`*transforms: Transform`), an `nn.Module`. Dynamo turns the assert into a runtime check and
cannot pass such a value to it (measured on 2.13)."""

from __future__ import annotations

from typing import Dict, List, Optional

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import TENSOR, annotation_kind, bound_names

# torch classes whose values dynamo holds as constants: `assert args` on a tuple of them compiles
TORCH_CONSTANT_TYPES = frozenset({"torch.Size", "torch.dtype", "torch.device", "torch.layout", "torch.memory_format"})
HELP = ("test what you mean as a Python value: `assert len(transforms) > 0`, `assert self.layers is not None`, "
        "or check it once in `__init__`")


class AssertOnObject(Check):
    code = "CL157"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._varargs: List[Dict[str, str]] = []  # per function: `*name` -> "tensors" / "objects"

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        star = node.params.star_arg
        held = {}
        if isinstance(star, cst.Param) and star.annotation is not None:
            what = self._annotated_elements(star.annotation)
            if what:
                held[star.name.value] = what
        self._varargs.append(held)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._varargs.pop()

    def _annotated_elements(self, annotation: cst.Annotation) -> Optional[str]:
        if annotation_kind(annotation, self.ctx.imports) == TENSOR:
            return "tensors"
        annotation = annotation.annotation
        if isinstance(annotation, cst.Name) and annotation.value in self.ctx.facts.classes:
            return "objects"  # a class of this file: its instances are not constants
        name = self.ctx.resolve(annotation) or ""
        last = name.rsplit(".", 1)[-1]
        if name.startswith("torch.") and last[:1].isupper() and name not in TORCH_CONSTANT_TYPES:
            return "objects"  # `torch.distributions.Transform`, `nn.Module`...
        return None

    def _forget(self, names) -> None:
        if self._varargs:
            for name in names:
                self._varargs[-1].pop(name, None)

    def leave_Assign(self, node: cst.Assign) -> None:
        self._forget([n for target in node.targets for n in bound_names(target.target)])

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        self._forget(bound_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        self._forget(bound_names(node.target))

    def visit_Assert(self, node: cst.Assert) -> None:
        test = node.test
        if isinstance(test, cst.Name) and self._varargs and test.value in self._varargs[-1]:
            what = self._varargs[-1][test.value]
            self.report(node, f"`assert {test.value}` on a tuple of {what}: dynamo turns the assert into a runtime "
                              f"check and cannot pass it a tuple of {what}, so the graph breaks here",
                        pattern=what, help=HELP)
        elif self._is_torch_submodule(test):
            self.report(node, f"`assert self.{test.attr.value}` on an nn.Module: dynamo turns the assert into a "
                              "runtime check and cannot pass it a module, so the graph breaks here",
                        pattern="objects", help=HELP)

    def _is_torch_submodule(self, expr: cst.BaseExpression) -> bool:
        frame = self.ctx.frame
        if not (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"
                and frame is not None and frame.cls is not None):
            return False
        return (frame.cls.submodules.get(expr.attr.value) or "").startswith("torch.nn.")
