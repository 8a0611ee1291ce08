"""CL173: `ctx.saved_variables` in the backward of a torch.autograd.Function."""

import libcst as cst

from compilelint.check import Check
from compilelint.facts import AUTOGRAD_FUNCTIONS

HELP = "read `ctx.saved_tensors` (the same tuple; `saved_variables` is its deprecated alias)"


class DeprecatedSavedVariables(Check):
    code = "CL173"

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == "saved_variables" and isinstance(node.value, cst.Name) \
                and node.value.value == self._context_parameter():
            self.report(node, "`ctx.saved_variables` breaks the compiled call: dynamo's context object has no such "
                              "attribute (the deprecated alias of `saved_tensors`)", help=HELP)

    def _context_parameter(self):
        """The first parameter of the backward of a torch.autograd.Function subclass we are in (None elsewhere)."""
        scopes = [s for s in self.ctx.statements if isinstance(s, (cst.ClassDef, cst.FunctionDef))]
        if len(scopes) < 2 or not isinstance(scopes[-2], cst.ClassDef) or scopes[-1].name.value != "backward" \
                or not any(self.ctx.imports.resolve(base.value) in AUTOGRAD_FUNCTIONS for base in scopes[-2].bases):
            return None
        params = scopes[-1].params.params
        return params[0].name.value if params else None
