"""CL111 on numpy data computed from a tensor (`p = t.cpu().numpy()` in compiled code, then `float(p[i])`): which
conversions are reported. bad.py proves the reported case under dynamo (2.13: GB0033). Shape numbers (`.shape`,
`len`) are static and `np.random` results are eager values after their own break (CL156), so neither is reported;
`float()` of an array built in the function (`np.array([...])`) breaks too (dynamo traces every ndarray it builds,
tests/dynamo_cases/numpy_arrays.py) and is reported; an array of unknown origin may be an eager value and is not."""

from __future__ import annotations

from tests.helpers import lint_text

SAMPLER = '''
import numpy as np
import torch.nn.functional as F
from torch import nn


class Sampler(nn.Module):
    def forward(self, logits, top_p: float = 0.5):
        probs = F.softmax(logits.float(), dim=-1)
        probs = probs.cpu().numpy()
        sorted_ids = np.argsort(probs)
        sorted_probs = probs[sorted_ids][::-1]
        cumulative_probs = np.cumsum(sorted_probs)
        cutoff = float(sorted_probs[np.argmax(cumulative_probs >= top_p)])  # reported
        top = int(np.argmax(probs))  # reported
        rows = int(probs.shape[0]) + int(len(probs))
        token = int(np.random.choice(a=len(probs), p=probs))
        table = np.array([1.0, 2.0])
        first = float(table[0])  # reported
        probs = [0.5]
        rebound = float(probs[0])
        return logits * cutoff + top + rows + token + first + rebound
'''


def test_conversions_of_a_tensors_numpy_data_are_reported_and_its_metadata_is_not(tmp_path):
    rows = [f.start.row for f in lint_text(tmp_path, SAMPLER, codes=["CL111"])]
    assert rows == [i + 1 for i, line in enumerate(SAMPLER.splitlines()) if line.endswith("# reported")]
