"""A diffusion training step keeps a progress description on the model, `"step %d loss %.4f" % (step, loss)`:
printf-style formatting of the 0-d loss."""
import torch
import torch.nn.functional as F
from torch import nn


class DiffusionTrainer(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 1)
        self.step = 0
        self.description = ""

    def forward(self, latents, noise):
        noise_pred = self.unet(latents + noise)
        loss = F.mse_loss(noise_pred, noise)
        self.description = "step %d loss %.4f" % (self.step, loss)  # expect: CL137
        return loss


def example():
    return DiffusionTrainer(), (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 4, 4))
