"""Heterogeneous message passing over dicts: ModuleDict keyed by node type, edge types unpacked from string
triples and joined into keys, `if edge_index.size(1) == 0: continue`, per-type lists summed: nothing breaks."""
import torch
from torch import nn


class HeteroConv(nn.Module):
    def __init__(self, node_types=("paper", "author"), dim=4):
        super().__init__()
        self.lins = nn.ModuleDict({t: nn.Linear(dim, dim) for t in node_types})
        self.rel = nn.ModuleDict({
            "author__writes__paper": nn.Linear(dim, dim),
            "paper__rev_writes__author": nn.Linear(dim, dim),
        })

    def forward(self, x_dict, edge_index_dict):
        out_dict = {node_type: [] for node_type in x_dict}
        for edge_type, edge_index in edge_index_dict.items():
            src, rel, dst = edge_type
            if edge_index.size(1) == 0:
                continue
            key = "__".join(edge_type)
            msg = self.rel[key](x_dict[src]).index_select(0, edge_index[0])
            out = torch.zeros_like(x_dict[dst]).index_add_(0, edge_index[1], msg)
            out_dict[dst].append(out)
        for node_type, outs in out_dict.items():
            if len(outs) == 0:
                out_dict[node_type] = self.lins[node_type](x_dict[node_type])
            else:
                out_dict[node_type] = torch.stack(outs, dim=0).sum(dim=0)
        return out_dict


def example():
    x_dict = {"paper": torch.randn(3, 4), "author": torch.randn(2, 4)}
    edge_index_dict = {
        ("author", "writes", "paper"): torch.tensor([[0, 1], [2, 0]]),
        ("paper", "rev_writes", "author"): torch.zeros(2, 0, dtype=torch.long),
    }
    return HeteroConv(), (x_dict, edge_index_dict)
