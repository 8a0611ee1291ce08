"""8 blocks, d=1024, bf16, batch 8x512 on a GPU; a tiny float32 stand-in on CPU (for a smoke run)."""

import os

import torch

import compilelint
from txbench.model import GPT, Block, RewrittenBlock


def _example(block):
    device = os.environ.get("COMPILELINT_DEVICE", "cpu")
    if device == "cuda":
        layers, d, heads, batch, seq, dtype = 8, 1024, 16, 8, 512, torch.bfloat16
    else:
        layers, d, heads, batch, seq, dtype = 2, 64, 4, 2, 16, torch.float32
    model = GPT(layers, d, heads, block).to(device=device, dtype=dtype).eval()
    x = torch.randn(batch, seq, d, device=device, dtype=dtype)
    # bf16 through 8 blocks: compiled kernels fuse and reorder, so allow bf16-sized differences
    return compilelint.Example(model, (x,), rtol=0.1 if dtype == torch.bfloat16 else None,
                               atol=0.1 if dtype == torch.bfloat16 else None)


def gpt_8x1024():
    return _example(Block)


def gpt_8x1024_rewritten():
    return _example(RewrittenBlock)
