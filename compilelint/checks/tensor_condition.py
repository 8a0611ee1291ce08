"""CL101: a tensor used as a Python truth value (if/while/ternary/and/or/not/comprehension filter)."""

import sys
from collections import Counter
from typing import Dict, Iterator, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.checks._value_evidence import type_tested
from compilelint.engine import GUARD_IS_COMPILING, child_nodes, names_in, optional_tensor
from compilelint.findings import Applicability
from compilelint.rewrites import bare_code, code, has_comments, is_boolean_tensor, is_pure, operand
from compilelint.tensors import ALWAYS, NOT_TENSOR, TENSOR, Maybe, bind_target, bound_names, tensor_method_names

# numpy functions whose result dynamo traces as an array (a tensor) whatever they are given, Python numbers and
# lists included (2.13, trace_numpy on: `if np.isnan(3.0):` branches on the traced array, GB0170; np.iinfo and
# np.issubdtype give Python values and compile: tests/dynamo_cases/data_flagged.py, data_must_not_flag.py)
NUMPY_ARRAY_RESULTS = frozenset(
    "all any isfinite isnan isinf isclose abs absolute sum prod mean amax amin max min count_nonzero".split())

HELP = ("keep the decision on the device: `torch.where(cond, a, b)`, `torch.cond(pred, f, g, args)`, "
        "a branchless form (`clamp`, `nan_to_num`), or `|`/`&`/`~` instead of `or`/`and`/`not`")


def _computed_message(msg: Optional[cst.BaseExpression]) -> bool:
    """Dynamo rewrites a tensor `assert` into a runtime check only when its message is a constant in the
    bytecode (LOAD_CONST): a name (a parameter, a global) is no constant, as a call or an f-string with fields."""
    if msg is None or isinstance(msg, (cst.SimpleString, cst.Integer, cst.Float)):
        return False
    if isinstance(msg, cst.ConcatenatedString):  # `f"got {m}" " and more"`: a constant only when every part is
        return _computed_message(msg.left) or _computed_message(msg.right)
    if isinstance(msg, cst.FormattedString):
        return any(isinstance(part, cst.FormattedStringExpression) for part in msg.parts)
    return True


def _jump_operands(test: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The parts of a tested expression Python jumps on: itself, what its `not`s negate, the operands of its
    `and`/`or`. A `not` among them is a jump (`if not t:`), one elsewhere computes a value (`y = not t`)."""
    yield test
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        yield from _jump_operands(test.expression)
    elif isinstance(test, cst.BooleanOperation):
        yield from _jump_operands(test.left)
        yield from _jump_operands(test.right)


def _strip_not(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
        expr = expr.expression
    return expr


def _flattened(op: cst.BaseExpression, newline: bool = False) -> List[Tuple[cst.BaseExpression, bool]]:
    """The operands of nested `and`/`or` in evaluation order, each without its `not`s, and whether a line
    break stands before it (in the whitespace around the operator that precedes it)."""
    op = _strip_not(op)
    if isinstance(op, cst.BooleanOperation):
        ws = (op.operator.whitespace_before, op.operator.whitespace_after)
        broken = any(isinstance(w, cst.ParenthesizedWhitespace) for w in ws)
        return _flattened(op.left, newline) + _flattened(op.right, broken)
    return [(op, newline)]


# Where a branch of a multi-line test is reported: Python 3.11 gives the jump of an `if`/`while`/`assert`
# test the statement's line, except after a comparison, whose line it keeps (dynamo reports `if (` for
# `if (\n a.any()\n or b.any()\n):`); 3.12 gives each jump its operand's line.
JUMPS_ON_OPERAND_LINES = sys.version_info >= (3, 12)


def _either(left: tuple, right: tuple) -> tuple:
    """Formulas (tensors.Formula) joined: a tensor when either is."""
    return ALWAYS if ALWAYS in (left, right) else tuple(sorted(set(left) | set(right)))


def _single_not(expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """X for `not X` (once, unparenthesized), else None."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not) and not expr.lpar:
        return expr.expression
    return None


def _only_statement(block: cst.BaseSuite) -> Optional[cst.BaseSmallStatement]:
    """The one small statement of a one-line indented block without comments."""
    if not isinstance(block, cst.IndentedBlock) or len(block.body) != 1:
        return None
    line = block.body[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or has_comments(line):
        return None
    return line.body[0]


def _assigned(statement: Optional[cst.BaseSmallStatement]):
    """(name, value) of `name = value`."""
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.targets[0].target, cst.Name):
        return statement.targets[0].target.value, statement.value
    return None


LITERAL_NAMES = {"None": None, "True": True, "False": False}


def _literal(expr: cst.BaseExpression) -> Tuple[bool, object]:
    """(whether it is a literal, its value): None/True/False, a number, a string."""
    if isinstance(expr, cst.Name) and expr.value in LITERAL_NAMES:
        return True, LITERAL_NAMES[expr.value]
    if isinstance(expr, (cst.Integer, cst.Float)):
        return True, expr.evaluated_value
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) \
            and isinstance(expr.expression, (cst.Integer, cst.Float)):
        return True, -expr.expression.evaluated_value
    if isinstance(expr, cst.SimpleString):
        return True, expr.evaluated_value
    return False, None


def _literal_defaults(node: cst.FunctionDef) -> Dict[str, object]:
    params = node.params
    out = {}
    for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
        is_literal, value = _literal(param.default) if param.default is not None else (False, None)
        if is_literal:
            out[param.name.value] = value
    return out


def _binding_counts(body: cst.CSTNode) -> Optional[Counter]:
    """How many assignments, loops, comprehensions, walruses or `as` clauses bind each name in `body`; None when
    it declares a global or nonlocal (then any name may change)."""
    counts: Counter = Counter()
    todo: List[cst.CSTNode] = [body]
    while todo:
        current = todo.pop()
        if isinstance(current, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)):
            counts.update(set(bound_names(current.target)))
        elif isinstance(current, cst.AsName):
            counts.update(set(bound_names(current.name)))
        elif isinstance(current, (cst.Global, cst.Nonlocal)):
            return None
        todo.extend(child_nodes(current))
    return counts


def _compares_by_value(pattern: cst.MatchPattern) -> bool:
    """`case 0:`, `case Color.RED:`, `case 0 | 1:`: a value pattern, alone or among alternatives."""
    if isinstance(pattern, cst.MatchValue):
        return True
    return isinstance(pattern, cst.MatchOr) and any(_compares_by_value(p.pattern) for p in pattern.patterns)


def _never_matches_a_tensor(pattern: cst.MatchPattern) -> bool:
    """Patterns a tensor fails without its data being read: `case None:` / `True` (an `is` test), a sequence (a tensor
    is no collections.abc.Sequence) and a mapping."""
    if isinstance(pattern, cst.MatchOr):
        return all(_never_matches_a_tensor(p.pattern) for p in pattern.patterns)
    return isinstance(pattern, (cst.MatchSingleton, cst.MatchSequence, cst.MatchMapping))


# Attributes only a tensor (or a numpy array, which dynamo traces as one) has among the values compared with
# numbers: reading one of a parameter says the caller passes a tensor, not a Python number.
TENSOR_ONLY_ATTRIBUTES = frozenset(("shape", "ndim", "dtype", "device"))


def _number_method(name: str) -> bool:
    return any(hasattr(number, name) for number in (int, float, complex))


def _read_as_tensor(function: cst.FunctionDef, name: str) -> bool:
    """`function`'s own body (nested defs and lambdas left out) reads a tensor-only attribute of `name`
    (`name.shape`, `name.size(0)`, `name.dim()`, a tensor method numbers lack) and never tests its type."""
    found, todo = False, list(child_nodes(function.body))
    while todo:
        current = todo.pop()
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if type_tested(current) == name:
            return False
        if isinstance(current, cst.Attribute) and isinstance(current.value, cst.Name) and current.value.value == name:
            attribute = current.attr.value
            found = found or attribute in TENSOR_ONLY_ATTRIBUTES or (
                attribute in tensor_method_names() and not _number_method(attribute))
        todo.extend(child_nodes(current))
    return found



def _compared_with_none(expr: cst.BaseExpression) -> bool:
    """`a == None` or `a != None` (either side), one comparison."""
    if not (isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1
            and isinstance(expr.comparisons[0].operator, (cst.Equal, cst.NotEqual))):
        return False
    return any(isinstance(side, cst.Name) and side.value == "None" for side in (expr.left, expr.comparisons[0].comparator))


def _same_operator_operands(expr: cst.BaseExpression, operator: type) -> List[cst.BaseExpression]:
    """The operands of `a or b or c` (one operator, unparenthesized nesting included)."""
    if isinstance(expr, cst.BooleanOperation) and isinstance(expr.operator, operator):
        return _same_operator_operands(expr.left, operator) + _same_operator_operands(expr.right, operator)
    return [expr]


def _at_default(test: cst.BaseExpression, defaults: Dict[str, object]) -> Tuple[Optional[str], Optional[bool]]:
    """(the parameter, the test's truth value) when `test` is `p`, `not p`, `p is None`, `p == "warn"`... of a
    parameter `p` with a literal default, evaluated at that default; (None, None) for anything else."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        name, value = _at_default(test.expression, defaults)
        return name, None if value is None else not value
    if isinstance(test, cst.Name) and test.value in defaults:
        return test.value, bool(defaults[test.value])
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name) \
            and test.left.value in defaults:
        is_literal, value = _literal(test.comparisons[0].comparator)
        default = defaults[test.left.value]
        operator = test.comparisons[0].operator
        if not is_literal:
            return None, None
        if isinstance(operator, cst.Is):
            return test.left.value, default is value if value is None or isinstance(value, bool) else None
        if isinstance(operator, cst.IsNot):
            return test.left.value, default is not value if value is None or isinstance(value, bool) else None
        if isinstance(operator, cst.Equal):
            return test.left.value, default == value
        if isinstance(operator, cst.NotEqual):
            return test.left.value, default != value
    return None, None


class TensorCondition(Check):
    code = "CL101"

    def __init__(self, ctx):
        super().__init__(ctx)
        # tests of if/while/ternaries: there the right operand of `and`/`or` is truth-tested too
        self.conditions = set()
        # (if/while statement, its whole test) of each test and `and`/`or` inside it, by id: where breaks are reported
        self.statements: Dict[int, Tuple[cst.CSTNode, cst.BaseExpression]] = {}
        # line indexes of each if/while statement's test already reported (by id of the statement)
        self.reported_lines: Dict[int, Set[int]] = {}
        self.elifs: Set[int] = set()
        # ids of the tested expressions Python jumps on (_jump_operands of every if/while/assert/ternary/filter test)
        self.jumps: Set[int] = set()
        # `all(...)`/`any(...)` over a comprehension, by id of each of its `for` clauses: (the call, its element)
        self.all_any: Dict[int, Tuple[cst.Call, cst.BaseExpression]] = {}
        # names assigned `python_value and tensor_condition`, per function: a tensor when the tensor side ran
        self.short_circuited: Dict[str, tuple] = {}  # name -> when it is a tensor (a tensors.Formula)
        # names assigned a boolean tensor, per function (for `ok = x > 0` ... `if ok:`)
        self.boolean_names: Dict[str, bool] = {}
        # parameters annotated `Optional[Tensor]` / `Tensor | None`, per function
        self.optional_tensors: Set[str] = set()
        # names assigned arithmetic of bare parameters and plain values (`rest = length % seq_len`), per function
        self.parameter_numbers: Set[str] = set()
        # parameters with a literal default (`max_fpr=None`, `zero_division=0.0`), per enclosing function
        self.option_defaults: List[Dict[str, object]] = []
        # (function node, how often each name is bound in its body, None after a global/nonlocal): _bindings
        self.rebound: Tuple[Optional[cst.CSTNode], Optional[Counter]] = (None, None)
        # (function node, its parameters read as tensors or not, by name): for _tensor_parameter
        self.tensor_parameters: Tuple[Optional[cst.CSTNode], Dict[str, bool]] = (None, {})

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if len(self.ctx.frames) == 1:  # a new top-level function (nested ones see their parent's names)
            self.boolean_names = {}
            self.short_circuited = {}
            self.optional_tensors = set()
            self.parameter_numbers = set()
        params = node.params
        for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
            if optional_tensor(param.annotation, self.ctx.imports):
                self.optional_tensors.add(param.name.value)
            else:
                self.optional_tensors.discard(param.name.value)
        self.option_defaults.append(_literal_defaults(node))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.option_defaults.pop()

    def leave_Assign(self, node: cst.Assign) -> None:
        assigned = _assigned(node)
        if assigned:
            name, value = assigned
            self.boolean_names[name] = is_boolean_tensor(self.ctx, value, self._booleans())
            # `ok = self.batch_first and mask[:, 0].all()`: a tensor whenever the Python operand lets it run
            last = _flattened(value)[-1][0] if isinstance(_strip_not(value), cst.BooleanOperation) else None
            formula = self._tensor_condition(last) if last is not None else ()
            if formula:
                self.short_circuited[name] = formula
            else:
                self.short_circuited.pop(name, None)
            if self._parameter_arithmetic(value) and self._unchanged_after(name):
                self.parameter_numbers.add(name)
            else:
                self.parameter_numbers.discard(name)

    def _booleans(self) -> Set[str]:
        return {name for name, boolean in self.boolean_names.items() if boolean}

    def _boolean(self, expr: cst.BaseExpression) -> bool:
        return is_boolean_tensor(self.ctx, expr, self._booleans())

    def _tensor_condition(self, expr: cst.BaseExpression) -> tuple:
        """When the expression is a tensor truth value (a tensors.Formula: () never, ALWAYS, or on facts about
        helpers' parameters and returns), unless its only tensors are bare parameters, or arithmetic of them
        (_parameter_arithmetic), compared with numbers (`if j > self.max_len:` in `forward(self, i, j)`, `elif
        length % seq_len == 1:` in a compiled `generate(self, prime, length)`: those are usually ints)."""
        if isinstance(expr, cst.Name) and expr.value in self.short_circuited:
            return self.short_circuited[expr.value]
        if isinstance(expr, cst.Name) and expr.value in self.optional_tensors and self._bare_parameter(expr):
            # `if mask:` for `mask: Optional[Tensor]`: meant as `is not None`, it reads the tensor whenever one
            # is passed (dynamo breaks; a tensor of several elements raises)
            return ALWAYS
        if self._reduced_to_one_truth_value(expr):
            return ALWAYS  # whatever the callers pass: only tensors and arrays have .any()/.all()
        if self._numpy_array(expr):
            return ALWAYS  # `not np.all(np.isfinite(p))`, `np.abs(p.sum()) < 1e-8`: dynamo traces the array
        if _compared_with_none(expr):
            return ()  # `t == None`, `t != None`: a tensor answers a plain bool without reading its data
        if self.ctx.is_raw_param(expr) and expr.value not in self.optional_tensors \
                and not self._tensor_parameter(expr):
            # `if not inference:` in `forward(self, img, inference)`: an input tested bare is a flag (a tensor of
            # several elements has no truth value), a tensor only where a compiled call passes one it computes
            return self._computed_by_callers([expr])
        formula = self.ctx.tensor_formula(expr)
        if not formula:
            # `if sigma_next != 0:` of a `sigma: float` step parameter: a tensor where every caller computes one
            return self.ctx.float_formula(expr)
        if isinstance(expr, cst.Comparison):
            operands = [expr.left] + [t.comparator for t in expr.comparisons]
            kinds = [self.ctx.raw_kind(o) for o in operands]
            tensors = [o for o, k in zip(operands, kinds) if k == TENSOR or isinstance(k, Maybe)]
            # compared with a number, directly or through arithmetic on it (`order - 1 > i`)
            with_number = NOT_TENSOR in kinds or any(self._number_arithmetic(o) for o in tensors)
            # (no operand a tensor by itself: a numpy scalar attribute compared, tensors._numpy_parameter)
            if tensors and with_number and all(self.ctx.is_raw_param(o) and not self._tensor_parameter(o)
                                   or self._parameter_arithmetic(o) for o in tensors):
                return self._computed_by_callers(tensors)
        return formula

    def _computed_by_callers(self, parameters: List[cst.BaseExpression]) -> tuple:
        """Bare parameters compared with a number are a tensor only where every compiled call passes one a tensor
        it computes (summaries.py "computed": `adapt_step(dt, hairer_norm(err))` for `if error_ratio == 0:`), not
        an input handed on; arithmetic of them stays the number it usually is."""
        frame = self.ctx.frame
        if frame is None or frame.returns_key is None \
                or not all(isinstance(p, cst.Name) and p.value not in self.parameter_numbers for p in parameters):
            return ()
        return tuple(sorted({(("computed", frame.returns_key, p.value),) for p in parameters}))

    def _parameter_arithmetic(self, expr: cst.BaseExpression) -> bool:
        """A bare parameter of a compiled function other than forward, or arithmetic whose only tensors are such
        parameters (`length % seq_len`, `(n - 1) * 2`, or a local assigned such arithmetic once): a number
        whenever those parameters are numbers, so as often one. A forward's inputs are tensors far more often:
        arithmetic on them (`timestep - stride` of a scheduler) stays a tensor."""
        if isinstance(expr, cst.Name):
            return expr.value in self.parameter_numbers \
                or self._bare_parameter(expr) and not self._tensor_parameter(expr)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
            return self._parameter_arithmetic(expr.expression)
        if not isinstance(expr, cst.BinaryOperation) or isinstance(expr.operator, cst.MatrixMultiply):
            return False
        operands = [o for o in (expr.left, expr.right) if not self._plain(o)]
        return bool(operands) and all(self._parameter_arithmetic(o) for o in operands)

    def _number_arithmetic(self, expr: cst.BaseExpression) -> bool:
        """Arithmetic with a number literal on one side (`order - 1`, `2 * n`)."""
        return isinstance(expr, cst.BinaryOperation) and not isinstance(expr.operator, cst.MatrixMultiply) \
            and any(isinstance(side, (cst.Integer, cst.Float)) for side in (expr.left, expr.right))

    def _plain(self, expr: cst.BaseExpression) -> bool:
        kind = self.ctx.raw_kind(expr)
        return kind is not TENSOR and not isinstance(kind, Maybe)

    def _unchanged_after(self, name: str) -> bool:
        """Bound by this one assignment in the function: no loop or later statement makes it something else."""
        stack = self.ctx.definition_stack
        if not stack:
            return False
        counts = self._bindings()
        return counts is not None and counts[name] == 1

    def _certain(self, expr: cst.BaseExpression) -> bool:
        return self._tensor_condition(expr) == ALWAYS

    def _bare_parameter(self, expr: cst.BaseExpression) -> bool:
        """A parameter, never rebound, whose kind its callers decide: as often a number as a tensor."""
        frame = self.ctx.frame
        return isinstance(expr, cst.Name) and frame is not None and \
            self.ctx.raw_kind(expr) == Maybe.atom(("param", frame.returns_key, expr.value))

    def _tensor_parameter(self, expr: cst.Name) -> bool:
        """A parameter, never rebound, of which the function reads a tensor-only attribute (`if x > 0:` beside
        `x.shape[0]`): a tensor, not the number a bare parameter compared with one is taken for."""
        stack = self.ctx.definition_stack
        if not stack or not self._unchanged(expr.value):
            return False
        function = self.ctx.definitions[stack[-1]][0]
        if self.tensor_parameters[0] is not function:  # one scan per function and name, however many tests ask
            self.tensor_parameters = (function, {})
        known = self.tensor_parameters[1]
        if expr.value not in known:
            known[expr.value] = _read_as_tensor(function, expr.value)
        return known[expr.value]

    def _numpy_array(self, expr: cst.BaseExpression) -> bool:
        """A value dynamo traces as a numpy array: a call of one of NUMPY_ARRAY_RESULTS, arithmetic on one, or
        one compared with anything; arithmetic or a comparison with a numpy scalar attribute (`self.hop * 2 > n`)."""
        frame = self.ctx.frame
        if frame is not None and self.ctx.inference.numpy_arithmetic(expr, frame.env, frame.cls):
            return True
        if isinstance(expr, cst.Call):
            name = self.ctx.resolve(expr.func) or ""
            return name.startswith("numpy.") and name[len("numpy."):] in NUMPY_ARRAY_RESULTS
        if isinstance(expr, cst.Comparison):
            if any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in expr.comparisons):
                return False
            return any(self._numpy_array(o) for o in [expr.left] + [c.comparator for c in expr.comparisons])
        if isinstance(expr, cst.BinaryOperation):
            return self._numpy_array(expr.left) or self._numpy_array(expr.right)
        if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
            return self._numpy_array(expr.expression)
        return False

    def _reduced_to_one_truth_value(self, expr: cst.BaseExpression) -> bool:
        """`v.any()` / `v.all()` of a value not known to be plain Python: only tensors and numpy arrays have
        these methods, and dynamo traces numpy arrays as tensors (`remainder.any()` on a numpy array breaks)."""
        return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
            and expr.func.attr.value in ("any", "all") and not expr.args \
            and self.ctx.kind(expr.func.value) != NOT_TENSOR

    def _anchors(self, statement: cst.CSTNode, test: cst.BaseExpression,
                 tested: List[cst.BaseExpression]) -> List[Tuple[int, Tuple[cst.CSTNode, tuple]]]:
        """(line index, (node to report at, when it breaks: a tensors.Formula)) for each line that a tensor
        among `tested`, operands of `statement`'s test, breaks on; line index 0 is the statement's line."""
        opened = test.lpar and isinstance(test.lpar[0].whitespace_after, cst.ParenthesizedWhitespace)
        # on the statement's line the test itself is reported (its column is the useful one)
        line, compared, anchors = int(bool(opened)), (0, statement if opened else test), {}
        for operand_, newline in _flattened(test):
            line += newline
            if isinstance(operand_, cst.Comparison):
                compared = (line, operand_)
            formula = self._tensor_condition(operand_) if any(operand_ is t for t in tested) else ()
            if formula:
                at = (line, operand_) if JUMPS_ON_OPERAND_LINES else compared
                node, known = anchors.setdefault(at[0], (at[1], ()))
                anchors[at[0]] = (node, _either(known, formula))
        return sorted(anchors.items(), key=lambda item: item[0])

    def _condition(self, node: cst.CSTNode, test: cst.BaseExpression, where: str, fix=None) -> None:
        stripped = _strip_not(test)
        self.conditions.add(id(stripped))
        statement = node if isinstance(node, (cst.If, cst.While)) else None
        if isinstance(stripped, cst.BooleanOperation):
            self._mark_operands(stripped, statement, stripped)
            return  # reported once, at the `and`/`or`
        formula = self._tensor_condition(stripped)
        if self._numpy_array(stripped):
            fix = None  # torch.where does not take a numpy array
        if formula:
            anchors = self._anchors(statement, test, [stripped]) if statement is not None else []
            at = anchors[0][1][0] if anchors else test
            self.report(at, f"tensor used as the condition of {where}: dynamo cannot know which branch to "
                              "trace without reading the tensor's value, so the graph breaks here", help=HELP,
                        fix=fix() if fix else None, requires_tensor=formula)

    def _mark_operands(self, op: cst.BooleanOperation, statement: Optional[cst.CSTNode],
                       test: cst.BaseExpression) -> None:
        if statement is not None:
            self.statements[id(op)] = (statement, test)
        for side in (op.left, op.right):
            side = _strip_not(side)
            self.conditions.add(id(side))
            if isinstance(side, cst.BooleanOperation):
                self._mark_operands(side, statement, test)

    def _jump_on(self, test: cst.BaseExpression) -> None:
        self.jumps.update(id(part) for part in _jump_operands(test))

    def visit_If(self, node: cst.If) -> None:
        self._jump_on(node.test)
        if isinstance(node.orelse, cst.If):
            self.elifs.add(id(node.orelse))
        if self.ctx.never_evaluated(_strip_not(node.test)) == (True, None):
            return  # `not is_compiling() and cond`: dynamo never evaluates cond
        if self._refuses_a_passed_tensor(node):
            return
        self._condition(node, node.test, "`if`", fix=lambda: self._if_fix(node))

    def _refuses_a_passed_tensor(self, node: cst.If) -> bool:
        """`if cache_leftpad: raise NotImplementedError(...)` for `cache_leftpad: Optional[Tensor] = None`: a call
        that passes a tensor fails (the branch raises, or a tensor of several elements has no truth value), so every
        call that works passes None, whose test compiles (OLMo-core's normalized attention)."""
        test = node.test
        return isinstance(test, cst.Name) and test.value in self.optional_tensors and self.ctx.is_raw_param(test) \
            and node.orelse is None and isinstance(_only_statement(node.body), cst.Raise)

    def visit_While(self, node: cst.While) -> None:
        self._jump_on(node.test)
        self._condition(node, node.test, "`while`")

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._jump_on(node.test)
        self._condition(node, node.test, "a conditional expression", fix=lambda: self._ternary_fix(node))

    def visit_CompIf(self, node: cst.CompIf) -> None:
        self._jump_on(node.test)
        self._condition(node, node.test, "a comprehension filter")

    def visit_Assert(self, node: cst.Assert) -> None:
        self._jump_on(node.test)
        # a constant message lets dynamo turn the assert into a runtime check; a computed one
        # (`.format(...)`, an f-string with fields, `%`) makes it branch on the tensor (GB0170)
        formula = self._tensor_condition(_strip_not(node.test)) if _computed_message(node.msg) else ()
        if formula and not self._not_reports(node.test):
            anchors = self._anchors(node, node.test, [operand_ for operand_, _ in _flattened(node.test)])
            self.report(anchors[0][1][0] if anchors else node.test, "tensor `assert` with a computed message: dynamo branches on the tensor to "
                                   "build the message, so the graph breaks here (a constant message compiles)",
                        help="use a constant message, or `torch._assert_async(cond, msg)`", requires_tensor=formula)

    def _not_reports(self, test: cst.BaseExpression) -> bool:
        """`assert not t, f"..."`: visit_UnaryOperation reports the `not` at the same place, for the same break."""
        operand_ = _strip_not(test)
        return test is not operand_ and not isinstance(operand_, cst.BooleanOperation) \
            and id(operand_) not in self.conditions

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        skipped, unless = self.ctx.never_evaluated(node)
        if skipped:  # its right side is never evaluated: reported only where the left is not a guard
            self.ctx.enter_hole(unless)
            self._operation(node)
            self.ctx.leave_hole(unless)
        else:
            self._operation(node)

    def _operation(self, node: cst.BooleanOperation) -> None:
        left, right = _strip_not(node.left), _strip_not(node.right)
        word = "and" if isinstance(node.operator, cst.And) else "or"
        tested = [left] if not isinstance(left, cst.BooleanOperation) else []
        if id(node) in self.conditions and not isinstance(right, cst.BooleanOperation) \
                and not self._skipped_at_defaults(node, right):
            tested.append(right)
        formula = ()
        for side in tested:
            formula = _either(formula, self._tensor_condition(side))
        if not formula:
            return
        message = f"`{word}` takes the truth value of a tensor: each tensor operand is a graph break"
        statement, test = self.statements.get(id(node), (None, node))
        if statement is None:
            self.report(node, message, help=HELP, fix=self._bitwise_fix(node), requires_tensor=formula)
            return
        reported = self.reported_lines.setdefault(id(statement), set())
        fix = self._bitwise_fix(node)
        for line, (at, breaks) in self._anchors(statement, test, tested):
            if line not in reported:  # one finding per line the test breaks on
                reported.add(line)
                self.report(at, message, help=HELP, fix=fix, requires_tensor=breaks)
                fix = None

    def _skipped_at_defaults(self, node: cst.BooleanOperation, right: cst.BaseExpression) -> bool:
        """`max_fpr is None or fpr.sum() == 0`: an earlier operand of the same `or` (`and`) chain that tests an
        option parameter is true (false) at the option's default, so the tensor operand runs only for the callers
        that pass another value: which ones do, only the call sites tell (unknown), and a value dynamo guards.
        Not when the operand is a tensor through the tested parameter itself (`mask is not None and mask.any()`);
        still when the parameter only takes part in it (`eos is not None and (tokens == eos).all()`)."""
        defaults = self.option_defaults[-1] if self.option_defaults else {}
        if not defaults:
            return False
        deciding = isinstance(node.operator, cst.Or)
        used = names_in(right)
        for leaf in _same_operator_operands(node.left, type(node.operator)):
            tested, value = _at_default(leaf, defaults)
            if tested is not None and value is deciding \
                    and (tested not in used or self._tensor_without(right, tested)) and self._unchanged(tested):
                return True
        return False

    def _tensor_without(self, expr: cst.BaseExpression, name: str) -> bool:
        """`expr` is a tensor even where `name` is not one: its tensors come from elsewhere."""
        frame = self.ctx.frame
        if frame is None:
            return False
        env = dict(frame.env)
        env[name] = NOT_TENSOR
        return self.ctx.inference.kind(expr, env, frame.cls) == TENSOR

    def _unchanged(self, name: str) -> bool:
        """The parameter is never rebound in the function (its value is the caller's, or the default)."""
        counts = self._bindings()
        return counts is not None and name not in counts

    def _bindings(self) -> Optional[Counter]:
        """_binding_counts of the function being walked (None outside one)."""
        stack = self.ctx.definition_stack
        if not stack:
            return None
        function = self.ctx.definitions[stack[-1]][0]
        if self.rebound[0] is not function:  # one scan per function, however many operands ask
            self.rebound = (function, _binding_counts(function.body))
        return self.rebound[1]

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not) and id(_strip_not(node)) not in self.conditions:
            operand_ = _strip_not(node)
            formula = self.ctx.tensor_formula(operand_) if not isinstance(operand_, cst.BooleanOperation) else ()
            if formula:
                # `assert not t`: a jump on the tensor (GB0170); `y = not t`: UNARY_NOT asks for its bool (GB0033)
                self.report(node, "`not` takes the truth value of a tensor, which breaks the graph", help=HELP,
                            fix=self._invert_fix(node), requires_tensor=formula,
                            pattern="default" if id(node) in self.jumps else "not-value")

    def visit_Comparison(self, node: cst.Comparison) -> None:
        """`t in [1, 2]` / `t not in (a, b)`: membership in a list or tuple compares the tensor with each element and
        asks each answer for its truth value (GB0170 as a condition, GB0033 as a value, measured on 2.13); a dict or
        a set looks the tensor up by its hash and compiles, so only list and tuple displays are judged."""
        left = node.left
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)) and isinstance(target.comparator, (cst.List, cst.Tuple)):
                formula = self.ctx.tensor_formula(left)
                if formula:
                    self.report(node, "tensor tested for membership in a list or tuple: Python compares it with each "
                                      "element and takes the truth value of the tensor answer, so the graph breaks "
                                      "here", pattern="membership", requires_tensor=formula,
                                help="compare on the device: `(t == torch.tensor([1, 2])).any()` (with `torch.where`"
                                     " for the branch), or `torch.isin(t, values)`")
                    return
            left = target.comparator

    def visit_Match(self, node: cst.Match) -> None:
        """`match t:` with `case 0:`: a value pattern compares the subject with `==` and takes the answer's truth
        value (GB0170 at the case's line, measured on 2.13). Singleton (`case None:`, an `is` test), sequence and
        mapping patterns do not read a tensor; a capture, wildcard or class pattern before any value pattern may match
        first, so the statement is left alone. A bare parameter as the subject is a mode, as in `_tensor_condition`."""
        subject = node.subject
        if self.ctx.is_raw_param(subject):
            return
        formula = self.ctx.tensor_formula(subject)
        if not formula:
            return
        for case in node.cases:
            if _compares_by_value(case.pattern):
                self.report(case.pattern, "`case` value pattern on a tensor subject: Python compares the tensor with "
                                          "the value and takes the truth value of the tensor answer, so the graph "
                                          "breaks here", pattern="match-value", requires_tensor=formula,
                            help="branch on the device: `torch.where(t == 0, a, b)`, or match on a Python value "
                                 "(a shape, a mode)")
                return
            if not _never_matches_a_tensor(case.pattern):
                return

    def visit_Call(self, node: cst.Call) -> None:
        """`all(t)`/`any(t)` take the truth value of each element: of a tensor's rows, of a list of tensor
        conditions, or of a comprehension's tensor conditions (judged at its `for`, where its names are bound)."""
        name = self.ctx.resolve(node.func)
        if name == "filter":
            self._filter(node)
            return
        if name not in ("all", "any") or len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return
        argument = node.args[0].value
        if isinstance(argument, (cst.GeneratorExp, cst.ListComp, cst.SetComp)):
            clause = argument.for_in
            while clause is not None:
                self.all_any[id(clause)] = (node, argument.elt)
                clause = clause.inner_for_in
        elif isinstance(argument, (cst.List, cst.Tuple, cst.Set)):
            formula: tuple = ()
            for element in argument.elements:
                if not isinstance(element, cst.StarredElement):
                    formula = _either(formula, self._tensor_condition(_strip_not(element.value)))
            if formula:
                self._report_all_any(node, name, formula)
        else:
            formula = self.ctx.tensor_formula(argument)
            if formula:
                self._report_all_any(node, name, formula)

    def _filter(self, node: cst.Call) -> None:
        """`filter(lambda h: h.abs().sum() > 0, hidden_states)` / `filter(None, tensors)` over tensors: `filter` takes
        the truth value of what the predicate returns for each element, a tensor here (GB0170, measured on 2.13)."""
        frame = self.ctx.frame
        if len(node.args) != 2 or any(a.keyword or a.star for a in node.args) or frame is None:
            return
        predicate, items = node.args[0].value, node.args[1].value
        if self.ctx.inference.iteration_kind(items, frame.env, frame.cls) is not TENSOR:
            return
        if isinstance(predicate, cst.Name) and predicate.value == "None":
            where: cst.CSTNode = node
        elif isinstance(predicate, cst.Lambda) and len(predicate.params.params) == 1 \
                and not isinstance(predicate.params.star_arg, cst.Param) and not predicate.params.kwonly_params:
            scoped = dict(frame.env)
            bind_target(predicate.params.params[0].name, TENSOR, scoped)
            if self.ctx.inference.kind(predicate.body, scoped, frame.cls) is not TENSOR:
                return
            where = predicate
        else:
            return
        self.report(where, "`filter` takes the truth value of its predicate for each tensor it is given: dynamo "
                           "branches on tensor data, so the graph breaks here", pattern="filter",
                    help="select on the device: stack the tensors and index them with a mask "
                         "(`torch.stack(xs)[keep]`), or keep them all and weight them by the test")

    def visit_CompFor(self, node: cst.CompFor) -> None:
        found = self.all_any.pop(id(node), None)
        if found is None or node.inner_for_in is not None:
            return  # judged at the innermost `for`, where every name is bound
        call, element = found
        formula = self._tensor_condition(_strip_not(element))
        if formula:
            self._report_all_any(call, self.ctx.resolve(call.func), formula)

    def _report_all_any(self, node: cst.Call, name: str, formula: tuple) -> None:
        """`formula`: when the elements are tensors (tensors.Formula), e.g. on what a helper's callers pass."""
        self.report(node, f"`{name}()` takes the truth value of each tensor element it is given: dynamo branches on "
                          "tensor data, so the graph breaks here", pattern="builtin-all-any",
                    help=f"reduce on the device: `torch.{name}(t)` / `t.{name}()`, or `torch.stack(conds).{name}()`",
                    requires_tensor=formula)

    # -- fixes -------------------------------------------------------------------------------------------
    def _torch(self):
        return self.ctx.module_alias("torch")

    def _where(self, test: cst.BaseExpression, if_true: cst.BaseExpression, if_false: cst.BaseExpression):
        """`torch.where(test, a, b)` source, or None when the rewrite is not known to be equivalent."""
        inner = _single_not(test)
        if inner is not None:
            test, if_true, if_false = inner, if_false, if_true
        if not self._boolean(test) or any(isinstance(v, cst.Tuple) or not is_pure(self.ctx, v)
                                          for v in (if_true, if_false)):
            return None
        torch, imports = self._torch()
        if torch is None:
            return None
        return f"{torch}.where({bare_code(self.ctx, test)}, {bare_code(self.ctx, if_true)}, " \
               f"{bare_code(self.ctx, if_false)})", imports

    def _ternary_fix(self, node: cst.IfExp) -> Optional[FixSpec]:
        made = self._where(node.test, node.body, node.orelse)
        if made is None or has_comments(node):
            return None
        return FixSpec(Applicability.UNSAFE, "compute both sides and select with `torch.where`",
                       ((node, made[0]),), made[1])

    def _if_fix(self, node: cst.If) -> Optional[FixSpec]:
        if id(node) in self.elifs or has_comments(node.test):
            return None
        header = node.body.header.comment if isinstance(node.body, cst.IndentedBlock) else None
        comment = f"  {header.value}" if header else ""
        return self._eager_only_fix(node) or self._assign_fix(node, comment) or self._assert_fix(node, comment)

    def _assign_fix(self, node: cst.If, comment: str) -> Optional[FixSpec]:
        """`if c: y = a` [`else: y = b`] -> `y = torch.where(c, a, b)` (without else, b is y itself)."""
        body = _assigned(_only_statement(node.body))
        if body is None:
            return None
        name, if_true = body
        if node.orelse is None:
            frame = self.ctx.frame
            if frame is None or name not in frame.env:
                return None  # `y` may be unbound when the branch is not taken
            if_false = cst.Name(name)
        elif not isinstance(node.orelse, cst.Else):
            return None  # an `elif` chain has more than two outcomes
        else:
            if has_comments(node.orelse.whitespace_before_colon) or \
                    (isinstance(node.orelse.body, cst.IndentedBlock) and node.orelse.body.header.comment):
                return None
            other = _assigned(_only_statement(node.orelse.body))
            if other is None or other[0] != name:
                return None
            if_false = other[1]
        made = self._where(node.test, if_true, if_false)
        if made is None:
            return None
        return FixSpec(Applicability.UNSAFE, "compute both branches and select with `torch.where`",
                       ((node, f"{name} = {made[0]}{comment}\n"),), made[1])

    def _assert_fix(self, node: cst.If, comment: str) -> Optional[FixSpec]:
        """`if bad: raise E("msg")` -> `torch._assert_async(~bad, "msg")`: checked on the device."""
        raised = _only_statement(node.body)
        if node.orelse is not None or not isinstance(raised, cst.Raise) or raised.exc is None:
            return None
        inner = _single_not(node.test)
        if inner is not None:
            if not self._boolean(inner):
                return None
            holds = bare_code(self.ctx, inner)
        elif self._boolean(node.test):
            holds = f"~{operand(self.ctx, node.test)}"
        else:
            return None
        exc = raised.exc
        args = exc.args if isinstance(exc, cst.Call) else ()
        if len(args) == 1 and not args[0].keyword and isinstance(args[0].value, cst.SimpleString):
            message = code(self.ctx, args[0].value)
        else:
            message = repr(code(self.ctx, exc))
        torch, imports = self._torch()
        if torch is None:
            return None
        return FixSpec(Applicability.UNSAFE, f"check it on the device with `{torch}._assert_async` "
                                             "(raises RuntimeError instead)",
                       ((node, f"{torch}._assert_async({holds}, {message}){comment}\n"),), imports)

    def _eager_only_fix(self, node: cst.If) -> Optional[FixSpec]:
        """A condition whose body only does eager-only work (`if not is_compiling(): log(...)`) need not be
        evaluated under dynamo at all: `if not torch.compiler.is_compiling() and cond:`."""
        body = node.body
        if node.orelse is not None or not isinstance(body, cst.IndentedBlock) or not body.body:
            return None
        for statement in body.body:
            if not isinstance(statement, cst.If) or statement.orelse is not None:
                return None
            guard = _single_not(statement.test)
            if not (isinstance(guard, cst.Call) and self.ctx.resolve(guard.func) in GUARD_IS_COMPILING):
                return None
        torch, imports = self._torch()
        if torch is None:
            return None
        test = node.test
        text = code(self.ctx, test) if not isinstance(test, (cst.BooleanOperation, cst.IfExp, cst.NamedExpr)) \
            or test.lpar else f"({code(self.ctx, test)})"
        return FixSpec(Applicability.SAFE, "the body only runs in eager mode: test the condition there only",
                       ((test, f"not {torch}.compiler.is_compiling() and {text}"),), imports)

    def _bitwise_fix(self, node: cst.BooleanOperation) -> Optional[FixSpec]:
        """`a and b` / `a or b` over boolean tensors -> `a & b` / `a | b`."""
        operator = cst.BitAnd if isinstance(node.operator, cst.And) else cst.BitOr
        sides = [self._bitwise_operand(side, operator) for side in (node.left, node.right)]
        if None in sides or has_comments(node):
            return None
        symbol = "&" if operator is cst.BitAnd else "|"
        return FixSpec(Applicability.UNSAFE, f"use `{symbol}` on the boolean tensors (both sides are evaluated)",
                       ((node, f"{sides[0]} {symbol} {sides[1]}"),))

    def _bitwise_operand(self, side: cst.BaseExpression, operator: type) -> Optional[str]:
        inner = _single_not(side)
        if inner is not None:
            return f"~{operand(self.ctx, inner)}" if self._boolean(inner) else None
        return operand(self.ctx, side, operator) if self._boolean(side) else None

    def _invert_fix(self, node: cst.UnaryOperation) -> Optional[FixSpec]:
        """`not t` over a boolean tensor -> `~t`."""
        inner = node.expression
        if not self._boolean(inner) or has_comments(node):
            return None
        return FixSpec(Applicability.UNSAFE, "use `~` on the boolean tensor", ((node, f"~{operand(self.ctx, inner)}"),))
