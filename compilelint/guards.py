"""Project-defined compile-time guards: functions whose every return is a guard (`torch.compiler.is_compiling()`,
another such function, `torch.jit.is_scripting()`) or a `False` fallback, like transformers'
`is_torchdynamo_compiling`. Their calls decide branches while dynamo traces, in every file that imports them.

Each file's facts name what its module-level functions return (FileFacts.guard_returns, from the index or the
engine); this module solves them over the project, through imports, re-exports (`from .import_utils import
is_torchdynamo_compiling` in a package's __init__) and module-level aliases. The engine cannot know another
file's functions while it walks one file, so it tags what lies under a call that may be a guard with that call:
findings (Candidate.unless_guards), dropped by the findings step when the guard holds, and calls
(FunctionFacts.guarded_calls), which the regions follow only when it does not (`with_guarded_calls`).
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple

from compilelint.facts import FileFacts
from compilelint.index import KNOWN_GUARDS
from compilelint.project import MAX_REEXPORT_HOPS

_SOLVING = object()  # a predicate being solved: a cycle decides nothing
# a hole atom (ALL_OF, part, part) holds when both parts do, a part being one atom or a set of them (any may hold)
ALL_OF = "all-of"
# a hole atom (NO_INSTANCES, class as the file resolves it) holds when the project's class of that name has no
# instances (ClassInfo.never_instantiated, no project subclass, and no import binding the name instead): an
# `isinstance` test of it is False
NO_INSTANCES = "no-instances"


def any_atom_holds(atoms: Iterable[tuple], holds: Callable[[tuple], bool]) -> bool:
    """Whether one of the hole atoms holds, `holds` deciding those that are not ALL_OF."""
    return any(all(any_atom_holds(_alternatives(part), holds) for part in atom[1:]) if atom[0] == ALL_OF
               else holds(atom) for atom in atoms)


def plain_atoms(atoms: Iterable[tuple]) -> Iterator[tuple]:
    """The atoms, those inside ALL_OF atoms instead of them."""
    for atom in atoms:
        if atom[0] == ALL_OF:
            for part in atom[1:]:
                yield from plain_atoms(_alternatives(part))
        else:
            yield atom


def _alternatives(part) -> Iterable[tuple]:
    return part if isinstance(part, frozenset) else (part,)


class ProjectGuards:
    def __init__(self, files: Iterable[FileFacts]) -> None:
        self.files: Dict[str, FileFacts] = {}
        self.modules: Dict[str, FileFacts] = {}
        for facts in files:
            self.files[facts.path] = facts
            self.modules.setdefault(facts.module, facts)
        self._values: Dict[str, object] = {}
        self._placeholders: Dict[str, bool] = {}  # qualified class name -> never_instantiated

    def any_holds(self, path: str, atoms: Iterable[Tuple[str, bool]]) -> bool:
        """Whether a call of one of these functions (as the file at `path` resolves them) returns the given
        value while dynamo traces."""
        facts = self.files.get(path)
        # a parameter's given value (engine.GivenAtom, summaries) is no guard: not settled here
        return any_atom_holds(atoms, lambda atom: len(atom) == 2 and (
            self.never_instantiated(atom[1], facts) if atom[0] == NO_INSTANCES
            else self.value(atom[0], facts) is atom[1]))

    def never_instantiated(self, name: str, facts: Optional[FileFacts]) -> bool:
        """Whether the class `name` (as the file of `facts` resolves it) is a project class no code can build: a
        placeholder whose `__init__` raises an import error, that no project class derives from. Where its module
        also imports the name (`try: from torch_sparse import SparseTensor` / `except ImportError: class
        SparseTensor: ...`), that import must fail: its top-level package is not installed."""
        if facts is not None and facts.module and "." not in name and name in facts.classes:
            name = f"{facts.module}.{name}"  # the file's own class
        if name not in self._placeholders:
            self._placeholders[name] = self._placeholder(name)
        return self._placeholders[name]

    def _placeholder(self, name: str) -> bool:
        for _hop in range(MAX_REEXPORT_HOPS):
            module, _, cls = name.rpartition(".")
            owner = self.modules.get(module)
            if owner is None:
                return False
            imported = owner.imports.get(cls)
            info = owner.classes.get(cls)
            if info is None:
                if imported is None or imported == name:
                    return False
                name = imported  # a re-export: follow it
                continue
            return info.never_instantiated and not self._bound_otherwise(owner, cls) and not self._derived(name, owner)
        return False

    def _bound_otherwise(self, owner: FileFacts, cls: str) -> bool:
        """Whether the module may bind the class's name to something else: an import that succeeds, or another
        module-level binding (`SparseTensor = torch_sparse.SparseTensor` after `import torch_sparse` is that import)."""
        kind, target = owner.bindings.get(cls, ("", ""))
        if kind:
            root = target.partition(".")[0]
            return not (kind == "alias" and "." in target and owner.imports.get(root) == root) \
                or self._import_succeeds(target)
        imported = owner.imports.get(cls)
        return imported is not None and self._import_succeeds(imported)

    def _import_succeeds(self, qualified: str) -> bool:
        """Whether `from pkg.mod import Name` finds its module: one of the project, or an installed package."""
        return qualified.rpartition(".")[0] in self.modules or _importable(qualified)

    def _derived(self, name: str, owner: FileFacts) -> bool:
        """Whether a project class names the class `name` (defined in `owner`) among its bases."""
        local = name.rpartition(".")[2]
        return any(name in other.bases or facts is owner and local in other.bases
                   for facts in self.files.values() for other in facts.classes.values())

    def value(self, name: str, facts: Optional[FileFacts]) -> Optional[bool]:
        """What a call of `name` returns while traced, if it is a guard; `facts`: the file naming it."""
        if name in KNOWN_GUARDS:
            return KNOWN_GUARDS[name]
        if facts is not None and facts.module and "." not in name and (
                name in facts.guard_returns or name in facts.bindings):
            name = f"{facts.module}.{name}"  # the file's own function, or its alias of one
        return self._qualified(name)

    def _qualified(self, name: str) -> Optional[bool]:
        if name in KNOWN_GUARDS:
            return KNOWN_GUARDS[name]
        known = self._values.get(name)
        if known is _SOLVING:
            return None
        if name in self._values:
            return known
        self._values[name] = _SOLVING
        module, _, function = name.rpartition(".")
        facts = self.modules.get(module)
        value = None
        if facts is not None:
            if function in facts.guard_returns:
                values = {self._returned(called, facts) for called in facts.guard_returns[function]}
                value = values.pop() if len(values) == 1 else None
            elif function in facts.bindings:
                kind, target = facts.bindings[function]
                value = self.value(target, facts) if kind == "alias" else None  # `is_compiling = torch...`
            elif function in facts.imports and facts.imports[function] != name:  # a re-export
                value = self._qualified(facts.imports[function])
        self._values[name] = value
        return value

    def _returned(self, returned, facts: FileFacts) -> Optional[bool]:
        """A returned call's value, or an `or`/`and` of two: decided when one side decides it (`is_tracing() or
        is_compiling()` is True while dynamo traces, whatever the other side is)."""
        if isinstance(returned, str):
            return self.value(returned, facts)
        op, (left, right) = returned
        values = (self._returned(left, facts), self._returned(right, facts))
        decisive = op == "or"  # True decides an `or`, False an `and`
        if decisive in values:
            return decisive
        return (not decisive) if values == (not decisive, not decisive) else None


def _importable(qualified: str) -> bool:
    """Whether the top-level package of `pkg.mod.Name` is installed (found without importing it)."""
    try:
        return importlib.util.find_spec(qualified.partition(".")[0]) is not None
    except (ImportError, ValueError):
        return True


def with_guarded_calls(files: List[FileFacts]) -> List[FileFacts]:
    """The facts with each function's guarded calls (FunctionFacts.guarded_calls) whose guards do not hold
    joined to its calls: copies where that changes anything, so cached facts stay as the engine made them."""
    if not any(fn.guarded_calls for facts in files for fn in facts.functions.values()):
        return files
    guards = ProjectGuards(files)
    out = []
    for facts in files:
        changed = {}
        for name, fn in facts.functions.items():
            reached = [record for record, atoms in fn.guarded_calls
                       if record not in fn.calls and not guards.any_holds(facts.path, atoms)]
            if reached:
                changed[name] = replace(fn, calls=fn.calls + list(dict.fromkeys(reached)))
        out.append(replace(facts, functions={**facts.functions, **changed}) if changed else facts)
    return out
