"""Graph-level features spread back over the nodes through a batch holder of another file, named by an imported
class (`batch: NodeBatch`) and by a string annotation inside Optional (`Optional['WeightedNodeBatch']`): its node
counts are tensors its constructor stores, so `repeat_interleave` by them has a data-dependent length; beside the
same spread given its total, a spread by the holder's int repeat factor, and an offset lookup, which compile. The same
through a NamedTuple batch of another file whose node counts are a field declared `torch.Tensor` (the net force of
each system removed from its atoms' forces), beside a spread by its int field."""
from typing import Optional

import torch
from torch import nn

from crossfile_quiet_node_batch import AtomGraphs, MeanReadout, NodeBatch, WeightedNodeBatch


def spread(graphs: torch.Tensor, batch: NodeBatch) -> torch.Tensor:
    return graphs.repeat_interleave(batch.node_sizes, dim=0)  # expect: CL121


def spread_known(graphs: torch.Tensor, batch: NodeBatch, total: int) -> torch.Tensor:
    doubled = graphs.repeat_interleave(batch.repeats, dim=0)
    return graphs.repeat_interleave(batch.node_sizes, dim=0, output_size=total) + doubled.mean(0)


def remove_net_force(forces: torch.Tensor, batch: AtomGraphs) -> torch.Tensor:
    means = torch.zeros(batch.n_node.shape[0], 3).index_add_(0, batch.graph_of_node, forces) / batch.n_node[:, None]
    copied = torch.repeat_interleave(means, batch.copies, dim=0).mean(0)
    return forces - torch.repeat_interleave(means, batch.n_node, dim=0) + copied  # expect: CL121


class GraphUpdate(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.readout = MeanReadout()
        self.update = nn.Linear(2 * dim, dim)

    def forward(self, nodes: torch.Tensor, batch: NodeBatch, weighted: Optional['WeightedNodeBatch'] = None):
        graphs = self.readout(nodes, batch)
        nodes = self.update(torch.cat((nodes, spread(graphs, batch)), 1))
        first = nodes.index_select(0, batch.offsets)
        if weighted is not None:
            scaled = graphs * weighted.graph_weights[:, None]
            nodes = nodes + scaled.repeat_interleave(weighted.node_sizes, dim=0)  # expect: CL121
        forces = remove_net_force(nodes[:, :3], AtomGraphs(torch.tensor([0, 0, 1, 1, 1]), batch.node_sizes, 2))
        return nodes + spread_known(graphs, batch, nodes.shape[0]), first, forces


def example():
    return GraphUpdate(), (torch.randn(5, 4), NodeBatch([2, 3]), WeightedNodeBatch([2, 3]))
