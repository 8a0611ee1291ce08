"""CL144: `copy.deepcopy` / `copy.copy` of a tensor in compiled code."""

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.checks._calls import imported_name
from compilelint.findings import Applicability
from compilelint.rewrites import bare_code, code, is_atomic

HELP = "use `t.clone()` (or `t.detach().clone()`), which dynamo traces"


class CopyTensor(Check):
    code = "CL144"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func)
        if name in ("copy.deepcopy", "copy.copy") and node.args and node.args[0].keyword is None \
                and self.ctx.is_tensor(node.args[0].value):
            pattern = name.rsplit(".", 1)[-1]
            self.report(node, f"`{name}()` of a tensor in compiled code breaks the graph", pattern=pattern, help=HELP,
                        fix=self._clone(node) if pattern == "deepcopy" else None)

    def _clone(self, node: cst.Call):
        """`copy.deepcopy(t)` -> `t.clone()`: new storage with the same values, traced by dynamo."""
        if len(node.args) != 1 or node.args[0].star:
            return None  # a memo dict
        tensor = node.args[0].value
        text = code(self.ctx, tensor) if is_atomic(tensor) else f"({bare_code(self.ctx, tensor)})"
        return FixSpec(Applicability.UNSAFE, "copy it with `.clone()`", ((node, f"{text}.clone()"),))
