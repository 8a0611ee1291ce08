"""CL303: `recompile_limit` / `cache_size_limit` raised far above the default (8)."""

import libcst as cst

from compilelint import dynamo_config
from compilelint.check import Check

LIMITS = ("recompile_limit", "cache_size_limit", "accumulated_recompile_limit")
# the default is 8; raising it a little for a known, bounded set of variants is reasonable
LARGE = 64
HELP = ("find out why it recompiles (`TORCH_LOGS=recompiles`) and remove the cause: `dynamic=True` or "
        "`torch._dynamo.mark_dynamic` for sizes, tensors instead of Python ints, fixed strings; in CI, "
        "`torch.compiler.set_stance('fail_on_recompile')` makes a storm fail loudly")


class RecompileLimitRaised(Check):
    code = "CL303"
    in_functions_only = False
    anywhere = True

    def _check(self, node: cst.CSTNode, name: str, value) -> None:
        if name in LIMITS and isinstance(value, int) and not isinstance(value, bool) and value >= LARGE:
            self.report(node, f"`{name} = {value}` hides recompilation storms: code that recompiles on every "
                              f"call keeps compiling up to {value} times instead of falling back after 8",
                        help=HELP)

    def visit_Assign(self, node: cst.Assign) -> None:
        setting = dynamo_config.statement_setting(node, self.ctx.imports)
        if setting is not None:
            self._check(node, *setting)

    def visit_Call(self, node: cst.Call) -> None:
        for name, value in (dynamo_config.patch_settings(node, self.ctx.imports) or {}).items():
            self._check(node, name, value)
