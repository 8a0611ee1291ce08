"""Child process of run_eval.py: the compilelint CLI, except that a file it crashes on is recorded and
skipped instead of ending the run (one crash must not cost a whole package's findings).

    python benchmarks/eval/lint_child.py FAILURES.json -- CLI ARGUMENTS...
"""

from __future__ import annotations

import json
import sys
import traceback

from compilelint import linter
from compilelint.cli import main as cli_main
from compilelint.engine import FileResult
from compilelint.facts import FileFacts


def run(failures_path: str, args) -> int:
    failures = []
    parse_and_lint = linter.parse_and_lint

    def guarded(source, name, is_package, checks, reached=None):
        try:
            return parse_and_lint(source, name, is_package, checks, reached)
        except Exception as exc:  # a compilelint bug on this file: report it, lint the others
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            failures.append({"path": str(source.path), "error": f"{type(exc).__name__}: {exc}",
                             "where": f"{frame.filename.rsplit('compilelint/', 1)[-1]}:{frame.lineno}"})
            return FileResult(source.path, FileFacts(source.path, name))

    linter.parse_and_lint = guarded
    try:
        cli_main.main(list(args), prog_name="compilelint", standalone_mode=False)
        code = 0
    except SystemExit as exit:
        code = exit.code or 0
    with open(failures_path, "w") as fh:
        json.dump(failures, fh)
    return code


if __name__ == "__main__":
    separator = sys.argv.index("--")
    sys.exit(run(sys.argv[1], sys.argv[separator + 1:]))
