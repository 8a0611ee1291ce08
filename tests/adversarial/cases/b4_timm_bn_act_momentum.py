"""A BatchNormAct layer copied from torch's _BatchNorm: with momentum None the cumulative average factor is
`1.0 / float(self.num_batches_tracked)`, a host read of a buffer; the training / tracking flags and the
`bn_training` choice are plain Python."""
import torch
import torch.nn.functional as F
from torch import nn


class BatchNormAct2d(nn.BatchNorm2d):
    def __init__(self, num_features, eps=1e-5, momentum=None, apply_act=True, act_layer=nn.ReLU, drop_layer=None):
        super().__init__(num_features, eps=eps, momentum=momentum)
        self.drop = drop_layer() if drop_layer is not None else nn.Identity()
        self.act = act_layer() if apply_act else nn.Identity()

    def forward(self, x):
        if self.momentum is None:
            exponential_average_factor = 0.0
        else:
            exponential_average_factor = self.momentum
        if self.training and self.track_running_stats:
            if self.num_batches_tracked is not None:
                self.num_batches_tracked.add_(1)
                if self.momentum is None:
                    exponential_average_factor = 1.0 / float(self.num_batches_tracked)  # expect: CL111
                else:
                    exponential_average_factor = self.momentum
        if self.training:
            bn_training = True
        else:
            bn_training = (self.running_mean is None) and (self.running_var is None)
        x = F.batch_norm(
            x,
            self.running_mean if not self.training or self.track_running_stats else None,
            self.running_var if not self.training or self.track_running_stats else None,
            self.weight, self.bias, bn_training, exponential_average_factor, self.eps)
        return self.act(self.drop(x))


def example():
    return BatchNormAct2d(4).train(), (torch.randn(2, 4, 3, 3),)
