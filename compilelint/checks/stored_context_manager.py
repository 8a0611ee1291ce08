"""CL170: a `with` on a context manager made outside the compiled function: a module held on `self` since `__init__`
(`with self.scope:`) or a module-level instance (`with SCOPE:`).

Measured on 2.13: dynamo cannot enter a context manager object it did not see being made. The `with` line breaks
with GB0142 ("Unsupported context manager") and dynamo gives up on the whole frame, for an instance of a project class
that defines `__enter__`, a stored `torch.no_grad()` / `torch.enable_grad()` / `torch.inference_mode()` /
`torch.set_grad_enabled(...)`, `contextlib.ExitStack()` / `contextlib.suppress(...)`, `threading.Lock()` and
`sdpa_kernel(...)`. The same objects made inside the compiled function compile, and so do a stored
`contextlib.nullcontext()` and `torch.autocast(...)`: those are left alone."""

from typing import List, Optional

import libcst as cst

from compilelint.check import Check
from compilelint.names import dotted

# library context managers measured to break when entered from an attribute or a global
BREAKING_LIBRARY_CONTEXTS = frozenset({
    "torch.no_grad", "torch.enable_grad", "torch.inference_mode", "torch.set_grad_enabled",
    "torch.autograd.no_grad", "torch.autograd.enable_grad", "torch.autograd.grad_mode.no_grad",
    "torch.autograd.grad_mode.enable_grad", "torch.autograd.grad_mode.inference_mode",
    "torch.autograd.grad_mode.set_grad_enabled",
    "contextlib.ExitStack", "contextlib.suppress", "threading.Lock",
    "torch.nn.attention.sdpa_kernel",
})
HELP = ("make the context manager inside the compiled function (`with Scope():`, `with torch.no_grad():`), or "
        "enter it in the caller, outside the compiled region")


class StoredContextManager(Check):
    code = "CL170"

    def visit_WithItem(self, node: cst.WithItem) -> None:
        made = self._made_outside(node.item)
        if not made:
            return
        spelled = dotted(node.item)
        message = (f"`with {spelled}:` enters a context manager made outside the compiled function "
                   f"(`{made[0]}()`): dynamo cannot enter it and breaks the graph")
        library = [name for name in made if name in BREAKING_LIBRARY_CONTEXTS]
        if len(library) == len(made):
            self.report(node.item, message, help=HELP, skips_frame=True)
        elif not library and len(made) == 1:  # a project class: it must define __enter__ (project-wide)
            self.report(node.item, message, help=HELP, skips_frame=True, requires=("context-class", made[0]))

    def _made_outside(self, item: cst.BaseExpression) -> Optional[List[str]]:
        """The classes (as the file resolves them) of the objects `self.attr` or a module-level name holds, when every
        value recorded for it made one (`self.scope = Scope()`; ClassInfo.attribute_values, which leaves out a value it
        cannot spell, such as a factory's result); None otherwise."""
        frame = self.ctx.frame
        if frame is None:
            return None
        if isinstance(item, cst.Name):
            if item.value in frame.env:  # a local or parameter of that name
                return None
            binding = self.ctx.facts.bindings.get(item.value)
            return [binding[1]] if binding is not None and binding[0] == "instance" else None
        attr = dotted(item)
        if frame.cls is None or not attr or not attr.startswith("self.") or attr.count(".") != 1:
            return None
        values = frame.cls.attribute_values.get(attr[len("self."):], ())
        if not values or not all(value.endswith("()") for value in values):
            return None
        return sorted({value[:-2] for value in values})
