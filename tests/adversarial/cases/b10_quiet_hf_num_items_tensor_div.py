"""Loss normalised by `num_items_in_batch` kept a tensor: moved to the loss's device and divided,
with `if num_items_in_batch is not None` deciding the reduction (an argument check, not data)."""
import torch
from torch import nn
from torch.nn import functional as F


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = F.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
    if reduction == "sum":
        if torch.is_tensor(num_items_in_batch):
            num_items_in_batch = num_items_in_batch.to(loss.device)
        loss = loss / num_items_in_batch
    return loss


class LMHead(nn.Module):
    def __init__(self, dim=8, vocab=11):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, hidden_states, labels, num_items_in_batch=None):
        logits = self.lm_head(hidden_states).float()
        labels = nn.functional.pad(labels, (0, 1), value=-100)[..., 1:]
        return fixed_cross_entropy(logits.view(-1, logits.shape[-1]), labels.reshape(-1), num_items_in_batch)


def example():
    labels = torch.tensor([[1, 2, -100], [3, -100, 4]])
    return LMHead(), (torch.randn(2, 3, 8), labels, (labels != -100).sum())
