"""CL201: a Python-int attribute of a module changed in compiled code (`self.step += 1`)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._python_state import python_state, self_attribute

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
                          "module runs eagerly", help=HELP)

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
