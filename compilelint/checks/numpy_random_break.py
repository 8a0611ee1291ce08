"""CL156: numpy randomness dynamo cannot trace: RNG objects, `np.random` functions torch._numpy lacks,
and scalar draws (which need their value in Python). All measured on 2.13."""

from __future__ import annotations

from typing import Dict, List, Optional

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name, keyword
from compilelint.engine import nested_statements

# numpy.random classes: constructing one or calling its methods is an unsupported call (GB0156)
SEED_CLASS = "SeedSequence"
GENERATOR_CLASSES = frozenset({"Generator", "RandomState", "BitGenerator", "PCG64", "PCG64DXSM", "MT19937",
                               "Philox", "SFC64"})
# functions returning a Generator: unsupported functions themselves (GB0294), their result an RNG object
GENERATOR_FACTORIES = frozenset({"default_rng"})
# torch._numpy.random's API: traced onto torch's RNG (CL155's business) unless they draw one Python scalar
TRACED = frozenset({"seed", "random_sample", "sample", "random", "rand", "randn", "normal", "choice", "randint",
                    "shuffle", "uniform"})
# where the `size` argument sits: without it the draw is a Python scalar, read with `.item()` (GB0033)
SIZE_POSITION = {"random_sample": 0, "sample": 0, "random": 0, "uniform": 2, "normal": 2, "randint": 2}
HELP = ("draw with torch instead (`torch.randn`, `torch.rand(()).uniform_(a, b)`, `torch.randperm`, a "
        "`torch.Generator` made outside), or draw the numbers outside the compiled region and pass them in")


def _numpy_random(ctx, func: cst.BaseExpression) -> Optional[str]:
    """`default_rng` for `np.random.default_rng` / `from numpy.random import default_rng`; else None."""
    name = imported_name(ctx, func) or ""
    module, _, function = name.rpartition(".")
    return function if module == "numpy.random" else None


def draws_a_scalar(function: str, call: cst.Call) -> bool:
    """`np.random.uniform(0.9, 1.1)`, `np.random.rand()`: one Python number, not an array."""
    if any(arg.star for arg in call.args):
        return False  # `rand(*x.shape)`: a size we cannot count
    positional = [arg for arg in call.args if arg.keyword is None]
    if function in ("rand", "randn"):
        return not call.args
    if function == "choice":
        return True  # data-dependent even with a size (measured)
    position = SIZE_POSITION.get(function)
    if position is None:
        return False
    size = keyword(call, "size")
    if size is not None:
        return isinstance(size, cst.Name) and size.value == "None"
    return len(positional) <= position


class NumpyRandomBreak(Check):
    code = "CL156"
    in_functions_only = False  # module-level RNG objects (`RNG = np.random.default_rng(0)`) are tracked

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._module_objects: Dict[str, str] = {}  # module name -> class of the RNG object bound to it
        self._class_objects: Dict[str, Dict[str, str]] = {}  # class -> `self.attr` set in __init__ -> class
        self._scopes: List[Dict[str, str]] = []

    def rng_object(self, call: cst.Call) -> Optional[str]:
        """The numpy.random class a call builds (`Generator` for `default_rng`), or None."""
        function = _numpy_random(self.ctx, call.func)
        if function == SEED_CLASS or function in GENERATOR_CLASSES:
            return function
        return "Generator" if function in GENERATOR_FACTORIES else None

    def _object_class(self, expr: cst.BaseExpression) -> Optional[str]:
        if isinstance(expr, cst.Name):
            if self._scopes and expr.value in self._scopes[-1]:
                return self._scopes[-1][expr.value]
            frame = self.ctx.frame
            if frame is not None and expr.value in frame.env:
                return None  # a parameter or local hiding the module name
            return self._module_objects.get(expr.value)
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self":
            frame = self.ctx.frame
            if frame is not None and frame.cls is not None:
                return self._class_objects.get(frame.cls.name, {}).get(expr.attr.value)
        return None

    # -- bindings ---------------------------------------------------------------------------------
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        for statement in node.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == "__init__":
                self._class_objects[node.name.value] = self._self_objects(statement)

    def _self_objects(self, init: cst.FunctionDef) -> Dict[str, str]:
        found: Dict[str, str] = {}
        stack: List[cst.CSTNode] = [init.body]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.SimpleStatementLine):
                for small in node.body:
                    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call):
                        made = self.rng_object(small.value)
                        for target in small.targets:
                            t = target.target
                            if made and isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) \
                                    and t.value.value == "self":
                                found[t.attr.value] = made
            elif isinstance(node, (cst.IndentedBlock, cst.If, cst.For, cst.While, cst.With, cst.Try, cst.Else)):
                stack.extend(nested_statements(node))
        return found

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._scopes.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._scopes.pop()

    def leave_Assign(self, node: cst.Assign) -> None:
        made = self.rng_object(node.value) if isinstance(node.value, cst.Call) else None
        bound = self._scopes[-1] if self._scopes else self._module_objects
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                if made:
                    bound[target.target.value] = made
                else:
                    bound.pop(target.target.value, None)

    # -- findings ---------------------------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.frame is None:
            return
        function = _numpy_random(self.ctx, node.func)
        if function is not None:
            self._numpy_random_call(node, function)
            return
        func = node.func
        if isinstance(func, cst.Attribute):
            owner = self._object_class(func.value)
            if owner is None:
                return
            method = func.attr.value
            if owner == SEED_CLASS and method == "generate_state":
                self.report(node, f"`SeedSequence.generate_state()` in compiled code breaks the graph (dynamo "
                                  "skips numpy's C code)", pattern="seed-state", help=HELP)
            else:
                self.report(node, f"`{owner}.{method}()` in compiled code breaks the graph: dynamo cannot call "
                                  "methods of numpy's random generators", pattern="object-method", help=HELP)

    def _numpy_random_call(self, node: cst.Call, function: str) -> None:
        if function == SEED_CLASS or function in GENERATOR_CLASSES:
            self.report(node, f"`np.random.{function}(...)` in compiled code breaks the graph: dynamo cannot "
                              "build numpy's random generators", pattern="object", help=HELP)
        elif function in TRACED:
            if draws_a_scalar(function, node):
                what = "picks its values on the host" if function == "choice" else "draws one Python number"
                self.report(node, f"`np.random.{function}()` {what}: dynamo traces it onto torch's RNG and then "
                                  "reads the value back, so the graph breaks here (data-dependent operator)",
                            pattern="scalar", help=HELP)
        elif function[:1].islower():
            self.report(node, f"`np.random.{function}()` is not in torch's numpy API: dynamo cannot trace it, "
                              "so the graph breaks here", pattern="unsupported", help=HELP)
