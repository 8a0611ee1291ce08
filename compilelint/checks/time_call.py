"""CL132: reading the clock (`time.time()`, `time.perf_counter()`, `datetime.now()`) or sleeping in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

TIME_FUNCTIONS = frozenset(
    "time.time time.time_ns time.perf_counter time.perf_counter_ns time.monotonic time.monotonic_ns "
    "time.process_time time.process_time_ns time.thread_time time.thread_time_ns time.sleep time.strftime "
    "time.localtime time.gmtime time.ctime time.asctime time.mktime".split()
)
DATETIME_NOW = frozenset({"datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today",
                          "datetime.date.today"})
HELP = ("time outside the compiled region (around the compiled call, with `torch.cuda.synchronize()` on GPU), "
        "or guard it with `if not torch.compiler.is_compiling():`")


class TimeCall(Check):
    code = "CL132"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func)
        if name in TIME_FUNCTIONS:
            self.report(node, f"`{name}()` in compiled code breaks the graph (a C function dynamo skips); a clock "
                              "value handed on to the rest of the frame also recompiles it", pattern="time", help=HELP)
        elif name in DATETIME_NOW:
            self.report(node, f"`{name}()` in compiled code breaks the graph", pattern="datetime", help=HELP)
