"""A plain dataclass output (no dict base): the model fills optional fields, `to_tuple()` keeps the fields
that are not None (an `is not None` test on tensors), and `return_dict` comes from the config."""
from dataclasses import dataclass, fields
from typing import Optional, Tuple

import torch
from torch import nn


@dataclass
class SequenceClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: Optional[torch.Tensor] = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None

    def to_tuple(self):
        return tuple(getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None)


class Config:
    use_return_dict = False
    num_labels = 3
    problem_type = "single_label_classification"


class Classifier(nn.Module):
    def __init__(self, config=Config(), dim=4):
        super().__init__()
        self.config = config
        self.score = nn.Linear(dim, config.num_labels)

    def forward(self, hidden_states, labels=None, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        logits = self.score(hidden_states)
        loss = None
        if labels is not None:
            if self.config.problem_type == "regression":
                loss = nn.functional.mse_loss(logits.squeeze(), labels.squeeze())
            elif self.config.problem_type == "single_label_classification":
                loss = nn.functional.cross_entropy(logits.view(-1, self.config.num_labels), labels.view(-1))
            else:
                loss = nn.functional.binary_cross_entropy_with_logits(logits, labels)
        output = SequenceClassifierOutput(loss=loss, logits=logits)
        if not return_dict:
            return output.to_tuple()
        return output


def example():
    return Classifier(), (torch.randn(2, 4), torch.tensor([0, 2]))
