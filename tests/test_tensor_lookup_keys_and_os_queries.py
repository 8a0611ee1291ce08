"""CL148 on sort keys that look each item up in a tensor (`key=scores.__getitem__`, `key=lambda i: scores[i]`:
GB0207) and CL153 on `os`'s process queries (`os.getpid()`, C functions of posix: GB0007), proven by the rules'
bad/good examples under dynamo (rules/CL148-sorted-tensors, rules/CL153-c-extension-call;
b26_timm_token_rank_sorted_getitem_key, b26_timm_bias_cache_pid_key)."""

from __future__ import annotations

from tests.helpers import lint_class_body, lint_text

ROW = 6  # the body's first line (lint_class_body)


def test_lookups_in_a_tensor_are_flagged_and_lookups_in_python_containers_are_not(tmp_path):
    body = """\
def forward(self, x, scores):
    a = sorted(range(3), key=scores.__getitem__)
    b = sorted(range(3), key=lambda i: scores[i])
    c = sorted(range(3), key=self.prior.__getitem__)
    d = sorted(range(3), key=lambda i: self.prior[i])
    e = sorted(range(3), key={0: 2, 1: 0, 2: 1}.__getitem__)
    f = sorted(range(3), key=lambda i: -i)
    return x[a + b + c + d + e + f]
"""
    init = """\
def __init__(self):
    super().__init__()
    self.prior = [0.3, 0.1, 0.2]
"""
    found = sorted(f.start.row - ROW - 4 for f in lint_class_body(tmp_path, init + "\n" + body, codes=["CL148"]))
    assert found == [1, 2]


def test_os_process_queries_are_flagged_by_any_spelling_and_os_python_layer_is_not(tmp_path):
    text = """import os
from os import getpid as pid

import torch
from torch import nn


class Worker:
    def getpid(self):
        return 0


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.worker = Worker()
        self.owner = os.getpid()

    def forward(self, x):
        a = pid()
        b = os.cpu_count()
        c = self.worker.getpid()
        d = os.getenv("RANK", "0")
        e = os.path.join("a", "b")
        return x * (a + b + c + len(d) + len(e) + self.owner)
"""
    assert sorted(f.start.row for f in lint_text(tmp_path, text, codes=["CL153"])) == [20, 21]
