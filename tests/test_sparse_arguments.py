"""CL167 on sparse arguments only a caller builds (held-out group 50's pygcn layers, 8's pykeen message passing, 27's
page rank): the sparse-matrix function a parameter feeds says it is sparse, and so does handing it to such a parameter
of a function of the same file. Proven under dynamo by tests/adversarial/cases/misses2_gcn_sparse_arguments.py and its
dense look-alikes misses2_quiet_dense_adjacency.py (the adversarial suite checks every marker)."""

import textwrap

from tests.helpers import REPO, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "adversarial" / "cases"


def rows(tmp_path, text):
    return sorted(f.start.row for f in lint_text(tmp_path, textwrap.dedent(text), codes=["CL167"]))


def test_the_adversarial_cases_are_flagged_on_exactly_their_marked_lines():
    for name in ("misses2_gcn_sparse_arguments.py", "misses2_quiet_dense_adjacency.py"):
        path = CASES / name
        assert sorted((f.start.row, f.code) for f in lint_paths([path], codes=["CL167"])) == \
            sorted(expected_lines(path))


def test_the_sparse_operand_of_a_sparse_matrix_function_is_sparse(tmp_path):
    assert rows(tmp_path, """\
        import torch
        from torch import nn

        class Layer(nn.Module):
            def forward(self, x, adj):
                h = x * 2
                return torch.spmm(adj, h)

        class Normalized(nn.Module):
            def forward(self, x, norm, b):
                n = norm.shape[0]
                return torch.sparse.addmm(b, norm, x) / n
        """) == [7, 11]  # the first read of `norm` is its shape, before the addmm that says it is sparse


def test_callers_that_hand_the_argument_down_read_it_too(tmp_path):
    assert rows(tmp_path, """\
        import torch
        from torch import nn

        def propagate(adj, h):
            return torch.sparse.mm(adj, h)

        class Conv(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(4, 4)

            def forward(self, x, adj):
                return propagate(adj, self.lin(x))

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = Conv()

            def encode(self, x, adj):
                return self.conv(x, adj=adj)

            def forward(self, x, adj):
                x = x.relu()
                return self.encode(x, adj)
        """) == [5, 13, 21, 25]


def test_code_that_takes_either_layout_says_nothing(tmp_path):
    assert rows(tmp_path, """\
        import torch
        from torch import nn

        def is_torch_sparse_tensor(src):
            return src.layout == torch.sparse_coo

        def dispatch(adj, x):
            if is_torch_sparse_tensor(adj):
                return torch.sparse.mm(adj, x)
            return adj @ x

        def tested(adj, x):
            if adj.is_sparse:
                adj = adj.coalesce()
            return torch.sparse.mm(adj, x)

        def rebound(adj, x):
            adj = adj / adj.sum(1, keepdim=True)
            return torch.spmm(adj, x)

        def typed(adj, x):
            y = torch.spmm(adj, x)
            return y if isinstance(adj, torch.Tensor) else x

        class Conv(nn.Module):
            def forward(self, x, adj):
                h = dispatch(adj, x) + tested(adj, x) + rebound(adj, x) + typed(adj, x)
                return torch.mm(adj, h)
        """) == []


def test_a_call_under_an_if_hands_nothing_down(tmp_path):
    assert rows(tmp_path, """\
        import torch
        from torch import nn

        def propagate(adj, h):
            return torch.spmm(adj, h)

        class Conv(nn.Module):
            def forward(self, x, adj, sparse: bool = False):
                h = x * 2
                if sparse:
                    h = propagate(adj, h)
                return h
        """) == [5]
