"""The JupyterLite site (`make lite`, docs/jupyter.md "The notebooks in a browser, with no server"): JupyterLab and a
Python kernel (Pyodide) running in the browser, the example notebooks, and `search` with its widget installed when
the kernel starts, in one folder of static files. Nothing is fetched from the internet when it runs.

Run by `make lite` with the build venv's Python (lite/requirements.lock: jupyterlite-core, jupyterlite-pyodide-kernel,
jupyter_server to index the notebooks, packaging, setuptools): `build/lite-venv/bin/python lite/build_site.py`.

Why a script of our own around `jupyter lite build`: a Pyodide kernel normally loads its packages (micropip, ipython
and everything it needs) from the full Pyodide distribution on a CDN. Ours is the npm package `pyodide` that the code
lab already ships, which holds the runtime and the standard library only; and jupyterlite's own `--pyodide-lock`
addon cannot help: it points every package of Pyodide's lock whose wheel is not local at the CDN, and the
`pyodide-lock` library it uses (0.1.2, the newest) cannot read Pyodide 314's lock file. So this script:

1. builds the project's wheel from a copy of the engine (pyproject.toml, setup.py, README.md, search/: the engine and
   the widget's built front end, 0.5 MB; without templates/ setup.py leaves out the server's web files, 15 MB that a
   browser kernel has no use for);
2. gathers the kernel's wheels: pyodide-kernel, piplite and the stand-in ipykernel and widgetsnbextension that
   jupyterlite-pyodide-kernel ships, and every other package as a pure-Python wheel from PyPI at the version
   requirements.lock pins (the versions the test suite runs), following each wheel's Requires-Dist as Pyodide's
   Python (3.14, emscripten, wasm32) evaluates it. One requirement is left out on purpose: jsonschema, which needs
   rpds-py, a compiled package with no Pyodide wheel on PyPI (only on Pyodide's CDN); `import search`,
   `search.trace` and `search.show` do not need it (LEFT_OUT below);
3. writes static/pyodide/: the npm package's runtime files, those wheels, and a pyodide-lock.json that lists exactly
   them (version, sha256, what each depends on and imports) under the npm package's own `info`;
4. sets the kernel's settings (jupyter-lite.json): Pyodide from static/pyodide/, that lock, PyPI off, and the
   packages loaded as the kernel starts: minimax-lab (and so anywidget, ipywidgets, ...) and the kernel's own, so
   no notebook needs an install cell;
5. runs `jupyter lite build` with the lab extensions of anywidget and jupyterlab_widgets taken from the very wheels
   the kernel installs (so front end and kernel agree), and docs/examples' notebooks as the site's files;
6. checks the result: every wheel the lock names is in the site, and no setting of the kernel names an http(s) URL.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import time
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The npm package's files the kernel's worker loads (it imports pyodide.mjs, an ES module; the rest follow)."""
KERNEL_EXTENSION_WHEELS = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
"""Where jupyterlite-pyodide-kernel keeps the kernel's own wheels: pyodide-kernel, piplite, and stand-ins for
ipykernel and widgetsnbextension (empty packages that satisfy ipywidgets' requirements without their real code)."""
EXAMPLES = ("lecture.ipynb", "nim.ipynb", "tictactoe.ipynb", "nim.py")
"""docs/examples' files the site carries (nim.py is the script nim.ipynb names)."""
ENGINE_SOURCES = ("pyproject.toml", "setup.py", "README.md", "search")
LOCK = ROOT / "requirements.lock"
EXTRA_PINS = {"micropip": "0.11.1"}
"""Kernel packages requirements.lock does not hold (CPython never needs them): micropip at Pyodide 314's own version."""
LEFT_OUT = {"jsonschema": "it needs rpds-py, compiled, with no Pyodide wheel on PyPI; search validates trees without it"}
"""Requirements not installed in the kernel, and why (the site cannot fetch them)."""
ROOTS = ("minimax-lab[jupyter]", "micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython")
"""What the kernel loads as it starts: the project with its widget, then what the kernel's worker would otherwise
install from PyPI one by one (it skips a package listed in loadPyodideOptions.packages)."""
JUPYTER_LITE = "import sys; sys.modules['rfc3987_syntax'] = None; from jupyterlite_core.app import main; sys.exit(main())"
"""`jupyter lite` without jsonschema's IRI grammar (search/format_libraries.py says why): jupyter_server's contents
manager, which indexes the notebooks, imports nbformat and so jsonschema, and that grammar was 4 to 8 s of the build."""
EXPECTED = ("micropip", "comm", "jedi", "parso", "ipython", "ipython-pygments-lexers", "pygments", "prompt-toolkit", "wcwidth",
            "stack-data", "asttokens", "executing", "pure-eval", "traitlets", "matplotlib-inline", "anywidget", "ipywidgets",
            "psygnal", "typing-extensions", "jupyterlab-widgets")
"""The PyPI packages the kernel needed at the last look, fetched in one pip run (gather() still follows the metadata)."""
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
APPS = ("lab", "notebooks", "tree")
"""JupyterLab, and Notebook 7's single-notebook view and file list (a simpler page to link students to)."""


def pyodide_environment() -> dict[str, str]:
    """packaging's marker environment inside the npm package's Pyodide, from its lock's info (Pyodide 314.0.7:
    Python 3.14.2 on emscripten 5.0.3, wasm32)."""
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    python, release = info["python"], info["platform"].removeprefix("emscripten_").replace("_", ".")
    return {"implementation_name": "cpython", "implementation_version": python, "os_name": "posix", "platform_machine": info["arch"],
            "platform_release": release, "platform_system": "Emscripten", "platform_version": "#1", "python_full_version": python,
            "platform_python_implementation": "CPython", "python_version": ".".join(python.split(".")[:2]), "sys_platform": "emscripten"}


def pins() -> dict[str, str]:
    """{canonical name: version} from requirements.lock, with EXTRA_PINS."""
    found = dict(EXTRA_PINS)
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==", 1)
            found[canonicalize_name(name)] = version.strip()
    return found


def wheel_name(wheel: Path) -> str:
    return canonicalize_name(parse_wheel_filename(wheel.name)[0])


def metadata(wheel: Path) -> tuple[str, list[Requirement]]:
    """The wheel's version and its Requires-Dist."""
    with zipfile.ZipFile(wheel) as packed:
        (name,) = [n for n in packed.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
        meta = Parser().parsestr(packed.read(name).decode("utf-8"))
    return meta["Version"], [Requirement(text) for text in meta.get_all("Requires-Dist") or []]


def top_level_imports(wheel: Path) -> list[str]:
    """The names `import` finds in the wheel (Pyodide's lock lists them so that an import can load its package)."""
    names = set()
    with zipfile.ZipFile(wheel) as packed:
        for path in packed.namelist():
            top = path.split("/", 1)[0]
            if top.endswith((".dist-info", ".data")):
                continue
            if "/" not in path and path.endswith(".py"):
                names.add(path[:-3])
            elif "/" in path and path.endswith(".py") and top.isidentifier():
                names.add(top)
    return sorted(names)


def build_engine_wheel(scratch: Path) -> Path:
    """The project's wheel as an engine-only source tree builds it (setup.py: no templates/, no server web files)."""
    source, out = scratch / "source", scratch / "wheel"
    shutil.rmtree(scratch, ignore_errors=True)
    source.mkdir(parents=True)
    for name in ENGINE_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, source / name)
    if not (source / "search/jupyter/static/widget.js").is_file():
        raise SystemExit("search/jupyter/static/widget.js is missing: `make widget` first")
    out.mkdir()
    # setuptools' own PEP 517 hook, as `pip wheel --no-build-isolation` calls it, without pip's start (seconds on a busy machine)
    subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; build_meta.build_wheel(sys.argv[1])", str(out)],
                   cwd=source, check=True, stdout=subprocess.DEVNULL)
    (wheel,) = out.glob("minimax_lab-*.whl")
    return wheel


def download(specs: list[str], folder: Path) -> dict[str, Path]:
    """{name: wheel}: pure-Python wheels from PyPI, exactly these versions, for any platform (pip's cache keeps them
    between builds)."""
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
                    "--python-version", pyodide_environment()["python_version"], "--implementation", "py", "-d", str(folder), *specs],
                   check=True)
    names = {canonicalize_name(spec.split("==")[0]) for spec in specs}
    return {wheel_name(w): w for w in folder.glob("*.whl") if wheel_name(w) in names}


def gather(engine: Path, folder: Path) -> dict[str, tuple[Path, list[str]]]:
    """{name: (wheel, names it depends on)} for ROOTS and everything they require in Pyodide, level by level.

    The packages of EXPECTED are downloaded in the first pip run (each run costs seconds of pip starting and asking
    the index), so a build normally runs pip once; the levels still decide what is installed, from each wheel's own
    metadata."""
    folder.mkdir(parents=True, exist_ok=True)
    local: dict[str, Path] = {}
    for wheel in sorted(KERNEL_EXTENSION_WHEELS.glob("*.whl"), key=lambda w: parse_wheel_filename(w.name)[1]):
        local[wheel_name(wheel)] = wheel  # the newest of each: widgetsnbextension 4.0.999 (ipywidgets 8's), not 3.6.999
    local["minimax-lab"] = engine
    pinned, environment = pins(), pyodide_environment()
    local |= download([f"{n}=={pinned[n]}" for n in EXPECTED if n in pinned and n not in local], folder)
    chosen: dict[str, tuple[Path, list[str]]] = {}
    extras_of: dict[str, frozenset[str]] = {}
    pending = [Requirement(text) for text in ROOTS]
    while pending:
        missing = sorted({canonicalize_name(r.name) for r in pending} - set(local))
        unpinned = [name for name in missing if name not in pinned]
        if unpinned:
            raise SystemExit(f"lite: the kernel needs {', '.join(unpinned)}, which requirements.lock does not pin: add to EXTRA_PINS")
        if missing:
            local |= download([f"{n}=={pinned[n]}" for n in missing], folder)
        requests, pending = pending, []
        for requirement in requests:
            name, extras = canonicalize_name(requirement.name), frozenset(requirement.extras)
            wheel = local[name]
            version, requires = metadata(wheel)
            if not requirement.specifier.contains(version, prereleases=True):
                raise SystemExit(f"lite: {requirement} is wanted but {wheel.name} is {version}")
            if name in chosen:
                if not extras <= extras_of[name]:
                    raise SystemExit(f"lite: {requirement} asks for extras after {name} was gathered without them")
                continue
            needed = [r for r in requires if r.marker is None or any(
                r.marker.evaluate({**environment, "extra": extra}) for extra in extras or {""})]
            kept = [r for r in needed if canonicalize_name(r.name) not in LEFT_OUT]
            chosen[name], extras_of[name] = (wheel, sorted({canonicalize_name(r.name) for r in kept})), extras
            pending += kept
    unused = sorted(set(EXPECTED) - set(chosen))
    if unused:
        print(f"lite: EXPECTED names packages the kernel no longer needs: {', '.join(unused)}")
    return chosen


def lock_entry(name: str, wheel: Path, depends: list[str]) -> dict[str, object]:
    """One package of pyodide-lock.json, in Pyodide 314's format; file_name is relative to the lock's folder."""
    return {
        "name": name, "version": metadata(wheel)[0], "file_name": wheel.name, "install_dir": "site", "package_type": "package",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "imports": top_level_imports(wheel), "depends": depends,
        "unvendored_tests": False, "tool": {},
    }


def check_pyodide_version() -> None:
    """The kernel's extension is written for one Pyodide (a major version changes the loader and the lock's format):
    the npm package must be of the same major version as the one jupyterlite-pyodide-kernel names."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    ours = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    if ours.split(".")[0] != PYODIDE_VERSION.split(".")[0]:
        raise SystemExit(f"lite: node_modules/pyodide is {ours}, jupyterlite-pyodide-kernel is made for {PYODIDE_VERSION}: "
                         "pin a matching `pyodide` in package.json (an npm alias) or another kernel in lite/requirements.lock")


def write_pyodide(chosen: dict[str, tuple[Path, list[str]]], folder: Path) -> None:
    """static/pyodide/ of the lite dir: the npm package's runtime, the wheels, and their lock."""
    check_pyodide_version()
    folder.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        if not (PYODIDE / name).is_file():
            raise SystemExit(f"node_modules/pyodide/{name} is missing: `npm ci` (make setup) first")
        shutil.copy(PYODIDE / name, folder / name)
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    packages = {}
    for name, (wheel, depends) in sorted(chosen.items()):
        shutil.copy(wheel, folder / wheel.name)
        packages[name] = lock_entry(name, wheel, depends)
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True),
                                              encoding="utf-8")


def write_config(lite_dir: Path, output: Path, chosen: dict[str, tuple[Path, list[str]]]) -> None:
    """jupyter-lite.json (what the page reads) and jupyter_lite_config.json (what `jupyter lite build` reads)."""
    kernel = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": "./static/pyodide/pyodide-lock.json",
                               "packages": [canonicalize_name(Requirement(r).name) for r in ROOTS]},
    }
    page = {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "Minimax Lab", "litePluginSettings": {KERNEL_PLUGIN: kernel}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(page, indent=2), encoding="utf-8")
    extensions = [str(chosen[name][0]) for name in ("anywidget", "jupyterlab-widgets")]
    build = {"LiteBuildConfig": {"output_dir": str(output), "apps": list(APPS), "contents": ["files"],
                                 "federated_extensions": extensions, "no_sourcemaps": True, "no_unused_shared_packages": True}}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build, indent=2), encoding="utf-8")
    (lite_dir / "files").mkdir()
    for name in EXAMPLES:
        shutil.copy(ROOT / "docs" / "examples" / name, lite_dir / "files" / name)


def check(output: Path) -> None:
    """Every wheel the lock names is in the site; no kernel setting points off the site."""
    folder = output / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    missing = [p["file_name"] for p in lock["packages"].values() if not (folder / p["file_name"]).is_file()]
    if missing:
        raise SystemExit(f"lite: the lock names wheels the site lacks: {missing}")
    settings = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = json.dumps(settings["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN])
    if "http:" in kernel or "https:" in kernel:
        raise SystemExit(f"lite: the kernel's settings name a URL: {kernel}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="the site's folder (replaced)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "lite-work", help="a scratch folder (replaced)")
    args = parser.parse_args()
    out, work = args.out.resolve(), args.work.resolve()
    started = last = time.monotonic()
    took: list[str] = []

    def done(stage: str) -> None:
        nonlocal last
        took.append(f"{stage} {time.monotonic() - last:.1f} s")
        last = time.monotonic()

    shutil.rmtree(work, ignore_errors=True)
    engine = build_engine_wheel(work / "engine")
    done("wheel")
    chosen = gather(engine, work / "wheels")
    done("kernel wheels")
    lite_dir = work / "lite-dir"
    write_pyodide(chosen, lite_dir / "static" / "pyodide")
    shutil.rmtree(out, ignore_errors=True)
    write_config(lite_dir, out, chosen)
    subprocess.run([sys.executable, "-c", JUPYTER_LITE, "build", "--lite-dir", str(lite_dir)], cwd=lite_dir, check=True,
                   stdout=subprocess.DEVNULL)
    check(out)
    done("jupyter lite build")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"lite: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {len(chosen)} kernel packages, {size / 1e6:.0f} MB, "
          f"built in {time.monotonic() - started:.0f} s ({', '.join(took)})")


if __name__ == "__main__":
    main()
