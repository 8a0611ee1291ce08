"""Causal-LM loss as trainers write it: shift, cross_entropy with ignore_index (static), then the token
count taken with `.item()` for logging and a `num_items_in_batch` division."""
import torch
import torch.nn.functional as F
from torch import nn


class LMHead(nn.Module):
    def __init__(self, vocab=7):
        super().__init__()
        self.vocab = vocab
        self.lm_head = nn.Linear(4, vocab)

    def forward(self, hidden, labels, num_items_in_batch=None):
        logits = self.lm_head(hidden).float()
        shift_logits = logits[..., :-1, :].contiguous()
        shift_labels = labels[..., 1:].contiguous()
        reduction = "sum" if num_items_in_batch is not None else "mean"
        loss = F.cross_entropy(shift_logits.view(-1, self.vocab), shift_labels.view(-1),
                               ignore_index=-100, reduction=reduction)
        if reduction == "sum":
            loss = loss / num_items_in_batch
        n_tokens = (shift_labels != -100).sum().item()  # expect: CL111
        return loss, n_tokens


def example():
    labels = torch.tensor([[1, 2, -100, 3], [4, -100, 5, 6]])
    return LMHead(), (torch.randn(2, 4, 4), labels, torch.tensor(5))
