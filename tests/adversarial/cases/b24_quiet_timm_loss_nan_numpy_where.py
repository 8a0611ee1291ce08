"""A training loss zeroes NaN entries with numpy on the host copy (`np.where(np.isnan(a), 0, a)`), then goes
back to torch: numpy is traced and no Python branch reads its answer."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class SafeCrossEntropy(nn.Module):
    def forward(self, logits, target):
        per_sample = F.cross_entropy(logits, target, reduction="none")
        a = per_sample.detach().cpu().numpy()
        keep = torch.from_numpy(np.where(np.isnan(a), 0.0, 1.0)).to(per_sample.dtype)
        return (torch.nan_to_num(per_sample) * keep).mean()


def example():
    return SafeCrossEntropy(), (torch.randn(4, 3), torch.tensor([0, 1, 2, 1]))
