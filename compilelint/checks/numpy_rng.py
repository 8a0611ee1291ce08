"""CL155: numpy's global RNG in compiled code: no graph break, but different numbers than eager."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.checks.numpy_random_break import draws_a_scalar

# traced by trace_numpy onto torch's RNG (no break) when they draw an array; CL156 has the rest, which break
TRACED = frozenset("rand randn random normal uniform randint seed shuffle".split())
HELP = ("draw the noise with torch (`torch.rand_like`, `torch.randn`), whose compiled and eager streams agree, "
        "or draw it outside the compiled region and pass it in")


class NumpyRng(Check):
    code = "CL155"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        # a scalar draw breaks the graph instead (CL156)
        if module == "numpy.random" and function in TRACED and not draws_a_scalar(function, node):
            what = "`np.random.seed()` has no effect on it" if function == "seed" else \
                "the numbers come from torch's RNG"
            self.report(node, f"`np.random.{function}()` in compiled code does not break the graph, but dynamo "
                              f"traces it onto torch's generator: {what}, so compiled outputs differ from eager",
                        help=HELP)
