"""CL178: compiled code that calls a function decorated by an instance of a project `contextlib.ContextDecorator`
subclass (`@timed_section("attention")` on a method, a profiling or bookkeeping section written as a class).

`ContextDecorator.__call__` wraps the function in a closure that enters `self._recreate_cm()` with a `with`
statement, and dynamo cannot enter that context manager ("Unsupported context manager", GB0142 at the call, measured
on 2.13 whatever `__enter__` does: a clock read or a list append). The same class used in a `with` block inside the
function compiles, and so does a `@contextmanager` generator applied as a decorator. Whether the call reaches such a
function is decided project-wide (conditions.py).
"""

import libcst as cst

from compilelint.check import Check
from compilelint.checks.call_to_disabled_function import may_be_project_code

HELP = ("enter the section with a `with` block inside the function instead of decorating it (a user context manager "
        "dynamo inlines), or decorate a function that runs outside the compiled region")


class ContextDecoratorCall(Check):
    code = "CL178"

    def leave_Call(self, node: cst.Call) -> None:
        # where CL141 reports a candidate too: a call that may reach the project's code
        record = self.ctx.call_record(node)
        if record is not None and may_be_project_code(self.ctx, record):
            self.report(node, "a function decorated by a `contextlib.ContextDecorator` called in compiled code breaks "
                              "the graph: dynamo cannot enter the decorator's context manager", help=HELP,
                        requires=("context-decorated", *record))
