"""CL401: a host sync (`.item()`, `.cpu()`, `.tolist()`, `print(tensor)`) on every step of a training loop."""

from typing import List

import libcst as cst

from compilelint.check import Check
from compilelint.engine import child_nodes
from compilelint.tensors import NOT_TENSOR

SYNC_METHODS = frozenset({"item", "cpu", "tolist", "numpy"})
# a loop that calls one of these is a training loop (its body runs once per step)
STEP_METHODS = frozenset({"backward", "step"})
HELP = ("accumulate on the device (`total += loss.detach()`) and read it every N steps or at the end of the "
        "epoch; log from a tensor copied with `non_blocking=True`")


def _is_training_loop(loop: cst.CSTNode) -> bool:
    stack = [loop.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in STEP_METHODS:
            return True
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            stack.extend(child_nodes(node))
    return False


class HostSyncInTrainingLoop(Check):
    code = "CL401"
    anywhere = True

    def __init__(self, ctx):
        super().__init__(ctx)
        self.loops: List[bool] = []

    def visit_For(self, node) -> None:
        self.loops.append(_is_training_loop(node))

    def leave_For(self, node) -> None:
        self.loops.pop()

    visit_While = visit_For
    leave_While = leave_For

    def visit_Call(self, node: cst.Call) -> None:
        if not any(self.loops):
            return
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in SYNC_METHODS and not node.args:
            if self.ctx.kind(func.value) != NOT_TENSOR and func.attr.value != "numpy":
                self._report(node, f"`.{func.attr.value}()`")
            return
        name = self.ctx.resolve(func)
        if name == "print" and any(self.ctx.is_tensor(a.value) for a in node.args):
            self._report(node, "`print` of a tensor")
        elif name in ("float", "int") and len(node.args) == 1 and self.ctx.is_tensor(node.args[0].value):
            self._report(node, f"`{name}()` of a tensor")

    def _report(self, node: cst.Call, what: str) -> None:
        self.report(node, f"{what} on every training step waits for the device to finish all queued work: "
                          "not a graph break, a stall that keeps the GPU idle while Python catches up", help=HELP)
