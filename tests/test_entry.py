"""The command's entry point (entry.py) forks the helper on a guess and ends with os._exit: neither changes what
the command prints or the exit code it returns."""

from __future__ import annotations

import json
import textwrap

import click
import pytest

from compilelint import cli as cli_module
from compilelint.entry import NOT_LINTING, VALUE_OPTIONS, _paths_and_jobs
from compilelint.helper import Helper
from tests.helpers import cli, cli_subprocess

BROKEN = textwrap.dedent("""\
    import torch


    @torch.compile
    def step(x):
        return x * x.max().item()
    """)


def test_the_guess_knows_every_option_that_takes_a_value_and_every_one_that_lints_nothing():
    command = cli_module.main
    options = [p for p in command.get_params(click.Context(command, **command.context_settings)) if isinstance(p, click.Option)]
    takes_value = {name for p in options if not p.is_flag and not p.count for name in p.opts + p.secondary_opts}
    assert VALUE_OPTIONS == takes_value
    names = {name for p in options for name in p.opts}
    assert NOT_LINTING <= names


@pytest.mark.parametrize("args, expected", [
    (["a.py", "b.py"], (["a.py", "b.py"], None)),
    (["--select", "CL1", "--cache-dir", "cache", "a.py"], (["a.py"], None)),
    (["--select=CL1", "-j", "1", "a.py"], (["a.py"], 1)),
    (["-j2", "-o", "out.txt", "a.py"], (["a.py"], 2)),
    (["--jobs=3", "--", "-odd.py"], (["-odd.py"], 3)),
    (["-"], (["-"], None)),
    (["--statistics", "-q", "--output-format", "json"], ([], None)),
    (["a.py", "--explain", "CL101"], ([], None)),
    (["a.py", "--verify"], ([], None)),
    (["-h"], ([], None)),
])
def test_the_guess_reads_the_paths_and_jobs_of_a_command_line(args, expected):
    assert _paths_and_jobs(args) == expected


def test_a_helper_forked_on_a_wrong_guess_is_ended_unused(tmp_path):
    (tmp_path / "model.py").write_text(BROKEN)
    for paths, jobs, no_linting in ((["model.py"], 1, False), ([str(tmp_path)], 2, False), (["model.py"], 2, True)):
        started = Helper()
        assert cli_module._early_helper(paths, jobs, no_linting, started) is None
        assert started._closed
    started = Helper()
    assert cli_module._early_helper([str(tmp_path / "model.py")], 2, False, started) is started
    started.close()


@pytest.mark.parametrize("args, code", [
    (["--output-format", "json", "model.py", "clean.py"], 1),
    (["--statistics", "model.py"], 1),
    (["clean.py"], 0),
    (["-j", "1", "model.py"], 1),
    (["."], 1),
    (["missing.py"], 2),
    (["--select", "CL9999", "model.py"], 2),
    (["--version"], 0),
    (["--no-such-option"], 2),
])
def test_the_command_prints_and_exits_as_the_click_command_does(tmp_path, args, code):
    (tmp_path / "model.py").write_text(BROKEN)
    (tmp_path / "clean.py").write_text("def f(x):\n    return x\n")
    args = ["--isolated", "--no-cache", *args]
    command = cli_subprocess(*args, cwd=tmp_path)
    in_process = cli(*args, cwd=tmp_path)
    assert command.returncode == in_process.exit_code == code
    if code != 2:  # click's usage message names the program as it was started
        assert command.stdout.decode() == in_process.output


def test_a_long_report_reaches_a_pipe_whole(tmp_path):
    """Nothing of the output is lost to os._exit: a report longer than a pipe's buffer (64 KiB), read to its end."""
    body = "".join(f"    y{i} = x.max().item()\n" for i in range(300))
    (tmp_path / "model.py").write_text(f"import torch\n\n\n@torch.compile\ndef step(x):\n{body}    return x\n")
    command = cli_subprocess("--isolated", "--no-cache", "--output-format", "json", "model.py", cwd=tmp_path)
    assert command.returncode == 1
    findings = json.loads(command.stdout)
    assert len(command.stdout) > 4 * 2**16 and len(findings) == 300
