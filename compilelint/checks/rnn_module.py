"""CL143: calling an `nn.LSTM` / `nn.GRU` / `nn.RNN` submodule from compiled code."""

import libcst as cst

from compilelint.check import Check

RNN_MODULES = frozenset(
    f"torch.nn.{name}" for name in ("LSTM", "GRU", "RNN")
) | frozenset(f"torch.nn.modules.rnn.{name}" for name in ("LSTM", "GRU", "RNN"))
HELP = ("set `torch._dynamo.config.allow_rnn = True` (traces the module's loop), write the recurrence with "
        "`nn.LSTMCell`/`nn.GRUCell` steps, or keep the RNN outside the compiled region")


class RnnModule(Check):
    code = "CL143"

    def visit_Call(self, node: cst.Call) -> None:
        frame = self.ctx.frame
        func = node.func
        if frame is None or frame.cls is None or not isinstance(func, cst.Attribute):
            return
        if isinstance(func.value, cst.Name) and func.value.value == "self":
            classes = frame.cls.submodule_classes.get(func.attr.value, ())
            # bound to an RNN on one path of __init__ only: which module runs is the instance's choice
            if classes and classes <= RNN_MODULES:
                kind = "/".join(sorted(name.rsplit(".", 1)[-1] for name in classes))
                self.report(node, f"`self.{func.attr.value}` is an `nn.{kind}`: dynamo does not trace RNN modules and "
                                  "gives up on the whole frame", help=HELP)
