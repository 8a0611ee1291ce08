"""A norm + activation layer in the vision style: with `momentum=None` the running stats use a cumulative
moving average, whose factor divides by the batch counter buffer read as a Python float."""
import torch
import torch.nn.functional as F
from torch import nn


class BatchNormAct2d(nn.BatchNorm2d):
    def __init__(self, num_features, momentum=None, act_layer=nn.ReLU):
        super().__init__(num_features, momentum=momentum)
        self.act = act_layer()

    def forward(self, x):
        if self.momentum is None:
            exponential_average_factor = 0.0
        else:
            exponential_average_factor = self.momentum
        if self.training and self.track_running_stats:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                exponential_average_factor = 1.0 / float(self.num_batches_tracked)  # expect: CL111
            else:
                exponential_average_factor = self.momentum
        x = F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                         self.training, exponential_average_factor, self.eps)
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
