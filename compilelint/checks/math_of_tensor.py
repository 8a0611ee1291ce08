"""CL113: a `math.*` function applied to a tensor (implicit `__float__`), or folding a generator expression."""

from typing import Optional, Tuple

import libcst as cst

from compilelint.check import FixSpec
from compilelint.checks._value_evidence import ValueEvidenceCheck
from compilelint.findings import Applicability
from compilelint.rewrites import code
from compilelint.tensors import ALWAYS, is_self_attr

# one-argument math functions whose torch namesake computes the same float function elementwise
TORCH_NAMESAKES = {name: name for name in (
    "sqrt exp log log2 log10 log1p expm1 sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh erf erfc "
    "lgamma".split())}
TORCH_NAMESAKES["fabs"] = "abs"

# math functions that fold an iterable: given a generator expression, dynamo cannot hand the generator to the C
# function (GB0055 "Failed to convert args/kwargs to proxy", measured on 2.13; botorch's logmeanexp). A list compiles.
GENERATOR_FOLDS = frozenset({"math.prod", "math.fsum"})
GENERATOR_HELP = "pass a list instead: `math.prod([x.shape[i] for i in dims])` compiles"
HELP = ("use the torch function, which stays in the graph: `torch.sqrt(t)`, `torch.log(t)`, `torch.floor(t)`, "
        "`torch.isnan(t)`...; `capture_scalar_outputs` does not remove this break")


class MathOfTensor(ValueEvidenceCheck):
    code = "CL113"

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.resolve(node.func) or ""
        # `math.exp(random.uniform(a, b))` is no graph break: dynamo fails on it (AsPythonConstantNotImplementedError
        # on 2.13, a replayed draw is no constant)
        # nor is `math.log(k)` of a constant tensor (`k = torch.tensor(self.kappa)`): fake tensors know its value
        tensor = self._tensor_argument(node) if name.startswith("math.") else None
        if tensor is not None:
            formula, unless = tensor
            self.report(node, f"`{name}` of a tensor converts it to a Python float: dynamo breaks the graph "
                              "(data-dependent operator) and the host waits for the device", help=HELP,
                        fix=self._torch_namesake(node, name), requires_tensor=None if formula == ALWAYS else formula,
                        unless=unless)
        elif name in GENERATOR_FOLDS and len(node.args) == 1 and not node.args[0].star \
                and isinstance(node.args[0].value, cst.GeneratorExp):
            self.report(node, f"`{name}` of a generator expression breaks the graph: dynamo cannot pass the "
                              "generator to the C function", pattern="generator", help=GENERATOR_HELP)

    def _tensor_argument(self, node: cst.Call) -> Optional[Tuple[tuple, tuple]]:
        """The facts under which an argument is a tensor computed in this graph, and the hole atoms of the branch that
        bound it: ALWAYS for one proven here (or a parameter or buffer of the module); a tensors.Formula where it is
        computed from a helper's parameters that every caller passes a tensor it computes (a sampler's
        `sqrt(sigma_next ** 2 - sigma_up ** 2)` with `sigma=sigmas[i]`); None when no argument is."""
        found = []
        for arg in node.args:
            value = arg.value
            # `math.exp(random.uniform(a, b))` is no graph break: dynamo fails on it (AsPythonConstantNotImplementedError
            # on 2.13, a replayed draw is no constant); nor is `math.log(k)` of a constant tensor
            # (`k = torch.tensor(self.kappa)`): fake tensors know its value
            if self.ctx.is_replayed_draw(value) or self.constant_tensor(value):
                continue
            if self._module_tensor(value):
                return ALWAYS, ()
            # on callers' facts: what compiled code passes, not an entry point's input only assumed a tensor; a
            # `float` parameter is one only where every caller computes it (a sampler's step handed `sigmas[i]`)
            formula = self.passed_by_callers(value, self.computed_formula(value)) or self.ctx.float_formula(value)
            if formula:
                found.append((formula, self.bound_under(value)))
        return min(found, key=lambda f: (f[0] != ALWAYS, len(f[1]))) if found else None

    def _module_tensor(self, expr: cst.BaseExpression) -> bool:
        """A parameter or buffer of the module (`math.log(self.scale)`): dynamo does not specialize on its value
        as it does on a 0-d input, so the conversion breaks (measured on 2.13)."""
        frame = self.ctx.frame
        attr = is_self_attr(expr)
        return attr is not None and frame is not None and frame.cls is not None and attr in frame.cls.tensor_attrs

    def _torch_namesake(self, node: cst.Call, name: str) -> Optional[FixSpec]:
        """`math.sqrt(t)` -> `torch.sqrt(t)`: same function, computed on the device as a 0-d tensor."""
        function = TORCH_NAMESAKES.get(name[5:])
        if function is None or len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return None
        torch, imports = self.ctx.module_alias("torch")
        if torch is None:
            return None
        replacement = f"{torch}.{function}({code(self.ctx, node.args[0].value)})"
        return FixSpec(Applicability.UNSAFE, f"use `{torch}.{function}`, which keeps the value a tensor",
                       ((node, replacement),), imports)
