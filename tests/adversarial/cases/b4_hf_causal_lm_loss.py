"""Causal LM loss with ignore_index: shifting, masked_fill of pad labels, a tensor num_items_in_batch and
`reduction` chosen from a None check all compile; counting valid tokens with `.item()` and reading the
kept labels by a boolean mask break."""
import torch
import torch.nn.functional as F
from torch import nn


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100, **kwargs):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = F.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
    if reduction == "sum":
        if torch.is_tensor(num_items_in_batch):
            num_items_in_batch = num_items_in_batch.to(loss.device)
        loss = loss / num_items_in_batch
    return loss


def for_causal_lm_loss(logits, labels, vocab_size, num_items_in_batch=None, ignore_index=-100, **kwargs):
    logits = logits.float()
    labels = nn.functional.pad(labels, (0, 1), value=ignore_index)
    shift_labels = labels[..., 1:].contiguous()
    logits = logits.view(-1, vocab_size)
    shift_labels = shift_labels.view(-1).to(logits.device)
    return fixed_cross_entropy(logits, shift_labels, num_items_in_batch, ignore_index, **kwargs)


class LMHead(nn.Module):
    def __init__(self, dim=8, vocab=13, pad_token_id=0):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.vocab_size = vocab
        self.pad_token_id = pad_token_id

    def forward(self, hidden, labels, num_items_in_batch):
        logits = self.lm_head(hidden)
        labels = labels.masked_fill(labels == self.pad_token_id, -100)
        loss = for_causal_lm_loss(logits, labels, self.vocab_size, num_items_in_batch=num_items_in_batch)
        n_valid = (labels != -100).sum().item()  # expect: CL111
        kept = labels[labels != -100]  # expect: CL122
        return loss, n_valid, kept


def example():
    return LMHead(), (torch.randn(2, 5, 8), torch.randint(0, 13, (2, 5)), torch.tensor(7))
