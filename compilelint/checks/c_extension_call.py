"""CL153: calls into C extension modules dynamo cannot trace (`zlib`, `hashlib`, `binascii`, `bisect`, `struct`,
`pickle`), into scientific libraries built on compiled code (`scipy`), and of the C slot `object.__getattribute__`."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, imported_name

# pickle is the C `_pickle`: gpytorch's memoize keys its cache on `pickle.dumps(kwargs)` (GB0007, measured on 2.13)
C_MODULES = frozenset({"zlib", "hashlib", "binascii", "bisect", "struct", "pickle", "_pickle"})
# libraries whose functions end in compiled code (Fortran, C, Cython ufuncs): dynamo inlines their Python layer and
# breaks where it reaches it, measured on 2.13: scipy.fft(pack).next_fast_len (GB0007 on its C `good_size`, Mega's
# FFT convolution), scipy.special.gamma (GB0156), scipy.signal.get_window (GB0157 in its array helpers)
COMPILED_LIBRARIES = frozenset({"scipy"})
# the C slot wrapper of the builtin `object`: dynamo has no rule for `object.__getattribute__(obj, name)` (GB0156,
# "__getattribute__ of class `type`", measured on 2.13 in a `__getattr__`, a method and at module level, on plain,
# dataclass and __slots__ classes); `super().__getattribute__`, `object.__setattr__` and `self.__dict__[...]` trace
SLOT_WRAPPERS = frozenset({"__getattribute__"})
SLOT_HELP = ("read the attribute plainly (`self.__dict__[name]`, or `super().__getattribute__(name)` in a "
             "`__getattr__`): dynamo traces those")
HELP = ("compute the value once outside the compiled region (in `__init__`) and keep the result; for `bisect` "
        "on sorted values, `torch.searchsorted` stays in the graph")


class CExtensionCall(Check):
    code = "CL153"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        if module in C_MODULES and function:
            self.report(node, f"`{name}()` is C code dynamo cannot trace: the graph breaks on every call", help=HELP)
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value in SLOT_WRAPPERS \
                and builtin_name(self.ctx, node.func.value) == "object":
            self.report(node, f"`object.{node.func.attr.value}()` is a C slot wrapper dynamo cannot trace: the graph "
                              "breaks on every call", pattern="slot-wrapper", help=SLOT_HELP)
        elif name.partition(".")[0] in COMPILED_LIBRARIES and function:
            self.report(node, f"`{name}()` runs {name.partition('.')[0]}'s compiled code, which dynamo cannot trace: "
                              "the graph breaks on every call", pattern="compiled-library", help=HELP)
