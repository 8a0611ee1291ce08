"""CL121: ops whose output size depends on tensor values (nonzero, one-argument where, unique, ...)."""

from typing import Optional, Tuple

import libcst as cst

from compilelint.check import FixSpec
from compilelint.checks._value_evidence import ValueEvidenceCheck
from compilelint.facts import BREAKS_INSIDE_TORCH_MODULES
from compilelint.findings import Applicability
from compilelint.tensors import ALWAYS, NOT_TENSOR, TENSOR, UNKNOWN, Maybe, both, formula, is_self_attr

# (`torch.combinations` selects its pairs with a mask: dynamic-shape, GB0036, whatever the input's values)
ALWAYS_DYNAMIC = frozenset("nonzero argwhere unique unique_consecutive masked_select bincount combinations".split())
# torchvision's non-maximum suppression keeps a data-dependent number of boxes: its op's fake kernel allocates an
# unbacked size (GB0036), reported at the call (held-out 14, 25, 36: batched_nms in detection post-processing)
TORCHVISION_NMS = frozenset({"torchvision.ops.nms", "torchvision.ops.batched_nms", "torchvision.ops.boxes.nms",
                             "torchvision.ops.boxes.batched_nms", "torch.ops.torchvision.nms"})
# the Python wrappers (not the op itself): called from a frame dynamo gave up on, each is a frame of its own that
# dynamo compiles, so it still breaks there (measured on 2.13 after a loop skip; held-out 93, yolort's PostProcess)
TORCHVISION_NMS_WRAPPERS = TORCHVISION_NMS - {"torch.ops.torchvision.nms"}
# methods only tensors (and numpy arrays, which dynamo traces as tensors) have: called on a value of unknown kind,
# that value is one (`remove_self = lambda t: t.masked_select(mask)`, `state.system_idx.bincount()` of a state
# object); `unique` is a pandas method too
TENSOR_ONLY_METHODS = frozenset("nonzero argwhere unique_consecutive masked_select bincount".split())
# the CTC loss sizes its alignment table by the longest target: GB0036 whatever the inputs (measured on 2.13, as a
# function and as the module), GB0037 with capture_dynamic_output_shape_ops, so that flag does not remove it
CTC_LOSS_FUNCTIONS = frozenset({"torch.ctc_loss", "torch.nn.functional.ctc_loss"})
# numpy in compiled code is traced as torch ops (trace_numpy), these into data-dependent ones
NUMPY_DYNAMIC = frozenset("nonzero argwhere flatnonzero unique".split())
CTC_HELP = "compute the CTC loss outside the compiled function (on its outputs)"
HELP = ("keep shapes static: masked arithmetic (`(x * m).sum()`), `torch.where(cond, a, b)` with three "
        "arguments, `repeat_interleave(..., output_size=n)` with a Python int, `F.one_hot(t, C).sum(0)` "
        "instead of `bincount`; or set `torch._dynamo.config.capture_dynamic_output_shape_ops = True`")


# Shown, never applied: the sizes they need are only known to the author; the flag changes global config.
HINTS = {
    "repeat_interleave": FixSpec(Applicability.DISPLAY_ONLY, "add `output_size=N`, with N the total of the repeats "
                                 "as a Python int (for example `x.shape[0]` when the repeats cover x's rows)"),
    "bincount": FixSpec(Applicability.DISPLAY_ONLY, "count with a static size: `F.one_hot(labels, C).sum(0)` with C "
                        "the number of bins as a Python int"),
}
CONFIG_HINT = FixSpec(Applicability.DISPLAY_ONLY, "or set `torch._dynamo.config.capture_dynamic_output_shape_ops = "
                      "True` before compiling (a global setting: compilelint never writes it)")


def _positional(node: cst.Call):
    return [a.value for a in node.args if a.keyword is None and not a.star]


def _keyword(node: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    return next((a.value for a in node.args if a.keyword is not None and a.keyword.value == name), None)


def _slice_difference(expr: cst.BaseExpression) -> bool:
    """`ptr[1:] - ptr[:-1]`: the lengths between offsets. Lists and tuples cannot subtract, so the slices are of a
    tensor (or of an array, which repeat_interleave does not take)."""
    return isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Subtract) and all(
        isinstance(side, cst.Subscript) and len(side.slice) == 1 and isinstance(side.slice[0].slice, cst.Slice)
        for side in (expr.left, expr.right))


class DynamicShapeOp(ValueEvidenceCheck):
    code = "CL121"

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.resolve(node.func) or ""
        if name in CTC_LOSS_FUNCTIONS or self._ctc_module(node.func) and not self._in_forward():
            self.report(node, "the CTC loss sizes its alignment table by the longest target, a size dynamo only "
                              "knows from the data: the graph breaks here", pattern="ctc_loss", help=CTC_HELP)
            return
        if self._ctc_module(node.func):
            return  # in a module's forward: the break is reported where the module is called (below)
        record = self._project_module_call(node.func)
        if record is not None:
            self.report(node, "this module's forward runs the CTC loss (an `nn.CTCLoss` submodule), which sizes "
                              "its alignment table by the longest target: the graph breaks inside torch, and dynamo "
                              "reports it at this call of the module", pattern="ctc_loss", help=CTC_HELP,
                        requires=("forward-breaks-in-torch", *record))
            return
        found = self._dynamic_op(node, name)
        if found is not None:
            op, when = found
            extra = " (`minlength` does not bound it)" if op == "`bincount`" else ""
            self.report(node, f"{op} returns a tensor whose size depends on the data{extra}: dynamo cannot "
                              "trace it without `capture_dynamic_output_shape_ops`, so the graph breaks here "
                              "and the code after it recompiles once for the new size", help=HELP,
                        fix=HINTS.get(op.split("`")[1], CONFIG_HINT), requires_tensor=None if when == ALWAYS else when,
                        pattern="torchvision_nms" if name in TORCHVISION_NMS_WRAPPERS else "default")

    def _ctc_module(self, func: cst.BaseExpression) -> bool:
        """A call of a submodule __init__ binds to `nn.CTCLoss` only."""
        frame, attr = self.ctx.frame, is_self_attr(func)
        classes = frame.cls.submodule_classes.get(attr, ()) if frame is not None and frame.cls is not None else ()
        return bool(classes) and classes <= BREAKS_INSIDE_TORCH_MODULES

    def _in_forward(self) -> bool:
        """The call is in a module's `forward`, entered through the module's call: a torch module it calls that breaks
        inside torch is reported one module up, at the line that called this one (nowhere in the project when this
        module is what was compiled); from a plain method it is reported in the method (measured on 2.13)."""
        frame = self.ctx.frame
        return frame is not None and frame.cls is not None and (frame.returns_key or "").endswith(".forward")

    def _project_module_call(self, func: cst.BaseExpression) -> Optional[Tuple[str, str]]:
        """`self.attr(...)` of a submodule __init__ binds to a class that is not torch's, as a call record: its forward
        may run a torch module that breaks inside torch (conditions: "forward-breaks-in-torch")."""
        frame, attr = self.ctx.frame, is_self_attr(func)
        if attr is None or frame is None or frame.cls is None:
            return None
        classes = frame.cls.submodule_classes.get(attr) or {frame.cls.declared.get(attr)} - {None}
        return ("self", attr) if classes and not all(c.startswith("torch.") for c in classes) else None

    def _dynamic_op(self, node: cst.Call, name: str) -> Optional[Tuple[str, tuple]]:
        """(the op, when it is a tensor op: a tensors.Formula on project-wide facts, or ALWAYS)."""
        func = node.func
        if name in TORCHVISION_NMS:
            return f"`{name.rsplit('.', 1)[1]}`", ALWAYS
        if name.startswith("numpy.") and name.count(".") == 1:
            op = name[len("numpy."):]
            if op in NUMPY_DYNAMIC or (op == "where" and len(node.args) == 1):
                return f"`numpy.{op}`", ALWAYS
            return None
        if name.startswith("torch.") and name.count(".") == 1:
            op, args, is_function, receiver = name[6:], _positional(node), True, TENSOR
            repeats = args[1] if len(args) > 1 else _keyword(node, "repeats")
        elif isinstance(func, cst.Attribute):
            op, args, is_function, receiver = func.attr.value, _positional(node), False, self._receiver(func)
            if receiver is UNKNOWN:
                return None
            repeats = args[0] if args else _keyword(node, "repeats")
        else:
            return None
        if op in ALWAYS_DYNAMIC:
            return f"`{op}`", formula(receiver)
        if op == "where" and is_function and len(node.args) == 1:
            return "`where` with one argument (that is `nonzero(as_tuple=True)`)", ALWAYS
        if op == "repeat_interleave" and _keyword(node, "output_size") is None:
            # torch.repeat_interleave(repeats) alone, or tensor repeats: the output length is their sum
            if repeats is None or self.proven_tensor(repeats) or _slice_difference(repeats):
                return "`repeat_interleave` without `output_size`", formula(receiver)
            maybe = self.ctx.raw_kind(repeats)  # repeats a helper returns or is passed: tensors if its facts hold
            if isinstance(maybe, Maybe):
                return "`repeat_interleave` without `output_size`", formula(both(receiver, maybe))
        return None

    def _receiver(self, func: cst.Attribute):
        """The receiver's kind as a tensors kind: TENSOR, a Maybe, or UNKNOWN (not a tensor op)."""
        kind = self.ctx.raw_kind(func.value)
        if kind is not NOT_TENSOR and func.attr.value in TENSOR_ONLY_METHODS:
            return TENSOR
        return kind if kind is TENSOR or isinstance(kind, Maybe) else UNKNOWN
