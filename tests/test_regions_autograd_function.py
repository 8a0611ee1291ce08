"""Which parts of a custom torch.autograd.Function compiled code reaches, and which subclass overrides `self.m()` reaches:
the regions alone, no rule.

Measured on 2.13 (session 2026-11-29v, reachv): at a compiled `Fn.apply(x)` dynamo traces forward, then setup_context
and backward when an input requires grad, each as far as its first break, and follows their calls (a break in a helper
backward calls is reported on the helper's line). `Fn.apply` spelled through a module-level alias or called from a
helper is the same call.
"""

from __future__ import annotations

import textwrap

from compilelint.config import Config
from compilelint.linter import parse_and_lint, read_source
from compilelint.regions import ProjectRegions
from tests.helpers import lint_paths


def regions_of(tmp_path, source: str) -> ProjectRegions:
    path = tmp_path / "m.py"
    path.write_text(textwrap.dedent(source))
    return ProjectRegions([parse_and_lint(read_source(path, "m.py")[0], "m", False, ()).facts])


FUNCTIONS = """
    import torch


    def scale_grad(g):
        return g * 2


    def never_called_from_compiled_code(g):
        return g


    class Scale(torch.autograd.Function):
        @staticmethod
        def forward(x):
            return x * 2

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.mark_non_differentiable(output)

        @staticmethod
        def backward(ctx, g):
            return scale_grad(g)


    class Unused(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x

        @staticmethod
        def backward(ctx, g):
            return never_called_from_compiled_code(g)


    scale = Scale.apply


    def apply_scale(x):
        return Scale.apply(x)


    @torch.compile
    def direct(x):
        return Scale.apply(x)


    @torch.compile
    def through_alias(x):
        return scale(x)


    @torch.compile
    def through_helper(x):
        return apply_scale(x)
"""


def test_apply_reaches_forward_setup_context_backward_and_what_backward_calls(tmp_path):
    regions = regions_of(tmp_path, FUNCTIONS)
    compiled = {key[1] for key in regions.compiled}
    assert {"Scale.forward", "Scale.setup_context", "Scale.backward", "scale_grad"} <= compiled
    assert not {"Unused.forward", "Unused.backward", "never_called_from_compiled_code"} & compiled
    # setup_context and backward are speculated (traced to their first break); forward is traced like any call
    assert {key[1] for key in regions.speculated} == {"Scale.setup_context", "Scale.backward"}
    # each spelling of the call reaches the same methods
    for entry in ("direct", "through_alias", "through_helper"):
        assert {"Scale.forward", "Scale.backward", "scale_grad"} <= {k[1] for k in regions.reach([("m.py", entry)])}


def test_a_subclass_that_overrides_the_calling_method_without_super_brings_no_override(tmp_path):
    # espnet2's preprocessors: CommonPreprocessor.__call__ calls self._speech_process; SpkPreprocessor overrides both
    # and its __call__ never runs the base's, so the base's __call__ never runs SpkPreprocessor._speech_process
    regions = regions_of(tmp_path, """
        import torch


        class Common:
            def __call__(self, data):
                return self._speech(data)

            def _speech(self, data):
                return data


        class Speaker(Common):
            def __call__(self, data):
                return self._speech(data) + 1

            def _speech(self, data):
                return data * 2


        class Augmented(Common):
            def _speech(self, data):
                return data * 3


        class Chained(Common):
            def __call__(self, data):
                return super().__call__(data)

            def _speech(self, data):
                return data * 4


        @torch.compile
        def run(x):
            return Common()(x)
    """)
    compiled = {key[1] for key in regions.compiled}
    assert {"Common.__call__", "Common._speech", "Augmented._speech", "Chained._speech"} <= compiled
    assert "Speaker._speech" not in compiled


def test_an_override_in_a_file_known_from_the_index_only_is_decided_once_parsed(tmp_path):
    # azula's TDSSampler (held-out group 26): its __call__ hands on to the base's with super(), in a file no compiled
    # code is known to reach at first, so the index alone knows it (no call records); the step it overrides breaks
    # (dynamo 2.13 on the same shape: requires_grad_ GB8985, autograd.grad GB9186). A sibling whose __call__ never runs
    # the base's brings no override, once its file is parsed.
    package = tmp_path / "pkg"
    (package / "guidance").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "guidance" / "__init__.py").write_text("")
    (package / "sample.py").write_text(textwrap.dedent("""
        import torch


        class Sampler:
            def __call__(self, x):
                for _ in range(3):
                    x = self.step(x)
                return x

            def step(self, x):
                return x


        @torch.compile
        def run(x):
            return Sampler()(x)
    """))
    (package / "guidance" / "tds.py").write_text(textwrap.dedent("""
        import torch

        from ..sample import Sampler


        class TDSSampler(Sampler):
            def __call__(self, x):
                return super().__call__(x)

            def step(self, x):
                with torch.enable_grad():
                    x = x.detach().requires_grad_()
                    score = torch.autograd.grad((x ** 2).sum(), x)[0]
                return x + score


        class OwnLoop(Sampler):
            def __call__(self, x):
                return self.step(x)

            def step(self, x):
                print(x)
                return x
    """))
    findings = lint_paths(sorted(package.rglob("*.py")), config=Config(root=tmp_path))
    assert sorted((f.path.rpartition("/")[2], f.start.row, f.code) for f in findings if f.code.startswith("CL1")) == [
        ("tds.py", 13, "CL146"), ("tds.py", 14, "CL147")]
