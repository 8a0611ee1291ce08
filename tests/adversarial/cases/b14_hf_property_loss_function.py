"""`self.loss_function` is a property that looks the loss up in a module-level mapping by the model's loss
type; the causal LM loss returns early when every label is ignored (a value test)."""
import torch
import torch.nn.functional as F
from torch import nn

from b14_hf_utils import Config


def causal_lm_loss(logits, labels, ignore_index=-100):
    shift_logits, shift_labels = logits[:, :-1], labels[:, 1:]
    num_items = (shift_labels != ignore_index).sum()
    if num_items == 0:  # expect: CL101
        return shift_logits.sum() * 0.0
    return F.cross_entropy(shift_logits.flatten(0, 1), shift_labels.flatten(), ignore_index=ignore_index,
                           reduction="sum") / num_items


LOSS_MAPPING = {"ForCausalLM": causal_lm_loss}


class CausalLM(nn.Module):
    loss_type = "ForCausalLM"

    def __init__(self, config=Config()):
        super().__init__()
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size)

    @property
    def loss_function(self):
        return LOSS_MAPPING[self.loss_type]

    def forward(self, hidden, labels=None):
        logits = self.lm_head(hidden)
        loss = None if labels is None else self.loss_function(logits, labels)
        return logits, loss


def example():
    return CausalLM(), (torch.randn(1, 4, 8), torch.tensor([[1, 2, -100, 3]]))
