"""CL122: reading a tensor through a boolean mask (`x[m]`, `out[m] = y[m]`); writes `x[m] = v` are fine."""

from typing import Set

import libcst as cst

from compilelint.checks._value_evidence import ValueEvidenceCheck
from compilelint.tensors import NOT_TENSOR

HELP = ("keep the shape: masked arithmetic (`(x * m).sum() / m.sum()`), `torch.where(m, y, out)` instead of "
        "`out[m] = y[m]`, or a mask write `x[m] = v` (which compiles); or set "
        "`torch._dynamo.config.capture_dynamic_output_shape_ops = True`")


class BooleanMaskIndex(ValueEvidenceCheck):
    code = "CL122"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._written: Set[int] = set()  # subscripts that are assignment targets

    def visit_Assign(self, node: cst.Assign) -> None:
        self._written.update(id(t.target) for t in node.targets)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._written.add(id(node.target))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if id(node) in self._written or self.ctx.kind(node.value) == NOT_TENSOR:
            return
        if any(isinstance(e.slice, cst.Index) and self.is_bool_mask(e.slice.value) for e in node.slice):
            self.report(node, "indexing with a boolean mask returns as many elements as the mask has `True` "
                              "values: a data-dependent shape, so the graph breaks here and the code after it "
                              "recompiles once", help=HELP)
