"""CL114: a tensor used where Python needs an int (`__index__`): a list/tuple/shape/ModuleList index,
a slice bound, the argument of `range`, or a position computed on the device indexing a tensor."""

from typing import List, Set

import libcst as cst

from compilelint.checks._value_evidence import ValueEvidenceCheck
from compilelint.tensors import ALWAYS

MODULE_SEQUENCES = frozenset({"torch.nn.ModuleList", "torch.nn.Sequential"})
SCALAR_HELP = ("keep the lookup on the device: store the table as a tensor buffer and index it with the tensor "
               "(`self.table[idx]`), or pass a Python int; `capture_scalar_outputs = True` also removes the break")
MODULE_HELP = ("run every submodule and pick the result on the device (`torch.stack([h(x) for h in self.heads])` "
               "then `index_select(outs, 0, idx.view(1))`), or pass the index as a Python int")
SLICE_HELP = ("slice with Python ints (`x.shape[0]`) and mask the rest: `keep = torch.arange(x.shape[0]) < n`, "
              "`x * keep[:, None]`; `capture_scalar_outputs = True` also removes the break")
POSITION_HELP = ("select on the device instead: `torch.index_select(t, 0, i.view(1))`, `t.gather(...)`, or "
                 "`torch.take_along_dim`; `capture_scalar_outputs = True` also removes the break")
RANGE_HELP = ("loop over a Python int (pass it as an int, or use a shape such as `x.shape[0]`), or replace the "
              "loop with a closed form or a masked tensor op")


class TensorAsPythonInt(ValueEvidenceCheck):
    code = "CL114"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._assignments: List[_Assignment] = []  # the assignments around the node visited, innermost last

    def visit_Subscript(self, node: cst.Subscript) -> None:
        slices = [element.slice for element in node.slice]
        for part in slices:
            if isinstance(part, cst.Slice) and self._report_slice(node, part):
                return
        at_a_computed_position = self._at_a_computed_position(node)
        assignment = self._assignments[-1] if self._assignments else None
        if assignment is not None and not assignment.target_depth:
            assignment.value_breaks |= at_a_computed_position
        if at_a_computed_position and self.ctx.is_tensor(node.value):
            if assignment is not None and id(node) in assignment.targets:
                assignment.held.append(node)  # reported once the value is known not to break first
            else:
                self._report_position(node)
            return
        if len(slices) != 1 or not isinstance(slices[0], cst.Index):
            return
        index = slices[0].value
        if not self.proven_tensor(index):
            # a Python list indexed by a value some helper computes, a tensor wherever its callers pass tensors
            # (`step_sizes[self.index_for_timestep(t)]` with the index found by `argmax` on the schedule)
            when = self._computed_index(index)
            if when and self.is_python_sequence(node.value) and not self.is_shape(node.value):
                self.report(node, "a Python list or tuple indexed by a tensor calls `.item()` on it: a graph break "
                                  "and a device sync, and each new index value recompiles",
                            pattern="sequence-index", help=SCALAR_HELP, requires_tensor=when)
            return
        if self._is_module_sequence(node.value):
            self.report(node, "a ModuleList indexed by a tensor needs the index as a Python int: a graph break "
                              "and a device sync", pattern="module-list-index", help=MODULE_HELP)
        elif self.is_python_sequence(node.value):
            shape = self.is_shape(node.value)
            self.report(node, f"a {'shape' if shape else 'Python list or tuple'} indexed by a tensor calls `.item()` "
                              "on it: a graph break and a device sync, and each new index value recompiles",
                        pattern="shape-index" if shape else "sequence-index", help=SCALAR_HELP)

    def _computed_index(self, index: cst.BaseExpression) -> tuple:
        """The facts under which `index`, a local bound to another helper's result, is a tensor (tensors.Formula);
        () for this function's parameters and what rests only on them (`i = timestep`): callers pass ints there as
        often as tensors, as with the proven path's assumed parameters."""
        if not isinstance(index, cst.Name) or self.ctx.is_bare_input(index) or \
                (self._scopes and index.value in self._scopes[-1].params):
            return ()
        when = self.ctx.tensor_formula(index)
        if when == ALWAYS or self.own_parameters(when):
            return ()
        return when

    def _report_slice(self, node: cst.Subscript, part: cst.Slice) -> bool:
        """A slice bound that is a tensor: proven, or computed in the graph from a value that is one on project-wide
        facts (`numd = octree.nnum[depth]; x[-numd:]` with `nnum` a tensor attribute of the octree's class, set in a
        method or a base class of another file), as CL124 takes a size."""
        bounds = [b for b in (part.lower, part.upper, part.step) if b is not None and not self._numpy_arithmetic(b)]
        message = ("a tensor used as a slice bound is read back as a Python int: dynamo gives up on the whole frame "
                   "(it all runs eagerly)")
        if any(self.proven_tensor(bound) for bound in bounds):
            self.report(node, message, pattern="slice", help=SLICE_HELP)
            return True
        # a tensor on facts only (ALWAYS without proof rests on an assumed parameter), and computed in this graph: a
        # name computed here of no known kind (`top = random.randint(...)`) is no tensor
        found = [(formula, self.bound_under(bound)) for bound in bounds for formula in [self.ctx.tensor_formula(bound)]
                 if formula not in ((), ALWAYS) and not self.own_parameters(formula) and self.computed_formula(bound)]
        if not found:
            return False
        formula, unless = min(found, key=lambda f: len(f[1]))
        self.report(node, message, pattern="slice", help=SLICE_HELP, requires_tensor=formula, unless=unless)
        return True

    def _numpy_arithmetic(self, bound: cst.BaseExpression) -> bool:
        """Arithmetic of a numpy scalar attribute written in the slice (`x[:, :self.hop * 2]`): dynamo slices by it
        without a break where it is the frame's first arithmetic of the attribute, and breaks after one (2.13); a name
        bound to it breaks there as everywhere Python needs its value."""
        frame = self.ctx.frame
        return frame is not None and not isinstance(bound, cst.Name) \
            and self.ctx.inference.numpy_arithmetic(bound, frame.env, frame.cls)

    def _report_position(self, node: cst.Subscript) -> None:
        self.report(node, "indexing a tensor with a position computed on the device (`t[s.argmax()]`) needs "
                          "that position as a Python int: dynamo breaks the graph (data-dependent operator)",
                    pattern="tensor-index", help=POSITION_HELP)

    def visit_Assign(self, node: cst.Assign) -> None:
        self._assignments.append(_Assignment({id(t.target) for t in node.targets}))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if self._assignments:
            self._assignments[-1].target_depth += 1

    def leave_AssignTarget(self, node: cst.AssignTarget) -> None:
        if self._assignments:
            self._assignments[-1].target_depth -= 1

    def leave_Assign(self, node: cst.Assign) -> None:
        # `t[:, i] = y[:, i]`: dynamo evaluates the value first and breaks there, on its line (whatever `y` is)
        assignment = self._assignments.pop()
        if not assignment.value_breaks:
            for target in assignment.held:
                self._report_position(target)
        super().leave_Assign(node)

    def _at_a_computed_position(self, node: cst.Subscript) -> bool:
        return any(isinstance(element.slice, cst.Index) and self.is_computed_position(element.slice.value)
                   for element in node.slice)

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.resolve(node.func) == "range" and any(self.proven_tensor(a.value) for a in node.args):
            self.report(node, "`range()` of a tensor needs its value as a Python int: dynamo cannot trace it and "
                              "the graph breaks", pattern="range", help=RANGE_HELP)

    def _is_module_sequence(self, expr: cst.BaseExpression) -> bool:
        frame = self.ctx.frame
        if not (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"):
            return False
        return frame is not None and frame.cls is not None and \
            frame.cls.submodules.get(expr.attr.value) in MODULE_SEQUENCES


class _Assignment:
    """An assignment being walked: its targets are walked before its value, which dynamo evaluates first."""

    def __init__(self, targets: Set[int]) -> None:
        self.targets = targets  # ids of its whole targets (`t[:, i]` of `t[:, i] = ...`)
        self.held: List[cst.Subscript] = []  # target subscripts at a computed position, waiting for the value
        self.value_breaks = False  # a subscript of its value indexes at a computed position
        self.target_depth = 0  # > 0 while a target is walked
