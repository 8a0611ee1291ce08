"""The same sentence classifier without the recurrent layer, compiled whole: convolution outputs appended to a list,
then max-pooled with a comprehension over it, in one graph (no break before it: dynamo inlines the comprehension);
and a tagger head that logs a count in a loop (dynamo gives up on that frame) before comprehensions it does step in
the eager frame: over a tuple of outputs, over `range`, and one naming nothing of torch (not compiled at all)."""
import torch
import torch.nn.functional as F
from torch import nn


class TextCNN(nn.Module):
    def __init__(self, dim=8, filters=(2, 3)):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv2d(1, 4, (k, dim)) for k in filters)
        self.fc = nn.Linear(4 * len(filters), 2)

    def forward(self, words):
        x = words.unsqueeze(1)
        conv_outs = []
        for conv in self.convs:
            conv_outs.append(F.relu(conv(x).squeeze(3)))
        pool_outs = [F.max_pool1d(out, out.shape[2]).squeeze(2) for out in conv_outs]
        return self.fc(torch.cat(pool_outs, dim=1))


class TaggerHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.total = 0.0

    def forward(self, scores):
        for row in scores:
            self.total = self.total + row.max().item()  # expect: CL111
        heads = (scores.softmax(-1), scores.log_softmax(-1))
        probs = [F.relu(h) for h in heads]
        shifted = [torch.roll(scores, i, 0) for i in range(2)]
        doubled = [h * 2 for h in heads]
        return probs[0] + shifted[1] + doubled[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cnn = TextCNN()
        self.head = TaggerHead()

    def forward(self, words):
        return self.head(self.cnn(words))


def example():
    return Net(), (torch.randn(2, 6, 8),)
