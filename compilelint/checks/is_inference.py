"""CL149: asking `t.is_inference()` / `torch.is_inference_mode_enabled()` in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.tensors import NOT_TENSOR

HELP = "decide outside the compiled region and pass a flag in, or compile separate inference and training paths"


class IsInference(Check):
    code = "CL149"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        name = imported_name(self.ctx, func)
        if name == "torch.is_inference_mode_enabled":
            self.report(node, "`torch.is_inference_mode_enabled()` in compiled code breaks the graph", pattern="mode",
                        help=HELP)
        elif name == "torch.is_inference":
            self.report(node, "`torch.is_inference()` in compiled code breaks the graph", pattern="function",
                        help=HELP)
        elif name is None and isinstance(func, cst.Attribute) and func.attr.value == "is_inference" \
                and not node.args and self.ctx.kind(func.value) != NOT_TENSOR:
            self.report(node, "`.is_inference()` in compiled code breaks the graph", pattern="method", help=HELP)
