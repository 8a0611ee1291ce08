from typing import Dict

import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("zero", torch.zeros(()))
        self.router = nn.Linear(8, 8)

    def forward(self, x, batch: Dict[str, torch.Tensor], pos):
        bias = torch.zeros(8, requires_grad=True)  # expect: CL146
        h = x.detach().requires_grad_()  # expect: CL146
        loss = torch.zeros((), requires_grad=self.training)  # expect: CL146
        aux = self.zero
        aux.requires_grad_()  # expect: CL146
        logits = self.router(x)
        weights = torch.ones(8, requires_grad=logits.requires_grad)  # expect: CL146
        # a slice of the input is an intermediate of the graph: the input arrives without grad, so it breaks
        tail = x[:, 1:].requires_grad_(True)  # expect: CL146
        head = x[:, :1]
        head.requires_grad_()  # expect: CL146
        # turned on here (it breaks or not), then off again: a tensor that requires grad losing it always breaks
        positions = x.detach()
        positions.requires_grad_(True)  # expect: CL146
        energy = (positions * positions).sum()
        positions.requires_grad_(False)  # expect: CL146
        # setting the flag at all on a factory's result breaks, even to False (deformable-attention's grid)
        grid = torch.stack(torch.meshgrid(torch.arange(2), torch.arange(8), indexing="xy"), dim=0)
        grid.requires_grad = False  # expect: CL146
        # an item of a mapping of tensors is data (a batch): its positions arrive without grad (SchNetPack's forces)
        batch["positions"].requires_grad_()  # expect: CL146
        # an input the function differentiates with respect to arrives without grad (torch-dftd's atom positions)
        pos.requires_grad_(True)  # expect: CL146
        forces = -torch.autograd.grad((pos * pos).sum(), pos)[0]  # expect: CL147
        # keeping an activation's gradient (a saliency switch): dynamo cannot keep the flag
        logits.retain_grad()  # expect: CL146
        return ((h * 2 + bias).sum(-1) + loss + aux + (logits * weights).sum(-1) + tail.sum(-1) + head.sum(-1) + energy
                + grid.sum(0)[0] + batch["positions"].sum() + forces.sum())


def example():
    return Probe(), (torch.randn(2, 8), {"positions": torch.randn(3, 3)}, torch.randn(3, 3))
