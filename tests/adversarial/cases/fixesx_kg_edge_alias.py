"""A PyTorch-BigGraph edge list (held-out group 86, `torchbiggraph/edgelist.py`): the relation type is annotated with
`LongTensorType`, an alias of `torch.Tensor` imported from the library's types module, and read back as a Python int
when it is a scalar; `int()` of the tensor is `.item()` (GB0124). The width, annotated with an alias of `int`, is a
plain number (fixesx write-up)."""
import torch

from fixesx_kg_types import FloatTensorType, LongTensorType, Side


class EdgeList:
    def __init__(self, lhs: FloatTensorType, rel: LongTensorType, width: Side):
        self.lhs = lhs
        self.rel = rel
        self.width = width

    def relation_type(self) -> int:
        if self.rel.dim() != 0:
            raise RuntimeError("the relation is not a scalar")
        return int(self.rel)  # expect: CL111

    def lhs_width(self) -> int:
        return int(self.width)


def score(edges: EdgeList):
    return edges.lhs * edges.relation_type() + edges.lhs_width()


compiled_score = torch.compile(score)


def example():
    return compiled_score, (EdgeList(torch.randn(3), torch.tensor(2), 3),)
