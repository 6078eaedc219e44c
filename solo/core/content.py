"""Find the content folders (tables/, missions/, ai/) in a checkout or an installed wheel.

In the wheel they ship as ``solo/_content/<name>`` (pyproject.toml force-include);
in a checkout they sit beside the ``solo`` package.
"""

import os
import tomllib
from pathlib import Path

import platformdirs
import tomli_w

from solo.core.errors import SoloError

_PACKAGE = Path(__file__).resolve().parents[1]  # solo/


def content_dir(name: str) -> Path:
    """The shipped content folder ``name`` ("tables", "missions" or "ai")."""
    shipped = _PACKAGE / "_content" / name
    return shipped if shipped.is_dir() else _PACKAGE.parent / name


def config_dir() -> Path:
    """The player's own folder: $SOLO_CONFIG, else $XDG_CONFIG_HOME/solo, else ~/.config/solo."""
    if os.environ.get("SOLO_CONFIG"):
        return Path(os.environ["SOLO_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "solo"


def settings() -> dict:
    """The player's settings (config.toml in ``config_dir``; none when there is no such file)."""
    config = config_dir() / "config.toml"
    try:
        return tomllib.loads(config.read_text(encoding="utf-8")) if config.is_file() else {}
    except tomllib.TOMLDecodeError as exc:
        raise SoloError(f"{config}: not valid TOML ({exc}); fix it or remove it") from None


def remember(key: str, value: str) -> None:
    """Write one setting into config.toml, the player's other settings kept (the app's New mission dialog)."""
    kept = settings()
    config = config_dir() / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(tomli_w.dumps(kept | {key: value}), encoding="utf-8")


def data_dir() -> Path:
    """Where the app keeps its saves and the saves' secret keys: $SOLO_DATA, else the player's data folder as
    platformdirs finds it on this machine ($XDG_DATA_HOME/solo or ~/.local/share/solo on Linux)."""
    if os.environ.get("SOLO_DATA"):
        return Path(os.environ["SOLO_DATA"])
    return platformdirs.user_data_path("solo", appauthor=False)


def cache_dir() -> Path:
    """Where decoded boards are kept: $SOLO_CACHE, else $XDG_CACHE_HOME/solo, else ~/.cache/solo."""
    if os.environ.get("SOLO_CACHE"):
        return Path(os.environ["SOLO_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "solo"


def read_toml_file(path: str | Path, what: str = "file") -> dict:
    """A TOML file (content, an answers file, a situation ...); a missing or broken one is one clear line."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError:
        raise SoloError(f"no {what} {path}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SoloError(f"{path}: not valid TOML ({exc}); fix it and try again (nothing was changed)") from None
