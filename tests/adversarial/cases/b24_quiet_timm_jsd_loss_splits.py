"""timm-style JSD cross entropy for AugMix: the batch is split into clean and augmented parts by a Python split
size, the mixture distribution is clamped and logged, and an assert checks the split on shapes."""
import torch
import torch.nn.functional as F
from torch import nn


class JsdCrossEntropy(nn.Module):
    def __init__(self, num_splits=3, alpha=12.0, smoothing=0.1):
        super().__init__()
        self.num_splits = num_splits
        self.alpha = alpha
        self.smoothing = smoothing

    def forward(self, output, target):
        split_size = output.shape[0] // self.num_splits
        assert split_size * self.num_splits == output.shape[0]
        logits_split = torch.split(output, split_size)
        loss = F.cross_entropy(logits_split[0], target[:split_size], label_smoothing=self.smoothing)
        probs = [F.softmax(logits, dim=1) for logits in logits_split]
        logp_mixture = torch.clamp(torch.stack(probs).mean(dim=0), 1e-7, 1).log()
        loss += self.alpha * sum(F.kl_div(logp_mixture, p, reduction="batchmean") for p in probs) / len(probs)
        return loss


def example():
    return JsdCrossEntropy(), (torch.randn(6, 4), torch.tensor([0, 1, 0, 1, 0, 1]))
