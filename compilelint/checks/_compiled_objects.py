"""Shared by the call-site recompilation rules: which names hold a compiled module or function, and what
a module class defined in this file reads (cheap: top-level class bodies only, no function walk)."""

from __future__ import annotations

from typing import Dict, List, Optional, Set

import libcst as cst

from compilelint.engine import child_nodes
from compilelint.names import ImportTable

COMPILE = "torch.compile"
# layers whose forward reads `self.training`: flipping the mode changes what dynamo traced
MODE_LAYERS = frozenset({
    "torch.nn.Dropout", "torch.nn.Dropout1d", "torch.nn.Dropout2d", "torch.nn.Dropout3d", "torch.nn.AlphaDropout",
    "torch.nn.FeatureAlphaDropout", "torch.nn.BatchNorm1d", "torch.nn.BatchNorm2d", "torch.nn.BatchNorm3d",
    "torch.nn.SyncBatchNorm", "torch.nn.MultiheadAttention", "torch.nn.TransformerEncoderLayer",
    "torch.nn.TransformerDecoderLayer", "torch.nn.TransformerEncoder", "torch.nn.TransformerDecoder",
    "torch.nn.Transformer",
})


def compiled_target(value: cst.BaseExpression, imports: ImportTable) -> Optional[cst.BaseExpression]:
    """`torch.compile(target, ...)` -> target."""
    if isinstance(value, cst.Call) and value.args and value.args[0].keyword is None \
            and imports.resolve(value.func) == COMPILE:
        return value.args[0].value
    return None


def module_classes(module: cst.Module) -> Dict[str, cst.ClassDef]:
    return {s.name.value: s for s in module.body if isinstance(s, cst.ClassDef)}


def reads_training_mode(class_name: str, classes: Dict[str, cst.ClassDef], imports: ImportTable) -> bool:
    """The class (or a class of this file it builds) reads `self.training` or holds a dropout/norm layer."""
    seen: Set[str] = set()
    pending: List[str] = [class_name]
    while pending:
        name = pending.pop()
        if name in seen or name not in classes:
            continue
        seen.add(name)
        stack: List[cst.CSTNode] = [classes[name].body]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Attribute) and node.attr.value == "training":
                return True
            if isinstance(node, cst.Call):
                called = imports.resolve(node.func)
                if called in MODE_LAYERS or (called or "").startswith("torch.nn.functional.dropout"):
                    return True
                if called in classes:
                    pending.append(called)
            stack.extend(child_nodes(node))
    return False


def compile_dynamic(call: cst.Call) -> Optional[bool]:
    """The `dynamic=` of a `torch.compile(...)` / `m.compile(...)` call: True, False or None (automatic)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "dynamic" and isinstance(arg.value, cst.Name) \
                and arg.value.value in ("True", "False"):
            return arg.value.value == "True"
    return None


def compiled_functions(module: cst.Module, imports: ImportTable) -> Dict[str, Optional[bool]]:
    """Module-level functions decorated with `@torch.compile` / `@torch.compile(...)` -> their `dynamic=`."""
    found: Dict[str, Optional[bool]] = {}
    for statement in module.body:
        if not isinstance(statement, cst.FunctionDef):
            continue
        for decorator in statement.decorators:
            expr = decorator.decorator
            if imports.resolve(expr.func if isinstance(expr, cst.Call) else expr) == COMPILE:
                found[statement.name.value] = compile_dynamic(expr) if isinstance(expr, cst.Call) else None
    return found
