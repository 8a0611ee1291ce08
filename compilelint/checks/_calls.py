"""Small helpers the side-effect and unsupported-construct checks share: which callable a call names."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from compilelint.names import dotted


def imported_name(ctx, func: cst.BaseExpression) -> Optional[str]:
    """Qualified name of `func` when its first part comes from an import (`time.time`, `perf_counter`);
    None for locals and attributes of unknown objects, so a variable named `time` is never mistaken."""
    name = dotted(func)
    if name is None or name.split(".", 1)[0] not in ctx.imports.aliases:
        return None
    return ctx.resolve(func)


def builtin_name(ctx, func: cst.BaseExpression) -> Optional[str]:
    """`open`, `repr`, `hash`...: a bare name that no import or local variable rebinds."""
    if not isinstance(func, cst.Name) or func.value in ctx.imports.aliases or func.value in ctx.imports.defined:
        return None
    frame = ctx.frame
    if frame is not None and func.value in frame.env:
        return None
    return func.value


def method_name(func: cst.BaseExpression) -> Optional[str]:
    return func.attr.value if isinstance(func, cst.Attribute) else None


def keyword(call: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def is_true(expr: Optional[cst.BaseExpression]) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


def is_false(expr: Optional[cst.BaseExpression]) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "False"
