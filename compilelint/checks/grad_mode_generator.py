"""CL162: compiled code that runs a generator function wrapped by a grad-mode decorator (`@torch.no_grad()`,
`@torch.inference_mode()`, `@torch.enable_grad()`) to its end: a `for` loop over the call without `break` or
`return`, a list, set or dict comprehension over it, or a builtin that takes the whole iterable (`list(gen(x))`).

Torch wraps such a generator in its own generator, which resumes the original inside the grad mode's `with` block and
turns its end into a `return`: the StopIteration raised inside that block is an exception dynamo cannot handle
("Observed exception", GB0088), and it gives up on the whole frame, which runs eagerly (measured on 2.13; guided
diffusion's `ddim_sample_loop` runs its `@torch.no_grad()` progressive sampler this way). The same generator without
the decorator, with the grad mode as a `with` block inside it, or pulled with `next()` without reaching its end,
compiles. Whether the call reaches such a generator is decided project-wide (conditions.py).
"""

from typing import Optional

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name
from compilelint.checks.call_to_disabled_function import EXTERNAL_PACKAGES
from compilelint.engine import holds_a
from compilelint.index import BUILTIN_NAMES

HELP = ("move the grad mode into the generator's body (`with torch.no_grad():` around its loop) or onto the function "
        "that consumes it; torch's wrapper of a decorated generator ends in an exception dynamo cannot trace")
# builtins that pull an iterable to its end
CONSUMERS = frozenset({"list", "tuple", "set", "frozenset", "dict", "sorted", "sum", "min", "max"})
# a `break` or `return` in a loop body leaves the loop, unless it is in a function or class the body defines
LEAVES_NOTHING = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


class GradModeGenerator(Check):
    code = "CL162"

    def visit_For(self, node: cst.For) -> None:
        self._exhausted(node, node.iter, lambda: not holds_a(node.body, (cst.Break, cst.Return), skip=LEAVES_NOTHING))

    def visit_ListComp(self, node: cst.ListComp) -> None:
        self._exhausted(node, node.for_in.iter)

    def visit_SetComp(self, node: cst.SetComp) -> None:
        self._exhausted(node, node.for_in.iter)

    def visit_DictComp(self, node: cst.DictComp) -> None:
        self._exhausted(node, node.for_in.iter)

    def visit_Call(self, node: cst.Call) -> None:
        if node.args and not node.args[0].keyword and not node.args[0].star \
                and builtin_name(self.ctx, node.func) in CONSUMERS:
            value = node.args[0].value  # `sum(t.sum() for t in gen(x))` runs gen(x) to its end as well
            self._exhausted(node, value.for_in.iter if isinstance(value, cst.GeneratorExp) else value)

    def _exhausted(self, where: cst.CSTNode, iterable: cst.BaseExpression, to_its_end=lambda: True) -> None:
        """`where` runs `iterable` to its end (when `to_its_end()`, asked last: a loop's body is walked only when
        its iterable calls a project function): report it when the iterable is what a project function returns
        (`gen(x)`, `enumerate(gen(x))`), on condition that every function the call reaches is a decorated
        generator."""
        call = generator_call(self.ctx, iterable)
        record = self.ctx.call_record(call) if call is not None else None
        if record is None or not self._may_be_project_function(record) or not to_its_end():
            return
        self.report(where, "a generator function wrapped by a grad-mode decorator, run to its end in compiled code, "
                           "raises inside torch's wrapper: dynamo gives up on the frame", help=HELP,
                    requires=("grad-mode-generator", *record))


    def _may_be_project_function(self, record) -> bool:
        """Not a builtin, a library function or a method of a local value: a candidate is a break to the engine
        until the project-wide step drops it, so only calls that may reach the project's code are reported."""
        kind, name = record
        if kind == "method":
            return False
        if kind != "name":
            return True
        head = name.split(".", 1)[0]
        frame = self.ctx.frame
        return name not in BUILTIN_NAMES and head not in EXTERNAL_PACKAGES and (frame is None or head not in frame.env)


def generator_call(ctx, iterable: cst.BaseExpression) -> Optional[cst.Call]:
    if not isinstance(iterable, cst.Call):
        return None
    if builtin_name(ctx, iterable.func) == "enumerate" and iterable.args and not iterable.args[0].keyword \
            and isinstance(iterable.args[0].value, cst.Call):
        return iterable.args[0].value
    return iterable
