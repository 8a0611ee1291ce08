"""CL124: a size taken from a tensor value: `torch.arange(t.max())`, `torch.zeros(n_t)`, `x.view(n_t, -1)`,
`x.topk(k_t)`, ..."""

from typing import List, Optional, Tuple

import libcst as cst

from compilelint.checks._value_evidence import ValueEvidenceCheck

# which positional arguments are sizes: (first, end), end None = all the rest
TORCH_SIZED = {
    "arange": (0, None), "zeros": (0, None), "ones": (0, None), "empty": (0, None), "rand": (0, None),
    "randn": (0, None), "full": (0, 1), "linspace": (2, 3), "eye": (0, 2), "randperm": (0, 1),
    "randint": (0, None),  # only its size tuple counts: see _sizes
    "reshape": (1, None), "narrow": (2, 4), "topk": (1, 2),
}
METHOD_SIZED = {
    "reshape": (0, None), "view": (0, None), "expand": (0, None), "repeat": (0, None), "new_zeros": (0, None),
    "new_ones": (0, None), "new_empty": (0, None), "new_full": (0, 1), "narrow": (1, 3), "topk": (0, 1),
}
HELP = ("size it with Python ints (a shape such as `x.shape[1]`, or a static maximum) and mask the rest: "
        "`pos = torch.arange(x.shape[1]); mask = pos < lengths[:, None]`; "
        "`capture_scalar_outputs = True` also removes the break")


class SizeFromTensor(ValueEvidenceCheck):
    code = "CL124"

    def visit_Call(self, node: cst.Call) -> None:
        found = self._sized_call(node)
        if found is None:
            return
        label, sizes = found
        if any(self.computed_in_graph(size) for size in sizes):
            self.report(node, f"{label} sized by a tensor value needs that value as a Python int: dynamo breaks "
                              "the graph (data-dependent operator) and the host waits for the device", help=HELP)

    def _sized_call(self, node: cst.Call) -> Optional[Tuple[str, List[cst.BaseExpression]]]:
        func = node.func
        name = self.ctx.resolve(func) or ""
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        if name.startswith("torch.") and name[6:] in TORCH_SIZED:
            first, end = TORCH_SIZED[name[6:]]
            label = f"`{name}`"
        elif isinstance(func, cst.Attribute) and func.attr.value in METHOD_SIZED and self.ctx.is_tensor(func.value):
            first, end = METHOD_SIZED[func.attr.value]
            label = f"`.{func.attr.value}()`"
        else:
            return None
        chosen = positional[first:end]
        if name == "torch.randint":  # randint(low, high, size): low and high are values, not sizes
            chosen = [a for a in positional if isinstance(a, (cst.Tuple, cst.List))]
        # sizes may come as one tuple or list: `torch.zeros((n, 3))`, `x.view((n, -1))`
        flat = [e.value for a in chosen if isinstance(a, (cst.Tuple, cst.List)) for e in a.elements]
        return label, flat + chosen
