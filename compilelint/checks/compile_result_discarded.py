"""CL301: `torch.compile(model)` as a statement of its own: the compiled wrapper is thrown away."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import COMPILE


class CompileResultDiscarded(Check):
    code = "CL301"
    in_functions_only = False
    anywhere = True

    def visit_Expr(self, node: cst.Expr) -> None:
        call = node.value
        if isinstance(call, cst.Call) and call.args and self.ctx.resolve(call.func) == COMPILE:
            target = self.ctx.module.code_for_node(call.args[0].value)
            self.report(call, f"`torch.compile({target})` returns a compiled wrapper and leaves `{target}` as it "
                              f"was: the result is discarded, so calling `{target}` compiles nothing",
                        help=f"keep the result (`{target} = torch.compile({target})`) or, for an nn.Module, "
                             f"compile in place with `{target}.compile()`")
