"""installed.installed_version reads the installed torch's version as importlib.metadata.version does, without
loading importlib.metadata (a pre-commit run with a finding paid for that import on its critical path)."""

from __future__ import annotations

import importlib.metadata
import sys
import zipfile

import pytest

from compilelint import installed
from compilelint.installed import installed_version


def importlib_version(name: str):
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def test_every_installed_distribution_has_the_version_importlib_reads():
    names = sorted({d.metadata["Name"] for d in importlib.metadata.distributions()})
    assert len(names) > 5
    assert [installed_version(n) for n in names] == [importlib_version(n) for n in names]


def _distribution(folder, child, metadata_name, text):
    (folder / child).mkdir(parents=True)
    (folder / child / metadata_name).write_text(text)


@pytest.mark.parametrize("name", ["fake-dist", "Fake_Dist", "fake.dist", "not-installed"])
def test_the_first_distribution_on_the_path_wins_as_in_importlib(tmp_path, monkeypatch, name):
    first, second = tmp_path / "first", tmp_path / "second"
    _distribution(first, "Fake_Dist-1.2.dist-info", "METADATA",
                  "Metadata-Version: 2.1\nName: Fake_Dist\nVersion: 1.2\n\nVersion: 9 (the body)\n")
    _distribution(second, "fake_dist-3.0.dist-info", "METADATA", "Name: fake-dist\nVersion: 3.0\n")
    _distribution(second, "other.egg-info", "PKG-INFO", "Name: other\nversion: 0.5\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(first), str(second)])
    assert installed_version(name) == importlib_version(name) == (None if name == "not-installed" else "1.2")
    assert installed_version("other") == importlib_version("other") == "0.5"


def test_a_zip_on_the_path_is_left_to_importlib(tmp_path, monkeypatch):
    archive = tmp_path / "modules.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("zipped_dist-5.0.dist-info/METADATA", "Name: zipped-dist\nVersion: 5.0\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert installed_version("zipped-dist") == importlib_version("zipped-dist") == "5.0"


def test_another_finder_of_distributions_is_left_to_importlib(monkeypatch):
    class Finder:
        @staticmethod
        def find_distributions(context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    monkeypatch.setattr(installed, "_version_on_path", lambda name: pytest.fail("read the path itself"))
    assert installed_version("pytest") == importlib_version("pytest")
