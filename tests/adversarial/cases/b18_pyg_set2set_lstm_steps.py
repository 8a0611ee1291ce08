"""Set2Set readout: a fixed number of processing steps, each feeding the query through an nn.LSTM and attending
over the nodes of each graph."""
import torch
from torch import nn

from b18_pyg_utils import scatter_sum


class Set2Set(nn.Module):
    def __init__(self, in_channels=4, processing_steps=2):
        super().__init__()
        self.in_channels = in_channels
        self.out_channels = 2 * in_channels
        self.processing_steps = processing_steps
        self.lstm = nn.LSTM(self.out_channels, in_channels, batch_first=False)

    def forward(self, x, batch, dim_size: int = 2):
        h = (x.new_zeros((1, dim_size, self.in_channels)), x.new_zeros((1, dim_size, self.in_channels)))
        q_star = x.new_zeros(dim_size, self.out_channels)
        for _ in range(self.processing_steps):
            q, h = self.lstm(q_star.unsqueeze(0), h)  # expect: CL143
            q = q.view(dim_size, self.in_channels)
            e = (x * q[batch]).sum(dim=-1, keepdim=True)
            a = (e - e.max()).exp()
            a = a / scatter_sum(a, batch, dim_size)[batch]
            r = scatter_sum(a * x, batch, dim_size)
            q_star = torch.cat([q, r], dim=-1)
        return q_star


def example():
    return Set2Set(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]))
