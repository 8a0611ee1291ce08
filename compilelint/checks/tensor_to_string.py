"""CL137: formatting a tensor's values as text: `repr(t)`, `str(t)`, `f"{t!r}"`, `"%s" % t`."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name

HELP = ("format shapes and dtypes instead (`f\"{t.shape}\"` is fine), or build the text outside the compiled "
        "region; a plain `f\"{t}\"` is only a problem once the string is used")


class TensorToString(Check):
    code = "CL137"

    def visit_Call(self, node: cst.Call) -> None:
        name = builtin_name(self.ctx, node.func)
        if name in ("repr", "str") and len(node.args) == 1 and node.args[0].keyword is None \
                and self.ctx.is_tensor(node.args[0].value):
            self.report(node, f"`{name}()` of a tensor in compiled code breaks the graph, and the text (the "
                              "tensor's values) is guarded, so every new value recompiles", pattern=name, help=HELP)

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        if node.conversion in ("r", "s") and self.ctx.is_tensor(node.expression):
            self.report(node, f"`!{node.conversion}` formats a tensor's values in compiled code: a graph break that "
                              "makes dynamo give up on the whole frame", pattern="conversion", help=HELP)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, cst.Modulo) and isinstance(node.left, (cst.SimpleString, cst.ConcatenatedString)):
            right = node.right
            values = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
            if any(self.ctx.is_tensor(v) for v in values):
                self.report(node, "`%` formatting of a tensor in compiled code breaks the graph and makes dynamo "
                                  "give up on the whole frame", pattern="percent", help=HELP)
