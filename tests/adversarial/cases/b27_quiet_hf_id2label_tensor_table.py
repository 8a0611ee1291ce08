"""The classifier's twin: the label ids live in a buffer gathered by the prediction (tensor indexing), and the label
strings are only looked up outside forward."""
import torch
from torch import nn


class SequenceClassifier(nn.Module):
    id2label = {0: "NEGATIVE", 1: "POSITIVE"}

    def __init__(self, dim=4):
        super().__init__()
        self.classifier = nn.Linear(dim, 2)
        self.register_buffer("label_ids", torch.tensor([10, 11]))

    def forward(self, pooled):
        logits = self.classifier(pooled)
        return logits, self.label_ids[logits.argmax(-1)]

    def postprocess(self, logits):
        return [self.id2label[int(i)] for i in logits.argmax(-1)]


def example():
    return SequenceClassifier(), (torch.randn(2, 4),)
