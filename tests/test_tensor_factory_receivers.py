"""CL124 on `new_zeros` / `new_ones` / `new_empty` / `new_full` of a receiver of unknown kind (a helper's parameter):
they are tensor methods only, so the receiver is a tensor and a tensor size breaks (GB0033, proven under dynamo by
rules/CL124-size-from-tensor/bad.py's `dense_scores` and the adversarial b16_pyg_topk_pool_dense_max_nodes.py);
Python sizes on the same receivers compile (kn_quiet_pyg_new_full_python_sizes.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

HELPERS = textwrap.dedent("""\
    import torch
    from torch import nn


    def dense(score, counts, rows: int):
        longest = (counts + 1).max()
        return score.new_full((rows * longest,), -1.0)


    def square(score, counts):
        return score.new_zeros(counts.sum(), 2)


    def padded(score, rows: int):
        return score.new_zeros(rows, score.size(-1))


    class Pool(nn.Module):
        def forward(self, x, counts):
            h = x.sum(1)
            return dense(h, counts, 3), square(h, counts), padded(h, 3)
    """)


def test_a_tensor_size_of_a_parameter_s_new_full_is_flagged_and_a_python_size_is_not(tmp_path):
    rows = [f.start.row for f in lint_text(tmp_path, HELPERS, codes=["CL124"])]
    assert rows == [7, 11]
