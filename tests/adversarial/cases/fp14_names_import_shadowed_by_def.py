"""fp14: torchvision's nms imported, then rebound by a top-level def of a fixed-size suppression: calls run the
def, so nothing data-dependent is traced (dynamo: no break). compilelint resolved the name to the import."""
import torch
from torch import nn
try:
    from torchvision.ops import nms
except ImportError:
    pass


def nms(boxes, scores, threshold):
    return scores * (scores > threshold)


class Head(nn.Module):
    def forward(self, boxes, scores):
        return nms(boxes, scores, 0.5)


def example():
    return Head(), (torch.randn(8, 4), torch.rand(8))
