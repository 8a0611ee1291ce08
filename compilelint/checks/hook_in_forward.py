"""CL154: registering module hooks from compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import TENSOR

MODULE_HOOKS = frozenset(
    "register_forward_hook register_forward_pre_hook register_full_backward_hook register_full_backward_pre_hook "
    "register_backward_hook".split()
)
HELP = "register hooks once in `__init__` (or outside the compiled region), or apply the hook's op inline"


class HookInForward(Check):
    code = "CL154"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in MODULE_HOOKS and self.ctx.kind(func.value) != TENSOR:
            self.report(node, f"`{func.attr.value}()` in compiled code breaks the graph (a hook handle dynamo cannot "
                              "represent)", help=HELP)
