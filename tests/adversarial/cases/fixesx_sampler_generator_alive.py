"""A diffusion-bridge sampler in ito-vision's shape (held-out group 84): the base class's `__call__` makes the sampling
generator with `self.__iter__(...)` and announces the run before stepping it; the subclass's `__iter__` walks the
timesteps with `zip(ts[:-1], dts)`. At the announcement dynamo must rebuild the generator for the eager code, and
cannot once its loop steps the zip it made: GB8335 on that loop, frame skipped (fixesx write-up)."""
import torch


class Sampler:
    def __init__(self, quiet=False):
        self.quiet = quiet

    def __iter__(self, x, ts):
        raise NotImplementedError

    def __call__(self, x, ts):
        iterator = self.__iter__(x, ts)
        print("sampling")  # expect: CL131
        last = x
        for xt in iterator:
            last = xt
        return last


class EulerSampler(Sampler):
    def __iter__(self, x, ts):
        dts = torch.diff(ts)
        for t, dt in zip(ts[:-1], dts):  # expect: CL177
            x = x + t * dt
            yield x
        yield x * 0.5


def restore(x, ts):
    return EulerSampler()(x, ts)


compiled_restore = torch.compile(restore)


def example():
    return compiled_restore, (torch.randn(3), torch.linspace(1.0, 0.0, 5))
