"""CL133: Python's `random` module in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.tensors import NOT_TENSOR, python_arithmetic_on_draw

# randint, randrange and uniform are traced (dynamo replays them as tensors: tensors.REPLAYED_RANDOM); these are not
BREAKING = frozenset(
    "random choice choices shuffle sample seed getstate setstate getrandbits randbytes gauss normalvariate "
    "lognormvariate expovariate vonmisesvariate gammavariate betavariate paretovariate weibullvariate "
    "triangular binomialvariate".split()
)
HELP = ("draw random numbers with torch (`torch.rand(())`, `torch.randperm`, `torch.bernoulli`) so they stay in "
        "the graph, or draw them outside the compiled region and pass them in")


ARITHMETIC_HELP = ("draw the number with torch (`torch.randint(0, n, ()).item()` outside the compiled region, or keep "
                   "it a tensor), or pass it in")


class PythonRandom(Check):
    code = "CL133"

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        # `random.randint(0, n) * 2 - n`: reported where the other side is known to be no tensor (with one of unknown
        # kind it may be a tensor, which compiles)
        frame = self.ctx.frame
        if frame is not None and python_arithmetic_on_draw(node, self.ctx.inference, frame.env, frame.cls) == NOT_TENSOR:
            self.report(node, "Python arithmetic on a `random` draw that dynamo replays as a tensor breaks the graph",
                        pattern="arithmetic", help=ARITHMETIC_HELP, skips_frame=True)

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        if module == "random" and function in BREAKING:
            self.report(node, f"`random.{function}()` in compiled code breaks the graph (dynamo skips the C "
                              "random generator)", help=HELP)
