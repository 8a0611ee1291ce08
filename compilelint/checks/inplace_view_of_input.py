"""CL160: an in-place view method (`x.detach_()`, `x.unsqueeze_(0)`, `x.transpose_(0, 1)`) on a graph input."""

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import NOT_TENSOR

# the Tensor methods whose aten op carries the inplace_view tag (resize_ and resize_as_ are CL150's)
INPLACE_VIEWS = frozenset({"detach_", "squeeze_", "unsqueeze_", "swapdims_", "swapaxes_", "t_", "transpose_",
                           "as_strided_"})
HELP = "use the out-of-place method and rebind the name (`x = x.detach()`, `x = x.unsqueeze(0)`)"


class InplaceViewOfInput(Check):
    code = "CL160"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in INPLACE_VIEWS and isinstance(func.value, cst.Name)):
            return
        name = func.value.value
        # a name not known to be no tensor: these method names are torch's own (an unknown may be a tensor's
        # rebinding in a branch, `images = augment(images)`)
        if self.ctx.kind(func.value) != NOT_TENSOR and self.ctx.resumed_input(name):
            self.report(node, f"`{name}.{func.attr.value}()` changes the view of `{name}` in place, and after the "
                              f"graph break above `{name}` is an input of the resumed graph: dynamo breaks the graph "
                              "again here (an in-place view of a graph input is not supported)", pattern="input", help=HELP)
