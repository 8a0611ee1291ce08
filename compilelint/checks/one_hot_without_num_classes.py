"""CL123: `F.one_hot(t)` without `num_classes`, or with a tensor for it, takes the class count from the data."""

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.findings import Applicability

HELP = "pass the class count as a Python int: `F.one_hot(labels, num_classes=C)` (no config flag helps here)"


class OneHotWithoutNumClasses(Check):
    code = "CL123"

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.resolve(node.func) != "torch.nn.functional.one_hot":
            return
        positional = [a for a in node.args if a.keyword is None and not a.star]
        num_classes = positional[1].value if len(positional) > 1 else next(
            (a.value for a in node.args if a.keyword is not None and a.keyword.value == "num_classes"), None)
        if any(a.star for a in node.args):
            return
        if num_classes is None or _is_minus_one(num_classes):
            self.report(node, "`one_hot` without `num_classes` computes `labels.max() + 1` to size its output: "
                              "dynamo cannot trace that and the graph breaks", help=HELP, fix=HINT)
            return
        formula = self.ctx.tensor_formula(num_classes)
        if formula:  # `max(labels.max() + 1, capacity)`: a count read from the data on the host
            self.report(node, "`num_classes` is a tensor: `one_hot` reads its value on the host to size the output, "
                              "so the graph breaks here (data-dependent operator)", pattern="tensor-classes",
                        requires_tensor=formula, help=HELP, fix=HINT)


# only the author knows the class count: shown, never applied
HINT = FixSpec(Applicability.DISPLAY_ONLY, "add `num_classes=C`, with C the number of classes as a Python int "
                                           "(the model's config value, not `labels.max() + 1`)")


def _is_minus_one(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) \
        and isinstance(expr.expression, cst.Integer) and expr.expression.value == "1"
