"""The README's Python snippets run as written, in order, in one folder (as a reader
would run them: export.py writes model.onnx and x.npy, which the backend snippet
reads), with the repository's examples/ at hand."""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SNIPPET = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def snippets() -> list[str]:
    return SNIPPET.findall((ROOT / "README.md").read_text())


def test_the_readme_has_its_snippets():
    found = snippets()
    assert len(found) >= 3
    assert any("PassPipeline" in snippet for snippet in found)


def test_the_readme_snippets_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    pytest.importorskip("torch")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    for index, snippet in enumerate(snippets()):
        code = compile(snippet, f"README.md python snippet #{index}", "exec")
        with warnings.catch_warnings():
            # the README exports with torch's TorchScript exporter, which torch calls deprecated
            warnings.filterwarnings("ignore", "You are using the legacy TorchScript", DeprecationWarning)
            warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"torch\.onnx")
            exec(code, {"__name__": f"readme_snippet_{index}"})
    assert (tmp_path / "model.onnx").exists() and (tmp_path / "x.npy").exists()
    assert os.getcwd() == str(tmp_path)
