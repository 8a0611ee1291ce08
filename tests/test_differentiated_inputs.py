"""CL146 on an input the same function differentiates with respect to (held-out group 82, torch-dftd's
`pos.requires_grad_(True)` then `forces = -pos.grad`): such an input arrives without grad, and turning it on breaks
(GB0125; `.requires_grad = True`, GB0206). An input only turned on, or whose graph is differentiated for the parameters
or for another input, stays unreported: arriving with grad, it compiles (measured on 2.13; the adversarial pair
fixesw_forces_of_input_positions.py / fixesw_quiet_input_turned_on.py runs both under dynamo)."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

FORCES = """\
    import torch
    from torch import nn


    class Energy(nn.Module):
        def forward(self, pos, cell):
            {turn}
            energy = (pos @ cell).pow(2).sum()
            {differentiate}
            return energy
"""


def _cl146(tmp_path, turn, differentiate):
    text = textwrap.dedent(FORCES).replace("{turn}", turn).replace("{differentiate}", differentiate)
    return [f.start.row for f in lint_text(tmp_path, text) if f.code == "CL146"]


def test_an_input_differentiated_with_respect_to_is_flagged(tmp_path):
    for turn in ("pos.requires_grad_(True)", "pos.requires_grad_()", "pos.requires_grad = True"):
        for differentiate in ("energy.backward(); forces = -pos.grad", "forces = torch.autograd.grad(energy, pos)",
                              "forces = torch.autograd.grad([energy], [pos, cell])",
                              "energy.backward(inputs=(pos,))"):
            assert _cl146(tmp_path, turn, differentiate) == [7], (turn, differentiate)


def test_an_input_only_turned_on_or_not_the_one_differentiated_is_not(tmp_path):
    for differentiate in ("pass", "energy.backward()", "forces = torch.autograd.grad(energy, cell)"):
        assert _cl146(tmp_path, "pos.requires_grad_(True)", differentiate) == [], differentiate


def test_a_rebound_input_or_turning_it_off_is_not_this_case(tmp_path):
    assert _cl146(tmp_path, "pos = pos * 1.0; pos.requires_grad_(True)", "forces = torch.autograd.grad(energy, pos)") \
        == []
    assert _cl146(tmp_path, "pos.requires_grad_(False)", "forces = torch.autograd.grad(energy, pos)") == []
