"""A relational GNN's global update over an encoded batch whose holder class lives in another file and is named by a
string annotation: each graph's embedding is spread over its nodes by the holder's sizes, a tensor its constructor
makes with `torch.LongTensor()` (`repeat_interleave` without `output_size`: a data-dependent length), beside the same
spread given its total, and the holder's `torch.FloatTensor` weights only scaled. An attribute of a parameter whose
class is another file's is looked up in that class through the project index (a known miss until session q;
h57_typed_tensor_holder has the same spread with the holder in one file)."""
import torch
from torch import nn

from h57_quiet_encoded_base import EncodedTensors, SumReadout, encode


class GlobalUpdate(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.readout = SumReadout()
        self.update = nn.Linear(2 * dim, dim)

    def forward(self, nodes: torch.Tensor, graph_of_node: torch.Tensor, encoded: 'EncodedTensors') -> torch.Tensor:
        graphs = self.readout(nodes, graph_of_node, 2)
        spread = graphs.repeat_interleave(encoded.node_sizes, dim=0)  # expect: CL121
        nodes = self.update(torch.cat((nodes, spread), 1)) * encoded.weights[:, None]
        total = graphs.repeat_interleave(encoded.node_sizes, dim=0, output_size=encoded.node_count)
        return nodes.index_select(0, encoded.object_indices) + total


def example():
    return GlobalUpdate(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]), encode([2, 3]))
