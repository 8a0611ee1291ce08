"""CL140: an explicit `torch._dynamo.graph_break()`."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name


class ExplicitGraphBreak(Check):
    code = "CL140"

    def visit_Call(self, node: cst.Call) -> None:
        if imported_name(self.ctx, node.func) == "torch._dynamo.graph_break":
            self.report(node, "`torch._dynamo.graph_break()` splits the graph here on purpose",
                        help="remove it once the reason it was added is gone")
