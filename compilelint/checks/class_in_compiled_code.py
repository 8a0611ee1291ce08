"""CL151: a `class` statement inside compiled code."""

import libcst as cst

from compilelint.check import Check

HELP = ("define the class at module level; dynamo also guards on the new class object, so every call "
        "recompiles (or set `torch._dynamo.config.enable_trace_load_build_class = True`)")


class ClassInCompiledCode(Check):
    code = "CL151"

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if self.ctx.frame is not None:  # nested in a function: built on every call
            self.report(node.name, f"class `{node.name.value}` is defined inside compiled code: the graph breaks "
                                   "and the new class object recompiles every call", help=HELP)
