"""CL175: `t.data = v` on a tensor made inside the compiled region.

Dynamo sets `.data` only of a tensor that came from outside the region (a parameter, a buffer, an input, an item of a
ParameterList): one it made while tracing has no source to write back to, and the assignment is GB0056 "Failed to
mutate tensor data attribute" (measured on 2.13). Reported on a row or slice of a tensor (`self.codebook[i].data = v`:
indexing makes a new tensor) and on a local the function bound to a tensor it computed (a factory's result, arithmetic,
a tensor method's result). A local bound to an attribute, a name or an item (`w = self.weight`) may be one from
outside, and is left alone.
"""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._local_bindings import LocalBindings
from compilelint.tensors import TENSOR, bound_names

HELP = ("dynamo sets `.data` only of tensors from outside the compiled region: copy in place (`t.copy_(v)` under "
        "`torch.no_grad()`), or do the reset outside the region")


class DataSetOnGraphTensor(Check):
    code = "CL175"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._locals = LocalBindings({"computed": self._computed_tensor})

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._locals.enter()

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._locals.leave()

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            obj = _data_owner(target.target)
            if obj is not None and self._made_in_region(obj):
                self.report(target.target, "setting `.data` of a tensor made inside the compiled region breaks the "
                                           "graph: dynamo sets it only of a tensor from outside", help=HELP)

    def leave_Assign(self, node: cst.Assign) -> None:
        self._locals.assign(node)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        self._locals.unbind(bound_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        self._locals.unbind(bound_names(node.target))

    def _made_in_region(self, obj: cst.BaseExpression) -> bool:
        if isinstance(obj, cst.Subscript):
            return self.ctx.kind(obj.value) is TENSOR
        return isinstance(obj, cst.Name) and self._locals.holds("computed", obj.value)

    def _computed_tensor(self, value: cst.BaseExpression) -> bool:
        """A call's result, arithmetic or a tensor method's result, known to be a tensor."""
        return isinstance(value, (cst.Call, cst.BinaryOperation, cst.UnaryOperation)) \
            and self.ctx.kind(value) is TENSOR


def _data_owner(target: cst.BaseExpression):
    """`t` of an assignment target `t.data`."""
    if isinstance(target, cst.Attribute) and target.attr.value == "data":
        return target.value
    return None
