"""The command line. With report/, the only place that prints. Exit codes: 0 clean, 1 findings, 2 error."""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path
from typing import List, Optional, Sequence

import click

from compilelint import __version__
from compilelint.helper import Helper, can_fork, cores

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
FORMAT_NAMES = ("full", "concise", "json", "json-lines", "github", "sarif")


def _codes(values: Sequence[str]) -> Optional[List[str]]:
    if not values:
        return None
    return [c.strip().upper() if c.strip().upper() != "ALL" else "ALL" for v in values for c in v.split(",") if c.strip()]


def _fail(message: str) -> "NoReturn":  # noqa: F821
    click.echo(f"compilelint: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _verify_options(command):
    """`--verify` and its options (compilelint/verify/options.py holds the same keys for the config file)."""
    options = [
        click.option("--verify", is_flag=True, help="Run the declared targets under dynamo: confirm findings, apply "
                     "fixes in a shadow copy, check output parity and measure eager vs compiled (needs torch)."),
        click.option("--target", "targets", multiple=True, metavar="MODULE:FUNCTION",
                     help="A verify target (repeatable; replaces [tool.compilelint.verify] targets)."),
        click.option("--device", type=click.Choice(("auto", "cuda", "cpu")), default=None, help="Where targets run [default: auto]."),
        click.option("--backend", default=None, help="torch.compile backend for timings [default: inductor]."),
        click.option("--mode", "modes", multiple=True, help="torch.compile mode (repeatable: an A/B of modes)."),
        click.option("--repeats", type=click.IntRange(1), default=None, help="Timed calls per measurement [default: 20]."),
        click.option("--warmup", type=click.IntRange(0), default=None, help="Untimed calls first [default: 3]."),
        click.option("--timeout", type=click.FloatRange(0, min_open=True), default=None,
                     help="Seconds per target once its process has started [default: 600]."),
        click.option("--report-dir", type=click.Path(file_okay=False), default=None,
                     help="Write report.json, report.md and report.html here."),
        click.option("--max-graph-breaks", type=click.IntRange(0), default=None,
                     help="Gate: fail (exit 1) when a target has more breaks (after fixes)."),
        click.option("--fail-on-missed", is_flag=True, default=None, help="Gate: fail when dynamo breaks where no rule found anything."),
        click.option("--min-speedup", type=click.FloatRange(0, min_open=True), default=None,
                     help="Gate: fail when compiled (after fixes) is not this much faster than eager."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@click.command(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--select", multiple=True, help="Rule codes or prefixes to enable (comma-separated; ALL for every rule).")
@click.option("--extend-select", multiple=True, help="Codes or prefixes to enable on top of the selection.")
@click.option("--ignore", multiple=True, help="Codes or prefixes to disable.")
@click.option("--output-format", type=click.Choice(FORMAT_NAMES), default=None, help="How findings are printed [default: full].")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False), help="Write the report to a file instead of stdout.")
@click.option("--fix", is_flag=True, help="Apply safe fixes (with --unsafe-fixes, unsafe ones too).")
@click.option("--unsafe-fixes", is_flag=True, default=None, help="Also apply (or offer) fixes that may change behaviour.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff and write nothing; exit 1 if there is one.")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied (with --fix).")
@click.option("--statistics", is_flag=True, help="Print the number of findings per rule instead of the findings.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option("--explain", metavar="CODE", help="Show a rule's documentation and examples.")
@click.option("--list-rules", is_flag=True, help="List every rule: code, name, fix, predicted graph-break ids.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), help="Use this pyproject.toml or compilelint.toml.")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option("--stdin-filename", help="The name to report for source read from stdin (`-`).")
@click.option("--force-exclude", is_flag=True, help="Apply excludes to paths named on the command line too.")
@click.option("--preview", is_flag=True, default=None, help="Enable preview rules.")
@click.option("--torch-version", help="Target torch version for graph-break ids (default: the installed torch).")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Files linted at a time [default: the number of cores]; with --verify: targets at a time on CPU "
                   "(one per GPU on GPUs) [default: 1].")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the cache.")
@click.option("--cache-dir", type=click.Path(file_okay=False), envvar="COMPILELINT_CACHE_DIR", show_envvar=True,
              help="Where the cache lives [default: .compilelint_cache in the project root].")
@_verify_options
@click.version_option(__version__, "--version", prog_name="compilelint")
def main(paths, select, extend_select, ignore, output_format, output_file, fix, unsafe_fixes, diff, show_fixes,
         statistics, exit_zero, explain,
         list_rules, config_path, isolated, stdin_filename, force_exclude, preview, torch_version, quiet,
         jobs, no_cache, cache_dir, **verify_flags) -> None:
    """Find torch.compile graph breaks and recompilations in PyTorch source, without running it."""
    helper = _early_helper(paths, jobs, explain or list_rules or verify_flags["verify"], click.get_current_context().obj)
    try:
        code = _run(**locals())
    except SystemExit:
        raise
    except Exception as exc:  # a bug in compilelint: a clear message and exit 2, never a silent pass
        click.echo(f"compilelint: internal error: {type(exc).__name__}: {exc}", err=True)
        code = EXIT_ERROR
    finally:
        if helper is not None:
            helper.close()
    sys.exit(code)


def _early_helper(paths: Sequence[str], jobs: Optional[int], no_linting: bool, started=None):
    """A run of files named on the command line (pre-commit passes the changed ones) with a second core forks its
    helper process now (helper.py), before the configuration and the cache are read, so that the helper has loaded
    libcst by the time it is sent a file; a run that needs none ends it. A directory is walked first (a warm run
    of a project sends nothing, a big one uses the worker pool): lint() forks a helper at its first file to parse.
    `started`: the helper the command's entry point (entry.py) forked before click loaded, on a guess; ended here
    when the guess was wrong."""
    if no_linting or not paths or any(os.path.isdir(p) for p in paths) or (jobs or cores()) < 2 or not can_fork():
        if started is not None:
            started.close()
        return None
    return started if started is not None else Helper()


def _run(paths, select, extend_select, ignore, output_format, output_file, fix, unsafe_fixes, diff, show_fixes,
         statistics, exit_zero, explain,
         list_rules, config_path, isolated, stdin_filename, force_exclude, preview, torch_version, quiet,
         jobs, no_cache, cache_dir, verify_flags, helper) -> int:
    from compilelint.config import ConfigError, find_config_file, load_config, with_overrides
    from compilelint.registry import SelectionError, select as select_rules, tool_codes_enabled

    if explain:
        return _explain(explain.upper())
    if list_rules:
        return _list_rules()

    stdin_mode = paths == ("-",) or (not paths and stdin_filename is not None and not sys.stdin.isatty())
    start = Path(paths[0]) if paths and paths != ("-",) else Path(stdin_filename or ".")
    try:
        if isolated:
            config = load_config(None)
        elif config_path:
            config = load_config(Path(config_path))
        else:
            config = load_config(find_config_file(start if start.exists() else Path.cwd()))
        # Ruff's layering: a command-line --select starts a new selection, dropping the file's ignores
        cli_select = tuple(_codes(select) or ())
        config = with_overrides(
            config,
            select=cli_select or None,
            extend_select=(() if cli_select else config.extend_select) + tuple(_codes(extend_select) or ()),
            ignore=(() if cli_select else config.ignore) + tuple(_codes(ignore) or ()),
            preview=preview,
            torch_version=torch_version,
            unsafe_fixes=unsafe_fixes,
        )
        enabled = select_rules(config.select, config.extend_select, config.ignore, config.preview)
    except (ConfigError, SelectionError) as exc:
        _fail(str(exc))
    tool_codes = tool_codes_enabled(config.ignore)
    if verify_flags["verify"]:
        return _verify(config, enabled, tool_codes, dict(verify_flags, jobs=jobs), output_format, output_file)

    from compilelint.linter import lint

    if stdin_mode:
        data = sys.stdin.buffer.read()
        from compilelint.linter import decode_source

        source, problem = decode_source(data, stdin_filename or "-")
        if source is None:
            _fail(f"stdin: {problem}")
        run = lint([], config, enabled, tool_codes, stdin=(source.path, source.text), jobs=jobs or cores(),
                   helper=helper)
    else:
        from compilelint.discover import discover

        found = discover(list(paths) or [str(config.root)], config, force_exclude=force_exclude)
        if found.missing:
            _fail("; ".join(f"{p}: no such file or directory" for p in found.missing))
        for directory, reason in found.unreadable:
            click.echo(f"compilelint: warning: cannot list {directory}: {reason}", err=True)
        cache = None
        if not no_cache:
            from compilelint.cache import Cache, cache_directory

            cache = Cache.for_run(cache_directory(cache_dir, config.root), config, enabled)
        run = lint(found.files, config, enabled, tool_codes, cache=cache, jobs=jobs or cores(), helper=helper)
        # a partial run (pre-commit's changed files) need not hold the roots: only folders are expected to
        if all(Path(p).is_dir() for p in paths or [config.root]):
            for pattern in run.unmatched_roots:
                click.echo(f"compilelint: warning: compiled-roots pattern {pattern!r} matches no function or class "
                           "of the linted files (patterns are `module:qualname`, the module as the file is "
                           "imported)", err=True)

    outcomes = {}
    if fix or diff:
        from compilelint.fixer import fix_run

        outcomes = fix_run(run, config, enabled, tool_codes, unsafe=config.unsafe_fixes)
        for outcome in outcomes.values():
            if outcome.problem:
                click.echo(f"compilelint: error: {outcome.path}: {outcome.problem}", err=True)
        if diff:
            return _print_diff(outcomes)
        if stdin_mode:  # as Ruff: the fixed source on stdout, the report on stderr
            click.echo(next(iter(run.sources.values())).text, nl=False)
        else:
            _write_fixes(outcomes, run.sources)
    from compilelint.report import FORMATS

    fmt = output_format or "full"
    to_stderr = fix and stdin_mode and not output_file
    color = output_file is None and not to_stderr and sys.stdout.isatty() and fmt in ("full", "concise")
    from compilelint.catalogue import load_catalogue

    specs = load_catalogue()  # docs only: a run that parsed nothing imports no check
    rule_docs = {code: _rule_doc(specs[code]) for code in enabled}
    fixed = sum(sum(o.fixed_codes.values()) for o in outcomes.values() if o.changed)
    if statistics:
        text = _statistics(run.findings)
    else:
        text = FORMATS[fmt](run.findings, run.sources, color=color, rules=rule_docs)
        if fmt in ("full", "concise") and not quiet:
            text += _summary(run.findings, run.files_checked, fixed, config.unsafe_fixes)
    if fix and show_fixes:
        from compilelint.fixer import show_fixes as listing

        from compilelint.diagnostics import TOOL_RULES

        names = {**{code: tool.name for code, tool in TOOL_RULES.items()}, **{c: s.name for c, s in specs.items()}}
        text += listing(outcomes.values(), names)
    if output_file:
        Path(output_file).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False, err=to_stderr)
    return EXIT_FINDINGS if run.findings and not exit_zero else EXIT_CLEAN


def _print_diff(outcomes) -> int:
    """`--diff`: the diff on stdout, a count on stderr, exit 1 when something would change."""
    from compilelint.fixer import fixed_counts, unified_diff

    changed = [o for o in sorted(outcomes.values(), key=lambda o: o.path) if o.changed]
    click.echo("".join(unified_diff(o) for o in changed), nl=False)
    total = sum(fixed_counts(changed).values())
    click.echo(f"Would fix {total} error{'s' if total != 1 else ''}." if total else "No errors would be fixed.",
               err=True)
    return EXIT_FINDINGS if changed else EXIT_CLEAN


def _write_fixes(outcomes, sources) -> None:
    from compilelint.fixer import encode, write_atomically

    for outcome in outcomes.values():
        if outcome.changed:
            try:
                write_atomically(Path(outcome.path), encode(sources[outcome.path], outcome.fixed))
            except OSError as exc:
                _fail(f"{outcome.path}: cannot write the fixed file: {exc.strerror or exc}")


def _verify(config, enabled, tool_codes, flags, output_format, output_file) -> int:
    """`--verify`: exit 0 all good, 1 a gate failed, 2 cannot run (no torch, no device, bad option), 3 a target failed."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from compilelint.config import ConfigError
    from compilelint.verify.options import from_table, with_cli
    from compilelint.verify.report import print_table, to_json, write_reports
    from compilelint.verify.runner import VerifyError, run_verify

    given = {k: v for k, v in flags.items() if k != "verify"}
    if given.get("report_dir"):
        given["report_dir"] = str(Path(given["report_dir"]).resolve())
    try:
        options = with_cli(from_table(config.verify, config.source), **given)
    except ConfigError as exc:
        _fail(str(exc))
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]verify[/bold] {task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task("", total=len(set(options.targets)) or None)
        running: List[str] = []

        def progress(event: str, target: str, info: dict) -> None:
            if event == "start":
                running.append(target)
            elif event == "done":
                running.remove(target)
                bar.advance(task)
                status = info.get("status")
                console.print(f"{'[green]ok[/green]' if status == 'ok' else '[red]FAILED[/red]'} {target}"
                              + (f": {info.get('error')}" if status != "ok" else ""))
            bar.update(task, description=", ".join(running))

        try:
            report = run_verify(config, enabled, tool_codes, options, progress)
        except VerifyError as exc:
            _fail(str(exc))
    if options.report_dir:
        directory = Path(options.report_dir)
        written = write_reports(report, directory if directory.is_absolute() else config.root / directory)
        console.print("reports: " + ", ".join(str(p) for p in written.values()))
    if output_format == "json":
        text = to_json(report)
        if output_file:
            Path(output_file).write_text(text, encoding="utf-8")
        else:
            click.echo(text, nl=False)
    else:
        print_table(report, Console(width=200 if not sys.stdout.isatty() else None))
    return report["exit_code"]


def _rule_doc(spec) -> dict:
    return {"name": spec.name, "summary": spec.summary, "doc": spec.doc, "url": spec.url,
            "tags": list(spec.tags), "gb_types": list(spec.all_gb_ids())}


def _summary(findings, files_checked: int, fixed: int = 0, unsafe: bool = False) -> str:
    if not findings:
        if fixed:
            return f"Found {fixed} error{'s' if fixed != 1 else ''} ({fixed} fixed, 0 remaining).\n"
        return f"All checks passed! ({files_checked} file{'s' if files_checked != 1 else ''} checked)\n"
    n = len(findings)
    applicable = {"safe", "unsafe"} if unsafe else {"safe"}
    fixable = sum(1 for f in findings if f.fix is not None and f.fix.edits and f.fix.applicability.value in applicable)
    hidden = 0 if unsafe else sum(1 for f in findings if f.fix is not None and f.fix.applicability.value == "unsafe")
    if fixed:
        text = f"Found {n + fixed} errors ({fixed} fixed, {n} remaining).\n"
    else:
        text = f"Found {n} error{'s' if n != 1 else ''}.\n"
    if fixable:
        text += f"[*] {fixable} fixable with the `--fix` option"
        text += f" ({hidden} hidden fixes can be enabled with the `--unsafe-fixes` option).\n" if hidden else ".\n"
    elif hidden:
        text += f"No fixes available ({hidden} hidden fixes can be enabled with the `--unsafe-fixes` option).\n"
    return text


def _statistics(findings) -> str:
    counts = Counter(f.code for f in findings)
    names = {f.code: f.name for f in findings}
    fixable = {f.code for f in findings if f.fix is not None and f.fix.applicability.value == "safe"}
    return "".join(f"{n:>5}\t{code}\t{'[*]' if code in fixable else '[ ]'} {names[code]}\n"
                   for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _explain(code: str) -> int:
    from compilelint.diagnostics import TOOL_RULES
    from compilelint.registry import all_rules

    rules = all_rules()
    if code in TOOL_RULES:
        rule = TOOL_RULES[code]
        text = f"# {rule.code} ({rule.name})\n\n{rule.summary}.\n\n{rule.doc}\n"
    elif code in rules:
        spec = rules[code].spec
        text = f"# {spec.code} ({spec.name})\n\n{spec.summary}\n\n"
        ids = ", ".join(spec.all_gb_ids()) or "none (recompilation or advice)"
        text += f"Status: {spec.status} · Fix: {spec.fix} · Predicts: {ids}\n\n{spec.doc}"
        for example, title in (("bad.py", "Example that breaks"), ("good.py", "Compiles in one graph"),
                               ("fixed.py", "After --fix")):
            path = spec.folder / example
            if path.is_file():
                text += f"\n## {title} (`{example}`)\n\n```python\n{path.read_text(encoding='utf-8').rstrip()}\n```\n"
    else:
        _fail(f"unknown rule code `{code}` (see `compilelint --list-rules`)")
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        click.echo(text, nl=False)
    return EXIT_CLEAN


def _list_rules() -> int:
    from rich.console import Console
    from rich.table import Table

    from compilelint.diagnostics import TOOL_RULES
    from compilelint.registry import all_rules

    table = Table(box=None, show_edge=False)
    for column in ("code", "name", "fix", "default", "predicts"):
        table.add_column(column)
    for code, rule in all_rules().items():
        spec = rule.spec
        table.add_row(code, spec.name, spec.fix, "yes" if spec.default else "no", ", ".join(spec.all_gb_ids()))
    for code, tool in TOOL_RULES.items():
        table.add_row(code, tool.name, "always" if code == "CL910" else "never", "yes", "")
    Console(width=200 if not sys.stdout.isatty() else None).print(table)
    return EXIT_CLEAN
