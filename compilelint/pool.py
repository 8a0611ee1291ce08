"""Where a run's files are parsed and linted: in this process, in one helper process (helper.py), or in worker
processes beside this one (-j N), and in which order (linter.lint decides what to parse, this module where and when).
"""

from __future__ import annotations

import bisect
import gc
import sys
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from compilelint.dataclass_code import cached_dataclass_code
from compilelint.helper import Helper

if TYPE_CHECKING:
    from concurrent.futures import Future

    from compilelint.linter import SourceFile
    from compilelint.results import FileResult

# parse and lint one file with these checks (none: its facts alone): linter.parse_and_lint, or a variant of it
ParseFile = Callable[["SourceFile", str, bool, Sequence], "FileResult"]

# With workers, collect hands back to the caller, to solve the regions again, each time this share of the run's source
# has been parsed (corpus M: 345,000 characters, ~1 CPU s of parsing; a solve over it takes ~0.02 s)
RESOLVE_SHARE = 8
# About as much source as libcst parses while a process loads it (~0.2 s): the helper's head start on this process
HELPER_HEAD_START = 100_000


class ParseJob(NamedTuple):
    index: int  # the file's slot in the run's results
    source: "SourceFile"
    module: str
    is_package: bool


class ParsePool:
    """Parses and lints files with `parse` into `results` (by ParseJob.index): in this process, and in `jobs - 1`
    worker processes beside it when `jobs` > 1 (one pool for the whole run). `use_helper`: a run too small for a
    pool, with a second core, parses in one helper process (helper.py), `helper` or one forked at its first file,
    so that loading libcst overlaps the context's reads. `source_chars`: the run's size (see collect).

    The workers fork at the first file to parse, once this process has loaded libcst, the engine and the
    checks: they inherit them (each loading its own cost ~0.3 CPU s), and a run that parses nothing (a warm
    one) starts none.

    Files wait in a queue ordered by size: a free worker takes the biggest, this process the smallest, so that
    all finish a round together and the biggest parses (the most memory) happen in the workers. A worker is
    handed a file only when it is free (or holds one file in hand while plenty are waiting): files it held
    could not go to this process once the queue ran dry at the end of a round.

    A file submitted as not `required` is parsed on speculation: `collect` waits for the required ones only, and
    files of either kind go first; the speculative ones keep the workers busy while this process indexes or
    solves the regions, and are collected when a round finds nothing else to parse."""

    def __init__(self, results: List[Optional["FileResult"]], parse: ParseFile, enabled: Sequence[str], jobs: int,
                 helper: Optional[Helper] = None, use_helper: bool = False, source_chars: int = 0) -> None:
        self.results = results
        self.parse = parse
        self.enabled = enabled
        self.jobs = jobs
        self.use_helper = use_helper
        self.helper = helper
        self.own_helper = False  # forked here, so ended here
        self.resolve_chars = max(1, source_chars // RESOLVE_SHARE)  # see collect
        self.checks: Optional[list] = None
        self.workers = None
        self.queue: List[Tuple[int, ParseJob]] = []  # not started yet, as (text size, job): smallest text first
        self.running: Dict["Future[FileResult]", Tuple[int, int]] = {}  # a worker's parse -> (index, text size)
        self.in_helper: List[Tuple[int, ParseJob]] = []  # (ticket, job) of the files parsing in the helper
        self.required: Set[int] = set()  # indices of the queued or running files a round waits for

    def __enter__(self) -> "ParsePool":
        return self

    def __exit__(self, *exc) -> None:
        if self.workers is not None:
            self.workers.shutdown(cancel_futures=True)
        if self.own_helper:
            self.helper.close()

    @property
    def busy(self) -> bool:
        """Files are queued or parsing in a worker."""
        return bool(self.queue or self.running)

    def held(self) -> Set[int]:
        """The indices of the files queued or parsing in a worker."""
        return {job.index for _, job in self.queue} | {index for index, _ in self.running.values()}

    def start(self) -> None:
        """Load the parser and the checks, then fork the workers."""
        self.checks = load_checks(self.enabled)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.workers = ProcessPoolExecutor(self.jobs - 1, mp_context=context, initializer=_init_worker,
                                           initargs=(self.parse, tuple(self.enabled)))
        # Frozen, the objects loaded so far are left out of every collection: a worker's full collections would
        # otherwise walk (and so copy, page by page) the whole heap it shares with this process.
        gc.freeze()
        self.workers.submit(int)  # the pool forks every worker at its first task
        gc.unfreeze()  # here they are collected as before

    def submit(self, job: ParseJob, required: bool = True) -> None:
        """Parse and lint one file: sent to the helper, else at once when there are no workers, else queued (a free
        worker takes it now; `collect` parses the rest and waits for the workers and the helper).

        With every candidate of the file (parse_and_lint's `reached` is None), also those of functions not
        known to be compiled yet: when a later round reaches them, a file linted for part of its functions
        is parsed again, and that costs more than positioning candidates that are never reported (parse
        and lint CPU s, the same files: corpus M 5.1 vs 5.9, whole torch/ 138.9 vs 142.7; torch/nn/functional.py
        was parsed twice, its second parse alone in a round of -j2)."""
        if self.use_helper:
            if self.helper is None:
                self.helper, self.own_helper = Helper(), True
            ticket = self.helper.submit(job.source, job.module, job.is_package, self.enabled)
            self.in_helper.append((ticket, job))
            return
        if self.jobs <= 1:
            self._parse_here(job)
            return
        if self.workers is None:
            self.start()
        bisect.insort(self.queue, (len(job.source.text), job))
        if required:
            self.required.add(job.index)
        self.dispatch()

    def parse_all(self, batch: Sequence[ParseJob]) -> None:
        # biggest files first, so that no process is left with a big file at the end
        for job in sorted(batch, key=lambda job: -len(job.source.text)):
            self.submit(job)
        self.collect()

    def dispatch(self) -> int:
        """Take the workers' finished files into `results` and hand the biggest queued files to free workers
        (cheap: called between the files this process indexes or parses). Returns the characters of the files
        taken in."""
        landed = 0
        for future in [future for future in self.running if future.done()]:
            index, size = self.running.pop(future)
            self.results[index] = future.result()
            self.required.discard(index)
            landed += size
        workers = self.jobs - 1
        while self.queue and len(self.running) < (2 * workers if len(self.queue) > 2 * self.jobs else workers):
            size, job = self.queue.pop(self._next(biggest=True))
            future = self.workers.submit(_lint_in_worker, job.source, job.module, job.is_package)
            self.running[future] = (job.index, size)
        return landed

    def _next(self, biggest: bool) -> int:
        """The position in the queue of its biggest (else smallest) required file, else of its biggest (smallest)."""
        positions = range(len(self.queue) - 1, -1, -1) if biggest else range(len(self.queue))
        return next((i for i in positions if self.queue[i][1].index in self.required), positions[0])

    def collect(self) -> None:
        """Parse the queued files here, smallest first, beside the workers, until the required ones are parsed
        (all, when none is), then wait for the files parsed in the helper. Or sooner, once `resolve_chars` of
        parsed source came in while no required file is left in the queue: a region solve over them (the caller's)
        may find more to parse while the workers are busy (on corpus M, the parses of forward methods reach
        torch/nn/functional.py, the biggest file: found at the end of a round, it was parsed alone)."""
        for_required, landed = bool(self.required), 0
        while self.queue or self.running:
            landed += self.dispatch()
            if for_required and not self.required:
                break
            if landed >= self.resolve_chars and not any(job.index in self.required for _, job in self.queue):
                break
            if self.queue:
                size, job = self.queue.pop(self._next(biggest=False))
                self._parse_here(job)
                self.required.discard(job.index)
                landed += size
            elif self.running:
                from concurrent.futures import FIRST_COMPLETED, wait  # with workers only (it loads logging)

                wait(self.running, return_when=FIRST_COMPLETED)
        for ticket, job in self.in_helper:
            result = self.helper.result(ticket)
            if result is None:  # the helper could not parse it
                self._parse_here(job)
            else:
                self.results[job.index] = result
        self.in_helper = []

    def parse_facts(self, files: Sequence[Tuple["SourceFile", str, bool]]) -> List["FileResult"]:
        """libcst's facts of files, without checks (files of the project context, a run without a cache reads dozens):
        with a helper, shared between it and this process, biggest first to whichever has less to parse (this one
        counts HELPER_HEAD_START characters ahead while it has not loaded libcst); else here."""
        if self.helper is None:
            return [self.parse(*file, ()) for file in files]
        here_load, helper_load = (0 if "libcst" in sys.modules else HELPER_HEAD_START), 0
        here = set()
        for i in sorted(range(len(files)), key=lambda i: -len(files[i][0].text)):
            if here_load < helper_load:
                here.add(i)
                here_load += len(files[i][0].text)
            else:
                helper_load += len(files[i][0].text)
        tickets = {i: self.helper.submit(*files[i], ()) for i in range(len(files)) if i not in here}
        parsed = {i: self.parse(*files[i], ()) for i in sorted(here)}
        return [parsed[i] if i in parsed else self.helper.result(tickets[i]) or self.parse(*files[i], ())
                for i in range(len(files))]

    def _parse_here(self, job: ParseJob) -> None:
        if self.checks is None:
            self.checks = load_checks(self.enabled)
        self.results[job.index] = self.parse(job.source, job.module, job.is_package, self.checks)


_loaded_checks: Dict[Tuple[str, ...], list] = {}  # enabled rules -> their checks (a forked worker inherits them)


def load_checks(enabled: Sequence[str]) -> list:
    """The checks of the enabled rules, with libcst and the engine loaded (once per process)."""
    key = tuple(enabled)
    if key not in _loaded_checks:
        with cached_dataclass_code():
            import compilelint.engine  # noqa: F401 -- loaded here, before the workers fork
            import compilelint.parsing  # noqa: F401
            from compilelint.registry import all_rules

            rules = all_rules()
        _loaded_checks[key] = [rules[code].check for code in enabled]
    return _loaded_checks[key]


_worker: list = []  # in a worker process: the ParseFile and the enabled rules its pool was made with


def _init_worker(parse: ParseFile, enabled: Sequence[str]) -> None:
    _worker[:] = [parse, enabled]


def _lint_in_worker(source: "SourceFile", module: str, is_package: bool) -> "FileResult":
    parse, enabled = _worker
    return parse(source, module, is_package, load_checks(enabled))
