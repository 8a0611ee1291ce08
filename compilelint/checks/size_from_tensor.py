"""CL124: a factory (`arange`, `zeros`, `ones`, ...) whose size is a tensor value (`torch.arange(t.max())`)."""

import libcst as cst

from compilelint.checks._value_evidence import ValueEvidenceCheck

# factory -> how many leading positional arguments are sizes (None: all of them)
SIZED_FACTORIES = {
    "arange": None, "zeros": None, "ones": None, "empty": None, "rand": None, "randn": None,
    "full": 1, "linspace": 3, "eye": 2, "randperm": 1,
}
HELP = ("size it with Python ints (a static maximum such as `x.shape[1]`) and mask the rest: "
        "`pos = torch.arange(x.shape[1]); mask = pos < lengths[:, None]`; "
        "`capture_scalar_outputs = True` also removes the break")


class SizeFromTensor(ValueEvidenceCheck):
    code = "CL124"

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.resolve(node.func) or ""
        if not name.startswith("torch.") or name[6:] not in SIZED_FACTORIES:
            return
        limit = SIZED_FACTORIES[name[6:]]
        sizes = [a.value for a in node.args if a.keyword is None and not a.star][:limit]
        if name[6:] == "linspace":
            sizes = sizes[2:]  # start and end may be tensors; only `steps` sizes the output
        # `torch.zeros((n, 3))`: the sizes may come as one tuple or list
        sizes = [e.value for s in sizes for e in (s.elements if isinstance(s, (cst.Tuple, cst.List)) else [])] + sizes
        if any(self.proven_tensor(size) for size in sizes):
            self.report(node, f"`{name}` sized by a tensor value needs that value as a Python int: dynamo "
                              "breaks the graph (data-dependent operator) and the host waits for the device",
                        help=HELP)
