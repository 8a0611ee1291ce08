"""An older token-classification head's loss over active tokens: padded positions get the loss's ignore index
through `torch.where(active_loss, labels, torch.tensor(loss_fct.ignore_index).type_as(labels))`, the ignore index
read off the `CrossEntropyLoss()` object built in forward."""
import torch
from torch import nn
from torch.nn import CrossEntropyLoss


class TokenClassificationHead(nn.Module):
    def __init__(self, hidden=8, num_labels=5):
        super().__init__()
        self.num_labels = num_labels
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, sequence_output, attention_mask, labels):
        logits = self.classifier(sequence_output)
        loss_fct = CrossEntropyLoss()
        if attention_mask is not None:
            active_loss = attention_mask.view(-1) == 1
            active_logits = logits.view(-1, self.num_labels)
            active_labels = torch.where(  # known-miss: CL145
                active_loss, labels.view(-1), torch.tensor(loss_fct.ignore_index).type_as(labels)  # known-miss: CL145
            )
            loss = loss_fct(active_logits, active_labels)
        else:
            loss = loss_fct(logits.view(-1, self.num_labels), labels.view(-1))
        return loss, logits


def example():
    mask = torch.ones(2, 4, dtype=torch.long)
    mask[1, 2:] = 0
    return TokenClassificationHead(), (torch.randn(2, 4, 8), mask, torch.randint(0, 5, (2, 4)))
