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


def make_module(path: Path, prototype: bool = True) -> Path:
    """A small VASL module (.vmod) built from the counters of the shared saves (qmarks.vsav's "?" of both sides,
    Hill 621's units, SW and markers): a buildFile.xml of PieceSlots, the German "?" through a prototype as VASL's
    own slots are (``prototype``), and the moduledata of a save. Nothing of it is kept in the project."""
    from xml.sax.saxutils import escape, quoteattr

    from solo.vasl.commands import parse
    from solo.vasl.pieces import Added, Trait
    from solo.vasl.savefile import read_save

    slots, prototypes, seen = [], [], set()
    for name in ("qmarks.vsav", "Hill 621 (Scenario E).vsav"):
        save = read_save(VASL_SAVES / name)
        for leaf in parse(save.text).leaves():
            added = Added.parse(leaf.text)
            if added is None or added.is_stack or (added.name, added.side) in seen:
                continue
            seen.add((added.name, added.side))
            slot = Added("null", added.traits).placed("null", 0, 0)
            if prototype and added.name == "?" and added.side == "German":
                prototypes.append(f'<VASSAL.build.module.PrototypeDefinition name="Concealment ge">'
                                  f'{escape(Added("null", slot.traits[:-1] + (Trait("piece;;;;", ""),)).encode())}'
                                  f'</VASSAL.build.module.PrototypeDefinition>')
                slot = Added("null", (Trait("prototype;Concealment ge", ""), slot.traits[-1]))
            slots.append(f'<VASSAL.build.widget.PieceSlot entryName={quoteattr(added.name)} gpid="{len(slots)}" '
                         f'height="48" width="48">{escape(slot.encode())}</VASSAL.build.widget.PieceSlot>')
    build = (f'<?xml version="1.0" encoding="UTF-8" standalone="no"?><VASSAL.launch.BasicModule name="VASL">'
             f'{"".join(prototypes)}<VASSAL.build.widget.PieceWindow>{"".join(slots)}'
             f'</VASSAL.build.widget.PieceWindow></VASSAL.launch.BasicModule>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build)
        archive.writestr("moduledata", MODULE.format(name="VASL"))
    return path
