"""CL139: writing to `sys.stdout` / `sys.stderr` in compiled code."""

from typing import Dict, Optional, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.rewrites import eager_only_guard

STREAM_METHODS = frozenset(
    f"sys.{stream}.{method}" for stream in ("stdout", "stderr", "__stdout__", "__stderr__")
    for method in ("write", "writelines", "flush")
)
STREAMS = frozenset(f"sys.{stream}" for stream in ("stdout", "stderr", "__stdout__", "__stderr__"))
HELP = "guard it with `if not torch.compiler.is_compiling():`, or report after the compiled call returns"


class StdioWrite(Check):
    code = "CL139"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._aliases: Dict[str, Tuple[object, str]] = {}  # `out = sys.stdout` -> (its frame, "sys.stdout")

    def visit_Assign(self, node: cst.Assign) -> None:
        stream = imported_name(self.ctx, node.value)
        if stream in STREAMS and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self._aliases[node.targets[0].target.value] = (self.ctx.frame, stream)

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or self._through_alias(node.func)
        if name in STREAM_METHODS:
            self.report(node, f"`{name}()` in compiled code breaks the graph", help=HELP,
                        fix=eager_only_guard(self.ctx, node))

    def _through_alias(self, func: cst.BaseExpression) -> Optional[str]:
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            frame, stream = self._aliases.get(func.value.value, (None, ""))
            if frame is not None and frame is self.ctx.frame:
                return f"{stream}.{func.attr.value}"
        return None
