"""CL158: a method called on an object built in the same compiled function (`solver = Solver(...)`,
`SOLVERS[name](...)`, `Solver(...).run()`) whose code graph-breaks. Dynamo breaks inside the method and
then cannot rebuild the object it made for the eager call: a second break on the call line (GB0092,
"Reconstruction failure"). Measured on 2.13. Not in a loop of the function: the inner break then makes dynamo give
up on the whole frame (GB7000) and run it eagerly, so nothing made during tracing needs rebuilding
(tests/dynamo_cases/made_object_in_loop.py)."""

from __future__ import annotations

from typing import Dict, List

import libcst as cst

from compilelint.check import Check

HELP = ("build the object outside the compiled function and pass it in (or keep it on the module), so that "
        "dynamo can call it again after the break; better, remove the break inside the method")


class MadeObjectMethod(Check):
    code = "CL158"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # per function: local name -> break candidates reported when it was bound; a break in between hands
        # the object to the resume function as an input, which dynamo can call again
        self._bound: List[Dict[str, int]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._bound.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._bound.pop()

    def leave_Assign(self, node: cst.Assign) -> None:
        if self._bound:
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    self._bound[-1][target.target.value] = self.ctx.break_candidates

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not self._bound or self.ctx.in_loop:
            return
        receiver = func.value
        if isinstance(receiver, cst.Name):
            bound_at = self._bound[-1].get(receiver.value)
            if bound_at is None or bound_at != self.ctx.break_candidates:
                return
        elif not isinstance(receiver, cst.Call):
            return
        record = self.ctx.call_record(node)
        if record is None or record[0] != "value":
            return
        made, _, method = record[1].rpartition(".")
        if not made.endswith("()"):
            return
        self.report(node, f"`.{method}()` of an object built in this compiled function graph-breaks inside; dynamo "
                          "then cannot rebuild the object to run the call eagerly, so the graph breaks here too "
                          "(reconstruction failure)", help=HELP, requires=("made-object-breaks", made[:-2], method))
