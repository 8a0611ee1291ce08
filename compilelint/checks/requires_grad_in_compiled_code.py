"""CL146: turning on `requires_grad` inside compiled code (`requires_grad_()`, `requires_grad=True` factories)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name, is_false, is_true, keyword
from compilelint.tensors import NOT_TENSOR

HELP = ("set `requires_grad` on inputs and parameters outside the compiled region (or register an "
        "`nn.Parameter` in `__init__`); inside, use `torch.func.grad` for derivatives")


def _is_submodule(ctx, expr: cst.BaseExpression) -> bool:
    frame = ctx.frame
    return (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"
            and frame is not None and frame.cls is not None and expr.attr.value in frame.cls.submodules)


def _is_training_flag(expr) -> bool:
    """`self.training`: True in every compiled training step."""
    return (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"
            and expr.attr.value == "training")


class RequiresGradInCompiledCode(Check):
    code = "CL146"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "requires_grad_":
            enabled = node.args[0].value if node.args else None
            if is_false(enabled) or self.ctx.kind(func.value) == NOT_TENSOR or _is_submodule(self.ctx, func.value):
                return
            self.report(node, "`requires_grad_()` in compiled code breaks the graph", pattern="method", help=HELP)
            return
        name = imported_name(self.ctx, func) or ""
        flag = keyword(node, "requires_grad")
        if not (name.startswith("torch.") and name.count(".") == 1 and name[6:7].islower()):
            return
        if is_true(flag):
            self.report(node, f"`{name}(..., requires_grad=True)` in compiled code breaks the graph",
                        pattern="factory", help=HELP)
        elif _is_training_flag(flag):  # encodec's `torch.tensor([0.0], requires_grad=self.training)`
            self.report(node, f"`{name}(..., requires_grad=self.training)` breaks the graph whenever the module "
                              "is compiled in training mode", pattern="factory", help=HELP)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            t = target.target
            if isinstance(t, cst.Attribute) and t.attr.value == "requires_grad" and not is_false(node.value) \
                    and self.ctx.kind(t.value) != NOT_TENSOR and not _is_submodule(self.ctx, t.value):
                self.report(node, "setting `.requires_grad` in compiled code breaks the graph", pattern="attribute",
                            help=HELP)
