"""CL101: a tensor used as a Python truth value (if/while/ternary/and/or/not/comprehension filter)."""

from typing import Dict, Optional, Set

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.engine import GUARD_IS_COMPILING
from compilelint.findings import Applicability
from compilelint.rewrites import bare_code, code, has_comments, is_boolean_tensor, is_pure, operand
from compilelint.tensors import NOT_TENSOR, TENSOR

HELP = ("keep the decision on the device: `torch.where(cond, a, b)`, `torch.cond(pred, f, g, args)`, "
        "a branchless form (`clamp`, `nan_to_num`), or `|`/`&`/`~` instead of `or`/`and`/`not`")


def _computed_message(msg: Optional[cst.BaseExpression]) -> bool:
    if isinstance(msg, cst.FormattedString):
        return any(isinstance(part, cst.FormattedStringExpression) for part in msg.parts)
    return isinstance(msg, (cst.Call, cst.BinaryOperation))


def _strip_not(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
        expr = expr.expression
    return expr


def _single_not(expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """X for `not X` (once, unparenthesized), else None."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not) and not expr.lpar:
        return expr.expression
    return None


def _only_statement(block: cst.BaseSuite) -> Optional[cst.BaseSmallStatement]:
    """The one small statement of a one-line indented block without comments."""
    if not isinstance(block, cst.IndentedBlock) or len(block.body) != 1:
        return None
    line = block.body[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or has_comments(line):
        return None
    return line.body[0]


def _assigned(statement: Optional[cst.BaseSmallStatement]):
    """(name, value) of `name = value`."""
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.targets[0].target, cst.Name):
        return statement.targets[0].target.value, statement.value
    return None


class TensorCondition(Check):
    code = "CL101"

    def __init__(self, ctx):
        super().__init__(ctx)
        # tests of if/while/ternaries: there the right operand of `and`/`or` is truth-tested too
        self.conditions = set()
        self.elifs: Set[int] = set()
        # names assigned a boolean tensor, per function (for `ok = x > 0` ... `if ok:`)
        self.boolean_names: Dict[str, bool] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if len(self.ctx.frames) == 1:  # a new top-level function (nested ones see their parent's names)
            self.boolean_names = {}

    def leave_Assign(self, node: cst.Assign) -> None:
        assigned = _assigned(node)
        if assigned:
            self.boolean_names[assigned[0]] = is_boolean_tensor(self.ctx, assigned[1], self._booleans())

    def _booleans(self) -> Set[str]:
        return {name for name, boolean in self.boolean_names.items() if boolean}

    def _boolean(self, expr: cst.BaseExpression) -> bool:
        return is_boolean_tensor(self.ctx, expr, self._booleans())

    def _tensor_condition(self, expr: cst.BaseExpression) -> bool:
        """A tensor truth value, unless its only tensors are bare forward parameters compared with numbers
        (`if j > self.max_len:` in `forward(self, i, j)`: those parameters are usually ints)."""
        if not self.ctx.is_tensor(expr):
            return False
        if isinstance(expr, cst.Comparison):
            operands = [expr.left] + [t.comparator for t in expr.comparisons]
            kinds = [self.ctx.kind(o) for o in operands]
            tensors = [o for o, k in zip(operands, kinds) if k == TENSOR]
            if NOT_TENSOR in kinds and all(self.ctx.is_raw_param(o) for o in tensors):
                return False
        return True

    def _condition(self, node: cst.CSTNode, test: cst.BaseExpression, where: str, fix=None) -> None:
        stripped = _strip_not(test)
        self.conditions.add(id(stripped))
        if isinstance(stripped, cst.BooleanOperation):
            self._mark_operands(stripped)
            return  # reported once, at the `and`/`or`
        if self._tensor_condition(stripped):
            self.report(test, f"tensor used as the condition of {where}: dynamo cannot know which branch to "
                              "trace without reading the tensor's value, so the graph breaks here", help=HELP,
                        fix=fix() if fix else None)

    def _mark_operands(self, op: cst.BooleanOperation) -> None:
        for side in (op.left, op.right):
            side = _strip_not(side)
            self.conditions.add(id(side))
            if isinstance(side, cst.BooleanOperation):
                self._mark_operands(side)

    def visit_If(self, node: cst.If) -> None:
        if isinstance(node.orelse, cst.If):
            self.elifs.add(id(node.orelse))
        if self._short_circuit_guard(node.test):
            return  # `not is_compiling() and cond`: dynamo never evaluates cond
        self._condition(node, node.test, "`if`", fix=lambda: self._if_fix(node))

    def visit_While(self, node: cst.While) -> None:
        self._condition(node, node.test, "`while`")

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._condition(node, node.test, "a conditional expression", fix=lambda: self._ternary_fix(node))

    def visit_CompIf(self, node: cst.CompIf) -> None:
        self._condition(node, node.test, "a comprehension filter")

    def visit_Assert(self, node: cst.Assert) -> None:
        # a constant message lets dynamo turn the assert into a runtime check; a computed one
        # (`.format(...)`, an f-string with fields, `%`) makes it branch on the tensor (GB0170)
        if _computed_message(node.msg) and self._tensor_condition(_strip_not(node.test)):
            self.report(node.test, "tensor `assert` with a computed message: dynamo branches on the tensor to "
                                   "build the message, so the graph breaks here (a constant message compiles)",
                        help="use a constant message, or `torch._assert_async(cond, msg)`")

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        if id(node) not in self.conditions and self._short_circuit_guard(node):
            return
        left, right = _strip_not(node.left), _strip_not(node.right)
        word = "and" if isinstance(node.operator, cst.And) else "or"
        tested = [left] if not isinstance(left, cst.BooleanOperation) else []
        if id(node) in self.conditions and not isinstance(right, cst.BooleanOperation):
            tested.append(right)
        if any(self._tensor_condition(side) for side in tested):
            self.report(node, f"`{word}` takes the truth value of a tensor: each tensor operand is a graph break",
                        help=HELP, fix=self._bitwise_fix(node))

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not) and id(_strip_not(node)) not in self.conditions:
            operand_ = _strip_not(node)
            if not isinstance(operand_, cst.BooleanOperation) and self.ctx.is_tensor(operand_):
                self.report(node, "`not` takes the truth value of a tensor, which breaks the graph", help=HELP,
                            fix=self._invert_fix(node))

    def _short_circuit_guard(self, test: cst.BaseExpression) -> bool:
        """`not torch.compiler.is_compiling() and ...`: False under dynamo, so the rest is never evaluated."""
        if not (isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And)):
            return False
        left = _single_not(test.left)
        return isinstance(left, cst.Call) and self.ctx.resolve(left.func) in GUARD_IS_COMPILING

    # -- fixes -------------------------------------------------------------------------------------------
    def _torch(self):
        return self.ctx.module_alias("torch")

    def _where(self, test: cst.BaseExpression, if_true: cst.BaseExpression, if_false: cst.BaseExpression):
        """`torch.where(test, a, b)` source, or None when the rewrite is not known to be equivalent."""
        inner = _single_not(test)
        if inner is not None:
            test, if_true, if_false = inner, if_false, if_true
        if not self._boolean(test) or any(isinstance(v, cst.Tuple) or not is_pure(self.ctx, v)
                                          for v in (if_true, if_false)):
            return None
        torch, imports = self._torch()
        if torch is None:
            return None
        return f"{torch}.where({bare_code(self.ctx, test)}, {bare_code(self.ctx, if_true)}, " \
               f"{bare_code(self.ctx, if_false)})", imports

    def _ternary_fix(self, node: cst.IfExp) -> Optional[FixSpec]:
        made = self._where(node.test, node.body, node.orelse)
        if made is None or has_comments(node):
            return None
        return FixSpec(Applicability.UNSAFE, "compute both sides and select with `torch.where`",
                       ((node, made[0]),), made[1])

    def _if_fix(self, node: cst.If) -> Optional[FixSpec]:
        if id(node) in self.elifs or has_comments(node.test):
            return None
        header = node.body.header.comment if isinstance(node.body, cst.IndentedBlock) else None
        comment = f"  {header.value}" if header else ""
        return self._eager_only_fix(node) or self._assign_fix(node, comment) or self._assert_fix(node, comment)

    def _assign_fix(self, node: cst.If, comment: str) -> Optional[FixSpec]:
        """`if c: y = a` [`else: y = b`] -> `y = torch.where(c, a, b)` (without else, b is y itself)."""
        body = _assigned(_only_statement(node.body))
        if body is None:
            return None
        name, if_true = body
        if node.orelse is None:
            frame = self.ctx.frame
            if frame is None or name not in frame.env:
                return None  # `y` may be unbound when the branch is not taken
            if_false = cst.Name(name)
        elif not isinstance(node.orelse, cst.Else):
            return None  # an `elif` chain has more than two outcomes
        else:
            if has_comments(node.orelse.whitespace_before_colon) or \
                    (isinstance(node.orelse.body, cst.IndentedBlock) and node.orelse.body.header.comment):
                return None
            other = _assigned(_only_statement(node.orelse.body))
            if other is None or other[0] != name:
                return None
            if_false = other[1]
        made = self._where(node.test, if_true, if_false)
        if made is None:
            return None
        return FixSpec(Applicability.UNSAFE, "compute both branches and select with `torch.where`",
                       ((node, f"{name} = {made[0]}{comment}\n"),), made[1])

    def _assert_fix(self, node: cst.If, comment: str) -> Optional[FixSpec]:
        """`if bad: raise E("msg")` -> `torch._assert_async(~bad, "msg")`: checked on the device."""
        raised = _only_statement(node.body)
        if node.orelse is not None or not isinstance(raised, cst.Raise) or raised.exc is None:
            return None
        inner = _single_not(node.test)
        if inner is not None:
            if not self._boolean(inner):
                return None
            holds = bare_code(self.ctx, inner)
        elif self._boolean(node.test):
            holds = f"~{operand(self.ctx, node.test)}"
        else:
            return None
        exc = raised.exc
        args = exc.args if isinstance(exc, cst.Call) else ()
        if len(args) == 1 and not args[0].keyword and isinstance(args[0].value, cst.SimpleString):
            message = code(self.ctx, args[0].value)
        else:
            message = repr(code(self.ctx, exc))
        torch, imports = self._torch()
        if torch is None:
            return None
        return FixSpec(Applicability.UNSAFE, f"check it on the device with `{torch}._assert_async` "
                                             "(raises RuntimeError instead)",
                       ((node, f"{torch}._assert_async({holds}, {message}){comment}\n"),), imports)

    def _eager_only_fix(self, node: cst.If) -> Optional[FixSpec]:
        """A condition whose body only does eager-only work (`if not is_compiling(): log(...)`) need not be
        evaluated under dynamo at all: `if not torch.compiler.is_compiling() and cond:`."""
        body = node.body
        if node.orelse is not None or not isinstance(body, cst.IndentedBlock) or not body.body:
            return None
        for statement in body.body:
            if not isinstance(statement, cst.If) or statement.orelse is not None:
                return None
            guard = _single_not(statement.test)
            if not (isinstance(guard, cst.Call) and self.ctx.resolve(guard.func) in GUARD_IS_COMPILING):
                return None
        torch, imports = self._torch()
        if torch is None:
            return None
        test = node.test
        text = code(self.ctx, test) if not isinstance(test, (cst.BooleanOperation, cst.IfExp, cst.NamedExpr)) \
            or test.lpar else f"({code(self.ctx, test)})"
        return FixSpec(Applicability.SAFE, "the body only runs in eager mode: test the condition there only",
                       ((test, f"not {torch}.compiler.is_compiling() and {text}"),), imports)

    def _bitwise_fix(self, node: cst.BooleanOperation) -> Optional[FixSpec]:
        """`a and b` / `a or b` over boolean tensors -> `a & b` / `a | b`."""
        operator = cst.BitAnd if isinstance(node.operator, cst.And) else cst.BitOr
        sides = [self._bitwise_operand(side, operator) for side in (node.left, node.right)]
        if None in sides or has_comments(node):
            return None
        symbol = "&" if operator is cst.BitAnd else "|"
        return FixSpec(Applicability.UNSAFE, f"use `{symbol}` on the boolean tensors (both sides are evaluated)",
                       ((node, f"{sides[0]} {symbol} {sides[1]}"),))

    def _bitwise_operand(self, side: cst.BaseExpression, operator: type) -> Optional[str]:
        inner = _single_not(side)
        if inner is not None:
            return f"~{operand(self.ctx, inner)}" if self._boolean(inner) else None
        return operand(self.ctx, side, operator) if self._boolean(side) else None

    def _invert_fix(self, node: cst.UnaryOperation) -> Optional[FixSpec]:
        """`not t` over a boolean tensor -> `~t`."""
        inner = node.expression
        if not self._boolean(inner) or has_comments(node):
            return None
        return FixSpec(Applicability.UNSAFE, "use `~` on the boolean tensor", ((node, f"~{operand(self.ctx, inner)}"),))
