"""CL142: TorchScript in compiled code: a `torch.jit.script`ed (or traced) submodule, `torch.jit.isinstance`."""

from typing import Dict

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.names import dotted

JIT_WRAPPERS = {"torch.jit.script": "script", "torch.jit.trace": "trace", "torch.jit.freeze": "script"}
HELP = "compile the eager submodule instead: drop `torch.jit.script`/`torch.jit.trace` where torch.compile is used"


class JitScriptedModule(Check):
    code = "CL142"
    in_functions_only = False

    def __init__(self, ctx):
        super().__init__(ctx)
        self.jitted: Dict[str, Dict[str, str]] = {}  # class name -> self attribute -> "script" | "trace"

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if self.ctx.frames:
            return
        attrs: Dict[str, str] = {}
        for statement in node.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == "__init__":
                self._scan(statement.body, attrs)
        if attrs:
            self.jitted[node.name.value] = attrs

    def _scan(self, block: cst.BaseSuite, attrs: Dict[str, str]) -> None:
        for statement in getattr(block, "body", ()):
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call):
                        kind = JIT_WRAPPERS.get(imported_name(self.ctx, small.value.func) or "")
                        for target in small.targets:
                            name = dotted(target.target)
                            if kind and name and name.startswith("self.") and name.count(".") == 1:
                                attrs[name[5:]] = kind
            elif isinstance(statement, (cst.If, cst.With, cst.Try)):
                self._scan(statement.body, attrs)

    def visit_Call(self, node: cst.Call) -> None:
        frame = self.ctx.frame
        func = node.func
        if imported_name(self.ctx, func) == "torch.jit.isinstance":
            self.report(node, "`torch.jit.isinstance` is TorchScript's type refinement: dynamo skips it, so the graph "
                              "breaks here", pattern="jit-isinstance",
                        help="use the builtin `isinstance` (with a plain class: `isinstance(x, torch.Tensor)`)")
            return
        if frame is None or frame.cls is None or not isinstance(func, cst.Attribute):
            return
        if not (isinstance(func.value, cst.Name) and func.value.value == "self"):
            return
        kind = self.jitted.get(frame.cls.name, {}).get(func.attr.value)
        if kind == "script":
            self.report(node, f"`self.{func.attr.value}` is a `torch.jit.script` module: dynamo cannot trace it and "
                              "gives up on the whole frame", pattern="script", help=HELP)
        elif kind == "trace":
            self.report(node, f"`self.{func.attr.value}` is a `torch.jit.trace`d module: dynamo cannot trace into it, "
                              "so the graph breaks around the call", pattern="trace", help=HELP)
