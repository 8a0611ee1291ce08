"""A Tacotron-style acoustic model compiled whole with its loss: the loss module switches the targets it is handed off
(`mel_target.requires_grad = False`, NVIDIA's Tacotron2Loss), items unpacked from the targets tuple, and a duration
loss freezes a keyed item of its batch. Setting the flag by assignment has no form that compiles: data arrive as
leaves (GB0206), and a non-leaf raises eagerly. A naive linter sees no tensor made without grad and stays quiet, or
flags every `requires_grad` it meets; quiet twins: reading the flag of a target, and `requires_grad_()` on the last of
a list of activations (a no-op on a tensor that already requires grad)."""
import torch
import torch.nn.functional as F
from torch import nn


class SpectrogramLoss(nn.Module):
    def forward(self, outputs, targets):
        mel_target, gate_target = targets[0], targets[1]
        mel_target.requires_grad = False  # expect: CL146
        gate_target.requires_grad = False  # expect: CL146
        mel_out, mel_post, gate_out = outputs
        gate_loss = F.binary_cross_entropy_with_logits(gate_out.view(-1, 1), gate_target.view(-1, 1))
        return F.mse_loss(mel_out, mel_target) + F.mse_loss(mel_post, mel_target) + gate_loss


def duration_loss(predicted, batch):
    durations = batch["durations"]
    durations.requires_grad = False  # expect: CL146
    weight = batch["weight"]
    if weight.requires_grad:
        weight = weight.detach()
    return (weight * (predicted - torch.log1p(durations)) ** 2).mean()


class AcousticModel(nn.Module):
    def __init__(self, dim=8, n_mels=6):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(2)])
        self.to_mel = nn.Linear(dim, n_mels)
        self.postnet = nn.Linear(n_mels, n_mels)
        self.gate = nn.Linear(dim, 1)
        self.duration = nn.Linear(dim, 1)
        self.criterion = SpectrogramLoss()

    def last_hidden(self, x):
        hs = [torch.tanh(self.encoder(x))]
        for layer in self.layers:
            hs.append(torch.tanh(layer(hs[-1])))
        last = hs[-1]
        last.requires_grad_()
        return last

    def forward(self, x, mels, gates, durations, weight):
        h = self.last_hidden(x)
        mel = self.to_mel(h)
        outputs = (mel, mel + self.postnet(mel), self.gate(h).squeeze(-1))
        loss = self.criterion(outputs, (mels, gates))
        batch = {"durations": durations, "weight": weight}
        return loss + duration_loss(self.duration(h).squeeze(-1), batch)


def example():
    frames = 5
    return AcousticModel(), (torch.randn(frames, 8), torch.randn(frames, 6), (torch.rand(frames) > 0.8).float(),
                             torch.randint(1, 4, (frames,)).float(), torch.rand(frames))
