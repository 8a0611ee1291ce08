"""CL304: a function compiled with CUDA graphs (`mode="reduce-overhead"`) mutates one of its inputs in place."""

from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import COMPILE, compiled_target
from compilelint.tensors import NOT_TENSOR

CUDAGRAPH_MODES = frozenset({"reduce-overhead", "max-autotune"})
HELP = ("return a new tensor instead (`x = x + 1`, `torch.where`, `index_put`) and let the caller keep it, or "
        "mutate a clone; keep inputs that must be updated in place as buffers of the module")


def _cudagraph_mode(call: cst.Call) -> Optional[str]:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "mode" and isinstance(arg.value, cst.SimpleString) \
                and arg.value.evaluated_value in CUDAGRAPH_MODES:
            return arg.value.evaluated_value
    return None


class CudagraphInputMutation(Check):
    code = "CL304"
    in_functions_only = False

    def __init__(self, ctx):
        super().__init__(ctx)
        self.functions: List[Tuple[str, Set[str]]] = []  # (qualname, tensor parameters)
        self.classes: List[str] = []
        self.instances: Dict[str, str] = {}  # `model = Net(...)` anywhere in the file -> "Net"
        self.cudagraphed: Dict[str, str] = {}  # "step" / "Net.forward" -> the mode
        self.mutations: List[Tuple[cst.CSTNode, str]] = []  # (node reported, function)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.append(node.name.value)

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        in_class = bool(self.classes) and not self.functions
        qualname = f"{self.classes[-1]}.{node.name.value}" if in_class else node.name.value
        params = [p.name.value for p in node.params.params]
        if in_class:
            params = params[1:]  # self
        self.functions.append((qualname, set(params)))
        for decorator in node.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call) and self.ctx.resolve(expr.func) == COMPILE and _cudagraph_mode(expr):
                self.cudagraphed[qualname] = _cudagraph_mode(expr)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.pop()

    # -- compile sites ---------------------------------------------------------------------------------
    def _compiled(self, target: cst.BaseExpression, mode: str) -> None:
        if isinstance(target, cst.Call):
            target = target.func
        name = self.ctx.resolve(target) if isinstance(target, (cst.Name, cst.Attribute)) else None
        if name is None:
            return
        name = self.instances.get(name, name)
        self.cudagraphed[name] = mode
        self.cudagraphed[f"{name}.forward"] = mode

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if isinstance(value, cst.Call) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            called = self.ctx.resolve(value.func)
            if called and called[:1].isupper():
                self.instances[node.targets[0].target.value] = called
        self._mutation_target(node.targets)

    def visit_Call(self, node: cst.Call) -> None:
        mode = _cudagraph_mode(node)
        target = compiled_target(node, self.ctx.imports)
        if mode and target is not None:
            self._compiled(target, mode)
        elif mode and isinstance(node.func, cst.Attribute) and node.func.attr.value == "compile":
            self._compiled(node.func.value, mode)  # model.compile(mode=...) in place
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value.endswith("_") \
                and not func.attr.value.startswith("_") and func.attr.value != "requires_grad_":
            self._mutated(func.value, node, f"`.{func.attr.value}()`")

    # -- in-place writes to a parameter of the function ---------------------------------------------
    def _mutated(self, expr: cst.BaseExpression, node: cst.CSTNode, how: str) -> None:
        """Reported now (in its function's region); withdrawn at the end unless that function is compiled with
        CUDA graphs, which the compile site, often later in the file, says."""
        if not (self.functions and isinstance(expr, cst.Name) and expr.value in self.functions[-1][1]) \
                or self.ctx.kind(expr) == NOT_TENSOR:
            return
        self.mutations.append((node, self.functions[-1][0]))
        self.report(node, f"input `{expr.value}` is mutated in place ({how}) in a function compiled with CUDA graphs "
                          "(`mode=\"reduce-overhead\"` / `\"max-autotune\"`): inductor does not record a CUDA graph "
                          "for a graph that mutates a non-static input, so this graph runs without one on every "
                          "call and the mode buys nothing", help=HELP)

    def _mutation_target(self, targets) -> None:
        for target in targets:
            if isinstance(target.target, cst.Subscript):
                self._mutated(target.target.value, target.target, "an indexed assignment")

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if self.functions and self.ctx.is_tensor(node.target):
            self._mutated(node.target, node, "an in-place operator")
        if isinstance(node.target, cst.Subscript):
            self._mutated(node.target.value, node.target, "an indexed assignment")

    def leave_Module(self, node: cst.Module) -> None:
        plain = {id(n) for n, function in self.mutations if function not in self.cudagraphed}
        if plain:
            self.ctx.withdraw(self.code, plain)
