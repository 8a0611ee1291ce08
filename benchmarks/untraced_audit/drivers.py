"""Drivers of the untraced-findings audit (benchmarks/untraced_audit.py): one per sampled finding (several
findings in one function share one), each building the smallest real object of the installed package and
returning `(callable, [args, ...])` or `(callable, [args, ...], kwargs)`, compiled by capture() so that dynamo
traces the finding's line. A collaborator the line does not depend on may be a plain stand-in (SimpleNamespace);
the code holding the line is always the package's own.

DRIVERS maps a sample key (group:file:line:code) to its driver; UNREACHABLE maps a key to why no driver was
written (a cost named, never a guess of the verdict).
"""

from __future__ import annotations

from contextlib import contextmanager
from types import SimpleNamespace
from typing import Callable, Dict


def _torch():
    import torch

    torch.manual_seed(0)
    return torch


# ------------------------------------------------------------------------------- the 22-package eval
def vit_xcit_dropout_layers():
    torch = _torch()
    from vit_pytorch.xcit import dropout_layers

    layers = [torch.nn.Identity(), torch.nn.Identity()]
    return (lambda x: [layer(x) for layer in dropout_layers(layers, 0.5)]), [(torch.randn(2),)]


def entmax_sparsemax_k():
    torch = _torch()
    from entmax.activations import sparsemax

    return (lambda x: sparsemax(x, dim=-1, k=2)), [(torch.randn(3, 6),)]


def xt_tpr_encoder_assert():
    torch = _torch()
    from x_transformers.discover_wrapper import TPREncoder

    enc = TPREncoder(dim=8, num_fillers=10, num_roles=4)
    return enc, [(torch.randint(0, 10, (2, 5)), torch.randint(0, 4, (2, 5)))]


def tm_fowlkes_mallows():
    torch = _torch()
    from torchmetrics.functional.clustering.fowlkes_mallows_index import fowlkes_mallows_index

    return fowlkes_mallows_index, [(torch.tensor([0, 0, 1, 1]), torch.tensor([1, 1, 0, 0]))]


def pml_angular_miner_stats():
    torch = _torch()
    from pytorch_metric_learning.miners import AngularMiner

    miner = AngularMiner(angle=20, collect_stats=True)
    angles = torch.rand(6) * 90
    return miner.set_stats, [(angles, angles > 20)]


def monai_vqvae_transformer_inferer():
    torch = _torch()
    from monai.inferers.inferer import VQVAETransformerInferer
    from monai.networks.nets import VQVAE, DecoderOnlyTransformer
    from monai.utils.ordering import Ordering

    vqvae = VQVAE(spatial_dims=2, in_channels=1, out_channels=1, channels=(4, 4), num_res_channels=(4, 4),
                  num_res_layers=1, downsample_parameters=((2, 4, 1, 1), (2, 4, 1, 1)),
                  upsample_parameters=((2, 4, 1, 1, 0), (2, 4, 1, 1, 0)), num_embeddings=8, embedding_dim=4).eval()
    transformer = DecoderOnlyTransformer(num_tokens=9, max_seq_len=8, attn_layers_dim=8, attn_layers_depth=1,
                                         attn_layers_heads=1).eval()
    ordering = Ordering(ordering_type="raster_scan", spatial_dims=2, dimensions=(1, 4, 4))
    inferer = VQVAETransformerInferer()
    return (lambda x: inferer(x, vqvae, transformer, ordering)), [(torch.randn(1, 1, 16, 16),)]


def kornia_prob_to_junctions():
    torch = _torch()
    from kornia.feature.sold2.sold2_detector import prob_to_junctions

    return (lambda p: prob_to_junctions(p, 2.0)), [(torch.rand(8, 8),)]


def pml_histogram_filter_pairs():
    torch = _torch()
    from pytorch_metric_learning.losses.histogram_loss import filter_pairs

    return filter_pairs, [(torch.tensor([0, 1, 2]), torch.tensor([1, 0, 2]))]


def vq_lfq_sampled_entropy():
    torch = _torch()
    from vector_quantize_pytorch import LFQ

    lfq = LFQ(codebook_size=16, dim=4, frac_per_sample_entropy=0.5, entropy_loss_weight=0.1).train()
    return lfq, [(torch.randn(1, 6, 4),)]


def xt_continuous_rollout_mask():
    torch = _torch()
    from x_transformers import ContinuousAutoregressiveWrapper, ContinuousTransformerWrapper, Decoder

    net = ContinuousTransformerWrapper(dim_in=4, dim_out=4, max_seq_len=16,
                                       attn_layers=Decoder(dim=8, depth=1, heads=2))
    wrapper = ContinuousAutoregressiveWrapper(net).train()
    mask = torch.ones(2, 8, dtype=torch.bool)
    return (lambda x, m: wrapper.forward_rollout(x, rollout_steps=2, mask=m)), [(torch.randn(2, 8, 4), mask)]


def pml_vicreg_covariance():
    torch = _torch()
    from pytorch_metric_learning.losses import VICRegLoss

    loss = VICRegLoss()
    return loss.covariance_loss, [(torch.randn(5, 3), torch.randn(5, 3))]


def monai_vista3d_point_mapping():
    torch = _torch()
    from monai.networks.nets.vista3d import PointMappingSAM

    model = PointMappingSAM(feature_size=8, max_prompt=4, n_classes=4).eval()
    out = torch.randn(1, 8, 4, 4, 4)
    points = torch.rand(1, 2, 3) * 4
    labels = torch.tensor([[3, 1]])
    return model, [(out, points, labels)]


def monai_cldice_softmax_one_channel():
    torch = _torch()
    from monai.losses.cldice import SoftclDiceLoss

    loss = SoftclDiceLoss(softmax=True)
    return loss, [(torch.rand(1, 1, 8, 8), torch.rand(1, 1, 8, 8))]


def torchsde_unused_kwargs():
    from torchsde._core.misc import handle_unused_kwargs

    torch = _torch()

    def fn(x):
        handle_unused_kwargs({"junk": 1}, msg="sdeint")
        return x + 1

    return fn, [(torch.randn(2),)]


def vit_lejepa_random_apply():
    torch = _torch()
    from vit_pytorch.lejepa import RandomApply

    return RandomApply(torch.nn.Identity(), p=0.5), [(torch.randn(2),)]


def kornia_load_image_open():
    torch = _torch()
    import tempfile
    from pathlib import Path

    from kornia.io.io import _load_image_to_tensor

    folder = Path(tempfile.mkdtemp())
    import numpy as np

    from kornia.io import write_image

    write_image(str(folder / "a.png"), torch.from_numpy(np.zeros((3, 4, 4), dtype=np.uint8)))

    def fn(x):
        return _load_image_to_tensor(folder / "a.png", "cpu").float() + x

    return fn, [(torch.zeros(1),)]


def monai_retinanet_dict_features():
    torch = _torch()
    from monai.apps.detection.networks.retinanet_network import RetinaNet

    class DictFeatures(torch.nn.Module):  # a feature extractor returning a dict, as the branch needs
        out_channels = 8

        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(1, 8, 3, padding=1)

        def forward(self, x):
            return {"0": self.conv(x)}

    net = RetinaNet(spatial_dims=2, num_classes=2, num_anchors=1, feature_extractor=DictFeatures(), size_divisible=1)
    return net.eval(), [(torch.randn(1, 1, 8, 8),)]


def xt_rollout_gru():
    torch = _torch()
    from x_transformers.next_latent_wrapper import RolloutGRU

    return RolloutGRU(8).eval(), [(torch.randn(2, 1, 3, 8), torch.randn(1, 3, 8))]


def tm_nisqa_get_clones():
    torch = _torch()
    from torchmetrics.functional.audio.nisqa import _get_clones

    module = torch.nn.Linear(2, 2)
    return (lambda x: _get_clones(module, 2)[0](x)), [(torch.randn(2),)]


def kornia_operation_magnitude():
    torch = _torch()
    from kornia.augmentation.auto.operations.ops import Brightness

    def fn(x):
        op = Brightness(initial_magnitude=0.2)
        return x + op.magnitude

    return fn, [(torch.zeros(1),)]


def tm_nisqa_self_attention_layer():
    torch = _torch()
    from torchmetrics.functional.audio.nisqa import _SelfAttentionLayer

    args = {"td_sa_d_model": 4, "td_sa_nhead": 1, "td_sa_dropout": 0.0, "td_sa_h": 4}

    def fn(x):
        return _SelfAttentionLayer(args).self_attn.in_proj_weight.sum() + x

    return fn, [(torch.zeros(1),)]


def zuko_ffj_hutchinson():
    torch = _torch()
    from zuko.transforms import FreeFormJacobianTransform

    class Field(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = torch.nn.Linear(2, 2)

        def forward(self, t, x):
            return self.lin(x)

    transform = FreeFormJacobianTransform(Field(), 0.0, 1.0, exact=False)
    return transform.call_and_ladj, [(torch.randn(3, 2),)]


def kornia_ransac_compiled_kps():
    torch = _torch()
    from kornia.geometry.ransac import RANSAC

    ransac = RANSAC(model_type="homography")
    return ransac._forward_compiled, [(torch.rand(8, 2), torch.rand(8, 2))]



@contextmanager
def _without_torchvision():
    """vit_pytorch/__init__ imports its DINO trainer, which imports torchvision's transforms (no CPU wheel for this
    torch; the models audited never touch it): the same stand-in as benchmarks/eval/targets.py, there only while
    vit_pytorch is imported (torchmetrics asks for the real torchvision later in the same process)."""
    import sys
    import types

    if "torchvision" in sys.modules:
        yield
        return
    stub = types.ModuleType("torchvision")
    stub.transforms = types.ModuleType("torchvision.transforms")
    sys.modules["torchvision"], sys.modules["torchvision.transforms"] = stub, stub.transforms
    try:
        yield
    finally:
        del sys.modules["torchvision"], sys.modules["torchvision.transforms"]


def vit_xcit_dropout_layers_stubbed():
    with _without_torchvision():
        return vit_xcit_dropout_layers()


def vit_lejepa_random_apply_stubbed():
    with _without_torchvision():
        return vit_lejepa_random_apply()


# ------------------------------------------------------------------------------------- held-out groups
def neuralop_fourier_extend_axes():
    torch = _torch()
    from neuralop.layers.fourier_continuation import FCLegendre

    fc = FCLegendre(d=2, n_additional_pts=4)
    return (lambda x: fc.extend(x, dim=(-1,))), [(torch.randn(1, 2, 12),)]


def neuralop_fourier_forward_int_dim():
    torch = _torch()
    from neuralop.layers.fourier_continuation import FCLegendre

    fc = FCLegendre(d=2, n_additional_pts=4)
    return (lambda x: fc(x, 1)), [(torch.randn(1, 2, 12),)]


def fms_yarn_freqs_cache():
    torch = _torch()
    from fms.modules.positions import CachedYarnRotaryEmbedding

    # through its caller: adjusted_qk passes `torch.max(position_ids[:, 0]) + seq_len`, a tensor
    rope = CachedYarnRotaryEmbedding(dim=8, original_max_position_embeddings=16, base=10000.0, scaling_factor=2.0)
    return rope.adjusted_qk, [(torch.randn(1, 4, 2, 8), torch.randn(1, 4, 2, 8))]


def torchpme_gammaincc_exponent():
    torch = _torch()
    from torchpme.lib.math import gammaincc_over_powerlaw

    return gammaincc_over_powerlaw, [(torch.tensor(6.0), torch.rand(4) + 0.5)]


def torchpme_pme_error_bounds():
    torch = _torch()
    from torchpme.tuning.pme import PMEErrorBounds

    charges, cell, positions = torch.tensor([[1.0], [-1.0]]), torch.eye(3) * 4, torch.rand(2, 3) * 4
    bounds = PMEErrorBounds(charges, cell, positions)
    return (lambda s: bounds(s, 0.5, 4.4, 3)), [(torch.tensor(1.0),)]


def torchcde_missing_values():
    torch = _torch()
    from torchcde.interpolation_linear import _linear_interpolation_coeffs_with_missing_values_scalar as fill

    x = torch.tensor([1.0, float("nan"), 3.0, float("nan"), float("nan"), 6.0])
    return fill, [(torch.arange(6.0), x)]


def orb_split_prediction():
    torch = _torch()
    from orb_models.forcefield.forcefield_utils import split_prediction

    return split_prediction, [(torch.randn(5, 3), torch.tensor([2, 3]))]


def geoopt_antipode():
    torch = _torch()
    from geoopt.manifolds.stereographic.math import _antipode

    return _antipode, [(torch.randn(3, 2) * 0.1, torch.tensor(-1.0))]


def gpytorch_inducing_point_covariance():
    torch = _torch()
    from gpytorch.kernels import InducingPointKernel, RBFKernel
    from gpytorch.likelihoods import GaussianLikelihood

    kernel = InducingPointKernel(RBFKernel(), inducing_points=torch.randn(3, 1), likelihood=GaussianLikelihood())
    return kernel._get_covariance, [(torch.randn(4, 1), torch.randn(4, 1))]


def graph_pes_threebody_key():
    torch = _torch()
    from graph_pes.utils.threebody import _threebody_cache_key

    return (lambda x: (_threebody_cache_key(3.0), x + 1)[1]), [(torch.randn(2),)]


def geoopt_polak_ribiere():
    torch = _torch()
    from geoopt.optim.rlinesearch import cg_polak_ribiere

    p = torch.nn.Parameter(torch.randn(3))
    states = {p: {"grad": torch.randn(3), "grad_transported": torch.randn(3), "prev_grad_norm_squared": 2.0}}
    return (lambda x: cg_polak_ribiere([p], states) * x), [(torch.ones(1),)]


def torchkbnufft_spmat_adjoint():
    torch = _torch()
    from torchkbnufft._nufft.interp import spmat_interp_adjoint

    n = 4
    mat = torch.sparse_coo_tensor(torch.tensor([[0, 1], [0, 3]]), torch.tensor([1.0, 1.0]), (2, n * n))
    data = torch.randn(1, 1, 2, dtype=torch.complex64)
    return (lambda d: spmat_interp_adjoint(d, (mat, mat), torch.tensor([n, n]))), [(data,)]


def graph_pes_z_to_one_hot():
    torch = _torch()
    from graph_pes.interfaces._mace import ZToOneHot

    model = ZToOneHot([1, 6])

    def fn(z):
        try:
            return model(z)
        except ValueError:
            return z

    return fn, [(torch.tensor([1, 200]),)]


def e3nn_radius_graph():
    torch = _torch()
    from e3nn.nn.models.gate_points_2102 import radius_graph

    return (lambda pos, batch: radius_graph(pos, 1.5, batch)), [(torch.rand(5, 3), torch.zeros(5, dtype=torch.long))]


def neuralop_native_neighbors():
    torch = _torch()
    from neuralop.layers.neighbor_search import native_neighbor_search

    return (lambda d, q: native_neighbor_search(d, q, 0.5, return_norm=True)), [(torch.rand(6, 2), torch.rand(4, 2))]


def torchani_discard_pairs():
    torch = _torch()
    from torchani.neighbors import Neighbors, discard_inter_molecule_pairs

    def fn(idx, mol):
        n = Neighbors(idx, torch.ones(idx.shape[1]), torch.ones(idx.shape[1], 3))
        return discard_inter_molecule_pairs(n, mol).indices

    return fn, [(torch.tensor([[0, 1, 2], [1, 2, 3]]), torch.tensor([0, 0, 1, 1]))]


def mace_conditional_huber():
    torch = _torch()
    from mace.modules.loss import conditional_huber_forces

    return (lambda r, p: conditional_huber_forces(r, p, 0.01)), [(torch.randn(6, 3) * 150, torch.randn(6, 3))]


def se3_matrix_kernel():
    torch = _torch()
    from se3_transformer_pytorch.basis import get_matrix_kernel

    return get_matrix_kernel, [(torch.randn(2, 3),)]


def botorch_sample_polytope():
    torch = _torch()
    from botorch.utils.sampling import sample_polytope

    A = torch.tensor([[1.0, 0.0], [0.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]])
    b = torch.tensor([[1.0], [0.0], [1.0], [1.0], [1.0]])
    return (lambda x0: sample_polytope(A, b, x0, n=2, seed=0)), [(torch.zeros(2, 1),)]


def chemprop_sum_aggregation():
    torch = _torch()
    from chemprop.nn.agg import SumAggregation

    return SumAggregation(), [(torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 2]))]


def gpytorch_softmax_legacy():
    torch = _torch()
    from gpytorch.likelihoods import SoftmaxLikelihood

    lik = SoftmaxLikelihood(num_features=4, num_classes=3)
    return (lambda f: lik.forward(f).probs), [(torch.randn(4, 4),)]


def torchdyn_fixed_step_tolerances():
    torch = _torch()
    from torchdyn.numerics.odeint import odeint

    return (lambda x: odeint(lambda t, x: -x, x, torch.linspace(0, 1, 3), "euler", atol=1e-5)[1]), \
        [(torch.randn(2, 2),)]


def torchcfm_grad_model():
    torch = _torch()
    from torchcfm.models.models import GradModel

    return GradModel(torch.nn.Linear(2, 1)), [(torch.randn(3, 2),)]


def torch_rechub_embedding_raises():
    torch = _torch()
    from torch_rechub.basic.features import DenseFeature
    from torch_rechub.basic.layers import EmbeddingLayer

    features = [DenseFeature("d")]
    layer = EmbeddingLayer(features)

    def fn(x):
        try:
            return layer({"d": x}, features, squeeze_dim=False)
        except ValueError:
            return x

    return fn, [(torch.randn(3),)]


def e3nn_clebsch_gordan():
    torch = _torch()
    from e3nn.o3._wigner import _so3_clebsch_gordan

    return (lambda x: _so3_clebsch_gordan.__wrapped__(1, 1, 1).sum() + x), [(torch.zeros(1),)]


def pytorchcv_fractal_drop_mask():
    torch = _torch()
    from pytorchcv.models.fractalnet_cifar import FractalBlock

    import numpy as np

    glob_num_columns = np.array([0, 1])  # what FractalBlock.forward passes: a numpy array of column counts
    return (lambda x: FractalBlock.calc_drop_mask(6, glob_num_columns, 2, 2, 0.99).float() + x), \
        [(torch.zeros(1),)]


def torchcfm_ot_trajectory():
    torch = _torch()
    from torchcfm.optimal_transport import OTPlanSampler

    sampler = OTPlanSampler(method="exact")
    return sampler.sample_trajectory, [(torch.randn(3, 2, 2),)]




def hippynn_kdtree_cell_check():
    torch = _torch()
    from hippynn.layers.pairs.dispatch import neighbor_list_kdtree

    def fn(coords, cell):
        try:
            return neighbor_list_kdtree(1.0, coords, cell)
        except Exception:  # past the checked line the scipy tree needs numpy inputs: not what is audited
            return coords

    return fn, [(torch.rand(4, 3), torch.eye(3) * 3)]


def torchtune_reverse_kl():
    torch = _torch()
    from torchtune.modules.loss.kd_losses import ReverseKLLoss

    return ReverseKLLoss(), [(torch.randn(4, 6), torch.randn(4, 6), torch.tensor([1, 2, -100, 3]))]


def torch_rechub_nce_mask():
    torch = _torch()
    from torch_rechub.basic.loss_func import NCELoss

    return NCELoss(ignore_index=0), [(torch.randn(4, 6), torch.tensor([1, 0, 2, 3]))]


def asteroid_ola_small_window():
    torch = _torch()
    from asteroid_filterbanks.torch_stft_fb import ola_with_wdiv

    window = torch.tensor([0.0, 1.0, 1.0, 0.0])  # zeros at the ends: the overlap-add has points below 1e-11
    return (lambda wav: ola_with_wdiv(wav, window, 4, 4, center=False)), [(torch.randn(1, 1, 16),)]


def chemprop_mcc_update():
    torch = _torch()
    from chemprop.nn.metrics import MulticlassMCCLoss

    metric = MulticlassMCCLoss()
    return (lambda p, t: metric.update(p, t)), [(torch.randn(4, 1, 3) * 3, torch.tensor([[0], [1], [2], [1]]))]


def chemprop_extra_repr():
    torch = _torch()
    from chemprop.nn.metrics import MSE

    metric = MSE(task_weights=torch.ones(1, 2))
    return (lambda x: (metric.extra_repr(), x + 1)[1]), [(torch.zeros(1),)]


def sb3_channels_first():
    torch = _torch()
    import numpy as np
    from gymnasium import spaces
    from stable_baselines3.common.preprocessing import is_image_space_channels_first

    space = spaces.Box(low=0, high=255, shape=(3, 8, 8), dtype=np.uint8)
    return (lambda x: x + is_image_space_channels_first(space)), [(torch.zeros(1),)]


def deepctr_dense_input():
    torch = _torch()
    from deepctr_torch.inputs import DenseFeat, build_input_features, get_dense_input

    columns = [DenseFeat("a", 2)]
    features = build_input_features(columns)
    return (lambda X: get_dense_input(X, features, columns)[0]), [(torch.randn(3, 2),)]


def torchtune_layer_dropout():
    torch = _torch()
    from torchtune.modules.layer_dropout import LayerDropout

    drop = LayerDropout(prob=0.5).train()
    return (lambda x: drop(lambda y: y * 2, x)), [(torch.randn(6, 3),)]


def deepctr_auxiliary_loss():
    torch = _torch()
    from deepctr_torch.models.dien import InterestExtractor

    ext = InterestExtractor(4, use_neg=True)
    return ext._cal_auxiliary_loss, [(torch.randn(3, 5, 4), torch.randn(3, 5, 4), torch.randn(3, 5, 4),
                                     torch.tensor([5, 0, 3]))]


def nms_3d_debug():
    torch = _torch()
    from nms_3d.nms_3d import nms_3d

    boxes = torch.tensor([[0.9, 0, 0, 0, 1, 1, 1], [0.8, 0.1, 0, 0, 1, 1, 1], [0.7, 5, 5, 5, 6, 6, 6.0]])
    return (lambda b: nms_3d(b, 0.1, debug=True)), [(boxes,)]


def reformer_deterministic_rng():
    torch = _torch()
    from reformer_pytorch.reversible import Deterministic

    det = Deterministic(torch.nn.Dropout(0.5))

    def fn(x):
        det(x, record_rng=True)
        return det(x, set_rng=True)

    return fn, [(torch.randn(4),)]


def se3_deterministic_rng():
    torch = _torch()
    from se3_transformer_pytorch.reversible import Deterministic

    det = Deterministic(torch.nn.Dropout(0.5))

    def fn(x):
        det(x, record_rng=True)
        return det(x, set_rng=True)

    return fn, [(torch.randn(4),)]


def normflows_init_u_v():
    torch = _torch()
    from normflows.nets.lipschitz import InducedNormConv2d

    conv = InducedNormConv2d(2, 3, 1, 1, 0, n_iterations=2)
    return (lambda x: (conv._initialize_u_v(), x + conv.u.sum())[1]), [(torch.zeros(1),)]


def normflows_circular_spline():
    torch = _torch()
    from normflows.utils.splines import unconstrained_rational_quadratic_spline

    bins = 4
    return (lambda x, w, h, d: unconstrained_rational_quadratic_spline(x, w, h, d, tails="circular")[0]), \
        [(torch.tensor([-2.0, 0.1, 0.5, 3.0]), torch.randn(4, bins), torch.randn(4, bins), torch.randn(4, bins))]


def reformer_layer_dropout():
    torch = _torch()
    from reformer_pytorch.reversible import ReversibleSequence

    blocks = torch.nn.ModuleList([torch.nn.ModuleList([torch.nn.Linear(4, 4), torch.nn.Linear(4, 4)])
                                  for _ in range(2)])
    seq = ReversibleSequence(blocks, layer_dropout=0.5).train()
    return seq, [(torch.randn(1, 3, 8),)]


def auraloss_fir_filter_built():
    torch = _torch()
    from auraloss.perceptual import FIRFilter

    return (lambda x: FIRFilter(ntaps=5).fir.weight.sum() + x), [(torch.zeros(1),)]


def auraloss_stft_mel_without_librosa():
    torch = _torch()
    from auraloss.freq import STFTLoss

    def fn(x):
        try:
            return STFTLoss(fft_size=16, hop_size=4, win_length=8, scale="mel", n_bins=8, sample_rate=8000)(x, x)
        except Exception:  # no librosa here: the constructor prints the import error, then fails on the filters
            return x

    return fn, [(torch.randn(1, 1, 64),)]


def torchkge_transr_projections():
    torch = _torch()
    from torchkge.models.translation import TransRModel

    model = TransRModel(4, 3, 5, 2)
    return (lambda x: (model.evaluate_projectionss(), x + 1)[1]), [(torch.zeros(1),)]


def torchdyn_adaptive_checkpoints():
    torch = _torch()
    from torchdyn.numerics.odeint import odeint

    return (lambda x: odeint(lambda t, x: -x, x, torch.linspace(0, 1, 3), "dopri5")[1]), [(torch.randn(2, 2),)]


def gpytorch_rbf_gradgrad():
    torch = _torch()
    from gpytorch.kernels import RBFKernelGradGrad

    kernel = RBFKernelGradGrad()
    return kernel.forward, [(torch.randn(3, 2), torch.randn(3, 2))]


def gpytorch_cylindrical():
    torch = _torch()
    from gpytorch.kernels import CylindricalKernel, MaternKernel

    kernel = CylindricalKernel(num_angular_weights=2, radial_base_kernel=MaternKernel())
    x = torch.tensor([[0.0, 0.1], [0.2, 0.3], [0.1, 0.0]])
    return kernel.forward, [(x, x)]


def torchcfm_unet_print():
    torch = _torch()
    from torchcfm.models.unet.unet import UNetModel

    model = UNetModel(image_size=8, in_channels=1, model_channels=32, out_channels=1, num_res_blocks=1,
                      attention_resolutions=(), channel_mult=(1,))
    return model, [(torch.rand(2, 1), torch.randn(2, 1, 8, 8))]


def ema_not_copyable():
    torch = _torch()
    from ema_pytorch import EMA

    class NotCopyable(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = torch.nn.Linear(2, 2)

        def __deepcopy__(self, memo):
            raise TypeError("not copyable")

    def fn(x):
        try:
            EMA(NotCopyable(), ema_model=None)
        except SystemExit:  # init_ema calls exit() after its message
            pass
        return x + 1

    return fn, [(torch.zeros(1),)]




def speculative_decoding_loop():
    torch = _torch()
    from speculative_decoding.speculative_decoding import speculative_decoding_with_same_model

    class Stop(Exception):
        pass

    def net(*args, **kwargs):  # the audited line is the loop test before the first call of the network
        raise Stop

    def fn(prompt):
        try:
            return speculative_decoding_with_same_model(net, prompt, seq_len=8)
        except Stop:
            return prompt

    return fn, [(torch.randint(0, 10, (2, 4)),)]


def neuralop_incremental_verbose():
    torch = _torch()
    from neuralop.data.transforms.data_processors import IncrementalDataProcessor

    processor = IncrementalDataProcessor(verbose=True, epoch_gap=1)
    return (lambda x: (processor.epoch_wise_res_increase(1), x + 1)[1]), [(torch.zeros(1),)]


def botorch_update_damping():
    torch = _torch()
    from botorch.acquisition.multi_objective.predictive_entropy_search import _update_damping

    eye = torch.eye(2).expand(1, 2, 2)
    return _update_damping, [(eye * 2, eye * 3, torch.ones(1), torch.tensor(1e-6))]


def normflows_weight_1x1_tolerances():
    torch = _torch()
    from normflows.nets.lipschitz import InducedNormConv2d

    conv = InducedNormConv2d(2, 3, 1, 1, 0, atol=1e-3, rtol=1e-3)
    return (lambda x: conv._compute_weight_1x1(update=True).sum() + x), [(torch.zeros(1),)]




def fms_generate_timing():
    torch = _torch()
    from fms.utils.generation import generate

    head = torch.nn.Embedding(10, 10)

    def model(ids, **kwargs):  # a causal LM's logits over 10 tokens
        return head(ids)

    return (lambda ids: generate(model, ids, max_seq_len=8, max_new_tokens=2, timing="per-token", do_sample=False)), \
        [(torch.randint(0, 10, (1, 3)),)]




def torchode_solve_t_eval():
    torch = _torch()
    import torchode as to

    term = to.ODETerm(lambda t, y: -y)
    adjoint = to.AutoDiffAdjoint(to.Dopri5(term=term), to.IntegralController(atol=1e-4, rtol=1e-3, term=term))

    def fn(y0, t_eval):
        return adjoint.solve(to.InitialValueProblem(y0=y0, t_eval=t_eval)).ys

    return fn, [(torch.randn(2, 3), torch.linspace(0, 1, 4).expand(2, 4))]


def gpytorch_grid_strategy():
    torch = _torch()
    from gpytorch.models import ApproximateGP
    from gpytorch.variational import CholeskyVariationalDistribution, GridInterpolationVariationalStrategy

    class GP(ApproximateGP):
        def __init__(self):
            distribution = CholeskyVariationalDistribution(8)
            super().__init__(GridInterpolationVariationalStrategy(self, grid_size=8, grid_bounds=[(0.0, 1.0)],
                                                                  variational_distribution=distribution))

    strategy = GP().variational_strategy
    return strategy._compute_grid, [(torch.rand(5, 1),)]




def torch_rechub_sbc_last_batch():
    torch = _torch()
    from torch_rechub.basic.features import DenseFeature, SparseFeature
    from torch_rechub.models.matching.youtube_sbc import YoutubeSBC

    user, item, weight = [SparseFeature("uid", 5, 4)], [SparseFeature("iid", 5, 4)], [DenseFeature("w")]
    model = YoutubeSBC(user, item, weight, {"dims": [4]}, {"dims": [4]}, batch_size=4, n_neg=1).train()
    x = {"uid": torch.tensor([0, 1]), "iid": torch.tensor([2, 3]), "w": torch.tensor([0.5, 0.7])}
    return model, [(x,)]


def pykeen_embedding_bag():
    torch = _torch()
    from pykeen.nn.representation import EmbeddingBagRepresentation

    rep = EmbeddingBagRepresentation(assignment=torch.tensor([[0, 0], [0, 1], [1, 2]]), max_id=2, shape=4)
    return rep._plain_forward, [(torch.tensor([1, 0]),)]




def neuralop_poisson_preprocess():
    torch = _torch()
    from neuralop.data.datasets.nonlinear_poisson import PoissonGINODataProcessor

    processor = PoissonGINODataProcessor(input_sub_level=0.5, output_sub_level=0.5)
    data = {"x": torch.randn(1, 8, 1), "input_geom": torch.randn(1, 8, 2), "y_domain": torch.randn(1, 6, 1),
            "y_bound": torch.randn(1, 4, 1), "output_queries_domain": torch.randn(1, 6, 2),
            "output_queries_bound": torch.randn(1, 4, 2), "num_boundary": torch.tensor(4)}

    def fn(x):
        try:
            processor.preprocess(dict(data, x=x))
        except Exception:  # what follows the audited line needs a full GINO batch
            pass
        return x

    return fn, [(data["x"],)]


def torchkbnufft_kb_interp():
    torch = _torch()
    import torchkbnufft as tkbn

    interp = tkbn.KbInterp(im_size=(8, 8), grid_size=(16, 16))
    image = torch.randn(1, 1, 16, 16, dtype=torch.complex64)
    omega = torch.rand(2, 20) * 6 - 3
    return interp, [(image, omega)]



DRIVERS: Dict[str, Callable] = {
    "final:vit_pytorch/xcit.py:33:CL101": vit_xcit_dropout_layers_stubbed,
    "final:entmax/activations.py:78:CL101": entmax_sparsemax_k,
    "final:entmax/activations.py:79:CL122": entmax_sparsemax_k,
    "final:x_transformers/discover_wrapper.py:211:CL101": xt_tpr_encoder_assert,
    "final:torchmetrics/functional/clustering/fowlkes_mallows_index.py:48:CL102": tm_fowlkes_mallows,
    "final:pytorch_metric_learning/miners/angular_miner.py:67:CL111": pml_angular_miner_stats,
    "final:monai/inferers/inferer.py:2055:CL111": monai_vqvae_transformer_inferer,
    "final:kornia/feature/sold2/sold2_detector.py:606:CL121": kornia_prob_to_junctions,
    "final:pytorch_metric_learning/losses/histogram_loss.py:12:CL121": pml_histogram_filter_pairs,
    "final:vector_quantize_pytorch/lookup_free_quantization.py:372:CL122": vq_lfq_sampled_entropy,
    "final:x_transformers/continuous.py:374:CL122": xt_continuous_rollout_mask,
    "final:pytorch_metric_learning/losses/vicreg_loss.py:77:CL122": pml_vicreg_covariance,
    "final:monai/networks/nets/vista3d.py:546:CL122": monai_vista3d_point_mapping,
    "final:monai/losses/cldice.py:206:CL131": monai_cldice_softmax_one_channel,
    "final:torchsde/_core/misc.py:29:CL131": torchsde_unused_kwargs,
    "final:vit_pytorch/lejepa.py:110:CL133": vit_lejepa_random_apply_stubbed,
    "final:kornia/io/io.py:220:CL135": kornia_load_image_open,
    "final:monai/apps/detection/networks/retinanet_network.py:335:CL142": monai_retinanet_dict_features,
    "final:x_transformers/next_latent_wrapper.py:112:CL143": xt_rollout_gru,
    "final:torchmetrics/functional/audio/nisqa.py:397:CL144": tm_nisqa_get_clones,
    "final:kornia/augmentation/auto/operations/base.py:141:CL145": kornia_operation_magnitude,
    "final:torchmetrics/functional/audio/nisqa.py:270:CL145": tm_nisqa_self_attention_layer,
    "final:zuko/transforms.py:1171:CL147": zuko_ffj_hutchinson,
    "final:kornia/geometry/ransac.py:1044:CL149": kornia_ransac_compiled_kps,
    "heldout3:neuralop/layers/fourier_continuation.py:72:CL101": neuralop_fourier_extend_axes,
    "heldout9:fms/modules/positions.py:724:CL101": fms_yarn_freqs_cache,
    "heldout8:torchpme/lib/math.py:99:CL101": torchpme_gammaincc_exponent,
    "heldout8:torchpme/tuning/pme.py:221:CL114": torchpme_pme_error_bounds,
    "heldout3:torchcde/interpolation_linear.py:46:CL101": torchcde_missing_values,
    "heldout8:orb_models/forcefield/forcefield_utils.py:59:CL101": orb_split_prediction,
    "heldout6:geoopt/manifolds/stereographic/math.py:1859:CL101": geoopt_antipode,
    "heldout:gpytorch/kernels/inducing_point_kernel.py:77:CL102": gpytorch_inducing_point_covariance,
    "heldout8:graph_pes/utils/threebody.py:95:CL111": graph_pes_threebody_key,
    "heldout6:geoopt/optim/rlinesearch.py:615:CL111": geoopt_polak_ribiere,
    "heldout6:torchkbnufft/_nufft/interp.py:64:CL112": torchkbnufft_spmat_adjoint,
    "heldout8:graph_pes/interfaces/_mace.py:29:CL112": graph_pes_z_to_one_hot,
    "heldout:e3nn/nn/models/gate_points_2102.py:30:CL121": e3nn_radius_graph,
    "heldout3:neuralop/layers/neighbor_search.py:111:CL121": neuralop_native_neighbors,
    "heldout3:torchani/neighbors.py:38:CL121": torchani_discard_pairs,
    "heldout8:mace/modules/loss.py:227:CL122": mace_conditional_huber,
    "heldout3:se3_transformer_pytorch/basis.py:46:CL122": se3_matrix_kernel,
    "heldout6:botorch/utils/sampling.py:264:CL122": botorch_sample_polytope,
    "heldout6:botorch/utils/sampling.py:295:CL111": botorch_sample_polytope,
    "heldout9:chemprop/nn/agg.py:93:CL124": chemprop_sum_aggregation,
    "heldout:gpytorch/likelihoods/softmax_likelihood.py:65:CL131": gpytorch_softmax_legacy,
    "heldout9:torchdyn/numerics/odeint.py:83:CL131": torchdyn_fixed_step_tolerances,
    "heldout9:torchcfm/models/models.py:31:CL147": torchcfm_grad_model,
    "heldout5:torch_rechub/basic/layers.py:127:CL137": torch_rechub_embedding_raises,
    "heldout:e3nn/o3/_wigner.py:154:CL141": e3nn_clebsch_gordan,
    "heldout2:pytorchcv/models/fractalnet_cifar.py:184:CL155": pytorchcv_fractal_drop_mask,
    "heldout9:torchcfm/optimal_transport.py:207:CL156": torchcfm_ot_trajectory,
    "heldout10:hippynn/layers/pairs/dispatch.py:148:CL101": hippynn_kdtree_cell_check,
    "heldout7:torchtune/modules/loss/kd_losses.py:114:CL101": torchtune_reverse_kl,
    "heldout5:torch_rechub/basic/loss_func.py:168:CL101": torch_rechub_nce_mask,
    "heldout5:torch_rechub/basic/loss_func.py:169:CL122": torch_rechub_nce_mask,
    "heldout3:asteroid_filterbanks/torch_stft_fb.py:161:CL101": asteroid_ola_small_window,
    "heldout3:asteroid_filterbanks/torch_stft_fb.py:163:CL131": asteroid_ola_small_window,
    "heldout3:asteroid_filterbanks/torch_stft_fb.py:168:CL122": asteroid_ola_small_window,
    "heldout9:chemprop/nn/metrics.py:413:CL101": chemprop_mcc_update,
    "heldout9:chemprop/nn/metrics.py:130:CL112": chemprop_extra_repr,
    "heldout3:stable_baselines3/common/preprocessing.py:20:CL111": sb3_channels_first,
    "heldout11:deepctr_torch/inputs.py:236:CL114": deepctr_dense_input,
    "heldout7:torchtune/modules/layer_dropout.py:86:CL121": torchtune_layer_dropout,
    "heldout11:deepctr_torch/models/dien.py:239:CL122": deepctr_auxiliary_loss,
    "heldout11:deepctr_torch/models/dien.py:244:CL121": deepctr_auxiliary_loss,
    "heldout11:nms_3d/nms_3d.py:92:CL122": nms_3d_debug,
    "heldout4:reformer_pytorch/reversible.py:33:CL134": reformer_deterministic_rng,
    "heldout3:se3_transformer_pytorch/reversible.py:86:CL134": se3_deterministic_rng,
    "heldout:normflows/nets/lipschitz.py:364:CL150": normflows_init_u_v,
    "heldout:normflows/utils/splines.py:46:CL122": normflows_circular_spline,
    "heldout4:reformer_pytorch/reversible.py:151:CL101": reformer_layer_dropout,
    "heldout3:auraloss/perceptual.py:60:CL145": auraloss_fir_filter_built,
    "heldout3:auraloss/freq.py:153:CL131": auraloss_stft_mel_without_librosa,
    "heldout5:torchkge/models/translation.py:442:CL159": torchkge_transr_projections,
    "heldout9:torchdyn/numerics/odeint.py:393:CL101": torchdyn_adaptive_checkpoints,
    "heldout:gpytorch/kernels/rbf_kernel_gradgrad.py:154:CL101": gpytorch_rbf_gradgrad,
    "heldout:gpytorch/kernels/cylindrical_kernel.py:140:CL122": gpytorch_cylindrical,
    "heldout9:torchcfm/models/unet/unet.py:612:CL131": torchcfm_unet_print,
    "heldout:ema_pytorch/ema_pytorch.py:188:CL131": ema_not_copyable,
    "heldout10:speculative_decoding/speculative_decoding.py:286:CL101": speculative_decoding_loop,
    "heldout3:neuralop/data/transforms/data_processors.py:251:CL131": neuralop_incremental_verbose,
    "heldout6:botorch/acquisition/multi_objective/predictive_entropy_search.py:1046:CL101": botorch_update_damping,
    "heldout:normflows/nets/lipschitz.py:515:CL101": normflows_weight_1x1_tolerances,
    "heldout9:fms/utils/generation.py:283:CL132": fms_generate_timing,
    "heldout:torchode/adjoints.py:226:CL121": torchode_solve_t_eval,
    "heldout:gpytorch/variational/grid_interpolation_variational_strategy.py:64:CL158": gpytorch_grid_strategy,
    "heldout5:torch_rechub/models/matching/youtube_sbc.py:73:CL121": torch_rechub_sbc_last_batch,
    "heldout8:pykeen/nn/representation.py:2252:CL121": pykeen_embedding_bag,
    "heldout3:neuralop/data/datasets/nonlinear_poisson.py:460:CL111": neuralop_poisson_preprocess,
    "heldout6:torchkbnufft/_nufft/interp.py:386:CL111": torchkbnufft_kb_interp,
}

UNREACHABLE: Dict[str, str] = {
    "final:torchmetrics/functional/audio/nisqa.py:184:CL111":
        "NISQA's framewise CNN is sized by the arguments of its downloaded checkpoint; small ones fail its pooling",
    "heldout3:se3_transformer_pytorch/se3_transformer_pytorch.py:1253:CL111":
        "SE3Transformer's basis goes through the cache_dir disk cache in the user's home directory",
    "heldout4:flow_matching/solver/discrete_solver.py:227:CL122":
        "MixtureDiscreteEulerSolver.sample needs a trained model and a mixture probability path; not set up",
    "heldout3:se3_transformer_pytorch/utils.py:191:CL153":
        "the cache_dir wrapper reads and writes a pickle cache in a fixed directory of the user's home",
    "heldout8:mace/modules/utils.py:618:CL111": "the lammps_mliap branch of prepare_graph needs LAMMPS ML-IAP data",
    "heldout4:score_models/base.py:241:CL111": "ScoreModelBase.sample needs a full score model and SDE; not set up",
    "heldout6:botorch/models/gpytorch.py:1073:CL112": "MultiTaskGPyTorchModel.posterior needs a fitted multi-task GP",
    "heldout6:botorch/models/model.py:231:CL131": "_set_transformed_inputs needs a GP model with an input transform",
    "heldout:pyro/infer/autoguide/guides.py:1006:CL145": "an autoguide's prototype setup needs a pyro model trace",
    "heldout6:geomloss/_legacy/samples_loss.py:253:CL131": "the multiscale backend needs pykeops (not installed)",
    "heldout6:egnn_pytorch/egnn_pytorch_geometric.py:416:CL121":
        "egnn_pytorch_geometric imports torch_geometric (reserved for the acceptance run, never installed)",
    "heldout7:st_moe_pytorch/st_moe_pytorch.py:237:CL111":
        "the all-gather branch of Experts runs only under torch.distributed with several ranks",
    "heldout4:whisper/decoding.py:67:CL111": "detect_language needs a whisper model and its tokenizer assets",
    "heldout4:whisper/decoding.py:693:CL112": "DecodingTask._main_loop needs a whisper model, tokenizer and decoder",
    "heldout4:whisper/decoding.py:474:CL122": "ApplyTimestampRules needs whisper's tokenizer (tiktoken assets)",
    "final:esm/inverse_folding/transformer_decoder.py:180:CL101":
        "esm.inverse_folding imports torch_geometric (reserved for the acceptance run, never installed)",
    "final:encodec/distrib.py:48:CL111": "runs only under torch.distributed with world size > 1 (is_distributed())",
    "final:torchmetrics/functional/image/lpips.py:149:CL151": "Alexnet needs torchvision (no CPU wheel for this torch)",
    "final:torchmetrics/functional/audio/dnsmos.py:274:CL159": "needs onnxruntime and a downloaded ONNX model",
    "final:x_transformers/xl_autoregressive_wrapper.py:515:CL146":
        "test-time-training update of XLAutoregressiveWrapper: needs a full TTT setup with memories and muon grads",
    "final:x_transformers/recirculation.py:253:CL154":
        "Recirculation replay needs a cached decode with hiddens of a full wrapper; not set up cheaply",
}
