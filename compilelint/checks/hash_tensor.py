"""CL138: `hash()` of a tensor whose value is used in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name

HELP = ("a tensor hashes by identity, not by value: key caches by something stable (a name, a shape tuple) "
        "or keep the lookup outside the compiled region")


class HashTensor(Check):
    code = "CL138"

    def __init__(self, ctx):
        super().__init__(ctx)
        # `h = hash(t)` alone does not break: dynamo fails later, where `h` is used (an unknown line)
        self.stored = set()

    def visit_Assign(self, node: cst.Assign) -> None:
        self.stored.add(id(node.value))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.stored.add(id(node.value))

    def visit_Expr(self, node: cst.Expr) -> None:
        self.stored.add(id(node.value))

    def visit_Call(self, node: cst.Call) -> None:
        if id(node) in self.stored or builtin_name(self.ctx, node.func) != "hash" or len(node.args) != 1:
            return
        if self.ctx.is_tensor(node.args[0].value):
            self.report(node, "`hash()` of a tensor used in compiled code makes dynamo give up on the whole frame",
                        help=HELP)
