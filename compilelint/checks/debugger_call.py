"""CL136: `breakpoint()` or `pdb.set_trace()` left in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, imported_name

DEBUGGERS = frozenset({"pdb.set_trace", "pdb.post_mortem", "pdb.pm", "ipdb.set_trace", "ipdb.post_mortem",
                       "pudb.set_trace"})
HELP = "remove it, or debug the eager model (`torch.compiler.disable` the function while you step through it)"


class DebuggerCall(Check):
    code = "CL136"

    def visit_Call(self, node: cst.Call) -> None:
        if builtin_name(self.ctx, node.func) == "breakpoint":
            self.report(node, "`breakpoint()` in compiled code breaks the graph (and stops in dynamo's resume code, "
                              "not in yours)", pattern="breakpoint", help=HELP)
            return
        name = imported_name(self.ctx, node.func)
        if name in DEBUGGERS:
            self.report(node, f"`{name}()` in compiled code breaks the graph", pattern="pdb", help=HELP)
