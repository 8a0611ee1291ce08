"""CL143: an `nn.LSTM` / `nn.GRU` / `nn.RNN` submodule used in compiled code: called, or read in any other way
(`isinstance(self.rnn, nn.LSTM)`, `self.rnn.hidden_size`): dynamo breaks wherever it first meets the module. A
parameter annotated as one (`lstm: nn.LSTM`) is met at its first use in the function: the caller broke where it
handed the module on, so the function runs as a frame of its own and gives up there."""

from typing import Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.names import dotted

RNN_MODULES = frozenset(
    f"torch.nn.{name}" for name in ("LSTM", "GRU", "RNN")
) | frozenset(f"torch.nn.modules.rnn.{name}" for name in ("LSTM", "GRU", "RNN"))
HELP = ("set `torch._dynamo.config.allow_rnn = True` (traces the module's loop), write the recurrence with "
        "`nn.LSTMCell`/`nn.GRUCell` steps, or keep the RNN outside the compiled region")


def _self_path(expr: cst.BaseExpression) -> Optional[str]:
    """"rnn" for `self.rnn`, "dec_rnn.lstm" for `self.dec_rnn.lstm` (a module set on a submodule in __init__)."""
    name = dotted(expr)
    return name[len("self."):] if name and name.startswith("self.") and name.count(".") <= 2 else None


class RnnModule(Check):
    code = "CL143"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.used: Set[Optional[int]] = set()  # the functions that used an RNN submodule so far

    def visit_Call(self, node: cst.Call) -> None:
        self._use(node.func, node)
        for arg in node.args:  # isinstance(self.rnn, nn.LSTM), handing the module on
            self._use(arg.value, arg.value)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._use(node.value, node.value)  # self.rnn.hidden_size, self.rnn.flatten_parameters()

    def _use(self, expr: cst.BaseExpression, reported: cst.CSTNode) -> None:
        """Reported at the function's first use of an RNN submodule: dynamo gives up on the frame there, so a
        later use in the same function (of that module or another) is never met."""
        kind = self._rnn(expr)
        if kind is not None and self.ctx.current_definition not in self.used:
            self.used.add(self.ctx.current_definition)
            self._report(reported, dotted(expr), kind)

    def _rnn(self, expr: cst.BaseExpression) -> Optional[str]:
        """"LSTM", "GRU/LSTM"...: what `self.attr` is, when __init__ binds it to RNN modules only, or what a
        parameter not rebound since is annotated as."""
        frame = self.ctx.frame
        if frame is not None and isinstance(expr, cst.Name) and expr.value in frame.annotated:
            declared = frame.values.get(expr.value, "")  # `lstm: nn.LSTM` -> "torch.nn.LSTM()" until rebound
            return declared[:-2].rsplit(".", 1)[-1] if declared[:-2] in RNN_MODULES else None
        attr = _self_path(expr)
        if frame is None or frame.cls is None or attr is None or not isinstance(expr, cst.Attribute):
            return None
        classes = frame.cls.submodule_classes.get(attr, ())
        # bound to an RNN on one path of __init__ only: which module runs is the instance's choice
        if not classes or not classes <= RNN_MODULES:
            return None
        return "/".join(sorted(name.rsplit(".", 1)[-1] for name in classes))

    def _report(self, node: cst.CSTNode, name: str, kind: str) -> None:
        self.report(node, f"`{name}` is an `nn.{kind}`: dynamo does not trace RNN modules and gives up on the "
                          "whole frame", help=HELP)
