"""The same norm + activation layer with a momentum: the counter buffer is bumped in place and never read as
a Python number."""
import torch
import torch.nn.functional as F
from torch import nn


class BatchNormAct2d(nn.BatchNorm2d):
    def __init__(self, num_features, momentum=0.1, act_layer=nn.ReLU):
        super().__init__(num_features, momentum=momentum)
        self.act = act_layer()

    def forward(self, x):
        exponential_average_factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            self.num_batches_tracked.add_(1)
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        x = F.batch_norm(x, self.running_mean if not self.training or self.track_running_stats else None,
                         self.running_var if not self.training or self.track_running_stats else None,
                         self.weight, self.bias, bn_training, exponential_average_factor, self.eps)
        return self.act(x)


class ConvBnAct(nn.Module):
    def __init__(self, cin=3, cout=8):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.bn = BatchNormAct2d(cout)

    def forward(self, x):
        return self.bn(self.conv(x))


def example():
    return ConvBnAct(), (torch.randn(2, 3, 8, 8),)
