"""Device and copy calls that sound like host syncs: .cpu(), .to("cpu"), .detach(), .clone(),
.contiguous(), .numpy() consumed by torch.from_numpy, and `x.data`."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        h = self.lin(x)
        on_cpu = h.detach().cpu()
        moved = h.to("cpu", non_blocking=True).contiguous()
        copy = h.data.clone()
        arr = on_cpu.numpy()
        back = torch.from_numpy(arr * 2)
        return moved + copy + back.to(h.device) + h.new_tensor(1.0)


def example():
    return Model(), (torch.randn(2, 3),)
