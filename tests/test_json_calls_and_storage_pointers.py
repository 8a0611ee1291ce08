"""CL153 on `json`'s encoder and decoder (`json.dumps`, `loads`, `dump`, `load`: the C `_json` accelerators, GB0156 /
GB0007) and CL152's storage pattern (`t.untyped_storage().data_ptr()` compared: GB0156 on the storage's `data_ptr`),
proven by the rules' bad/good examples under dynamo (rules/CL153-c-extension-call, rules/CL152-data-ptr-comparison;
b27_hf_rope_cache_key_json_dumps, b27_hf_tied_weights_storage_ptr)."""

from __future__ import annotations

from tests.helpers import lint_text


def test_json_encoder_and_decoder_calls_are_flagged_by_any_spelling_and_outside_forward_are_not(tmp_path):
    text = """import json
from json import dumps as to_json

import torch
from torch import nn


class Codec:
    def dumps(self, obj):
        return str(obj)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = json.loads('{"factor": 2.0}')
        self.codec = Codec()

    def forward(self, x):
        a = json.dumps(self.cfg, sort_keys=True)
        b = to_json(self.cfg)
        c = json.loads(a)
        d = self.codec.dumps(self.cfg)
        e = json.JSONDecodeError
        return x * (len(a) + len(b) + c["factor"] + len(d) + (e is None))
"""
    assert sorted(f.start.row for f in lint_text(tmp_path, text, codes=["CL153"])) == [20, 21, 22]


def test_storage_pointer_comparisons_predict_the_storage_ids(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, y):
        a = x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()
        b = x.data_ptr() == y.data_ptr()
        c = x.storage().data_ptr() != y.data_ptr()
        d = x.untyped_storage().nbytes() == y.untyped_storage().nbytes()
        return x if a and b and c and d else y
"""
    found = {f.start.row: "GB0156" in " ".join(f.gb_types) for f in lint_text(tmp_path, text, codes=["CL152"])}
    assert found == {7: True, 8: False, 9: True}
