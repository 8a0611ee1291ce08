"""CL153: calls into C extension modules dynamo cannot trace (`zlib`, `hashlib`, `binascii`, `bisect`, `struct`,
`pickle`)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

# pickle is the C `_pickle`: gpytorch's memoize keys its cache on `pickle.dumps(kwargs)` (GB0007, measured on 2.13)
C_MODULES = frozenset({"zlib", "hashlib", "binascii", "bisect", "struct", "pickle", "_pickle"})
HELP = ("compute the value once outside the compiled region (in `__init__`) and keep the result; for `bisect` "
        "on sorted values, `torch.searchsorted` stays in the graph")


class CExtensionCall(Check):
    code = "CL153"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        if module in C_MODULES and function:
            self.report(node, f"`{name}()` is C code dynamo cannot trace: the graph breaks on every call", help=HELP)
