"""CL133: Python's `random` module in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

# randint, randrange and uniform are traced (dynamo replays them as tensors: tensors.REPLAYED_RANDOM); these are not
BREAKING = frozenset(
    "random choice choices shuffle sample seed getstate setstate getrandbits randbytes gauss normalvariate "
    "lognormvariate expovariate vonmisesvariate gammavariate betavariate paretovariate weibullvariate "
    "triangular binomialvariate".split()
)
HELP = ("draw random numbers with torch (`torch.rand(())`, `torch.randperm`, `torch.bernoulli`) so they stay in "
        "the graph, or draw them outside the compiled region and pass them in")


class PythonRandom(Check):
    code = "CL133"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        if module == "random" and function in BREAKING:
            self.report(node, f"`random.{function}()` in compiled code breaks the graph (dynamo skips the C "
                              "random generator)", help=HELP)
