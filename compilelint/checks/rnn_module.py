"""CL143: an `nn.LSTM` / `nn.GRU` / `nn.RNN` submodule used in compiled code: called, or read in any other way
(`isinstance(self.rnn, nn.LSTM)`, `self.rnn.hidden_size`): dynamo breaks wherever it first meets the module. A
parameter annotated as one (`lstm: nn.LSTM`) is met at its first use in the function: the caller broke where it
handed the module on, so the function runs as a frame of its own and gives up there. A module method that visits every
submodule at once (`self.eval()`, `self.encoder.to(device)`) meets an RNN module anywhere below the receiver."""

from typing import Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.facts import ClassInfo
from compilelint.names import dotted

RNN_MODULES = frozenset(
    f"torch.nn.{name}" for name in ("LSTM", "GRU", "RNN")
) | frozenset(f"torch.nn.modules.rnn.{name}" for name in ("LSTM", "GRU", "RNN"))
# nn.Module methods that visit every submodule before they return (measured: `model.eval()` with a GRU two levels down
# breaks with GB0014 inside torch's Module.train); the generators (`parameters()`, `modules()`) are left out:
# `next(self.parameters())` stops before it reaches the RNN
TREE_METHODS = frozenset(("eval", "train", "zero_grad", "apply", "to", "float", "cpu", "state_dict"))
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
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in TREE_METHODS:
            self._walk(node, node.func.value, node.func.attr.value)
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

    def _walk(self, node: cst.Call, receiver: cst.BaseExpression, method: str) -> None:
        """`self.eval()`, `self.encoder.to(x)`: reported when an RNN module lies below the receiver (which makes it
        a module, not a tensor), unless the frame was given up on at an earlier use of one."""
        frame = self.ctx.frame
        if frame is None or frame.cls is None or self.ctx.current_definition in self.used:
            return
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            below = self._rnn_below(frame.cls, set())
        else:
            attr = _self_path(receiver)
            below = self._rnn_held(frame.cls, attr, set()) if attr and "." not in attr else None
        if below is not None:  # the frame goes on after this break: a later use of an RNN module breaks again
            path, kind = below
            self.report(node, f"`{dotted(receiver)}.{method}()` visits every submodule, and `self.{path}` is an "
                              f"`nn.{kind}`: dynamo does not trace RNN modules, so the graph breaks here", help=HELP)

    def _rnn_below(self, cls: ClassInfo, seen: Set[str]) -> Optional[Tuple[str, str]]:
        """(path, kind) of an RNN module some attribute of a module of class `cls` always holds, at any depth
        through classes of this file; None when none is known."""
        if cls.name in seen:
            return None
        seen = seen | {cls.name}
        for attr in sorted(set(cls.submodule_classes) | set(cls.attribute_values) | set(cls.containers)):
            held = self._rnn_held(cls, attr, seen)
            if held is not None:
                return held
        return None

    def _rnn_held(self, cls: ClassInfo, attr: str, seen: Set[str]) -> Optional[Tuple[str, str]]:
        """(path, kind) when every module `self.<attr>` of class `cls` is bound to (in __init__ or any other method)
        is an RNN or holds one, or an element of the container it is holds one; never one also bound to a plain value
        (`self.rnn = None` unless asked for)."""
        if attr in cls.non_tensor_attrs:
            return None
        values = cls.submodule_classes.get(attr, set()) | {
            value[:-2] for value in cls.attribute_values.get(attr, ()) if value.endswith("()")}
        if len(values) < len(cls.attribute_values.get(attr, ())):
            values.add("")  # a value other than a made object: not a known module
        found = [self._rnn_of_class(name, seen) for name in sorted(values)]
        if found and None not in found:
            path, kind = found[0]
            return f"{attr}.{path}" if path else attr, kind
        elements = (self._rnn_of_class(name, seen) for name in cls.containers.get(attr, ()))
        element = next((e for e in elements if e is not None), None)
        return None if element is None else (f"{attr}[...].{element[0]}" if element[0] else f"{attr}[...]",
                                             element[1])

    def _rnn_of_class(self, name: str, seen: Set[str]) -> Optional[Tuple[str, str]]:
        """("", kind) for an RNN class, (path, kind) for a class of this file that holds one below it."""
        if name in RNN_MODULES:
            return "", name.rsplit(".", 1)[-1]
        module = self.ctx.facts.module
        local = name[len(module) + 1:] if name.startswith(module + ".") else name
        cls = self.ctx.facts.classes.get(local)
        return None if cls is None else self._rnn_below(cls, seen)

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
