"""Batch-level random erasing applied on device inside the training step: per sample, Python's `random`
decides whether and where to erase; the patch itself is filled with `normal_()` (fine)."""
import math
import random

import torch
from torch import nn


class RandomErasingBatch:
    def __init__(self, probability=0.5, min_area=0.02, max_area=1 / 3, min_aspect=0.3):
        self.probability = probability
        self.min_area, self.max_area = min_area, max_area
        self.log_aspect_ratio = (math.log(min_aspect), math.log(1 / min_aspect))

    def _erase(self, img, chan, img_h, img_w):
        if random.random() > self.probability:  # expect: CL133
            return
        area = img_h * img_w
        for _ in range(10):
            target_area = random.uniform(self.min_area, self.max_area) * area  # known-miss: CL133
            aspect_ratio = math.exp(random.uniform(*self.log_aspect_ratio))
            h = int(round(math.sqrt(target_area * aspect_ratio)))
            w = int(round(math.sqrt(target_area / aspect_ratio)))
            if w < img_w and h < img_h:
                top = random.randint(0, img_h - h)
                left = random.randint(0, img_w - w)
                img[:, top:top + h, left:left + w] = torch.empty((chan, h, w), dtype=img.dtype).normal_()
                break

    def __call__(self, batch):
        batch_size, chan, img_h, img_w = batch.size()
        for i in range(batch_size):
            self._erase(batch[i], chan, img_h, img_w)
        return batch


class TrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.erase = RandomErasingBatch(probability=1.0)
        self.stem = nn.Conv2d(3, 4, 3)

    def forward(self, images):
        return self.stem(self.erase(images.clone())).mean()


def example():
    return TrainStep(), (torch.randn(2, 3, 8, 8),)
