"""CL176: calling a `functools.partialmethod` attribute of the class (`pool_max = partialmethod(_pool, reduce="max")`,
then `self.pool_max(x)`) in compiled code."""

from typing import Dict, Optional

import libcst as cst

from compilelint.check import Check
from compilelint.index import PARTIALMETHOD
from compilelint.tensors import is_self_attr

HELP = ("define a plain method that calls the shared one (`def pool_max(self, x): return self._pool(x, "
        "reduce=\"max\")`), or bind `functools.partial(self._pool, reduce=\"max\")` in __init__: both compile")


class PartialmethodCall(Check):
    code = "CL176"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._partialmethods: Dict[int, frozenset] = {}  # id of a class body -> its partialmethod attributes

    def visit_Call(self, node: cst.Call) -> None:
        attr = is_self_attr(node.func)
        cls = self._enclosing_class()
        if attr is None or cls is None or attr not in self._names(cls):
            return
        # dynamo's binding of the descriptor raises inside functools: it gives up on the frame (GB0088), and the
        # method it wraps then runs as a frame of its own
        self.report(node, f"`self.{attr}` is a `functools.partialmethod`: dynamo fails while binding it (an exception "
                          "inside functools) and runs the whole frame eagerly", help=HELP, skips_frame=True)

    def _enclosing_class(self) -> Optional[cst.ClassDef]:
        return next((s for s in reversed(self.ctx.statements) if isinstance(s, cst.ClassDef)), None)

    def _names(self, cls: cst.ClassDef) -> frozenset:
        if id(cls) not in self._partialmethods:
            self._partialmethods[id(cls)] = frozenset(
                target.target.value for line in cls.body.body if isinstance(line, cst.SimpleStatementLine)
                for small in line.body if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call)
                and self.ctx.resolve(small.value.func) == PARTIALMETHOD
                for target in small.targets if isinstance(target.target, cst.Name))
        return self._partialmethods[id(cls)]
