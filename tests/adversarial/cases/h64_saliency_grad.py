"""Held-out group 64's false positive and miss (mixup's input-gradient saliency): a copy of the batch turned on with
`requires_grad_()` inside `try` / `with torch.enable_grad()`, then differentiated with `torch.autograd.grad`. On an
intermediate, `requires_grad_()` compiles (2.13 breaks there only once a graph that outputs it is compiled); the
grad breaks first, inside the `try`, and dynamo gives up on the frame before compiling any graph."""
import torch
from torch import nn


class SaliencyMixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 8 * 8, 5))

    def forward(self, x, y):
        training = self.model.training
        self.model.eval()
        try:
            with torch.enable_grad():
                x_input = x.detach().clone().requires_grad_(True)
                score = (self.model(x_input) * y).sum(dim=1)
                grad = torch.autograd.grad(outputs=score.sum(), inputs=x_input)[0]  # expect: CL147
        finally:
            self.model.train(training)
        saliency = grad.abs().sum(dim=1)
        keep = (saliency.flatten(1).argsort(dim=1, descending=True) < 32).view_as(saliency).unsqueeze(1)
        return torch.where(keep, x, x.flip(0))


def example():
    return SaliencyMixer(), (torch.rand(2, 3, 8, 8), torch.eye(5)[:2])
