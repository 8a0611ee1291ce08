"""Held-out group 68 of the evaluation: image backbones and their training written in the style of timm without it
(classifiers built from name registries and model factories, intermediate features pulled out of a backbone by
forward hooks into an I/O dict, knowledge-distillation steps over those features with auxiliary heads wrapped around
the student and teacher, CSP-Darknet detection backbones with FPN / PAFPN necks selecting named outputs, 2-D and 3-D
ResNet / DenseNet / Inception / Xception zoos with their training step, and an MLP-Mixer), from packages no rule was
tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout68_targets.py \
        --site benchmarks/eval/.packages-heldout68 --suffix heldout68 --jobs 1

Knowledge distillation (torchdistill): CIFAR ResNet, Wide ResNet and DenseNet-BC from the package's model registry
(``get_model``), in evaluation and a training step; and what a torchdistill user compiles for a distillation step, as
its ``DistillationBox`` runs it: the teacher under no_grad and the student, both hooked by ``ForwardHookManager``, the
I/O dicts popped, the auxiliary wrappers' ``secondary_forward`` over them, and a mid-level loss from the registry
(KD, attention transfer, FSP, PKT, RKD, SPKD, DIST, logit-standardised KD, channel-similarity, variational information
(VID regressors), contrastive representation distillation (CRD memory bank), knowledge review (attention-based
fusion), factor transfer (paraphraser / translator), self-supervised KD over rotated batches (SSKD), correlation
congruence with a Gaussian kernel (CCKD), activation boundaries through connectors (DAB), prime-aware variance
(PAD), softmax regression representation (SRD), knowledge translation and affinity adaptation (KTAAD), and the
instance / direction / DIST+ losses). Detection backbones (yolox-backbone): ``create_model`` for
YOLOX-nano (depthwise), YOLOX-s and the Darknet-53 FPN, selecting C3-C5 / P3-P5 outputs, and a training step. Model
zoo (modelfeast): 2-D ResNet-18, ResNeXt, Xception, Inception-v3, DenseNet-121, SqueezeNet, VGG-11 at small image
sizes, the package's classifier training step (``cls_loss``, backward, the ``accuracy`` and ``top1_acc`` metrics its
Trainer logs), and 3-D ResNet-10, pre-activation ResNet, DenseNet-121 and I3D (non-local blocks) on small volumes.
MLP-Mixer (mlp-mixer): classification and a training step. Same shape as targets.py (PACKAGES, DEPENDENCIES,
package(), build()), its own site folder, its own dynamo cache. Importing this module does not import torch.

Left out (checked with ``pip download --no-deps`` and the wheel's METADATA): fastervit, hiera-transformer, vjepa,
stylizing-vit, xrayzoo, robustvsnormalzoo, vit-prisma (timm, some transformers); beast-backbones (transformers);
navit-torch, vit-rgts, vision-mamba (zetascale); pytorch-toolbelt (its ``modules`` package imports its swin encoder,
which imports timm at module level); hiera-optim (Triton kernels around a timm Hiera); vit-tensorrt (TensorRT);
cvnets (sdist with a pinned research stack); poolformer (a text model). torchdistill's models need torchvision
(pinned, installed with --no-deps; its C++ nms stood in for as in heldout14). modelfeast 0.1.5 imports
``collections.Iterable`` (gone since Python 3.10): the targets alias it to ``collections.abc.Iterable`` before the
import; its trainer imports scikit-learn (pinned).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from heldout14_targets import _torchvision
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ---------------------------------------------------------------------------------------------------- torchdistill
def _registry_model(key, **kwargs):
    _torchvision()
    from torchdistill.models.registry import get_model

    return get_model(key, **kwargs)


def torchdistill_resnet20():
    torch = _seed()
    model = _registry_model("resnet20", num_classes=10).eval()

    def classify(images):
        return model(images).softmax(-1)

    return classify, [(torch.randn(2, 3, 32, 32),)]


def torchdistill_wide_resnet_train_step():
    torch = _seed()
    model = _registry_model("wide_resnet", depth=10, k=2, dropout_p=0.3, num_classes=10, pretrained=False,
                            progress=False).train()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True)

    def step(images, labels):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randn(2, 3, 32, 32), torch.tensor([1, 7]))]


def torchdistill_densenet():
    torch = _seed()
    model = _registry_model("densenet", growth_rate=6, depth=16, num_init_features=12, bottleneck=True,
                            num_classes=10, pretrained=False, progress=False).eval()

    def classify(images):
        return model(images)

    return classify, [(torch.randn(2, 3, 32, 32),)]


class _Distillation:
    """Teacher and student CIFAR ResNets hooked the way torchdistill's DistillationBox hooks them."""

    def __init__(self, torch, student_paths, teacher_paths, student=None, teacher=None):
        from torchdistill.core.forward_hook import ForwardHookManager

        self.teacher = teacher if teacher is not None else _registry_model("resnet20", num_classes=10)
        self.student = student if student is not None else _registry_model("resnet20", num_classes=10)
        self.teacher.eval()
        self.student.train()
        self.teacher_hooks = ForwardHookManager("cpu")
        self.student_hooks = ForwardHookManager("cpu")
        for model, hooks, paths in ((self.teacher, self.teacher_hooks, teacher_paths),
                                    (self.student, self.student_hooks, student_paths)):
            for path in dict.fromkeys(path for path, _ in paths):
                ios = {io for other, io in paths if other == path}
                hooks.add_hook(model, path, requires_input="input" in ios, requires_output="output" in ios)

    @staticmethod
    def _extract(model, hooks):
        """The I/O dict, then what the auxiliary modules add to it (DistillationBox's extract / update_io_dict)."""
        io_dict = hooks.pop_io_dict()
        if hasattr(model, "secondary_forward"):
            model.secondary_forward(io_dict)
            for path, entries in hooks.pop_io_dict().items():
                io_dict.setdefault(path, {}).update(entries)
        return io_dict

    def io_dicts(self, torch, images, *args):
        with torch.no_grad():
            teacher_outputs = self.teacher(images, *args)
        student_outputs = self.student(images, *args)
        return (student_outputs, teacher_outputs, self._extract(self.student, self.student_hooks),
                self._extract(self.teacher, self.teacher_hooks))


def _distillation_step(loss, student_paths, teacher_paths, student=None, teacher=None, extra_inputs=(),
                       cross_entropy=True):
    torch = _seed()
    box = _Distillation(torch, student_paths, teacher_paths, student, teacher)
    parameters = list(box.student.parameters()) + list(loss.parameters())
    optimizer = torch.optim.SGD(parameters, lr=0.05, momentum=0.9)

    def step(images, labels, *extra):
        optimizer.zero_grad()
        student_outputs, _, student_io, teacher_io = box.io_dicts(torch, images, *extra)
        total = loss(student_io, teacher_io, labels)
        if cross_entropy:
            total = total + torch.nn.functional.cross_entropy(student_outputs, labels)
        total.backward()
        optimizer.step()
        return total

    return step, [(torch.randn(4, 3, 32, 32), torch.tensor([1, 7, 3, 0]), *extra_inputs)]


def _mid_level_loss(key, **kwargs):
    _torchvision()
    import torchdistill.losses.mid_level  # noqa: F401 (registers the losses)
    from torchdistill.losses.registry import get_mid_level_loss

    return get_mid_level_loss({"key": key, "kwargs": kwargs})


def torchdistill_kd_step():
    loss = _mid_level_loss("KDLoss", student_module_path="fc", student_module_io="output", teacher_module_path="fc",
                           teacher_module_io="output", temperature=4.0, alpha=0.5)
    return _distillation_step(loss, [("fc", "output")], [("fc", "output")])


def torchdistill_attention_transfer_step():
    pairs = {f"layer{n}": {"student": {"io": "output", "path": f"layer{n}"},
                           "teacher": {"io": "output", "path": f"layer{n}"}, "weight": 1.0} for n in (1, 2, 3)}
    loss = _mid_level_loss("ATLoss", at_pairs=pairs, mode="paper")
    paths = [(f"layer{n}", "output") for n in (1, 2, 3)]
    return _distillation_step(loss, paths, paths)


def torchdistill_fsp_step():
    pairs = {"pair1": {"student_first": {"io": "input", "path": "layer1"},
                       "student_second": {"io": "output", "path": "layer1"},
                       "teacher_first": {"io": "input", "path": "layer1"},
                       "teacher_second": {"io": "output", "path": "layer1"}, "weight": 1},
             "pair2": {"student_first": {"io": "input", "path": "layer2"},
                       "student_second": {"io": "output", "path": "layer2"},
                       "teacher_first": {"io": "input", "path": "layer2"},
                       "teacher_second": {"io": "output", "path": "layer2"}, "weight": 1}}
    loss = _mid_level_loss("FSPLoss", fsp_pairs=pairs)
    paths = [("layer1", "input"), ("layer1", "output"), ("layer2", "input"), ("layer2", "output")]
    return _distillation_step(loss, paths, paths)


def torchdistill_pkt_rkd_spkd_step():
    _torchvision()
    from torch import nn

    class Sum(nn.Module):
        def __init__(self, *losses):
            super().__init__()
            self.losses = nn.ModuleList(losses)

        def forward(self, student_io, teacher_io, labels):
            return sum(loss(student_io, teacher_io, labels) for loss in self.losses)

    loss = Sum(_mid_level_loss("PKTLoss", student_module_path="fc", student_module_io="input",
                               teacher_module_path="fc", teacher_module_io="input"),
               _mid_level_loss("RKDLoss", student_output_path="fc", teacher_output_path="fc", dist_factor=1.0,
                               angle_factor=2.0, reduction="mean"),
               _mid_level_loss("SPKDLoss", student_output_path="layer3", teacher_output_path="layer3",
                               reduction="batchmean"))
    paths = [("fc", "input"), ("fc", "output"), ("layer3", "output")]
    return _distillation_step(loss, paths, paths)


def torchdistill_dist_step():
    _torchvision()
    from torch import nn

    class Sum(nn.Module):
        def __init__(self, *losses):
            super().__init__()
            self.losses = nn.ModuleList(losses)

        def forward(self, student_io, teacher_io, labels):
            return sum(loss(student_io, teacher_io, labels) for loss in self.losses)

    loss = Sum(_mid_level_loss("DISTLoss", student_module_path="fc", student_module_io="output",
                               teacher_module_path="fc", teacher_module_io="output", beta=1.0, gamma=2.0, tau=4.0),
               _mid_level_loss("LogitStdKDLoss", student_module_path="fc", student_module_io="output",
                               teacher_module_path="fc", teacher_module_io="output", temperature=2.0, alpha=0.5),
               _mid_level_loss("ChSimLoss", feature_pairs={"pair1": {"student": {"io": "output", "path": "layer3"},
                                                                     "teacher": {"io": "output", "path": "layer3"},
                                                                     "weight": 1.0}}))
    paths = [("fc", "output"), ("layer3", "output")]
    return _distillation_step(loss, paths, paths)


def _wrapper(key, **kwargs):
    _torchvision()
    import torchdistill.models.wrapper  # noqa: F401 (registers the wrappers)
    from torchdistill.models.registry import get_auxiliary_model_wrapper

    return get_auxiliary_model_wrapper(key, device="cpu", device_ids=None, distributed=False, **kwargs)


def torchdistill_vid_step():
    student = _wrapper("VariationalDistributor4VID", student_model=_registry_model("resnet20", num_classes=10),
                       regressors={"regressor1": {"io": "output", "path": "student_model.layer2",
                                                  "kwargs": {"in_channels": 32, "middle_channels": 32,
                                                             "out_channels": 32, "eps": 1e-6,
                                                             "init_pred_var": 5.0}}})
    loss = _mid_level_loss("VIDLoss", feature_pairs={"pair1": {
        "student": {"io": "output", "path": "regressor_dict.regressor1"},
        "teacher": {"io": "output", "path": "layer2"}, "weight": 1}})
    return _distillation_step(loss, [("student_model.layer2", "output"), ("regressor_dict.regressor1", "output")],
                              [("layer2", "output")],
                              student=student)


def torchdistill_crd_step():
    torch = _seed()
    teacher = _wrapper("Linear4CRD", teacher_model=_registry_model("resnet20", num_classes=10),
                       input_module_path="model.avgpool", linear_kwargs={"in_features": 64, "out_features": 16})
    student = _wrapper("Linear4CRD", student_model=_registry_model("resnet20", num_classes=10),
                       input_module_path="model.avgpool", linear_kwargs={"in_features": 64, "out_features": 16})
    loss = _mid_level_loss("CRDLoss", student_norm_module_path="normalizer", student_empty_module_path="empty",
                           teacher_norm_module_path="normalizer", input_size=16, output_size=50,
                           num_negative_samples=8, num_samples=50, temperature=0.07, momentum=0.5)
    pos_idx = torch.tensor([3, 11, 27, 40])
    # the sampled negatives CRD's data loader hands over (the loss's own sampler reads a misspelt buffer)
    supp = {"pos_idx": pos_idx, "contrast_idx": torch.cat([pos_idx[:, None], torch.randint(0, 50, (4, 8))], 1)}
    return _distillation_step(loss, [("model.avgpool", "output"), ("normalizer", "output"), ("empty", "input")],
                              [("model.avgpool", "output"), ("normalizer", "output")], student=student,
                              teacher=teacher, extra_inputs=(supp,))


def torchdistill_knowledge_review_step():
    abfs = [{"io": "output", "path": "student_model.layer1",
             "kwargs": {"in_channels": 16, "mid_channels": 16, "out_channels": 16}},
            {"io": "output", "path": "student_model.layer2",
             "kwargs": {"in_channels": 32, "mid_channels": 16, "out_channels": 32}},
            {"io": "output", "path": "student_model.layer3",
             "kwargs": {"in_channels": 64, "mid_channels": 16, "out_channels": 64}}]
    student = _wrapper("Student4KnowledgeReview", student_model=_registry_model("resnet20", num_classes=10),
                       abfs=abfs, sizes=[1, 16, 32])
    loss = _mid_level_loss("HierarchicalContextLoss", student_module_path="abf_modules.0",
                           student_module_io="output", teacher_module_path="layer3", teacher_module_io="output",
                           reduction="mean", output_sizes=[4, 2, 1])
    return _distillation_step(loss, [("student_model.layer1", "output"), ("student_model.layer2", "output"),
                                     ("student_model.layer3", "output"), ("abf_modules.0", "output")],
                              [("layer3", "output")], student=student)


def torchdistill_factor_transfer_step():
    teacher = _wrapper("Teacher4FactorTransfer", teacher_model=_registry_model("resnet20", num_classes=10),
                       minimal=None, input_module_path="teacher_model.layer3",
                       paraphraser_kwargs={"k": 0.5, "num_input_channels": 64, "kernel_size": 3, "stride": 1,
                                           "padding": 1, "uses_bn": True},
                       paraphraser_ckpt="unused-paraphraser.pt", uses_decoder=False)
    student = _wrapper("Student4FactorTransfer", student_model=_registry_model("resnet20", num_classes=10),
                       input_module_path="student_model.layer3",
                       translator_kwargs={"num_input_channels": 64, "num_output_channels": 32, "kernel_size": 3,
                                          "stride": 1, "padding": 1, "uses_bn": True})
    loss = _mid_level_loss("FTLoss", p=1, reduction="mean", paraphraser_path="paraphraser",
                           translator_path="translator")
    return _distillation_step(loss, [("student_model.layer3", "output"), ("translator", "output")],
                              [("teacher_model.layer3", "output"), ("paraphraser", "output")], student=student,
                              teacher=teacher)


def _summed(*losses):
    _torchvision()
    from torch import nn

    class Sum(nn.Module):
        def __init__(self):
            super().__init__()
            self.losses = nn.ModuleList(losses)

        def forward(self, student_io, teacher_io, labels):
            return sum(loss(student_io, teacher_io, labels) for loss in self.losses)

    return Sum()


def torchdistill_sskd_step():
    """SSKD's second stage: every fourth image is the original, the three after it its rotations."""
    teacher = _wrapper("SSWrapper4SSKD", teacher_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "model.avgpool", "io": "output"}, feat_dim=64,
                       ss_module_ckpt="unused-ss-module.pt", freezes_ss_module=True)
    student = _wrapper("SSWrapper4SSKD", student_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "model.avgpool", "io": "output"}, feat_dim=64,
                       ss_module_ckpt="unused-ss-module.pt")
    loss = _summed(
        _mid_level_loss("SSKDLoss", student_linear_module_path="model.fc", teacher_linear_module_path="model.fc",
                        student_ss_module_path="ss_module", teacher_ss_module_path="ss_module", kl_temp=4.0,
                        ss_temp=0.5, tf_temp=4.0, ss_ratio=0.75, tf_ratio=1.0, loss_weights=[1.0, 0.9, 10.0, 2.7]),
        _mid_level_loss("AuxSSKDLoss", module_path="ss_module", module_io="output"))
    paths = [("model.avgpool", "output"), ("model.fc", "output"), ("ss_module", "output")]
    torch = _seed()
    images = torch.randn(2, 3, 32, 32)
    rotated = torch.stack([torch.rot90(images, k, (2, 3)) for k in range(4)], 1).flatten(0, 1)
    step, _ = _distillation_step(loss, paths, paths, student=student, teacher=teacher, cross_entropy=False)
    return step, [(rotated, torch.tensor([1, 7]))]


def torchdistill_cckd_step():
    teacher = _wrapper("Linear4CCKD", teacher_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "model.avgpool", "io": "output"},
                       linear_kwargs={"in_features": 64, "out_features": 16})
    student = _wrapper("Linear4CCKD", student_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "model.avgpool", "io": "output"},
                       linear_kwargs={"in_features": 64, "out_features": 16})
    loss = _mid_level_loss("CCKDLoss", student_linear_path="linear", teacher_linear_path="linear",
                           kernel_config={"type": "gaussian", "gamma": 0.4, "max_p": 2}, reduction="batchmean")
    paths = [("model.avgpool", "output"), ("linear", "output")]
    return _distillation_step(loss, paths, paths, student=student, teacher=teacher)


def torchdistill_dab_step():
    connectors = {f"connector{n}": {"io": "output", "path": f"student_model.layer{n}",
                                    "conv2d_kwargs": {"in_channels": 8 * 2 ** n, "out_channels": 8 * 2 ** n,
                                                      "kernel_size": 1, "bias": False},
                                    "bn2d_kwargs": {"num_features": 8 * 2 ** n}} for n in (1, 2, 3)}
    student = _wrapper("Connector4DAB", student_model=_registry_model("resnet20", num_classes=10),
                       connectors=connectors)
    pairs = {f"pair{n}": {"student": {"io": "output", "path": f"connector_dict.connector{n}"},
                          "teacher": {"io": "output", "path": f"layer{n}"}, "weight": 1} for n in (1, 2, 3)}
    loss = _mid_level_loss("AltActTransferLoss", feature_pairs=pairs, margin=1.0, reduction="mean")
    return _distillation_step(loss, [(f"student_model.layer{n}", "output") for n in (1, 2, 3)]
                              + [(f"connector_dict.connector{n}", "output") for n in (1, 2, 3)],
                              [(f"layer{n}", "output") for n in (1, 2, 3)], student=student)


def torchdistill_pad_step():
    student = _wrapper("VarianceBranch4PAD", student_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "student_model.avgpool", "io": "output"}, feat_dim=64,
                       var_estimator_ckpt="unused-var-estimator.pt")
    loss = _mid_level_loss("PADL2Loss", student_embed_module_path="student_model.avgpool",
                           teacher_embed_module_path="avgpool", module_path="var_estimator", reduction="mean")
    return _distillation_step(loss, [("student_model.avgpool", "output"), ("var_estimator", "output")],
                              [("avgpool", "output")], student=student)


def torchdistill_srd_step():
    teacher = _wrapper("SRDModelWrapper", teacher_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "model.layer3", "io": "output"}, norm_kwargs={"num_features": 64})
    student = _wrapper("SRDModelWrapper", student_model=_registry_model("resnet20", num_classes=10),
                       input_module={"path": "model.layer3", "io": "output"}, norm_kwargs={"num_features": 64},
                       linear_kwargs={"in_features": 64, "out_features": 64})
    loss = _mid_level_loss("SRDLoss", student_feature_module_path="norm_layer", student_feature_module_io="output",
                           teacher_feature_module_path="model.avgpool", teacher_feature_module_io="output",
                           student_linear_module_path="model.fc", student_linear_module_io="output",
                           teacher_linear_module_path="model.fc", teacher_linear_module_io="output",
                           exponent=1.0, temperature=1.0, reduction="batchmean")
    return _distillation_step(loss, [("model.layer3", "output"), ("norm_layer", "output"), ("model.fc", "output")],
                              [("model.layer3", "output"), ("model.avgpool", "output"), ("model.fc", "output")],
                              student=student, teacher=teacher)


def torchdistill_ktaad_step():
    teacher = _wrapper("Teacher4FactorTransfer", teacher_model=_registry_model("resnet20", num_classes=10),
                       minimal=None, input_module_path="teacher_model.layer3",
                       paraphraser_kwargs={"k": 0.5, "num_input_channels": 64, "kernel_size": 3, "stride": 1,
                                           "padding": 1, "uses_bn": True},
                       paraphraser_ckpt="unused-paraphraser.pt", uses_decoder=False)
    student = _wrapper("Student4KTAAD", student_model=_registry_model("resnet20", num_classes=10),
                       input_module_path="student_model.layer3",
                       feature_adapter_config={"conv_kwargs": {"in_channels": 64, "out_channels": 32,
                                                               "kernel_size": 3, "padding": 1},
                                               "bn_kwargs": {"num_features": 32}, "relu_kwargs": {"inplace": True}},
                       affinity_adapter_config={"conv_kwargs": {"in_channels": 64, "out_channels": 64,
                                                                "kernel_size": 1}})
    loss = _summed(_mid_level_loss("KTALoss", p=1, q=2, reduction="mean", knowledge_translator_path="paraphraser",
                                   feature_adapter_path="feature_adapter"),
                   _mid_level_loss("AffinityLoss", student_module_path="affinity_adapter",
                                   teacher_module_path="teacher_model.layer3", reduction="mean"))
    return _distillation_step(loss, [("student_model.layer3", "output"), ("feature_adapter", "output"),
                                     ("affinity_adapter", "output")],
                              [("teacher_model.layer3", "output"), ("paraphraser", "output")], student=student,
                              teacher=teacher)


def torchdistill_skd_step():
    loss = _summed(_mid_level_loss("SKDInstanceLoss", student_module_path="fc", student_module_io="output",
                                   teacher_module_path="fc", teacher_module_io="output", temperature=4.0, mode="code"),
                   _mid_level_loss("SKDDirectionLoss", student_module_path="fc", student_module_io="output",
                                   teacher_module_path="fc", teacher_module_io="output", tikhonov=0.1, mode="code"),
                   _mid_level_loss("DISTPlusLoss", student_logit_module_path="fc", student_logit_module_io="output",
                                   teacher_logit_module_path="fc", teacher_logit_module_io="output",
                                   student_feature_module_path="layer3", student_feature_module_io="output",
                                   teacher_feature_module_path="layer3", teacher_feature_module_io="output"))
    paths = [("fc", "output"), ("layer3", "output")]
    return _distillation_step(loss, paths, paths)


# -------------------------------------------------------------------------------------------------- yolox-backbone
def _yolox(name, **kwargs):
    from yolox_backbone import create_model

    return create_model(name, pretrained=False, **kwargs)


def yolox_nano_features():
    torch = _seed()
    model = _yolox("yolox-nano", out_features=["C3", "C4", "C5", "P3", "P4", "P5"]).eval()

    def features(images):
        return model(images)

    return features, [(torch.randn(1, 3, 64, 64),)]


def yolox_s_train_step():
    torch = _seed()
    model = _yolox("yolox-s").train()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def step(images):
        optimizer.zero_grad()
        outputs = model(images)
        loss = sum(feature.square().mean() for feature in outputs.values())
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randn(2, 3, 64, 64),)]


def yolox_darknet53_fpn():
    torch = _seed()
    model = _yolox("yolox-darknet53", out_features=["C4", "P3", "P5"], input_tensor_channels=1).eval()

    def features(images):
        return model(images)

    return features, [(torch.randn(1, 1, 64, 64),)]


# ------------------------------------------------------------------------------------------------------ modelfeast
def _modelfeast():
    import collections
    import collections.abc

    collections.Iterable = collections.abc.Iterable  # modelfeast 0.1.5 predates Python 3.10
    _torchvision()  # its trainer and data loaders import torchvision
    import modelfeast

    return modelfeast


def _modelfeast_classifier(name, size, batch=2):
    torch = _seed()
    model = getattr(_modelfeast().models, name)(10, img_size=size).eval()

    def classify(images):
        return model(images)

    return classify, [(torch.randn(batch, 3, *size),)]


def modelfeast_resnet18():
    return _modelfeast_classifier("resnet18", (64, 64))


def modelfeast_resnext():
    return _modelfeast_classifier("resnext", (64, 64))


def modelfeast_xception():
    return _modelfeast_classifier("xception", (96, 96))


def modelfeast_inceptionv3():
    return _modelfeast_classifier("inceptionv3", (299, 299), batch=1)


def modelfeast_squeezenet():
    return _modelfeast_classifier("squeezenet1_1", (64, 64))


def modelfeast_vgg11():
    return _modelfeast_classifier("vgg11", (32, 32))


def modelfeast_train_step():
    torch = _seed()
    zoo = _modelfeast()
    from modelfeast.models import loss as losses
    from modelfeast.models import metric as metrics

    model = zoo.models.resnet18(10, img_size=(64, 64)).train()
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-4, weight_decay=3e-5)

    def step(images, labels):
        optimizer.zero_grad()
        output = model(images)
        loss = losses.cls_loss(output, labels)
        loss.backward()
        optimizer.step()
        return loss.item(), metrics.accuracy(output, labels), metrics.top1_acc(output, labels)

    return step, [(torch.randn(2, 3, 64, 64), torch.tensor([1, 7]))]


def _modelfeast_volume(name, shape, **kwargs):
    torch = _seed()
    model = getattr(_modelfeast().models, name)(**kwargs).eval()

    def classify(volumes):
        return model(volumes)

    return classify, [(torch.randn(*shape),)]


def modelfeast_resnet10_3d():
    return _modelfeast_volume("resnet10_3d", (1, 1, 16, 32, 32), n_classes=3, in_channels=1)


def modelfeast_resnet18v2_3d():
    return _modelfeast_volume("resnet18v2_3d", (1, 3, 16, 32, 32), n_classes=3)


def modelfeast_densenet121_3d():
    return _modelfeast_volume("densenet121_3d", (1, 1, 16, 32, 32), n_classes=3, in_channels=1)


def modelfeast_wideresnet50_3d():
    return _modelfeast_volume("wideresnet50_3d", (1, 1, 16, 32, 32), n_classes=3, in_channels=1)


# ------------------------------------------------------------------------------------------------------- mlp-mixer
def _mixer():
    from mlp_mixer import MLPMixer

    return MLPMixer(img_size=32, img_channels=3, num_classes=10, mixer_depth=2, num_patches=16, num_channels=32,
                    expansion=2, dropout=0.1)


def mixer_classify():
    torch = _seed()
    model = _mixer().eval()

    def classify(images):
        return model(images).argmax(-1)

    return classify, [(torch.randn(2, 3, 32, 32),)]


def mixer_train_step():
    torch = _seed()
    model = _mixer().train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(images, labels):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(images), labels, label_smoothing=0.1)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.randn(2, 3, 32, 32), torch.tensor([4, 9]))]


TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")

PACKAGES: Tuple[Package, ...] = (
    Package("torchdistill==1.1.5", "torchdistill", {
        "resnet20": torchdistill_resnet20,
        "wide_resnet_train_step": torchdistill_wide_resnet_train_step,
        "densenet": torchdistill_densenet,
        "kd_step": torchdistill_kd_step,
        "attention_transfer_step": torchdistill_attention_transfer_step,
        "fsp_step": torchdistill_fsp_step,
        "pkt_rkd_spkd_step": torchdistill_pkt_rkd_spkd_step,
        "dist_step": torchdistill_dist_step,
        "vid_step": torchdistill_vid_step,
        "crd_step": torchdistill_crd_step,
        "knowledge_review_step": torchdistill_knowledge_review_step,
        "factor_transfer_step": torchdistill_factor_transfer_step,
        "sskd_step": torchdistill_sskd_step,
        "cckd_step": torchdistill_cckd_step,
        "dab_step": torchdistill_dab_step,
        "pad_step": torchdistill_pad_step,
        "srd_step": torchdistill_srd_step,
        "ktaad_step": torchdistill_ktaad_step,
        "skd_step": torchdistill_skd_step},
        roots=("torchdistill.core.forward_hook:ForwardHookManager.pop_io_dict",
               "torchdistill.models.wrapper:*.secondary_forward"),
        dependencies=TORCHVISION + ("pyyaml==6.0.3",)),
    Package("yolox-backbone==0.0.1.9", "yolox_backbone", {
        "nano_features": yolox_nano_features,
        "s_train_step": yolox_s_train_step,
        "darknet53_fpn": yolox_darknet53_fpn}),
    Package("modelfeast==0.1.5", "modelfeast", {
        "resnet18": modelfeast_resnet18,
        "resnext": modelfeast_resnext,
        "xception": modelfeast_xception,
        "inceptionv3": modelfeast_inceptionv3,
        "squeezenet": modelfeast_squeezenet,
        "vgg11": modelfeast_vgg11,
        "train_step": modelfeast_train_step,
        "resnet10_3d": modelfeast_resnet10_3d,
        "resnet18v2_3d": modelfeast_resnet18v2_3d,
        "densenet121_3d": modelfeast_densenet121_3d,
        "wideresnet50_3d": modelfeast_wideresnet50_3d},
        roots=("modelfeast.models.loss:cls_loss", "modelfeast.models.metric:accuracy",
               "modelfeast.models.metric:top1_acc"),
        dependencies=("scikit-learn==1.9.1", "joblib==1.6.0", "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("mlp-mixer==0.0.1", "mlp_mixer", {
        "classify": mixer_classify,
        "train_step": mixer_train_step}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
