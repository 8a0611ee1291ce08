"""A DETR-style set criterion: the losses are looked up by name in a dict of bound methods, and each is
normalised by the number of target boxes, made a tensor, clamped, and read back as a Python float."""
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

    def get_loss(self, loss, outputs, targets, num_boxes):
        loss_map = {"labels": self.loss_labels, "boxes": self.loss_boxes}
        return loss_map[loss](outputs, targets, num_boxes)

    def forward(self, outputs, targets):
        num_boxes = sum(len(t["class_labels"]) for t in targets)
        num_boxes = torch.as_tensor([num_boxes], dtype=torch.float)
        num_boxes = torch.clamp(num_boxes, min=1).item()  # expect: CL111
        losses = {}
        for loss in self.losses:
            losses.update(self.get_loss(loss, outputs, targets, num_boxes))
        return losses


def example():
    outputs = {"logits": torch.randn(1, 4, 3), "pred_boxes": torch.rand(1, 4, 4)}
    targets = [{"class_labels": torch.tensor([1, 2]), "boxes": torch.rand(2, 4)}]
    return SetCriterion(), (outputs, targets)
