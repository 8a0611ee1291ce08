"""Which code is compiled: entry points, reach through calls, holes.

Per file, the engine records plain facts (classes, functions, decorators, calls, compile sites). The
project-wide answer is computed once from the facts of all files, so per-file work stays per file
and a file's facts can be cached by content.
"""

from __future__ import annotations

from collections import deque
from typing import Dict, Iterable, List, Optional, Set, Tuple

from compilelint.facts import FileFacts
from compilelint.findings import Region

COMPILE_DECORATORS = frozenset({"torch.compile", "torch._dynamo.optimize"})
DISABLE_DECORATORS = frozenset({"torch.compiler.disable", "torch._dynamo.disable"})
MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


class ProjectRegions:
    """The compiled functions of a project, from the facts of its files."""

    def __init__(self, facts: Iterable[FileFacts], assume_forward: bool = True) -> None:
        self.files = {f.path: f for f in facts}
        self.assume_forward = assume_forward
        # qualified name ("pkg.mod.Class") -> (path, local name)
        self._classes: Dict[str, Tuple[str, str]] = {}
        self._functions: Dict[str, Tuple[str, str]] = {}
        for f in self.files.values():
            for name in f.classes:
                self._classes[_qual(f.module, name)] = (f.path, name)
            for qualname in f.functions:
                self._functions[_qual(f.module, qualname)] = (f.path, qualname)
        self._module_classes: Dict[Tuple[str, str], bool] = {}
        self.compiled: Dict[Tuple[str, str], Region] = {}
        self._solve()

    # -- classes ---------------------------------------------------------------------------------
    def _lookup_class(self, path: str, name: str) -> Optional[Tuple[str, str]]:
        """A class named `name` (local or qualified) as seen from file `path`."""
        facts = self.files[path]
        if name in facts.classes:
            return path, name
        return self._classes.get(name) or self._classes.get(_qual(facts.module, name))

    def is_module_class(self, path: str, name: str, _seen: Optional[Set] = None) -> bool:
        key = (path, name)
        if key in self._module_classes:
            return self._module_classes[key]
        seen = _seen or set()
        if key in seen:
            return False
        seen.add(key)
        result = False
        for base in self.files[path].classes[name].bases:
            if base in MODULE_BASES or (base.startswith("torch.nn.") and base.rsplit(".", 1)[-1][:1].isupper()):
                result = True
            else:
                found = self._lookup_class(path, base)
                result = found is not None and self.is_module_class(*found, seen)
            if result:
                break
        self._module_classes[key] = result
        return result

    def _method(self, path: str, cls: str, method: str, _depth: int = 0) -> Optional[Tuple[str, str]]:
        """Where `cls.method` is defined, looking through project base classes."""
        info = self.files[path].classes.get(cls)
        if info is None or _depth > 20:
            return None
        if method in info.methods:
            return path, f"{cls}.{method}"
        for base in info.bases:
            found = self._lookup_class(path, base)
            if found:
                hit = self._method(found[0], found[1], method, _depth + 1)
                if hit:
                    return hit
        return None

    # -- reach -----------------------------------------------------------------------------------
    def _entries(self) -> List[Tuple[Tuple[str, str], Region]]:
        entries = []
        for path, facts in self.files.items():
            for qualname, fn in facts.functions.items():
                if any(d in COMPILE_DECORATORS for d in fn.decorators):
                    where = f"@torch.compile at {path}:{fn.line}"
                    entries.append(((path, qualname), Region(qualname, where, "certain")))
            for target, line in facts.compile_sites:
                found = self._resolve_function(path, target)
                if found:
                    entries.append((found, Region(found[1], f"torch.compile at {path}:{line}", "certain")))
                cls = self._lookup_class(path, target)
                if cls and self.is_module_class(*cls):
                    fwd = self._method(cls[0], cls[1], "forward")
                    if fwd:
                        entries.append((fwd, Region(fwd[1], f"torch.compile at {path}:{line}", "certain")))
            if self.assume_forward:
                for name in facts.classes:
                    if self.is_module_class(path, name) and "forward" in facts.classes[name].methods:
                        qualname = f"{name}.forward"
                        region = Region(qualname, f"forward of nn.Module subclass {name}", "assumed")
                        entries.append(((path, qualname), region))
        # proven entries first, so a function reached both ways keeps the stronger confidence
        entries.sort(key=lambda e: e[1].confidence != "certain")
        return entries

    def _resolve_function(self, path: str, name: str) -> Optional[Tuple[str, str]]:
        facts = self.files[path]
        if name in facts.functions:
            return path, name
        return self._functions.get(name) or self._functions.get(_qual(facts.module, name))

    def _callees(self, path: str, qualname: str) -> Iterable[Tuple[str, str]]:
        fn = self.files[path].functions[qualname]
        for kind, name in fn.calls:
            if kind in ("self", "super") and fn.class_name:
                cls = self.files[path].classes[fn.class_name]
                if kind == "super":
                    targets = [b for b in (self._lookup_class(path, base) for base in cls.bases) if b]
                    hits = [self._method(p, c, name) for p, c in targets]
                else:
                    hits = [self._method(path, fn.class_name, name)]
                    sub = cls.submodules.get(name)
                    sub_cls = self._lookup_class(path, sub) if sub else None
                    if sub_cls:
                        hits.append(self._method(sub_cls[0], sub_cls[1], "forward"))
                yield from (h for h in hits if h)
            elif kind == "name":
                hit = self._resolve_function(path, name)
                if hit:
                    yield hit

    def _is_disabled(self, key: Tuple[str, str]) -> bool:
        fn = self.files[key[0]].functions[key[1]]
        return any(d in DISABLE_DECORATORS for d in fn.decorators)

    def _solve(self) -> None:
        queue = deque()
        for key, region in self._entries():
            if key not in self.compiled and not self._is_disabled(key):
                self.compiled[key] = region
                queue.append(key)
        while queue:
            key = queue.popleft()
            region = self.compiled[key]
            for callee in self._callees(*key):
                if callee in self.compiled or self._is_disabled(callee):
                    continue
                self.compiled[callee] = Region(
                    callee[1], region.entry, region.confidence, region.reached_via + (key[1],)
                )
                queue.append(callee)

    def region_of(self, path: str, qualname: Optional[str]) -> Optional[Region]:
        if qualname is None:
            return None
        return self.compiled.get((path, qualname))


def _qual(module: str, name: str) -> str:
    return f"{module}.{name}" if module else name
