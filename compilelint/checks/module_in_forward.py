"""CL145: building an `nn.Parameter` or a parameterised `nn` module inside compiled code."""

from typing import List

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# modules whose constructor creates parameters (parameter-free ones like nn.ReLU or nn.Dropout compile fine)
PARAMETERISED = frozenset(
    "Linear Bilinear Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d Embedding EmbeddingBag "
    "LayerNorm GroupNorm RMSNorm BatchNorm1d BatchNorm2d BatchNorm3d SyncBatchNorm PReLU LSTM GRU RNN LSTMCell "
    "GRUCell RNNCell MultiheadAttention Transformer TransformerEncoderLayer TransformerDecoderLayer".split()
)
HELP = "create parameters and submodules once in `__init__` and use them in `forward`"
CONSTRUCTOR_HELP = ("build the module once, outside the compiled code (in `__init__` of its owner), or move what "
                    "breaks out of its constructor")


class ModuleInForward(Check):
    code = "CL145"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # per function being walked: its first `super().__init__()` call, and whether it defines a lambda (whose
        # findings carry the function's name: a break in `self.act = lambda t: t.tolist()` is no constructor break)
        self._functions: List[List] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions.append([None, False])

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super_init, has_lambda = self._functions.pop()
        if super_init is not None and not has_lambda:
            self._constructor_break(super_init)

    def visit_Lambda(self, node: cst.Lambda) -> None:
        if self._functions:
            self._functions[-1][1] = True

    def visit_Call(self, node: cst.Call) -> None:
        if _is_super_init(node):
            if self._functions and self._functions[-1][0] is None:
                self._functions[-1][0] = node
            return
        name = imported_name(self.ctx, node.func) or ""
        if name in PARAMETERS:
            self.report(node, "`nn.Parameter(...)` created in compiled code breaks the graph", pattern="parameter",
                        help=HELP)
        elif name.startswith("torch.nn.") and name.rsplit(".", 1)[-1] in PARAMETERISED \
                and name.count(".") in (2, 4):  # torch.nn.Linear or torch.nn.modules.linear.Linear
            self.report(node, f"`nn.{name.rsplit('.', 1)[-1]}(...)` built in compiled code creates parameters: the "
                              "graph breaks, and the layer gets fresh random weights on every call", pattern="module",
                        help=HELP)

    def _constructor_break(self, node: cst.Call) -> None:
        """`super().__init__()` in a class's `__init__`: when the constructor breaks, dynamo compiles it as a frame of
        its own, whose `self` is an nn.Module not yet initialised (GB0119 on that line). Whether the class is a
        module, and whether its constructors break, the project-wide step decides (conditions.py)."""
        frame = self.ctx.frame
        function = frame.region_key if frame is not None else None
        if frame is None or frame.cls is None or not function or not function.endswith(".__init__"):
            return
        self.report(node, "this module is built in compiled code and its constructor breaks the graph: dynamo then "
                          "compiles the constructor on its own, from a module not yet initialised, and breaks here "
                          "too", pattern="constructor-break", help=CONSTRUCTOR_HELP,
                    requires=("constructor-breaks", function[: -len(".__init__")]))


def _is_super_init(node: cst.Call) -> bool:
    """`super().__init__(...)` or `super(Cls, self).__init__(...)`."""
    func = node.func
    return isinstance(func, cst.Attribute) and func.attr.value == "__init__" and isinstance(func.value, cst.Call) \
        and isinstance(func.value.func, cst.Name) and func.value.func.value == "super"
