"""CL175: `t.data = v` on a tensor made inside the compiled region.

Dynamo sets `.data` only of a tensor that came from outside the region (a parameter, a buffer, an input, an item of a
ParameterList): one it made while tracing has no source to write back to, and the assignment is GB0056 "Failed to
mutate tensor data attribute" (measured on 2.13). Reported on a row or slice of a tensor (`self.codebook[i].data = v`:
indexing makes a new tensor) and on a local the function bound to a tensor it computed (a factory's result, arithmetic,
a tensor method's result). A local bound to an attribute, a name or an item (`w = self.weight`) may be one from
outside, and is left alone.
"""

from typing import List, Set

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import TENSOR, bound_names

HELP = ("dynamo sets `.data` only of tensors from outside the compiled region: copy in place (`t.copy_(v)` under "
        "`torch.no_grad()`), or do the reset outside the region")


class DataSetOnGraphTensor(Check):
    code = "CL175"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._computed: List[Set[str]] = []  # per function: local names bound to a tensor the function computed

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._computed.append(set())

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._computed.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            obj = _data_owner(target.target)
            if obj is not None and self._made_in_region(obj):
                self.report(target.target, "setting `.data` of a tensor made inside the compiled region breaks the "
                                           "graph: dynamo sets it only of a tensor from outside", help=HELP)

    def leave_Assign(self, node: cst.Assign) -> None:
        if not self._computed:
            return
        names = [n for target in node.targets for n in bound_names(target.target)]
        single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        if single and self._computed_tensor(node.value):
            self._computed[-1].add(names[0])
        else:
            self._computed[-1].difference_update(names)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        if self._computed:
            self._computed[-1].difference_update(bound_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        if self._computed:
            self._computed[-1].difference_update(bound_names(node.target))

    def _made_in_region(self, obj: cst.BaseExpression) -> bool:
        if isinstance(obj, cst.Subscript):
            return self.ctx.kind(obj.value) is TENSOR
        return isinstance(obj, cst.Name) and bool(self._computed) and obj.value in self._computed[-1]

    def _computed_tensor(self, value: cst.BaseExpression) -> bool:
        """A call's result, arithmetic or a tensor method's result, known to be a tensor."""
        return isinstance(value, (cst.Call, cst.BinaryOperation, cst.UnaryOperation)) \
            and self.ctx.kind(value) is TENSOR


def _data_owner(target: cst.BaseExpression):
    """`t` of an assignment target `t.data`."""
    if isinstance(target, cst.Attribute) and target.attr.value == "data":
        return target.value
    return None
