"""CL204: `id(x)` of a per-call object in compiled code."""

import libcst as cst

from compilelint.check import Check

HELP = ("do not key anything on object identity in compiled code: pass an explicit key, or move the "
        "identity bookkeeping to the uncompiled caller")


class ObjectId(Check):
    code = "CL204"

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.resolve(node.func) != "id" or len(node.args) != 1:
            return
        arg = node.args[0].value
        # `id(self)` / `id(self.weight)` are the same object on every call: no new guard value
        if isinstance(arg, cst.Name) and arg.value == "self" or \
                isinstance(arg, cst.Attribute) and isinstance(arg.value, cst.Name) and arg.value.value == "self":
            return
        self.report(node, "`id()` makes dynamo guard on the identity of the object (`___check_obj_id`): every "
                          "call with a new object recompiles until `recompile_limit` (8), then the code runs "
                          "eagerly", help=HELP)
