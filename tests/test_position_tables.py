"""CL114 on the positions of nonzero elements walked and used to index a tensor (`for idx in np.argwhere(m)[:, 0]:
order_mask[idx] = 1.`, `for i in torch.nonzero(m)[:, 0]`, `torch.where(m)[0]`, `m.nonzero(as_tuple=True)[0]`), and
on a position computed before an `if` used in its `else` when the body breaks (the break is not on that path).
Missed blind in held-out group 73 (ProteinMPNN's `conditional_probs`, GB0033); proven under dynamo in
tests/dynamo_cases/position_tables.py."""

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

TABLES = REPO / "tests" / "dynamo_cases" / "position_tables.py"
NUMPY = "import numpy as np\nimport torch\nfrom torch import nn\n"


def test_walked_positions_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([TABLES]))
    assert found == sorted(expected_lines(TABLES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[TABLES.resolve()], TABLES)


def test_a_column_of_numpy_argwhere_walked_indexes_by_a_position(tmp_path):
    body = """\
    def forward(self, h, chain_M):
        chain_M_np = chain_M.cpu().numpy()
        idx_to_loop = np.argwhere(chain_M_np[0, :] == 1)[:, 0]
        for idx in idx_to_loop:
            order_mask = torch.zeros(h.shape[1])
            order_mask[idx] = 1.
            h = h * order_mask
        return h
    """
    assert class_body_codes(tmp_path, body, ["CL114"], imports=NUMPY, rows=True) == [(12, "CL114")]


def test_items_of_where_and_nonzero_as_tuple_are_positions(tmp_path):
    body = """\
    def forward(self, x, m):
        out = torch.zeros(x.shape[0])
        picked = torch.where(m)[0]
        for i in picked:
            out[i] = 1.
        rows = m.nonzero(as_tuple=True)[0]
        for j in rows:
            out[j] = 2.
        return out
    """
    assert class_body_codes(tmp_path, body, ["CL114"], rows=True) == [(10, "CL114")]  # the frame is gone after it


def test_the_else_of_an_if_whose_body_breaks_still_indexes_by_the_position(tmp_path):
    body = """\
    def forward(self, h, m, backbone_only: bool):
        picked = torch.nonzero(m)[:, 0]
        for idx in picked:
            if backbone_only:
                order_mask = torch.ones(h.shape[1])
                order_mask[idx] = 0.
            else:
                order_mask = torch.zeros(h.shape[1])
                order_mask[idx] = 1.
            h = h * order_mask
        return h
    """
    assert class_body_codes(tmp_path, body, ["CL114"], rows=True) == [(11, "CL114"), (14, "CL114")]


def test_after_the_if_a_break_on_either_path_counts_again(tmp_path):
    body = """\
    def forward(self, x, flag: bool):
        i = x.argmax()
        if flag:
            y = x[i] + 1
        else:
            y = x * 2
        return y + x[i]
    """
    assert class_body_codes(tmp_path, body, ["CL114"], rows=True) == [(9, "CL114")]


def test_rows_of_the_table_positions_used_whole_and_where_choosing_values_are_not_positions(tmp_path):
    body = """\
    def forward(self, x, m):
        out = torch.zeros_like(x)
        for row in torch.nonzero(m):
            out[row] = 1.
        for row in torch.argwhere(m)[1:]:
            out[row] = 2.
        picked = torch.nonzero(m)[:, 0]
        chosen = torch.where(m > 0, x, -x)[0]
        for v in chosen:
            out[v] = 3.
        return out + x[picked]
    """
    assert class_body_codes(tmp_path, body, ["CL114"]) == []
