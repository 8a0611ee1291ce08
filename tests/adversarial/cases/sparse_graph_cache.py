"""A hypergraph object that builds its incidence matrix lazily and caches it in a dict (`self.cache["H"]`), read by a
compiled smoothing step (methods: a property of an object on the module is not reached). Once the dict holds a sparse
tensor, reading the dict breaks (GB0015 on 2.13: dynamo wraps the dict's values): a known miss, since whether it
holds one when read depends on the order of the calls (dhg's graphs). Building one with the COO constructor breaks
(GB0007, CL159), and the chained `.coalesce()` reads it in the resumed frame (GB0015). A dict of dense tensors cached
the same way compiles."""
import torch
from torch import nn


class Hypergraph:
    def __init__(self, num_v, edges):
        self.num_v = num_v
        self.edges = edges
        self.cache = {}
        self.dense_cache = {}

    def incidence(self):
        if self.cache.get("H") is None:  # known-miss: CL167
            rows = torch.tensor([v for e in self.edges for v in e])
            cols = torch.tensor([i for i, e in enumerate(self.edges) for _ in e])
            size = (self.num_v, len(self.edges))
            self.cache["H"] = torch.sparse_coo_tensor(  # expect: CL159
                torch.stack([rows, cols]), torch.ones(len(rows)), size).coalesce()  # expect: CL167
        return self.cache["H"]

    def degree(self):
        if "deg" not in self.dense_cache:
            self.dense_cache["deg"] = torch.ones(self.num_v)
        return self.dense_cache["deg"]


class Smoothing(nn.Module):
    def __init__(self, num_v, edges):
        super().__init__()
        self.graph = Hypergraph(num_v, edges)
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x) / self.graph.degree()[:, None]
        e = torch.sparse.mm(self.graph.incidence().t(), h)  # known-miss: CL167
        return torch.sparse.mm(self.graph.incidence(), e)


def example():
    from compilelint import Example

    x = torch.randn(5, 4)
    return Example(fn=Smoothing(5, [(0, 1, 2), (2, 3), (3, 4, 0)]), args=(x,), variants=[(x,)])
