"""The loss checked with `torch._assert_async(torch.isfinite(loss))`, and the config's epsilon checked with
`math.isfinite` of a Python float (b15_hf_utils.check_eps_is_finite)."""
import torch
from torch import nn

from b15_hf_utils import Config, check_eps_is_finite


class SequenceClassifier(nn.Module):
    def __init__(self, config=Config(), num_labels=3):
        super().__init__()
        self.config = config
        self.num_labels = num_labels
        self.classifier = nn.Linear(config.hidden_size, num_labels)
        self.loss_fct = nn.CrossEntropyLoss()

    def forward(self, pooled, labels=None):
        eps = check_eps_is_finite(self.config)
        pooled = pooled / (pooled.norm(dim=-1, keepdim=True) + eps)
        logits = self.classifier(pooled)
        loss = None
        if labels is not None:
            loss = self.loss_fct(logits.view(-1, self.num_labels), labels.view(-1))
            torch._assert_async(torch.isfinite(loss), "loss is not finite")
        return loss, logits


def example():
    return SequenceClassifier(), (torch.randn(4, 8), torch.randint(0, 3, (4,)))
