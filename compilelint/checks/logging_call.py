"""CL131: print, logging and warnings.warn in compiled code."""

from typing import Optional

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.findings import Applicability

LOGGER_METHODS = frozenset("debug info warning warn error exception critical log".split())
HELP = ("guard it with `if not torch.compiler.is_compiling():`, move it out of the compiled region, or "
        "(for print/warnings) list it in `torch._dynamo.config.reorderable_logging_functions`; logger methods "
        "need `torch._dynamo.config.ignore_logging_functions`")


class LoggingCall(Check):
    code = "CL131"

    def visit_Call(self, node: cst.Call) -> None:
        ctx = self.ctx
        name = ctx.resolve(node.func)
        if name == "print":
            self.report(node, "`print` in compiled code breaks the graph", pattern="print", help=HELP,
                        fix=self._guard(node))
        elif name == "warnings.warn":
            self.report(node, "`warnings.warn` in compiled code breaks the graph", pattern="warn", help=HELP,
                        fix=self._guard(node))
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value in LOGGER_METHODS:
            receiver = node.func.value
            if ctx.resolve(receiver) == "logging" or self._is_logger(receiver):
                self.report(node, f"logger `.{node.func.attr.value}()` in compiled code breaks the graph, even "
                                  "when the level is disabled", pattern="logger", help=HELP, fix=self._guard(node))

    def _is_logger(self, receiver: cst.BaseExpression) -> bool:
        if isinstance(receiver, cst.Name):
            return self.ctx.module_values.get(receiver.value) == "logging.getLogger"
        if isinstance(receiver, cst.Call):  # logging.getLogger(__name__).info(...)
            return self.ctx.resolve(receiver.func) == "logging.getLogger"
        return False

    def _guard(self, node: cst.Call) -> Optional[FixSpec]:
        """A call that is a statement of its own line gets an eager-only guard: dynamo never traces the
        body of `if not torch.compiler.is_compiling():`, and eager runs behave as before."""
        statements = self.ctx.statements
        line = statements[-1] if statements else None
        if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
                and isinstance(line.body[0], cst.Expr) and line.body[0].value is node):
            return None
        torch, imports = self.ctx.module_alias("torch")
        if torch is None:
            return None
        code = self.ctx.module.code_for_node(line.body[0])
        if "\n" in code:
            return None  # a multi-line call (a triple-quoted string?) keeps its layout: no re-indenting
        indent = self.ctx.indentation + self.ctx.module.default_indent
        guarded = f"if not {torch}.compiler.is_compiling():\n{indent}{code}"
        return FixSpec(Applicability.SAFE, "run it in eager mode only: guard it with "
                                           f"`if not {torch}.compiler.is_compiling():`",
                       ((line.body[0], guarded),), imports)
