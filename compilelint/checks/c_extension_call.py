"""CL153: calls into C extension modules dynamo cannot trace (`zlib`, `hashlib`, `binascii`, `bisect`, `struct`,
`pickle`), and into scientific libraries built on compiled code (`scipy`)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

# pickle is the C `_pickle`: gpytorch's memoize keys its cache on `pickle.dumps(kwargs)` (GB0007, measured on 2.13)
C_MODULES = frozenset({"zlib", "hashlib", "binascii", "bisect", "struct", "pickle", "_pickle"})
# libraries whose functions end in compiled code (Fortran, C, Cython ufuncs): dynamo inlines their Python layer and
# breaks where it reaches it, measured on 2.13: scipy.fft(pack).next_fast_len (GB0007 on its C `good_size`, Mega's
# FFT convolution), scipy.special.gamma (GB0156), scipy.signal.get_window (GB0157 in its array helpers)
COMPILED_LIBRARIES = frozenset({"scipy"})
HELP = ("compute the value once outside the compiled region (in `__init__`) and keep the result; for `bisect` "
        "on sorted values, `torch.searchsorted` stays in the graph")


class CExtensionCall(Check):
    code = "CL153"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        if module in C_MODULES and function:
            self.report(node, f"`{name}()` is C code dynamo cannot trace: the graph breaks on every call", help=HELP)
        elif name.partition(".")[0] in COMPILED_LIBRARIES and function:
            self.report(node, f"`{name}()` runs {name.partition('.')[0]}'s compiled code, which dynamo cannot trace: "
                              "the graph breaks on every call", pattern="compiled-library", help=HELP)
