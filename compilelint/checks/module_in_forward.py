"""CL145: building an `nn.Parameter` or a parameterised `nn` module inside compiled code."""

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


class ModuleInForward(Check):
    code = "CL145"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        if name in PARAMETERS:
            self.report(node, "`nn.Parameter(...)` created in compiled code breaks the graph", pattern="parameter",
                        help=HELP)
        elif name.startswith("torch.nn.") and name.rsplit(".", 1)[-1] in PARAMETERISED \
                and name.count(".") in (2, 4):  # torch.nn.Linear or torch.nn.modules.linear.Linear
            self.report(node, f"`nn.{name.rsplit('.', 1)[-1]}(...)` built in compiled code creates parameters: the "
                              "graph breaks, and the layer gets fresh random weights on every call", pattern="module",
                        help=HELP)
