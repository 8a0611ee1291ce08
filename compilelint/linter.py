"""Lint a set of files: read, parse once per file, project-wide regions, findings, suppressions.

Each file is read, its result taken from the cache or its facts from the ast index (index.py), and parsed with libcst
at once when the index finds a trigger in it (pool.py: here, in a helper process or in workers); the project context
is read (context.py); rounds of region solves over every file's facts decide which other files hold compiled code,
and those are parsed, until none is left; resolve_findings turns the candidates that hold into findings."""

from __future__ import annotations

import ast
import fnmatch
import functools
import gc
import io
import os
import pickle
import re
import sys
import threading
import tokenize
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import (TYPE_CHECKING, Callable, Dict, FrozenSet, Iterable, Iterator, List, MutableMapping, Optional,
                    Sequence, Set, Tuple)

from compilelint import dynamo_config
from compilelint.attributes import ConstantAttributes, asked_attributes
from compilelint.catalogue import gb_type_names, load_catalogue
from compilelint.conditions import ProjectConditions
from compilelint.context import ProjectContext, reached_by_calls
from compilelint.config import Config
from compilelint.dataclass_code import cached_dataclass_code
from compilelint.facts import AUTOGRAD_FUNCTIONS, FileFacts
from compilelint.findings import Finding, Fix, Location, Region, Severity
from compilelint.frame_skips import OWN_FRAME_PATTERNS, drop_past_frame_skips
from compilelint.guards import ProjectGuards, any_atom_holds
from compilelint.helper import Helper, can_fork
from compilelint.index import ANYWHERE_TRIGGERS, FACT_TRIGGERS, index_file
from compilelint.pool import ParseJob, ParsePool
from compilelint.regions import ProjectRegions
from compilelint.results import Candidate, FileResult
from compilelint.suppressions import apply_suppressions, parse_suppressions, suppression_findings

if TYPE_CHECKING:
    from compilelint.cache import Cache

NEWEST_KNOWN_TORCH = (2, 13)
# A break in these places makes dynamo give up on the whole frame (it all runs eagerly): verified on 2.13
# and 2.11. The try case carries no GB id of its own: the root cause's id is logged with a frame skip.
AMPLIFIERS = {
    "loop": ("GB7000", "inside a loop, so dynamo gives up on the whole frame (0 graphs: it all runs eagerly)"),
    "user-context-manager": ("GB0066", "inside a user context manager, so dynamo gives up on the whole frame"),
    "try": ("", "inside a `try` block or `except` handler, so dynamo gives up on the whole frame"),
    # `x in t` breaks inside Tensor.__contains__, at no call of the frame's own: dynamo cannot resume after it
    "not-a-call": ("", "not at a call, so dynamo cannot resume after it and gives up on the whole frame"),
    "consumed-generator": ("GB8335", "dynamo cannot rebuild the half-consumed generator, so it gives up on the "
                                      "whole frame and reports the break at the consumer's call too"),
}


@dataclass
class SourceFile:
    path: str  # as shown to the user
    text: str
    encoding: str = "utf-8"
    bom: bool = False


class SourceTable(MutableMapping):
    """The run's sources by shown path. A text the run has indexed or parsed is kept zlib-compressed when
    `packing` is on (the whole torch/: 76 MB of texts held as 13 MB) and unpacked when asked for again (a
    later round's parse, suppressions, the report)."""

    def __init__(self, packing: bool = False) -> None:
        self.packing = packing
        self._sources: Dict[str, object] = {}  # shown path -> SourceFile, or (compressed text, encoding, bom)
        self._unpacked: Optional[SourceFile] = None  # the last one unpacked: a report asks for it once a finding

    def __getitem__(self, path: str) -> SourceFile:
        source = self._sources[path]
        if isinstance(source, SourceFile):
            return source
        if self._unpacked is None or self._unpacked.path != path:
            data, encoding, bom = source
            self._unpacked = SourceFile(path, zlib.decompress(data).decode("utf-8", "surrogatepass"), encoding, bom)
        return self._unpacked

    def __setitem__(self, path: str, source: SourceFile) -> None:
        self._sources[path] = source
        if self._unpacked is not None and self._unpacked.path == path:
            self._unpacked = None

    def __delitem__(self, path: str) -> None:
        del self._sources[path]
        self._unpacked = None

    def __iter__(self) -> Iterator[str]:
        return iter(self._sources)

    def __len__(self) -> int:
        return len(self._sources)

    def pack(self, path: str) -> None:
        source = self._sources[path]
        if self.packing and isinstance(source, SourceFile):
            # level 1: 3.7x smaller at 0.4 CPU s for the 46 MB of torch/ (level 6: 4.4x, 1.1 s)
            data = zlib.compress(source.text.encode("utf-8", "surrogatepass"), 1)
            self._sources[path] = (data, source.encoding, source.bom)


class PackedCandidates(Sequence):
    """A parsed file's candidates, pickled and compressed until a step reads them (in a run with packing on:
    the whole torch/ holds 90,000 candidates, ~100 MB as objects, ~5 MB packed). Most are never read: a step
    that wants only compiled code's candidates skips a file none of whose `functions` is compiled
    (`compiled_candidates`). Each read unpacks them again."""

    def __init__(self, candidates: Sequence[Candidate]) -> None:
        self.functions = frozenset(c.function for c in candidates)
        self.anywhere = any(c.anywhere for c in candidates)
        self._count = len(candidates)
        self._data = zlib.compress(pickle.dumps(list(candidates), protocol=pickle.HIGHEST_PROTOCOL), 1)

    def unpacked(self) -> List[Candidate]:
        # the last list unpacked is kept: the conditions read one file's candidates again for each of its own
        if _last_unpacked[0] is not self:
            _last_unpacked[:] = [self, pickle.loads(zlib.decompress(self._data))]
        return _last_unpacked[1]

    def __getitem__(self, index):
        return self.unpacked()[index]

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.unpacked())

    def __len__(self) -> int:
        return self._count


_last_unpacked: list = [None, None]  # (PackedCandidates, its candidates)


def packed(result: FileResult) -> FileResult:
    """The result with its candidates packed (PackedCandidates)."""
    if result.candidates and not isinstance(result.candidates, PackedCandidates):
        result.candidates = PackedCandidates(result.candidates)
    return result


def unpacked(result: FileResult) -> FileResult:
    """The result with a plain list of candidates (what the cache stores)."""
    if isinstance(result.candidates, PackedCandidates):
        return replace(result, candidates=result.candidates.unpacked())
    return result


def compiled_candidates(result: FileResult, regions: ProjectRegions) -> Iterable[Candidate]:
    """The file's candidates, except that a packed file none of whose candidates can be reported (none lies in
    compiled code or is reported anywhere) gives none, unread: for the steps that skip other candidates."""
    candidates = result.candidates
    if isinstance(candidates, PackedCandidates) and not candidates.anywhere \
            and all(regions.region_of(result.path, function) is None for function in candidates.functions):
        return ()
    return candidates


@dataclass
class LintRun:
    findings: List[Finding] = field(default_factory=list)
    sources: MutableMapping[str, SourceFile] = field(default_factory=SourceTable)
    files_checked: int = 0
    # what the fixer needs to re-lint one changed file: shown path -> result, (module name, is_package)
    results: Dict[str, FileResult] = field(default_factory=dict)
    modules: Dict[str, Tuple[str, bool]] = field(default_factory=dict)
    unmatched_roots: List[str] = field(default_factory=list)  # compiled-roots patterns naming nothing linted


def read_source(path: Path, shown: str) -> Tuple[Optional[SourceFile], Optional[str]]:
    """The file's text in its declared encoding, or a reason it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"cannot read file: {exc.strerror or exc}"
    return decode_source(data, shown)


def decode_source(data: bytes, shown: str) -> Tuple[Optional[SourceFile], Optional[str]]:
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        bom = encoding == "utf-8-sig"
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        return None, f"cannot decode file: {exc}"
    if text.startswith("\ufeff"):
        text, bom = text[1:], True
    return SourceFile(shown, text, "utf-8" if bom else encoding, bom), None


# how many folders without `__init__.py` in a row may still sit inside a package
NAMESPACE_DEPTH = 4
# how many folders down the folder without `__init__.py` nearest a file is read for imports of its own name
OWN_NAME_DEPTH = 3


def module_name(path: Path) -> Tuple[str, bool]:
    """Dotted module name from the package layout (`__init__.py` files upwards). Folders without one inside a
    package are namespace subpackages of it, however deep (`pkg/utils/misc.py` beside `pkg/__init__.py` is
    `pkg.utils.misc`, `pkg/models/utils/detect.py` is `pkg.models.utils.detect`)."""
    path = path.resolve()
    package = _package_of(path.parent)
    return ".".join(package if path.stem == "__init__" else (*package, path.stem)), path.stem == "__init__"


@functools.lru_cache(maxsize=None)
def _package_of(directory: Path) -> Tuple[str, ...]:
    """The dotted name of the package a folder's modules belong to, as parts; decided once a folder in a run."""
    namespace = [directory]  # this folder and the ones above it without `__init__.py`, up to a package
    while not (namespace[-1] / "__init__.py").is_file() and len(namespace) <= NAMESPACE_DEPTH \
            and namespace[-1].parent != namespace[-1]:
        namespace.append(namespace[-1].parent)
    names = tuple(folder.name for folder in reversed(namespace))
    if (namespace[-1] / "__init__.py").is_file():
        return _package_of(namespace[-1].parent) + names
    # no package above: the nearest of these folders whose code imports it by name is a namespace package, the top of
    # its modules' names; the folder itself where code up to OWN_NAME_DEPTH folders down does (bionemo/moco/__init__.py
    # imports relatively; bionemo/moco/schedules/*.py spell `bionemo.moco`), one above it only where code one folder
    # down imports the subfolder on the way down by name, however deep (basisconvolution, no __init__.py anywhere,
    # imports `BasisConvolution.detail.radius`; tests/ of `from tests.helpers import ...` holds no tests.dynamo_cases).
    # Those above are read one folder down only: they may be as big as a home folder or /tmp.
    if any(_imported_by_name(directory, level) for level in range(OWN_NAME_DEPTH + 1)):
        return names[-1:]
    for i in range(1, len(namespace)):
        if namespace[i - 1].name in _imported_by_name(namespace[i], 0) | _imported_by_name(namespace[i], 1):
            return names[-i - 1:]
    return ()


@functools.lru_cache(maxsize=None)
def _imported_by_name(directory: Path, level: int) -> FrozenSet[str]:
    """The modules and subfolders of a folder without `__init__.py` that its code `level` folders down imports by the
    folder's name (`from rau.unidirectional import State` in rau/generation/beam_search.py, rau/unidirectional/ beside
    it, level 1): where there are any, the folder is a namespace package (PEP 420), the top of its modules' names. None
    of a checkout named as the package it holds (zoo/zoo/__init__.py: `zoo.ops` is the inner package's)."""
    if not directory.name.isidentifier() or (directory / directory.name / "__init__.py").is_file():
        return frozenset()
    folders = [str(directory)]
    for _ in range(level):
        folders = [below for folder in folders for below in _listing(folder)[1]]
    spelled = re.compile(rf"^[ \t]*(?:from|import)[ \t]+{re.escape(directory.name)}\.(\w+)", re.MULTILINE)
    return frozenset(module for folder in folders for file in _listing(folder)[0]
                     for module in spelled.findall(_text_spelling(file, f"{directory.name}."))
                     if (directory / module).is_dir() or (directory / f"{module}.py").is_file())


@functools.lru_cache(maxsize=None)
def _listing(folder: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """A folder's `.py` files and its subfolders, without dot-folders (site folders of installed packages) or
    dot-files; nothing where it cannot be listed (a temporary folder may vanish while it is read)."""
    files, folders = [], []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.startswith("."):
                    if entry.name.endswith(".py"):
                        files.append(entry.path)
                    if entry.is_dir():
                        folders.append(entry.path)
    except OSError:
        return (), ()
    return tuple(files), tuple(folders)


def _text_spelling(path: str, word: str) -> str:
    """A file's text (as `Path.read_text` reads it) where it holds `word`, else "" (unread: most files never spell
    it); "" too where it cannot be read (its own lint reports why)."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return ""
    if word.encode() not in data:
        return ""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace").read()


def parse_and_lint(source: SourceFile, name: str, is_package: bool, checks,
                   reached: Optional[Set[str]] = None) -> FileResult:
    """`reached`: the file's functions known to be compiled; other functions' candidates are left out
    (engine.FileContext.finish)."""
    # the parser, the engine and the checks load only when a file is parsed (a warm run needs none)
    with cached_dataclass_code():
        import libcst as cst

        from compilelint.engine import lint_module
        from compilelint.parsing import parse_module, release_memory

    try:
        module = parse_module(source.text)
    except (cst.ParserSyntaxError, RecursionError) as exc:
        result = FileResult(source.path, FileFacts(source.path, name))
        result.error = ("CL901",) + _syntax_error(source.text, exc)
        return result
    lint_tree = functools.partial(lint_module, source.path, module, checks, name, is_package, source.text, reached)
    del module
    try:
        result = lint_tree()
    except RecursionError:
        # very deep expressions (a 3,000-term sum) exceed the default stack: retry with a big one
        result = _with_deep_stack(lint_tree)
    del lint_tree  # the result holds no node: the tree is freed here, and its memory handed back
    release_memory(source.text)
    return result


def _syntax_error(text: str, exc: Exception) -> Tuple[str, int, int]:
    """CPython's own message and location when it agrees the file is invalid (they are the clearest)."""
    try:
        ast.parse(text)
    except SyntaxError as error:
        return f"syntax error: {error.msg}", error.lineno or 1, error.offset or 1
    except (RecursionError, MemoryError, ValueError):
        pass
    import libcst as cst

    if isinstance(exc, cst.ParserSyntaxError):
        return f"syntax error: {exc.message}", exc.raw_line, exc.raw_column + 1
    return "syntax error: the file nests too deeply to parse", 1, 1


def _with_deep_stack(work):
    result, failure = [], []

    def run():
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(200_000)
        try:
            result.append(work())
        except BaseException as exc:  # handed back to the calling thread
            failure.append(exc)
        finally:
            sys.setrecursionlimit(limit)

    old_size = threading.stack_size(512 * 1024 * 1024)
    try:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old_size)
    if failure:
        raise failure[0]
    return result[0]


def torch_version(config: Config) -> Tuple[int, int]:
    """Target torch for GB ids: config, else the installed torch's metadata (never imported), else newest."""
    text = config.torch_version
    if text is None:
        from compilelint.installed import installed_version  # at the first finding: a clean run needs none

        text = installed_version("torch")
        if text is None:
            return NEWEST_KNOWN_TORCH
    try:
        major, minor = text.split("+")[0].split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        return NEWEST_KNOWN_TORCH


def shown_path(path: Path, cwd: Path) -> str:
    try:
        return path.relative_to(cwd).as_posix()
    except ValueError:
        return path.as_posix()


# libcst's trees are many small objects: at CPython's default threshold (700 net allocations) a cold -j1 run of corpus
# M collected 778 times (6 of them full, each walking every object the run holds), 0.49 of its ~7 CPU s; at this
# one, 37 times, 0.08 s. Only garbage in cycles waits longer (speed-2026-11-23-j2.md: whole torch/ peak memory).
GC_THRESHOLD = 100_000


def _fewer_collections(function):
    """`function` with the youngest generation collected every GC_THRESHOLD allocations, the caller's setting after."""
    @functools.wraps(function)
    def run(*args, **kwargs):
        thresholds = gc.get_threshold()
        if thresholds[0]:  # 0: collection is off, and stays off
            gc.set_threshold(max(thresholds[0], GC_THRESHOLD))
        try:
            return function(*args, **kwargs)
        finally:
            gc.set_threshold(*thresholds)
    return run


@dataclass
class _Input:
    """A readable file of the run (stdin's text included), by its slot in the results."""
    shown: str
    module: str
    is_package: bool
    path: Optional[Path] = None  # None: stdin
    cache_key: Optional[Tuple[str, str]] = None  # (cache identity, content digest)
    cached: Optional[FileResult] = None  # what the cache held for it


@_fewer_collections
def lint(
    paths: Sequence[Path],
    config: Config,
    enabled: Sequence[str],
    tool_codes: Sequence[str],
    stdin: Optional[Tuple[str, str]] = None,
    cache: Optional["Cache"] = None,
    jobs: int = 1,
    helper: Optional[Helper] = None,
) -> LintRun:
    """Lint files (or one stdin text, as (shown name, text)) with the enabled rules.

    Per-file results come from the cache when the file's text is unchanged. Other files are indexed with
    CPython's parser first (index.py); libcst and the checks run only on files that may hold a finding:
    compiled code, as the project-wide regions over every file's facts say, or a trigger of a rule that
    reports outside compiled code (the pre-filter). Parsing runs in `jobs` worker processes when there is
    enough to do. Results are kept in input order, so the output does not depend on the cache, on the
    number of workers or on the pre-filter.

    A run too small for a pool, with a second core, parses in one helper process (helper.py): `helper`, one the
    caller forked early (it ends it), else one forked at the first file to parse. There, a file whose class has
    a `forward` (compiled when forward is assumed compiled) is parsed at once, with the triggered ones, so that
    the first region solve has its facts instead of asking for it.
    """
    cwd = Path.cwd()
    _imported_by_name.cache_clear()  # a file edited since the last run may import its folder now
    sizes = [_size_on_disk(path) for path in paths]
    chars = sum(sizes)
    run = LintRun(sources=SourceTable(packing=chars >= PACK_MIN_CHARS))
    # one slot per input, then stdin's: an unreadable file's stays None
    results: List[Optional[FileResult]] = [None] * (len(paths) + (stdin is not None))
    inputs: List[Optional[_Input]] = [None] * len(results)  # by slot, as the results
    triggers = _parse_triggers(enabled)
    processes = min(jobs, len(paths)) if chars >= PARALLEL_MIN_CHARS else 1
    if processes > 1 and helper is not None:
        helper.close()  # the workers take the cores
        helper = None
    use_helper = processes == 1 and (helper is not None or (jobs > 1 and can_fork()))
    parse = _parse_and_pack if run.sources.packing else parse_and_lint
    with ParsePool(results, parse, enabled, processes, helper, use_helper, chars) as parser:
        # Biggest files first: their parses (~300 bytes a character) come while the run holds little, and they
        # go to the workers first (results keep the input order).
        for index in sorted(range(len(paths)), key=lambda i: -sizes[i]):
            path = paths[index]
            shown = shown_path(path, cwd)
            source, problem = read_source(path, shown)
            if source is None:
                run.findings.append(_tool_finding("CL902", "unreadable-file", shown, problem, 1, 1))
                continue
            run.sources[shown] = source
            file = inputs[index] = _Input(shown, *module_name(path), path)
            run.modules[shown] = (file.module, file.is_package)
            if cache is not None:
                from compilelint.cache import content_digest
                from compilelint.index import star_imported_text

                identity = cache.identity(path, shown, file.module, file.is_package)
                # a star import of a project module binds what that file binds: its text is part of the key
                imported = star_imported_text(str(path), file.module, file.is_package, source.text)
                file.cache_key = (identity, content_digest(source.text + imported))
                results[index] = file.cached = cache.load(*file.cache_key, FileResult)
            if results[index] is None:
                _index_or_parse(parser, ParseJob(index, source, file.module, file.is_package), triggers, config)
            run.sources.pack(shown)
        if stdin is not None:
            shown, text = stdin
            source = run.sources[shown] = SourceFile(shown, text)
            file = inputs[len(paths)] = _Input(shown, *(module_name(Path(shown)) if shown != "-" else ("", False)))
            run.modules[shown] = (file.module, file.is_package)
            _index_or_parse(parser, ParseJob(len(paths), source, file.module, file.is_package), None, config)
            run.sources.pack(shown)
        early = None
        if parser.in_helper:  # the context is read while the helper parses, with the index's facts of its files
            early = ProjectContext(_linted(results, inputs), config, cache, parser.parse_facts)
        parser.collect()
        linted = _linted(results, inputs)  # final: the context read early is checked against them
        context = early.again(linted) if early is not None else ProjectContext(linted, config, cache, parser.parse_facts)
        done, regions, context = _region_rounds(parser, inputs, run.sources, context, config)
    for file, result in zip(inputs, results):
        if file is not None and file.cache_key is not None and result is not file.cached:  # missing or stale
            cache.store(*file.cache_key, unpacked(result))
    run.results = {r.path: r for r in done}
    run.unmatched_roots = regions.unmatched_roots()
    run.files_checked = len(results)
    run.findings += resolve_findings(done, run.sources, config, set(enabled) | set(tool_codes), context.facts, regions,
                                     [c.source for c in context.files])
    run.findings.sort(key=lambda f: f.sort_key)
    return run


def _index_or_parse(parser: ParsePool, job: ParseJob, triggers: Optional[Set[str]], config: Config) -> None:
    """Index the file with the ast, and parse it at once when the index finds one of `triggers` in it (None: no
    index, it is parsed), in a worker while the index goes on (in the workers the index cost ~0.8 s more CPU on
    corpus M and no -j2 wall time). The index's facts stand in meanwhile, and stay when no parse is needed."""
    shown = job.source.path
    found = index_file(job.source.text, shown, job.module, job.is_package) if triggers is not None else None
    parser.results[job.index] = FileResult(shown, found.facts if found else FileFacts(shown, job.module), checked=False)
    if found is None or found.triggers & triggers or (
            parser.use_helper and config.assume_forward_compiled and _defines_forward(found.facts)):
        parser.submit(job)
    elif parser.jobs > 1 and config.assume_forward_compiled and _defines_module_forward(found.facts):
        # most likely compiled: parsed while this process indexes the rest, rather than in the first region round
        parser.submit(job, required=False)


def _linted(results: List[Optional[FileResult]], inputs: List[Optional[_Input]]) -> List[Tuple[FileResult, Path]]:
    """The results of the files read from disk, with their paths, in input order (what a project context reads)."""
    return [(result, file.path) for file, result in zip(inputs, results) if file is not None and file.path is not None]


def _region_rounds(parser: ParsePool, inputs: List[Optional[_Input]], sources: MutableMapping[str, SourceFile],
                   context: ProjectContext, config: Config) \
        -> Tuple[List[FileResult], ProjectRegions, ProjectContext]:
    """Solve the regions, parse the indexed files (and the context files) that they decide hold compiled code, and
    solve again, until nothing is left to parse: the results, the regions over them and the context, all final."""
    results = parser.results
    while True:
        parser.dispatch()
        settled = not parser.busy  # no parse lands after this solve: it is over the final facts
        done = [r for r in results if r is not None]
        if parser.jobs > 1:  # the linted files' facts may have changed since the context was read
            context = context.again(_linted(results, inputs))
        regions = _solve_regions(done, config, context.facts)
        reached = compiled_reach(regions)
        needed = _to_lint(done, regions, reached)
        held = parser.held()
        pending = [ParseJob(index, sources[file.shown], file.module, file.is_package)
                   for index, (file, result) in enumerate(zip(inputs, results))
                   if result is not None and result.path in needed and index not in held]
        if not context.complete_needed(regions, reached, lambda: globals_read(done, regions)) and not pending \
                and settled:
            return done, regions, context
        parser.parse_all(pending)
        del pending  # the texts unpacked for these parses


def _solve_regions(results: Sequence[FileResult], config: Config, context: Sequence[FileFacts] = ()) -> ProjectRegions:
    return ProjectRegions([r.facts for r in results if r.error is None] + list(context), config.assume_forward_compiled,
                          config.compiled_roots)


def _parse_and_pack(source: SourceFile, name: str, is_package: bool, checks) -> FileResult:
    """parse_and_lint, its candidates packed (in a run with packing on, they are shipped and kept so)."""
    return packed(parse_and_lint(source, name, is_package, checks))


def lint_reached(run: LintRun, config: Config, checks: list) -> None:
    """Parse and lint the files of `run` known from the index only that the regions now reach (after a fix
    changed a file, its calls may reach further)."""
    while True:
        results = list(run.results.values())
        regions = _solve_regions(results, config)
        needed = _to_lint(results, regions, compiled_reach(regions))
        if not needed:
            return
        for path in sorted(needed):
            run.results[path] = parse_and_lint(run.sources[path], *run.modules[path], checks, needed[path])


def _to_lint(results: Sequence[FileResult], regions: ProjectRegions, reached: Set[Tuple[str, str]]) \
        -> Dict[str, Optional[Set[str]]]:
    """The files to lint (again), each with its functions known to be compiled: indexed-only files holding
    a function that compiled code calls, directly or not (compiled, or disabled: what a disabled function
    returns still counts, summaries.py), and files whose left-out candidates (FileResult.unpositioned) are
    now compiled. Every file, with all its candidates, when a `config.patch` decorator passes settings down
    the call graph (which callers a function has, only the call records of every file tell).
    And, with all their candidates, the indexed-only files that may change a global compiled code reads (CL210)."""
    if any(facts.dynamo_patches for facts in regions.files.values()):
        return {r.path: None for r in results if not r.checked or r.unpositioned}
    compiled: Dict[str, Set[str]] = {}
    for path, function in list(regions.compiled) + list(regions.passed):
        compiled.setdefault(path, set()).add(function)
    called = {path for path, _ in set(regions.compiled) | regions.passed | reached}
    needed: Dict[str, Optional[Set[str]]] = {
        r.path: compiled.get(r.path, set()) for r in results
        if (not r.checked and r.path in called) or not compiled.get(r.path, set()).isdisjoint(r.unpositioned)}
    needed.update(dict.fromkeys(_write_files(results, regions)))
    return needed


def _write_files(results: Sequence[FileResult], regions: ProjectRegions) -> List[str]:
    """Indexed-only files that may change a global read in compiled code (a CL210 candidate whose condition
    the writes of other files decide: conditions.ProjectConditions._global_changed). Parsed, they give their
    exact writes (facts.global_writes); the index alone knows only the names they may be under."""
    writers = [r for r in results if not r.checked and r.facts.global_write_prefixes]
    read = globals_read(results, regions) if writers else set()
    return [r.path for r in writers if may_write(r.facts, read)]


def globals_read(results: Sequence[FileResult], regions: ProjectRegions) -> Set[str]:
    """The guarded project globals that compiled code reads where a write elsewhere would matter (CL210)."""
    read: Set[str] = set()
    for result in results:
        for cand in compiled_candidates(result, regions):
            if cand.requires is not None and cand.requires[0] in ("global-changed", "global-mutated") \
                    and regions.region_of(result.path, cand.function) is not None \
                    and _guarded_global(regions, cand.requires[1]):
                read.add(cand.requires[1])
    return read


def may_write(facts: FileFacts, read: Set[str]) -> bool:
    """The index says the file may change one of these globals."""
    return any(name == prefix or name.startswith(prefix + ".")
               for prefix in facts.global_write_prefixes for name in read)


def _guarded_global(regions: ProjectRegions, name: str) -> bool:
    """`pkg.mod.NAME` names a module global of the project that dynamo guards by value (the first test of
    conditions.ProjectConditions._global_changed: a write to any other name cannot make CL210 hold)."""
    module, _, attribute = name.rpartition(".")
    defining = regions.index.modules.get(module)
    return defining is not None and attribute in regions.files[defining].guarded_globals


def compiled_reach(regions: ProjectRegions) -> Set[Tuple[str, str]]:
    """Every project function that compiled code calls, directly or not (`reached` of _to_lint)."""
    return reached_by_calls(regions, set(regions.compiled) | regions.passed)


def _defines_forward(facts: FileFacts) -> bool:
    return any("forward" in cls.methods for cls in facts.classes.values())


def _defines_module_forward(facts: FileFacts) -> bool:
    """A class with a forward that is no autograd.Function's (those are not compiled as a module's are): each of
    the 26 files of corpus M with one is compiled (the regions decide that from every file's facts)."""
    return any("forward" in cls.methods and not AUTOGRAD_FUNCTIONS.intersection(cls.bases)
               for cls in facts.classes.values())


def _parse_triggers(enabled: Sequence[str]) -> Optional[Set[str]]:
    """The index triggers that make a file worth parsing whatever the regions say: the fact triggers, and those
    of the enabled rules that report outside compiled code. index.ANYWHERE_TRIGGERS has one for every such
    check (a test keeps them equal), so deciding loads no check and no libcst. None turns the pre-filter off."""
    return set(FACT_TRIGGERS) | {ANYWHERE_TRIGGERS[code] for code in enabled if code in ANYWHERE_TRIGGERS}


# Below this much source a worker pool costs more than it saves (start-up, shipping texts and results).
PARALLEL_MIN_CHARS = 200_000
# Below this much source the texts cost less memory than packing them costs time (SourceTable.pack).
PACK_MIN_CHARS = 16_000_000


def _size_on_disk(path: Path) -> int:
    """About how many characters the file holds (bytes on disk), before it is read."""
    try:
        return path.stat().st_size
    except OSError:  # reading it will say why
        return 0


def resolve_findings(results: List[FileResult], sources: Dict[str, SourceFile], config: Config, enabled: set,
                     context: Sequence[FileFacts] = (), regions: Optional[ProjectRegions] = None,
                     context_sources: Sequence[SourceFile] = ()) -> List[Finding]:
    """The findings of the candidates that hold in the project, suppressions applied. `regions`: the project's,
    when the caller has solved them over these results and context (`context_sources`: the context files' texts)."""
    if regions is None:
        regions = _solve_regions(results, config, context)
    texts = {source.path: source.text for source in context_sources}
    texts.update((path, source.text) for path, source in sources.items())  # a linted file's own text first
    attributes = ConstantAttributes(list(texts), texts.__getitem__, regions.index,
                                    asked_attributes(c.unless_guards for r in results for c in r.candidates))
    passed: List[ConstantAttributes] = []  # the attributes compiled calls pass (`f(x, size=self.size)`), when asked

    def passed_attributes() -> ConstantAttributes:
        if not passed:
            passed.append(ConstantAttributes(list(texts), texts.__getitem__, regions.index, {
                status[len("self."):] for facts in regions.files.values() for fn in facts.functions.values()
                for call in fn.call_args for _where, status in call[4] if status.startswith("self.")}))
        return passed[0]

    tensor_facts = _tensor_facts(regions, results, passed_attributes)
    version: Optional[Tuple[int, int]] = None  # looked up at the first finding: clean files need none
    catalogue = load_catalogue()
    project_dynamo = project_dynamo_settings(results, config)
    inherited = dynamo_config.inherited_patches(regions)
    guards = ProjectGuards([r.facts for r in results if r.error is None] + list(context))

    def settle(path: str, cand: Candidate) -> bool:
        """Every condition of the candidate but `requires` (ProjectConditions settles those) holds: its call reaches
        a disabled function where it must, no guard (nor a parameter every compiled call passes) keeps dynamo from
        tracing it, its tensor facts hold, and the dynamo settings in force keep its pattern a break or a recompile
        (also CL305's test of a break)."""
        return not (cand.requires_disabled
                    and not regions.calls_disabled(path, cand.function, cand.requires_disabled)) \
            and not (cand.unless_guards and any_atom_holds(cand.unless_guards, lambda atom: (
                guards.any_holds(path, [atom]) or tensor_facts.any_given(path, [atom])
                or attributes.any_decided(path, [atom])))) \
            and not (cand.requires_tensor and not tensor_facts.holds_in(path, cand.function, cand.requires_tensor)) \
            and _applies(catalogue[cand.code], cand, project_dynamo, inherited.get((path, cand.function)))

    def holds(path: str, cand: Candidate) -> bool:
        """settle(), once per candidate: asked here and again by the conditions' breaks."""
        if id(cand) not in held:
            held[id(cand)] = settle(path, cand)
        return held[id(cand)]

    held: Dict[int, bool] = {}  # id of a candidate (alive in `results` throughout) -> whether it holds
    conditions = ProjectConditions(results, regions, break_codes(catalogue), enabled, holds)
    out: List[Finding] = []
    for result in results:
        if result.error is not None:
            code, message, row, col = result.error
            out.append(_tool_finding(code, "syntax-error", result.path, message, row, col))
            continue
        ignored = _per_file_ignored(result.path, config)
        findings = []
        for cand in compiled_candidates(result, regions):
            region = regions.region_of(result.path, cand.function)
            if (region is None and not cand.anywhere) or any(cand.code.startswith(i) for i in ignored) \
                    or not holds(result.path, cand) or conditions.hidden_in_backward(result.path, cand):
                continue
            if "consumed-generator" in cand.amplifiers and not catalogue[cand.code].all_gb_ids():
                continue  # a pattern that does not break (numpy's RNG, CL155) leaves the generator whole
            if cand.requires is not None:
                message = conditions.message(result.path, cand)
                if message is None:
                    continue
                cand = replace(cand, message=message)
            if version is None:
                version = torch_version(config)
            findings.append(_finding(result.path, cand, catalogue[cand.code], region, version, config))
        findings = drop_past_frame_skips(findings, conditions.break_codes, sources[result.path].text)
        suppressions = parse_suppressions(sources[result.path].text)
        out += apply_suppressions(findings, suppressions)
        out += [replace(f, fix=_with_policy(f.fix, f.code, config))
                for f in suppression_findings(result.path, suppressions, enabled)]
    return out


def _finding(path: str, cand: Candidate, spec, region: Optional[Region], version: Tuple[int, int],
             config: Config) -> Finding:
    """The finding of a candidate that holds: the GB ids of its pattern for this torch, its amplifiers' after."""
    gb = list(spec.gb_ids(cand.pattern, version)) + list(cand.extra_gb)
    message = cand.message
    for amplifier in cand.amplifiers:
        gb_id, text = AMPLIFIERS[amplifier]
        message += f"; {text}"
        if gb_id and version >= (2, 8):
            gb.append(gb_id)
    gb = list(dict.fromkeys(gb))
    return Finding(
        code=cand.code, name=spec.name, message=message, path=path, start=cand.start, end=cand.end,
        severity=Severity(spec.severity), gb_types=tuple(gb), help=_help(gb, cand.help, gb_type_names()),
        fix=_with_policy(cand.fix, cand.code, config),
        region=_with_function(region, cand.function) if region else None,
        statement_row=cand.statement_row, url=spec.url, amplifiers=cand.amplifiers, maybe=cand.maybe,
        own_frame=(cand.code, cand.pattern) in OWN_FRAME_PATTERNS,
    )


def _tensor_facts(regions: ProjectRegions, results: List[FileResult],
                  attributes: Optional[Callable[[], ConstantAttributes]] = None):
    """The project-wide tensor facts the compiled candidates depend on, solved together (summaries.py)."""
    from compilelint.summaries import TensorFacts

    facts = TensorFacts(regions, attributes)
    facts.solve([(r.path, c.requires_tensor) for r in results if r.error is None
                 for c in compiled_candidates(r, regions) if c.requires_tensor and regions.region_of(r.path, c.function) is not None])
    return facts


def _with_policy(fix: Optional[Fix], code: str, config: Config) -> Optional[Fix]:
    if fix is None:
        return None
    applicability = config.fix_applicability(code, fix.applicability)
    return fix if applicability == fix.applicability else replace(fix, applicability=applicability)


def project_dynamo_settings(results: List[FileResult], config: Config) -> dynamo_config.Settings:
    """torch's defaults, then `[tool.compilelint] dynamo`, then what the project's files set (path order)."""
    from_files = [s for r in sorted(results, key=lambda r: r.path) if r.error is None for s in r.facts.dynamo_settings]
    return dynamo_config.merged(config.dynamo.items(), from_files)


def break_codes(catalogue) -> set:
    """The rules that find graph breaks (CL1xx, and call-site rules tagged graph-break)."""
    return {code for code, spec in catalogue.items() if code.startswith("CL1") or "graph-break" in spec.tags}


def _applies(spec, cand, project: dynamo_config.Settings, inherited: Optional[dynamo_config.Settings] = None) -> bool:
    """Whether the dynamo settings in force at the candidate (the project's, a `config.patch` of a calling
    function, then the patches around its line) keep its pattern a break or a recompile."""
    layers = [inherited.items()] if inherited else []
    layers += [cand.dynamo] if cand.dynamo else []
    settings = dynamo_config.merged(project.items(), *layers) if layers else project
    if not all(dynamo_config.holds(c, settings) for c in spec.only_when):
        return False
    return not any(dynamo_config.holds(c, settings) for c in spec.removed_by(cand.pattern))


def _with_function(region: Region, function: Optional[str]) -> Region:
    return region if function is None or region.function == function else Region(
        function, region.entry, region.confidence, region.reached_via)


def _help(gb: List[str], text: str, names: Dict[str, str]) -> str:
    if not gb:
        return text
    head = gb[0]
    kind = names.get(head, "")
    label = f"graph break {head}" + (f" ({kind})" if kind else "")
    return f"{label}: {text}" if text else label


def _per_file_ignored(path: str, config: Config) -> List[str]:
    codes: List[str] = []
    for pattern, ignored in config.per_file_ignores:
        if fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(Path(path).name, pattern):
            codes += ignored
    return codes


def _tool_finding(code: str, name: str, path: str, message: str, row: int, col: int) -> Finding:
    return Finding(code=code, name=name, message=message, path=path, start=Location(row, col),
                   end=Location(row, col), severity=Severity.ERROR, statement_row=row)
