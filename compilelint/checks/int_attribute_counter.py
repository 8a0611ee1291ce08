"""CL201: a Python-int attribute of a module changed in compiled code (`self.step += 1`)."""

from typing import List, Optional

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.checks._python_state import python_state, self_attribute
from compilelint.engine import child_nodes
from compilelint.findings import Applicability

HELP = ("keep the counter in a tensor buffer (`self.register_buffer('step', torch.zeros((), dtype=torch.long))`, "
        "then `self.step += 1`), count outside the compiled module, or set "
        "`torch._dynamo.config.allow_unspec_int_on_nn_module = True`")


class IntAttributeCounter(Check):
    code = "CL201"

    def _int_attr(self, target: cst.BaseExpression):
        attr = self_attribute(target)
        frame = self.ctx.frame
        if attr is None or frame is None or frame.cls is None or attr in frame.cls.tensor_attrs:
            return None
        ints = python_state(self.ctx.module, self.ctx.imports).int_attrs.get(frame.cls.name, set())
        return attr if attr in ints else None

    def _report(self, node: cst.CSTNode, attr: str) -> None:
        self.report(node, f"`self.{attr}` is a Python int that changes on every call: dynamo guards on its value "
                          f"(`self.{attr} == N`), so every call recompiles until `recompile_limit` (8), then the "
                          "module runs eagerly", help=HELP, fix=self._buffer_fix(attr))

    def _buffer_fix(self, attr: str) -> Optional[FixSpec]:
        """`self.step = 0` in `__init__` -> a non-persistent 0-d buffer, when the class only ever counts
        with it (`+=`/`-=` an int, `self.step = self.step + 1`): then nothing else reads it as an int."""
        cls = next((s for s in reversed(self.ctx.statements) if isinstance(s, cst.ClassDef)), None)
        torch, imports = self.ctx.module_alias("torch")
        if cls is None or torch is None:
            return None
        inits: List[cst.Assign] = []
        stack: List[cst.CSTNode] = [cls.body]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Attribute) and self_attribute(node) == attr:
                return None  # a use none of the accepted statements below covers
            if isinstance(node, cst.AugAssign) and self_attribute(node.target) == attr:
                if not (isinstance(node.operator, (cst.AddAssign, cst.SubtractAssign)) and _is_int(node.value)):
                    return None
                continue
            if isinstance(node, cst.Assign) and any(self_attribute(t.target) == attr for t in node.targets):
                if len(node.targets) != 1:
                    return None
                value = node.value
                if _is_int(value):
                    inits.append(node)
                    continue
                if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Subtract)) \
                        and self_attribute(value.left) == attr and _is_int(value.right):
                    continue
                return None
            stack.extend(child_nodes(node))
        if len(inits) != 1 or not self._in_init(cls, inits[0]):
            return None
        value = self.ctx.module.code_for_node(inits[0].value)
        buffer = f'self.register_buffer("{attr}", {torch}.tensor({value}), persistent=False)'
        return FixSpec(Applicability.UNSAFE, f"count in a 0-d tensor buffer: `{buffer}`",
                       ((inits[0], buffer),), imports)

    def _in_init(self, cls: cst.ClassDef, assign: cst.Assign) -> bool:
        """A statement of `__init__` itself, after `super().__init__()` (register_buffer needs it)."""
        for statement in cls.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == "__init__":
                initialised = False
                for line in statement.body.body:
                    if isinstance(line, cst.SimpleStatementLine) and assign in line.body:
                        return initialised
                    initialised = initialised or ".__init__(" in self.ctx.module.code_for_node(line)
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        attr = self._int_attr(node.target)
        if attr and not self.ctx.is_tensor(node.value):
            self._report(node, attr)

    def visit_Assign(self, node: cst.Assign) -> None:
        # self.step = self.step + 1
        if len(node.targets) != 1 or not isinstance(node.value, cst.BinaryOperation):
            return
        attr = self._int_attr(node.targets[0].target)
        if attr and attr in (self_attribute(node.value.left), self_attribute(node.value.right)) \
                and not self.ctx.is_tensor(node.value):
            self._report(node, attr)


def _is_int(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Integer)
