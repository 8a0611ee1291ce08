"""Project-defined compile-time guards: functions whose every return is a guard (`torch.compiler.is_compiling()`,
another such function, `torch.jit.is_scripting()`) or a `False` fallback, like transformers'
`is_torchdynamo_compiling`. Their calls decide branches while dynamo traces, in every file that imports them.

Each file's facts name what its module-level functions return (FileFacts.guard_returns, from the index or the
engine); this module solves them over the project, through imports and re-exports (`from .import_utils
import is_torchdynamo_compiling` in a package's __init__). The engine cannot know another file's functions
while it walks one file, so it tags what lies under a call that may be a guard with that call (Candidate.
unless_guards), and the findings step drops those whose guard holds.
"""

from __future__ import annotations

from typing import Dict, Iterable, Optional, Tuple

from compilelint.facts import FileFacts
from compilelint.index import KNOWN_GUARDS

_SOLVING = object()  # a predicate being solved: a cycle decides nothing


class ProjectGuards:
    def __init__(self, files: Iterable[FileFacts]) -> None:
        self.files: Dict[str, FileFacts] = {}
        self.modules: Dict[str, FileFacts] = {}
        for facts in files:
            self.files[facts.path] = facts
            self.modules.setdefault(facts.module, facts)
        self._values: Dict[str, object] = {}

    def any_holds(self, path: str, atoms: Iterable[Tuple[str, bool]]) -> bool:
        """Whether a call of one of these functions (as the file at `path` resolves them) returns the given
        value while dynamo traces."""
        facts = self.files.get(path)
        return any(self.value(name, facts) is traced for name, traced in atoms)

    def value(self, name: str, facts: Optional[FileFacts]) -> Optional[bool]:
        """What a call of `name` returns while traced, if it is a guard; `facts`: the file naming it."""
        if name in KNOWN_GUARDS:
            return KNOWN_GUARDS[name]
        if facts is not None and "." not in name and name in facts.guard_returns:
            name = f"{facts.module}.{name}" if facts.module else name  # the file's own function
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
                values = {self.value(called, facts) for called in facts.guard_returns[function]}
                value = values.pop() if len(values) == 1 else None
            elif function in facts.imports and facts.imports[function] != name:  # a re-export
                value = self._qualified(facts.imports[function])
        self._values[name] = value
        return value
