"""Loss kwargs forwarded through **kwargs: `num_items_in_batch` as a tensor is moved and divided by,
`reduction` is picked by a None test, the label smoothing float is compared with 0: nothing breaks."""
import torch
import torch.nn.functional as F
from torch import nn


def ForSequenceClassificationLoss(labels, pooled_logits, num_labels, problem_type=None, **kwargs):
    if problem_type is None:
        if num_labels == 1:
            problem_type = "regression"
        elif num_labels > 1 and (labels.dtype == torch.long or labels.dtype == torch.int):
            problem_type = "single_label_classification"
        else:
            problem_type = "multi_label_classification"
    labels = labels.to(pooled_logits.device)
    if problem_type == "regression":
        return F.mse_loss(pooled_logits.squeeze(), labels.squeeze())
    if problem_type == "single_label_classification":
        return fixed_cross_entropy(pooled_logits.view(-1, num_labels), labels.view(-1), **kwargs)
    return F.binary_cross_entropy_with_logits(pooled_logits, labels)


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100, label_smoothing=0.0, **kwargs):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    if label_smoothing > 0.0:
        reduction = "mean"
    loss = F.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction,
                           label_smoothing=label_smoothing)
    if reduction == "sum":
        if isinstance(num_items_in_batch, torch.Tensor):
            num_items_in_batch = num_items_in_batch.to(loss.device)
        loss = loss / num_items_in_batch
    return loss


class Classifier(nn.Module):
    def __init__(self, num_labels=3):
        super().__init__()
        self.num_labels = num_labels
        self.score = nn.Linear(4, num_labels)

    def forward(self, hidden, labels, **kwargs):
        logits = self.score(hidden)
        loss = ForSequenceClassificationLoss(labels, logits, self.num_labels, **kwargs)
        return loss, logits


def example():
    from compilelint.example import Example

    return Example(Classifier(), (torch.randn(4, 4), torch.tensor([0, 1, 2, 1])),
                   kwargs={"num_items_in_batch": torch.tensor(4)})
