"""Setting `.requires_grad` on a tensor taken out of a batch handed in (NVIDIA's Tacotron2Loss: `mel_target,
gate_target = targets[0], targets[1]`, then `mel_target.requires_grad = False`; held-out group 92). Data arrive as
leaves, and setting a leaf's flag breaks whatever the value (GB0206); on a non-leaf the assignment raises eagerly, so
wherever the line runs it breaks. Reading the flag, or setting it on an item of a loop over activations (`hs[i]`),
says nothing (quiet twins)."""

import torch
import torch.nn.functional as F


class TacotronLoss(torch.nn.Module):
    def forward(self, model_output, targets):
        mel_target, gate_target = targets[0], targets[1]
        mel_target.requires_grad = False  # expect: CL146
        gate_target.requires_grad = False  # expect: CL146
        gate_target = gate_target.view(-1, 1)
        mel_out, gate_out = model_output
        return F.mse_loss(mel_out, mel_target) + F.binary_cross_entropy_with_logits(gate_out.view(-1, 1), gate_target)


def pair_loss(prediction, batch):
    target, weight = batch
    target.requires_grad = False  # expect: CL146
    if weight.requires_grad:
        weight = weight.detach()
    return ((prediction - target) ** 2 * weight).mean()


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(4, 4)
        self.gate = torch.nn.Linear(4, 1)
        self.loss = TacotronLoss()

    def forward(self, x, mels, gates, weight):
        h = self.proj(x)
        out = self.loss((h, self.gate(h)), (mels, gates))
        return out + pair_loss(h, (mels, weight))


def example():
    return Model(), (torch.randn(3, 4), torch.randn(3, 4), torch.rand(3, 1), torch.rand(3, 4))
