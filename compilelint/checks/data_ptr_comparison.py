"""CL152: comparing `data_ptr()` values (aliasing checks) in compiled code."""

import libcst as cst

from compilelint.check import Check

HELP = "do the aliasing check outside the compiled region, or drop it (compiled code may alias differently anyway)"
# a pointer read through the tensor's storage object breaks before the comparison: `untyped_storage()` traces but its
# `data_ptr()` is an unsupported method call (GB0156), and the legacy `storage()` returns a TypedStorage dynamo cannot
# put in the graph (GB0208); measured on 2.13 (tied-weights checks: b27_hf_tied_weights_storage_ptr)
STORAGE_METHODS = frozenset({"untyped_storage", "storage"})


def _is_data_ptr(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "data_ptr"


def _through_storage(expr: cst.BaseExpression) -> bool:
    """`t.untyped_storage().data_ptr()`: the pointer of a storage object, not of the tensor."""
    receiver = expr.func.value
    return isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) \
        and receiver.func.attr.value in STORAGE_METHODS and not receiver.args


class DataPtrComparison(Check):
    code = "CL152"

    def visit_Comparison(self, node: cst.Comparison) -> None:
        operands = [e for e in [node.left] + [t.comparator for t in node.comparisons] if _is_data_ptr(e)]
        if operands:
            self.report(node, "comparing `data_ptr()` values in compiled code breaks the graph: dynamo has no "
                              "real storage addresses while tracing", help=HELP,
                        pattern="storage" if any(_through_storage(e) for e in operands) else "default")
