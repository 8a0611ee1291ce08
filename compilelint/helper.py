"""One forked helper process that parses while the main process does the rest of a small run.

A pre-commit run lints a few files: loading libcst and the checks (~0.2 s) and parsing those files take half
of it, and reading the project context and solving the regions (linter.py, context.py) the other half, which
needs no libcst. With a second core, the helper loads libcst the moment the first file has to be parsed and
parses the files it is sent, while the main process, which then never loads libcst, reads the context.

Jobs and results are pickled over two pipes, in order. The main process sends from a thread, so that it never
blocks on a full pipe while the helper is busy writing a result. Whatever goes wrong in the helper (an
exception, a crash), the main process parses that file itself: the output is the serial run's, errors included.
"""

from __future__ import annotations

import os
import pickle
import queue
import signal
import threading
from typing import TYPE_CHECKING, Dict, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from compilelint.linter import SourceFile
    from compilelint.results import FileResult

# (source, module name, is_package, with the checks: False for a context file, whose facts alone are wanted)
Job = Tuple["SourceFile", str, bool, bool]


def can_fork() -> bool:
    return hasattr(os, "fork")


class Helper:
    def __init__(self, enabled: Sequence[str]) -> None:
        jobs_in, self._jobs_out = os.pipe()
        self._results_in, results_out = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the helper: it never returns into the caller's code
            os.close(self._jobs_out)
            os.close(self._results_in)
            _serve(jobs_in, results_out, enabled)
        os.close(jobs_in)
        os.close(results_out)
        self._outbox: "queue.SimpleQueue[Optional[bytes]]" = queue.SimpleQueue()
        self._sender = threading.Thread(target=self._send_all, name="compilelint-helper-sender", daemon=True)
        self._sender.start()
        self._results = os.fdopen(self._results_in, "rb")
        self._sent = 0
        self._unanswered = 0  # jobs sent whose result was not read yet
        self._received: Dict[int, Optional["FileResult"]] = {}  # ticket -> result, read ahead of its turn
        self._alive = True

    def submit(self, job: Job) -> int:
        """Send a file to parse; returns the ticket to ask `result` for."""
        ticket = self._sent
        self._sent += 1
        self._unanswered += 1
        self._outbox.put(pickle.dumps((ticket, job), protocol=pickle.HIGHEST_PROTOCOL))
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
            self._unanswered -= 1
        return self._received.pop(ticket, None)

    def close(self) -> None:
        """End the helper: it exits at the end of its jobs; a helper still busy (the run failed) is killed."""
        self._outbox.put(None)
        self._sender.join()
        if self._unanswered and self._alive:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
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


def _serve(jobs_in: int, results_out: int, enabled: Sequence[str]) -> None:
    """The helper's life: load libcst, the engine and the checks at once, then answer jobs until the pipe closes."""
    status = 0
    try:
        from compilelint.linter import _checks, parse_and_lint

        checks = _checks(enabled)
        import compilelint.engine  # noqa: F401  (loaded before the first job arrives, not after)

        with os.fdopen(jobs_in, "rb") as jobs, os.fdopen(results_out, "wb") as out:
            while True:
                try:
                    ticket, (source, name, is_package, with_checks) = pickle.load(jobs)
                except EOFError:
                    break
                try:
                    result = parse_and_lint(source, name, is_package, checks if with_checks else ())
                except Exception:  # the main process parses it again, and fails there as a serial run does
                    result = None
                pickle.dump((ticket, result), out, protocol=pickle.HIGHEST_PROTOCOL)
                out.flush()
    except BaseException:  # noqa: B036  (interrupted, or the main process went away: nothing to report to)
        status = 1
    finally:
        os._exit(status)  # never the caller's atexit handlers, buffered output or finally blocks
