"""CL306: a model compiled whole whose forward runs a container of identical blocks (advice, opt-in)."""

from __future__ import annotations

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import COMPILE
from compilelint.engine import _first_argument, _is_call_result

HELP = ("regional compilation: `for block in model.<blocks>: block.compile()` (or `torch.compile` each block) "
        "instead of compiling the model; the code around the blocks runs eagerly, the blocks compiled")


class RegionalCompilation(Check):
    code = "CL306"
    in_functions_only = False
    anywhere = True

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if self.ctx.resolve(func) == COMPILE:
            argument = _first_argument(node, "model")
            target = self.ctx.compile_target(argument) if argument is not None else None
            if target and _is_call_result(argument, self.ctx):
                self._advise(node, target + "()", cst.Module([]).code_for_node(argument))
        elif isinstance(func, cst.Attribute) and func.attr.value == "compile" \
                and not any(a.keyword is None for a in node.args):
            target = self.ctx.compile_target(func.value, known_only=True)
            if target:
                self._advise(node, target + "()", cst.Module([]).code_for_node(func.value))

    def _advise(self, node: cst.Call, target: str, spelled: str) -> None:
        # the condition (conditions.py) finds the repeated block and completes the message
        self.report(node, f"`{spelled}` is compiled whole", help=HELP, requires=("repeated-block", target, spelled))
