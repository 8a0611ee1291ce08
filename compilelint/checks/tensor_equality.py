"""CL102: `torch.equal` / `torch.allclose` (and their method forms) return a Python bool from tensor data;
`torch.cov` / `torch.corrcoef` (and their methods) compare tensor data inside (aten.equal, measured on 2.13)."""

import libcst as cst

from compilelint.check import Check

FUNCTIONS = {"torch.equal": "equal", "torch.allclose": "allclose"}
# their implementation calls aten.equal on the data (GB0033 on every call, weights or not)
INTERNAL_EQUAL = {"torch.cov": "cov", "torch.corrcoef": "corrcoef"}
HELP = ("compare on the device and keep the result a tensor: `same = (a == b).all()` or "
        "`torch.isclose(a, b).all()`, then `torch.where(same, x, y)` instead of an `if`")
COVARIANCE_HELP = ("compute it from tensor ops: `c = x - x.mean(-1, keepdim=True)`, then "
                   "`c @ c.T / (x.shape[-1] - 1)` (divide by the standard deviations for `corrcoef`), or move the "
                   "call out of the compiled region")


class TensorEquality(Check):
    code = "CL102"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        resolved = self.ctx.resolve(func) or ""
        name = FUNCTIONS.get(resolved)
        if name is None and isinstance(func, cst.Attribute) and func.attr.value in FUNCTIONS.values():
            if len(node.args) >= 1 and self.ctx.is_tensor(func.value):
                name = func.attr.value
        if name is not None:
            self.report(node, f"`{name}` reads tensor data to return a Python bool: dynamo cannot trace that "
                              "(data-dependent operator), so the graph breaks here", help=HELP)
            return
        name = INTERNAL_EQUAL.get(resolved)
        if name is None and isinstance(func, cst.Attribute) and func.attr.value in INTERNAL_EQUAL.values() \
                and self.ctx.is_tensor(func.value):
            name = func.attr.value
        if name is not None:
            self.report(node, f"`{name}` compares tensor data inside its implementation (`aten.equal`, a "
                              "data-dependent operator): dynamo cannot trace it, so the graph breaks here",
                        help=COVARIANCE_HELP)
