"""CL152: comparing `data_ptr()` values (aliasing checks) in compiled code."""

import libcst as cst

from compilelint.check import Check

HELP = "do the aliasing check outside the compiled region, or drop it (compiled code may alias differently anyway)"


def _is_data_ptr(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "data_ptr"


class DataPtrComparison(Check):
    code = "CL152"

    def visit_Comparison(self, node: cst.Comparison) -> None:
        operands = [node.left] + [t.comparator for t in node.comparisons]
        if any(_is_data_ptr(e) for e in operands):
            self.report(node, "comparing `data_ptr()` values in compiled code breaks the graph: dynamo has no "
                              "real storage addresses while tracing", help=HELP)
