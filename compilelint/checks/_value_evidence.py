"""Evidence shared by the data-dependent rules (CL1xx): not a rule, so it defines no `code`.

The engine assumes that the un-annotated positional parameters of `forward` and `@torch.compile`d
functions are tensors. That is a fine guess for "is `x.nonzero()` a tensor op", but a poor one where an
int is just as likely (`range(n)`, `x[:n]`, `self.scales[i]`, `math.sqrt(d)`): there these checks ask
for *proof*, i.e. tensor-ness that does not rest on that assumption alone.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.engine import MAX_UNPACKED_ROWS, child_nodes, ends_in_exit, nested_statements, statements_under
from compilelint.names import dotted
from compilelint.tensors import (ALWAYS, BOOL_DTYPES, NOT_TENSOR, TENSOR, UNKNOWN, Maybe, annotation_kind, bound_names,
                                 declares_bool_tensor, formula, in_place_method, instance_key, is_self_attr)

# calls that test what a value is (`isinstance(t, Tensor)`, `hasattr(t, "shape")`): what the function then does
# with it may be done only where it is a tensor, or only where it is not
TYPE_TESTS = frozenset(("isinstance", "hasattr", "getattr", "type", "is_tensor"))


def type_tested(call: cst.CSTNode) -> str:
    """The name a type test call reads first (`isinstance(t, float)`, `torch.is_tensor(t)`), or ""."""
    if not (isinstance(call, cst.Call) and call.args and isinstance(call.args[0].value, cst.Name)):
        return ""
    func = call.func.attr if isinstance(call.func, cst.Attribute) else call.func
    return call.args[0].value.value if isinstance(func, cst.Name) and func.value in TYPE_TESTS else ""


def type_tested_names(function: cst.FunctionDef) -> Set[str]:
    """The names `function`'s own body (nested defs and lambdas left out) tests the type of."""
    names, todo = set(), child_nodes(function.body)
    while todo:
        current = todo.pop()
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        names.add(type_tested(current))
        todo.extend(child_nodes(current))
    names.discard("")
    return names


BOOL_TORCH_FUNCTIONS = frozenset(
    "isnan isinf isfinite isneginf isposinf isreal signbit isin isclose logical_and logical_or logical_xor "
    "logical_not eq ne gt ge lt le greater greater_equal less less_equal not_equal".split()
)
BOOL_METHODS = BOOL_TORCH_FUNCTIONS | {"bool"}
BOOL_OPERATORS = (cst.BitAnd, cst.BitOr, cst.BitXor)
BOOL_AUGMENTED = (cst.BitAndAssign, cst.BitOrAssign, cst.BitXorAssign)
LITERAL_SEQUENCES = (cst.List, cst.Tuple, cst.ListComp)
# factories whose tensor of Python numbers fake tensors keep as a constant (see constant_tensor)
CONSTANT_FACTORIES = frozenset(("torch.tensor", "torch.as_tensor"))
# methods that rearrange a tensor's elements, or repeat them or zero some, keeping its dtype: a mask reshaped is a
# mask (`x[:, mask.view(-1)]`; a mask viewed as uint8 still indexes as one; a neighbour list's `mask.triu(1)`; a
# keep mask over mask units spread to their tokens, `mask.repeat_interleave(mu_size, dim=1)`)
MASK_RESHAPES = frozenset("view reshape flatten ravel squeeze unsqueeze contiguous expand permute transpose t clone "
                          "detach expand_as view_as reshape_as broadcast_to movedim swapaxes triu tril flip roll "
                          "repeat tile repeat_interleave".split())
# the methods above that torch has no function of (`torch.view` does not exist)
METHOD_ONLY_RESHAPES = frozenset("view contiguous expand expand_as view_as reshape_as repeat".split())
# functions that rearrange the tensor they are given first, keeping its dtype: `rearrange(~eye, '... -> 1 ...')` of
# a mask is a mask (einops' pattern-driven reshapes and repeats, and torch's function forms of the methods above)
MASK_RESHAPE_FUNCTIONS = frozenset(("einops.rearrange", "einops.repeat",
                                    *(f"torch.{m}" for m in MASK_RESHAPES - METHOD_ONLY_RESHAPES)))
# tensor methods that make a tensor of the dtype they are given (`x.new_zeros(n, dtype=torch.bool)`,
# `t.to(torch.bool)`): with a boolean dtype, a mask
DTYPE_METHODS = frozenset("new_zeros new_ones new_full new_empty new_tensor to type".split())
# torch functions that join a sequence of tensors into one of their promoted dtype
JOINS = frozenset(f"torch.{name}" for name in "cat concat concatenate stack hstack vstack dstack row_stack "
                                              "column_stack".split())
COMPUTED = (cst.Call, cst.BinaryOperation, cst.UnaryOperation, cst.Subscript)
# index tensors a loop may walk, by what each element is: a 0-dim position, or a row of positions
INDEX_TENSOR_FACTORIES = {"torch.arange": "positions", "torch.cartesian_prod": "rows"}
# 1-d tensors by their spelling (elements of one are 0-dim: a timestep table `ts[step]`, `for t in ts`): torch's and
# numpy's ranges (dynamo traces numpy arrays as tensors: an element of `np.arange(...)` indexing a tensor breaks too,
# tests/dynamo_cases/timestep_tables.py), a conversion of a flat list or of one, and what keeps the rank of the
# tensor it is called on or given first (`.flip(0)`, `.long()`, `torch.cumprod(betas, 0)`)
ONE_DIM_FACTORIES = frozenset(f"{module}.{name}" for module in ("torch", "numpy")
                              for name in ("arange", "linspace", "logspace")) | {"torch.randperm"}
ARRAY_CONVERSIONS = frozenset(("torch.tensor", "torch.as_tensor", "torch.from_numpy", "numpy.array", "numpy.asarray"))
# positions of the nonzero elements, one column per dimension of the input: a 2-d (count, ndim) table, whose column
# `[:, k]` is 1-d ...
POSITION_TABLES = frozenset(("torch.nonzero", "torch.argwhere", "numpy.argwhere"))
# ... or a tuple of 1-d position tensors, one per dimension, whose item `[k]` is one (`where` with its condition alone)
POSITION_TUPLES = frozenset(("torch.where", "numpy.where", "numpy.nonzero"))
RANK_KEEPING = frozenset("flip long int float double to round clone contiguous detach cpu cuda cumsum cumprod type "
                         "astype".split())
# integer conversions of a 0-dim position that keep it a tensor (`ts[step].long()`)
POSITION_CASTS = frozenset(("long", "int"))
# methods of Python numbers, lists and strings: calling one proves nothing about tensors
PYTHON_VALUE_METHODS = frozenset(
    "bit_length bit_count to_bytes conjugate as_integer_ratio is_integer hex index count copy pop get keys "
    "values items split join strip format lower upper replace".split()
)


class _Branch:
    """An `if` being walked. A graph break in its body is not on the path of its `else`: what was computed in the graph
    before the `if` is still computed there (`if backbone_only: order_mask[idx] = 0. else: order_mask[idx] = 1.`
    breaks on either line). After the `if`, a break on either path counts again."""

    def __init__(self, node: cst.If, scope: Optional["_Scope"], breaks: int) -> None:
        self.node, self.scope, self.breaks = node, scope, breaks
        self.refreshed: List[Tuple[Dict, str, int]] = []  # (computed or maybe_computed, name, break count it had)

    def enter_orelse(self, breaks: int) -> None:
        if self.scope is None or breaks == self.breaks:
            return
        for table in (self.scope.computed, self.scope.maybe_computed):
            for name, entry in table.items():
                if (entry[0] if isinstance(entry, tuple) else entry) == self.breaks:
                    table[name] = (breaks, entry[1]) if isinstance(entry, tuple) else breaks
                    self.refreshed.append((table, name, breaks))

    def leave(self) -> None:
        for table, name, breaks in self.refreshed:
            entry = table.get(name)
            if entry is not None and (entry[0] if isinstance(entry, tuple) else entry) == breaks:
                table[name] = (self.breaks, entry[1]) if isinstance(entry, tuple) else self.breaks


def _whole(part: cst.BaseSlice) -> bool:
    """`:` alone."""
    return isinstance(part, cst.Slice) and part.lower is None and part.upper is None and part.step is None


def _integer_index(part: cst.BaseSlice) -> bool:
    return isinstance(part, cst.Index) and isinstance(part.value, cst.Integer)


def _stored_names(target: cst.BaseExpression) -> List[str]:
    """The names a store binds, and `self.name` for each attribute of self it stores (masks are kept for both)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _stored_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _stored_names(target.value)
    return bound_names(target) + ([dotted(target)] if is_self_attr(target) else [])


def _reduces_a_dim(call: cst.Call, inputs: int) -> bool:
    """`any`/`all` given a dim (after `inputs` positional inputs): a boolean tensor, not the 0-d answer."""
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return len(positional) > inputs or any(a.keyword is not None and a.keyword.value == "dim" for a in call.args)


def _int32(expr: cst.BaseExpression, int32_names: Set[str]) -> bool:
    """An int32 tensor by its spelling: `t.int()`, `t.to(torch.int32)`, a name bound to one,
    or one of them plus, minus or times a Python int (`t.int() + 1` stays int32)."""
    if isinstance(expr, cst.Name):
        return expr.value in int32_names
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply)):
        sides = (expr.left, expr.right)
        return any(isinstance(side, cst.Integer) for side in sides) and any(_int32(side, int32_names) for side in sides)
    if not isinstance(expr, cst.Call) or not isinstance(expr.func, cst.Attribute):
        return False
    method = expr.func.attr.value
    if method == "int":
        return not expr.args
    if method == "to" and len(expr.args) == 1:
        return dotted(expr.args[0].value) in ("torch.int32", "torch.int")
    return False


class _Scope:
    def __init__(self, parent: "_Scope" = None) -> None:
        self.assumed: Set[str] = set(parent.assumed) if parent else set()  # params only guessed to be tensors
        self.masks: Set[str] = set(parent.masks) if parent else set()  # names bound to boolean tensors
        self.sequences: Set[str] = set(parent.sequences) if parent else set()  # names bound to list/tuple literals
        # names bound to tensors computed here -> break candidates reported before the binding
        self.computed: Dict[str, int] = dict(parent.computed) if parent else {}
        self.positions: Set[str] = set(parent.positions) if parent else set()  # names bound to `t.argmax()`...
        # names bound to index tensors computed here that loops walk: `torch.arange(n)` (its elements are 0-dim
        # positions) or `torch.cartesian_prod(...)` (its elements are rows of positions)
        self.index_tensors: Dict[str, str] = dict(parent.index_tensors) if parent else {}
        self.rows: Set[str] = set(parent.rows) if parent else set()  # loop targets walking an index table
        # names bound to an int32 tensor computed here (`n = batch.max().int() + 1`): dynamo specializes a 0-d int64
        # tensor that reaches a resume function, never an int32 one, so each size taken from it breaks again
        self.int32: Set[str] = set(parent.int32) if parent else set()
        # names bound to what is a boolean tensor if project-wide facts hold (`m = mask.bool()`, mask a helper's
        # parameter): name -> the tensors.Formula
        self.maybe_masks: Dict[str, tuple] = dict(parent.maybe_masks) if parent else {}
        # names bound to what is a tensor computed here if project-wide facts hold (`n = index.max() + 1`, index a
        # helper's parameter): name -> (break candidates before the binding, the tensors.Formula)
        self.maybe_computed: Dict[str, Tuple[int, tuple]] = dict(parent.maybe_computed) if parent else {}
        # names bound in a branch dynamo may never trace (`if length is None: length = t.amax()`, engine.Claims) ->
        # that branch's hole atoms: a size read from the name after the branch is a tensor only on the path through
        # it, so a finding on it carries them (withdrawn where every compiled call passes `length`)
        self.bound_under: Dict[str, tuple] = dict(parent.bound_under) if parent else {}
        # names bound to tensors made from Python numbers (`k = torch.tensor(self.kappa)`): fake-tensor constants
        self.constants: Set[str] = set(parent.constants) if parent else set()
        self.params: Set[str] = set()  # the function's own parameters
        self.statements: Set[int] = set()  # ids of the statements of the function's own body


class ValueEvidenceCheck(Check):
    """Tracks, per function, which names are assumed parameters, boolean masks and literal sequences."""

    in_functions_only = False

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._scopes: List[_Scope] = []
        self._branches: List[_Branch] = []  # the `if` statements around the node visited, innermost last
        self._module_sequences: Set[str] = set()
        self._class_sequences: Dict[str, Set[str]] = {}  # class name -> self attributes set to lists/tuples
        # class name -> `self.x` that its __init__ leaves a boolean mask (ALWAYS) or one on project-wide facts (the
        # tensors.Formula) and no other method of the class stores: a mask in every method after __init__
        self._class_masks: Dict[str, Dict[str, tuple]] = {}
        # class name -> `self.x` that every store in the class's methods sets to a 1-d tensor, and its methods
        # whose every return is one (`self.timesteps = self._generate_timesteps()`)
        # (worked out at the first question about the class: few classes are asked, and each check would repeat it)
        self._class_one_dim: Dict[str, Set[str]] = {}
        self._class_methods: Dict[str, List[cst.FunctionDef]] = {}  # class name -> its methods, for the above
        self._stored_after_init: Dict[str, Set[str]] = {}  # class name -> `self.x` its other methods store
        self._owners: List[str] = []  # per enclosing class or def: the class name, "" for a def
        self._branch_masks: Dict[int, str] = {}  # by id of a branch's block: the name a dtype test makes a mask there

    # -- questions the rules ask ------------------------------------------------------------------
    def proven_tensor(self, expr: cst.BaseExpression) -> bool:
        """A tensor by evidence other than "an un-annotated parameter of forward"."""
        frame = self.ctx.frame
        if frame is None or not self.ctx.is_tensor(expr):
            return False
        assumed = self._scopes[-1].assumed if self._scopes else set()
        if not assumed:
            return True
        env = dict(frame.env)
        env.update((name, UNKNOWN) for name in assumed)
        return self.ctx.inference.kind(expr, env, frame.cls) == TENSOR or _calls_a_tensor_method(expr)

    def computed_in_graph(self, expr: cst.BaseExpression) -> bool:
        """A tensor computed by this graph, not one it receives. Dynamo specializes on the value of a 0-d
        input tensor (a parameter, or a value computed before an earlier graph break, which reaches the
        resume function as an input): `torch.arange(n)` and `math.sqrt(n)` then compile. Measured on 2.13."""
        if isinstance(expr, cst.Name):
            scope = self._scopes[-1] if self._scopes else None
            return scope is not None and scope.computed.get(expr.value) == self.ctx.break_candidates
        return isinstance(expr, COMPUTED) and self.proven_tensor(expr)

    def computed_formula(self, expr: cst.BaseExpression) -> tuple:
        """When `expr` is a tensor computed by this graph (a tensors.Formula): ALWAYS where computed_in_graph says so,
        or on project-wide facts about the helper parameters it is computed from (`dim_size = index.max() + 1`)."""
        if self.computed_in_graph(expr):
            return ALWAYS
        if isinstance(expr, cst.Name):
            if self._scopes and expr.value in self._scopes[-1].int32:
                return ALWAYS
            entry = self._scopes[-1].maybe_computed.get(expr.value) if self._scopes else None
            return entry[1] if entry and entry[0] == self.ctx.break_candidates else ()
        if isinstance(expr, COMPUTED):
            formula = self.ctx.tensor_formula(expr)
            return () if formula == ALWAYS else formula  # ALWAYS yet not proven: it rests on an assumed parameter
        return ()

    def own_parameters(self, formula: tuple) -> bool:
        """The formula rests only on this function's parameters (`-context_size` of a sampler's argument): callers
        pass ints there as often as tensors."""
        own = self.ctx.frame.returns_key if self.ctx.frame is not None else None
        return all(atom[0] == "param" and atom[1] == own for term in formula for atom in term)

    def passed_by_callers(self, expr: cst.BaseExpression, formula: tuple) -> tuple:
        """`formula`, when `expr` is a tensor, unless it rests only on this function's parameters and `expr` calls
        no tensor method on them (`nfe / 3`, not `x.var()`): then a tensor only where compiled code passes one
        (summaries "passed"), not where an entry point's own input, only assumed a tensor, is handed on (k-diffusion's
        `math.floor(nfe / 3)` in a helper of the compiled root `sample_dpm_fast(model, x, ..., n)`, called with 4).
        A module's forward inputs still count (a schedule's `math.cos(t / T ...)` of forward's timestep breaks)."""
        if formula in ((), ALWAYS) or not self.own_parameters(formula) or _calls_a_tensor_method(expr):
            return formula
        return tuple(sorted(tuple(sorted(("passed",) + atom[1:] for atom in term)) for term in formula))

    def constant_tensor(self, expr: cst.BaseExpression) -> bool:
        """A tensor dynamo's fake tensors hold as a constant: `torch.tensor(x)` / `torch.as_tensor(x)` of Python
        numbers, and arithmetic of one with numbers. An implicit conversion of it (`math.log(t)`) reads that constant
        and compiles; `torch.full((), x)` is no constant, and `float(t)` / `t.item()` still break (measured on 2.13)."""
        if isinstance(expr, cst.Name):
            return bool(self._scopes) and expr.value in self._scopes[-1].constants
        if isinstance(expr, cst.Call):
            return self.ctx.resolve(expr.func) in CONSTANT_FACTORIES and bool(expr.args) \
                and not any(self.ctx.is_tensor(arg.value) for arg in expr.args)
        if isinstance(expr, cst.BinaryOperation):
            sides = (expr.left, expr.right)
            return any(self.constant_tensor(e) for e in sides) \
                and all(self.constant_tensor(e) or not self.ctx.is_tensor(e) for e in sides)
        return False

    def bound_under(self, expr: cst.BaseExpression) -> tuple:
        """The hole atoms of the branch that last bound `expr`, a name (see _Scope.bound_under); () elsewhere."""
        scope = self._scopes[-1] if self._scopes else None
        return scope.bound_under.get(expr.value, ()) if scope is not None and isinstance(expr, cst.Name) else ()

    def is_computed_position(self, expr: cst.BaseExpression) -> bool:
        """A 0-dim integer tensor computed in the graph: `t.argmax()`, `torch.argmin(t)` (no `dim`), and
        integer arithmetic on one (`t.argmax() % 3`)."""
        if isinstance(expr, cst.Name):
            return bool(self._scopes) and expr.value in self._scopes[-1].positions and self.computed_in_graph(expr)
        if isinstance(expr, cst.BinaryOperation):
            sides = (expr.left, expr.right)
            return any(self.is_computed_position(e) for e in sides) and \
                all(isinstance(e, cst.Integer) or self.is_computed_position(e) for e in sides)
        if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and len(expr.slice) == 1:
            position = expr.slice[0].slice
            return bool(self._scopes) and expr.value.value in self._scopes[-1].rows and \
                isinstance(position, cst.Index) and isinstance(position.value, cst.Integer) and \
                self.computed_in_graph(expr.value)
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            # an element of a 1-d tensor at a Python int (`t = self.timesteps[step]`, `step: int`): a 0-dim tensor
            # made here; at an index of unknown kind (an un-annotated helper parameter) it may be a row of them
            return self.one_dim(expr.value) and self.ctx.kind(expr.slice[0].slice.value) == NOT_TENSOR
        if isinstance(expr, cst.IfExp):  # a position on the path dynamo traces (refiners' `ts[i + 1] if ... else`)
            return self.is_computed_position(expr.body) or self.is_computed_position(expr.orelse)
        if isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute):
            method = expr.func.attr.value
            if method in POSITION_CASTS:
                return self.is_computed_position(expr.func.value)
            return method in ("argmax", "argmin") and self.ctx.is_tensor(expr.func.value)
        if isinstance(expr, cst.Call) and len(expr.args) == 1 and expr.args[0].keyword is None:
            return self.ctx.resolve(expr.func) in ("torch.argmax", "torch.argmin")
        return False

    def one_dim(self, expr: cst.BaseExpression) -> bool:
        """A 1-d tensor by its spelling: a range (`torch.arange(n)`, `torch.linspace(a, b, n)`), `torch.tensor` of a
        flat list or of a numpy range, what keeps the rank of one (`.flip(0)`, `.long()`, `torch.cumprod(b, 0)`, a
        slice, arithmetic with a number), a local bound to one here, or a `self.x` that every store of its class
        (in this file) sets to one (`self.timesteps = torch.linspace(...)` in `set_timesteps`)."""
        if isinstance(expr, cst.Name):
            return self._index_tensor(expr) == "positions"
        if isinstance(expr, cst.Attribute):
            frame = self.ctx.frame
            if not (is_self_attr(expr) and frame is not None and frame.cls is not None):
                return False
            name = frame.cls.name
            if name not in self._class_one_dim:
                self._class_one_dim[name] = set()  # a member resting on itself proves nothing meanwhile
                self._class_one_dim[name] = self._one_dim_members(self._class_methods.get(name, []))
            return expr.attr.value in self._class_one_dim[name]
        return self._one_dim_value(expr, self.one_dim)

    def _plain_number(self, expr: cst.BaseExpression) -> bool:
        """A number written out, a name not known as a tensor, or arithmetic of those (`1000 // n`)."""
        if isinstance(expr, cst.BinaryOperation):
            return self._plain_number(expr.left) and self._plain_number(expr.right)
        if isinstance(expr, cst.UnaryOperation):
            return self._plain_number(expr.expression)
        return isinstance(expr, (cst.Integer, cst.Float)) or isinstance(expr, cst.Name) and not self.ctx.is_tensor(expr)

    def _one_dim_value(self, expr: cst.BaseExpression, known) -> bool:
        """`expr` builds a 1-d tensor or numpy array (dynamo traces numpy as tensors), `known` telling which names and
        members of the class hold or return one."""
        if isinstance(expr, (cst.Name, cst.Attribute)):
            return known(expr)
        if isinstance(expr, cst.BinaryOperation):  # `arange(n) * ratio + offset`: with numbers, still 1-d
            sides = [e for e in (expr.left, expr.right) if not self._one_dim_value(e, known)]
            return len(sides) < 2 and all(self._plain_number(e) for e in sides)
        if isinstance(expr, cst.Subscript):
            return all(isinstance(e.slice, cst.Slice) for e in expr.slice) and self._one_dim_value(expr.value, known) \
                or self._positions_of_one_dim(expr)
        if not isinstance(expr, cst.Call):
            return False
        name = self.ctx.resolve(expr.func) or ""
        first = expr.args[0].value if expr.args and expr.args[0].keyword is None else None
        if name in ONE_DIM_FACTORIES:
            return True
        if name in ARRAY_CONVERSIONS and isinstance(first, (cst.List, cst.Tuple)):
            return bool(first.elements) and all(isinstance(e.value, (cst.Integer, cst.Float)) for e in first.elements)
        if name.startswith(("torch.", "numpy.")):
            return (name in ARRAY_CONVERSIONS or name.split(".")[-1] in RANK_KEEPING) \
                and first is not None and self._one_dim_value(first, known)
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in RANK_KEEPING:
            return self._one_dim_value(expr.func.value, known)
        return bool(is_self_attr(expr.func)) and known(expr.func)  # a method of the class that returns one

    def _positions_of_one_dim(self, expr: cst.Subscript) -> bool:
        """The positions of the nonzero elements along one dimension: a column of `torch.nonzero(m)` /
        `m.nonzero()` / `np.argwhere(m)` (`[:, 0]`), or an item of `torch.where(m)` / `np.nonzero(m)` /
        `m.nonzero(as_tuple=True)` (`[0]`). GNN code walks them (`for idx in np.argwhere(mask)[:, 0]:
        out[idx] = ...`), and each element indexing a tensor is a 0-dim position (GB0033 on 2.13)."""
        call, parts = expr.value, [e.slice for e in expr.slice]
        if not isinstance(call, cst.Call) or any(a.star for a in call.args):
            return False
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        flag = keywords.pop("as_tuple", None)
        as_tuple = isinstance(flag, cst.Name) and flag.value == "True"
        name = self.ctx.resolve(call.func) or ""
        given = len(call.args) - len(keywords) - (flag is not None)  # `torch.where(c, a, b)` chooses values
        if isinstance(call.func, cst.Attribute) and not name.startswith(("torch.", "numpy.")) \
                and self.ctx.is_tensor(call.func.value):
            name, given = f"torch.{call.func.attr.value}", given + 1  # `m.nonzero()`: the tensor is the condition
        if given != 1 or keywords:
            return False
        if name in POSITION_TABLES and not as_tuple:
            return len(parts) == 2 and _whole(parts[0]) and _integer_index(parts[1])
        if name in POSITION_TUPLES or as_tuple and name == "torch.nonzero":
            return len(parts) == 1 and _integer_index(parts[0])
        return False

    def _index_tensor(self, expr: cst.BaseExpression) -> str:
        """"positions" for `torch.arange(...)`, "rows" for `torch.cartesian_prod(...)` (a 2-dim table of index
        rows), either called here or bound to a name earlier in this graph; "" otherwise."""
        if isinstance(expr, cst.Name):
            scope = self._scopes[-1] if self._scopes else None
            return scope.index_tensors.get(expr.value, "") if scope and self.computed_in_graph(expr) else ""
        if isinstance(expr, cst.Call) and self.ctx.resolve(expr.func) in INDEX_TENSOR_FACTORIES:
            return INDEX_TENSOR_FACTORIES[self.ctx.resolve(expr.func)]
        return "positions" if self._one_dim_value(expr, self.one_dim) else ""

    def _reshaped(self, expr: cst.BaseExpression):
        """The tensor that `expr` reshapes keeping its dtype (`m` of `m.view(-1)`, of `rearrange(m, 'b n -> n b')`), or
        None."""
        if not isinstance(expr, cst.Call):
            return None
        first = expr.args[0] if expr.args else None
        if self.ctx.resolve(expr.func) in MASK_RESHAPE_FUNCTIONS:  # `torch.tril(m)`: the tensor is `m`, not `torch`
            return first.value if first is not None and first.keyword is None and not first.star else None
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in MASK_RESHAPES:
            return expr.func.value
        return None

    def is_bool_mask(self, expr: cst.BaseExpression) -> bool:
        """A boolean tensor: a comparison of tensors, `~`/`&`/`|` of masks, isnan(...), `.bool()`, a mask
        reshaped..."""
        reshaped = self._reshaped(expr)
        if reshaped is not None:
            return self.is_bool_mask(reshaped)
        if isinstance(expr, cst.Name):
            return bool(self._scopes) and expr.value in self._scopes[-1].masks
        if isinstance(expr, cst.Attribute) and is_self_attr(expr):
            return bool(self._scopes) and dotted(expr) in self._scopes[-1].masks
        if isinstance(expr, cst.Attribute):
            return self._declared_mask_field(expr)
        if isinstance(expr, cst.Comparison):
            return self.ctx.is_tensor(expr)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            # `~t` of any tensor: the bitwise not of an integer tensor is no index anyone means (`x[:, ~pbc]`)
            return self.is_bool_mask(expr.expression) or self.ctx.is_tensor(expr.expression)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, BOOL_OPERATORS):
            return self.is_bool_mask(expr.left) and self.is_bool_mask(expr.right)
        if isinstance(expr, cst.Subscript):  # rows or a gather of a mask: `nopbc_graph[batch_indices]`
            return self.ctx.is_tensor(expr) and self.is_bool_mask(expr.value)
        joined = self._joined(expr)
        if joined is not None:
            return all(self.is_bool_mask(part) for part in joined)
        if isinstance(expr, cst.Call):
            func = expr.func
            name = self.ctx.resolve(func) or ""
            if name.startswith("torch.") and (name[6:] in BOOL_TORCH_FUNCTIONS or self._bool_dtype(expr)):
                return True  # `torch.isnan(x)`, `torch.zeros(n, dtype=torch.bool)`
            if name in ("torch.any", "torch.all") and _reduces_a_dim(expr, 1):
                return True  # `torch.all(cell == 0, dim=(1, 2))`: one truth value per row
            if isinstance(func, cst.Attribute) and (func.attr.value in BOOL_METHODS or self._bool_dtype_method(expr)
                                                    or func.attr.value in ("any", "all") and _reduces_a_dim(expr, 0)):
                return self.ctx.is_tensor(func.value)
            if isinstance(func, cst.Attribute) and in_place_method(func.attr.value):
                return self.is_bool_mask(func.value)  # `mask.fill_diagonal_(0)` returns the mask, dtype kept
        return False

    def _declared_mask_field(self, expr: cst.Attribute) -> bool:
        """`inp.mask` where `inp` holds an instance of a class of this file that declares `mask` a boolean tensor
        (`inp: PaddedInput`, a NamedTuple with `mask: Bool[Tensor, "b n"]`)."""
        frame = self.ctx.frame
        if not (isinstance(expr.value, cst.Name) and frame is not None):
            return False
        info = self.ctx.facts.classes.get(frame.env.get(instance_key(expr.value.value)))
        return info is not None and expr.attr.value in info.mask_attrs

    def _joined(self, expr: cst.BaseExpression) -> Optional[List[cst.BaseExpression]]:
        """The tensors `torch.cat([a, b])` / `torch.stack((a, b), dim=1)` joins, spelled in a list or tuple display:
        the result is boolean when every one is (one of another dtype promotes it: `cat([ones(1, dtype=bool), d])`
        of an integer `d` indexes by position)."""
        if not (isinstance(expr, cst.Call) and expr.args and expr.args[0].keyword is None
                and isinstance(expr.args[0].value, (cst.List, cst.Tuple)) and expr.args[0].value.elements
                and self.ctx.resolve(expr.func) in JOINS):
            return None
        elements = expr.args[0].value.elements
        return None if any(isinstance(e, cst.StarredElement) for e in elements) else [e.value for e in elements]

    def _bool_dtype(self, call: cst.Call) -> bool:
        """The call is given `dtype=torch.bool`."""
        return any(a.keyword is not None and a.keyword.value == "dtype" and self._is_bool_dtype(a.value)
                   for a in call.args)

    def _is_bool_dtype(self, expr: cst.BaseExpression) -> bool:
        """`torch.bool`, or the builtin `bool` that torch takes for it (`torch.ones(n, dtype=bool)`)."""
        return self.ctx.resolve(expr) in BOOL_DTYPES

    def _bool_dtype_method(self, call: cst.Call) -> bool:
        """`x.new_zeros(n, dtype=torch.bool)`, `t.to(torch.bool)`, `t.type(torch.bool)`: a boolean tensor if `x` is
        a tensor."""
        method = call.func.attr.value if isinstance(call.func, cst.Attribute) else None
        if method not in DTYPE_METHODS:
            return False
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        if method in ("to", "type") and positional:
            return self._is_bool_dtype(positional[0])
        return self._bool_dtype(call)

    def mask_formula(self, expr: cst.BaseExpression) -> tuple:
        """When `expr` is a boolean tensor (a tensors.Formula): ALWAYS where is_bool_mask says so, or on
        project-wide facts about the tensors it is computed from (`pos_mask.bool()`, `losses < low`)."""
        if self.is_bool_mask(expr):
            return ALWAYS
        reshaped = self._reshaped(expr)
        if reshaped is not None:
            return self.mask_formula(reshaped)
        if isinstance(expr, cst.Name) or isinstance(expr, cst.Attribute) and is_self_attr(expr):
            return self._scopes[-1].maybe_masks.get(dotted(expr), ()) if self._scopes else ()
        if isinstance(expr, cst.Comparison):
            return self.ctx.tensor_formula(expr)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            return self.mask_formula(expr.expression) or self.ctx.tensor_formula(expr.expression)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, BOOL_OPERATORS):
            return _conjunction(self.mask_formula(expr.left), self.mask_formula(expr.right))
        if isinstance(expr, cst.Subscript):  # a row of such a mask: `filt = xc[xi]` of `xc = scores > threshold`
            return _conjunction(self.ctx.tensor_formula(expr), self.mask_formula(expr.value))
        joined = self._joined(expr)
        if joined is not None:  # `torch.cat([first, key[1:] != key[:-1]])`: each part a mask on its own facts
            found = ALWAYS
            for part in joined:
                found = _conjunction(found, self.mask_formula(part))
            return found
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and (
                expr.func.attr.value in BOOL_METHODS or self._bool_dtype_method(expr)):
            return self.ctx.tensor_formula(expr.func.value)
        if isinstance(expr, cst.Call):
            return self._returned_mask(expr)
        return ()

    def _returned_mask(self, call: cst.Call) -> tuple:
        """A call of a project function that returns a boolean mask (`accepted = metropolis(...)` returning
        `random < p_accept`): a mask where every function the call reaches returns one of tensors."""
        record = self.ctx.call_record(call)
        caller = self.ctx.inference.caller
        if record is None or caller is None or record[0] == "name" and record[1].startswith("torch."):
            return ()
        return formula(Maybe.atom(("mask", caller) + record))

    def is_python_sequence(self, expr: cst.BaseExpression) -> bool:
        """A list or tuple we saw being built: a literal, a local or module name bound to one, a
        `self.attr` set to one in `__init__`, or a shape."""
        if isinstance(expr, LITERAL_SEQUENCES):
            return True
        if isinstance(expr, cst.Name):
            local = self._scopes[-1].sequences if self._scopes else set()
            return expr.value in local or (expr.value in self._module_sequences and expr.value not in self.ctx.frame.env)
        if self.is_shape(expr):
            return True
        if isinstance(expr, cst.Attribute):
            frame = self.ctx.frame
            if isinstance(expr.value, cst.Name) and expr.value.value == "self" and frame and frame.cls:
                return expr.attr.value in self._class_sequences.get(frame.cls.name, ())
        return False

    def _tolist_of_tensor(self, expr: cst.BaseExpression) -> bool:
        """`t.tolist()` of a known tensor: a Python list (a 0-d tensor's number is no sequence, and indexing it fails
        in eager too), whose items indexed by a tensor need the index as an int (WL colors: `colors[j]` for `j` in a
        neighbour tensor, GB0124 on 2.13)."""
        return isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) \
            and expr.func.attr.value == "tolist" and self.ctx.is_tensor(expr.func.value)

    def is_shape(self, expr: cst.BaseExpression) -> bool:
        """`x.shape` or `x.size()` of a tensor."""
        if isinstance(expr, cst.Attribute):
            return expr.attr.value == "shape"
        return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "size" \
            and not expr.args and self.ctx.is_tensor(expr.func.value)

    # -- bookkeeping ------------------------------------------------------------------------------
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        methods = [s for s in node.body.body if isinstance(s, cst.FunctionDef)]
        for statement in methods:
            if statement.name.value == "__init__":
                self._class_sequences[node.name.value] = _self_sequences(statement)
        self._stored_after_init[node.name.value] = _self_stores([m for m in methods if m.name.value != "__init__"])
        self._class_methods[node.name.value] = methods
        self._owners.append(node.name.value)

    def _one_dim_members(self, methods: List[cst.FunctionDef]) -> Set[str]:
        """The attributes and methods of a class that hold or return 1-d tensors on every store or return,
        each resting only on its own spelling and on members found so far (see one_dim)."""
        values: Dict[str, List[cst.BaseExpression]] = {}
        for method in methods:
            for name, value in _self_stored_values(method):
                values.setdefault(name, []).append(value)
            returns = _returned_values(method)
            if returns:
                values.setdefault(method.name.value, []).extend(returns)
        found: Set[str] = set()
        grew = True
        while grew:
            grew = False
            for name, stored in values.items():
                # a member stored from itself keeps its rank (`self.timesteps = self.timesteps.to(device)`)
                def known(expr: cst.BaseExpression, mine: str = name) -> bool:
                    return isinstance(expr, cst.Attribute) and is_self_attr(expr) in found | {mine}

                if name not in found and all(v is not None and self._one_dim_value(v, known) for v in stored):
                    found.add(name)
                    grew = True
        return found

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self._owners.pop()

    def _method_of(self) -> str:
        """The class whose method is the def being entered or left ("" for a function or a nested def)."""
        return self._owners[-2] if len(self._owners) > 1 else ""

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._owners.append("")
        scope = _Scope(self._scopes[-1] if self._scopes else None)
        params = node.params
        for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
            scope.params.add(param.name.value)
            if annotation_kind(param.annotation, self.ctx.imports) != TENSOR:
                scope.assumed.add(param.name.value)
            scope.masks.discard(param.name.value)
            scope.maybe_masks.pop(param.name.value, None)
            scope.sequences.discard(param.name.value)
            scope.computed.pop(param.name.value, None)
            scope.maybe_computed.pop(param.name.value, None)
            scope.bound_under.pop(param.name.value, None)
            scope.positions.discard(param.name.value)
            scope.index_tensors.pop(param.name.value, None)
            scope.rows.discard(param.name.value)
            scope.constants.discard(param.name.value)
            if declares_bool_tensor(param.annotation, self.ctx.imports):
                scope.masks.add(param.name.value)  # `verlet_mask: torch.BoolTensor`, `mask: Bool[Tensor, "b n"]`
        scope.statements = {id(s) for s in node.body.body} if isinstance(node.body, cst.IndentedBlock) else set()
        if node.name.value != "__init__":  # `self.mask = self.negatives(n)` in __init__, `sim[self.mask]` here
            for attribute, mask in self._class_masks.get(self._method_of(), {}).items():
                if mask == ALWAYS:
                    scope.masks.add(attribute)
                else:
                    scope.maybe_masks[attribute] = mask
        self._scopes.append(scope)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        owner = self._method_of()
        scope = self._scopes.pop()
        self._owners.pop()
        if owner and node.name.value == "__init__":
            stored = self._stored_after_init.get(owner, set())
            masks = {**{a: m for a, m in scope.maybe_masks.items() if a.startswith("self.")},
                     **{a: ALWAYS for a in scope.masks if a.startswith("self.")}}
            self._class_masks[owner] = {a: m for a, m in masks.items() if a not in stored}

    def leave_Assign(self, node: cst.Assign) -> None:
        names = [n for target in node.targets for n in bound_names(target.target)]
        if not self._scopes:
            if isinstance(node.value, LITERAL_SEQUENCES):
                self._module_sequences.update(names)
            return
        scope = self._scopes[-1]
        self._store_attribute_masks(node)
        single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        is_mask = single and self.is_bool_mask(node.value)
        maybe_mask = self.mask_formula(node.value) if single and not is_mask else ()
        is_sequence = single and (isinstance(node.value, LITERAL_SEQUENCES) or self._tolist_of_tensor(node.value))
        traced = not self.ctx.holes  # a binding in a branch dynamo never traces computes nothing in the graph
        is_position = single and self.is_computed_position(node.value)
        # the positions of nonzero elements are computed here even from a numpy array of no kind we know (the binding
        # breaks, and walking the positions after it breaks again: tests/dynamo_cases/position_tables.py)
        is_computed = single and traced and (is_position or self.computed_in_graph(node.value)
                                             or isinstance(node.value, cst.Subscript)
                                             and self._positions_of_one_dim(node.value))
        maybe_computed = self.computed_formula(node.value) if single and traced and not is_computed else ()
        index_tensor = self._index_tensor(node.value) if single else ""
        is_int32 = is_computed and _int32(node.value, scope.int32)
        is_constant = single and self.constant_tensor(node.value)
        # `row, col = edge_index` or `longest = max(lengths)` of an assumed parameter: its rows (or items) are as
        # assumed as it was (a list of ints handed in reads the same)
        items_of_assumed = (not single and isinstance(node.value, cst.Name) and node.value.value in scope.assumed
                            and len(names) <= MAX_UNPACKED_ROWS) \
            or (single and self._extreme_of_assumed(node.value, scope.assumed))
        for name in names:
            (scope.constants.add if is_constant else scope.constants.discard)(name)
            scope.computed.pop(name, None)
            (scope.int32.add if is_int32 else scope.int32.discard)(name)
            (scope.positions.add if is_position else scope.positions.discard)(name)
            scope.rows.discard(name)
            if index_tensor:
                scope.index_tensors[name] = index_tensor
            else:
                scope.index_tensors.pop(name, None)
            if is_computed:
                scope.computed[name] = self.ctx.break_candidates
            scope.maybe_computed.pop(name, None)
            if maybe_computed:
                scope.maybe_computed[name] = (self.ctx.break_candidates, maybe_computed)
            if self.ctx.hole_atoms:
                scope.bound_under[name] = tuple(self.ctx.hole_atoms)
            else:
                scope.bound_under.pop(name, None)
            (scope.assumed.add if items_of_assumed else scope.assumed.discard)(name)
            (scope.masks.add if is_mask else scope.masks.discard)(name)
            scope.maybe_masks.pop(name, None)
            if maybe_mask:
                scope.maybe_masks[name] = maybe_mask
            (scope.sequences.add if is_sequence else scope.sequences.discard)(name)

    def visit_Else(self, node: cst.Else) -> None:
        if self._branches and self._branches[-1].node.orelse is node:
            self._branches[-1].enter_orelse(self.ctx.break_candidates)

    def leave_If(self, node: cst.If) -> None:
        """`if mask.dtype != torch.bool: raise ValueError(...)` as a statement of the function body: `mask` is a
        boolean tensor in the rest of it (the guard's exit is taken otherwise)."""
        self._branches.pop().leave()
        if node.orelse is None and self._scopes and id(node) in self._scopes[-1].statements \
                and ends_in_exit(node.body):
            self._checked_bool(node.test, equal=False)

    def leave_Assert(self, node: cst.Assert) -> None:
        """`assert mask.dtype == torch.bool` as a statement of the function body: the same."""
        line = self.ctx.statements[-1] if self.ctx.statements else None
        if self._scopes and id(line) in self._scopes[-1].statements:
            self._checked_bool(node.test, equal=True)

    def _checked_bool(self, test: cst.BaseExpression, equal: bool) -> None:
        """`name.dtype == torch.bool` (`!=` where `equal` is False, or `not` of the other): `name` is a mask."""
        name = self._bool_checked_name(test, equal)
        if name is not None:
            self._scopes[-1].masks.add(name)

    def _bool_checked_name(self, test: cst.BaseExpression, equal: bool) -> Optional[str]:
        """The name (or `self.x`) that `test` says is of dtype torch.bool when it holds (`equal`) or fails."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, equal = test.expression, not equal
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
            return None
        target = test.comparisons[0]
        operators = (cst.Equal, cst.Is) if equal else (cst.NotEqual, cst.IsNot)
        checked = test.left
        if isinstance(target.operator, operators) and isinstance(checked, cst.Attribute) \
                and checked.attr.value == "dtype" and self._is_bool_dtype(target.comparator) \
                and (isinstance(checked.value, cst.Name) or is_self_attr(checked.value)):
            return dotted(checked.value)
        return None

    def visit_If(self, node: cst.If) -> None:
        """The `if` is a _Branch being walked. And `if m.dtype == torch.bool:` (a graph library's `select(src,
        index_or_mask)`): `m` is a mask in the body; `if m.dtype != torch.bool:` makes it one in the else branch."""
        if self._branches and self._branches[-1].node.orelse is node:
            self._branches[-1].enter_orelse(self.ctx.break_candidates)  # `elif`
        self._branches.append(_Branch(node, self._scopes[-1] if self._scopes else None, self.ctx.break_candidates))
        if not self._scopes:
            return
        orelse = node.orelse.body if isinstance(node.orelse, cst.Else) else None
        for equal, block in ((True, node.body), (False, orelse)):
            name = self._bool_checked_name(node.test, equal) if block is not None else None
            if name is not None and name not in self._scopes[-1].masks:
                self._branch_masks[id(block)] = name

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        name = self._branch_masks.get(id(node))
        if name is not None and self._scopes:
            self._scopes[-1].masks.add(name)

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        name = self._branch_masks.pop(id(node), None)
        if name is not None and self._scopes:
            self._scopes[-1].masks.discard(name)  # after the branch, whatever the other side left it

    visit_SimpleStatementSuite = visit_IndentedBlock
    leave_SimpleStatementSuite = leave_IndentedBlock

    def leave_Call(self, node: cst.Call) -> None:
        """`self.register_buffer("keep", m)` stores `self.keep` as an assignment would (a mask when `m` is one)."""
        name = _registered_buffer(node)
        if name is not None and self._scopes:
            self._store_mask(f"self.{name}", node.args[1].value)

    def _store_attribute_masks(self, node: cst.Assign) -> None:
        """`self.keep = dist < cutoff`: the attribute holds a boolean tensor (or one if project-wide facts hold) until
        this function stores it again (the same statement set it on earlier calls, so a store under a test still
        leaves that mask after the test)."""
        attributes = [dotted(t.target) for t in node.targets if is_self_attr(t.target)]
        unpacked = [t.target for t in node.targets if isinstance(t.target, (cst.Tuple, cst.List))]
        self._forget([name for target in unpacked for name in _stored_names(target) if "." in name])  # `self.keep, n =`
        if not attributes:
            return
        for attribute in attributes:
            self._store_mask(attribute, node.value if len(node.targets) == 1 else None)

    def _store_mask(self, attribute: str, value: Optional[cst.BaseExpression]) -> None:
        """`attribute` holds `value` now (None: something unknown): a mask, one on project-wide facts, or neither."""
        scope = self._scopes[-1]
        is_mask = value is not None and self.is_bool_mask(value)
        maybe_mask = self.mask_formula(value) if value is not None and not is_mask else ()
        (scope.masks.add if is_mask else scope.masks.discard)(attribute)
        scope.maybe_masks.pop(attribute, None)
        if maybe_mask:
            scope.maybe_masks[attribute] = maybe_mask

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        # `m &= other_mask` narrows a mask: it stays a boolean tensor (triplet miners build masks this way)
        narrowed = isinstance(node.target, cst.Name) and isinstance(node.operator, BOOL_AUGMENTED) \
            and self.is_bool_mask(node.target) and self.is_bool_mask(node.value)
        # ... or a mask on project-wide facts when both are (`m = d <= margin; m &= d > 0`, d a helper's result)
        maybe_narrowed = _conjunction(self.mask_formula(node.target), self.mask_formula(node.value)) \
            if isinstance(node.target, cst.Name) and isinstance(node.operator, BOOL_AUGMENTED) and not narrowed else ()
        self._forget(_stored_names(node.target))
        if narrowed:
            self._scopes[-1].masks.add(node.target.value)
        elif maybe_narrowed:
            self._scopes[-1].maybe_masks[node.target.value] = maybe_narrowed

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._forget(_stored_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        self._forget(_stored_names(node.target))
        # iterating a tensor unbinds it in the graph: each element of `torch.arange(n)` is a 0-dim position computed
        # here, each element of `torch.cartesian_prod(a, b)` a row of them (demucs' and openunmix's `_covariance`)
        walked = self._index_tensor(node.iter)
        if walked and self._scopes and isinstance(node.target, cst.Name):
            scope, name = self._scopes[-1], node.target.value
            (scope.positions if walked == "positions" else scope.rows).add(name)
            scope.computed[name] = self.ctx.break_candidates

    def _extreme_of_assumed(self, value: cst.BaseExpression, assumed: Set[str]) -> bool:
        """Builtin `max(x)` / `min(x)` of an assumed parameter: one of its items."""
        return isinstance(value, cst.Call) and len(value.args) == 1 and not value.args[0].keyword \
            and not value.args[0].star and isinstance(value.args[0].value, cst.Name) \
            and value.args[0].value.value in assumed and self.ctx.resolve(value.func) in ("max", "min")

    def _forget(self, names: List[str]) -> None:
        if self._scopes:
            scope = self._scopes[-1]
            for name in names:
                scope.assumed.discard(name)
                scope.masks.discard(name)
                scope.maybe_masks.pop(name, None)
                scope.sequences.discard(name)
                scope.computed.pop(name, None)
                scope.maybe_computed.pop(name, None)
                scope.bound_under.pop(name, None)
                scope.positions.discard(name)
                scope.index_tensors.pop(name, None)
                scope.rows.discard(name)
                scope.int32.discard(name)
                scope.constants.discard(name)


def _conjunction(left: tuple, right: tuple) -> tuple:
    """Both formulas hold (`a & b` is a mask when both operands are)."""
    if not left or not right:
        return ()
    if left == ALWAYS or right == ALWAYS:
        return right if left == ALWAYS else left
    terms = {tuple(sorted(set(a) | set(b))) for a in left for b in right}
    return tuple(sorted(terms)) if len(terms) <= 6 else ()


def _calls_a_tensor_method(expr: cst.BaseExpression) -> bool:
    """`lengths.max()`, `n.sum() + 1`: a method no int, float, list or str has proves a tensor (the
    caller has already checked that the expression is a tensor if its parameters are)."""
    if isinstance(expr, cst.BinaryOperation):
        return _calls_a_tensor_method(expr.left) or _calls_a_tensor_method(expr.right)
    if isinstance(expr, cst.UnaryOperation):
        return _calls_a_tensor_method(expr.expression)
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
        and expr.func.attr.value not in PYTHON_VALUE_METHODS


def _registered_buffer(call: cst.Call) -> Optional[str]:
    """The attribute `self.register_buffer("name", t)` sets."""
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "register_buffer" \
            and dotted(call.func.value) == "self" and len(call.args) >= 2 and call.args[0].keyword is None \
            and isinstance(call.args[0].value, cst.SimpleString):
        name = call.args[0].value.evaluated_value
        return name if isinstance(name, str) else None
    return None


def _self_stores(methods: List[cst.FunctionDef]) -> Set[str]:
    """`self.x` of every `self.x = ...`, `self.x += ...`, `self.x: T = ...` and `self.register_buffer("x", ...)`
    anywhere in these methods."""
    found: Set[str] = set()
    for node in (s for m in methods for s in statements_under(m.body)):
        if isinstance(node, cst.Assign):
            found.update(n for target in node.targets for n in _stored_names(target.target) if "." in n)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            found.update(n for n in _stored_names(node.target) if "." in n)
        elif isinstance(node, cst.Expr) and isinstance(node.value, cst.Call) \
                and _registered_buffer(node.value) is not None:
            found.add(f"self.{_registered_buffer(node.value)}")
    return found


def _self_stored_values(method: cst.FunctionDef) -> List[Tuple[str, Optional[cst.BaseExpression]]]:
    """(x, the value) of each `self.x = value` and `self.register_buffer("x", value)` in `method`; None for a value
    that is not known (`self.x, n = ...`, `self.x += ...`)."""
    found: List[Tuple[str, Optional[cst.BaseExpression]]] = []
    for node in statements_under(method.body, into_definitions=False):
        if isinstance(node, cst.Assign):
            whole = len(node.targets) == 1 and is_self_attr(node.targets[0].target)
            found.extend((n.split(".", 1)[1], node.value if whole else None)
                         for target in node.targets for n in _stored_names(target.target) if "." in n)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            value = node.value if isinstance(node, cst.AnnAssign) else None
            found.extend((n.split(".", 1)[1], value) for n in _stored_names(node.target) if "." in n)
        elif isinstance(node, cst.Expr) and isinstance(node.value, cst.Call) \
                and _registered_buffer(node.value) is not None:
            found.append((_registered_buffer(node.value), node.value.args[1].value))
    return found


def _returned_values(method: cst.FunctionDef) -> List[Optional[cst.BaseExpression]]:
    """The values of `method`'s own return statements (None for a bare `return`)."""
    return [node.value for node in statements_under(method.body, into_definitions=False)
            if isinstance(node, cst.Return)]


def _self_sequences(init: cst.FunctionDef) -> Set[str]:
    """`self.x = [...]` / `(...)` anywhere in `__init__`."""
    found: Set[str] = set()
    stack: List[cst.CSTNode] = [init.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign) and isinstance(node.value, LITERAL_SEQUENCES):
            for target in node.targets:
                t = target.target
                if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == "self":
                    found.add(t.attr.value)
        elif isinstance(node, (cst.IndentedBlock, cst.SimpleStatementLine, cst.If, cst.For, cst.While,
                               cst.With, cst.Try, cst.Else)):
            stack.extend(nested_statements(node))
    return found

