"""A sequence classifier that also hands back the label string of the first row's prediction: the config's
`id2label` dict is keyed by a Python int, so the argmax goes through `int()`."""
import torch
from torch import nn


class Config:
    id2label = {0: "NEGATIVE", 1: "POSITIVE"}
    hidden_size = 4


class SequenceClassifier(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.classifier = nn.Linear(config.hidden_size, len(config.id2label))

    def forward(self, pooled):
        logits = self.classifier(pooled)
        label = self.config.id2label[int(logits.argmax(-1)[0])]  # expect: CL111
        return logits, label


def example():
    return SequenceClassifier(), (torch.randn(2, 4),)
