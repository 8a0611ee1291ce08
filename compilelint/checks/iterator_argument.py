"""CL169: a Python generator (`self.parameters()` and its kin, a generator expression) handed to a project function
that graph-breaks somewhere in what it runs. Dynamo inlines the function, breaks inside it, and falls back to calling
it eagerly from the compiled frame; the generator it made and began to iterate cannot be rebuilt for that call
(GB8335 "Generator reconstruction with mutations", on the call line). The function then runs as a frame of its own,
with the generator as an input that dynamo cannot iterate: where it first consumes the parameter (`tuple(params)`,
`for p in params`) the graph breaks again (GB0811 "missing tp_iter"). Measured on 2.13, with the break before or
after the consumption, or in a function it calls; no break at all: neither (guided-diffusion's `checkpoint(func,
inputs, self.parameters(), flag)`). The consumer is found only where a compiled call passes the generator to it
directly."""

from __future__ import annotations

from typing import List, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks.call_to_disabled_function import may_be_project_code
from compilelint.engine import makes_iterator

# builtins that iterate their first argument through
CONSUMERS = frozenset({"tuple", "list", "set", "frozenset", "sorted", "sum", "iter", "enumerate", "zip", "dict", "min",
                       "max", "any", "all"})
HELP = ("pass a list (`list(self.parameters())`) or a tuple instead of the generator, or remove the graph break "
        "inside the function")


class IteratorArgument(Check):
    code = "CL169"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._consumed: List[Set[str]] = []  # per function: parameters already consumed (reported once)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._consumed.append(set())

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._consumed.pop()

    def visit_Call(self, node: cst.Call) -> None:
        if any(makes_iterator(arg.value) for arg in node.args):
            record = self.ctx.call_record(node)
            if record is not None and may_be_project_code(self.ctx, record):
                self.report(node, "a generator handed to a function that graph-breaks: dynamo cannot rebuild the "
                                  "generator it began to iterate to call the function eagerly, so the graph breaks "
                                  "here too", pattern="call", help=HELP, requires=("callee-breaks", *record))
        if isinstance(node.func, cst.Name) and node.func.value in CONSUMERS and node.args \
                and not node.args[0].keyword:
            self._consumes(node, node.args[0].value)

    def visit_For(self, node: cst.For) -> None:
        self._consumes(node, node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._consumes(node, node.iter)

    def _consumes(self, node: cst.CSTNode, iterated: cst.BaseExpression) -> None:
        """The first iteration of a parameter not rebound so far: a compiled caller may pass it a generator."""
        frame = self.ctx.frame
        if not (isinstance(iterated, cst.Name) and frame is not None and frame.region_key is not None
                and iterated.value in frame.unbound_params and self._consumed
                and iterated.value not in self._consumed[-1]):
            return
        self._consumed[-1].add(iterated.value)
        self.report(node, f"`{iterated.value}` is a generator a compiled caller hands over, and this function "
                          "graph-breaks: run as a frame of its own after that break, dynamo cannot iterate the "
                          "generator", pattern="consumed", help=HELP, requires=("function-breaks", frame.region_key),
                    requires_tensor=((("iterator", frame.region_key, iterated.value),),))
