"""`compilelint --verify` end to end on fixtures/verify_project (CPU, backend eager), plus its pure parts."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from compilelint.config import ConfigError, load_config
from compilelint.verify.match import StaticFinding, match
from compilelint.verify.options import VerifyOptions, from_table, with_cli
from compilelint.verify.report import to_html, to_markdown
from compilelint.verify.runner import EXIT_GATE, EXIT_OK, gates, timing_summary
from tests.helpers import REPO, cli

PROJECT = REPO / "fixtures" / "verify_project"
MODEL = PROJECT / "vproj" / "model.py"
FAST = ["--backend", "eager", "--device", "cpu", "--repeats", "3", "--warmup", "1"]


def markers(path: Path) -> dict:
    """row -> the `# verify: STATUS` marker on that line of the fixture."""
    out = {}
    for row, line in enumerate(path.read_text().splitlines(), start=1):
        if "# verify:" in line:
            out[row] = line.split("# verify:", 1)[1].split("#")[0].strip()
    return out


def tree_digest(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def _verify_process(tmp: Path, name: str, *args: str) -> subprocess.Popen:
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, PYTHONPATH=path, PYTHONDONTWRITEBYTECODE="1")
    out = open(tmp / f"{name}.json", "w")
    return subprocess.Popen([sys.executable, "-m", "compilelint", "--verify", "--output-format", "json", *FAST, *args],
                            cwd=PROJECT, env=env, stdout=out, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def reports(require_torch, tmp_path_factory):
    """Two verify runs at once (a hanging target needs its own short timeout): the project's targets with
    one that raises and one that segfaults, and a target that never returns."""
    tmp = tmp_path_factory.mktemp("verify")
    before = tree_digest(PROJECT)
    main = _verify_process(tmp, "main", "--target", "vproj.targets:tiny_net", "--target", "vproj.targets:raises",
                           "--target", "vproj.targets:crashes", "--jobs", "2", "--timeout", "300",
                           "--report-dir", str(tmp / "reports"))
    hang = _verify_process(tmp, "hang", "--target", "vproj.targets:hangs", "--timeout", "2")
    main_err, hang_err = main.communicate(timeout=600)[1], hang.communicate(timeout=600)[1]
    return {
        "main": json.loads((tmp / "main.json").read_text()), "main_rc": main.returncode, "main_err": main_err,
        "hang": json.loads((tmp / "hang.json").read_text()), "hang_rc": hang.returncode,
        "tree_changed": before != tree_digest(PROJECT), "reports": tmp / "reports",
    }


def _target(report: dict, name: str) -> dict:
    return next(t for t in report["targets"] if t["target"] == f"vproj.targets:{name}")


def test_findings_are_confirmed_not_confirmed_or_not_reached_as_marked(reports):
    tiny = _target(reports["main"], "tiny_net")
    assert tiny["status"] == "ok", tiny["error"]
    status = {f["row"]: f["status"] for f in tiny["findings"] if f["filename"] == "vproj/model.py"}
    expected = {row: s for row, s in markers(MODEL).items() if s != "missed"}
    assert {row: status.get(row) for row in expected} == expected


def test_a_break_without_a_finding_is_reported_missed(reports):
    tiny = _target(reports["main"], "tiny_net")
    missed_rows = [row for row, s in markers(MODEL).items() if s == "missed"]
    assert [(m["filename"], m["row"]) for m in tiny["missed"]] == [("vproj/model.py", r) for r in missed_rows]
    assert all(m["gb_id"] for m in tiny["missed"])


def test_recompiles_over_the_variants_name_the_failing_guard(reports):
    recompiles = _target(reports["main"], "tiny_net")["before"]["recompiles"]
    assert len(recompiles) == 2  # variants "gelu" and "tanh" after "relu"
    assert any("act == 'relu'" in guard for guard in recompiles[0]["failed_guards"])


def test_graph_counts_and_parity(reports):
    tiny = _target(reports["main"], "tiny_net")
    before = tiny["before"]
    assert before["graph_breaks"] == len(before["breaks"]) >= 2
    assert before["explain"]["graph_count"] == before["graphs"]
    assert tiny["parity"]["ok"] and tiny["parity"]["max_abs_diff"] == 0.0  # eager backend: bitwise
    timing = tiny["timing"]
    assert timing["eager_ms"] > 0 and timing["compiled_ms"] > 0 and timing["compile_s"] > 0
    assert timing["speedup"] == pytest.approx(timing["eager_ms"] / timing["compiled_ms"], rel=1e-2)


def test_fixes_are_applied_in_the_shadow_copy_and_remove_a_break(reports):
    main, tiny = reports["main"], _target(reports["main"], "tiny_net")
    assert main["fixes"]["changed_files"] == ["vproj/model.py"]
    assert "+        if not torch.compiler.is_compiling():" in main["fixes"]["diff"]
    assert tiny["after"]["graph_breaks"] == tiny["before"]["graph_breaks"] - 1
    assert {"compiled", "fixed_eager", "fixed_compiled"} == set(tiny["parity"]["checks"])
    assert tiny["timing"]["compiled_fixed_ms"] > 0 and tiny["timing"]["compile_fixed_s"] > 0


def test_a_failing_target_is_reported_and_the_others_continue(reports):
    main = reports["main"]
    assert _target(main, "raises")["status"] == "failed"
    assert _target(main, "raises")["error"] == "ValueError: a bug in user code"
    assert "SIGSEGV" in _target(main, "crashes")["error"]
    assert _target(main, "tiny_net")["status"] == "ok"
    assert reports["main_rc"] == 3 == main["exit_code"]


def test_a_hanging_target_times_out(reports):
    hang = _target(reports["hang"], "hangs")
    assert hang["status"] == "failed" and hang["error"].startswith("timed out after 2s")
    assert reports["hang_rc"] == 3


def test_json_report_has_the_documented_keys(reports):
    main = reports["main"]
    assert {"torch", "cuda", "gpu", "python", "compilelint"} <= set(main["environment"])
    tiny = _target(main, "tiny_net")
    assert {"target", "status", "error", "before", "after", "findings", "missed", "parity", "timing"} <= set(tiny)
    assert {"graphs", "graph_breaks", "breaks", "recompiles"} <= set(tiny["before"])
    assert set(tiny["before"]["breaks"][0]) == {"filename", "row", "gb_id", "gb_type"}
    assert {"code", "filename", "row", "status"} <= set(tiny["findings"][0])
    assert {"ok", "max_abs_diff"} <= set(tiny["parity"])
    assert {"eager_ms", "compiled_ms", "compiled_fixed_ms", "compile_s", "compile_fixed_s", "speedup",
            "speedup_fixed", "peak_mem_mb"} <= set(tiny["timing"])


def test_report_dir_holds_json_markdown_and_html_with_a_chart(reports):
    directory = reports["reports"]
    assert json.loads((directory / "report.json").read_text())["targets"]
    markdown = (directory / "report.md").read_text()
    assert "vproj.targets:tiny_net" in markdown and "torch 2." in markdown
    page = (directory / "report.html").read_text()
    assert "<svg" in page and "<script" not in page and "http" not in page.split("<body>", 1)[1].replace(
        'xmlns="http://www.w3.org/2000/svg"', "")


def test_the_users_tree_is_never_written(reports):
    assert not reports["tree_changed"]


# -- pure parts: no child process ----------------------------------------------------------------------

def _finding(row, code="CL111", gb=("GB0124",), end_row=None):
    return StaticFinding(code, "m.py", row, end_row or row, row, gb, "msg")


def test_match_statuses_and_missed():
    run = {"breaks": [{"filename": "m.py", "row": 3, "gb_id": "GB0124", "gb_ids": ["GB0124"], "gb_type": "item"},
                      {"filename": "m.py", "row": 5, "gb_id": "GB0170", "gb_ids": ["GB0170"], "gb_type": "branch"},
                      {"filename": "m.py", "row": 9, "gb_id": "GB0059", "gb_ids": ["GB0059"], "gb_type": "builtin"},
                      {"filename": "torchlib.py", "row": 1, "gb_id": "GB0001", "gb_ids": ["GB0001"], "gb_type": "x"}],
           "recompiles": [{"locations": [["m.py", 7]]}],
           "traced_lines": [["m.py", r] for r in (3, 4, 5, 6, 7, 9)]}
    findings = [_finding(3), _finding(4), _finding(5), _finding(7, "CL201", ()), _finding(8), _finding(2, end_row=3)]
    found, missed = match(findings, run, {"m.py"})
    assert [(f["row"], f["status"]) for f in found] == [
        (3, "confirmed"), (4, "not_confirmed"), (5, "mismatch"), (7, "confirmed"), (8, "not_reached"), (2, "confirmed")]
    assert [(m["row"], m["gb_id"]) for m in missed] == [(9, "GB0059")]


def test_findings_in_files_the_target_never_touched_are_left_out():
    run = {"breaks": [], "recompiles": [], "traced_lines": [["a.py", 1]]}
    assert match([_finding(1)], run, {"a.py", "m.py"}) == ([], [])


def test_timing_summary_speedups_and_break_even():
    runs = {"eager": {"median_ms": 4.0, "p25_ms": 3.9, "p75_ms": 4.1, "peak_mem_mb": 100.0, "repeats": 20},
            "compiled:default": {"median_ms": 5.0, "p25_ms": 4.9, "p75_ms": 5.1, "peak_mem_mb": 120.0, "compile_s": 10.0},
            "compiled_fixed:default": {"median_ms": 2.0, "p25_ms": 1.9, "p75_ms": 2.1, "peak_mem_mb": 90.0, "compile_s": 8.0}}
    t = timing_summary(runs, "default")
    assert (t["speedup"], t["speedup_fixed"]) == (0.8, 2.0)
    assert t["break_even_iters"] is None  # slower than eager: never pays off
    assert t["break_even_iters_fixed"] == 4000  # 8 s of compiling / 2 ms saved per call
    assert t["peak_mem_mb"] == 120.0


def _entry(breaks=3, missed=(), speedup=1.5, status="ok"):
    phase = {"graph_breaks": breaks}
    return {"target": "t", "status": status, "before": phase, "after": None, "missed": list(missed),
            "timing": {"speedup": speedup, "speedup_fixed": None}}


def test_gates():
    assert gates([_entry()], VerifyOptions(max_graph_breaks=3, min_speedup=1.5)) == []
    assert len(gates([_entry()], VerifyOptions(max_graph_breaks=2, min_speedup=2.0, fail_on_missed=True))) == 2
    assert len(gates([_entry(missed=[{"row": 1}])], VerifyOptions(fail_on_missed=True))) == 1
    assert gates([_entry(breaks=99, status="failed")], VerifyOptions(max_graph_breaks=0)) == []
    assert (EXIT_OK, EXIT_GATE) == (0, 1)


def test_config_table_is_validated(tmp_path):
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.compilelint.verify]\ntargets = ["pkg.ex:tiny"]\nmode = ["default", "max-autotune"]\n'
                      'device = "cuda"\nmin-speedup = 1.2\n')
    options = from_table(load_config(config).verify, config)
    assert (options.targets, options.modes, options.device, options.min_speedup) == (
        ("pkg.ex:tiny",), ("default", "max-autotune"), "cuda", 1.2)
    assert with_cli(options, targets=("a.b:c",), modes=(), repeats=5).targets == ("a.b:c",)
    for bad in ('targets = ["no_colon"]', 'device = "tpu"', "repeats = 0", "colour = true", 'fail-on-missed = "yes"'):
        with pytest.raises(ConfigError):
            from_table(load_config(_write(tmp_path, bad)).verify, tmp_path / "pyproject.toml")


def _write(tmp_path: Path, line: str) -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text(f"[tool.compilelint.verify]\n{line}\n")
    return path


def test_cli_without_targets_or_torch_exits_2_with_one_line(tmp_path, monkeypatch):
    (tmp_path / "m.py").write_text("x = 1\n")
    result = cli("--verify", "--isolated", cwd=tmp_path)
    assert result.exit_code == 2 and "no targets" in result.output
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "torch" else real(name, *a))
    result = cli("--verify", "--isolated", "--target", "m:f", cwd=tmp_path)
    assert result.exit_code == 2 and "needs torch" in result.output and len(result.output.strip().splitlines()) == 1


def test_cli_device_cuda_without_a_gpu_exits_2(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    result = cli("--verify", "--isolated", "--target", "m:f", "--device", "cuda", cwd=tmp_path)
    assert result.exit_code == 2 and "no GPU is visible" in result.output


def test_markdown_and_html_render_a_failed_target():
    report = {"environment": {"torch": "2.11.0", "python": "3.12"}, "gate_failures": ["t: 3 graph breaks > 0"],
              "options": {"backend": "inductor", "modes": ["default"], "warmup": 3, "repeats": 20}, "fixes": None,
              "targets": [{"target": "p:t", "status": "failed", "error": "timed out after 2s", "inputs": None,
                           "before": None, "after": None, "findings": [], "missed": [],
                           "finding_counts": {"confirmed": 0, "not_confirmed": 0, "not_reached": 0, "mismatch": 0},
                           "parity": None, "timing": timing_summary({}, "default")}]}
    assert "FAILED: timed out after 2s" in to_markdown(report)
    page = to_html(report)
    assert "every target failed" in page and "3 graph breaks" in page
