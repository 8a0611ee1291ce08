"""The project context of a partial run: the files that the linted files import, read for their facts only.

Pre-commit passes the changed files alone; calls into the rest of the project, its classes and its helpers
must still resolve, so the project files the linted files import are read, transitively (no findings of
theirs are reported). Files that import the linted ones are not searched for: that would mean reading the
whole project.

Reading them costs what a pre-commit run is judged by, so a context file's facts come from the cache when
its text is unchanged, else from CPython's parser (index.py, ~8x cheaper than libcst). The index leaves out
call records and tensor summaries, so a context file is parsed with libcst only when the run needs those:
a compile site or dynamo setting in it (index.FACT_TRIGGERS), a function of it that compiled code calls,
compiled code of it that may call into a linted file, a global it may change that compiled code reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from compilelint.facts import FileFacts
from compilelint.index import FACT_TRIGGERS, index_file
from compilelint.project import import_root, imported_project_files

if TYPE_CHECKING:
    from compilelint.cache import Cache
    from compilelint.config import Config
    from compilelint.linter import SourceFile
    from compilelint.regions import ProjectRegions
    from compilelint.results import FileResult

MAX_CONTEXT_FILES = 256
# libcst's facts of files (source, module name, is_package), in order: linter.parse_and_lint without checks
Parse = Callable[[Sequence[Tuple["SourceFile", str, bool]]], List["FileResult"]]
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


@dataclass
class ContextFile:
    path: Path  # resolved
    source: SourceFile
    module: str
    is_package: bool
    facts: FileFacts
    complete: bool  # facts from libcst: call records and tensor summaries included
    imports: List[Path] = field(default_factory=list)  # the project files it imports (resolved)


class ProjectContext:
    def __init__(self, linted: Sequence[Tuple["FileResult", Path]], config: "Config",
                 cache: Optional["Cache"] = None, parse: Optional[Parse] = None,
                 read: Optional[Dict[Path, Optional[ContextFile]]] = None) -> None:
        """`parse`: libcst's facts of files (here, or in the helper process too: pool.ParsePool.parse_facts);
        `read`: the files an earlier context read (`again`), by resolved path (None: it does not parse)."""
        from compilelint.linter import module_name, read_source, shown_path

        self.cache = cache
        self._parse = parse or _parse_here
        self._config = config
        self.inputs = _inputs(linted)
        self.read: Dict[Path, Optional[ContextFile]] = {} if read is None else read
        self._digests: Dict[str, str] = {}  # shown path -> content digest
        self.files: List[ContextFile] = []
        linted_paths = {p.resolve() for _, p in linted}
        seen = set(linted_paths)
        pending: List[Tuple[FileFacts, Path, Optional[ContextFile]]] = \
            [(r.facts, p, None) for r, p in linted if r.error is None]
        memo: Dict[object, object] = {}
        root = config.root.resolve()
        while pending:
            facts, path, reader = pending.pop()
            is_package = path.stem == "__init__"
            base = import_root(path, facts.module, is_package)
            if not (base == root or root in base.parents or base in root.parents):
                continue  # the file's package lies outside the project: none of its imports is a project file
            imported = imported_project_files(facts, path, is_package, root, memo, base)
            if reader is not None:
                reader.imports = imported  # resolved already
            for file in imported:
                if file in seen or len(self.files) >= MAX_CONTEXT_FILES:
                    continue
                seen.add(file)
                if file not in self.read:
                    source, _problem = read_source(file, shown_path(file, Path.cwd()))
                    self.read[file] = None if source is None else self._read(file, source, *module_name(file))
                found = self.read[file]
                if found is not None:
                    self.files.append(found)
                    pending.append((found.facts, file, found))
        self._linted = {r.facts.path for r, _ in linted if r.error is None}
        self._callers = self._callers_of(
            linted_paths, set().union(*(_top_level_names(r.facts) for r, _ in linted if r.error is None)))

    def again(self, linted: Sequence[Tuple["FileResult", Path]]) -> "ProjectContext":
        """The context of the linted files' final facts, when this one was read with stand-ins (the index's
        facts of files the helper process was still parsing): this context when they name the same imports and
        definitions, which is the rule, else one built anew from the files this one read."""
        if _inputs(linted) == self.inputs:
            return self
        return ProjectContext(linted, self._config, self.cache, self._parse, self.read)

    @property
    def facts(self) -> List[FileFacts]:
        return [c.facts for c in self.files]

    def complete_needed(self, regions: "ProjectRegions", reached: Set[Tuple[str, str]],
                        globals_read: Callable[[], Set[str]]) -> bool:
        """Parse the context files whose complete facts these regions need (`reached`: the functions compiled code
        calls, linter.compiled_reach); True when any was parsed (solve again)."""
        from compilelint.linter import may_write

        partial = {c.facts.path: c for c in self.files if not c.complete}
        if not partial:
            return False
        if any(facts.dynamo_patches for facts in regions.files.values()):
            needed = set(partial)  # settings pass down the call graph: every caller counts
        else:
            may_call_linted = self._may_call_linted(regions)
            needed = {path for path, _ in reached}
            needed |= {path for path, _ in set(regions.compiled) | regions.passed if path in may_call_linted}
            writers = {path: c for path, c in partial.items() if c.facts.global_write_prefixes}
            read = globals_read() if writers else set()
            needed |= {path for path, c in writers.items() if may_write(c.facts, read)}
        todo = [partial[path] for path in sorted(needed) if path in partial]
        parsed = self._parse([(c.source, c.module, c.is_package) for c in todo])  # as a batch: two processes may share it
        for context_file, result in zip(todo, parsed):
            if not self._take(context_file, result):
                context_file.complete = True  # libcst cannot parse it: its index facts are all there is
        return bool(todo)

    def _may_call_linted(self, regions: "ProjectRegions") -> Set[str]:
        """Shown paths of the context files whose compiled code may call into a linted file: callers by name
        (_callers_of), and those holding a base class of a linted class (`self.mine()` runs the override)."""
        bases = {cls[0] for path in self._linted if path in regions.files
                 for name in regions.files[path].classes for cls in regions.index.mro((path, name))}
        return self._callers | bases

    def _callers_of(self, linted: Set[Path], names: Set[str]) -> Set[str]:
        """Shown paths of the context files that may call into the linted files by name: they import one
        (directly or through other context files) and their text names something it defines, or something a
        file found so far defines (a helper calling the linted code). Text is cheap; a miss here only means
        an indexed file's calls are not followed, as with files that import the linted ones unasked."""
        importers: Set[Path] = set()
        grew = True
        while grew:
            grew = False
            for c in self.files:
                if c.path not in importers and any(p in linted or p in importers for p in c.imports):
                    importers.add(c.path)
                    grew = True
        words = {c.path: identifiers(c.source.text) for c in self.files if c.path in importers}
        callers: Set[str] = set()
        while names and words:
            encoded = {name.encode("utf-8", "surrogatepass") for name in names}
            found = [c for c in self.files if c.path in words and not words[c.path].isdisjoint(encoded)]
            names = set()
            for c in found:
                del words[c.path]
                callers.add(c.facts.path)
                names |= _top_level_names(c.facts)
        return callers

    def _key(self, source: SourceFile, module: str, is_package: bool, complete: bool) -> Tuple[str, str]:
        kind = "complete" if complete else "indexed"
        return f"context-{kind}\0{source.path}\0{module}\0{is_package}", self._digest(source)

    def _digest(self, source: SourceFile) -> str:
        """The text's content digest, once per file (a file is looked up under several keys)."""
        from compilelint.cache import content_digest

        if source.path not in self._digests:
            self._digests[source.path] = content_digest(source.text)
        return self._digests[source.path]

    def _read(self, path: Path, source: SourceFile, module: str, is_package: bool) -> Optional[ContextFile]:
        """The file's facts: from the cache (an earlier partial run's, or what a whole-project run stored, which
        is then kept as facts alone: a third of the bytes to load next time), else the index's, else libcst's
        (a compile site or dynamo setting, which only the parse sees). None: it does not parse."""
        if self.cache is not None:
            from compilelint.results import FileResult

            for complete in (True, False):
                facts = self.cache.load(*self._key(source, module, is_package, complete), FileFacts)
                if facts is not None:
                    return ContextFile(path, source, module, is_package, facts, complete)
            linted = self.cache.load(self.cache.identity(path, source.path, module, is_package),
                                     self._digest(source), FileResult)
            if linted is not None and linted.error is None:
                self.cache.store(*self._key(source, module, is_package, linted.checked), linted.facts)
                return ContextFile(path, source, module, is_package, linted.facts, linted.checked)
        found = index_file(source.text, source.path, module, is_package)
        if found is not None and not found.triggers & FACT_TRIGGERS:
            if self.cache is not None:
                self.cache.store(*self._key(source, module, is_package, False), found.facts)
            return ContextFile(path, source, module, is_package, found.facts, False)
        context_file = ContextFile(path, source, module, is_package, FileFacts(source.path, module), False)
        return context_file if self._complete(context_file) else None

    def _complete(self, context_file: ContextFile) -> bool:
        """Replace the file's facts with libcst's; False when it does not parse."""
        return self._take(context_file, self._parse([(context_file.source, context_file.module,
                                                      context_file.is_package)])[0])

    def _take(self, context_file: ContextFile, result: "FileResult") -> bool:
        if result.error is not None:
            return False
        context_file.facts, context_file.complete = result.facts, True
        if self.cache is not None:
            self.cache.store(*self._key(context_file.source, context_file.module, context_file.is_package, True),
                             result.facts)
        return True


def _parse_here(files: Sequence[Tuple["SourceFile", str, bool]]) -> List["FileResult"]:
    from compilelint.linter import parse_and_lint

    return [parse_and_lint(source, module, is_package, ()) for source, module, is_package in files]


def _inputs(linted: Sequence[Tuple["FileResult", Path]]) -> list:
    """What a context is built from: each linted file's path, and, when it parses, the names it imports and
    defines (module name, import table, top-level definitions)."""
    return [(p, r.error is None and (r.facts.path, r.facts.module, r.facts.imports, _top_level_names(r.facts)))
            for r, p in linted]


# bytes.translate table: ASCII word characters stay, every other byte becomes a space
_ASCII_WORDS = bytes(c if chr(c).isascii() and (chr(c).isalnum() or chr(c) == "_") else 0x20 for c in range(256))


def identifiers(text: str) -> Set[bytes]:
    """What IDENTIFIER finds in the text, UTF-8 encoded. For ASCII text (nearly all source), from its runs of word
    characters, each less its leading digits, as IDENTIFIER starts a match at a letter or `_`: ~2x faster."""
    if not text.isascii():
        return {word.encode("utf-8", "surrogatepass") for word in set(IDENTIFIER.findall(text))}
    runs = set(text.encode("ascii").translate(_ASCII_WORDS).split())
    digit_led = {run for run in runs if run[0] < 0x3A}  # b"0"-b"9": the only word bytes below b"A"
    return (runs - digit_led) | ({run.lstrip(b"0123456789") for run in digit_led} - {b""})


def _top_level_names(facts: FileFacts) -> Set[str]:
    return {name for name in facts.functions if "." not in name} | set(facts.classes)


def reached_by_calls(regions: "ProjectRegions", keys: Iterable[Tuple[str, str]]) -> Set[Tuple[str, str]]:
    """Every project function that these functions call, directly or not, disabled or not. The calls of compiled
    functions come as the region solve resolved them (regions.callees): resolving them again cost as much as the solve."""
    seen: Set[Tuple[str, str]] = set()
    pending = list(keys)
    while pending:
        path, function = pending.pop()
        callees = regions.callees.get((path, function))
        if callees is None:
            fn = regions.files[path].functions.get(function)
            callees = [key for record in (fn.calls if fn is not None else ()) for key in regions.resolve_call(path, fn, record)]
        for key in callees:
            if key not in seen and key[1] in regions.files[key[0]].functions:
                seen.add(key)
                pending.append(key)
    return seen
