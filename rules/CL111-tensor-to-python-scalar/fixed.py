import numpy as np
import torch
from torch import nn


class Normalize(nn.Module):
    def forward(self, x):
        scale = x.abs().max()  # expect: CL111
        n = x.argmax()  # expect: CL111
        s = x.std()  # expect: CL111
        probs = x.detach().softmax(-1).numpy()
        top = int(np.argmax(probs[0]))  # expect: CL111
        return x / scale / s + n + top


def example():
    return Normalize(), (torch.randn(8, 4),)
