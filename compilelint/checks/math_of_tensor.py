"""CL113: a `math.*` function applied to a tensor (implicit `__float__`)."""

import libcst as cst

from compilelint.checks._value_evidence import ValueEvidenceCheck

HELP = ("use the torch function, which stays in the graph: `torch.sqrt(t)`, `torch.log(t)`, `torch.floor(t)`, "
        "`torch.isnan(t)`...; `capture_scalar_outputs` does not remove this break")


class MathOfTensor(ValueEvidenceCheck):
    code = "CL113"

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.resolve(node.func) or ""
        if name.startswith("math.") and any(self.proven_tensor(arg.value) for arg in node.args):
            self.report(node, f"`{name}` of a tensor converts it to a Python float: dynamo breaks the graph "
                              "(data-dependent operator) and the host waits for the device", help=HELP)
