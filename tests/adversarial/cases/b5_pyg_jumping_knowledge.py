"""Jumping-knowledge aggregation over the per-layer node representations: mode "cat" and "max" are tensor
ops, mode "lstm" runs a bidirectional LSTM over the layer axis to get attention scores."""
import torch
from torch import nn


class JumpingKnowledge(nn.Module):
    def __init__(self, mode, channels=4, num_layers=3):
        super().__init__()
        self.mode = mode.lower()
        if self.mode == "lstm":
            self.lstm = nn.LSTM(channels, (num_layers * channels) // 2, bidirectional=True, batch_first=True)
            self.att = nn.Linear(2 * ((num_layers * channels) // 2), 1)

    def forward(self, xs):
        if self.mode == "cat":
            return torch.cat(xs, dim=-1)
        if self.mode == "max":
            return torch.stack(xs, dim=-1).max(dim=-1)[0]
        x = torch.stack(xs, dim=1)
        alpha, _ = self.lstm(x)  # expect: CL143
        alpha = self.att(alpha).squeeze(-1)
        alpha = torch.softmax(alpha, dim=-1)
        return (x * alpha.unsqueeze(-1)).sum(dim=1)


class DeepGNN(nn.Module):
    def __init__(self, channels=4, num_layers=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(channels, channels) for _ in range(num_layers))
        self.jk_cat = JumpingKnowledge("cat")
        self.jk_lstm = JumpingKnowledge("lstm", channels, num_layers)

    def forward(self, x):
        xs = []
        for layer in self.layers:
            x = torch.relu(layer(x))
            xs.append(x)
        return self.jk_cat(xs).sum(-1) + self.jk_lstm(xs).sum(-1)


def example():
    return DeepGNN(), (torch.randn(5, 4),)
