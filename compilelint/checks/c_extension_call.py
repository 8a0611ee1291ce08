"""CL153: calls into C extension modules dynamo cannot trace (`zlib`, `hashlib`, `binascii`, `bisect`, `struct`,
`pickle`, `heapq`, `gc`), into scientific libraries built on compiled code (`scipy`), of the C slot `object.__getattribute__`, of
`operator` getter objects made outside the compiled region, of `os`'s process and system queries (C functions of
`posix`), of `json`'s encoder and decoder (the C `_json` accelerators), and of the project's functions numba compiles (whether a call reaches one is decided project-wide,
conditions.py)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, imported_name
from compilelint.checks.call_to_disabled_function import may_be_project_code
from compilelint.names import dotted
from compilelint.tensors import is_self_attr

# pickle is the C `_pickle`: gpytorch's memoize keys its cache on `pickle.dumps(kwargs)` (GB0007, measured on 2.13)
# gc is a builtin module: `gc.collect()` in a memory manager's `__exit__` (graphem-rapids' layout step, held-out
# group 86), `gc.isenabled()`, `gc.disable()` are all skipped (GB0007, measured on 2.13)
C_MODULES = frozenset({"zlib", "hashlib", "binascii", "bisect", "struct", "pickle", "_pickle", "gc"})
# os's process and system queries are C functions of `posix` dynamo skips (GB0007, measured on 2.13: each of these,
# called as `os.getpid()` or imported by name); os's Python layer (`os.getenv`, `os.environ.get`, `os.path.join`,
# `os.fspath`) traces. A per-process cache key `(os.getpid(), device)` in an attention block: b26_timm_bias_cache_pid_key
OS_QUERIES = frozenset({"getpid", "getppid", "getuid", "cpu_count", "process_cpu_count", "getcwd", "urandom", "times",
                        "getloadavg", "uname", "sched_getaffinity"})
# json's entry points run the C `_json` accelerators (`c_make_encoder`, `encode_basestring_ascii`, `scanstring`):
# GB0156 or GB0007 on 2.13, measured on `dumps` (plain, `sort_keys=True`, `indent=2`, a string, imported by name),
# `loads`, and `dump` / `load` through a StringIO. A rotary cache keyed by `json.dumps(rope_scaling, sort_keys=True)`:
# b27_hf_rope_cache_key_json_dumps. json's other names (JSONDecodeError, the encoder classes) are not calls to flag
JSON_FUNCTIONS = frozenset({"dumps", "loads", "dump", "load"})
# libraries whose functions end in compiled code (Fortran, C, Cython ufuncs): dynamo inlines their Python layer and
# breaks where it reaches it, measured on 2.13: scipy.fft(pack).next_fast_len (GB0007 on its C `good_size`, Mega's
# FFT convolution), scipy.special.gamma (GB0156), scipy.signal.get_window (GB0157 in its array helpers)
COMPILED_LIBRARIES = frozenset({"scipy"})
# heapq: the C `_heapq` functions (heappush, heapify, ...) are skipped (GB0007), and so is every Python function of the
# module that calls them (nlargest, merge); nlargest/nsmallest of one item go through builtin max/min with `default=`
# (GB0059). Measured on 2.13, on Python ints and on 0-d tensors alike
HEAP_MODULES = frozenset({"heapq", "_heapq"})
# the C slot wrapper of the builtin `object`: dynamo has no rule for `object.__getattribute__(obj, name)` (GB0156,
# "__getattribute__ of class `type`", measured on 2.13 in a `__getattr__`, a method and at module level, on plain,
# dataclass and __slots__ classes); `super().__getattribute__`, `object.__setattr__` and `self.__dict__[...]` trace
SLOT_WRAPPERS = frozenset({"__getattribute__"})
SLOT_HELP = ("read the attribute plainly (`self.__dict__[name]`, or `super().__getattribute__(name)` in a "
             "`__getattr__`): dynamo traces those")
# `operator.itemgetter / attrgetter / methodcaller` objects are C callables: dynamo calls one made in the compiled
# region, but one made outside it (at import, in `__init__`) reaches it as an opaque object whose `__call__` it cannot
# trace (GB0156 "Unsupported method call", measured on 2.13 on module-level and attribute getters)
OPERATOR_GETTERS = frozenset({"operator.itemgetter", "operator.attrgetter", "operator.methodcaller"})
GETTER_HELP = ("index or call the method directly (`out[0]`, `t.item()`), or make the getter in the compiled "
               "function")
HEAP_HELP = ("pick with `torch.topk` / `torch.sort` on a tensor of the values, or do the heap work outside the "
             "compiled region")
NUMBA_HELP = ("call the kernel outside the compiled region, or write the step with torch operations (a custom op "
              "registered with `torch.library` keeps an opaque kernel in the graph)")
HELP = ("compute the value once outside the compiled region (in `__init__`) and keep the result; for `bisect` "
        "on sorted values, `torch.searchsorted` stays in the graph")


class CExtensionCall(Check):
    code = "CL153"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        module, _, function = name.rpartition(".")
        if module in C_MODULES and function:
            self.report(node, f"`{name}()` is C code dynamo cannot trace: the graph breaks on every call", help=HELP)
        elif module == "os" and function in OS_QUERIES:
            self.report(node, f"`{name}()` is a C function of `posix` dynamo cannot trace: the graph breaks on every "
                              "call", help=HELP)
        elif module == "json" and function in JSON_FUNCTIONS:
            self.report(node, f"`{name}()` runs the C `_json` accelerators dynamo cannot trace: the graph breaks on "
                              "every call", pattern="json", help=HELP)
        elif module in HEAP_MODULES and function:
            self.report(node, f"`{name}()` runs the C heap functions dynamo does not trace: the graph breaks on every "
                              "call", pattern="heapq", help=HEAP_HELP)
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value in SLOT_WRAPPERS \
                and builtin_name(self.ctx, node.func.value) == "object":
            self.report(node, f"`object.{node.func.attr.value}()` is a C slot wrapper dynamo cannot trace: the graph "
                              "breaks on every call", pattern="slot-wrapper", help=SLOT_HELP)
        elif name.partition(".")[0] in COMPILED_LIBRARIES and function:
            self.report(node, f"`{name}()` runs {name.partition('.')[0]}'s compiled code, which dynamo cannot trace: "
                              "the graph breaks on every call", pattern="compiled-library", help=HELP)
        else:
            getter = self._getter_made_outside(node.func)
            if getter is not None:
                self.report(node, f"an `{getter}` object made outside the compiled region is a C callable dynamo "
                                  "cannot call: the graph breaks on every call", pattern="operator-getter",
                            help=GETTER_HELP)

    def leave_Call(self, node: cst.Call) -> None:
        # at the call records CL141 reports (a candidate counts as a break to the engine until the project-wide step
        # drops it: none is added where CL141 has none)
        record = self.ctx.call_record(node)
        if record is not None and may_be_project_code(self.ctx, record):
            shown = dotted(node.func) or "this function"
            self.report(node, f"`{shown}` is compiled by numba: dynamo cannot trace its dispatcher, the graph breaks on "
                              "every call", pattern="numba-kernel", help=NUMBA_HELP, requires=("numba-kernel", *record))

    def _getter_made_outside(self, func: cst.BaseExpression):
        """`operator.X` when `func` is a module-level name (not rebound in the function) or a `self` attribute whose
        every store in the class is an `operator` getter."""
        frame = self.ctx.frame
        if isinstance(func, cst.Name):
            made = self.ctx.module_values.get(func.value)
            return made if made in OPERATOR_GETTERS and (frame is None or func.value not in frame.env) else None
        attr = is_self_attr(func)
        values = frame.cls.attribute_values.get(attr, ()) if attr and frame is not None and frame.cls else ()
        made = {value[:-2] for value in values}
        return made.pop() if len(made) == 1 and made <= OPERATOR_GETTERS and all(v.endswith("()") for v in values) \
            else None
