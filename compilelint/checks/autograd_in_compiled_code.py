"""CL147: `.backward()` or `torch.autograd.grad` inside compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.tensors import NOT_TENSOR

HELP = ("compile the forward (and loss) only and call `.backward()` outside; for derivatives inside the model "
        "use `torch.func.grad`/`jacrev`, or set `torch._dynamo.config.trace_autograd_ops = True` for autograd.grad")


def _is_method_owner(expr: cst.BaseExpression) -> bool:
    """self.backward(...), super().backward(...), MyFunction.backward(...): methods, not Tensor.backward."""
    if isinstance(expr, cst.Name):
        return expr.value in ("self", "cls", "ctx") or expr.value[:1].isupper()
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "super"


class AutogradInCompiledCode(Check):
    code = "CL147"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        name = imported_name(self.ctx, func)
        if name == "torch.autograd.grad":
            self.report(node, "`torch.autograd.grad` in compiled code breaks the graph", pattern="grad", help=HELP)
        elif name == "torch.autograd.backward":
            self.report(node, "`torch.autograd.backward` in compiled code breaks the graph", pattern="backward-fn",
                        help=HELP)
        elif isinstance(func, cst.Attribute) and func.attr.value == "backward" and name is None \
                and self.ctx.kind(func.value) != NOT_TENSOR and not _is_method_owner(func.value):
            self.report(node, "`.backward()` in compiled code breaks the graph", pattern="backward", help=HELP)
