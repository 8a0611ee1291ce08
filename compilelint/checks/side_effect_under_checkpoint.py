"""CL171: a module's state changed in code that compiled activation checkpointing runs (`self.cache = t`)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._python_state import python_state, self_attribute

# what grows a list or set in place: a mutation of an object from outside the checkpointed function
GROWING_METHODS = frozenset({"append", "extend", "insert", "add"})
# what moves a value to a device: a tensor, a module or a project object comes back, never a number or a string (those
# fail at the checkpoint call instead), so the store breaks whatever the value is (`self.E = self.E.to(K.device)`)
MOVING_METHODS = frozenset({"to", "cuda", "cpu"})
HELP = ("keep the checkpointed function free of state changes: precompute the cache in `__init__` (a buffer) "
        "or before the checkpoint call, return the value instead of storing it, or set "
        "`torch._dynamo.config.skip_fwd_side_effects_in_bwd_under_checkpoint = True` if the side effect need "
        "not replay in the backward")


class SideEffectUnderCheckpoint(Check):
    code = "CL171"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # (function frame, blocks enclosing it) of each state change reported: one runs before anything later in a
        # block it encloses, and dynamo abandons the checkpointed call there (corext's rotary cache stores cos, then
        # sin: only the first breaks); frames are compared by identity
        self._changed: list = []

    def _blocks(self) -> tuple:
        """The blocks enclosing the walk inside its function: (compound statement, which of its children holds the
        statement below it), so that an `if` body and its `else` are different blocks. An `if` testing only the
        module's own state (`if self.is_proj_tensor:`) stands for its test: a later `if` with the same test is the
        same path (linformer moves its E projection, then its F one, each under `if self.is_proj_tensor:`)."""
        statements = self.ctx.statements
        depth = max((i for i, s in enumerate(statements) if isinstance(s, cst.FunctionDef)), default=-1)
        return tuple((condition, not _holds(outer.body, inner)) if condition is not None else
                     (id(outer), next((i for i, child in enumerate(outer.children) if _holds(child, inner)), -1))
                     for outer, inner in zip(statements[depth + 1:-1], statements[depth + 2:])
                     for condition in (_condition(outer),))

    def _in_evaluation_only(self) -> bool:
        """Under `if self.training: ... else:` (or `if not self.training:`): code that runs in evaluation only,
        where nobody checkpoints (bclm caches its oscillator kernel there, and checkpoints `if self.training`)."""
        statements = self.ctx.statements
        for outer, inner in zip(statements, statements[1:]):
            if isinstance(outer, cst.If):
                test, negated = outer.test, False
                if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
                    test, negated = test.expression, True
                if self_attribute(test) == "training" and _holds(outer.body, inner) == negated:
                    return True
        return False

    def _report(self, node: cst.CSTNode, what: str) -> None:
        frame = self.ctx.frame
        if self._in_evaluation_only():
            return
        blocks = self._blocks()
        if any(changed is frame and blocks[:len(enclosing)] == enclosing for changed, enclosing in self._changed):
            return
        self._changed.append((frame, blocks))
        self.report(node, f"{what} in code that `torch.utils.checkpoint.checkpoint` runs in compiled code: dynamo "
                          "traces the checkpointed function as a higher-order op, which may not change state from "
                          "outside it, and breaks here", help=HELP, requires=("checkpointed", frame.region_key))

    def visit_Assign(self, node: cst.Assign) -> None:
        frame = self.ctx.frame
        if frame is None or frame.cls is None or frame.region_key is None \
                or not (self.ctx.is_tensor(node.value) or _moved(node.value)):
            return
        what = "a tensor is stored on `self.{}`" if self.ctx.is_tensor(node.value) \
            else "`self.{}` is set to a value moved to a device (a tensor, a module or an object)"
        for target in node.targets:
            attr = self_attribute(target.target)
            if attr is not None:
                self._report(node, what.format(attr))
                return

    def visit_Call(self, node: cst.Call) -> None:
        frame = self.ctx.frame
        func = node.func
        if frame is None or frame.cls is None or frame.region_key is None or not isinstance(func, cst.Attribute) \
                or func.attr.value not in GROWING_METHODS:
            return
        attr = self_attribute(func.value)
        if attr is not None and attr in python_state(self.ctx.module, self.ctx.imports).container_attrs.get(
                frame.cls.name, set()):
            self._report(node, f"`self.{attr}.{func.attr.value}(...)` grows a container the module keeps")


def _condition(statement: cst.CSTNode):
    """The code of an `if`'s test that reads nothing but `self` (and constants): the same on every path through the
    function, as long as the method changes no flag it tests."""
    if not isinstance(statement, cst.If):
        return None
    names = {n.value for n in _names(statement.test)}
    return cst.Module([]).code_for_node(statement.test) if names <= {"self", "None", "True", "False"} else None


def _names(node: cst.CSTNode):
    if isinstance(node, cst.Name):
        yield node
    elif isinstance(node, cst.Attribute):
        yield from _names(node.value)  # `self.flag`: the attribute's own name is no variable
    else:
        for child in node.children:
            yield from _names(child)


def _moved(value: cst.BaseExpression) -> bool:
    """`x.to(device)`, `x.cuda()`, `x.cpu()` of any x: a tensor, a module or an object with such a method."""
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
        and value.func.attr.value in MOVING_METHODS


def _holds(node: cst.CSTNode, statement: cst.CSTNode) -> bool:
    return node is statement or any(_holds(child, statement) for child in node.children
                                    if not isinstance(child, cst.BaseExpression))
