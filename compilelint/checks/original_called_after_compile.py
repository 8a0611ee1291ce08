"""CL302: `compiled = torch.compile(model)` and then `model(...)` called: the uncompiled original runs."""

from typing import Dict, List

import libcst as cst

from compilelint.check import Check


class OriginalCalledAfterCompile(Check):
    code = "CL302"
    in_functions_only = False
    anywhere = True

    def __init__(self, ctx):
        super().__init__(ctx)
        # original name -> compiled name: module level first, then one table per enclosing function
        self.scopes: List[Dict[str, str]] = [{}]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.pop()

    def leave_Assign(self, node: cst.Assign) -> None:
        # recorded after the statement: `model = torch.compile(model)` rebinds the name, nothing to flag
        scope = self.scopes[-1]
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                scope.pop(target.target.value, None)  # `model = Other()`: a new object, not the original
        value = node.value
        if not (isinstance(value, cst.Call) and value.args and self.ctx.resolve(value.func) == "torch.compile"):
            return
        original, target = value.args[0].value, node.targets[0].target
        if len(node.targets) == 1 and isinstance(original, cst.Name) and isinstance(target, cst.Name) \
                and target.value != original.value:
            scope[original.value] = target.value

    def visit_Call(self, node: cst.Call) -> None:
        if not isinstance(node.func, cst.Name):
            return
        name = node.func.value
        for scope in reversed(self.scopes):
            if name in scope:
                compiled = scope[name]
                self.report(node, f"`{name}` was compiled into `{compiled}`, but the original is called here: "
                                  "this call runs eagerly", help=f"call `{compiled}(...)`, or compile in place with "
                                                                 f"`{name}.compile()`")
                return
