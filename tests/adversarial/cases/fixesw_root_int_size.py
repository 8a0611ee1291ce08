"""A solver step called from a compiled sampler function with the number of steps (k-diffusion's
`sample_dpm_fast(model, x, sigma_min, sigma_max, n)` handing `n` to `DPMSolver.dpm_solver_fast`): the entry point's
input is a Python int here, so `torch.zeros(nfe // 3)` is sized by a Python int and nothing breaks. The step uses `nfe`
only as a number (a size, a range, arithmetic), so the entry point's input, assumed a tensor and handed on, proves
nothing; a parameter it also reads as a tensor (`.sum()`, `[0]`, a torch op's input) would (fixesw write-up)."""
import torch


class Solver:
    def fast(self, x, nfe):
        steps = torch.zeros(nfe // 3)
        for _ in range(nfe % 3):
            x = x * 0.5
        return x * (steps.numel() + 1)


def sample_fast(x, n):
    return Solver().fast(x, n)


compiled_sample = torch.compile(sample_fast)


def example():
    return compiled_sample, (torch.randn(3), 7)
