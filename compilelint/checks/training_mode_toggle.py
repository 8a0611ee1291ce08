"""CL206: `.train()` and `.eval()` both called on one compiled module whose forward depends on the mode."""

from typing import Dict, List, Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import compiled_target, module_classes, reads_training_mode

HELP = ("expected once per mode: both graphs stay cached, so nothing to fix unless compile time matters; then "
        "compile the evaluation path separately (e.g. a second `torch.compile` of the model used only in eval "
        "mode) or run evaluation eagerly")

Key = int  # one per compiled module seen in the file


class TrainingModeToggle(Check):
    code = "CL206"
    in_functions_only = False
    anywhere = True

    def __init__(self, ctx):
        super().__init__(ctx)
        self.classes = module_classes(ctx.module)
        # per scope: name -> class built (`m = Net()`), and name -> compiled module key
        self.instances: List[Dict[str, str]] = [{}]
        self.compiled: List[Dict[str, Key]] = [{}]
        self.modes: Dict[Key, Set[bool]] = {}  # training modes set so far on each compiled module

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.instances.append({})
        self.compiled.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.instances.pop()
        self.compiled.pop()

    def _new_key(self) -> Key:
        self.modes[len(self.modes)] = set()
        return len(self.modes) - 1

    def _lookup(self, tables, name: str):
        for table in reversed(tables):
            if name in table:
                return table[name]
        return None

    def _class_of(self, expr: cst.BaseExpression) -> Optional[str]:
        """`Net(...)`, `Net().eval()`-like chains, or a name bound to one."""
        while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
                and expr.func.attr.value in ("train", "eval", "to", "cuda"):
            expr = expr.func.value
        if isinstance(expr, cst.Call):
            name = self.ctx.resolve(expr.func)
            return name if name in self.classes else None
        if isinstance(expr, cst.Name):
            return self._lookup(self.instances, expr.value)
        return None

    def leave_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            return
        name = node.targets[0].target.value
        self.compiled[-1].pop(name, None)
        self.instances[-1].pop(name, None)
        target = compiled_target(node.value, self.ctx.imports)
        class_name = self._class_of(target if target is not None else node.value)
        if class_name is None or not reads_training_mode(class_name, self.classes, self.ctx.imports):
            return
        self.instances[-1][name] = class_name
        if target is not None:
            key = self._new_key()
            self.compiled[-1][name] = key
            if isinstance(target, cst.Name):  # the original shares its mode with the compiled wrapper
                self.compiled[-1][target.value] = key

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return
        name, method = func.value.value, func.attr.value
        if method == "compile" and not node.args:  # `model.compile()` compiles in place
            if self._lookup(self.instances, name) is not None:
                self.compiled[-1][name] = self._new_key()
            return
        mode = _mode(method, node)
        key = self._lookup(self.compiled, name)
        if mode is None or key is None:
            return
        modes = self.modes[key]
        if modes and mode not in modes:
            self.report(node, f"`{name}` is compiled and its forward depends on the training mode: switching it to "
                              f"{'training' if mode else 'eval'} mode here makes the guard `self.training == "
                              f"{not mode}` fail, so the next call recompiles (once; both graphs stay cached)",
                        help=HELP)
        modes.add(mode)


def _mode(method: str, call: cst.Call) -> Optional[bool]:
    if method == "eval" and not call.args:
        return False
    if method == "train":
        if not call.args:
            return True
        value = call.args[0].value
        if isinstance(value, cst.Name) and value.value in ("True", "False"):
            return value.value == "True"
    return None
