"""`requires_grad_()` on a field of a data record handed in (a batch's positions, to take forces by autograd): the
record comes from the data, so its tensors arrive without grad and turning the flag on in compiled code breaks
(GB8985 on 2.13). The field is an attribute or a keyed item of a parameter (`graph.R`, `data.pos`,
`data[POSITIONS]`, `batch["pos"]`), an item of a mapping field of a record class's own instance
(`self.node_features["positions"]`), or a local bound to one (graph-pes, nequip, orb-models, curator, xnn)."""
from typing import Dict, NamedTuple

import torch
from torch import nn

POSITIONS = "pos"


class Graph(NamedTuple):
    R: torch.Tensor
    node_features: Dict[str, torch.Tensor]

    def positions_with_grad(self):
        positions = self.node_features["positions"]
        positions.requires_grad_(True)  # expect: CL146
        return positions * 2


class Energy(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 1)

    def forward(self, graph, batch, data):
        graph.R.requires_grad_(True)  # expect: CL146
        batch["pos"].requires_grad_()  # expect: CL146
        pos = data[POSITIONS]
        pos.requires_grad_(True)  # expect: CL146
        h = self.lin(graph.R).requires_grad_()  # an activation: already requires grad, a no-op that compiles
        return (h.sum() + self.lin(batch["pos"]).sum() + self.lin(pos).sum()
                + self.lin(graph.positions_with_grad()).sum())


def example():
    graph = Graph(torch.randn(4, 3), {"positions": torch.randn(4, 3)})
    return Energy(), (graph, {"pos": torch.randn(4, 3)}, {"pos": torch.randn(4, 3)})
