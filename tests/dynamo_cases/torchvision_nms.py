"""torchvision's non-maximum suppression keeps as many boxes as the scores allow: its op's fake kernel allocates an
unbacked size, so dynamo breaks at the call (GB0036, "Dynamic shape operator"). torchvision is not installed beside
the suite's torch, so its `torchvision::nms` op is declared here as torchvision declares it (the same schema, a
fake kernel returning a data-dependent number of indices) when torchvision has not declared it already; detection
post-processing calls it through `torchvision.ops.nms` / `batched_nms` (held-out 14, 25 and 36 measured those)."""
import torch
from torch import nn

if not hasattr(torch.ops.torchvision, "nms"):
    LIBRARY = torch.library.Library("torchvision", "DEF")
    LIBRARY.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")

    @torch.compiler.disable  # the eager kernel: dynamo would try to compile its frame when the op runs
    def greedy_nms(boxes, scores, iou_threshold):
        x1, y1, x2, y2 = boxes.unbind(1)
        area = (x2 - x1) * (y2 - y1)
        suppressed = torch.zeros(boxes.shape[0], dtype=torch.bool)
        keep = []
        for index in scores.argsort(descending=True).tolist():
            if not suppressed[index]:
                keep.append(index)
                width = (torch.minimum(x2[index], x2) - torch.maximum(x1[index], x1)).clamp(min=0)
                height = (torch.minimum(y2[index], y2) - torch.maximum(y1[index], y1)).clamp(min=0)
                suppressed |= width * height / (area[index] + area - width * height) > iou_threshold
        return torch.tensor(keep, dtype=torch.long)

    def kept_count_unknown(boxes, scores, iou_threshold):
        return boxes.new_empty(torch.library.get_ctx().new_dynamic_size(), dtype=torch.long)

    LIBRARY.impl("nms", greedy_nms, "CPU")
    torch.library.register_fake("torchvision::nms", kept_count_unknown, lib=LIBRARY)


class Suppress(nn.Module):
    def forward(self, boxes, scores):
        keep = torch.ops.torchvision.nms(boxes, scores, 0.5)  # expect: CL121
        return boxes[keep] * 2


def example():
    corners = torch.rand(6, 2)
    return Suppress(), (torch.cat([corners, corners + torch.rand(6, 2)], dim=1), torch.rand(6))
