"""Masked-LM loss: padding labels are replaced by the ignore index with masked_fill (compiles); a guard that
returns zero when every label is ignored turns the count into a Python bool."""
import torch
import torch.nn.functional as F
from torch import nn


class Config:
    pad_token_id = 0
    vocab_size = 7
    hidden_size = 4


class MaskedLMHead(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.decoder = nn.Linear(config.hidden_size, config.vocab_size)

    def compute_loss(self, logits, labels):
        labels = labels.masked_fill(labels == self.config.pad_token_id, -100)
        if (labels != -100).sum() == 0:  # expect: CL101
            return logits.sum() * 0.0
        return F.cross_entropy(logits.view(-1, self.config.vocab_size), labels.view(-1), ignore_index=-100)

    def forward(self, hidden_states, labels=None):
        logits = self.decoder(hidden_states)
        loss = self.compute_loss(logits, labels) if labels is not None else None
        return loss, logits


def example():
    return MaskedLMHead(Config()), (torch.randn(1, 3, 4), torch.tensor([[2, 0, 5]]))
