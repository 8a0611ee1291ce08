"""The shapes of reachy_hooks_further.py with hooks that only compute: a helper of another file registering a quiet
hook, a method two calls below __init__ registering a scaling hook, a helper handed the model that only initialises
weights (its `print` runs once, in __init__), and a printing hook registered by a method nothing calls. No break."""
import torch
from torch import nn

from reachy_hooks_lib import attach_quiet_taps, init_weights


class QuietTappedNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)
        attach_quiet_taps(self)
        init_weights(self)
        self._setup()

    def _setup(self):
        self._wire()

    def _wire(self):
        self.stem.register_forward_hook(self._scale)

    def _scale(self, module, args, output):
        return output * 0.5

    def enable_debug(self):
        self.head.register_forward_pre_hook(self._debug_tap)

    def _debug_tap(self, module, args):
        print("entering head")
        return None

    def forward(self, x):
        return self.head(torch.relu(self.stem(x)))


def example():
    return QuietTappedNet(), (torch.randn(3, 4),)
