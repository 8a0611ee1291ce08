"""A causal-LM loss written for compile: labels shifted by padding with ignore_index, cross-entropy with
`ignore_index` and a sum divided by `num_items_in_batch` when the caller passes it (a tensor or an int),
the mean otherwise."""
import torch
from torch import nn
from torch.nn import functional as F


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = F.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
    if reduction == "sum":
        loss = loss / num_items_in_batch
    return loss


def for_causal_lm_loss(logits, labels, vocab_size, num_items_in_batch=None, ignore_index=-100):
    logits = logits.float()
    labels = F.pad(labels, (0, 1), value=ignore_index)
    shift_labels = labels[..., 1:].contiguous()
    return fixed_cross_entropy(logits.view(-1, vocab_size), shift_labels.view(-1), num_items_in_batch,
                               ignore_index)


class LMHead(nn.Module):
    def __init__(self, dim=4, vocab=6):
        super().__init__()
        self.vocab_size = vocab
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, hidden_states, labels=None, num_items_in_batch=None):
        logits = self.lm_head(hidden_states)
        loss = None
        if labels is not None:
            loss = for_causal_lm_loss(logits, labels, self.vocab_size, num_items_in_batch)
        return logits if loss is None else (loss, logits)


def example():
    labels = torch.tensor([[1, 2, -100], [3, -100, 0]])
    return LMHead(), (torch.randn(2, 3, 4), labels, (labels != -100).sum())
