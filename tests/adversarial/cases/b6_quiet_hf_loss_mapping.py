"""Loss functions registered by task name: the causal-LM loss shifts the labels with F.pad, uses "sum"
reduction when the trainer passes `num_items_in_batch` and divides by it (a tensor moved to the loss device
when it is one). The `reduction` string and the is_tensor test are Python decisions."""
import torch
import torch.nn.functional as F
from torch import nn


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index: int = -100, **kwargs):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = F.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
    if reduction == "sum":
        if torch.is_tensor(num_items_in_batch):
            num_items_in_batch = num_items_in_batch.to(loss.device)
        loss = loss / num_items_in_batch
    return loss


def for_causal_lm_loss(logits, labels, vocab_size: int, num_items_in_batch=None, ignore_index: int = -100,
                       shift_labels=None, **kwargs):
    logits = logits.float()
    if shift_labels is None:
        labels = F.pad(labels, (0, 1), value=ignore_index)
        shift_labels = labels[..., 1:].contiguous()
    logits = logits.view(-1, vocab_size)
    shift_labels = shift_labels.view(-1).to(logits.device)
    return fixed_cross_entropy(logits, shift_labels, num_items_in_batch, ignore_index, **kwargs)


LOSS_MAPPING = {"ForCausalLM": for_causal_lm_loss}


class CausalLM(nn.Module):
    loss_type = "ForCausalLM"

    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.vocab_size = vocab
        self.embed = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab)

    @property
    def loss_function(self):
        return LOSS_MAPPING[self.loss_type]

    def forward(self, input_ids, labels=None, **kwargs):
        logits = self.lm_head(self.embed(input_ids))
        loss = None
        if labels is not None:
            loss = self.loss_function(logits, labels, vocab_size=self.vocab_size, **kwargs)
        return loss, logits


def example():
    model = CausalLM()
    ids = torch.tensor([[1, 2, 3, 4]])
    return (lambda i, n: model(i, labels=i, num_items_in_batch=n)), (ids, torch.tensor(3))
