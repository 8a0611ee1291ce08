"""CL122: reading a tensor through a boolean mask (`x[m]`, `out[m] = y[m]`, `x[m] += 1`); writes `x[m] = v` are fine.

A mask built from values of unknown kind (`inside = (inputs >= lo) & (inputs <= hi)` in a helper whose callers
are not known) is proven a tensor by its use: as the index of a write into a known tensor (`out[outside] = ...`,
with `out = torch.zeros_like(inputs)`, or a local declared `out: torch.Tensor`), or as the mask of `masked_fill`/`masked_scatter`/`torch.where`. Reads
through it (and through the masks it was built from by `~`, `&`, `|`) are then flagged.
"""

from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import FixSpec
from compilelint.checks._value_evidence import ValueEvidenceCheck
from compilelint.findings import Applicability
from compilelint.rewrites import code, is_atomic, is_pure
from compilelint.tensors import ALWAYS, NOT_TENSOR, TENSOR, annotation_kind, bound_names

HELP = ("keep the shape: masked arithmetic (`(x * m).sum() / m.sum()`), `torch.where(m, y, out)` instead of "
        "`out[m] = y[m]`, or a mask write `x[m] = v` (which compiles); or set "
        "`torch._dynamo.config.capture_dynamic_output_shape_ops = True`")


# tensor methods whose first argument is a boolean mask tensor
MASK_METHODS = frozenset({"masked_fill", "masked_fill_", "masked_scatter", "masked_scatter_"})


class BooleanMaskIndex(ValueEvidenceCheck):
    code = "CL122"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # subscripts that are assignment targets; `x[m] *= 2` is not one: it reads `x[m]` first (dynamo breaks)
        self._written: Set[int] = set()
        self._reduced: Dict[int, Tuple[cst.Call, str]] = {}  # `x[m]` of `x[m].sum()` -> (call, method)
        # per function: names bound to a comparison (or ~/&/| of them) of values of unknown kind -> the candidate
        # names it was built from
        self._candidates: List[Dict[str, Set[str]]] = []
        # per function: names bound to a call of unknown result (`should_mask = self.masking_strategy(inp)`): a
        # boolean tensor once used where only one fits (the condition of `torch.where`, the mask of `masked_fill`);
        # an index of a write proves nothing of them (integer positions are written through too)
        self._results: List[Set[str]] = []
        # per function: locals declared `name: torch.Tensor = ...` (torchode's `y_eval: torch.Tensor = y`, later
        # rebound to `y.new_empty(...)` of a `y` of unknown kind): tensors whatever they are rebound to
        self._declared: List[Set[str]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().visit_FunctionDef(node)
        self._candidates.append({})
        self._results.append(set())
        self._declared.append(set())

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().leave_FunctionDef(node)
        self._candidates.pop()
        self._results.pop()
        self._declared.pop()

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if self._declared and isinstance(node.target, cst.Name) \
                and annotation_kind(node.annotation, self.ctx.imports) == TENSOR:
            self._declared[-1].add(node.target.value)

    def _written_tensor(self, expr: cst.BaseExpression) -> bool:
        """The base of a subscript written to is a tensor: known here, or a local declared one."""
        return self.ctx.kind(expr) == TENSOR or (
            isinstance(expr, cst.Name) and bool(self._declared) and expr.value in self._declared[-1])

    def leave_Assign(self, node: cst.Assign) -> None:
        super().leave_Assign(node)
        if not self._candidates:
            return
        candidates = self._candidates[-1]
        for name in [n for target in node.targets for n in bound_names(target.target)]:
            candidates.pop(name, None)
            self._results[-1].discard(name)
        target = node.targets[0].target if len(node.targets) == 1 else None
        if isinstance(target, cst.Name) and not self.is_bool_mask(node.value):
            sources = self._mask_shaped(node.value)
            if sources is not None and self.ctx.kind(node.value) != NOT_TENSOR:
                candidates[target.value] = sources
            elif isinstance(node.value, cst.Call) and self.ctx.kind(node.value) != NOT_TENSOR:
                self._results[-1].add(target.value)

    def _mask_shaped(self, expr: cst.BaseExpression) -> Optional[Set[str]]:
        """The candidate names `expr` is built from when it is a comparison, or `~`/`&`/`|` of comparisons and
        candidates; None when it is not built that way."""
        if isinstance(expr, cst.Comparison):
            return set() if all(isinstance(c.operator, (cst.LessThan, cst.LessThanEqual, cst.GreaterThan,
                                                         cst.GreaterThanEqual, cst.Equal, cst.NotEqual))
                                for c in expr.comparisons) else None
        if isinstance(expr, cst.Name):
            return {expr.value} if self._candidates and expr.value in self._candidates[-1] else None
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            return self._mask_shaped(expr.expression)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitAnd, cst.BitOr)):
            left, right = self._mask_shaped(expr.left), self._mask_shaped(expr.right)
            return None if left is None or right is None else left | right
        return None

    def _prove_condition(self, expr: cst.BaseExpression) -> None:
        """`expr` is the condition of `torch.where` or the mask of `masked_fill`, or a reshape of one (`m.unsqueeze(-1)`):
        torch takes only a boolean tensor there, so a call result bound to it is a mask, and so is a candidate."""
        while self._reshaped(expr) is not None:
            expr = self._reshaped(expr)
        if self._results and self._scopes and isinstance(expr, cst.Name) and expr.value in self._results[-1]:
            self._results[-1].discard(expr.value)
            self._scopes[-1].masks.add(expr.value)
        self._prove_mask(expr)

    def _prove_mask(self, expr: cst.BaseExpression) -> None:
        """`expr` is used where only a boolean tensor fits: it and the candidates it was built from are masks."""
        if not (self._candidates and self._scopes and isinstance(expr, cst.Name)):
            return
        todo = [expr.value]
        while todo:
            name = todo.pop()
            sources = self._candidates[-1].pop(name, None)
            if sources is not None:
                self._scopes[-1].masks.add(name)
                todo.extend(sources)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if node.args and isinstance(func, cst.Attribute) and func.attr.value in MASK_METHODS:
            self._prove_condition(node.args[0].value)
        elif len(node.args) == 3 and self.ctx.resolve(func) == "torch.where":
            self._prove_condition(node.args[0].value)
        if isinstance(func, cst.Attribute) and func.attr.value in ("sum", "mean") and not node.args \
                and isinstance(func.value, cst.Subscript):
            self._reduced[id(func.value)] = (node, func.attr.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        todo = [t.target for t in node.targets]
        while todo:  # `out[m], logdet[m] = f(...)` writes each element of an unpacked tuple
            target = todo.pop()
            self._written.add(id(target))
            if isinstance(target, (cst.Tuple, cst.List)):
                todo.extend(e.value for e in target.elements)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if id(node) in self._written and self._written_tensor(node.value):
            for element in node.slice:  # `out[m] = ...` on a tensor: a comparison-built `m` is a tensor mask
                if isinstance(element.slice, cst.Index):
                    self._prove_mask(element.slice.value)
        if id(node) in self._written or self.ctx.kind(node.value) == NOT_TENSOR:
            return
        # a mask known here, or one that is a boolean tensor if project-wide facts hold (`m = mask.bool()`)
        masks = [self.mask_formula(e.slice.value) for e in node.slice if isinstance(e.slice, cst.Index)]
        formula = ALWAYS if ALWAYS in masks else next((m for m in masks if m), ())
        if formula:
            self.report(node, "indexing with a boolean mask returns as many elements as the mask has `True` "
                              "values: a data-dependent shape, so the graph breaks here and the code after it "
                              "recompiles once", help=HELP, fix=self._masked_reduction(node),
                        requires_tensor=None if formula == ALWAYS else formula)

    def _masked_reduction(self, node: cst.Subscript) -> Optional[FixSpec]:
        """`x[x > 0].sum()` -> `torch.where(x > 0, x, 0).sum()`; `.mean()` divides by the mask's count.
        Only for masks computed elementwise from `x` itself, so that the mask has `x`'s shape."""
        reduced = self._reduced.get(id(node))
        if reduced is None or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        call, method = reduced
        mask = node.slice[0].slice.value
        if not (is_pure(self.ctx, node.value) and self._elementwise_of(mask, code(self.ctx, node.value))):
            return None
        torch, imports = self.ctx.module_alias("torch")
        if torch is None:
            return None
        mask_code, x_code = code(self.ctx, mask), code(self.ctx, node.value)
        total = f"{torch}.where({mask_code}, {x_code}, 0).sum()"
        count = f"{mask_code if is_atomic(mask) else f'({mask_code})'}.sum()"
        replacement = total if method == "sum" else f"({total} / {count})"
        return FixSpec(Applicability.UNSAFE, "reduce with the mask instead of selecting: the shape stays static",
                       ((call, replacement),), imports)

    def _elementwise_of(self, mask: cst.BaseExpression, x_code: str) -> bool:
        """A comparison of `x` with a number, `isnan`/`isfinite`... of `x`, or `~`/`&`/`|` of those."""
        if isinstance(mask, cst.Comparison) and len(mask.comparisons) == 1:
            other = mask.comparisons[0].comparator
            return code(self.ctx, mask.left) == x_code and self.ctx.kind(other) == NOT_TENSOR
        if isinstance(mask, cst.UnaryOperation) and isinstance(mask.operator, cst.BitInvert):
            return self._elementwise_of(mask.expression, x_code)
        if isinstance(mask, cst.BinaryOperation) and isinstance(mask.operator, (cst.BitAnd, cst.BitOr)):
            return self._elementwise_of(mask.left, x_code) and self._elementwise_of(mask.right, x_code)
        if isinstance(mask, cst.Call) and len(mask.args) <= 1 and not (mask.args and mask.args[0].keyword):
            name = (self.ctx.resolve(mask.func) or "").rsplit(".", 1)[-1]
            if name not in ("isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit"):
                return False
            if isinstance(mask.func, cst.Attribute) and not mask.args:
                return code(self.ctx, mask.func.value) == x_code
            return len(mask.args) == 1 and code(self.ctx, mask.args[0].value) == x_code
        return False
