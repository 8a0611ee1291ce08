"""A token-classification loss skips the work when every label is ignored, testing a numpy copy of the
labels: `np.all(labels_np == -100)` decides a Python branch."""
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from b15_hf_utils import Config


class TokenClassifier(nn.Module):
    def __init__(self, config=Config(), num_labels=4):
        super().__init__()
        self.classifier = nn.Linear(config.hidden_size, num_labels)

    def forward(self, hidden_states, labels):
        logits = self.classifier(hidden_states)
        labels_np = labels.cpu().numpy()
        if np.all(labels_np == -100):  # expect: CL101
            return logits.sum() * 0.0, logits
        loss = F.cross_entropy(logits.flatten(0, 1), labels.flatten(), ignore_index=-100)
        return loss, logits


def example():
    labels = torch.tensor([[1, 2, -100], [0, -100, 3]])
    return TokenClassifier(), (torch.randn(2, 3, 8), labels)
