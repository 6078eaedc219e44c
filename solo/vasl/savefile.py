"""A VASL saved game file: a zip archive whose entry ``savedGame`` holds the game, obfuscated by VASSAL (its
ObfuscatingOutputStream, read in VASSAL's source): ``!VCSK``, a key byte as two hex digits, then every byte of the
UTF-8 text XOR the key, as two hex digits. ``moduledata`` names the module the game was saved with (VASL)."""

import os
import tempfile
import time
import xml.etree.ElementTree as ET
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from solo.core.errors import SoloError

GAME = "savedGame"
MODULE = "moduledata"
HEADER = "!VCSK"
VASL = "VASL"


@dataclass(frozen=True)
class SaveFile:
    """The entries of a saved game as they were read (kept to write a copy), and the game's text."""

    path: Path
    entries: tuple[tuple[zipfile.ZipInfo, bytes], ...]
    key: int | None  # the obfuscation key byte; None: the game was stored as plain text
    text: str


def read_save(path: Path) -> SaveFile:
    """The saved game at ``path``; a file that is not a VASL saved game is one line naming what is wrong."""
    try:
        with zipfile.ZipFile(path) as archive:
            entries = _entries(archive, path)
    except FileNotFoundError:
        raise SoloError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SoloError(f"{path} is a folder, not a VASL saved game (.vsav)") from None
    except zipfile.BadZipFile as exc:
        raise SoloError(
            f"{path} is not a VASL saved game: not a zip archive, or a damaged or truncated one ({exc})"
        ) from None
    except (OSError, EOFError, zlib.error, NotImplementedError, RuntimeError, ValueError) as exc:
        raise SoloError(f"{path} is a damaged VASL saved game ({exc})") from None
    files = {info.filename: data for info, data in entries}
    if GAME not in files:
        raise SoloError(f"{path} is not a VASSAL saved game: it holds no {GAME}")
    module = _module_name(files.get(MODULE))
    if module != VASL:
        raise SoloError(f"{path} was saved with the VASSAL module {module or '(none named)'}, not VASL; "
                        f"only VASL saved games can be read")
    key, text = deobfuscate(files[GAME], path)
    return SaveFile(path, entries, key, text)


MAX_ENTRIES = 64  # a saved game holds 3 entries (savedGame, savedata, moduledata)
MAX_GAME = 16 << 20  # the savedGame entry: 16 MB (Hill 621, the largest shared save, is 1 MB)
MAX_ENTRY = 1 << 20  # any other entry: 1 MB (savedata and moduledata are each under 300 bytes)


def _entries(archive: zipfile.ZipFile, path: Path) -> tuple[tuple[zipfile.ZipInfo, bytes], ...]:
    """The entries, each read with its size cap (issue 40: a 1.5 MB file holding a 1.5 GB entry took 3.1 GB of
    memory read whole): what the archive says of a size is not trusted, at most the cap and one byte are read."""
    infos = archive.infolist()
    if len(infos) > MAX_ENTRIES:
        raise SoloError(f"{path} holds {len(infos)} entries, not a VASL saved game (it has 3)")
    entries = []
    for info in infos:
        cap = MAX_GAME if info.filename == GAME else MAX_ENTRY
        if info.file_size > cap:
            raise SoloError(f"{path}: its entry {info.filename!r} is {info.file_size:,} bytes, more than the "
                            f"{cap:,} a VASL saved game's has")
        with archive.open(info) as handle:
            data = handle.read(cap + 1)
        if len(data) > cap:
            raise SoloError(f"{path}: its entry {info.filename!r} is larger than the {cap:,} bytes a VASL saved "
                            f"game's has")
        entries.append((info, data))
    return tuple(entries)


def _module_name(data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return (ET.fromstring(data).findtext("name") or "").strip() or None
    except ET.ParseError:
        return None


def deobfuscate(data: bytes, path: Path) -> tuple[int | None, str]:
    """(key, text) of a ``savedGame`` entry; a plain-text one (no ``!VCSK``) is read as it is."""
    try:
        if not data.startswith(HEADER.encode()):
            return None, data.decode("utf-8")
        body = data[len(HEADER):]
        if len(body) % 2:
            raise ValueError("odd number of hex digits: the file is cut short")
        key = int(body[:2], 16)
        raw = bytes.fromhex(body[2:].decode("ascii"))
        return key, raw.translate(_xor(key)).decode("utf-8")
    except (ValueError, UnicodeDecodeError) as exc:
        raise SoloError(f"{path}: its {GAME} is damaged ({exc})") from None


def obfuscate(text: str, key: int | None) -> bytes:
    """A ``savedGame`` entry as VASSAL writes it (plain text again when it was read as plain text)."""
    data = text.encode("utf-8")
    if key is None:
        return data
    return (HEADER + f"{key:02x}" + data.translate(_xor(key)).hex()).encode("ascii")


def _xor(key: int) -> bytes:
    """The byte table of XOR ``key`` (bytes.translate: the whole game in one pass)."""
    return bytes(b ^ key for b in range(256))


def stamp(path: Path) -> tuple[int, int] | None:
    """A file's modification time and size, which change at each save (None while it is not there): how `mission
    follow` and the app see the player save the VASL game."""
    try:
        info = Path(path).stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def check_out(save: SaveFile, out: Path, replace: bool = False) -> None:
    """Where a copy of ``save`` is to be written, checked before anything is written (issue 40): not the game read, in
    a folder that exists and may be written to, not a folder itself."""
    out = Path(out)
    if not replace and out.exists() and out.resolve() == save.path.resolve():
        raise SoloError(f"{out} is the saved game being read: write the copy to another file (nothing was changed)")
    if not out.parent.is_dir():
        raise SoloError(f"cannot write {out}: there is no folder {out.parent} (nothing was changed)")
    if out.is_dir():
        raise SoloError(f"cannot write {out}: it is a folder (nothing was changed)")
    if not os.access(out.parent, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise SoloError(f"cannot write {out}: permission denied (nothing was changed)")


MODULE_XML = """<?xml version="1.0" encoding="UTF-8"?>
<data version="1">
  <version>{version}</version>
  <description>Virtual Advanced Squad Leader</description>
  <name>VASL</name>
</data>
"""
SAVE_XML = """<?xml version="1.0" encoding="UTF-8"?>
<data version="1">
  <version></version>
  <dateSaved>{date}</dateSaved>
</data>
"""


def new_save(text: str, module_data: bytes | None, version: str | None) -> SaveFile:
    """A saved game made by solo: the game ``text``, the player's module's ``moduledata`` (VASSAL writes the module's
    own into each save; else one naming VASL and ``version``), obfuscated as VASSAL does."""
    def info(name: str) -> zipfile.ZipInfo:
        entry = zipfile.ZipInfo(name, time.localtime()[:6])
        entry.compress_type = zipfile.ZIP_DEFLATED
        return entry

    module = module_data or MODULE_XML.format(version=version or "").encode()
    entries = ((info(GAME), b""), (info("savedata"), SAVE_XML.format(date=int(time.time() * 1000)).encode()),
               (info(MODULE), module))
    return SaveFile(Path("<new VASL game>"), entries, NEW_KEY, text)


NEW_KEY = 0x2C  # any key byte VASSAL may choose


def write_save(save: SaveFile, text: str, out: Path, replace: bool = False) -> None:
    """A copy of ``save`` with the game ``text``, every other entry (name, date, compression) as it was read; written
    whole or not at all, never over the saved game it was read from."""
    out = Path(out)
    check_out(save, out, replace)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as handle, zipfile.ZipFile(handle, "w") as archive:
            for info, data in save.entries:
                archive.writestr(info, obfuscate(text, save.key) if info.filename == GAME else data)
        os.replace(tmp, out)
    except OSError as exc:
        raise SoloError(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
