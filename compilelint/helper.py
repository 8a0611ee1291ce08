"""One forked helper process that parses while the main process does the rest of a small run.

A pre-commit run lints a few files: loading libcst and the checks (~0.2 s) and parsing those files take half
of it, and reading the project context and solving the regions (linter.py, context.py) the other half, which
needs no libcst. With a second core, the command line forks the helper as soon as it knows it lints files named
on it (cli._early_helper; linter.lint forks one at the first file to parse otherwise): the helper loads libcst
and every check while the main process reads the configuration and the cache, then parses the files it is sent
while the main process, which never loads libcst, reads the project context. A run that sends it nothing (every
file cached, or big enough for the worker pool) ends it unused.

Jobs and results are pickled over two pipes, in order. The main process sends from a thread, so that it never
blocks on a full pipe while the helper is busy writing a result. Whatever goes wrong in the helper (an
exception, a crash), the main process parses that file itself: the output is the serial run's, errors included.
"""

from __future__ import annotations

import os
import pickle
import queue
import signal
import sys
import threading
from typing import TYPE_CHECKING, Dict, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from compilelint.linter import SourceFile
    from compilelint.results import FileResult


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Linux only: elsewhere fork is missing (Windows) or unsafe once system libraries are loaded (macOS)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


class Helper:
    def __init__(self) -> None:
        self._sent = 0
        self._received: Dict[int, Optional["FileResult"]] = {}  # ticket -> result, read ahead of its turn
        self._closed = False
        self.pid: Optional[int] = None
        pipes: list = []
        try:
            pipes.append(os.pipe())
            pipes.append(os.pipe())
            self.pid = os.fork()
        except OSError:  # out of processes or descriptors: no helper, every `result` is None (the caller parses)
            for read_end, write_end in pipes:
                os.close(read_end)
                os.close(write_end)
            self._alive = False
            return
        (jobs_in, self._jobs_out), (self._results_in, results_out) = pipes
        if self.pid == 0:  # the helper: it never returns into the caller's code
            os.close(self._jobs_out)
            os.close(self._results_in)
            _serve(jobs_in, results_out)
        os.close(jobs_in)
        os.close(results_out)
        self._outbox: "queue.SimpleQueue[Optional[bytes]]" = queue.SimpleQueue()
        self._sender = threading.Thread(target=self._send_all, name="compilelint-helper-sender", daemon=True)
        self._sender.start()
        self._results = os.fdopen(self._results_in, "rb")
        self._alive = True

    def submit(self, source: "SourceFile", name: str, is_package: bool, codes: Sequence[str]) -> int:
        """Send a file to parse and lint with these rules (none: a context file, whose facts alone are wanted);
        returns the ticket to ask `result` for."""
        ticket = self._sent
        self._sent += 1
        if self.pid is not None:
            job = (ticket, tuple(codes), source, name, is_package)
            self._outbox.put(pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL))
        return ticket

    def result(self, ticket: int) -> Optional["FileResult"]:
        """The file's result, or None when the helper could not give it (the caller parses it then)."""
        while ticket not in self._received and self._alive:
            try:
                done, result = pickle.load(self._results)
            except Exception:  # the helper is gone (EOF) or its output is damaged: no more results
                self._alive = False
                break
            self._received[done] = result
        return self._received.pop(ticket, None)

    def close(self) -> None:
        """End the helper at once, busy or not: what the run needed from it, it has read."""
        if self._closed or self.pid is None:
            return
        self._closed = True
        self._outbox.put(None)
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        self._sender.join()
        self._results.close()
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:  # reaped by someone else's handler
            pass

    def _send_all(self) -> None:
        out = os.fdopen(self._jobs_out, "wb")
        try:
            while True:
                data = self._outbox.get()
                if data is None:
                    break
                out.write(data)
                out.flush()
        except OSError:  # the helper is gone: `result` says so, and the caller parses
            pass
        finally:
            try:
                out.close()
            except OSError:  # what was left unsent
                pass


def _serve(jobs_in: int, results_out: int) -> None:
    """The helper's life: load libcst, the engine and every check at once, then answer jobs until the pipe closes."""
    status = 0
    try:
        from compilelint.dataclass_code import cached_dataclass_code

        with cached_dataclass_code():  # libcst's import is most of the helper's start
            from compilelint import engine  # noqa: F401  (loaded before the first job arrives, not after)
            from compilelint.linter import parse_and_lint
            from compilelint.registry import all_checks

            every_check = all_checks()
        with os.fdopen(jobs_in, "rb") as jobs, os.fdopen(results_out, "wb") as out:
            while True:
                try:
                    ticket, codes, source, name, is_package = pickle.load(jobs)
                except EOFError:
                    break
                try:
                    result = parse_and_lint(source, name, is_package, [every_check[code] for code in codes])
                except Exception:  # the main process parses it again, and fails there as a serial run does
                    result = None
                pickle.dump((ticket, result), out, protocol=pickle.HIGHEST_PROTOCOL)
                out.flush()
    except BaseException:  # noqa: B036  (killed, interrupted, or the main process went away: no one to tell)
        status = 1
    finally:
        os._exit(status)  # never the caller's atexit handlers, buffered output or finally blocks
