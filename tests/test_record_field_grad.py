"""`requires_grad_()` on a field of a data record handed in breaks in compiled code (CL146): its tensors come from
the data, without grad (force fields' `pos.requires_grad_(True)`). Proven under dynamo in
tests/dynamo_cases/record_field_grad.py (held-out groups 8, 15, 22 and 37: graph-pes, orb-models, nequip, xnn,
curator)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

FIELDS = REPO / "tests" / "dynamo_cases" / "record_field_grad.py"


def test_record_fields_switched_on_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([FIELDS]))
    assert found == sorted(expected_lines(FIELDS))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[FIELDS.resolve()], FIELDS)


@pytest.mark.parametrize("signature, statement", [
    ("data", "data.pos.requires_grad_(True)"),
    ("data", "data.pos.requires_grad_()"),
    ("data", 'data["pos"].requires_grad_()'),
    ("data", 'pos = data["pos"]\n        pos.requires_grad_(True)'),
    ("data, key=None", "data[KEY].requires_grad_()"),
    ("data, key=None", "data[keys.POS].requires_grad_()"),
    ("graph: Graph", "graph.R.requires_grad_(True)"),
])
def test_a_field_of_a_record_parameter_switched_on_is_flagged(tmp_path, signature, statement):
    body = f"""
    def forward(self, x, {signature}):
        {statement}
        return x
    """
    assert class_body_codes(tmp_path, body, codes=["CL146"], imports="import torch\nfrom torch import nn\n"
                            "KEY = 'pos'\n") == ["CL146"]


@pytest.mark.parametrize("signature, statement", [
    # a position in a list of activations, a module's parameter, a tensor's attribute: not a record's field
    ("hs", "hs[-1].requires_grad_()"),
    ("hs", "for i in range(2):\n            hs[i].requires_grad_()"),
    ("layer: nn.Linear", "layer.weight.requires_grad_(True)"),
    ("t: torch.Tensor", "t.T.requires_grad_()"),
    ("data", "data.pos.requires_grad_(False)"),
    ("data", "data.pos.requires_grad_(flag)"),
    ("data", "data = self.lin(x)\n        data.out.requires_grad_()"),
    ("data, KEY", "data[KEY].requires_grad_()"),
])
def test_no_finding_where_no_record_field_is_switched_on(tmp_path, signature, statement):
    body = f"""
    def forward(self, x, {signature}, flag=True):
        {statement}
        return x
    """
    assert class_body_codes(tmp_path, body, codes=["CL146"], imports="import torch\nfrom torch import nn\n"
                            "KEY = 'pos'\n") == []


def test_a_mapping_of_a_module_is_not_a_record(tmp_path):
    """`self.params["w"]` of an nn.Module may be a ParameterDict's parameter, which requires grad already."""
    body = """
    params: Dict[str, torch.Tensor]

    def forward(self, x):
        self.params["w"].requires_grad_()
        return x
    """
    assert class_body_codes(tmp_path, body, codes=["CL146"],
                            imports="import torch\nfrom torch import nn\nfrom typing import Dict\n") == []
