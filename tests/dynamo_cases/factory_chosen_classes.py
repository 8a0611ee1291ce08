"""A factory that chooses the class it returns in an `if` / `elif` (`predictor_fn = ReverseDiffusionPredictor` or
`= EulerMaruyamaPredictor`, then `return predictor_fn`), and a compiled sampler that builds the chosen class: its
constructor runs in the graph, and so does what the constructor calls, here an SDE's `reverse`, which defines a
class (ccsd's score-based samplers, held-out group 75: GB8977 on the `class` line)."""
import torch

from compilelint import Example


class SDE:
    def __init__(self, N):
        self.N = N

    def sde(self, x, t):
        return -0.5 * x, torch.sqrt(t)[:, None]

    def reverse(self, score_fn):
        N, sde_fn = self.N, self.sde

        class RSDE(self.__class__):  # expect: CL151
            def __init__(self):
                self.N = N

            def sde(self, x, t):
                drift, diffusion = sde_fn(x, t)
                return drift - diffusion ** 2 * score_fn(x, t), diffusion

        return RSDE()


class Predictor:
    def __init__(self, sde: SDE, score_fn):
        self.sde = sde
        self.rsde = sde.reverse(score_fn)


class EulerPredictor(Predictor):
    def update(self, x, t):
        drift, diffusion = self.rsde.sde(x, t)
        return x - drift / self.sde.N


class ReversePredictor(Predictor):
    def update(self, x, t):
        drift, diffusion = self.rsde.sde(x, t)
        return x - drift + diffusion


def get_predictor(name: str):
    if name == "Reverse":
        predictor_fn = ReversePredictor
    elif name == "Euler":
        predictor_fn = EulerPredictor
    else:
        raise NotImplementedError(name)
    return predictor_fn


def gaussian_score(x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
    return -x / (1 + t[:, None])


def sample(sde: SDE, x: torch.Tensor, predictor: str) -> torch.Tensor:
    predictor_fn = get_predictor(predictor)
    predictor_obj = predictor_fn(sde, gaussian_score)
    return predictor_obj.update(x, torch.ones(x.shape[0]))


compiled_sample = torch.compile(sample)


def example():
    return Example(compiled_sample, (SDE(4), torch.randn(2, 3), "Reverse"))
