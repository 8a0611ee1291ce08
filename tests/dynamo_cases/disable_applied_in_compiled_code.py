"""`torch.compiler.disable` applied inside compiled code: the decorator of a nested def (docTR's detectors keep their
postprocessing out of the graph that way), `torch._dynamo.disable` likewise, and `torch.compiler.disable(f)` called
there. Dynamo skips the call of disable itself (GB0007) on the line that evaluates it, before the wrapped function
is called (GB0098 there) and whether or not it is called there. A function disabled where it is defined, at module level,
breaks only where compiled code calls it."""
import torch
from torch import nn


def to_python(t):
    return t.tolist()


@torch.compiler.disable
def summarize(t):
    return t.tolist()


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)

    def forward(self, x):
        prob = torch.sigmoid(self.head(x))

        @torch.compiler.disable  # expect: CL141
        def _postprocess(p):
            return [row.argmax() for row in p.detach()]

        out = {"prob": prob}
        out["preds"] = _postprocess(prob)  # expect: CL141
        return out


class Recognizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)

    def forward(self, x):
        logits = self.head(x)

        @torch._dynamo.disable  # expect: CL141
        def _decode(t):
            return t.tolist()

        return logits.softmax(-1)


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)

    def forward(self, x):
        y = self.head(x)
        self.convert = torch.compiler.disable(to_python)  # expect: CL141
        return y + 1


class ModuleLevel(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)

    def forward(self, x):
        y = self.head(x) * 2
        return y, summarize(y)  # expect: CL141


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.detector = Detector()
        self.recognizer = Recognizer()
        self.wrapper = Wrapper()
        self.module_level = ModuleLevel()

    def forward(self, x):
        out = self.detector(x)
        y = self.recognizer(out["prob"])
        z = self.wrapper(y)
        w, summary = self.module_level(z)
        return out["preds"], w, summary


def example():
    return Net(), (torch.randn(2, 4),)
