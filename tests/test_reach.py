"""Reach through objects, registries and returned values (regions.py): every form is proven under dynamo
by tests/dynamo_cases/reach_objects.py (and its helper file), which the catalogue's child process runs
(`examples_under_dynamo`); what only eager code reaches is not compiled."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from compilelint.index import index_file
from compilelint.linter import lint, module_name, parse_and_lint, read_source
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import REPO, found_lines, lint_paths, lint_text, marked_lines

CASES = REPO / "tests" / "dynamo_cases"
OBJECTS = CASES / "reach_objects.py"
STEPPERS = CASES / "reach_helpers" / "steppers.py"
GETATTR_NAMES = CASES / "reach_getattr_names.py"
NAMED_CLASS = CASES / "reach_named_class.py"
DATA_DEPENDENT_BRANCHING = "Data-dependent branching"  # the graph break CL101 predicts


def test_code_reached_through_objects_and_registries_is_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([OBJECTS, STEPPERS])) == marked_lines([OBJECTS, STEPPERS])


def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo):
    result = examples_under_dynamo[OBJECTS.resolve()]
    assert result["ok"], result.get("traceback")
    # dynamo also fails to reconstruct the objects made in the frame at the calls that broke inside
    # them (GB0092): CL158 predicts those on objects built from a class (not `self.meta(x).apply(x)`,
    # not `solver.integrate(t)`, whose constructor breaks first), so those are compared as a subset
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"]
                    if b["gb_type"] == DATA_DEPENDENT_BRANCHING)
    marked = marked_lines([OBJECTS, STEPPERS])
    assert broken == [m for m in marked if m[2] == "CL101"]
    reconstructions = {(b["filename"], b["row"], "CL158") for b in result["breaks"] if b["gb_id"] == "GB0092"}
    assert {m for m in marked if m[2] == "CL158"} <= reconstructions


def test_reach_through_an_inferred_object_or_a_registry_is_inferred_not_certain():
    regions = {(Path(f.path).name, f.region.function): f.region for f in lint_paths([OBJECTS, STEPPERS])
               if f.code == "CL101"}  # CL158 reports in `solve` itself, the compiled entry
    step = regions[("steppers.py", "Midpoint.step")]
    site = OBJECTS.read_text().splitlines().index("fast_solve = torch.compile(solve)") + 1
    assert step.confidence == "inferred" and step.entry.endswith(f"reach_objects.py:{site}")
    assert step.reached_via[0] == "solve"
    assert {region.confidence for region in regions.values()} == {"inferred"}


def _reach_facts(facts):
    return (facts.registries, {q: fn.returned for q, fn in facts.functions.items()},
            {name: info.attribute_values for name, info in facts.classes.items()})


def test_the_index_reads_the_same_reach_facts_as_the_engine():
    read = {}
    for path in (OBJECTS, STEPPERS, GETATTR_NAMES):
        source, _ = read_source(path, str(path))
        name, is_package = module_name(path)
        indexed = index_file(source.text, source.path, name, is_package).facts
        parsed = parse_and_lint(source, name, is_package, ()).facts
        assert _reach_facts(indexed) == _reach_facts(parsed), path
        read[path.name] = parsed
    assert read["steppers.py"].registries == {"SOLVERS": ["Euler", "Midpoint"]}
    objects = read["reach_objects.py"]
    assert objects.registries == {"ACTIVATIONS": ["gate", "soften"], "NORMS": ["clip"], "BOUNDS": ["bound"],
                                  "SQUASHES": ["squash"], "REPORTS": ["Report"], "ROUTINES": ["halve", "spread"]}
    assert objects.classes["Block"].attribute_values == {"norm": ["NORMS[]"], "bound": ["BOUNDS[]"],
                                                         "squash": ["SQUASHES[]"]}
    assert objects.functions["make_affine"].returned == ["Affine()"]
    assert objects.functions["Flow.meta"].returned == ["Scale()"]
    assert objects.classes["Flow"].attribute_values == {"transform": ["make_affine()"], "shift": ["Shift()"]}
    assert read["reach_getattr_names.py"].functions["Reducer.reduction_for"].returned == ["self.*_reduction"]


def _lint_project(tmp_path: Path, files: dict):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, text in files.items():
        (pkg / name).write_text(textwrap.dedent(text))
    run = lint(sorted(pkg.glob("*.py")), Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    return {(f.region.function, f.region.confidence) for f in run.findings if f.code == "CL101"}


HELPERS = """\
    import torch


    def gate(x):
        if torch.sum(x) > 0:
            return x
        return -x


    def other(x):
        if torch.mean(x) > 0:
            return x
        return -x


    GATES = {"gate": gate, "other": other}
    """


def test_a_function_called_directly_and_through_a_registry_keeps_the_stronger_confidence(tmp_path):
    found = _lint_project(tmp_path, {"ops.py": HELPERS, "model.py": """\
        import torch
        from pkg.ops import GATES, gate


        @torch.compile
        def run(x, name):
            return gate(GATES[name](x))
        """})
    assert found == {("gate", "certain"), ("other", "inferred")}


def test_a_registry_only_eager_code_indexes_reaches_nothing(tmp_path):
    found = _lint_project(tmp_path, {"ops.py": HELPERS, "model.py": """\
        import torch
        from pkg.ops import GATES


        def pick(name):
            return GATES[name]


        @torch.compile
        def run(x):
            return torch.relu(x)


        def eager(x, name):
            return pick(name)(x)
        """})
    assert found == set()


def test_the_objects_of_a_list_attribute_called_in_a_loop_run_their_call(tmp_path):
    # transformers' logits processors: `self.processors = [Penalty(), TopP()]`, `for p in self.processors: p(x)`
    # (b4_hf_bad_words_processor proves the break in one under dynamo); the index files the list's classes too
    model = """\
        import torch
        from torch import nn


        class Penalty:
            def __call__(self, x):
                if torch.sum(x) > 0:
                    return x
                return -x


        class Unused:
            def __call__(self, x):
                if torch.sum(x) > 1:
                    return x
                return -x


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.processors = [Penalty()]
                self.spare = (Unused(),)

            def forward(self, x):
                for processor in self.processors:
                    x = processor(x)
                return x
        """
    assert _lint_project(tmp_path, {"model.py": model}) == {("Penalty.__call__", "assumed")}
    indexed = index_file(textwrap.dedent(model), "model.py", "pkg.model", False).facts.classes["Net"].containers
    assert {attr: set(classes) for attr, classes in indexed.items()} == {"processors": {"Penalty"},
                                                                          "spare": {"Unused"}}


def test_a_method_looked_up_by_name_is_left_unknown(tmp_path):
    found = _lint_project(tmp_path, {"model.py": """\
        import torch


        class Net:
            def gate(self, x):
                if torch.sum(x) > 0:
                    return x
                return -x

            @torch.compile
            def run(self, x, name):
                return getattr(self, name)(x)
        """})
    assert found == set()


def test_a_constructor_called_in_compiled_code_runs_init_and_a_class_only_named_does_not(tmp_path):
    found = _lint_project(tmp_path, {"model.py": """\
        import torch


        class Base:
            def __init__(self, x):
                if torch.sum(x) > 0:
                    self.x = x


        class Built(Base):
            def __init__(self, x):
                super().__init__(x)


        class Named:
            def __init__(self, x):
                if torch.mean(x) > 0:
                    self.x = x


        @torch.compile
        def run(x, other):
            built = Built(x)
            if isinstance(other, Named):
                return x
            return built.x
        """})
    assert found == {("Base.__init__", "certain")}


def test_a_class_handed_to_a_helper_as_a_value_is_not_built_so_its_init_is_not_compiled(examples_under_dynamo):
    # vit_pytorch's Recorder: find_modules(self.vit.transformer, Attention) reached Attention.__init__ (CL145)
    assert found_lines(lint_paths([NAMED_CLASS])) == []
    result = examples_under_dynamo[NAMED_CLASS.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []


def test_a_class_a_function_both_hands_on_and_calls_still_reaches_its_init(tmp_path):
    found = _lint_project(tmp_path, {"model.py": """\
        import torch


        class Built:
            def __init__(self, x):
                if torch.sum(x) > 0:
                    self.x = x


        def pick(kind, x):
            return x


        @torch.compile
        def run(x):
            pick(Built, x)
            return Built(x).x
        """})
    assert found == {("Built.__init__", "certain")}


def test_apply_of_an_autograd_function_reaches_its_forward_with_what_the_calls_pass(tmp_path):
    text = textwrap.dedent("""
    import torch


    class Clip(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, limit, scale):
            if x.sum() > limit:
                x = x * 0
            if scale * 2 > 1:
                x = x * scale
            return x

        @staticmethod
        def backward(ctx, grad):
            if grad.sum() > 0:
                return grad, None, None
            return -grad, None, None


    class Unused(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            if x.sum() > 0:
                return x
            return -x


    @torch.compile
    def clip(x):
        return Clip.apply(x, x.mean(), 0.5)
    """)
    path = tmp_path / "clip.py"
    path.write_text(text, encoding="utf-8")
    found = lint([path], Config(root=tmp_path), ["CL101"], tool_codes_enabled(())).findings
    assert [(f.start.row, f.region.function) for f in found] == [(8, "Clip.forward")]


def test_an_attribute_set_to_a_bound_method_by_a_ternary_reaches_both_with_what_the_call_passes(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    class Loss(nn.Module):
        def __init__(self, mat_based=True):
            super().__init__()
            self.loss_method = self.mat_loss if mat_based else self.pair_loss

        def forward(self, x):
            return self.loss_method(x.sum(0), 2)

        def mat_loss(self, x, n):
            if x.sum() > 0:
                return x
            if n > 1:
                return x
            return -x

        def pair_loss(self, x, n):
            if x.mean() > 0:
                return x
            return -x
    """)
    path = tmp_path / "loss.py"
    path.write_text(text, encoding="utf-8")
    found = lint([path], Config(root=tmp_path), ["CL101"], tool_codes_enabled(())).findings
    assert [(f.start.row, f.region.function) for f in found] == [(15, "Loss.mat_loss"), (22, "Loss.pair_loss")]


UNKNOWN_OBJECTS = CASES / "reach_unknown_objects.py"


def test_methods_of_objects_of_unknown_class_are_reached_by_their_project_only_name():
    assert found_lines(lint_paths([UNKNOWN_OBJECTS])) == marked_lines([UNKNOWN_OBJECTS])


def test_dynamo_breaks_in_the_methods_reached_by_name_and_not_in_the_look_alikes(examples_under_dynamo):
    result = examples_under_dynamo[UNKNOWN_OBJECTS.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"]
                    if b["gb_type"] == DATA_DEPENDENT_BRANCHING)
    assert broken == marked_lines([UNKNOWN_OBJECTS])


def test_reach_by_method_name_is_inferred_and_says_how_it_got_there():
    regions = {f.region.function: f.region for f in lint_paths([UNKNOWN_OBJECTS])}
    assert set(regions) == {"Monotonic.call_and_ladj", "Bernstein.call_and_ladj", "Spline.calibrate",
                            "Product.scaled_prod_diagonal"}
    assert {region.confidence for region in regions.values()} == {"inferred"}
    assert regions["Bernstein.call_and_ladj"].reached_via[:2] == ("log_prob", "Flow.log_prob")
    assert regions["Spline.calibrate"].reached_via == ("log_prob", "calibrated")  # through the annotation


def test_framework_generic_and_dunder_method_names_reach_nothing_by_name():
    source = textwrap.dedent("""
        import torch

        class A:
            def forward(self, x): return x
            def append(self, x): return x
            def item(self): return 1
            def run(self, x): return x
            def __call__(self, x): return x
            def call_and_ladj(self, x): return x

        class B:
            def call_and_ladj(self, x): return x
    """)
    from compilelint.regions import ProjectRegions
    name, is_package = "flows", False
    facts = index_file(source, "flows.py", name, is_package).facts
    regions = ProjectRegions([facts])
    for common in ("forward", "append", "item", "run", "__call__", "undefined_anywhere"):
        assert regions.methods_named(common, "flows.py") == []
    assert sorted(regions.methods_named("call_and_ladj", "flows.py")) == [("flows.py", "A.call_and_ladj"),
                                                              ("flows.py", "B.call_and_ladj")]


def test_methods_looked_up_by_a_templated_name_are_reached_with_their_overrides():
    assert found_lines(lint_paths([GETATTR_NAMES])) == marked_lines([GETATTR_NAMES])


def test_dynamo_breaks_in_every_method_the_template_fits_that_runs(examples_under_dynamo):
    result = examples_under_dynamo[GETATTR_NAMES.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"]
                    if b["gb_type"] == DATA_DEPENDENT_BRANCHING)
    assert broken == marked_lines([GETATTR_NAMES])


def test_only_templates_with_a_literal_part_name_methods():
    from compilelint.index import FORMAT_FIELD, PERCENT_FIELD, name_pattern, split_template

    assert name_pattern(split_template("{}_reduction", FORMAT_FIELD)) == "*_reduction"
    assert name_pattern(split_template("%s_loss_%d", PERCENT_FIELD)) == "*_loss_*"
    assert name_pattern(["check_", None]) == "check_*"
    for unknowable in (split_template("{}", FORMAT_FIELD), ["a constant"], ["not an identifier ", None], None):
        assert name_pattern(unknowable) is None


def test_reach_by_method_name_stays_within_files_linked_by_imports(tmp_path):
    # b5_quiet_diff_retrieve_timesteps calls `scheduler.set_timesteps(...)` on a parameter in compiled code: the
    # set_timesteps of a scheduler in a file nothing links to it (b4_quiet_diff_int_timestep_list) cannot run
    # there; one in a file linked through a third that imports both can
    caller = """\
        from torch import nn


        def prepare(scheduler, x):
            scheduler.calibrate_steps(x)
            return x


        class Net(nn.Module):
            def forward(self, x, scheduler):
                return prepare(scheduler, x)
        """
    scheduler = """\
        import torch


        class Scheduler:
            def calibrate_steps(self, x):
                self.steps = torch.arange(4).tolist()
        """
    (tmp_path / "caller.py").write_text(textwrap.dedent(caller))
    (tmp_path / "unlinked.py").write_text(textwrap.dedent(scheduler))
    files = [tmp_path / "caller.py", tmp_path / "unlinked.py"]
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    assert [f for f in run.findings if f.code == "CL112"] == []
    (tmp_path / "main.py").write_text("from caller import Net\nfrom unlinked import Scheduler\n")
    run = lint(files + [tmp_path / "main.py"], Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    assert [f.region.function for f in run.findings if f.code == "CL112"] == ["Scheduler.calibrate_steps"]


def test_a_dict_call_of_functions_is_a_registry(tmp_path):
    # timm-style `_POOLS = dict(avg=..., debug=...)` picked in __init__ and called in forward (dynamo-proven in
    # tests/adversarial/cases/b6_timm_pool_type_registry.py); the index reads it as the engine does
    text = textwrap.dedent("""\
        from torch import nn

        def average(x):
            return x.mean((2, 3))

        def verbose(x):
            print(x.shape)
            return x.mean((2, 3))

        POOLS = dict(avg=average, verbose=verbose)
        SIZES = dict(small=1, large=2)

        class Head(nn.Module):
            def __init__(self, pool="verbose"):
                super().__init__()
                self.pool = POOLS[pool]

            def forward(self, x):
                return self.pool(x)
    """)
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text)] == [(7, "CL131")]
    path = tmp_path / "model.py"
    path.write_text(text)
    source, _ = read_source(path, str(path))
    indexed = index_file(source.text, source.path, "model", False).facts
    assert indexed.registries == parse_and_lint(source, "model", False, ()).facts.registries == {
        "POOLS": ["average", "verbose"]}


def test_a_forward_input_calling_a_method_no_tensor_has_reaches_the_projects_method_of_that_name(tmp_path):
    # forward's bare inputs are assumed tensors; `cache.seen_length()` says this one is an object (dynamo breaks on
    # the `.item()` inside, tests/adversarial/cases/b10_hf_cache_counter_item.py), while `mask.sum()` stays a tensor's
    source = textwrap.dedent("""
        import torch
        from torch import nn

        class Cache:
            def __init__(self):
                self.seen = torch.zeros(())

            def seen_length(self):
                return self.seen.item()

            def sum(self):
                return self.seen.item()

        class Decoder(nn.Module):
            def forward(self, x, cache, mask):
                return x + cache.seen_length() + mask.sum()
    """)
    found = lint_text(tmp_path, source, codes=["CL111"])
    assert [(f.start.row, f.region.function, f.region.confidence) for f in found] == [(10, "Cache.seen_length",
                                                                                        "assumed")]


DECLARED_PROTOCOLS = CASES / "reach_declared_protocols.py"


def test_objects_typed_optional_or_with_a_protocol_reach_their_classes_call():
    assert found_lines(lint_paths([DECLARED_PROTOCOLS])) == marked_lines([DECLARED_PROTOCOLS])


def test_dynamo_breaks_in_the_calls_of_the_declared_objects_and_not_in_the_non_implementation(examples_under_dynamo):
    result = examples_under_dynamo[DECLARED_PROTOCOLS.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"]
                    if b["gb_type"] == DATA_DEPENDENT_BRANCHING)
    assert broken == marked_lines([DECLARED_PROTOCOLS])


def test_reach_through_an_annotation_is_inferred_and_says_how_it_got_there():
    regions = {f.region.function: f.region for f in lint_paths([DECLARED_PROTOCOLS]) if f.code == "CL101"}
    assert set(regions) == {"BanFirst.__call__", "Temperature.__call__"}
    assert {region.confidence for region in regions.values()} == {"inferred"}
    assert {region.reached_via for region in regions.values()} == {("decode",)}


def test_a_protocol_is_implemented_by_the_classes_defining_each_method_it_declares():
    source = textwrap.dedent("""
        from typing import Protocol

        class Rule(Protocol):
            def __call__(self, x): ...
            def describe(self): ...

        class Base:
            def describe(self): return "base"

        class Full(Base):
            def __call__(self, x): return x

        class Partial:
            def __call__(self, x): return x

        class Plain:
            def __call__(self, x): return x
            def describe(self): return "plain"
    """)
    from compilelint.project import ProjectIndex
    index = ProjectIndex([index_file(source, "rules.py", "rules", False).facts])
    assert index.implementations(("rules.py", "Rule")) == [("rules.py", "Full"), ("rules.py", "Plain")]
    assert index.implementations(("rules.py", "Plain")) == []
