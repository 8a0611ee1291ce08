"""Compile call sites, dynamo configuration and the training loop: spellings and what must stay quiet."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text


def rows(tmp_path, body: str, prefix: str):
    text = "import torch\nfrom torch import nn\n" + textwrap.dedent(body)
    return sorted((f.start.row - 2, f.code) for f in lint_text(tmp_path, text) if f.code.startswith(prefix))


def test_discarded_compile_anywhere_but_kept_results_are_fine(tmp_path):
    found = rows(tmp_path, """
        model = nn.Linear(2, 2)
        torch.compile(model)
        fast = torch.compile(model)
        def setup(m):
            torch.compile(m, mode="max-autotune")
            m.compile()
            return torch.compile(m)
        """, "CL301")
    assert found == [(3, "CL301"), (6, "CL301")]


def test_original_called_only_while_paired(tmp_path):
    found = rows(tmp_path, """
        def run(model, x):
            fast = torch.compile(model)
            y = fast(x)
            z = model(x)
            model = nn.Linear(2, 2)
            return model(y + z)
        def rebound(model, x):
            model = torch.compile(model)
            return model(x)
        """, "CL302")
    assert found == [(5, "CL302")]


def test_recompile_limit_raised_by_assignment_or_patch(tmp_path):
    found = rows(tmp_path, """
        import torch._dynamo.config as dc
        dc.cache_size_limit = 256
        torch._dynamo.config.recompile_limit = 16
        @torch._dynamo.config.patch(recompile_limit=100)
        def f(x):
            return x
        """, "CL303")
    assert found == [(3, "CL303"), (5, "CL303")]


def test_host_sync_only_in_training_loops(tmp_path):
    found = rows(tmp_path, """
        def train(model, opt, batches):
            for x in batches:
                loss = model(x).mean()
                loss.backward()
                opt.step()
                value = loss.item()
                rows = x.tolist()
            return loss.item()
        def evaluate(model, batches):
            return [model(x).mean().item() for x in batches] + [x.cpu() for x in batches]
        """, "CL401")
    assert found == [(7, "CL401"), (8, "CL401")]
