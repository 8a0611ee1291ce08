"""CL144: `copy.deepcopy` / `copy.copy` of a tensor, or of a module, in compiled code; `dataclasses.asdict` /
`astuple` of a dataclass holding a tensor, which deep-copy each field."""

from typing import Dict, Optional, Set

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.checks._calls import imported_name
from compilelint.findings import Applicability
from compilelint.rewrites import bare_code, code, is_atomic
from compilelint.tensors import is_self_attr

HELP = "use `t.clone()` (or `t.detach().clone()`), which dynamo traces"
MODULE_HELP = ("copy the module once outside compiled code (in `__init__`), or pass what differs per call instead "
               "of changing a copy (`F.cross_entropy(..., reduction=\"none\")`)")
DATACLASS_HELP = ("read the fields without copying them: `{f.name: getattr(out, f.name) for f in "
                  "dataclasses.fields(out)}`")
# these deep-copy every field that is no dataclass, list, tuple or dict (a tensor: GB4198 on 2.13)
DATACLASS_COPIES = frozenset({"dataclasses.asdict", "dataclasses.astuple"})
# torch.nn names that are tensors or functions, not modules
NOT_MODULES = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.Buffer"})


class CopyTensor(Check):
    code = "CL144"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # parameters annotated with a torch.nn module class (`loss_fn: nn.Module`), by name
        self.module_params: Dict[str, str] = {}
        # locals bound to an instance of one of this file's dataclasses built with a tensor argument
        self.dataclasses_of_tensors: Set[str] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if len(self.ctx.frames) == 1:
            self.module_params = {}
            self.dataclasses_of_tensors = set()
        params = node.params
        for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
            declared = self.ctx.resolve(param.annotation.annotation) if param.annotation is not None else None
            if _module_class(declared):
                self.module_params[param.name.value] = declared
            else:
                self.module_params.pop(param.name.value, None)

    def leave_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self.module_params.pop(target.target.value, None)
                self.dataclasses_of_tensors.discard(target.target.value)
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and self._dataclass_of_tensors(node.value):
            self.dataclasses_of_tensors.add(node.targets[0].target.value)

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func)
        if name in DATACLASS_COPIES and node.args and node.args[0].keyword is None \
                and self._dataclass_of_tensors(node.args[0].value):
            self.report(node, f"`{name}()` deep-copies every field of the dataclass, a tensor too: the graph breaks "
                              "here", pattern="deepcopy", help=DATACLASS_HELP)
            return
        if name not in ("copy.deepcopy", "copy.copy") or not node.args or node.args[0].keyword is not None:
            return
        copied = node.args[0].value
        if self.ctx.is_tensor(copied):
            pattern = name.rsplit(".", 1)[-1]
            self.report(node, f"`{name}()` of a tensor in compiled code breaks the graph", pattern=pattern, help=HELP,
                        fix=self._clone(node) if pattern == "deepcopy" else None)
        elif self._module(copied):
            self.report(node, f"`{name}()` of a module in compiled code breaks the graph: dynamo skips the module's "
                              "`__setstate__` (and cannot deep-copy its parameters)", pattern="module",
                        help=MODULE_HELP)

    def _dataclass_of_tensors(self, expr: cst.BaseExpression) -> bool:
        """`Output(hidden=h)` with `Output` a dataclass of this file and some argument a tensor, or a local bound to
        one."""
        if isinstance(expr, cst.Name):
            return expr.value in self.dataclasses_of_tensors
        if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)):
            return False
        info = self.ctx.facts.classes.get(expr.func.value)
        frame = self.ctx.frame
        return info is not None and info.dataclass_init and (frame is None or expr.func.value not in frame.env) \
            and any(self.ctx.is_tensor(arg.value) for arg in expr.args if not arg.star)

    def _module(self, expr: cst.BaseExpression) -> bool:
        """An `nn` module: a parameter annotated with one, or a submodule of self built from one in __init__."""
        if isinstance(expr, cst.Name):
            return expr.value in self.module_params
        attr = is_self_attr(expr)
        frame = self.ctx.frame
        return attr is not None and frame is not None and frame.cls is not None \
            and _module_class(frame.cls.submodules.get(attr))

    def _clone(self, node: cst.Call):
        """`copy.deepcopy(t)` -> `t.clone()`: new storage with the same values, traced by dynamo."""
        if len(node.args) != 1 or node.args[0].star:
            return None  # a memo dict
        tensor = node.args[0].value
        text = code(self.ctx, tensor) if is_atomic(tensor) else f"({bare_code(self.ctx, tensor)})"
        return FixSpec(Applicability.UNSAFE, "copy it with `.clone()`", ((node, f"{text}.clone()"),))


def _module_class(name: Optional[str]) -> bool:
    """`torch.nn.Module`, `torch.nn.CrossEntropyLoss`...: a class of torch.nn's (capitalized), not a tensor."""
    if name is None or not name.startswith("torch.nn.") or name in NOT_MODULES:
        return False
    return name.rsplit(".", 1)[-1][:1].isupper() and not name.startswith("torch.nn.functional.")
