"""The real-code evaluation (benchmarks/eval) scores what it should, on a tiny local package: no network."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from benchmarks.eval.run_eval import (DYNAMO_CACHE, _dynamo_cache_key, comparison, evaluate, render_markdown, run_dynamo,
                                      score_package, summarize)

TOY_MODEL = textwrap.dedent('''\
    import torch
    from torch import nn


    class Scaled(nn.Module):
        def forward(self, x):
            y = x * 2
            scale = y.sum().item()
            return y / scale


    class NeverRun(nn.Module):
        def forward(self, x):
            return x.max().item()
''')

TOY_TARGETS = textwrap.dedent('''\
    from dataclasses import dataclass, field

    DEPENDENCIES = ()


    @dataclass(frozen=True)
    class Package:
        requirement: str
        folder: str
        targets: dict = field(default_factory=dict)


    def scaled():
        import torch
        from toy.model import Scaled

        return Scaled(), [(torch.ones(2, 3),)]


    PACKAGES = (Package("toy==0.1", "toy", {"scaled": scaled}),)


    def package(folder):
        return next(p for p in PACKAGES if p.folder == folder)


    def build(folder, name):
        fn, calls = next(p for p in PACKAGES if p.folder == folder).targets[name]()
        return fn, calls, {}
''')


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "toy").mkdir(parents=True)
    (site / "toy" / "__init__.py").write_text("")
    (site / "toy" / "model.py").write_text(TOY_MODEL)
    (tmp_path / "targets.py").write_text(TOY_TARGETS)
    return site


def test_scoring_counts_found_missed_false_and_untraced(tmp_path):
    site = _site(tmp_path)
    model = str(site / "toy" / "model.py")
    dynamo = {"targets": {
        "a": {"ok": True, "traced_lines": [[model, 7], [model, 8], [model, 9]],
              "breaks": [{"filename": model, "row": 8, "gb_id": "GB0124", "gb_type": "item",
                          "frame_skipped": False},
                         {"filename": model, "row": 9, "gb_id": "GB0170", "gb_type": "branch",
                          "frame_skipped": True},
                         {"filename": str(tmp_path / "elsewhere.py"), "row": 3, "gb_id": "GB0007",
                          "gb_type": "skipped", "frame_skipped": False}]},
        "b": {"ok": False, "error": "RuntimeError: boom"},
    }}

    def finding(row, code, gb=()):
        return {"filename": model, "location": {"row": row, "column": 1}, "code": code, "message": "m",
                "gb_types": list(gb)}

    findings = [finding(8, "CL111", ["GB0124"]), finding(8, "CL111", ["GB0124"]), finding(7, "CL131"),
                finding(14, "CL111"), finding(9, "CL201"), finding(7, "CL155")]
    scored = score_package(site / "toy", dynamo, findings)

    assert scored["breaks"] == 2
    assert [(e["line"], e["gb_id_predicted"]) for e in scored["found"]] == [(8, True)]
    assert [(e["line"], e["gb_ids"], e["nearby_findings"]) for e in scored["missed"]] == [
        (9, ["GB0170"], ["CL111@8", "CL131@7"])]
    assert [(e["line"], e["code"]) for e in scored["false_positives"]] == [(7, "CL131")]
    assert [(e["line"], e["code"]) for e in scored["untraced_findings"]] == [(14, "CL111")]
    assert [e["file"] for e in scored["outside_breaks"]] == [str((tmp_path / "elsewhere.py").resolve())]
    # a recompile rule, and a CL1xx rule that predicts no break (numpy RNG: results differ), are not scored
    assert scored["other_findings"] == {"CL201": 1, "CL155": 1}
    assert scored["targets_failed"] == {"b": "RuntimeError: boom"}

    total = summarize({"toy": scored})
    assert (total["recall"], total["precision"], total["untraced_findings"]) == (0.5, 0.5, 1)
    assert total["by_gb_id"]["GB0170"] == {"type": "branch", "breaks": 1, "found": 0, "recall": 0.0}
    assert total["by_code"]["CL131"]["false_positives"] == 1


def test_end_to_end_on_a_local_package(tmp_path, require_torch):
    site = _site(tmp_path)
    report = evaluate(tmp_path / "targets.py", site, do_install=False, jobs=2)
    toy = report["packages"]["toy"]
    assert toy["targets_ok"] == ["scaled"], toy["targets_failed"] or toy["child_error"]
    assert [(e["file"], e["line"], e["gb_ids"][0], e["findings"], e["source"]) for e in toy["found"]] == [
        ("toy/model.py", 8, "GB0124", ["CL111"], "scale = y.sum().item()")]
    assert toy["breaks"] == len(toy["found"]) + len(toy["missed"])
    assert report["summary"]["recall"] == round(1 / toy["breaks"], 3)
    # NeverRun.forward is linted (every module's forward is assumed compiled) but dynamo never traced it
    assert ("toy/model.py", 14, "CL111") in [(f["file"], f["line"], f["code"]) for f in toy["untraced_findings"]]
    markdown = render_markdown(report)
    assert "toy 0.1" in markdown and "toy/model.py:8" in markdown
    json.dumps(report)  # the report is written as JSON


LEGACY_MODEL = textwrap.dedent('''\
    import torch
    from torch.autograd import Variable


    def decode(x):
        first = Variable(x * 2)
        step = x + 1
        second = Variable(step * 3)
        return first + second
''')


def test_a_break_repeated_from_another_user_line_is_placed_on_that_line(tmp_path, require_torch):
    """Both `Variable(...)` calls break inside torch (GB0007 at one polyfill line); dynamo logs the second as a
    duplicate, without the user's stack, unless the harness has it log every break: both lines are breaks."""
    site = _site(tmp_path)
    (site / "toy" / "legacy.py").write_text(LEGACY_MODEL)
    targets = tmp_path / "targets.py"
    text = targets.read_text()
    builder = "from toy.model import Scaled\n\n    return Scaled(), [("
    assert builder in text
    targets.write_text(text.replace(builder, "from toy.legacy import decode\n\n    return decode, [("))
    report = evaluate(targets, site, do_install=False, jobs=1)
    toy = report["packages"]["toy"]
    assert toy["targets_ok"] == ["scaled"], toy["targets_failed"] or toy["child_error"]
    breaks = sorted((e["file"], e["line"], e["gb_ids"]) for e in toy["found"] + toy["missed"])
    assert breaks == [("toy/legacy.py", 6, ["GB0007"]), ("toy/legacy.py", 8, ["GB0007"])]
    assert toy["outside_breaks"] == []
    # where dynamo stopped is named too: torch's code, not the user's line
    assert all(e["inside"].startswith("torch/") for e in toy["found"] + toy["missed"])
    assert "`toy/legacy.py:8` GB0007" in render_markdown(report) and " · inside torch/" in render_markdown(report)

def test_a_package_dynamo_answer_is_keyed_on_its_own_builders_and_helpers(tmp_path):
    _site(tmp_path)
    targets = tmp_path / "targets.py"

    def key():
        return _dynamo_cache_key("toy", ["scaled"], targets, ["toy==0.1"])

    first = key()
    text = targets.read_text()
    other = '''

    def other():
        return None
    '''
    targets.write_text(text.replace("\n\nPACKAGES = (", textwrap.dedent(other) + "\n\nPACKAGES = ("))
    assert key() == first  # another package's builder does not rerun this one
    helper = '''

    def _inputs():
        import torch

        return torch.ones(2, 3)
    '''
    targets.write_text(text.replace("\n\ndef scaled():", textwrap.dedent(helper) + "\n\ndef scaled():")
                       .replace("[(torch.ones(2, 3),)]", "[(_inputs(),)]"))
    with_helper = key()
    assert with_helper != first
    targets.write_text(targets.read_text().replace("torch.ones(2, 3)\n", "torch.ones(4, 3)\n"))
    assert key() != with_helper  # a helper the builder calls is part of its answer


def test_comparison_puts_earlier_numbers_next_to_these():
    def report(found, fps):
        entry = {"gb_ids": ["GB0170"], "gb_types": ["Data-dependent branching"]}
        package = {"breaks": 4, "found": [entry] * found, "missed": [entry] * (4 - found),
                   "true_positives": [{"code": "CL101"}] * found, "false_positives": [{"code": "CL101"}] * fps,
                   "untraced_findings": [], "outside_breaks": []}
        return {"commit": "abc1234", "date": "2026-11-21", "packages": {"toy": package}}

    lines = comparison(report(1, 1), report(3, 0))
    assert lines[1] == "## Compared with compilelint `abc1234` (2026-11-21)"
    assert "| toy | 0.250 | 0.750 | 0.500 | 1.000 |" in lines
    assert lines[-1] == "| all (1 packages) | 0.250 | 0.750 | 0.500 | 1.000 |"


def test_a_cached_answer_copied_from_another_site_names_this_sites_files(tmp_path):
    site = _site(tmp_path)
    targets = tmp_path / "targets.py"
    elsewhere = "/other/worktree/.packages"
    polyfill = "/usr/lib/torch/_dynamo/polyfills/builtins.py"
    answer = {"torch": "2.13.0", "targets": {"scaled": {
        "ok": True, "traced_lines": [[f"{elsewhere}/toy/model.py", 7], [polyfill, 36]],
        "breaks": [{"filename": f"{elsewhere}/toy/model.py", "row": 8, "gb_id": "GB0124", "gb_type": "item",
                    "frame_skipped": False},
                   {"filename": polyfill, "row": 36, "gb_id": "GB0170", "gb_type": "branch", "frame_skipped": False}]}}}
    cache = site / DYNAMO_CACHE / (_dynamo_cache_key("toy", ["scaled"], targets, ["toy==0.1"]) + ".json")
    cache.parent.mkdir()
    for recorded in (answer, {**answer, "site": elsewhere}):  # answers cached before and after they named their site
        cache.write_text(json.dumps(recorded))
        result = run_dynamo(site, "toy", ["scaled"], targets, ["toy==0.1"])
        assert result["cached"]
        scaled = result["targets"]["scaled"]
        assert [b["filename"] for b in scaled["breaks"]] == [str(site / "toy" / "model.py"), polyfill]
        assert scaled["traced_lines"] == [[str(site / "toy" / "model.py"), 7], [polyfill, 36]]
        scored = score_package(site / "toy", result, [])
        assert scored["breaks"] == 1 and len(scored["outside_breaks"]) == 1


def test_the_heldout_group_is_disjoint_from_the_tuned_packages_and_has_its_own_site():
    from benchmarks.eval.run_eval import DEFAULT_SITE, HELDOUT_SITE, HELDOUT_TARGETS, load_targets

    tuned = {p.folder for p in load_targets(HELDOUT_TARGETS.with_name("targets.py")).PACKAGES}
    heldout = load_targets(HELDOUT_TARGETS)
    folders = [p.folder for p in heldout.PACKAGES]
    assert 6 <= len(folders) == len(set(folders))
    assert not tuned & set(folders)  # a package the rules were tuned on measures nothing held out
    assert all(p.targets and "==" in p.requirement for p in heldout.PACKAGES)
    assert HELDOUT_SITE != DEFAULT_SITE  # the tuned group's cached dynamo answers stay where they are


def test_every_heldout_group_is_disjoint_from_the_tuned_packages_each_other_and_the_acceptance_packages():
    from benchmarks.eval.run_eval import HELDOUT_TARGETS, load_targets

    def distributions(group):  # by distribution: two may install one folder name (torchmanager-diffusion, v-diffusion)
        return {p.requirement.split("==")[0].lower().replace("_", "-") for p in group.PACKAGES}

    tuned = distributions(load_targets(HELDOUT_TARGETS.with_name("targets.py")))
    paths = sorted(HELDOUT_TARGETS.parent.glob("heldout*_targets.py"))
    assert {HELDOUT_TARGETS.with_name(f"heldout{n}_targets.py") for n in range(2, 95)} <= set(paths)
    acceptance = {"transformers", "torch-geometric", "diffusers", "timm"}  # judged on them: never used, not even as pins
    seen: set = set()
    for path in paths:
        group = load_targets(path)
        packages = distributions(group)
        # four packages each, but group 41, which lost docTR to group 43 (claimed first) and kept three, and group 49,
        # whose fourth pick (jxb-mobilenetv3) is torchvision's model and cannot import here, and group 53, whose other
        # candidates were named by earlier groups or need torch_geometric, torch_scatter or torch_cluster, and group 57,
        # likewise (its three are graph libraries of many models each), and group 60, whose fourth pick (modelfeast)
        # cannot import on Python 3.10+ and whose other timm-style candidates depend on timm or torchvision, and group
        # 65, whose other torch-only GNN candidates need torch_geometric, torch_scatter, torch_cluster or dgl, or copy a
        # package an earlier group used (its three hold many models each: deeprobust's GCNs, recbole's graph recommenders),
        # and group 76, whose other timm-style candidates depend on timm or copy an earlier group's package (its three
        # are model zoos: labml-nn's paper implementations, light-cnns' ConvNets, pywick's registry), and group 78, whose
        # DiT / flow-matching candidates need transformers, diffusers or timm, Python 3.12, or copy k-diffusion (group 12's),
        # and group 79, whose other encoder-decoder / speech / CLIP candidates need transformers (funasr, simple-clip,
        # s3prl), cannot import (openspeech-core) or copy an earlier group's package (speechtokenizer, CLIP copies),
        # and group 80, whose other scheduler / guidance / adapter candidates need transformers, diffusers or JAX, copy
        # k-diffusion, or hold a few lines of tensor arithmetic (its three: ControlNet with the ldm samplers, LyCORIS,
        # TransFusion), and group 86, whose other temporal-graph / KG / recommender / GAE candidates need torch_geometric,
        # torch_scatter, dgl, pykeen or transformers, ship compiled extensions or TensorFlow, or copy RecBole (its three
        # hold many models each: openukge's uncertain-KG scorers, PyTorch-BigGraph's embedder, graphem's layout), and
        # group 94, whose other neural-CO / temporal-graph / mesh-simulator / molecule-generation candidates need
        # torch_geometric or dgl (meshgraphnet, tgm-lib, ederiv2, fastrec, learned-nbody-surrogate), ship compiled
        # wheels (pygmtools, ml4co-kit) or hold no model (benchtemp, py-tgb, tgb-seq, gyozas) (its three: rl4co's model
        # zoo over its environments, LinSAT's constraint layer, the JT-VAE's encoders)
        assert (3 if path.name in ("heldout41_targets.py", "heldout49_targets.py", "heldout53_targets.py",
                                   "heldout57_targets.py", "heldout60_targets.py", "heldout65_targets.py",
                                   "heldout76_targets.py", "heldout78_targets.py", "heldout79_targets.py",
                                   "heldout80_targets.py", "heldout86_targets.py", "heldout94_targets.py") else 4) <= len(group.PACKAGES) \
            == len({p.folder for p in group.PACKAGES})
        assert all(p.targets and "==" in p.requirement for p in group.PACKAGES)
        assert not packages & (tuned | seen), path.name
        seen |= packages
        pins = [*group.DEPENDENCIES, *(pin for p in group.PACKAGES for pin in (p.requirement, *p.dependencies))]
        assert not {pin.split("==")[0].lower().replace("_", "-") for pin in pins} & acceptance


def test_a_missed_break_gets_the_first_cause_that_holds(tmp_path):
    from benchmarks.eval.miss_causes import cause, line_facts, missed_rows

    report = tmp_path / "eval-x-heldout9.md"
    report.write_text("## Missed breaks (no CL1xx finding on the line dynamo reports)\n\n"
                      "- `toy/m.py:5` GB0170 Data-dependent branching — `if flag.any():`\n"
                      "- `toy/m.py:7` GB0007 Attempted to call function marked as skipped — `return odeint(f, y)`"
                      " · inside torchdiffeq/_impl/misc.py:383\n"
                      "- `toy/m.py:11` GB4347 Missing tp_iternext — `1,` · nearby: CL111@10\n\n## Found breaks\n")
    source = tmp_path / "toy" / "m.py"
    source.parent.mkdir()
    source.write_text("from torchdiffeq import odeint\n\n\ndef f(flag, y):\n    if flag.any():\n"
                      "        y = y + 1\n    return odeint(f, y)\n\n\nx = (y.item(),\n     1,\n)\n")
    rows = missed_rows(report)
    assert [(r["line"], r["gb_ids"], r["inside"]) for r in rows] == [
        (5, ["GB0170"], None), (7, ["GB0007"], "torchdiffeq/_impl/misc.py:383"), (11, ["GB4347"], None)]
    causes = [cause(r, line_facts(source, r["line"], "toy"), set(), {"GB0170", "GB0007"})[0] for r in rows]
    assert causes == ["kind", "library", "line"]
    assert cause(rows[0], line_facts(source, 5, "toy"), {("toy/m.py", 5)}, {"GB0170"})[0] == "region"
    assert cause(rows[0], line_facts(source, 5, "toy"), set(), set())[0] == "rule"
