"""Branches behind compile-time guards that the project defines itself (in another file, re-exported, chained,
held in a local) or that torch spells internally: dynamo never traces them. Only the marked lines break: the
guard decides the other side of `and`/`or` and of a ternary, and a constant-returning helper is no guard."""
import os
import sys

import torch
import torch._dynamo.external_utils
import torch._jit_internal
import torch._utils
import torch.fx._symbolic_trace
import torch.jit._trace
import torch.onnx
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from guards_helpers.compiling import capturing, debug_enabled, is_compiling  # noqa: E402
from guards_helpers.utils import is_torchdynamo_compiling  # noqa: E402


def compiling_now():
    return is_torchdynamo_compiling()  # a guard through another guard


def scripting():
    return torch.jit.is_scripting()


def tracing_or_compiling():
    return torch.jit.is_tracing() or compiling_now()  # the guard on either side decides an `or`


def scripting_and_compiling():
    return torch.jit.is_scripting() and is_compiling()  # and a False one an `and`


class Model(nn.Module):
    def forward(self, x, mask):
        if not is_torchdynamo_compiling() and (mask == 0).any():
            x = x + 1
        if is_torchdynamo_compiling():
            pass
        else:
            print("eager", x)
        if is_torchdynamo_compiling() or (mask == 0).all():
            x = x * 2
        y = x.sum() if is_compiling() else x.sum().item()
        z = x.sum().item() if not compiling_now() else x.mean()
        if scripting():
            print("scripted", x)
        if not tracing_or_compiling():
            print("eager", x)
        if scripting_and_compiling():
            print("scripted", x)
        compiling = compiling_now()
        if not compiling:
            print("eager", x)
        if not torch._utils.is_compiling() or not torch._dynamo.external_utils.is_compiling():
            print("eager", x)
        if torch._jit_internal.is_scripting() or torch.jit._trace.is_tracing():
            print("scripted or traced", x)
        if torch.compiler.is_exporting() or torch.fx._symbolic_trace.is_fx_tracing() or torch.onnx.is_in_onnx_export():
            print("exported or traced", x)
        if not capturing() and not bool(mask.all()):
            raise RuntimeError("mask")
        if not is_torchdynamo_compiling():
            self.check(x)  # a helper called only in eager: not compiled
        if is_compiling() and (mask == 0).any():  # expect: CL101
            x = x - 1
        if not debug_enabled():
            print("debug", x)  # expect: CL131
        if debug_enabled() or is_compiling():  # either side may decide: the guard does
            pass
        else:
            print("eager", x)
        run = self.check if torch._C._get_tracing_state() else self.fast  # the tracer's state: None under dynamo
        if torch._C._get_tracing_state():
            print("traced", x)
        return run(x) + y + z

    def check(self, x):
        print("checked", x.sum().item())

    def fast(self, x):
        if is_torchdynamo_compiling():
            return x * 3
        print("eager only", x)
        return x * 3


def example():
    return Model(), (torch.randn(2, 3), torch.ones(2, 3))
