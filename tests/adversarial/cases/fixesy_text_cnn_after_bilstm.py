"""A sentence classifier in the style of stanza's CNN classifier, compiled whole: an optional BiLSTM over the word
vectors (dynamo gives up on the frame there, GB0014, and runs the rest eagerly), convolutions whose outputs a loop
appends to a list, then max-pooling each with a comprehension over that list. Run eagerly, the comprehension names
`F`, so dynamo compiles it as a frame of its own and cannot step the list's iterator there (GB4347). A naive linter
sees a plain comprehension over a local list."""
import torch
import torch.nn.functional as F
from torch import nn


class TextCNN(nn.Module):
    def __init__(self, dim=8, filters=(2, 3)):
        super().__init__()
        self.bilstm = nn.LSTM(dim, dim // 2, batch_first=True, bidirectional=True)
        self.convs = nn.ModuleList(nn.Conv2d(1, 4, (k, dim)) for k in filters)
        self.fc = nn.Linear(4 * len(filters), 2)

    def forward(self, words):
        words, _ = self.bilstm(words)  # expect: CL143
        x = words.unsqueeze(1)
        conv_outs = []
        for conv in self.convs:
            conv_outs.append(F.relu(conv(x).squeeze(3)))
        pool_outs = [F.max_pool1d(out, out.shape[2]).squeeze(2) for out in conv_outs]  # expect: CL165
        return self.fc(torch.cat(pool_outs, dim=1))


def example():
    return TextCNN(), (torch.randn(2, 6, 8),)
