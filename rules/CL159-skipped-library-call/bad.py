import networkx as nx
import torch
from torch import nn
from torch.autograd import Variable
from torch.nn.utils.rnn import pack_padded_sequence
from torch.utils.checkpoint import checkpoint_sequential
from torch.utils.data import DataLoader, default_collate


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(8, 8)
        self.blocks = nn.Sequential(nn.Linear(8, 8), nn.GELU(), nn.Linear(8, 8))

    def forward(self, x):
        x = self.step(x)
        x = checkpoint_sequential(self.blocks, 2, x, use_reentrant=False)  # expect: CL159
        smoothed = Variable(x * 0.9, requires_grad=False)  # expect: CL159
        graph = nx.path_graph(3)  # expect: CL159
        hops = nx.shortest_path_length(graph, 0, 2)  # expect: CL159
        packed = pack_padded_sequence(x.unsqueeze(-1), torch.tensor([8, 5]), batch_first=True)  # expect: CL159
        threads = torch.get_num_threads()  # expect: CL159
        torch.set_num_threads(threads)  # expect: CL159
        # one class of torch.utils.data only: dynamo logs a second one's break as a duplicate, at its own polyfill's line
        loader = DataLoader([0, 1], batch_size=1)  # expect: CL159
        pair = default_collate([x, x])  # expect: CL159
        edges = torch.tensor([[0, 1], [1, 0]])
        degree = torch.sparse_coo_tensor(edges, torch.ones(2), (2, 2)).to_dense().sum()  # expect: CL159, CL167
        return self.step(x) * hops * threads + packed.data.sum() + pair.sum() + degree + smoothed.sum()


def example():
    return Router(), (torch.randn(2, 8),)
