"""Saved games built by the tests: a zip as VASSAL writes one, its game text obfuscated with a key."""

import zipfile
from pathlib import Path

from solo.vasl.commands import SEPARATOR
from solo.vasl.savefile import obfuscate
from solo.vasl.sequence import join
from tests.conftest import SHARED

VASL_SAVES = SHARED / "vasl-saves"

MODULE = """<?xml version="1.0" encoding="UTF-8"?>
<data version="1">
  <version>6.6.1</version>
  <VassalVersion>3.4.6</VassalVersion>
  <name>{name}</name>
</data>
"""


def make_save(path: Path, commands: list[str], module: str = "VASL", key: int | None = 0x5A) -> Path:
    """A saved game holding ``commands`` (begin_save ... end_save around them), saved with ``module``."""
    text = join(["begin_save", "", join(commands, SEPARATOR), "end_save"], SEPARATOR)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", obfuscate(text, key))
        archive.writestr("savedata", '<?xml version="1.0"?><data version="1"><version/></data>')
        archive.writestr("moduledata", MODULE.format(name=module))
    return path
