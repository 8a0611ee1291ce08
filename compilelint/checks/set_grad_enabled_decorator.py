"""CL164: compiled code that calls a function wrapped by `@torch.set_grad_enabled(mode)`, or takes a first step of a
generator function so wrapped (a `for` loop over the call, a comprehension, `list(gen(x))`).

The decorator's wrapper enters a fresh `set_grad_enabled(mode)` at each call (at each step of a generator), and dynamo
skips that constructor ("Attempted to call function marked as skipped", GB0007, measured on 2.13 for either mode, a
plain function and a generator): the graph breaks at the call, or where the generator is first iterated. The same
function under `@torch.no_grad()` compiles (a generator so wrapped is CL162's), and so does `with
torch.set_grad_enabled(False):` in the body. Whether the call reaches such a function is decided project-wide
(conditions.py).
"""

import libcst as cst

from compilelint.checks.call_to_disabled_function import may_be_project_code
from compilelint.checks.grad_mode_generator import GradModeGenerator, generator_call

HELP = ("use `@torch.no_grad()` / `@torch.enable_grad()` for a fixed mode, or `with torch.set_grad_enabled(mode):` "
        "inside the function; dynamo skips the decorator's wrapper")


class SetGradEnabledDecorator(GradModeGenerator):
    code = "CL164"

    def visit_For(self, node: cst.For) -> None:
        self._exhausted(node, node.iter)  # its first step breaks, whether or not the loop leaves early

    def leave_Call(self, node: cst.Call) -> None:
        record = self._project_call_record(node)
        if record is not None:
            self.report(node, "a function wrapped by `@torch.set_grad_enabled(...)` called in compiled code breaks "
                              "the graph: dynamo skips the decorator's wrapper", pattern="call", help=HELP,
                        requires=("grad-setter", *record, False))

    def _exhausted(self, where: cst.CSTNode, iterable: cst.BaseExpression) -> None:
        call = generator_call(self.ctx, iterable)
        record = self._project_call_record(call) if call is not None else None
        if record is not None:
            self.report(where, "a generator function wrapped by `@torch.set_grad_enabled(...)` iterated in compiled "
                               "code breaks the graph at its first step: dynamo skips the decorator's wrapper",
                        pattern="generator", help=HELP, requires=("grad-setter", *record, True))

    def _project_call_record(self, call: cst.Call):
        """The call record where CL141 reports one too (a candidate counts as a break to the engine until the
        project-wide step drops it: CL164 adds none at calls CL141 leaves alone)."""
        record = self.ctx.call_record(call)
        return record if record is not None and may_be_project_code(self.ctx, record) else None
