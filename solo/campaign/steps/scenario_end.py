"""The end of a CG scenario on the map: Conclusion of Melee (OtO2 7.501, VotG 12.601, ABtF 9.601) and Encirclement
(OtO2 7.504, ABtF 9.604)."""

from solo.campaign.reph import Reph, step
from solo.campaign.state import PERSONNEL
from solo.campaign.steps import fortify
from solo.campaign.steps.losses import captured_in_play, eliminate, find, morale, reduce

FLAGS = {"wounded": "wounded", "heroic": "heroic", "immobilized": "immobilized", "stunned": "stunned",
         "malfunctioned": "malfunctioned"}


@step("melee")
def melee(r: Reph) -> None:
    """7.501 Conclusion of Melee: the Melee rounds are played on the map (the Russians are the ATTACKER,
    7.5011 order by the Russian); the units Eliminated in the scenario and its Melee, and the state of the
    survivors at scenario end (wounded, immobilized, Recall ...), come from the facts; what the facts name captured
    is the captor's from here on (losses.captured_in_play; saves of rules version 3 on)."""
    f = r.c.facts
    for key, flag in FLAGS.items():
        for unit_id in f[key]:
            find(r, unit_id).flags.add(flag)
    for unit_id, why in f["recall"].items():
        find(r, unit_id).flags.add("low-ammo" if why == "low-ammo" else "recall")
    for unit_id, mg in f.get("mg_disabled", {}).items():  # OtO2 7.5133/7.5136, RB 11.6133/11.6136 (issue 20.4)
        find(r, unit_id).flags.add("mg-disabled")
        if mg != "none":  # the MG type a 7.5133 exchange Eliminates
            find(r, unit_id).detail["disabled_mg"] = mg
    if r.rules >= 3:  # issue 20.4/20.23: a Captured AFV is its captor's when it Escapes
        captured_in_play(r, r.defn.raw["facts"]["captured"])
    index = r.c.by_id()  # no unit changes side or id below
    for unit_id in r.c.facts["eliminated"]:  # by the captor's ids once captured
        unit = r.c.unit(unit_id, index)
        assert unit is not None  # facts.check took only ids of units in the OBs
        if unit.retained:
            eliminate(r, unit, "in the scenario or its Melee (facts)")
    # issue 20.11: CG5 keeps only what is left
    for lost in r.c.facts.get("fortifications_lost", []) if r.rules >= 3 else ():
        fortify.lose(r, [r.side(lost["side"])], lost["item"], "lost in the scenario, or to fire (7.5095)")


@step("encirclement")
def encirclement(r: Reph) -> None:
    """7.504: 7.5041 each Encircled unit takes a 1TC (failed: Eliminated); 7.5042 Infantry in an AP minefield takes a
    NTC (failed: Casualty Reduction); 7.5043 Bog and 7.5044 Shock/UK are resolved on the map (D8.3, C7.42: facts)."""
    f = r.c.facts
    for unit_id in f["encircled"]:
        unit = find(r, unit_id)
        if unit.retained and unit.kind in PERSONNEL:
            trace = r.roll("asl.task_check", f"1TC for Encircled {unit.label} (7.5041)", side=unit.side,
                           mods={"morale": -morale(unit), "one": True})
            if trace.result == "Fails":
                eliminate(r, unit, f"failed its 1TC while Encircled (DR {trace.original})")
            else:
                r.say(f"{unit.side} {unit.id} passes its Encircled 1TC (DR {trace.original})")
    for unit_id in f["ap_minefield"]:
        unit = find(r, unit_id)
        if unit.retained and unit.kind in PERSONNEL:
            trace = r.roll("asl.task_check", f"NTC in an AP minefield for {unit.label} (7.5042)", side=unit.side,
                           mods={"morale": -morale(unit)})
            if trace.result == "Fails":
                reduce(r, unit, f"failed its NTC in an AP minefield (DR {trace.original})")
    for unit_id, outcome in f["bog"].items():
        unit = find(r, unit_id)
        if outcome == "immobilized":
            unit.flags.add("immobilized")
        r.say(f"{unit.side} {unit.id} {unit.type}: Bog Removal {outcome} (7.5043)")
    for unit_id, outcome in f["shock"].items():
        unit = find(r, unit_id)
        if outcome == "eliminated":
            eliminate(r, unit, "did not recuperate from Shock/UK (7.5044)")
