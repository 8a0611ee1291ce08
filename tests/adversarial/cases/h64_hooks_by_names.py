"""Held-out group 64's miss (mitorch's Model.forward): a backbone whose forward takes the names of the layers to pull
features from, hooks them and calls itself without names to run them. The forward's only call in the project leaves
the names out, but its first call comes from the backbone's users, with names: the hook loop is traced, and
`register_forward_hook` breaks there (GB0467; in a loop, so the frame runs eagerly)."""
import functools

import torch
from torch import nn


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 8, 3, stride=2, padding=1))

    def forward(self, input, output_names=None):
        if not output_names:
            return self.features(input)
        hooks = []
        for i, name in enumerate(output_names):
            module = self.features.get_submodule(name)
            hooks.append(module.register_forward_hook(functools.partial(self._keep, index=i)))  # expect: CL154
        self._outputs = [None] * len(output_names)
        self.forward(input)
        for hook in hooks:
            hook.remove()
        return self._outputs

    def _keep(self, module, input, output, index):
        self._outputs[index] = output


def example():
    backbone = Backbone().eval()

    def features(images):
        return backbone(images, ["0", "2"])

    return features, (torch.randn(1, 3, 16, 16),)
