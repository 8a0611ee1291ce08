"""CL139: writing to `sys.stdout` / `sys.stderr` in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.rewrites import eager_only_guard

STREAM_METHODS = frozenset(
    f"sys.{stream}.{method}" for stream in ("stdout", "stderr", "__stdout__", "__stderr__")
    for method in ("write", "writelines", "flush")
)
HELP = "guard it with `if not torch.compiler.is_compiling():`, or report after the compiled call returns"


class StdioWrite(Check):
    code = "CL139"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func)
        if name in STREAM_METHODS:
            self.report(node, f"`{name}()` in compiled code breaks the graph", help=HELP,
                        fix=eager_only_guard(self.ctx, node))
