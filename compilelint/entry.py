"""The `compilelint` command's entry point (`python -m compilelint` too): what runs before click loads.

Two things here are for the pre-commit path (a few files named on the command line):
- The helper process (helper.py) is forked first, so that it loads libcst while this process loads click and
  the rest of compilelint. Whether cli._early_helper will want it is guessed from the raw arguments, before
  click parses them: a wrong guess costs a helper that cli ends unused, or one that cli forks itself (as
  without the guess). The output never depends on it.
- The process ends with `os._exit` once its output is flushed: Python's own exit tears down every module and
  object (a collection over the project context's facts), 0.02 s of a 0.4 s pre-commit run's wall on the
  benchmark host spent on nothing. Every file the run writes is closed by then, and no thread of it is left
  running.
"""

import os
import sys
from typing import List, Optional, Sequence

# cli.main's options that take a value (a test keeps them equal): the word after one is no path
VALUE_OPTIONS = frozenset({
    "--select", "--extend-select", "--ignore", "--output-format", "-o", "--output-file", "--explain", "--config",
    "--stdin-filename", "--torch-version", "-j", "--jobs", "--cache-dir", "--target", "--device", "--backend",
    "--mode", "--repeats", "--warmup", "--timeout", "--report-dir", "--max-graph-breaks", "--min-speedup",
})
# options after which cli lints nothing (cli.main's `no_linting`)
NOT_LINTING = frozenset({"-h", "--help", "--version", "--explain", "--list-rules", "--verify"})


def main() -> None:
    helper = _early_helper(sys.argv[1:])
    code = 0
    try:
        from compilelint.cli import main as command

        command(obj=helper)  # ends in SystemExit, always
    except SystemExit as exc:
        code = exc.code
    finally:
        if helper is not None:
            helper.close()
    if code is None or isinstance(code, int):
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:  # a closed pipe, say: Python's own exit says so
            sys.exit(code)
        os._exit(code or 0)
    sys.exit(code)  # a message: Python prints it


def _early_helper(args: Sequence[str]):
    from compilelint.helper import Helper, can_fork, cores

    paths, jobs = _paths_and_jobs(args)
    if not paths or any(os.path.isdir(p) for p in paths) or (jobs or cores()) < 2 or not can_fork():
        return None
    return Helper()


def _paths_and_jobs(args: Sequence[str]):
    """The paths and `-j` of a linting command line; no paths when it lints none."""
    paths: List[str] = []
    jobs: Optional[int] = None
    words = iter(args)
    for word in words:
        if word == "--":
            paths += words
            break
        if word.startswith("--"):
            name, has_value, value = word.partition("=")
        elif word.startswith("-") and word != "-":
            name, value = word[:2], word[2:]  # -j2, -ofile; flags given together (-qj2) are left to cli
            has_value = bool(value)
        else:
            paths.append(word)
            continue
        if name in NOT_LINTING:
            return [], None
        if name in VALUE_OPTIONS and not has_value:
            value = next(words, "")
        if name in ("-j", "--jobs"):
            jobs = int(value) if value.isdigit() else None
    return paths, jobs
