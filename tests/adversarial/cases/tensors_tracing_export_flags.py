"""`torch.jit.is_tracing()`, `torch.jit.is_scripting()`, `torch.onnx.is_in_onnx_export()` and
`torch.compiler.is_compiling()` are constants under dynamo."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if torch.jit.is_tracing() or torch.jit.is_scripting():
            x = x * 3
        if torch.onnx.is_in_onnx_export():
            x = x.clamp(0, 1)
        if not torch.compiler.is_compiling():
            print("eager only", x.shape)
        return x + 1


def example():
    return Model(), (torch.randn(2, 3),)
