"""CL202: a module-global Python int changed in compiled code (`global calls; calls += 1`)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._python_state import python_state

HELP = ("count outside the compiled function, or keep the count in a tensor (`CALLS = torch.zeros((), "
        "dtype=torch.long)`, then `CALLS += 1` in place)")


class GlobalCounter(Check):
    code = "CL202"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.declared = []  # `global` names of each enclosing function

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.declared.append(set())

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.declared.pop()

    def visit_Global(self, node: cst.Global) -> None:
        if self.declared:
            self.declared[-1].update(n.name.value for n in node.names)

    def _counter(self, target: cst.BaseExpression):
        if not isinstance(target, cst.Name) or not self.declared or target.value not in self.declared[-1]:
            return None
        ints = python_state(self.ctx.module, self.ctx.imports).int_globals
        return target.value if target.value in ints else None

    def _report(self, node: cst.CSTNode, name: str) -> None:
        self.report(node, f"global `{name}` is a Python int that changes on every call: dynamo guards on its "
                          f"value (`G['{name}'] == N`), so every call recompiles until `recompile_limit` (8), then "
                          "the function runs eagerly", help=HELP)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        name = self._counter(node.target)
        if name and not self.ctx.is_tensor(node.value):
            self._report(node, name)

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) != 1 or not isinstance(node.value, cst.BinaryOperation):
            return
        name = self._counter(node.targets[0].target)
        operands = (node.value.left, node.value.right)
        if name and any(isinstance(o, cst.Name) and o.value == name for o in operands) \
                and not self.ctx.is_tensor(node.value):
            self._report(node, name)
