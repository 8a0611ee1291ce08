"""CL112: `.tolist()` copies a tensor (or numpy array) into Python numbers."""

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import NOT_TENSOR

HELP = ("keep the values in a tensor and index it (`m[0]`, `x[idx]`, `torch.split` with Python-int sizes); "
        "for int tensors `torch._dynamo.config.capture_scalar_outputs = True` also removes the break "
        "(it does not for float tensors)")


class TensorTolist(Check):
    code = "CL112"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "tolist" and not node.args:
            receiver = func.value
            from_numpy = isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) \
                and receiver.func.attr.value == "numpy"  # `t.numpy().tolist()`: traced numpy, then Python
            if from_numpy or self.ctx.kind(receiver) != NOT_TENSOR:
                self.report(node, "`.tolist()` turns tensor data into Python numbers: a graph break and a device "
                                  "sync, and the values are then guarded, so new data recompiles", help=HELP)
