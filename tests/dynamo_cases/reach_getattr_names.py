"""Methods looked up by a name built from a template: `getattr(self, "{}_reduction".format(kind))` returned by a
helper and called, and `getattr(self, f"check_{kind}")(x)` called at once (the pytorch-metric-learning reducers).
Every method of the class, its bases and its subclasses whose name fits the template is reached (regions.py:
a ".*_reduction" step); a method whose name does not fit is not compiled, so its break is not flagged."""
import torch

from compilelint import Example


class Reducer:
    def reduce(self, losses, kind):
        self.check(losses, kind)
        return self.reduction_for(kind)(losses)

    def reduction_for(self, kind):
        return getattr(self, "{}_reduction".format(kind))

    def check(self, losses, kind):
        getattr(self, f"check_{kind}")(losses)

    def check_pair(self, losses):
        if torch.amin(losses) < -5:  # expect: CL101
            raise ValueError("negative pair losses")

    def check_element(self, losses):
        pass

    def element_reduction(self, losses):
        return losses.sum()

    def pair_reduction(self, losses):
        if torch.sum(losses) > 0:  # expect: CL101
            return losses.mean()
        return losses.sum()

    def reduction_summary(self, losses):
        if torch.amax(losses) > 3:  # a name the template does not fit: not compiled
            print("large")


class MeanReducer(Reducer):
    def element_reduction(self, losses):
        if torch.mean(losses) > 1:  # expect: CL101
            return losses.mean()
        return losses.sum()


REDUCER = Reducer()
MEAN = MeanReducer()


def reduce_all(losses):
    return REDUCER.reduce(losses, "pair") + MEAN.reduce(losses, "element") + REDUCER.reduce(losses, "element")


fast_reduce_all = torch.compile(reduce_all)


def example():
    return Example(reduce_all, (torch.randn(4),))
