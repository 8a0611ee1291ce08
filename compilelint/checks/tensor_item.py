"""CL111: `.item()`, `int(t)`, `float(t)`, `bool(t)`: a tensor turned into a Python scalar."""

from typing import Dict, List, Optional, Set

import libcst as cst
import libcst.matchers as m

from compilelint.check import Check, FixSpec
from compilelint.checks._calls import builtin_name
from compilelint.checks._value_evidence import type_tested_names
from compilelint.engine import child_nodes
from compilelint.findings import Applicability
from compilelint.rewrites import bare_code, code, is_atomic, is_boolean_tensor
from compilelint.tensors import ALWAYS, NOT_TENSOR, STRING_LITERALS, TENSOR

HELP = ("keep the value as a 0-d tensor and use tensor ops on it (`x / t` instead of `x / t.item()`); "
        "if the scalar is truly needed, compute it outside the compiled region, or set "
        "`torch._dynamo.config.capture_scalar_outputs = True` (conditions on it still break)")
CONVERSIONS = {"int", "float", "bool"}
# numpy functions whose result is no data of the array (`int(np.shape(a)[0])` reads no element)
ARRAY_METADATA = frozenset({"numpy.shape", "numpy.ndim", "numpy.size", "numpy.result_type", "numpy.iinfo",
                            "numpy.finfo"})
# ops whose multiplier is a Python number: a tensor there is read on the host (GB0033, measured on 2.13; the
# in-place `x.add_(y, alpha=t)` compiles and is left out)
SCALAR_ARGUMENTS = {"torch.add": "alpha", "torch.sub": "alpha", "torch.subtract": "alpha", "torch.addcmul": "value",
                    "torch.addcdiv": "value"}
SCALAR_ARGUMENT_METHODS = {"add": "alpha", "sub": "alpha", "subtract": "alpha", "addcmul": "value",
                           "addcdiv": "value"}
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)
# integer-valued results: `int()` of them is the value itself, so the tensor can stand in for it
INTEGER_RESULTS = frozenset("argmax argmin count_nonzero long int short numel bucketize searchsorted".split())
# numpy reductions: given a Python list or tuple of numbers (a shape included), trace_numpy turns the sequence into an
# array, so the result is a 0-d tensor of the graph (`int(np.prod(x.shape[1:]))`, pytorch-pretrained-vit's
# `int(x.size(-1) / -np.prod(shape))`: GB0033 on 2.13), where `np.sqrt(n)` of one number folds to a constant
NUMPY_REDUCTIONS = frozenset(f"numpy.{name}" for name in "prod product sum mean max min amax amin".split())
FIX_MESSAGE = "keep the 0-d tensor: its value only feeds tensor arithmetic"
# where the code cannot keep the tensor: the global flag, shown and never written
CONFIG_HINT = FixSpec(Applicability.DISPLAY_ONLY, "or set `torch._dynamo.config.capture_scalar_outputs = True` "
                      "before compiling (conditions on the value still break; compilelint never writes it)")


class _Uses:
    """Parents and name occurrences of one function, computed once when a fix first needs them."""

    def __init__(self, function: cst.FunctionDef) -> None:
        self.parent: Dict[int, cst.CSTNode] = {}
        self.names: Dict[str, List[cst.Name]] = {}
        stack: List[cst.CSTNode] = [function]
        while stack:
            node = stack.pop()
            for child in node.children:
                self.parent[id(child)] = node
                stack.append(child)
            if isinstance(node, cst.Name):
                self.names.setdefault(node.value, []).append(node)


class TensorItem(Check):
    code = "CL111"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.function: Optional[cst.FunctionDef] = None
        self.uses: Optional[_Uses] = None
        self.arithmetic_operands: Set[int] = set()  # calls that are an operand of tensor arithmetic
        self.in_conditions: Set[int] = set()  # calls inside an if/while/ternary test: break even when captured
        # annotated parameters -> the function they belong to: one whose type that function tests (`alpha:
        # Union[float, Tensor]` with `if isinstance(alpha, float):`) is converted where it is the float
        self.annotated: Dict[str, cst.FunctionDef] = {}
        self.type_tested: Dict[int, Set[str]] = {}  # by id of the function: read only when a conversion asks
        # local names bound to a numpy array computed from a tensor (`p = t.cpu().numpy()`, `np.cumsum(p)`): dynamo
        # traces them as tensors, so reading their data back into a Python number breaks like `.item()`
        self.traced_arrays: Set[str] = set()
        self.sequences: Set[str] = set()  # local names bound to a list or tuple display, `list(...)` or `tuple(...)`

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if len(self.ctx.frames) == 1:
            self.function, self.uses = node, None
            self.annotated, self.type_tested = {}, {}
            self.traced_arrays = set()
        params = node.params
        for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
            self.sequences.discard(param.name.value)
            if param.annotation is not None:
                self.annotated[param.name.value] = node
            else:
                self.annotated.pop(param.name.value, None)

    def leave_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                traced = len(node.targets) == 1 and self._traced_array(node.value)
                (self.traced_arrays.add if traced else self.traced_arrays.discard)(target.target.value)
                sequence = len(node.targets) == 1 and self._built_sequence(node.value)
                (self.sequences.add if sequence else self.sequences.discard)(target.target.value)

    def _built_sequence(self, expr: cst.BaseExpression) -> bool:
        """A list or tuple display, `list(...)` or `tuple(...)`."""
        if isinstance(expr, (cst.List, cst.Tuple, cst.ListComp)):
            return True
        return isinstance(expr, cst.Call) and builtin_name(self.ctx, expr.func) in ("list", "tuple")

    def _python_sequence(self, expr: cst.BaseExpression) -> bool:
        """A list or tuple this function built (or a name bound to one), or a shape: `x.shape[1:]`, `x.size()`."""
        if isinstance(expr, cst.Name):
            return expr.value in self.sequences
        if isinstance(expr, cst.Subscript):
            expr = expr.value  # a slice of a shape is a shape
        if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
            return True
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "size":
            return not expr.args and self.ctx.kind(expr.func.value) != NOT_TENSOR
        return self._built_sequence(expr)

    def _traced_array(self, expr: cst.BaseExpression) -> bool:
        """Whether `expr` is data of a numpy array computed from a tensor: `t.numpy()`, an array name bound to one,
        its elements, arithmetic on it, its methods and numpy functions of it (not `np.random`, which breaks and
        returns an eager value, nor its shape)."""
        if isinstance(expr, cst.Name):
            return expr.value in self.traced_arrays
        if isinstance(expr, cst.Subscript):
            return self._traced_array(expr.value)
        if isinstance(expr, (cst.BinaryOperation, cst.Comparison)):
            sides = [expr.left, expr.right] if isinstance(expr, cst.BinaryOperation) else \
                [expr.left] + [c.comparator for c in expr.comparisons]
            return any(self._traced_array(side) for side in sides)
        if isinstance(expr, cst.UnaryOperation):
            return self._traced_array(expr.expression)
        if isinstance(expr, cst.Attribute):
            return expr.attr.value == "T" and self._traced_array(expr.value)
        if not isinstance(expr, cst.Call):
            return False
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value == "numpy" and not expr.args:
            return self._from_tensor(func.value)
        if isinstance(func, cst.Attribute) and self._traced_array(func.value):
            return func.attr.value not in ("tolist", "item")  # those already made Python values
        name = self.ctx.resolve(func) or ""
        if name in NUMPY_REDUCTIONS and expr.args and expr.args[0].keyword is None \
                and self._python_sequence(expr.args[0].value):
            return True
        if name.startswith("numpy.") and not name.startswith("numpy.random.") and name not in ARRAY_METADATA:
            return any(self._traced_array(arg.value) or self._graph_tensor(arg.value)
                       for arg in expr.args if arg.keyword is None)
        return False

    def _graph_tensor(self, expr: cst.BaseExpression) -> bool:
        """A tensor of the graph by the kinds (`x > 0` of a tensor, a parameter annotated `np.ndarray`), no input
        only assumed a tensor in it: a numpy function of one is traced, its result an array of the graph."""
        return self._graph_formula(expr) == ALWAYS

    def _graph_formula(self, expr: cst.BaseExpression) -> tuple:
        """When `expr` is a tensor of the graph (tensors.Formula, on project facts where a helper of another file
        returns it: `m = region_map(...)` annotated `-> np.ndarray`), () where an input only assumed one is in it."""
        if any(self.ctx.is_raw_param(name) for name in m.findall(expr, m.Name())):
            return ()
        return self.ctx.tensor_formula(expr)

    def _numpy_of_graph(self, expr: cst.BaseExpression) -> tuple:
        """When `expr` is a numpy function (not np.random's, nor metadata) of a tensor of the graph as its first
        argument (_graph_formula): traced, an array of the graph."""
        if not isinstance(expr, cst.Call) or not expr.args or expr.args[0].keyword is not None or expr.args[0].star:
            return ()
        name = self.ctx.resolve(expr.func) or ""
        if not name.startswith("numpy.") or name.startswith("numpy.random.") or name in ARRAY_METADATA:
            return ()
        return self._graph_formula(expr.args[0].value)

    def _from_tensor(self, expr: cst.BaseExpression) -> bool:
        """The receiver of `.numpy()`: a tensor, or a chain of tensor methods on one (`t.detach().cpu()`)."""
        while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            if self.ctx.kind(expr) == TENSOR:
                return True
            expr = expr.func.value
        return self.ctx.kind(expr) == TENSOR

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, ARITHMETIC):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(side, cst.Call) and self.ctx.kind(other) == TENSOR:
                    self.arithmetic_operands.add(id(side))

    def visit_If(self, node) -> None:
        # with capture_scalar_outputs the conversion is captured, but branching on the value breaks (GB0170)
        stack = [node.test]
        while stack:
            current = stack.pop()
            if isinstance(current, cst.Call):
                self.in_conditions.add(id(current))
            stack.extend(child_nodes(current))

    visit_While = visit_IfExp = visit_If

    def visit_Comparison(self, node: cst.Comparison) -> None:
        # `elem in t` is Tensor.__contains__: `(elem == t).any().item()` (HF's `0 in attention_mask`)
        left = node.left
        for target in node.comparisons:
            element, left = left, target.comparator
            if isinstance(target.operator, (cst.In, cst.NotIn)) and not isinstance(element, STRING_LITERALS):
                # a string searched for: Tensor.__contains__ raises on one, so what is searched is a dict or a list
                formula = self.ctx.tensor_formula(target.comparator)
                if formula and self._assumed_parameter(target.comparator) and not self._element_of_a_tensor(element):
                    formula = ()  # `"labels" in batch`: a forward parameter assumed a tensor is as often a dict
                if formula:
                    self.report(node, "`in` on a tensor calls `.item()` on the membership test: a graph break and a "
                                      "device sync", pattern="contains", requires_tensor=formula,
                                help="keep the answer a tensor: `(t == value).any()` (combine it with `torch.where` "
                                     "or tensor arithmetic instead of a Python `if`), or decide outside the compiled "
                                     "region", skips_frame=True)
                    return

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        self._check_scalar_argument(node)
        self._check_assert_condition(node)
        self._check_float_mean(node)
        pattern = "condition" if id(node) in self.in_conditions else "default"
        if isinstance(func, cst.Attribute) and func.attr.value == "item" and not node.args:
            if self.ctx.kind(func.value) != NOT_TENSOR:
                self.report(node, "`.item()` copies a tensor to a Python scalar: a graph break and a device sync",
                            pattern=pattern, help=HELP, fix=self._keep_tensor(node, func.value) or CONFIG_HINT)
            return
        if isinstance(func, cst.Attribute) and len(node.args) == 1 and not node.args[0].keyword \
                and self.ctx.resolve(func) == "torch.Tensor.item":  # the unbound method: torch.Tensor.item(t)
            if self.ctx.kind(node.args[0].value) != NOT_TENSOR:
                self.report(node, "`.item()` copies a tensor to a Python scalar: a graph break and a device sync",
                            pattern=pattern, help=HELP, fix=CONFIG_HINT)
            return
        if len(node.args) == 1 and not node.args[0].keyword and (
                isinstance(func, cst.Name) or isinstance(func, cst.Attribute) and func.attr.value == "index"):
            name = self.ctx.resolve(func)
            spelled = name
            if name == "operator.index":  # Tensor.__index__: `.item()` of an integer tensor, as int() (GB0124)
                name = "int"
            value = node.args[0].value
            # a tensor here, or wherever the callers of this function pass tensors (`t0 = float(t0)`)
            formula = self.ctx.tensor_formula(value) if name in CONVERSIONS else ()
            if formula and formula != ALWAYS and self._names_annotated_parameter(value):
                formula = ()  # callers pass tensors, but a type test of the annotated value may convert only floats
            if formula != ALWAYS and name in ("int", "float") and self._differentiated_local(value):
                formula = ALWAYS
            if formula:
                keeps_value = name == "float" or (name == "int" and self._integer_valued(value))
                self.report(node, f"`{spelled}()` of a tensor calls `.item()`: a graph break and a device sync",
                            pattern=pattern, help=HELP,
                            fix=(self._keep_tensor(node, value) if keeps_value else None) or CONFIG_HINT,
                            requires_tensor=formula)
            elif name in ("int", "float"):  # rwkv's sampler on `probs.numpy()`, np.count_nonzero(m == s)
                formula = ALWAYS if self._traced_array(value) else self._numpy_of_graph(value)
                if formula:
                    self.report(node, f"`{spelled}()` of a numpy array's value reads its data: dynamo traces the array "
                                      "as a tensor, so the graph breaks here (data-dependent operator)",
                                pattern="array", help=HELP, requires_tensor=formula)

    def _assumed_parameter(self, expr: cst.BaseExpression) -> bool:
        """`expr` is, or is read from, a forward parameter whose tensor kind is only assumed (`batch["x"]`); not a
        read that slices along a second axis (`ids[:, -1]`): no dict or list takes one, only an array does."""
        while isinstance(expr, (cst.Subscript, cst.Attribute)):
            if isinstance(expr, cst.Subscript) and len(expr.slice) > 1 \
                    and any(isinstance(element.slice, cst.Slice) for element in expr.slice):
                return False
            expr = expr.value
        return self.ctx.is_raw_param(expr)

    def _element_of_a_tensor(self, expr: cst.BaseExpression) -> bool:
        """What only a tensor is searched for: a number (`0 in mask`, `-1 in ids`) or a tensor."""
        if isinstance(expr, cst.UnaryOperation):
            expr = expr.expression
        return isinstance(expr, (cst.Integer, cst.Float)) or self.ctx.kind(expr) == TENSOR

    def _check_assert_condition(self, node: cst.Call) -> None:
        """`torch._assert(cond, msg)` (timm's `_assert`) with a tensor condition: dynamo reads the condition's
        value (GB0033); on a Python bool (a shape check) it compiles."""
        func = node.func
        spelled = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        if "assert" not in spelled or not node.args or node.args[0].keyword or self.ctx.resolve(func) != "torch._assert":
            return  # resolving every call costs: only a name that says assert can be torch._assert or its alias
        formula = self.ctx.tensor_formula(node.args[0].value)
        if formula:
            self.report(node, "`torch._assert` on a tensor condition reads the tensor's value on the host: the graph "
                              "breaks here (data-dependent operator)", pattern="assert", requires_tensor=formula,
                        help="use `torch._assert_async(cond, msg)`, which checks the tensor on the device, or "
                             "`assert cond, msg` (dynamo turns it into a runtime check)")

    def _check_float_mean(self, node: cst.Call) -> None:
        """`statistics.fmean(norms)` over tensors (0-d norms appended to a list, a tensor's rows): it sums them with
        `math.fsum`, converting each to a Python float (GB0033, measured on 2.13)."""
        func = node.func
        frame = self.ctx.frame
        if not node.args or node.args[0].keyword or node.args[0].star or frame is None \
                or not (isinstance(func, cst.Name) and func.value == "fmean"
                        or isinstance(func, cst.Attribute) and func.attr.value == "fmean") \
                or self.ctx.resolve(func) != "statistics.fmean":
            return  # resolving every call costs: only a name that says fmean can be it
        if self.ctx.inference.iteration_kind(node.args[0].value, frame.env, frame.cls) is TENSOR:
            self.report(node, "`statistics.fmean` of tensors converts each one to a Python float: the graph breaks "
                              "here (data-dependent operator) and the host waits for the device", pattern="statistics",
                        help="average on the device: `torch.stack(values).mean()`")

    def _check_scalar_argument(self, node: cst.Call) -> None:
        """`torch.add(a, b, alpha=t)`, `x.sub(y, alpha=t)`, `torch.addcmul(a, b, c, value=t)` with `t` a tensor."""
        func = node.func
        keyword_name = SCALAR_ARGUMENTS.get(self.ctx.resolve(func) or "")
        if keyword_name is None and isinstance(func, cst.Attribute) and self.ctx.kind(func.value) == TENSOR:
            keyword_name = SCALAR_ARGUMENT_METHODS.get(func.attr.value)
        if keyword_name is None:
            return
        argument = next((arg.value for arg in node.args if arg.keyword and arg.keyword.value == keyword_name), None)
        if argument is not None and self.ctx.kind(argument) == TENSOR:
            self.report(node, f"`{keyword_name}=` takes a Python number: a tensor there is read on the host, so the "
                              "graph breaks here (data-dependent operator)", pattern="scalar-argument",
                        help=f"multiply instead: `a + t * b` for `torch.add(a, b, {keyword_name}=t)`, or pass a "
                             "Python number")

    def _names_annotated_parameter(self, expr: cst.BaseExpression) -> bool:
        stack: List[cst.CSTNode] = [expr]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Name) and node.value in self.annotated:
                function = self.annotated[node.value]
                if id(function) not in self.type_tested:
                    self.type_tested[id(function)] = type_tested_names(function)
                if node.value in self.type_tested[id(function)]:
                    return True
            stack.extend(child_nodes(node))
        return False

    def _integer_valued(self, value: cst.BaseExpression) -> bool:
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)):
            return False
        method = value.func.attr.value
        return method in INTEGER_RESULTS or (method == "sum" and not value.args
                                             and is_boolean_tensor(self.ctx, value.func.value))

    def _keep_tensor(self, call: cst.Call, tensor: cst.BaseExpression) -> Optional[FixSpec]:
        if not self.ctx.is_tensor(tensor):
            return None  # `.item()` of something we cannot type is flagged, but only a tensor can stay one
        if id(call) not in self.arithmetic_operands and not self._assigned_for_arithmetic(call):
            return None
        text = code(self.ctx, tensor) if is_atomic(tensor) else f"({bare_code(self.ctx, tensor)})"
        return FixSpec(Applicability.UNSAFE, FIX_MESSAGE, ((call, text),))

    def _assigned_for_arithmetic(self, call: cst.Call) -> bool:
        """`name = <call>` where `name` is bound once and every use is an operand of arithmetic that
        reaches a tensor operand (`x / name`, `x * (name + 1)`)."""
        statements = self.ctx.statements
        line = statements[-1] if statements else None
        if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and isinstance(line.body[0], cst.Assign)):
            return False
        assign = line.body[0]
        if assign.value is not call or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return False
        if self.function is None:
            return False
        if self.uses is None:
            self.uses = _Uses(self.function)
        target = assign.targets[0].target
        occurrences = [n for n in self.uses.names.get(target.value, ()) if n is not target]
        uses = [n for n in occurrences if not self._is_label(n)]
        return bool(uses) and all(self._feeds_tensor_arithmetic(n) for n in uses)

    def _differentiated_local(self, value: cst.BaseExpression) -> bool:
        """A local bound once whose `.backward()` the function calls: a loss, so a tensor (PyTorch-BigGraph's batch
        step logs `float(loss)` and then runs `loss.backward()`, held-out 86)."""
        if not isinstance(value, cst.Name) or self.function is None:
            return False
        if self.uses is None:
            self.uses = _Uses(self.function)
        bindings = differentiated = 0
        for occurrence in self.uses.names.get(value.value, ()):
            parent = self.uses.parent.get(id(occurrence))
            if isinstance(parent, (cst.AssignTarget, cst.Param)) or \
                    isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NameItem, cst.AsName)):
                bindings += 1
            elif isinstance(parent, cst.Attribute) and parent.value is occurrence and parent.attr.value == "backward":
                call = self.uses.parent.get(id(parent))
                differentiated += isinstance(call, cst.Call) and call.func is parent
        return bindings == 1 and differentiated > 0 and not self._is_parameter(value.value)

    def _is_parameter(self, name: str) -> bool:
        params = self.function.params
        return any(p.name.value == name for p in (*params.posonly_params, *params.params, *params.kwonly_params))

    def _is_label(self, name: cst.Name) -> bool:
        """An attribute name (`self.scale`) or a keyword (`f(scale=1)`): not the variable."""
        parent = self.uses.parent.get(id(name))
        return (isinstance(parent, cst.Attribute) and parent.attr is name) or \
            (isinstance(parent, cst.Arg) and parent.keyword is name)

    def _feeds_tensor_arithmetic(self, node: cst.CSTNode) -> bool:
        parent = self.uses.parent.get(id(node))
        while isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, ARITHMETIC):
            other = parent.right if parent.left is node else parent.left
            kind = self.ctx.kind(other)
            if kind == TENSOR:
                return True
            if not isinstance(other, (cst.Integer, cst.Float)):
                return False
            node, parent = parent, self.uses.parent.get(id(parent))
        return False
