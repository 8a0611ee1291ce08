"""A trainer's label smoother: padding positions are zeroed with `masked_fill_`, and the loss is divided by the
number of active elements computed as `numel() - mask.sum()` (a tensor, never a Python number)."""
import torch
from torch import nn


class LabelSmoother(nn.Module):
    def __init__(self, epsilon=0.1, ignore_index=-100):
        super().__init__()
        self.epsilon = epsilon
        self.ignore_index = ignore_index

    def forward(self, logits, labels):
        log_probs = -nn.functional.log_softmax(logits, dim=-1)
        if labels.dim() == log_probs.dim() - 1:
            labels = labels.unsqueeze(-1)
        padding_mask = labels.eq(self.ignore_index)
        labels = torch.clamp(labels, min=0)
        nll_loss = log_probs.gather(dim=-1, index=labels)
        smoothed_loss = log_probs.sum(dim=-1, keepdim=True, dtype=torch.float32)
        nll_loss.masked_fill_(padding_mask, 0.0)
        smoothed_loss.masked_fill_(padding_mask, 0.0)
        num_active_elements = padding_mask.numel() - padding_mask.long().sum()
        nll_loss = nll_loss.sum() / num_active_elements
        smoothed_loss = smoothed_loss.sum() / (num_active_elements * log_probs.shape[-1])
        return (1 - self.epsilon) * nll_loss + self.epsilon * smoothed_loss


def example():
    return LabelSmoother(), (torch.randn(2, 3, 16), torch.tensor([[1, -100, 3], [4, 5, -100]]))
