"""The set criterion with the box count kept a Python number: `max(num_boxes, 1)` on the count of target
labels (lengths of tensors are shapes)."""
import torch
from torch import nn


class SetCriterion(nn.Module):
    def __init__(self, losses=("labels", "boxes")):
        super().__init__()
        self.losses = losses

    def loss_labels(self, outputs, targets, num_boxes):
        return {"loss_ce": outputs["logits"].logsumexp(-1).sum() / num_boxes}

    def loss_boxes(self, outputs, targets, num_boxes):
        src = outputs["pred_boxes"][:, : targets[0]["boxes"].shape[0]]
        return {"loss_bbox": (src - targets[0]["boxes"]).abs().sum() / num_boxes}

    def forward(self, outputs, targets):
        num_boxes = float(max(sum(len(t["class_labels"]) for t in targets), 1))
        loss_map = {"labels": self.loss_labels, "boxes": self.loss_boxes}
        losses = {}
        for loss in self.losses:
            losses.update(loss_map[loss](outputs, targets, num_boxes))
        return losses


def example():
    outputs = {"logits": torch.randn(1, 4, 3), "pred_boxes": torch.rand(1, 4, 4)}
    targets = [{"class_labels": torch.tensor([1, 2]), "boxes": torch.rand(2, 4)}]
    return SetCriterion(), (outputs, targets)
