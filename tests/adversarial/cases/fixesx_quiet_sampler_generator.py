"""Quiet twins of the ito-vision sampler (fixesx write-up): the base class drains the generator into a list before it
announces the run, and a second sampler walks the timesteps by `range` indices, a generator dynamo can rebuild at a
break; nothing but the announcements breaks."""
import torch


class Sampler:
    def __iter__(self, x, ts):
        raise NotImplementedError

    def __call__(self, x, ts):
        trajectory = list(self.__iter__(x, ts))
        print("sampled")  # expect: CL131
        return trajectory[-1]


class EulerSampler(Sampler):
    def __iter__(self, x, ts):
        dts = torch.diff(ts)
        for t, dt in zip(ts[:-1], dts):
            x = x + t * dt
            yield x


class IndexedSampler:
    def steps(self, x, ts):
        for i in range(ts.shape[0] - 1):
            x = x + ts[i] * (ts[i + 1] - ts[i])
            yield x

    def __call__(self, x, ts):
        iterator = self.steps(x, ts)
        print("sampling")  # expect: CL131
        last = x
        for xt in iterator:
            last = xt
        return last


def restore(x, ts):
    return EulerSampler()(x, ts) + IndexedSampler()(x, ts)


compiled_restore = torch.compile(restore)


def example():
    return compiled_restore, (torch.randn(3), torch.linspace(1.0, 0.0, 5))
