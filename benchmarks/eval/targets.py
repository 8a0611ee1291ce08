"""What the evaluation runs: pinned PyPI packages of real PyTorch model code, and small constructions of
their models with tiny inputs that exercise real code paths on CPU.

Importing this module does not import torch (run_eval.py reads PACKAGES in the parent process); each
builder imports what it needs and returns `(callable, [args, ...])` or `(callable, [args, ...], kwargs)`,
the shape compilelint/verify/harness.py's capture() takes: one compile, one call per argument tuple.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, List, Tuple

# Shared dependencies: installed with --no-deps next to the packages, never torch itself.
DEPENDENCIES = (
    "einops==0.8.2",
    "einx==0.4.3",
    "frozendict==2.5.1",
    "loguru==0.7.3",
    "torch-einops-utils==0.2.0",
    "hyper-connections==0.4.11",
    "kornia-rs==0.2.0",
)


@dataclass(frozen=True)
class Package:
    requirement: str  # pinned, as pip takes it
    folder: str  # the import package: its installed folder is the project we lint and compile
    targets: Dict[str, Callable[[], Tuple]] = field(default_factory=dict)
    # what the targets compile besides nn.Module forwards, as compilelint's `compiled-roots` patterns
    roots: Tuple[str, ...] = ()
    # light dependencies only this package needs (pinned, installed with --no-deps like the rest)
    dependencies: Tuple[str, ...] = ()


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def stand_in(*names):
    """Empty modules for imports that only code no target runs needs (each attribute a class that fails when made)."""
    import importlib.util
    import sys
    import types

    class Unavailable:
        def __init__(self, *args, **kwargs):
            raise RuntimeError("stand-in module: not available in this evaluation")

    def attribute(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Unavailable

    for name in names:
        if name.split(".")[0] not in sys.modules and importlib.util.find_spec(name.split(".")[0]) is not None:
            continue  # really installed
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            qualified = ".".join(parts[:depth])
            if qualified in sys.modules:
                continue
            module = types.ModuleType(qualified)
            module.__getattr__ = attribute
            module.__path__ = []
            sys.modules[qualified] = module
            if depth > 1:
                setattr(sys.modules[".".join(parts[:depth - 1])], parts[depth - 1], module)


# --------------------------------------------------------------------------------------- x-transformers
def xt_decoder_rotary():
    torch = _seed()
    from x_transformers import Decoder, TransformerWrapper

    model = TransformerWrapper(num_tokens=64, max_seq_len=32,
                               attn_layers=Decoder(dim=32, depth=1, heads=2, rotary_pos_emb=True, ff_glu=True))
    return model.eval(), [(torch.randint(0, 64, (2, 16)),)]


def xt_encoder_alibi_mask():
    torch = _seed()
    from x_transformers import Encoder, TransformerWrapper

    model = TransformerWrapper(num_tokens=64, max_seq_len=32,
                               attn_layers=Encoder(dim=32, depth=1, heads=2, alibi_pos_bias=True, use_rmsnorm=True))
    mask = torch.ones(2, 16, dtype=torch.bool)
    mask[1, 10:] = False
    return model.eval(), [(torch.randint(0, 64, (2, 16)),)], {"mask": mask}


def xt_encoder_decoder():
    torch = _seed()
    from x_transformers import XTransformer

    model = XTransformer(dim=32, enc_num_tokens=64, enc_depth=1, enc_heads=2, enc_max_seq_len=16,
                         dec_num_tokens=64, dec_depth=1, dec_heads=2, dec_max_seq_len=16)
    src, tgt = torch.randint(0, 64, (2, 12)), torch.randint(0, 64, (2, 12))
    return model.train(), [(src, tgt)], {"mask": torch.ones(2, 12, dtype=torch.bool)}


def xt_autoregressive_loss():
    torch = _seed()
    from x_transformers import AutoregressiveWrapper, Decoder, TransformerWrapper

    net = TransformerWrapper(num_tokens=64, max_seq_len=32,
                             attn_layers=Decoder(dim=32, depth=1, heads=2, rel_pos_bias=True))
    return AutoregressiveWrapper(net).train(), [(torch.randint(0, 64, (2, 17)),)]


def xt_continuous_vit():
    torch = _seed()
    from x_transformers import ContinuousTransformerWrapper, Encoder, ViTransformerWrapper

    vit = ViTransformerWrapper(image_size=16, patch_size=4, num_classes=5,
                               attn_layers=Encoder(dim=32, depth=1, heads=2))
    cont = ContinuousTransformerWrapper(dim_in=8, dim_out=8, max_seq_len=16,
                                        attn_layers=Encoder(dim=32, depth=1, heads=2, attn_num_mem_kv=2))

    def both(img, seq):
        return vit(img), cont(seq)

    return both, [(torch.randn(1, 3, 16, 16), torch.randn(2, 10, 8))]


# ------------------------------------------------------------------------------------------- vit-pytorch
def _without_torchvision():
    """vit_pytorch/__init__ imports its DINO trainer, which imports torchvision's transforms at module level;
    there is no CPU torchvision wheel for this torch, and no model we run touches it."""
    import sys
    import types

    if "torchvision" not in sys.modules:
        try:
            import torchvision  # noqa: F401
        except ImportError:
            stub = types.ModuleType("torchvision")
            stub.transforms = types.ModuleType("torchvision.transforms")
            sys.modules["torchvision"] = stub
            sys.modules["torchvision.transforms"] = stub.transforms


def vit_classic_and_simple():
    torch = _seed()
    _without_torchvision()
    from vit_pytorch import SimpleViT, ViT

    vit = ViT(image_size=16, patch_size=4, num_classes=5, dim=32, depth=1, heads=2, mlp_dim=32).eval()
    simple = SimpleViT(image_size=16, patch_size=4, num_classes=5, dim=32, depth=1, heads=2, mlp_dim=32).eval()

    def both(img):
        return vit(img), simple(img)

    return both, [(torch.randn(1, 3, 16, 16),)]


def vit_navit():
    torch = _seed()
    _without_torchvision()
    from vit_pytorch.na_vit import NaViT

    model = NaViT(image_size=32, patch_size=8, num_classes=5, dim=32, depth=1, heads=2, mlp_dim=32,
                  token_dropout_prob=0.1).train()
    images = [[torch.randn(3, 16, 24), torch.randn(3, 8, 8)], [torch.randn(3, 32, 16)]]
    return model, [(images,)]


def vit_cait_deepvit_t2t():
    torch = _seed()
    _without_torchvision()
    from vit_pytorch.cait import CaiT
    from vit_pytorch.deepvit import DeepViT
    from vit_pytorch.t2t import T2TViT

    cait = CaiT(image_size=16, patch_size=4, num_classes=5, dim=32, depth=1, cls_depth=1, heads=2, mlp_dim=32,
                layer_dropout=0.1).train()
    deep = DeepViT(image_size=16, patch_size=4, num_classes=5, dim=32, depth=1, heads=2, mlp_dim=32).eval()
    t2t = T2TViT(dim=32, image_size=32, depth=1, heads=2, mlp_dim=32, num_classes=5,
                 t2t_layers=((7, 4), (3, 2), (3, 2))).eval()

    def three(img16, img32):
        return cait(img16), deep(img16), t2t(img32)

    return three, [(torch.randn(1, 3, 16, 16), torch.randn(1, 3, 32, 32))]


def vit_levit_cvt():
    torch = _seed()
    _without_torchvision()
    from vit_pytorch.cvt import CvT
    from vit_pytorch.levit import LeViT

    levit = LeViT(image_size=64, num_classes=5, stages=3, dim=(16, 32, 48), depth=1, heads=(2, 2, 2),
                  mlp_mult=2, dropout=0.0).eval()
    cvt = CvT(num_classes=5, s1_emb_dim=8, s2_emb_dim=16, s3_emb_dim=32, s1_heads=1, s2_heads=2, s3_heads=2,
              s1_depth=1, s2_depth=1, s3_depth=1).eval()

    def both(img64, img32):
        return levit(img64), cvt(img32)

    return both, [(torch.randn(1, 3, 64, 64), torch.randn(1, 3, 32, 32))]


# ------------------------------------------------------------------------------------------- pytorch-crf
def crf_log_likelihood():
    torch = _seed()
    from torchcrf import CRF

    crf = CRF(num_tags=5, batch_first=True)
    emissions, tags = torch.randn(2, 7, 5), torch.randint(0, 5, (2, 7))
    mask = torch.ones(2, 7, dtype=torch.bool)
    mask[1, 5:] = False
    return crf, [(emissions, tags)], {"mask": mask, "reduction": "mean"}


def crf_viterbi_decode():
    torch = _seed()
    from torchcrf import CRF

    crf = CRF(num_tags=5)
    mask = torch.ones(7, 2, dtype=torch.bool)  # the default mask is uint8, which torch.where now rejects
    mask[5:, 1] = False
    return crf.decode, [(torch.randn(7, 2, 5), mask)]


# ------------------------------------------------------------------------------------------- torchdiffeq
class _Decay:
    """dy/dt = -k y, a module so that its parameters stay tensors the solver reads each step."""

    @staticmethod
    def build():
        torch = _seed()

        class Decay(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.k = torch.nn.Parameter(torch.tensor(0.5))

            def forward(self, t, y):
                return -self.k * y

        return torch, Decay()


def ode_dopri5():
    torch, func = _Decay.build()
    from torchdiffeq import odeint

    def solve(y0, t):
        return odeint(func, y0, t, method="dopri5", rtol=1e-3, atol=1e-4)

    return solve, [(torch.randn(2, 3), torch.linspace(0.0, 1.0, 3))]


def ode_rk4_fixed_grid():
    torch, func = _Decay.build()
    from torchdiffeq import odeint

    def solve(y0, t):
        return odeint(func, y0, t, method="rk4", options={"step_size": 0.25})

    return solve, [(torch.randn(2, 3), torch.linspace(0.0, 1.0, 3))]


# ------------------------------------------------------------------------------------------------ kornia
def kornia_filters_color():
    torch = _seed()
    import kornia

    def pipeline(img):
        blurred = kornia.filters.gaussian_blur2d(img, (3, 3), (1.5, 1.5))
        edges = kornia.filters.sobel(blurred)
        hsv = kornia.color.rgb_to_hsv(img)
        gray = kornia.color.rgb_to_grayscale(img)
        return edges, hsv, kornia.enhance.adjust_brightness(gray, 0.1)

    return pipeline, [(torch.rand(1, 3, 16, 16),)]


def kornia_geometry():
    torch = _seed()
    import kornia

    def warp(img, angle):
        center = torch.tensor([[8.0, 8.0]])
        matrix = kornia.geometry.transform.get_rotation_matrix2d(center, angle, torch.ones(1, 2))
        rotated = kornia.geometry.transform.warp_affine(img, matrix, (16, 16))
        homography = kornia.geometry.conversions.convert_affinematrix_to_homography(matrix)
        return rotated, kornia.geometry.transform.warp_perspective(img, homography, (16, 16))

    return warp, [(torch.rand(1, 3, 16, 16), torch.tensor([30.0]))]


def kornia_augmentation():
    torch = _seed()
    import kornia.augmentation as K

    aug = torch.nn.Sequential(K.RandomHorizontalFlip(p=0.5), K.RandomAffine(degrees=10.0, p=1.0),
                              K.ColorJitter(0.1, 0.1, 0.1, 0.1, p=1.0))
    return aug, [(torch.rand(2, 3, 16, 16),)]


def kornia_losses_enhance():
    torch = _seed()
    import kornia

    def losses(a, b):
        return (kornia.losses.ssim_loss(a, b, window_size=5), kornia.losses.psnr_loss(a, b, 1.0),
                kornia.enhance.equalize(a), kornia.enhance.normalize_min_max(a))

    return losses, [(torch.rand(1, 3, 16, 16), torch.rand(1, 3, 16, 16))]


# ------------------------------------------------------------------------------------------------ entmax
def entmax_family():
    torch = _seed()
    from entmax import entmax15, entmax_bisect, sparsemax

    def activations(x):
        return sparsemax(x, dim=-1), entmax15(x, dim=-1), entmax_bisect(x, alpha=1.3, dim=-1, n_iter=5)

    return activations, [(torch.randn(3, 6),)]


# ------------------------------------------------------------------------------- vector-quantize-pytorch
def vq_ema_kmeans():
    torch = _seed()
    from vector_quantize_pytorch import VectorQuantize

    vq = VectorQuantize(dim=16, codebook_size=32, decay=0.8, commitment_weight=1.0, kmeans_init=True,
                        kmeans_iters=2, threshold_ema_dead_code=2).train()
    return vq, [(torch.randn(2, 8, 16),)]


def vq_residual_and_fsq():
    torch = _seed()
    from vector_quantize_pytorch import FSQ, LFQ, ResidualVQ

    rvq = ResidualVQ(dim=16, num_quantizers=2, codebook_size=16).train()
    fsq = FSQ(levels=[8, 5, 5]).eval()
    lfq = LFQ(codebook_size=16, dim=16, entropy_loss_weight=0.1).train()

    def three(x, z):
        return rvq(x), fsq(z), lfq(x)

    return three, [(torch.randn(2, 8, 16), torch.randn(2, 8, 3))]


# ---------------------------------------------------------------------------------------------- torchsde
def _sde(torch, noise_type="diagonal", sde_type="ito"):
    """dy = -theta y dt + sigma dW, its parameters tensors the solver reads each step."""

    class OrnsteinUhlenbeck(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.noise_type, self.sde_type = noise_type, sde_type
            self.theta = torch.nn.Parameter(torch.tensor(0.5))
            self.sigma = torch.nn.Parameter(torch.tensor(0.2))

        def f(self, t, y):
            return -self.theta * y

        def g(self, t, y):
            return self.sigma * torch.ones_like(y)

    return OrnsteinUhlenbeck()


def sde_euler_fixed():
    torch = _seed()
    import torchsde

    sde = _sde(torch)

    def solve(y0, ts):
        return torchsde.sdeint(sde, y0, ts, method="euler", dt=0.25)

    return solve, [(torch.randn(2, 3), torch.linspace(0.0, 1.0, 3))]


def sde_milstein_adaptive():
    torch = _seed()
    import torchsde

    sde = _sde(torch)

    def solve(y0, ts):
        return torchsde.sdeint(sde, y0, ts, method="milstein", dt=0.25, adaptive=True, rtol=1e-2, atol=1e-2)

    return solve, [(torch.randn(2, 3), torch.linspace(0.0, 1.0, 3))]


def sde_brownian_interval():
    torch = _seed()
    import torchsde

    def increments(ta, tb):
        bm = torchsde.BrownianInterval(t0=0.0, t1=1.0, size=(2, 3), levy_area_approximation="space-time")
        return bm(ta, tb)

    return increments, [(0.25, 0.75)]


# -------------------------------------------------------------------------------------------------- zuko
def zuko_autoregressive():
    torch = _seed()
    import zuko

    maf = zuko.flows.MAF(features=3, context=2, transforms=2, hidden_features=(16, 16))
    nsf = zuko.flows.NSF(features=3, context=2, transforms=1, bins=4, hidden_features=(16,))

    def densities_and_samples(x, c):
        return maf(c).log_prob(x), nsf(c).log_prob(x), maf(c).rsample()

    return densities_and_samples, [(torch.randn(4, 3), torch.randn(4, 2))]


def zuko_coupling_and_neural():
    torch = _seed()
    import zuko

    nice = zuko.flows.NICE(features=4, transforms=2, hidden_features=(16,))
    gf = zuko.flows.GF(features=4, transforms=1, components=2)
    naf = zuko.flows.NAF(features=4, transforms=1, signal=4, hidden_features=(16,))

    def log_probs(x):
        return nice().log_prob(x), gf().log_prob(x), naf().log_prob(x)

    return log_probs, [(torch.randn(4, 4),)]


def zuko_continuous():
    torch = _seed()
    import zuko

    cnf = zuko.flows.CNF(features=2, context=1, hidden_features=(16,))

    def log_prob(x, c):
        return cnf(c).log_prob(x)

    return log_prob, [(torch.randn(4, 2), torch.randn(4, 1))]


# ---------------------------------------------------------------------------------------------- fair-esm
def _protein_tokens(torch, alphabet, batch=2, length=12):
    tokens = torch.randint(4, 24, (batch, length))
    tokens[:, 0] = alphabet.cls_idx
    tokens[:, -1] = alphabet.eos_idx
    tokens[1, -4:] = alphabet.padding_idx
    tokens[0, 3] = alphabet.mask_idx
    return tokens


def esm2_contacts():
    torch = _seed()
    from esm.model.esm2 import ESM2

    model = ESM2(num_layers=2, embed_dim=32, attention_heads=2, alphabet="ESM-1b", token_dropout=True).eval()
    tokens = _protein_tokens(torch, model.alphabet)
    return model, [(tokens,)], {"repr_layers": [1, 2], "return_contacts": True}


def esm1b_msa():
    torch = _seed()
    from argparse import Namespace

    import esm
    from esm.model.esm1 import ProteinBertModel
    from esm.model.msa_transformer import MSATransformer

    alphabet = esm.Alphabet.from_architecture("ESM-1b")
    esm1b = ProteinBertModel(Namespace(arch="roberta_large", layers=1, embed_dim=32, ffn_embed_dim=64,
                                       attention_heads=2, max_positions=64, emb_layer_norm_before=True,
                                       token_dropout=True), alphabet).eval()
    msa_alphabet = esm.Alphabet.from_architecture("msa_transformer")
    msa = MSATransformer(Namespace(layers=1, embed_dim=32, ffn_embed_dim=64, attention_heads=2, dropout=0.0,
                                   attention_dropout=0.0, activation_dropout=0.0, max_tokens=2 ** 14,
                                   max_positions=64, embed_positions_msa=True), msa_alphabet).eval()
    tokens = _protein_tokens(torch, alphabet)
    msa_tokens = _protein_tokens(torch, msa_alphabet, batch=3).unsqueeze(0)

    def both(seq, rows):
        return esm1b(seq, repr_layers=[1]), msa(rows, repr_layers=[1])

    return both, [(tokens, msa_tokens)]


# ------------------------------------------------------------------------------------------------- monai
def monai_unets():
    torch = _seed()
    from monai.networks.nets import AttentionUnet, BasicUNet, UNet

    unet = UNet(spatial_dims=2, in_channels=1, out_channels=2, channels=(4, 8, 16), strides=(2, 2),
                num_res_units=1).eval()
    basic = BasicUNet(spatial_dims=2, in_channels=1, out_channels=2, features=(4, 4, 8, 8, 16, 4)).eval()
    attention = AttentionUnet(spatial_dims=2, in_channels=1, out_channels=2, channels=(4, 8, 16),
                              strides=(2, 2)).eval()

    def three(img):
        return unet(img), basic(img), attention(img)

    return three, [(torch.randn(1, 1, 32, 32),)]


def monai_segresnet_dynunet():
    torch = _seed()
    from monai.networks.nets import DynUNet, SegResNet

    segresnet = SegResNet(spatial_dims=3, init_filters=8, in_channels=1, out_channels=2, blocks_down=(1, 1),
                          blocks_up=(1,), dropout_prob=0.1).train()
    dynunet = DynUNet(spatial_dims=2, in_channels=1, out_channels=2, kernel_size=(3, 3, 3), strides=(1, 2, 2),
                      upsample_kernel_size=(2, 2), deep_supervision=True, deep_supr_num=1).train()

    def both(vol, img):
        return segresnet(vol), dynunet(img)

    return both, [(torch.randn(1, 1, 16, 16, 16), torch.randn(2, 1, 32, 32))]


def monai_transformers():
    torch = _seed()
    from monai.networks.nets import UNETR, SwinUNETR

    swin = SwinUNETR(in_channels=1, out_channels=2, feature_size=12, depths=(1, 1, 1, 1), num_heads=(1, 1, 1, 1),
                     spatial_dims=2, use_v2=True).eval()
    unetr = UNETR(in_channels=1, out_channels=2, img_size=(32, 32), feature_size=4, hidden_size=32, mlp_dim=64,
                  num_heads=2, spatial_dims=2).eval()

    def both(img64, img32):  # SwinUNETR halves 5 times: its instance norms need more than 1 pixel left
        return swin(img64), unetr(img32)

    return both, [(torch.randn(1, 1, 64, 64), torch.randn(1, 1, 32, 32))]


def monai_losses():
    torch = _seed()
    from monai.losses import DiceCELoss, DiceLoss, FocalLoss, TverskyLoss

    dice = DiceLoss(to_onehot_y=True, softmax=True)
    dice_ce = DiceCELoss(to_onehot_y=True, softmax=True)
    focal = FocalLoss(to_onehot_y=True, gamma=2.0)
    tversky = TverskyLoss(to_onehot_y=True, softmax=True)

    def losses(pred, label):
        return dice(pred, label), dice_ce(pred, label), focal(pred, label), tversky(pred, label)

    return losses, [(torch.randn(2, 3, 8, 8), torch.randint(0, 3, (2, 1, 8, 8)))]


# ------------------------------------------------------------------------------------------ torchmetrics
TORCHMETRICS_FUNCTIONS = (
    "binary_accuracy", "multiclass_accuracy", "multiclass_f1_score", "binary_auroc", "binary_average_precision",
    "multiclass_confusion_matrix", "mean_squared_error", "r2_score", "pearson_corrcoef", "spearman_corrcoef",
    "peak_signal_noise_ratio", "structural_similarity_index_measure", "retrieval_normalized_dcg",
)


def _warm(fn, *args):
    """Call once eagerly: torchmetrics looks optional packages up (importlib.metadata) on first use, which dynamo
    cannot trace (an internal error, not a graph break); a long-running job has done that before it compiles."""
    fn(*args)
    return fn


def metrics_classification():
    torch = _seed()
    from torchmetrics.functional.classification import (binary_accuracy, binary_auroc, binary_average_precision,
                                                        multiclass_accuracy, multiclass_confusion_matrix,
                                                        multiclass_f1_score)

    def scores(probs, target, logits, labels):
        return (binary_accuracy(probs, target), binary_auroc(probs, target, thresholds=5),
                binary_average_precision(probs, target, thresholds=None),
                multiclass_accuracy(logits, labels, num_classes=3), multiclass_f1_score(logits, labels, num_classes=3),
                multiclass_confusion_matrix(logits, labels, num_classes=3))

    args = (torch.rand(8), torch.randint(0, 2, (8,)), torch.randn(8, 3), torch.randint(0, 3, (8,)))
    return _warm(scores, *args), [args]


def metrics_regression_image_retrieval():
    torch = _seed()
    from torchmetrics.functional import (mean_squared_error, pearson_corrcoef, peak_signal_noise_ratio, r2_score,
                                         retrieval_normalized_dcg, spearman_corrcoef,
                                         structural_similarity_index_measure)

    def scores(pred, target, img_a, img_b):
        return (mean_squared_error(pred, target), r2_score(pred, target), pearson_corrcoef(pred, target),
                spearman_corrcoef(pred, target), peak_signal_noise_ratio(img_a, img_b, data_range=1.0),
                structural_similarity_index_measure(img_a, img_b, data_range=1.0, kernel_size=5),
                retrieval_normalized_dcg(pred, target > 0, top_k=4))

    return scores, [(torch.randn(8), torch.randn(8), torch.rand(1, 1, 16, 16), torch.rand(1, 1, 16, 16))]


def metrics_module():
    torch = _seed()
    from torchmetrics.classification import MulticlassAccuracy

    metric = MulticlassAccuracy(num_classes=3)
    args = (torch.randn(8, 3), torch.randint(0, 3, (8,)))
    return _warm(metric, *args), [args]


# ---------------------------------------------------------------------------------------- pytorch-tabnet
def tabnet_classifier_and_pretraining():
    torch = _seed()
    from pytorch_tabnet.tab_network import TabNet, TabNetPretraining

    groups = torch.eye(6)  # one group per feature, as the TabNet estimators build it by default
    tabnet = TabNet(input_dim=6, output_dim=3, n_d=8, n_a=8, n_steps=2, cat_idxs=[0], cat_dims=[4], cat_emb_dim=[2],
                    virtual_batch_size=4, group_attention_matrix=groups).train()
    entmax = TabNet(input_dim=6, output_dim=3, n_d=8, n_a=8, n_steps=2, mask_type="entmax",
                    group_attention_matrix=groups).eval()
    pretrain = TabNetPretraining(input_dim=6, pretraining_ratio=0.5, n_d=8, n_a=8, n_steps=2,
                                 group_attention_matrix=groups).train()

    def three(x):
        return tabnet(x), entmax(x), pretrain(x)

    x = torch.randn(8, 6)
    x[:, 0] = torch.randint(0, 4, (8,)).float()
    return three, [(x,)]


# ------------------------------------------------------------------------------- model code, second batch
# Model zoos and blocks like the acceptance libraries' (CNN zoo, ViT segmentation, perceivers, local and rotary
# attention, speech and audio codecs, metric-learning losses), all built from random init.
def _stub_modules(*names: str):
    """Empty modules for heavy optional imports that no target's code path calls (there is no CPU torchvision or
    torchaudio build for this torch): only `import` lines at module level need them."""
    import importlib
    import sys
    import types

    for name in names:
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except ImportError:
            sys.modules[name] = module = types.ModuleType(name)
            module.__getattr__ = _unavailable(name)  # `from torchvision.ops import nms` imports; a call fails
            parent, _, child = name.rpartition(".")
            if parent:
                setattr(sys.modules[parent], child, module)


def _unavailable(module: str):
    def attribute(name: str):
        if name.startswith("__"):
            raise AttributeError(name)

        def unavailable(*args, **kwargs):
            raise RuntimeError(f"{module}.{name} is a stub in this evaluation")
        return unavailable
    return attribute


def effnet_b0_eval_and_train():
    torch = _seed()
    from efficientnet_pytorch import EfficientNet

    model = EfficientNet.from_name("efficientnet-b0", num_classes=5, image_size=32)
    trained = EfficientNet.from_name("efficientnet-b0", num_classes=5, image_size=32, drop_connect_rate=0.2)
    trained.set_swish(memory_efficient=False)
    model.eval(), trained.train()

    def both(img):
        return model(img), trained(img), model.extract_endpoints(img)["reduction_3"]

    return both, [(torch.randn(2, 3, 32, 32),)]


def _tiny_sam():
    from segment_anything.modeling import (ImageEncoderViT, MaskDecoder, PromptEncoder, Sam,
                                           TwoWayTransformer)

    encoder = ImageEncoderViT(img_size=64, patch_size=16, embed_dim=32, depth=2, num_heads=2, out_chans=16,
                              use_rel_pos=True, window_size=2, global_attn_indexes=(1,))
    prompts = PromptEncoder(embed_dim=16, image_embedding_size=(4, 4), input_image_size=(64, 64), mask_in_chans=4)
    decoder = MaskDecoder(num_multimask_outputs=3, transformer_dim=16, iou_head_depth=2, iou_head_hidden_dim=16,
                          transformer=TwoWayTransformer(depth=2, embedding_dim=16, mlp_dim=32, num_heads=2))
    return Sam(encoder, prompts, decoder, pixel_mean=[123.7, 116.3, 103.5], pixel_std=[58.4, 57.1, 57.4]).eval()


def sam_points_and_boxes():
    torch = _seed()
    _stub_modules("torchvision", "torchvision.ops", "torchvision.ops.boxes", "torchvision.transforms",
                  "torchvision.transforms.functional")
    sam = _tiny_sam()
    images = [{"image": torch.rand(3, 64, 48) * 255, "original_size": (80, 60),
               "point_coords": torch.rand(1, 2, 2) * 48, "point_labels": torch.tensor([[1, 0]])},
              {"image": torch.rand(3, 64, 64) * 255, "original_size": (64, 64), "boxes": torch.tensor([[4., 4., 40., 50.]]),
               "mask_inputs": torch.randn(1, 1, 16, 16)}]
    return sam, [(images, True)]


def sam_encoder_decoder():
    torch = _seed()
    _stub_modules("torchvision", "torchvision.ops", "torchvision.ops.boxes", "torchvision.transforms",
                  "torchvision.transforms.functional")
    sam = _tiny_sam()

    def predict(image, coords, labels):
        embedding = sam.image_encoder(sam.preprocess(image))
        sparse, dense = sam.prompt_encoder(points=(coords, labels), boxes=None, masks=None)
        masks, iou = sam.mask_decoder(embedding, sam.prompt_encoder.get_dense_pe(), sparse, dense, False)
        return sam.postprocess_masks(masks, (64, 64), (70, 70)), iou

    return predict, [(torch.rand(1, 3, 64, 64) * 255, torch.rand(1, 3, 2) * 64, torch.tensor([[1, 1, 0]]))]


def perceiver_classifier():
    torch = _seed()
    from perceiver_pytorch import Perceiver

    model = Perceiver(num_freq_bands=4, depth=2, max_freq=8.0, input_channels=3, input_axis=2, num_latents=8,
                      latent_dim=16, cross_heads=1, latent_heads=2, cross_dim_head=8, latent_dim_head=8,
                      num_classes=5, self_per_cross_attn=1, attn_residual=True, attn_residual_rank=4).eval()
    mask = torch.ones(2, 64, dtype=torch.bool)
    return model, [(torch.randn(2, 8, 8, 3),)], {"mask": mask}


def perceiver_io_lm():
    torch = _seed()
    from perceiver_pytorch import PerceiverLM
    from perceiver_pytorch.gated import Perceiver as GatedPerceiver

    lm = PerceiverLM(dim=16, num_tokens=32, max_seq_len=16, depth=1, num_latents=8, latent_dim=16, cross_heads=1,
                     latent_heads=2, cross_dim_head=8, latent_dim_head=8, seq_dropout_prob=0.25).train()
    gated = GatedPerceiver(num_freq_bands=4, depth=1, max_freq=8.0, input_channels=2, input_axis=1, num_latents=8,
                           latent_dim=16, latent_heads=2, cross_dim_head=8, latent_dim_head=8, num_classes=3).eval()

    def both(tokens, mask, series):
        return lm(tokens, mask=mask), gated(series)

    mask = torch.ones(2, 12, dtype=torch.bool)
    mask[1, 8:] = False
    return both, [(torch.randint(0, 32, (2, 12)), mask, torch.randn(2, 10, 2))]


def rotary_variants():
    torch = _seed()
    from rotary_embedding_torch import RotaryEmbedding, apply_rotary_emb

    plain = RotaryEmbedding(dim=8)
    xpos = RotaryEmbedding(dim=8, use_xpos=True)
    axial = RotaryEmbedding(dim=4, freqs_for="pixel", max_freq=16)

    def rotate(q, k, img):
        a = plain.rotate_queries_or_keys(q)
        qx, kx = xpos.rotate_queries_and_keys(q, k)
        qc, kc = plain.rotate_queries_with_cached_keys(q[:, :, -2:], k)
        freqs = axial.get_axial_freqs(4, 4)
        return a, qx, kx, qc, kc, apply_rotary_emb(freqs, img)

    return rotate, [(torch.randn(1, 2, 6, 8), torch.randn(1, 2, 6, 8), torch.randn(1, 4, 4, 8))]


def local_attention_transformer():
    torch = _seed()
    from local_attention import LocalAttention, LocalTransformer

    model = LocalTransformer(num_tokens=32, max_seq_len=32, dim=16, depth=2, causal=True, local_attn_window_size=4,
                             dim_head=8, heads=2, use_dynamic_pos_bias=True, num_residual_streams=1).eval()
    bidirectional = LocalAttention(window_size=4, causal=False, look_backward=1, look_forward=1, dim=8,
                                   autopad=True, exact_windowsize=True)

    def both(tokens, q, k, v, mask):
        return model(tokens), bidirectional(q, k, v, mask=mask)

    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[1, 7:] = False
    qkv = [torch.randn(2, 10, 8) for _ in range(3)]
    return both, [(torch.randint(0, 32, (2, 12)), *qkv, mask)]


def local_attention_loss():
    torch = _seed()
    from local_attention import LocalTransformer

    model = LocalTransformer(num_tokens=32, max_seq_len=32, dim=16, depth=1, causal=True, local_attn_window_size=4,
                             dim_head=8, heads=2, use_xpos=True, num_residual_streams=1).train()
    return model, [(torch.randint(0, 32, (2, 13)),)], {"return_loss": True}


def conformer_blocks():
    torch = _seed()
    from conformer import Conformer, ConformerBlock

    model = Conformer(dim=16, depth=2, dim_head=8, heads=2, conv_kernel_size=5, ff_mult=2).eval()
    causal = ConformerBlock(dim=16, dim_head=8, heads=2, conv_kernel_size=3, conv_causal=True).eval()

    def both(x, mask):
        return model(x), causal(x, mask=mask)

    mask = torch.ones(2, 9, dtype=torch.bool)
    mask[0, 6:] = False
    return both, [(torch.randn(2, 9, 16), mask)]


def _tiny_encodec(normalize: bool, segment):
    from encodec.model import EncodecModel
    from encodec.modules import SEANetDecoder, SEANetEncoder
    from encodec.quantization import ResidualVectorQuantizer

    layout = dict(channels=1, dimension=16, n_filters=4, ratios=[4, 2], lstm=1, causal=True)
    return EncodecModel(SEANetEncoder(**layout), SEANetDecoder(**layout),
                        ResidualVectorQuantizer(dimension=16, n_q=4, bins=64, kmeans_iters=4), target_bandwidths=[1.5, 3.0],
                        sample_rate=800, channels=1, normalize=normalize, segment=segment)


def encodec_roundtrip():
    torch = _seed()
    _stub_modules("torchaudio")
    model = _tiny_encodec(normalize=True, segment=None).eval()
    model.set_target_bandwidth(3.0)
    return model, [(torch.randn(1, 1, 96),)]


def encodec_training_quantizer():
    torch = _seed()
    _stub_modules("torchaudio")
    model = _tiny_encodec(normalize=False, segment=0.1).train()

    def quantize(wave):
        emb = model.encoder(wave)
        result = model.quantizer(emb, model.frame_rate, bandwidth=1.5)
        return model.decoder(result.quantized), result.penalty

    return quantize, [(torch.randn(2, 1, 96),)]


def metric_losses_pairs():
    torch = _seed()
    from pytorch_metric_learning import losses, miners

    triplet, miner = losses.TripletMarginLoss(margin=0.1), miners.MultiSimilarityMiner(epsilon=0.1)
    contrastive, ntxent = losses.ContrastiveLoss(), losses.NTXentLoss(temperature=0.1)
    multi, circle = losses.MultiSimilarityLoss(), losses.CircleLoss()

    def scores(embeddings, labels):
        pairs = miner(embeddings, labels)
        return (triplet(embeddings, labels, pairs), contrastive(embeddings, labels), ntxent(embeddings, labels),
                multi(embeddings, labels), circle(embeddings, labels))

    return scores, [(torch.randn(12, 8), torch.tensor([0, 0, 1, 1, 2, 2, 0, 1, 2, 3, 3, 3]))]


def metric_losses_proxies():
    torch = _seed()
    from pytorch_metric_learning import losses

    arcface = losses.ArcFaceLoss(num_classes=4, embedding_size=8)
    proxy = losses.ProxyAnchorLoss(num_classes=4, embedding_size=8)
    triple = losses.SoftTripleLoss(num_classes=4, embedding_size=8, centers_per_class=2)
    lifted, snr = losses.LiftedStructureLoss(), losses.SignalToNoiseRatioContrastiveLoss()

    def scores(embeddings, labels):
        return arcface(embeddings, labels), proxy(embeddings, labels), triple(embeddings, labels), lifted(
            embeddings, labels), snr(embeddings, labels)

    return scores, [(torch.randn(12, 8), torch.tensor([0, 0, 1, 1, 2, 2, 0, 1, 2, 3, 3, 3]))]


def metric_losses_batch_and_ranking():
    torch = _seed()
    from pytorch_metric_learning import losses, miners

    hard, angular = miners.BatchHardMiner(), miners.TripletMarginMiner(margin=0.2, type_of_triplets="semihard")
    triplet = losses.TripletMarginLoss(margin=0.05, smooth_loss=True)
    supcon, nca, npairs = losses.SupConLoss(temperature=0.1), losses.NCALoss(), losses.NPairsLoss()
    fast_ap, margin = losses.FastAPLoss(num_bins=5), losses.MarginLoss(margin=0.2, nu=0.1, beta=1.0)
    cosface = losses.CosFaceLoss(num_classes=4, embedding_size=8)
    tuplet, variance = losses.TupletMarginLoss(), losses.IntraPairVarianceLoss()

    def scores(embeddings, labels):
        return (triplet(embeddings, labels, hard(embeddings, labels)),
                triplet(embeddings, labels, angular(embeddings, labels)), supcon(embeddings, labels),
                nca(embeddings, labels), npairs(embeddings, labels), fast_ap(embeddings, labels),
                margin(embeddings, labels), cosface(embeddings, labels), tuplet(embeddings, labels),
                variance(embeddings, labels))

    return scores, [(torch.randn(12, 8), torch.tensor([0, 0, 1, 1, 2, 2, 0, 1, 2, 3, 3, 3]))]


_DIFFUSION_STUBS = ("torchvision", "PIL", "accelerate", "ema_pytorch", "pytorch_fid", "pytorch_fid.fid_score",
                    "pytorch_fid.inception")  # the trainers' and FID evaluation's imports


def diffusion_unet_losses():
    torch = _seed()
    _stub_modules(*_DIFFUSION_STUBS)
    from denoising_diffusion_pytorch import GaussianDiffusion, Unet

    unet = Unet(dim=8, dim_mults=(1, 2), attn_dim_head=8, attn_heads=2, self_condition=True)
    pred_v = GaussianDiffusion(unet, image_size=8, timesteps=10, min_snr_loss_weight=True,
                               offset_noise_strength=0.1).train()
    pred_noise = GaussianDiffusion(Unet(dim=8, dim_mults=(1, 2), attn_dim_head=8, attn_heads=2), image_size=8,
                                   timesteps=10, objective="pred_noise", beta_schedule="cosine").train()

    def losses(img):
        return pred_v(img), pred_noise(img)

    return losses, [(torch.rand(2, 3, 8, 8),)]


def diffusion_elucidated_karras():
    torch = _seed()
    _stub_modules(*_DIFFUSION_STUBS)
    from denoising_diffusion_pytorch import ElucidatedDiffusion, KarrasUnet, Unet

    net = Unet(dim=8, dim_mults=(1, 2), attn_dim_head=8, attn_heads=2, learned_sinusoidal_cond=True)
    elucidated = ElucidatedDiffusion(net, image_size=8, num_sample_steps=4).train()
    karras = KarrasUnet(image_size=16, dim=8, dim_max=16, num_classes=3, channels=3, num_downsamples=2,
                        num_blocks_per_stage=1, attn_res=(8,), attn_dim_head=8).eval()

    def both(img, noisy, times, classes):
        return elucidated(img), karras(noisy, times, class_labels=classes)

    return both, [(torch.rand(2, 3, 8, 8), torch.randn(2, 3, 16, 16), torch.rand(2), torch.tensor([0, 2]))]


PACKAGES: Tuple[Package, ...] = (
    Package("x-transformers==2.31.10", "x_transformers", {
        "decoder_rotary": xt_decoder_rotary, "encoder_alibi_mask": xt_encoder_alibi_mask,
        "encoder_decoder": xt_encoder_decoder, "autoregressive_loss": xt_autoregressive_loss,
        "continuous_vit": xt_continuous_vit}),
    Package("vit-pytorch==1.26.11", "vit_pytorch", {
        "classic_and_simple": vit_classic_and_simple, "navit": vit_navit, "cait_deepvit_t2t": vit_cait_deepvit_t2t,
        "levit_cvt": vit_levit_cvt}),
    Package("pytorch-crf==0.7.2", "torchcrf", {
        "log_likelihood": crf_log_likelihood, "viterbi_decode": crf_viterbi_decode}, roots=("torchcrf:CRF.decode",)),
    Package("torchdiffeq==0.2.5", "torchdiffeq", {"dopri5": ode_dopri5, "rk4_fixed_grid": ode_rk4_fixed_grid},
            roots=("torchdiffeq._impl.odeint:odeint",)),
    Package("kornia==0.9.0", "kornia", {
        "filters_color": kornia_filters_color, "geometry": kornia_geometry, "augmentation": kornia_augmentation,
        "losses_enhance": kornia_losses_enhance},
        roots=tuple(f"kornia.*:{name}" for name in (
            "gaussian_blur2d", "sobel", "rgb_to_hsv", "rgb_to_grayscale", "adjust_brightness",
            "get_rotation_matrix2d", "warp_affine", "warp_perspective", "convert_affinematrix_to_homography",
            "ssim_loss", "psnr_loss", "equalize", "normalize_min_max"))),
    Package("entmax==1.3", "entmax", {"activations": entmax_family},
            roots=("entmax.*:sparsemax", "entmax.*:entmax15", "entmax.*:entmax_bisect")),
    Package("vector-quantize-pytorch==1.32.0", "vector_quantize_pytorch", {
        "ema_kmeans": vq_ema_kmeans, "residual_fsq_lfq": vq_residual_and_fsq}),
    Package("torchsde==0.2.6", "torchsde", {
        "euler_fixed": sde_euler_fixed, "milstein_adaptive": sde_milstein_adaptive,
        "brownian_interval": sde_brownian_interval},
        roots=("torchsde._core.sdeint:sdeint", "torchsde._brownian.brownian_interval:BrownianInterval.__call__"),
        dependencies=("trampoline==0.1.2",)),
    Package("zuko==1.6.0", "zuko", {
        "autoregressive": zuko_autoregressive, "coupling_and_neural": zuko_coupling_and_neural,
        "continuous": zuko_continuous},
        roots=("zuko.*:*.log_prob", "zuko.*:*.rsample")),
    Package("fair-esm==2.0.0", "esm", {"esm2_contacts": esm2_contacts, "esm1b_msa": esm1b_msa}),
    Package("monai==1.6.1", "monai", {
        "unets": monai_unets, "segresnet_dynunet": monai_segresnet_dynunet, "transformers": monai_transformers,
        "losses": monai_losses}),
    Package("torchmetrics==1.9.0", "torchmetrics", {
        "classification": metrics_classification, "regression_image_retrieval": metrics_regression_image_retrieval,
        "module": metrics_module},
        # `from torchmetrics.functional import retrieval_normalized_dcg` is a deprecated wrapper that warns
        roots=tuple(f"torchmetrics.functional.*:{name}" for name in TORCHMETRICS_FUNCTIONS)
        + ("torchmetrics.functional.retrieval._deprecated:_retrieval_normalized_dcg",),
        dependencies=("lightning-utilities==0.15.3",)),
    Package("pytorch-tabnet==4.1.0", "pytorch_tabnet", {"networks": tabnet_classifier_and_pretraining}),
    Package("efficientnet-pytorch==0.7.1", "efficientnet_pytorch", {"b0_eval_and_train": effnet_b0_eval_and_train}),
    Package("segment-anything==1.0", "segment_anything", {
        "points_and_boxes": sam_points_and_boxes, "encoder_decoder": sam_encoder_decoder}),
    Package("perceiver-pytorch==0.11.0", "perceiver_pytorch", {
        "classifier": perceiver_classifier, "io_lm_gated": perceiver_io_lm}),
    Package("rotary-embedding-torch==0.9.1", "rotary_embedding_torch", {"variants": rotary_variants},
            roots=("rotary_embedding_torch.*:RotaryEmbedding.rotate_queries_or_keys",
                   "rotary_embedding_torch.*:RotaryEmbedding.rotate_queries_and_keys",
                   "rotary_embedding_torch.*:RotaryEmbedding.rotate_queries_with_cached_keys",
                   "rotary_embedding_torch.*:RotaryEmbedding.get_axial_freqs",
                   "rotary_embedding_torch.*:apply_rotary_emb")),
    Package("local-attention==1.11.2", "local_attention", {
        "transformer": local_attention_transformer, "loss": local_attention_loss}),
    Package("conformer==0.3.2", "conformer", {"blocks": conformer_blocks}),
    Package("encodec==0.1.1", "encodec", {"roundtrip": encodec_roundtrip, "training_quantizer": encodec_training_quantizer}),
    Package("pytorch-metric-learning==2.9.0", "pytorch_metric_learning", {
        "pairs": metric_losses_pairs, "proxies": metric_losses_proxies,
        "batch_and_ranking": metric_losses_batch_and_ranking}, dependencies=("tqdm==4.67.1",)),
    Package("denoising-diffusion-pytorch==2.3.4", "denoising_diffusion_pytorch", {
        "unet_losses": diffusion_unet_losses, "elucidated_karras": diffusion_elucidated_karras},
        dependencies=("tqdm==4.67.1",)),
)


def package(folder: str, packages: Tuple[Package, ...] = PACKAGES) -> Package:
    return next(p for p in packages if p.folder == folder)


def build(folder: str, name: str, packages: Tuple[Package, ...] = PACKAGES) -> Tuple[Callable, List[tuple], dict]:
    made = package(folder, packages).targets[name]()
    fn, calls = made[0], made[1]
    return fn, [tuple(args) for args in calls], (made[2] if len(made) > 2 else {})
