"""CL102: `torch.equal` / `torch.allclose` (and their method forms) return a Python bool from tensor data."""

import libcst as cst

from compilelint.check import Check

FUNCTIONS = {"torch.equal": "equal", "torch.allclose": "allclose"}
HELP = ("compare on the device and keep the result a tensor: `same = (a == b).all()` or "
        "`torch.isclose(a, b).all()`, then `torch.where(same, x, y)` instead of an `if`")


class TensorEquality(Check):
    code = "CL102"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        name = FUNCTIONS.get(self.ctx.resolve(func) or "")
        if name is None and isinstance(func, cst.Attribute) and func.attr.value in FUNCTIONS.values():
            if len(node.args) >= 1 and self.ctx.is_tensor(func.value):
                name = func.attr.value
        if name is not None:
            self.report(node, f"`{name}` reads tensor data to return a Python bool: dynamo cannot trace that "
                              "(data-dependent operator), so the graph breaks here", help=HELP)
