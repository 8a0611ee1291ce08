"""Loss normalised by `num_items_in_batch`: when a tensor count is passed it is turned into a Python number
first (`num_items_in_batch.item()`) so the reduction can divide by it."""
import torch
from torch import nn
from torch.nn import functional as F


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = F.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
    if reduction == "sum":
        if isinstance(num_items_in_batch, torch.Tensor):
            num_items_in_batch = num_items_in_batch.item()  # expect: CL111
        loss = loss / num_items_in_batch
    return loss


class LMHead(nn.Module):
    def __init__(self, dim=8, vocab=11):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, hidden_states, labels, num_items_in_batch):
        logits = self.lm_head(hidden_states)
        return fixed_cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1), num_items_in_batch)


def example():
    labels = torch.tensor([[1, 2, -100], [3, -100, 4]])
    return LMHead(), (torch.randn(2, 3, 8), labels, (labels != -100).sum())
