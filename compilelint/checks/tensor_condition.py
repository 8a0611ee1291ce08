"""CL101: a tensor used as a Python truth value (if/while/ternary/and/or/not/comprehension filter)."""

import libcst as cst

from compilelint.check import Check

HELP = ("keep the decision on the device: `torch.where(cond, a, b)`, `torch.cond(pred, f, g, args)`, "
        "a branchless form (`clamp`, `nan_to_num`), or `|`/`&`/`~` instead of `or`/`and`/`not`")


def _strip_not(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
        expr = expr.expression
    return expr


class TensorCondition(Check):
    code = "CL101"

    def __init__(self, ctx):
        super().__init__(ctx)
        # tests of if/while/ternaries: there the right operand of `and`/`or` is truth-tested too
        self.conditions = set()

    def _condition(self, node: cst.CSTNode, test: cst.BaseExpression, where: str) -> None:
        stripped = _strip_not(test)
        self.conditions.add(id(stripped))
        if isinstance(stripped, cst.BooleanOperation):
            self._mark_operands(stripped)
            return  # reported once, at the `and`/`or`
        if self.ctx.is_tensor(stripped):
            self.report(test, f"tensor used as the condition of {where}: dynamo cannot know which branch to "
                              "trace without reading the tensor's value, so the graph breaks here", help=HELP)

    def _mark_operands(self, op: cst.BooleanOperation) -> None:
        for side in (op.left, op.right):
            side = _strip_not(side)
            self.conditions.add(id(side))
            if isinstance(side, cst.BooleanOperation):
                self._mark_operands(side)

    def visit_If(self, node: cst.If) -> None:
        self._condition(node, node.test, "`if`")

    def visit_While(self, node: cst.While) -> None:
        self._condition(node, node.test, "`while`")

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._condition(node, node.test, "a conditional expression")

    def visit_CompIf(self, node: cst.CompIf) -> None:
        self._condition(node, node.test, "a comprehension filter")

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        left, right = _strip_not(node.left), _strip_not(node.right)
        word = "and" if isinstance(node.operator, cst.And) else "or"
        tested = [left] if not isinstance(left, cst.BooleanOperation) else []
        if id(node) in self.conditions and not isinstance(right, cst.BooleanOperation):
            tested.append(right)
        if any(self.ctx.is_tensor(side) for side in tested):
            self.report(node, f"`{word}` takes the truth value of a tensor: each tensor operand is a graph break",
                        help=HELP)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not) and id(_strip_not(node)) not in self.conditions:
            operand = _strip_not(node)
            if not isinstance(operand, cst.BooleanOperation) and self.ctx.is_tensor(operand):
                self.report(node, "`not` takes the truth value of a tensor, which breaks the graph", help=HELP)
