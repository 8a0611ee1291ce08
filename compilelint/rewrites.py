"""Small syntax helpers that fixes share: source of a node, operator-safe operands, and what an
expression is known to be (side-effect free; a boolean tensor). Conservative: unknown means no."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

import libcst as cst

from compilelint.check import FixSpec
from compilelint.findings import Applicability

if TYPE_CHECKING:
    from compilelint.engine import FileContext

# Methods and torch functions whose result is a boolean tensor when applied to tensors.
BOOLEAN_RESULTS = frozenset(
    "any all isnan isinf isfinite isneginf isposinf isreal signbit isclose logical_and logical_or logical_not "
    "logical_xor eq ne gt ge lt le greater greater_equal less less_equal not_equal equal_ bool".split()
)
# Draw random numbers: evaluating them on both sides of a torch.where changes the random stream.
RANDOM = frozenset(
    "rand randn randint randperm rand_like randn_like randint_like bernoulli multinomial normal poisson dropout "
    "dropout1d dropout2d dropout3d alpha_dropout feature_alpha_dropout uniform exponential geometric cauchy "
    "log_normal random gumbel_softmax rrelu".split()
)
# Tensor methods that leave the graph or have effects beyond their result.
IMPURE_METHODS = frozenset("item tolist numpy backward register_hook record_stream share_memory retain_grad".split())
_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float, cst.Imaginary,
          cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.List, cst.Tuple, cst.Dict, cst.Set)
_BIT_PRECEDENCE = {cst.BitOr: 1, cst.BitXor: 2, cst.BitAnd: 3}
_LITERALS = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString)


def code(ctx: "FileContext", node: cst.CSTNode) -> str:
    """Source of a node as written, with its own parentheses."""
    return ctx.module.code_for_node(node)


def bare_code(ctx: "FileContext", node: cst.BaseExpression) -> str:
    """Source of an expression without its own parentheses: what its span covers."""
    if getattr(node, "lpar", None):
        node = node.with_changes(lpar=(), rpar=())
    return ctx.module.code_for_node(node)


def is_atomic(node: cst.BaseExpression) -> bool:
    return bool(getattr(node, "lpar", None)) or isinstance(node, _ATOMS)


def operand(ctx: "FileContext", node: cst.BaseExpression, within: Optional[type] = None) -> str:
    """Source of `node` usable as an operand of `|`/`&`/`~` (`within` the operator class, or unary)."""
    if is_atomic(node):
        return code(ctx, node)
    if within is not None and isinstance(node, cst.BinaryOperation):
        mine = _BIT_PRECEDENCE.get(type(node.operator))
        if mine is not None and mine >= _BIT_PRECEDENCE[within]:
            return code(ctx, node)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.BitInvert):
        return code(ctx, node)
    return f"({code(ctx, node)})"


def has_comments(node: cst.CSTNode) -> bool:
    """Does the subtree hold a comment (which a one-line rewrite would lose)?"""
    stack: List[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Comment):
            return True
        stack.extend(current.children)
    return False


def is_pure(ctx: "FileContext", expr: cst.BaseExpression) -> bool:
    """Evaluating it has no effect besides its value: names, literals, operators, subscripts, and calls of
    torch functions or tensor methods that are neither in place (`_` suffix) nor random."""
    stack: List[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Name, *_LITERALS)):
            continue
        if isinstance(node, cst.Attribute):
            stack.append(node.value)
        elif isinstance(node, cst.BinaryOperation):
            stack += [node.left, node.right]
        elif isinstance(node, cst.UnaryOperation):
            stack.append(node.expression)
        elif isinstance(node, cst.Comparison):
            stack.append(node.left)
            stack += [target.comparator for target in node.comparisons]
        elif isinstance(node, (cst.Tuple, cst.List)):
            if any(isinstance(e, cst.StarredElement) for e in node.elements):
                return False
            stack += [e.value for e in node.elements]
        elif isinstance(node, cst.Subscript):
            stack.append(node.value)
            for element in node.slice:
                inner = element.slice
                if isinstance(inner, cst.Index):
                    stack.append(inner.value)
                elif isinstance(inner, cst.Slice):
                    stack += [part for part in (inner.lower, inner.upper, inner.step) if part is not None]
        elif isinstance(node, cst.Call):
            if not _pure_callee(ctx, node) or any(arg.star for arg in node.args):
                return False
            stack += [arg.value for arg in node.args]
        else:
            return False
    return True


def _pure_callee(ctx: "FileContext", call: cst.Call) -> bool:
    func = call.func
    name = ctx.resolve(func) or ""
    last = name.rsplit(".", 1)[-1]
    if name.startswith("torch.") and not ctx.is_tensor(func.value if isinstance(func, cst.Attribute) else func):
        return not last.endswith("_") and last not in RANDOM and not name.startswith("torch._")
    if isinstance(func, cst.Attribute) and ctx.is_tensor(func.value):
        attr = func.attr.value
        return not attr.endswith("_") and attr not in RANDOM and attr not in IMPURE_METHODS
    return False


def is_boolean_tensor(ctx: "FileContext", expr: cst.BaseExpression, boolean_names=frozenset()) -> bool:
    """A tensor of dtype bool, as far as the syntax shows: comparisons, `.any()`/`.all()`, `torch.isnan`,
    `~`, `&`/`|`/`^` of such, and names the caller knows were assigned one."""
    if not ctx.is_tensor(expr):
        return False
    while True:
        if isinstance(expr, cst.Comparison):
            return all(isinstance(t.operator, (cst.LessThan, cst.GreaterThan, cst.LessThanEqual, cst.GreaterThanEqual,
                                               cst.Equal, cst.NotEqual)) for t in expr.comparisons)
        if isinstance(expr, cst.Call):
            name = ctx.resolve(expr.func) or ""
            if isinstance(expr.func, cst.Attribute) and ctx.is_tensor(expr.func.value):
                return expr.func.attr.value in BOOLEAN_RESULTS
            return name.startswith("torch.") and name.rsplit(".", 1)[-1] in BOOLEAN_RESULTS
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            expr = expr.expression
            continue
        if isinstance(expr, cst.BinaryOperation) and type(expr.operator) in _BIT_PRECEDENCE:
            return (is_boolean_tensor(ctx, expr.left, boolean_names)
                    and is_boolean_tensor(ctx, expr.right, boolean_names))
        if isinstance(expr, cst.Name):
            return expr.value in boolean_names
        return False


def eager_only_guard(ctx: "FileContext", call: cst.Call) -> Optional[FixSpec]:
    """Safe fix for a side effect that is a statement of its own line: guard it with
    `if not torch.compiler.is_compiling():`. Dynamo never traces that branch; eager runs as before."""
    statements = ctx.statements
    line = statements[-1] if statements else None
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
            and isinstance(line.body[0], cst.Expr) and line.body[0].value is call):
        return None
    torch, imports = ctx.module_alias("torch")
    if torch is None:
        return None
    text = ctx.module.code_for_node(line.body[0])
    if "\n" in text:
        return None  # a multi-line call (a triple-quoted string?) keeps its layout: no re-indenting
    indent = ctx.indentation + ctx.module.default_indent
    guarded = f"if not {torch}.compiler.is_compiling():\n{indent}{text}"
    return FixSpec(Applicability.SAFE, f"run it in eager mode only: guard it with "
                                       f"`if not {torch}.compiler.is_compiling():`", ((line.body[0], guarded),), imports)
