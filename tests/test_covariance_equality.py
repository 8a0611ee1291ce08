"""`torch.cov` / `torch.corrcoef` and their methods compare tensor data inside (aten.equal): GB0033 on every call
(rules/CL102-tensor-equality-as-bool/bad.py, proven under dynamo); the methods only on values known to be tensors."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text


def test_covariance_and_correlation_are_flagged_a_dataframe_cov_is_not(tmp_path):
    text = """\
        import pandas as pd
        import torch

        FRAME = pd.DataFrame({"a": [1.0, 2.0], "b": [0.5, 0.1]})

        @torch.compile
        def direction_loss(student, teacher):
            diff = torch.nn.functional.normalize(student, dim=1) - teacher
            cov = torch.cov(diff.t()) + 0.1 * torch.eye(diff.size(1))
            corr = diff.corrcoef()
            table = FRAME.cov()
            return torch.linalg.cholesky(cov).sum() + corr.sum(), table
    """
    found = sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))
    assert found == [(9, "CL102"), (10, "CL102")]
