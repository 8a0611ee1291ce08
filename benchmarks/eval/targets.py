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


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


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
)


def package(folder: str) -> Package:
    return next(p for p in PACKAGES if p.folder == folder)


def build(folder: str, name: str) -> Tuple[Callable, List[tuple], dict]:
    made = package(folder).targets[name]()
    fn, calls = made[0], made[1]
    return fn, [tuple(args) for args in calls], (made[2] if len(made) > 2 else {})
