"""CL179: a tensor method call whose arguments hold a graph break (`data.repeat(tuple(ones.tolist()))`, snnTorch's
`spikegen.rate`) breaks a second time at the call.

Dynamo evaluates the bound method (`data.repeat`) before the arguments, so the frame it resumes after the inner break
has that method on its stack and calls it as a skipped builtin (GB0007 at the call's first line, measured on 2.13 with
Python 3.11). A list's method, a project object's, the module's own and a torch function (`torch.full(...)`) resume
without it; nested tensor methods (`x.add(y.mul(t.item()))`) break at each. The copy holds wherever the inner break
does, and is left out where the call starts on the break's own line (one finding says it) and where the receiver
itself breaks (`x[mask].div(y[mask])`: dynamo reports that break first on the call's line).
"""

from typing import Dict

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.tensor_names import tensor_method_names
from compilelint.tensors import TENSOR, UNKNOWN

# methods Python's own values have too: a receiver of unknown kind calling one may be a list, a dict, a string
BUILTIN_METHODS = frozenset().union(*(dir(t) for t in (list, dict, str, set, tuple, int, float, bytes)))

HELP = ("compute the argument into a local before the call (`reps = tuple(...)`, then `data.repeat(reps)`): the "
        "resumed frame then starts after the inner break, with no bound method on its stack")


class ResumedTensorMethod(Check):
    code = "CL179"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._marks: Dict[int, int] = {}  # id of a call being walked -> how many candidates were reported before it

    def visit_Call(self, node: cst.Call) -> None:
        self._marks[id(node)] = self.ctx.reported()

    def leave_Call(self, node: cst.Call) -> None:
        mark = self._marks.pop(id(node), None)
        if mark is None or mark == self.ctx.reported() or not isinstance(node.func, cst.Attribute):
            return
        method = node.func.attr.value
        kind = self.ctx.kind(node.func.value)
        # a receiver of unknown kind may be a tensor, unless it is an imported module (`torch.pow(...)`: a function)
        if kind != TENSOR and not (kind == UNKNOWN and method in tensor_method_names()
                                   and method not in BUILTIN_METHODS and imported_name(self.ctx, node.func) is None):
            return
        for raw in self.ctx.resumable_breaks_inside(node, mark):
            self.ctx.report_copy(self.code, raw, node, (
                f"a graph break inside the arguments of the tensor method `.{method}()` ({raw[0]}) breaks again at "
                "the call: the resumed frame calls the bound method as a skipped builtin"), HELP)
