"""CL144: `copy.deepcopy` / `copy.copy` of a tensor in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

HELP = "use `t.clone()` (or `t.detach().clone()`), which dynamo traces"


class CopyTensor(Check):
    code = "CL144"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func)
        if name in ("copy.deepcopy", "copy.copy") and node.args and node.args[0].keyword is None \
                and self.ctx.is_tensor(node.args[0].value):
            pattern = name.rsplit(".", 1)[-1]
            self.report(node, f"`{name}()` of a tensor in compiled code breaks the graph", pattern=pattern, help=HELP)
