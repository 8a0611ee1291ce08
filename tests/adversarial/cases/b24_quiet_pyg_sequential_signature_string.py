"""A graph Sequential parses "x, edge_index -> x" signature strings in __init__ and, in forward, feeds each
module the named values it asks for from a dict."""
import torch
from torch import nn


class GraphConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, col, self.lin(x)[row])


class GraphSequential(nn.Module):
    def __init__(self, input_args, modules):
        super().__init__()
        self.input_args = [a.strip() for a in input_args.split(",")]
        self.mods = nn.ModuleList()
        self.signatures = []
        for module, desc in modules:
            ins, out = desc.split("->")
            self.mods.append(module)
            self.signatures.append(([a.strip() for a in ins.split(",")], out.strip()))

    def forward(self, *args):
        values = dict(zip(self.input_args, args))
        for module, (ins, out) in zip(self.mods, self.signatures):
            values[out] = module(*[values[name] for name in ins])
        return values[self.signatures[-1][1]]


def example():
    model = GraphSequential("x, edge_index", [(GraphConv(), "x, edge_index -> h"), (nn.ReLU(), "h -> h"),
                                              (GraphConv(), "h, edge_index -> out")])
    return model, (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]))
