"""Which code is compiled: entry points in every spelling, reach through calls and files, holes.

`print(...)` (CL131) is the probe: it is flagged exactly where the linter believes code is compiled.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Dict, Sequence

import pytest

from compilelint import linter
from compilelint.config import Config
from tests.helpers import REPO, lint_paths

ZOO = REPO / "fixtures" / "projects" / "zoo"


def compiled(tmp_path: Path, files: Dict[str, str], lint: Sequence[str] = (), **config) -> Dict[str, object]:
    """Write a project, lint it (or only `lint`), and map each printed label to its finding's region:
    every probe is `print("label")`."""
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    targets = [tmp_path / n for n in (lint or files)]
    return probes(targets, Config(root=tmp_path, **config))


def probes(targets, config) -> Dict[str, object]:
    out = {}
    for finding in lint_paths(targets, ["CL131"], config):
        line = Path(finding.path).read_text().splitlines()[finding.start.row - 1]
        out[line.split('print("', 1)[1].split('"', 1)[0]] = finding.region
    return out


def single(tmp_path, text: str, **config) -> Dict[str, object]:
    return compiled(tmp_path, {"model.py": text}, **config)


# -- entry points ---------------------------------------------------------------------------------

def test_every_spelling_of_the_compile_decorator_is_an_entry(tmp_path):
    found = single(tmp_path, """
        import torch
        import torch as th
        from torch import compile as tc
        import torch._dynamo

        @torch.compile
        def a(x):
            print("a")

        @torch.compile(mode="max-autotune", fullgraph=False)
        def b(x):
            print("b")

        @th.compile
        def c(x):
            print("c")

        @tc()
        def d(x):
            print("d")

        @torch._dynamo.optimize("eager")
        def e(x):
            print("e")

        def plain(x):
            print("plain")
    """)
    assert set(found) == {"a", "b", "c", "d", "e"}
    assert {r.confidence for r in found.values()} == {"certain"}
    assert found["a"].entry.startswith("@torch.compile at ") and "model.py:" in found["a"].entry


def test_compile_calls_on_functions_are_entries(tmp_path):
    found = single(tmp_path, """
        import torch
        import torch._dynamo

        def f1(x):
            print("f1")

        def f2(x):
            print("f2")

        def f3(x):
            print("f3")

        def f4(x):
            print("f4")

        def never(x):
            print("never")

        fast1 = torch.compile(f1)
        fast2 = torch.compile(mode="reduce-overhead")(f2)
        fast3 = torch._dynamo.optimize("inductor")(f3)

        def main():
            step = torch.compile(f4, dynamic=True)
            return step
    """)
    assert set(found) == {"f1", "f2", "f3", "f4"}
    assert found["f4"].entry.startswith("torch.compile at ") and found["f4"].entry.endswith("model.py:25")


def test_compiling_a_model_object_compiles_its_forward(tmp_path):
    found = single(tmp_path, """
        import torch
        from torch import nn

        class A(nn.Module):
            def forward(self, x):
                print("A")

        class B(nn.Module):
            def forward(self, x):
                print("B")

        class C(nn.Module):
            def forward(self, x):
                print("C")

        class D(nn.Module):
            def forward(self, x):
                print("D")

        class Holder(nn.Module):
            def __init__(self):
                super().__init__()
                self.inner = D()
                self.inner = torch.compile(self.inner)

        class NotCompiled(nn.Module):
            def forward(self, x):
                print("not compiled")

        model = A()
        compiled = torch.compile(model)

        def main(device):
            b = B().to(device).eval()
            b.compile()
            torch.compile(C(), mode="max-autotune")
    """, assume_forward_compiled=False)
    assert set(found) == {"A", "B", "C", "D"}


def test_compiling_a_method_compiles_it_and_what_it_calls(tmp_path):
    found = single(tmp_path, """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.step = torch.compile(self.helper)

            def helper(self, x):
                print("helper")
                return self.inner(x)

            def inner(self, x):
                print("inner")

        model = Net()
        model.forward = torch.compile(model.forward)

        class Other(nn.Module):
            def forward(self, x):
                print("other forward")
    """, assume_forward_compiled=False)
    assert set(found) == {"helper", "inner"}


def test_forward_is_assumed_compiled_unless_configured_off(tmp_path):
    text = """
        from torch import nn
        import torch

        class Base(nn.Module):
            pass

        class Net(Base):
            def __init__(self):
                super().__init__()
                print("init")

            def forward(self, x):
                print("forward")

        class NotAModule:
            def forward(self, x):
                print("plain class")
    """
    found = single(tmp_path, text)
    assert set(found) == {"forward"}
    assert found["forward"].confidence == "assumed"
    assert found["forward"].entry == "forward of nn.Module subclass Net"
    assert single(tmp_path, text, assume_forward_compiled=False) == {}



def test_a_module_that_overrides_call_runs_it_whenever_it_is_called(tmp_path):
    """gpytorch's Module and ExactGP override `__call__` (dynamo traces it before forward): it is compiled as
    forward is, both as an assumed entry and where a compiled module calls an instance."""
    found = single(tmp_path, """
        from torch import nn
        import torch

        class Base(nn.Module):
            def __call__(self, *inputs):
                print("module call")
                return self.forward(*inputs)

        class Model(Base):
            def forward(self, x):
                return x

        class Plain:
            def __call__(self, x):
                print("plain call")

        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                self.inner = Model()

            def forward(self, x):
                return self.inner(x)

        torch.compile(Outer())
    """)
    assert set(found) == {"module call"}
    assert found["module call"].confidence == "certain"  # reached from the compiled Outer, not only assumed
    assert single(tmp_path, "from torch import nn\n\nclass Base(nn.Module):\n    def __call__(self, x):\n"
                            "        print(\"assumed\")\n")["assumed"].entry == "__call__ of nn.Module subclass Base"


def test_a_method_of_each_element_of_a_module_container_is_reached(tmp_path):
    """ema-pytorch's PostHocEMA.update: `for ema_model in self.ema_models: ema_model.update()`."""
    found = single(tmp_path, """
        from torch import nn
        import torch

        class Karras(nn.Module):
            def update(self):
                print("element method")

            def reset(self):
                print("never called")

        class PostHoc(nn.Module):
            def __init__(self):
                super().__init__()
                self.emas = nn.ModuleList([Karras() for _ in range(2)])

            def update(self):
                for ema in self.emas:
                    ema.update()

        torch.compile(PostHoc().update)
    """)
    assert set(found) == {"element method"}


def test_subclasses_of_torch_nn_private_bases_are_modules(tmp_path):
    """monai's losses subclass `torch.nn.modules.loss._Loss`: their forward is compiled like any module's."""
    found = single(tmp_path, """
        from torch.nn.modules.loss import _Loss, _WeightedLoss
        import torch.nn.modules.batchnorm as bn

        class Dice(_Loss):
            def forward(self, x, y):
                print("loss")

        class Weighted(_WeightedLoss):
            def forward(self, x, y):
                print("weighted")

        class Norm(bn._BatchNorm):
            def forward(self, x):
                print("norm")

        class _Helper:
            def forward(self, x):
                print("plain")
    """)
    assert set(found) == {"loss", "weighted", "norm"}

def test_compiled_roots_from_the_configuration(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/steps.py": """
            def train_step(x):
                print("train_step")

            def eval_step(x):
                print("eval_step")

            class Runner:
                def run(self, x):
                    print("Runner.run")
        """,
    }
    found = compiled(tmp_path, files, compiled_roots=("pkg.steps:train_*", "pkg.steps.Runner.run"))
    assert set(found) == {"train_step", "Runner.run"}
    assert found["train_step"].entry == "compiled-roots in the configuration"
    assert found["train_step"].confidence == "certain"


def test_a_folder_without_init_inside_a_package_is_a_namespace_subpackage(tmp_path):
    # graph-pes' graph_pes/utils/ has no __init__.py: `from graph_pes.utils.misc import differentiate` still
    # imports graph_pes/utils/misc.py, so what predict calls there is compiled
    files = {
        "pkg/__init__.py": "",
        "pkg/utils/misc.py": """
            def differentiate(y, x):
                print("differentiate")
        """,
        "pkg/model.py": """
            from pkg.utils.misc import differentiate

            def predict(graph):
                return differentiate(graph.sum(), graph)
        """,
    }
    found = compiled(tmp_path, files, compiled_roots=("pkg.model:predict",))
    assert set(found) == {"differentiate"}
    assert linter.module_name(tmp_path / "pkg" / "utils" / "misc.py") == ("pkg.utils.misc", False)


def test_folders_without_init_nested_inside_a_package_are_namespace_subpackages(tmp_path):
    # facenet-pytorch's facenet_pytorch/models/ and models/utils/ have no __init__.py: the roots name
    # `facenet_pytorch.models.utils.detect_face:*`, and models/mtcnn.py imports `.utils.detect_face`
    files = {
        "pkg/__init__.py": "",
        "pkg/models/utils/detect.py": """
            def generate_boxes(probs):
                print("generate_boxes")

            def unused(probs):
                print("unused")
        """,
        "pkg/models/cascade.py": """
            from .utils.detect import generate_boxes

            def detect(probs):
                return generate_boxes(probs)
        """,
    }
    assert set(compiled(tmp_path, files, compiled_roots=("pkg.models.cascade:detect",))) == {"generate_boxes"}
    assert set(compiled(tmp_path, files, compiled_roots=("pkg.models.utils.detect:*",))) == {"generate_boxes", "unused"}
    assert linter.module_name(tmp_path / "pkg" / "models" / "utils" / "detect.py") == ("pkg.models.utils.detect", False)


def test_a_top_folder_without_init_that_its_code_imports_by_name_is_a_namespace_package(tmp_path):
    # rau has no rau/__init__.py, its subpackages have one, and rau/generation/beam_search.py imports
    # `from rau.unidirectional import ...`: its modules are rau.*, as the roots and the imports spell them
    files = {
        "ns/generation/__init__.py": "from .search import search\n",
        "ns/generation/search.py": """
            from ns.steps import backtrack

            def search(scores):
                return backtrack(scores)
        """,
        "ns/steps.py": """
            def backtrack(scores):
                print("backtrack")
        """,
    }
    assert set(compiled(tmp_path, files, compiled_roots=("ns.generation.search:search",))) == {"backtrack"}
    assert linter.module_name(tmp_path / "ns" / "generation" / "search.py") == ("ns.generation.search", False)


def test_an_unreadable_file_beside_a_namespace_folder_only_leaves_it_unread(tmp_path, monkeypatch):
    # the folder's files are read to see whether it imports itself by name: one that cannot be read (permissions)
    # is skipped there, not a traceback; its own lint reports it
    files = {"ns/steps.py": "", "ns/secret.py": "from ns.secret import go\n", "ns/run.py": "from ns.steps import go\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)

    def refuse_secret(path, *args, **kwargs):
        if Path(path).name == "secret.py":
            raise PermissionError(13, "Permission denied", str(path))
        return open(path, *args, **kwargs)

    monkeypatch.setattr(linter, "open", refuse_secret, raising=False)
    assert linter._imported_by_name(tmp_path / "ns", 0) == {"steps"}
    assert linter.module_name(tmp_path / "ns" / "run.py") == ("ns.run", False)


def test_own_name_imports_in_dot_folders_make_no_namespace_package(tmp_path):
    # a site folder of installed packages (.packages-heldout42/) or a virtual environment (.venv/) under a checkout
    # is none of its code: `import lab.x` there does not make `lab` a namespace package, three folders down or one
    files = {"lab/model.py": "", "lab/x.py": "",
             "lab/.venv/lib/deep.py": "from lab.x import y\n", "lab/.cache.py": "from lab.x import y\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert linter.module_name(tmp_path / "lab" / "model.py") == ("model", False)
    (tmp_path / "lab" / "lib").mkdir()
    (tmp_path / "lab" / "lib" / "deep.py").write_text("from lab.x import y\n")
    linter._listing.cache_clear()
    linter._imported_by_name.cache_clear()
    linter._package_of.cache_clear()
    assert linter.module_name(tmp_path / "lab" / "model.py") == ("lab.model", False)


def test_a_checkout_folder_stays_out_of_module_names(tmp_path):
    # repo/pkg/__init__.py: pkg's code imports pkg, never repo.pkg; zoo/zoo/__init__.py: `zoo.ops` is the inner
    # package's module, though the checkout is named zoo too
    files = {"repo/pkg/__init__.py": "", "repo/pkg/model.py": "from pkg import helpers\n", "repo/setup.py": "",
             "zoo/zoo/__init__.py": "", "zoo/zoo/model.py": "from zoo.ops import scale\n", "zoo/zoo/ops.py": ""}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert linter.module_name(tmp_path / "repo" / "pkg" / "model.py") == ("pkg.model", False)
    assert linter.module_name(tmp_path / "zoo" / "zoo" / "model.py") == ("zoo.model", False)


# -- reach ----------------------------------------------------------------------------------------

def test_reach_through_methods_properties_partials_lambdas_and_nested_functions(tmp_path):
    found = single(tmp_path, """
        import functools
        import torch
        from torch.utils.checkpoint import checkpoint

        def by_partial(x, k):
            print("partial")

        def by_lambda(x):
            print("lambda")

        def by_checkpoint(x):
            print("checkpoint")

        def not_called(x):
            print("not called")

        class Model:
            @property
            def scale(self):
                print("property")
                return 2

            @staticmethod
            def static(x):
                print("static")

            @classmethod
            def build(cls, x):
                print("classmethod")
                return cls.static(x)

            def method(self, x):
                print("method")

            @torch.compile
            def run(self, x):
                def nested(y):
                    print("nested")
                    return y
                f = functools.partial(by_partial, k=2)
                g = lambda t: by_lambda(t)
                self.method(x)
                Model.build(x)
                h = checkpoint(by_checkpoint, x)
                return nested(f(g(x))) * self.scale
    """)
    assert set(found) == {"partial", "lambda", "checkpoint", "property", "static", "classmethod", "method", "nested"}
    assert found["static"].reached_via == ("Model.run", "Model.build")


def test_reach_through_submodules_containers_and_overrides(tmp_path):
    found = single(tmp_path, """
        import torch
        from torch import nn

        class Leaf(nn.Module):
            def forward(self, x):
                print("Leaf")

        class Looped(nn.Module):
            def forward(self, x):
                print("Looped")

        class Indexed(nn.Module):
            def forward(self, x):
                print("Indexed")

        class Sequenced(nn.Module):
            def forward(self, x):
                print("Sequenced")

        class Base(nn.Module):
            def forward(self, x):
                return self.mix(x)

            def mix(self, x):
                print("Base.mix")

        class Child(Base):
            def mix(self, x):
                print("Child.mix")

        class Top(nn.Module):
            def __init__(self):
                super().__init__()
                self.leaf = Leaf()
                self.blocks = nn.ModuleList([Looped() for _ in range(2)])
                self.layers = nn.ModuleList()
                self.layers.append(Indexed())
                stages = []
                stages.append(Sequenced())
                self.body = nn.Sequential(*stages)
                self.child = Child()

            def forward(self, x):
                x = self.leaf(x)
                for i, blk in enumerate(self.blocks):
                    x = blk(x)
                x = self.layers[0](x)
                return self.child(self.body(x))

        compiled = torch.compile(Top())
    """, assume_forward_compiled=False)
    assert set(found) == {"Leaf", "Looped", "Indexed", "Sequenced", "Base.mix", "Child.mix"}


def test_reach_across_files_relative_absolute_aliased_and_reexported():
    found = probes(sorted(ZOO.rglob("*.py")), Config(root=ZOO))
    assert set(found) == {"Block.forward", "Residual.forward", "Net.forward", "ops.scale", "ops.shift",
                          "Unused.forward", "ops.unused"}
    for label in ("Net.forward", "Block.forward", "Residual.forward", "ops.scale", "ops.shift"):
        assert found[label].entry.endswith("zoo/train.py:8"), label
        assert found[label].confidence == "certain", label
    assert found["ops.scale"].reached_via == ("Net.forward", "Block.forward")
    assert found["ops.unused"].confidence == "assumed"


def test_linting_some_files_reads_the_project_files_they_import():
    # pre-commit passes only the changed files: model.py imports zoo (-> blocks) and zoo.ops
    found = probes([ZOO / "zoo" / "model.py", ZOO / "zoo" / "ops.py"], Config(root=ZOO))
    # train.py (the torch.compile call) imports model.py but is not read: forward stays assumed
    assert set(found) == {"Net.forward", "Unused.forward", "ops.scale", "ops.shift", "ops.unused"}
    assert found["ops.shift"].reached_via == ("Block.forward",)  # Block.forward is an (assumed) entry itself
    assert found["ops.shift"].confidence == "assumed"


def test_an_imported_file_libcst_cannot_parse_keeps_its_index_facts(monkeypatch):
    # CPython's parser read zoo/blocks.py, libcst fails on it: the run ends, without the calls only libcst sees
    parse_and_lint = linter.parse_and_lint

    def failing(source, *args):
        result = parse_and_lint(source, *args)
        if source.path.endswith("blocks.py"):
            result.error = ("CL901", "cannot parse", 1, 1)
        return result

    monkeypatch.setattr(linter, "parse_and_lint", failing)
    found = probes([ZOO / "zoo" / "model.py", ZOO / "zoo" / "ops.py"], Config(root=ZOO))
    assert set(found) == {"Net.forward", "Unused.forward", "ops.unused"}


def test_linting_some_files_follows_what_imported_compiled_code_calls_back(tmp_path):
    # the imported files are read cheaply (no call records) unless the run needs their calls: here a base
    # class's forward calls the linted subclass's override, and a module the linted one imports calls it back
    files = {
        "pkg/__init__.py": "",
        "pkg/base.py": """
            import torch

            class Base(torch.nn.Module):
                def forward(self, x):
                    return self.mine(x)
        """,
        "pkg/hub.py": """
            import torch

            class Hub(torch.nn.Module):
                def forward(self, x):
                    from pkg.miner import normalize
                    return normalize(x)
        """,
        "pkg/miner.py": """
            from pkg.base import Base
            from pkg.hub import Hub

            def normalize(x):
                print("normalize")
                return x

            class Miner(Base):
                def mine(self, x):
                    print("mine")
                    return x
        """,
    }
    found = compiled(tmp_path, files, lint=["pkg/miner.py"])
    assert set(found) == {"mine", "normalize"}
    assert found["mine"].reached_via == ("Base.forward",)
    assert found["normalize"].reached_via == ("Hub.forward",)


def test_files_outside_the_project_root_are_not_read(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/helpers.py": """
            def helper(x):
                print("helper")
        """,
        "pkg/sub/__init__.py": "",
        "pkg/sub/model.py": """
            import torch
            from pkg.helpers import helper

            @torch.compile
            def run(x):
                print("run")
                return helper(x)
        """,
    }
    assert set(compiled(tmp_path, files, lint=["pkg/sub/model.py", "pkg/helpers.py"])) == {"run", "helper"}
    found = probes([tmp_path / "pkg/sub/model.py"], Config(root=tmp_path / "pkg" / "sub"))
    assert set(found) == {"run"}


# -- holes ----------------------------------------------------------------------------------------

def test_disabled_functions_and_what_only_they_call_are_not_compiled(tmp_path):
    found = single(tmp_path, """
        import torch
        import torch._dynamo

        def only_from_disabled(x):
            print("only from disabled")

        def from_frame_disabled(x):
            print("from frame-disabled")

        @torch.compiler.disable
        def off(x):
            print("off")
            return only_from_disabled(x)

        @torch._dynamo.disable(recursive=False)
        def frame_off(x):
            print("frame off")
            return from_frame_disabled(x)

        eager_only = torch.compiler.disable(only_from_disabled)

        @torch.compile
        def run(x):
            return off(x) + frame_off(x) + eager_only(x)
    """)
    assert set(found) == {"from frame-disabled"}


def test_a_method_reached_by_its_name_alone_does_not_reach_further_methods_by_name(tmp_path):
    found = single(tmp_path, """
        import torch

        class Solver:
            def __init__(self, stepper):
                self.stepper = stepper

            def advance_state(self, x):
                print("one guess")
                self.stepper.integrate_once(x)
                return self.finish_state(x)

            def finish_state(self, x):
                print("called by the guessed method")
                return x

        class Stepper:
            def integrate_once(self, x):
                print("two guesses")
                return x

        class Model(torch.nn.Module):
            def __init__(self, solver):
                super().__init__()
                self.solver = solver

            def forward(self, x):
                return self.solver.advance_state(x)
    """)
    assert set(found) == {"one guess", "called by the guessed method"}


def test_linting_torch_itself_does_not_reach_into_its_compile_and_disable_functions(tmp_path):
    found = compiled(tmp_path, {
        "torch/__init__.py": """
            from torch._dynamo.eval_frame import optimize

            def compile(model):
                print("compile body")
                return optimize(model)

            def helper(x):
                print("helper")
        """,
        "torch/_dynamo/__init__.py": "",
        "torch/_dynamo/eval_frame.py": """
            class OptimizeContext:
                def __call__(self, fn):
                    print("context call")
                    return fn

            def optimize(model):
                print("optimize body")
                return OptimizeContext()
        """,
        "torch/nn/attention.py": """
            import torch

            def mask(x):
                torch.helper(x)
                return torch.compile(x)(x)

            compiled_mask = torch.compile(mask)
        """,
    })
    assert set(found) == {"helper"}


def test_guarded_branches_and_code_after_a_guarded_return_are_not_compiled(tmp_path):
    found = single(tmp_path, """
        import torch

        def eager_helper(x):
            print("eager helper")

        @torch.compile
        def a(x):
            if not torch.compiler.is_compiling():
                print("a: eager branch")
                eager_helper(x)
            print("a: compiled")

        @torch.compile
        def b(x):
            if torch.compiler.is_compiling():
                return x * 2
            print("b: after a compiled return")

        @torch.compile
        def c(x):
            if not torch._dynamo.is_compiling():
                return x
            print("c: the compiled path")

        @torch.compile
        def d(x):
            if torch.jit.is_scripting():
                print("d: scripting only")
            else:
                print("d: compiled")
    """)
    assert set(found) == {"a: compiled", "c: the compiled path", "d: compiled"}


# -- CL141: the call of a disabled function is the break ----------------------------------------------

def cl141(targets, config):
    return sorted((Path(f.path).name, f.start.row, f.gb_types[:1]) for f in lint_paths(targets, ["CL141"], config))


def test_a_disabled_function_in_another_file_is_flagged_at_the_call_site():
    found = cl141(sorted(ZOO.rglob("*.py")), Config(root=ZOO))
    assert found == [("blocks.py", 20, ("GB0098",))]  # return self.shift(ops.log_stats(x))
    # linting blocks.py alone still knows that ops.log_stats is disabled (ops.py is read for its facts)
    assert cl141([ZOO / "zoo" / "blocks.py"], Config(root=ZOO)) == found


def test_calls_of_disabled_functions_only_count_in_compiled_code(tmp_path):
    (tmp_path / "model.py").write_text(textwrap.dedent("""
        import torch
        from torch import nn

        @torch.compiler.disable
        def off(x):
            return x

        def on(x):
            return x

        class Base(nn.Module):
            @torch.compiler.disable
            def hook(self, x):
                return x

        class Net(Base):
            def __init__(self):
                super().__init__()
                off(torch.zeros(1))

            def forward(self, x):
                @torch.compiler.disable
                def local(y):
                    return y
                x = on(x)
                x = self.hook(x)
                x = local(x)
                x = torch.compiler.disable(on)(x)
                if not torch.compiler.is_compiling():
                    off(x)
                return off(x)

        def eager_loop(x):
            return off(x)
    """), encoding="utf-8")
    found = cl141([tmp_path / "model.py"], Config(root=tmp_path))
    # the nested def's decorator runs in compiled code: `torch.compiler.disable` itself is skipped there (GB0007)
    assert found == [("model.py", 23, ("GB0007",)), ("model.py", 27, ("GB0099",)), ("model.py", 28, ("GB0098",)),
                     ("model.py", 29, ("GB0098",)), ("model.py", 32, ("GB0098",))]


def test_compiling_the_result_of_a_factory_function_does_not_compile_the_factory(tmp_path):
    path = tmp_path / "factory.py"
    path.write_text(textwrap.dedent("""\
        import torch


        def build(factory):
            torch.manual_seed(0)
            print("building")
            return factory()


        def run(factory, x):
            obj = build(factory)
            compiled = torch.compile(obj)
            return compiled(x), torch.compile(build(factory))(x)
        """))
    assert lint_paths([path], config=Config(root=tmp_path)) == []


def test_reach_resolves_the_calls_of_each_function_once_per_project(tmp_path, monkeypatch):
    from compilelint.linter import parse_and_lint, read_source
    from compilelint.regions import ProjectRegions

    source = textwrap.dedent("""
        def leaf(x):
            return x

        def middle(x):
            return leaf(x)

        def top(x):
            return middle(x) + leaf(x)
    """)
    path = tmp_path / "m.py"
    path.write_text(source)
    regions = ProjectRegions([parse_and_lint(read_source(path, "m.py")[0], "m", False, ()).facts])
    resolved = []
    original = regions.resolve_call
    monkeypatch.setattr(regions, "resolve_call", lambda path, fn, record: resolved.append(record) or original(path, fn, record))
    first = regions.reach([("m.py", "top")])
    calls_of_the_first_reach = len(resolved)
    assert regions.reach([("m.py", "top")]) == regions.reach([("m.py", "middle"), ("m.py", "top")]) == first
    assert first == {("m.py", "top"), ("m.py", "middle"), ("m.py", "leaf")}
    assert calls_of_the_first_reach == 3 and len(resolved) == 3  # (CL158 asks reach for every made object)


def test_a_namespace_package_that_spells_its_name_only_in_deeper_subpackages_is_one(tmp_path):
    # bionemo/ has no __init__.py, bionemo/moco/__init__.py imports relatively, and only the modules under
    # bionemo/moco/schedules/ spell `from bionemo.moco...`: its modules are bionemo.moco.*, as the roots spell them
    files = {
        "ns/moco/__init__.py": "from .schedules.utils import direction\n",
        "ns/moco/schedules/__init__.py": "",
        "ns/moco/schedules/utils.py": "direction = 1\n",
        "ns/moco/schedules/noise.py": """
            from ns.moco.schedules.utils import direction

            def sigma(t):
                return report(t)

            def report(t):
                print("sigma")
        """,
    }
    assert set(compiled(tmp_path, files, compiled_roots=("ns.moco.schedules.noise:sigma",))) == {"sigma"}
    assert linter.module_name(tmp_path / "ns" / "moco" / "schedules" / "noise.py") == ("ns.moco.schedules.noise", False)
