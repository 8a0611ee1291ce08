"""CL177: a project generator function whose generator compiled code keeps alive across a graph break (made, then a
break before it is drained, or handed to a call that breaks: `tqdm(self.__iter__(...))`).

At the break dynamo has to rebuild the generator for the eager code that resumes, and cannot once the generator's
first loop steps an iterator it made (a list's, a tensor's, a zip's): "Generator reconstruction with mutations"
(GB8335), reported on that loop's line, frame skipped. Measured on 2.13 (held-out group 84, ito-vision's samplers):
a loop over a tensor, a list or `zip` of tensors breaks, the generator function in the same file or another; a loop
over `range` compiles, and so does a generator drained (`list(gen)`) before the break, or one consumed by a loop whose
body breaks (dynamo gives up on that frame first). Whether a compiled caller keeps the generator alive across a break
is decided project-wide (conditions.py: "generator-alive-at-break"); the callers' side is recorded here
(FunctionFacts.alive_generators).
"""

from typing import Dict, List, Optional, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name
from compilelint.checks.grad_mode_generator import CONSUMERS
from compilelint.engine import holds_a
from compilelint.index import BUILTIN_NAMES

HELP = ("drain the generator before the break (`steps = list(self.__iter__(...))`) or keep the progress bar and "
        "other breaking calls out of the compiled function; a generator stepping an iterator cannot be rebuilt")
# builtins that take a generator without keeping it alive across a call of their own
DRAINS = CONSUMERS | {"iter", "next", "enumerate", "zip", "any", "all", "len"}
# a `yield` in these belongs to another function
OTHER_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


class GeneratorAliveAtBreak(Check):
    code = "CL177"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # per compiled function: a local bound to a call that may make a project generator -> (call record, the
        # walk's mark after the binding: FileContext.reported)
        self._made: Dict[str, Dict[str, Tuple[Tuple[str, str], int]]] = {}
        self._handed: Dict[int, List[Tuple[Tuple[str, str], int]]] = {}  # id of a call -> the generators handed to it
        self._generators: Dict[int, bool] = {}  # id of a def -> whether its own body yields

    def visit_For(self, node: cst.For) -> None:
        frame = self.ctx.frame
        if frame is None or frame.region_key is None:
            return
        if isinstance(node.iter, cst.Name):  # `for y in gen:` alive up to here, then stepped by this loop
            made = self._made.get(frame.region_key, {}).pop(node.iter.value, None)
            if made is not None:
                self._alive_at_break(*made)
        if frame.function is not None and self._first_loop(frame.function, node):
            self.report(node, "the generator of this function, kept alive across a graph break in compiled code, steps "
                              "an iterator this loop makes: dynamo cannot rebuild it for the eager code after the "
                              "break and gives up on the frame",
                        help=HELP, requires=("generator-alive-at-break", frame.region_key))

    def leave_Assign(self, node: cst.Assign) -> None:
        frame = self.ctx.frame
        if frame is None or frame.region_key is None or len(node.targets) != 1 \
                or not isinstance(node.targets[0].target, cst.Name):
            return
        made = self._made.setdefault(frame.region_key, {})
        name = node.targets[0].target.value
        record = self._generator_call(node.value)
        if record is not None:
            made[name] = (record, self.ctx.reported())
        else:
            made.pop(name, None)

    def visit_Call(self, node: cst.Call) -> None:
        frame = self.ctx.frame
        if frame is None or frame.region_key is None or builtin_name(self.ctx, node.func) in DRAINS:
            return
        made = self._made.get(frame.region_key, {})
        for arg in node.args:
            value = arg.value
            if isinstance(value, cst.Name) and value.value in made:
                handed = made.pop(value.value)
            else:
                record = self._generator_call(value)
                handed = (record, self.ctx.reported()) if record is not None else None
            if handed is not None:
                self._handed.setdefault(id(node), []).append(handed)

    def leave_Call(self, node: cst.Call) -> None:
        for record, mark in self._handed.pop(id(node), ()):
            self._alive_at_break(record, mark)

    def _alive_at_break(self, record: Tuple[str, str], mark: int) -> None:
        """The generator `record` makes was alive from `mark` to here: kept when a break dynamo resumes after came."""
        region_key = self.ctx.frame.region_key
        function = self.ctx.facts.functions.get(region_key)
        if function is not None and self.ctx.breaks_since(mark, region_key) \
                and record not in function.alive_generators:
            function.alive_generators.append(record)

    def _generator_call(self, value: cst.BaseExpression) -> Optional[Tuple[str, str]]:
        """The call record of a call that may make a project function's generator (resolved project-wide)."""
        if not isinstance(value, cst.Call):
            return None
        record = self.ctx.call_record(value)
        if record is None or record[0] not in ("name", "self", "super", "value"):
            return None
        return None if record[0] == "name" and record[1] in BUILTIN_NAMES else record

    def _first_loop(self, function: cst.FunctionDef, loop: cst.For) -> bool:
        """`loop` is the first statement of the generator function's own body that is a loop over anything but
        `range(...)`, with no `yield` before it: what running the generator from its start steps first."""
        body = function.body
        if not isinstance(body, cst.IndentedBlock) or not any(statement is loop for statement in body.body):
            return False
        if id(function) not in self._generators:
            self._generators[id(function)] = holds_a(body, (cst.Yield,), OTHER_SCOPES)
        if not self._generators[id(function)]:
            return False
        for statement in body.body:
            if statement is loop:
                iterated = loop.iter
                return not (isinstance(iterated, cst.Call) and builtin_name(self.ctx, iterated.func) == "range")
            if isinstance(statement, (cst.For, cst.While)) or holds_a(statement, (cst.Yield,), OTHER_SCOPES):
                return False
        return False
