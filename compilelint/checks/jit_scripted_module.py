"""CL142: TorchScript in compiled code: a `torch.jit.script`ed (or traced) submodule, `torch.jit.isinstance`."""

from typing import Dict, List, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.names import dotted

JIT_WRAPPERS = {"torch.jit.script": "script", "torch.jit.trace": "trace", "torch.jit.freeze": "script"}
# TorchScript's compilers called from compiled code (a module traced on its first call): dynamo runs `trace` as a
# disabled function (GB0098) and skips `script` (GB0007). Measured on 2.13 (sockeye's encode and decode step).
JIT_COMPILERS = {"torch.jit.trace": "trace-call", "torch.jit.trace_module": "trace-call",
                 "torch.jit.script": "script-call"}
TORCHSCRIPT_CALLS = frozenset(JIT_WRAPPERS) | frozenset(JIT_COMPILERS)
HELP = "compile the eager submodule instead: drop `torch.jit.script`/`torch.jit.trace` where torch.compile is used"


class JitScriptedModule(Check):
    code = "CL142"
    in_functions_only = False

    def __init__(self, ctx):
        super().__init__(ctx)
        self.jitted: Dict[str, Dict[str, str]] = {}  # class name -> self attribute -> "script" | "trace"
        self._functions: List[cst.FunctionDef] = []  # the enclosing defs, innermost last
        # by id of a def: the names it binds to something other than TorchScript or None (read only when a
        # compiler call in it is assigned to a name)
        self._eager_names: Dict[int, Set[str]] = {}
        self._compiled_into: Dict[int, str] = {}  # a TorchScript compiler call -> the name it is assigned to

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions.append(node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions.pop()

    def _names_bound_eagerly(self, block: cst.BaseSuite) -> Set[str]:
        """`self.f = torch.jit.script(g)` on one branch and `self.f = g` on another: which one runs is the
        configuration's choice (e3nn's jit_mode), so the compiler call may well never run."""
        names: Set[str] = set()
        stack: List[cst.CSTNode] = [block]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.SimpleStatementLine):
                for small in node.body:
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 and dotted(small.targets[0].target) \
                            and not (isinstance(small.value, cst.Name) and small.value.value == "None") \
                            and not self._is_jit_call(small.value):
                        names.add(dotted(small.targets[0].target))
            elif not isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                for field in ("body", "orelse", "handlers", "finalbody"):
                    value = getattr(node, field, None)
                    stack.extend(value if isinstance(value, (list, tuple)) else [value] if value is not None else [])
        return names

    def _bound_eagerly_elsewhere(self, call: cst.Call) -> bool:
        """The name `call` is assigned to is bound to something else on another path of the same function."""
        target = self._compiled_into.get(id(call))
        if target is None or not self._functions:
            return False
        function = self._functions[-1]
        if id(function) not in self._eager_names:
            self._eager_names[id(function)] = self._names_bound_eagerly(function.body)
        return target in self._eager_names[id(function)]

    def _is_jit_call(self, value: cst.BaseExpression) -> bool:
        return isinstance(value, cst.Call) and imported_name(self.ctx, value.func) in TORCHSCRIPT_CALLS

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and dotted(node.targets[0].target) and self._is_jit_call(node.value):
            self._compiled_into[id(node.value)] = dotted(node.targets[0].target)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if self.ctx.frames:
            return
        attrs: Dict[str, str] = {}
        eager: Set[str] = set()
        for statement in node.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == "__init__":
                self._scan(statement.body, attrs, eager)
        # an attribute that some branch binds to something else (e3nn: scripted only under `jit_mode == "script"`)
        # may well be eager when compiled: unknown, so silent
        attrs = {attr: kind for attr, kind in attrs.items() if attr not in eager}
        if attrs:
            self.jitted[node.name.value] = attrs

    def _scan(self, block: cst.BaseSuite, attrs: Dict[str, str], eager: Set[str]) -> None:
        for statement in getattr(block, "body", ()):
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if not isinstance(small, cst.Assign):
                        continue
                    call = small.value if isinstance(small.value, cst.Call) else None
                    kind = JIT_WRAPPERS.get(imported_name(self.ctx, call.func) or "") if call else None
                    for target in small.targets:
                        name = dotted(target.target)
                        if name and name.startswith("self.") and name.count(".") == 1:
                            if kind:
                                attrs[name[5:]] = kind
                            else:
                                eager.add(name[5:])
            elif isinstance(statement, cst.If):
                branch = statement
                while branch is not None:  # the if, each elif and the else
                    self._scan(branch.body, attrs, eager)
                    branch = branch.orelse if isinstance(branch, cst.If) else None
            elif isinstance(statement, (cst.With, cst.Try)):
                self._scan(statement.body, attrs, eager)

    def visit_Call(self, node: cst.Call) -> None:
        frame = self.ctx.frame
        func = node.func
        name = imported_name(self.ctx, func)
        if name == "torch.jit.isinstance":
            self.report(node, "`torch.jit.isinstance` is TorchScript's type refinement: dynamo skips it, so the graph "
                              "breaks here", pattern="jit-isinstance",
                        help="use the builtin `isinstance` (with a plain class: `isinstance(x, torch.Tensor)`)")
            return
        if name in JIT_COMPILERS and frame is not None:
            if self._bound_eagerly_elsewhere(node):
                return
            self.report(node, f"`{name}(...)` compiles TorchScript, which dynamo does not trace: the graph breaks "
                              "here", pattern=JIT_COMPILERS[name],
                        help="script or trace once, outside the compiled region, or drop TorchScript where "
                             "torch.compile is used")
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
