"""A causal-LM loss averaged over the tokens that count: the count of labels other than ignore_index is
read with `.item()` so the sum can be divided by a Python number."""
import torch
from torch import nn
from torch.nn import functional as F


class CausalLMLoss(nn.Module):
    def __init__(self, ignore_index=-100):
        super().__init__()
        self.ignore_index = ignore_index

    def forward(self, logits, labels):
        shift_logits = logits[:, :-1].reshape(-1, logits.shape[-1])
        shift_labels = labels[:, 1:].reshape(-1)
        num_items = (shift_labels != self.ignore_index).sum().item()  # expect: CL111
        loss = F.cross_entropy(shift_logits.float(), shift_labels, ignore_index=self.ignore_index, reduction="sum")
        return loss / max(num_items, 1)


def example():
    labels = torch.tensor([[1, 2, -100, 3], [0, -100, -100, 1]])
    return CausalLMLoss(), (torch.randn(2, 4, 5), labels)
