"""A forward input only tested bare (`if not inference:`, `x if training_step else y`) and handed on is a flag: a
tensor of several elements has no truth value, so working code passes a bool, and dynamo specializes on it without a
break (facexlib's MODNet branches, flagged in held-out group 43). An input the function also reads as a tensor
(`gate.float()`) and an `Optional[Tensor]` tested bare are tensors, and their truth tests break."""
from typing import Optional

import torch
from torch import Tensor, nn


class LowResolution(nn.Module):
    def __init__(self):
        super().__init__()
        self.encode = nn.Conv2d(3, 4, 3, padding=1)
        self.semantic = nn.Conv2d(4, 1, 1)

    def forward(self, img, inference):
        features = self.encode(img)
        pred_semantic = None
        if not inference:
            pred_semantic = torch.sigmoid(self.semantic(features))
        return pred_semantic, features


class HighResolution(nn.Module):
    def __init__(self):
        super().__init__()
        self.detail = nn.Conv2d(4, 1, 1)

    def forward(self, features, inference):
        return None if inference else torch.sigmoid(self.detail(features))


class Gated(nn.Module):
    def forward(self, x, gate, bias: Optional[Tensor] = None):
        scale = gate.float()
        if gate:  # expect: CL101
            x = x * scale
        if bias:  # expect: CL101
            x = x + bias
        return x


class Matting(nn.Module):
    def __init__(self):
        super().__init__()
        self.low = LowResolution()
        self.high = HighResolution()
        self.gated = Gated()

    def forward(self, img, inference, gate):
        pred_semantic, features = self.low(img, inference)
        pred_detail = self.high(features, inference)
        matte = self.gated(features.mean(1, keepdim=True), gate, torch.ones(1))
        return pred_semantic, pred_detail, matte


def example():
    return Matting(), (torch.randn(1, 3, 8, 8), True, torch.tensor(True))
