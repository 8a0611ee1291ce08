"""The dynamo settings a project applies, read statically, and the conditions rules are keyed on.

Sources, all read without importing torch:
  * `torch._dynamo.config.X = value` (any import spelling), `...X.add(print)` / `.update({...})` on set settings,
  * `@torch._dynamo.config.patch(X=value)` decorators and `with torch._dynamo.config.patch(...)` blocks,
  * `os.environ["TORCHDYNAMO_X"] = "1"` (or `.setdefault`) before torch is first imported,
  * the `[tool.compilelint] dynamo = {...}` table.
Assignments and environment defaults change the process-wide configuration, so they apply to the whole
project; patches apply to the code lexically inside the decorated function or the `with` block, and a
decorator's patch also to the project functions its function calls (`inherited_patches`).

A rule names the settings that change its answer with conditions (rule.md front matter):
  "capture_scalar_outputs"               the setting is truthy
  "trace_numpy=false"                    the setting equals the value (true / false / an integer)
  "reorderable_logging_functions:print"  the setting (a set of functions) holds `print`
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Tuple

# libcst is imported inside the functions that read syntax (only the engine calls them): the
# project-wide step uses `merged` and `holds` on cached plain data, without the parser
if TYPE_CHECKING:
    import libcst as cst

    from compilelint.names import ImportTable
    from compilelint.project import Key
    from compilelint.regions import ProjectRegions

CONFIG_MODULE = "torch._dynamo.config"
PATCH = CONFIG_MODULE + ".patch"
# torch/_dynamo/config.py reads these once, when torch is imported
ENVIRONMENT = {
    "TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS": "capture_scalar_outputs",
    "TORCHDYNAMO_CAPTURE_DYNAMIC_OUTPUT_SHAPE_OPS": "capture_dynamic_output_shape_ops",
}
# torch 2.13 defaults of the settings rules are keyed on
DEFAULTS: Dict[str, Any] = {
    "capture_scalar_outputs": False,
    "capture_dynamic_output_shape_ops": False,
    "trace_numpy": True,
    "reorderable_logging_functions": [],
    "allow_unspec_int_on_nn_module": False,
    "recompile_limit": 8,
    "cache_size_limit": 8,
}
SET_METHODS = frozenset({"add", "update"})

Settings = Dict[str, Any]


def literal(expr: cst.BaseExpression, imports: ImportTable) -> Tuple[bool, Any]:
    """(known, value) of a setting's value: bools, numbers, strings, and sets/lists of functions (by name)."""
    import libcst as cst

    from compilelint.names import dotted

    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return True, {"True": True, "False": False, "None": None}[expr.value]
    if isinstance(expr, cst.Integer):
        return True, int(expr.value.replace("_", ""), 0)
    if isinstance(expr, cst.Float):
        return True, float(expr.value.replace("_", ""))
    if isinstance(expr, cst.SimpleString):
        return True, expr.evaluated_value
    if isinstance(expr, (cst.Set, cst.List, cst.Tuple)):
        names = [imports.resolve(e.value) or dotted(e.value) for e in expr.elements]
        if all(names):
            return True, sorted(set(names))
    if isinstance(expr, cst.Call) and not expr.args and dotted(expr.func) in ("set", "list"):
        return True, []
    return False, None


def setting_name(target: cst.BaseExpression, imports: ImportTable) -> Optional[str]:
    """`torch._dynamo.config.X` (through any import alias) -> "X"."""
    import libcst as cst

    if not isinstance(target, cst.Attribute):
        return None
    if imports.resolve(target.value) == CONFIG_MODULE:
        return target.attr.value
    return None


def patch_settings(call: cst.Call, imports: ImportTable) -> Optional[Settings]:
    """The settings of `torch._dynamo.config.patch(...)`: keywords, a dict, or a (name, value) pair."""
    import libcst as cst

    if imports.resolve(call.func) != PATCH:
        return None
    out: Settings = {}
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if len(positional) == 2 and isinstance(positional[0], cst.SimpleString):
        known, value = literal(positional[1], imports)
        if known:
            out[positional[0].evaluated_value] = value
    elif len(positional) == 1 and isinstance(positional[0], cst.Dict):
        for element in positional[0].elements:
            if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
                known, value = literal(element.value, imports)
                if known:
                    out[element.key.evaluated_value] = value
    for arg in call.args:
        if arg.keyword is not None:
            known, value = literal(arg.value, imports)
            if known:
                out[arg.keyword.value] = value
    return out


def statement_setting(node: cst.CSTNode, imports: ImportTable) -> Optional[Tuple[str, Any]]:
    """A setting changed by one small statement: `config.X = v`, `config.X.add(f)`, `config.X |= {f}`."""
    import libcst as cst

    from compilelint.names import dotted

    if isinstance(node, cst.Assign) and len(node.targets) == 1:
        name = setting_name(node.targets[0].target, imports)
        if name:
            known, value = literal(node.value, imports)
            return (name, value) if known else None
    if isinstance(node, cst.AugAssign) and isinstance(node.operator, cst.BitOrAssign):
        name = setting_name(node.target, imports)
        known, value = literal(node.value, imports)
        if name and known and isinstance(value, list):
            return name, ("+", value)
    if isinstance(node, cst.Expr) and isinstance(node.value, cst.Call):
        call = node.value
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in SET_METHODS and len(call.args) == 1:
            name = setting_name(call.func.value, imports)
            if name:
                arg = call.args[0].value
                if call.func.attr.value == "add":
                    added = imports.resolve(arg) or dotted(arg)
                    return (name, ("+", [added])) if added else None
                known, value = literal(arg, imports)
                if known and isinstance(value, list):
                    return name, ("+", value)
    return None


def environment_setting(node: cst.CSTNode, imports: ImportTable) -> Optional[Tuple[str, Any]]:
    """`os.environ["TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS"] = "1"` or `os.environ.setdefault(...)`."""
    import libcst as cst

    key = value = None
    if isinstance(node, cst.Assign) and len(node.targets) == 1:
        target = node.targets[0].target
        if isinstance(target, cst.Subscript) and imports.resolve(target.value) == "os.environ" \
                and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index):
            key, value = target.slice[0].slice.value, node.value
    elif isinstance(node, cst.Expr) and isinstance(node.value, cst.Call) \
            and imports.resolve(node.value.func) == "os.environ.setdefault" and len(node.value.args) == 2:
        key, value = node.value.args[0].value, node.value.args[1].value
    if isinstance(key, cst.SimpleString) and isinstance(value, cst.SimpleString):
        name = ENVIRONMENT.get(key.evaluated_value)
        if name:
            return name, value.evaluated_value == "1"
    return None


def apply(settings: Settings, name: str, value: Any) -> None:
    """Record one change; ("+", [...]) adds functions to a set setting."""
    if isinstance(value, tuple) and value and value[0] == "+":
        settings[name] = sorted(set(settings.get(name) or DEFAULTS.get(name) or []) | set(value[1]))
    else:
        settings[name] = value


def merged(*layers: Iterable[Tuple[str, Any]]) -> Settings:
    settings: Settings = dict(DEFAULTS)
    for layer in layers:
        for name, value in layer:
            apply(settings, name, value)
    return settings


def holds(condition: str, settings: Settings) -> bool:
    """Whether a rule's condition string is true under `settings` (see the module docstring)."""
    if ":" in condition:
        name, member = condition.split(":", 1)
        value = settings.get(name)
        return isinstance(value, (list, tuple, set)) and member in value
    if "=" in condition:
        name, expected = condition.split("=", 1)
        wanted = {"true": True, "false": False}.get(expected.lower(), expected)
        if isinstance(wanted, str):
            try:
                wanted = int(wanted)
            except ValueError:
                pass
        return settings.get(name, DEFAULTS.get(name)) == wanted
    return bool(settings.get(condition, DEFAULTS.get(condition)))


def inherited_patches(regions: "ProjectRegions") -> Dict["Key", Settings]:
    """Settings a `@config.patch(...)` decorator keeps in force in the functions its function calls, directly
    or not: dynamo traces them while the patch is active. A callee gets them only when every project function
    that calls it is the patched one or inside its reach (a caller outside runs it unpatched); a callee
    claimed by two patched functions keeps the settings they agree on."""
    patched = [((path, qualname), dict(settings)) for path, facts in regions.files.items()
               for qualname, settings in facts.dynamo_patches.items()]
    if not patched:
        return {}
    callers = regions.callers()
    claims: Dict["Key", List[Settings]] = {}
    for root, settings in patched:
        inside = regions.reach([root])
        for key in inside - {root}:
            if callers.get(key, set()) <= inside:
                claims.setdefault(key, []).append(settings)
    inherited: Dict["Key", Settings] = {}
    for key, found in claims.items():
        agreed = dict(found[0])
        for other in found[1:]:
            agreed = {name: value for name, value in agreed.items() if name in other and other[name] == value}
        inherited[key] = agreed
    return inherited
