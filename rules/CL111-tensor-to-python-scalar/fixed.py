import operator

import numpy as np
import torch
from torch import nn


class Normalize(nn.Module):
    def forward(self, x):
        scale = x.abs().max()  # expect: CL111
        n = x.argmax()  # expect: CL111
        s = x.std()  # expect: CL111
        k = x.argmin()  # expect: CL111
        probs = x.detach().softmax(-1).numpy()
        top = int(np.argmax(probs[0]))  # expect: CL111
        torch._assert(torch.isfinite(x).all(), "non-finite input")  # expect: CL111
        if 0 in x.sign():  # expect: CL111
            x = x.abs()
        return x / scale / s + n + k + top


def example():
    return Normalize(), (torch.randn(8, 4),)
