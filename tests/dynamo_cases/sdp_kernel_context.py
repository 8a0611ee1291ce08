"""The deprecated `torch.backends.cuda.sdp_kernel(...)` context manager is a torch function dynamo does not trace
(GB0208, and the `with` GB0142: the frame runs eagerly); its replacement `torch.nn.attention.sdpa_kernel` compiles.
Attention modules written for torch 2.0 pick their kernels with the old one (mixture-of-attention's `Attend`)."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.attention import SDPBackend, sdpa_kernel


def old_kernels(q, k, v):
    with torch.backends.cuda.sdp_kernel(enable_flash=True, enable_math=True, enable_mem_efficient=True):  # expect: CL159
        return F.scaled_dot_product_attention(q, k, v)


def new_kernels(q, k, v):
    with sdpa_kernel([SDPBackend.MATH]):
        return F.scaled_dot_product_attention(q, k, v)


class Attend(nn.Module):
    def forward(self, q, k, v):
        return old_kernels(q, k, v) + new_kernels(q, k, v)


def example():
    return Attend(), (torch.randn(1, 2, 4, 8), torch.randn(1, 2, 4, 8), torch.randn(1, 2, 4, 8))
