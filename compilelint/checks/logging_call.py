"""CL131: print, logging and warnings.warn in compiled code."""

from typing import Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.rewrites import eager_only_guard
from compilelint.tensors import is_self_attr

# logging.Logger methods (any method of a known logger breaks, GB0291); the module's functions of these names
LOGGER_METHODS = frozenset("debug info warning warn error exception critical log isEnabledFor getEffectiveLevel".split())
# the warnings filters a `with warnings.catch_warnings():` block sets: GB0007 inside warnings.py (measured on 2.13)
WARNING_FILTERS = frozenset(f"warnings.{f}" for f in ("simplefilter", "filterwarnings", "resetwarnings"))
FILTER_HELP = ("set the filter once at import time (`warnings.filterwarnings(...)` at module level), or around the call "
               "of the compiled model, not inside it")
LOGURU_METHODS = frozenset("trace debug info success warning error exception critical log".split())
HELP = ("guard it with `if not torch.compiler.is_compiling():`, move it out of the compiled region, or "
        "(for print/warnings) list it in `torch._dynamo.config.reorderable_logging_functions`; logger methods "
        "need `torch._dynamo.config.ignore_logging_functions`")


def _logger_factory(name: Optional[str]) -> bool:
    """`logging.getLogger`, the `get_logger` helpers libraries wrap it in (they return a Logger or adapter), and
    `getChild`, which only `logging.Logger` defines: `logger = def_logger.getChild(__name__)` with `def_logger` a
    logger another module makes (torchdistill) is a logger."""
    return bool(name) and (name == "logging.getLogger" or name.rsplit(".", 1)[-1] in ("get_logger", "getChild"))


def _child_of_a_call(call: cst.Call) -> bool:
    """`logging.getLogger().getChild(name)`: the import table resolves no method of a call's result."""
    return isinstance(call.func, cst.Attribute) and call.func.attr.value == "getChild" \
        and isinstance(call.func.value, cst.Call)


class LoggingCall(Check):
    code = "CL131"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._logger_attrs: Set[Tuple[str, str]] = set()  # (class, attr) of `self.log = logging.getLogger(...)`
        # module-level names bound to a child of a logger a call makes (no resolved callee: not in module_values)
        self._child_loggers: Optional[Set[str]] = None

    def visit_Assign(self, node: cst.Assign) -> None:
        frame = self.ctx.frame
        if frame is None or frame.cls is None or not self._makes_logger(node.value):
            return
        for target in node.targets:
            attr = is_self_attr(target.target)
            if attr is not None:
                self._logger_attrs.add((frame.cls.name, attr))

    def _makes_logger(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.BooleanOperation):  # `logger or logging.getLogger(__name__)`
            return self._makes_logger(value.left) or self._makes_logger(value.right)
        if isinstance(value, cst.Call):
            return _logger_factory(self.ctx.resolve(value.func)) or _child_of_a_call(value)
        return isinstance(value, cst.Name) and (_logger_factory(self.ctx.module_values.get(value.value))
                                                or self._logger_parameter(value.value))

    def _logger_parameter(self, name: str) -> bool:
        """A parameter of the enclosing def annotated `logging.Logger` (`Optional[...]`, `... | None` too)."""
        function = self.ctx.frame.function
        if function is None:
            return False
        params = function.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            if param.name.value == name and param.annotation is not None:
                return self._names_logger(param.annotation.annotation)
        return False

    def _names_logger(self, annotation: cst.BaseExpression) -> bool:
        if isinstance(annotation, cst.Subscript):  # Optional[Logger], Union[Logger, None]
            return any(isinstance(e.slice, cst.Index) and self._names_logger(e.slice.value) for e in annotation.slice)
        if isinstance(annotation, cst.BinaryOperation):  # Logger | None
            return self._names_logger(annotation.left) or self._names_logger(annotation.right)
        return self.ctx.resolve(annotation) in ("logging.Logger", "logging.LoggerAdapter")

    def visit_Call(self, node: cst.Call) -> None:
        ctx = self.ctx
        name = ctx.resolve(node.func)
        if isinstance(node.func, cst.Name) and name == node.func.value:
            # `_warn = partial(warnings.warn, category=FutureWarning)` at module level, then `_warn("...")`
            name = ctx.module_partials.get(name, name)
        if name in ("print", "builtins.print"):
            self.report(node, "`print` in compiled code breaks the graph", pattern=self._pattern("print", node),
                        help=HELP, fix=eager_only_guard(self.ctx, node))
        elif name == "warnings.warn":
            self.report(node, "`warnings.warn` in compiled code breaks the graph",
                        pattern=self._pattern("warn", node), help=HELP, fix=eager_only_guard(self.ctx, node))
        elif name in WARNING_FILTERS:
            self.report(node, f"`{name}` in compiled code breaks the graph (dynamo skips the warnings module's "
                              "filter functions; `warnings.catch_warnings()` alone compiles)", pattern="warnings-filter",
                        help=FILTER_HELP)
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value in LOGURU_METHODS \
                and ctx.resolve(node.func.value) == "loguru.logger":  # `from loguru import logger`: dynamo skips it
            self.report(node, f"loguru `logger.{node.func.attr.value}()` in compiled code breaks the graph "
                              "(dynamo skips loguru)", pattern="loguru", help=HELP, fix=eager_only_guard(self.ctx, node))
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value in LOGGER_METHODS:
            receiver = node.func.value
            module_function = ctx.resolve(receiver) == "logging"
            message = f"logger `.{node.func.attr.value}()` in compiled code breaks the graph, even when the level " \
                      "is disabled"
            if module_function or self._is_logger(receiver):
                self.report(node, message, pattern="logging-function" if module_function else "logger", help=HELP,
                            fix=eager_only_guard(self.ctx, node))
            elif isinstance(receiver, cst.Name) and receiver.value in ctx.module_values:
                # `logger = setup_logger("losses")` at module level: a logger when the project function it calls is
                # declared to return one (the project-wide step reads its `-> logging.Logger`)
                self.report(node, message, pattern="logger", help=HELP, fix=eager_only_guard(self.ctx, node),
                            requires=("returns-logger", ctx.module_values[receiver.value]))
        elif isinstance(node.func, cst.Attribute) and not isinstance(node.func.value, cst.Call) \
                and self._is_logger(node.func.value):
            # any method of a Logger breaks (GB0291), the ones libraries patch onto it too: `logger.warning_once`
            self.report(node, f"logger `.{node.func.attr.value}()` in compiled code breaks the graph (every "
                              "logging.Logger method does)", pattern="logger", help=HELP,
                        fix=eager_only_guard(self.ctx, node))

    def _module_child_loggers(self) -> Set[str]:
        """`root_child = logging.getLogger().getChild(__name__)` at module level (the check sees functions only)."""
        if self._child_loggers is None:
            self._child_loggers = {target.target.value for statement in self.ctx.module.body
                                   if isinstance(statement, cst.SimpleStatementLine)
                                   for assign in statement.body if isinstance(assign, cst.Assign)
                                   and isinstance(assign.value, cst.Call) and _child_of_a_call(assign.value)
                                   for target in assign.targets if isinstance(target.target, cst.Name)}
        return self._child_loggers

    def _pattern(self, base: str, node: cst.Call) -> str:
        """`reorderable_logging_functions` only reorders calls whose arguments are tensors or constants
        (torch's can_reorder_logs); anything else (`x.shape`, an object) still breaks (GB0296)."""
        reorderable = all(isinstance(a.value, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float))
                          or self.ctx.is_tensor(a.value) for a in node.args)
        return base if reorderable else f"{base}-other-args"

    def _is_logger(self, receiver: cst.BaseExpression) -> bool:
        if isinstance(receiver, cst.Name):
            return _logger_factory(self.ctx.module_values.get(receiver.value)) \
                or receiver.value in self._module_child_loggers()
        if isinstance(receiver, cst.Call):  # logging.getLogger(__name__).info(...)
            return _logger_factory(self.ctx.resolve(receiver.func)) or _child_of_a_call(receiver)
        attr = is_self_attr(receiver)
        frame = self.ctx.frame
        return attr is not None and frame is not None and frame.cls is not None \
            and (frame.cls.name, attr) in self._logger_attrs
