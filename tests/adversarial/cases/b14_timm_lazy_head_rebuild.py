"""`reset_classifier` done lazily: forward rebuilds the head when the stored class count no longer matches
the head's width, constructing an `nn.Linear` in the compiled region."""
import torch
from torch import nn


class ClassifierHead(nn.Module):
    def __init__(self, in_features=8, num_classes=4):
        super().__init__()
        self.in_features = in_features
        self.num_classes = num_classes
        self.fc = nn.Linear(in_features, num_classes)

    def reset_classifier(self, num_classes):
        self.num_classes = num_classes

    def forward(self, x):
        x = x.mean((-2, -1))
        if self.fc.out_features != self.num_classes:
            self.fc = nn.Linear(self.in_features, self.num_classes)  # expect: CL145
        return self.fc(x)


def example():
    head = ClassifierHead()
    head.reset_classifier(5)
    return head, (torch.randn(1, 8, 2, 2),)
