"""A class-label embedder for classifier-free guidance: labels are dropped either at random in training or by a
forced-drop tensor, replaced by the null class through torch.where."""
import torch
from torch import nn


class LabelEmbedding(nn.Module):
    def __init__(self, num_classes=5, dim=4, dropout_prob=0.1):
        super().__init__()
        self.embedding_table = nn.Embedding(num_classes + 1, dim)
        self.num_classes, self.dropout_prob = num_classes, dropout_prob

    def token_drop(self, labels, force_drop_ids=None):
        if force_drop_ids is None:
            drop_ids = torch.rand(labels.shape[0]) < self.dropout_prob
        else:
            drop_ids = force_drop_ids == 1
        return torch.where(drop_ids, self.num_classes, labels)

    def forward(self, labels, force_drop_ids=None):
        use_dropout = self.dropout_prob > 0
        if (self.training and use_dropout) or (force_drop_ids is not None):
            labels = self.token_drop(labels, force_drop_ids)
        return self.embedding_table(labels)


def example():
    return LabelEmbedding(), (torch.tensor([1, 2, 3]), torch.tensor([0, 1, 0]))
