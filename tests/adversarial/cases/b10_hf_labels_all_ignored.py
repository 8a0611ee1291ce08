"""Token-classification loss that returns a zero loss when every label is ignored
(`if (labels == self.ignore_index).all():`), a data-dependent branch on the labels."""
import torch
from torch import nn
from torch.nn import functional as F


class TokenClassifier(nn.Module):
    def __init__(self, dim=8, num_labels=3, ignore_index=-100):
        super().__init__()
        self.ignore_index = ignore_index
        self.classifier = nn.Linear(dim, num_labels)

    def forward(self, hidden_states, labels):
        logits = self.classifier(hidden_states)
        if (labels == self.ignore_index).all():  # expect: CL101
            return logits.sum() * 0.0
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1), ignore_index=self.ignore_index)


def example():
    return TokenClassifier(), (torch.randn(2, 3, 8), torch.tensor([[0, 1, -100], [2, -100, 1]]))
