"""OtO SASL Mission OtO-S1 "Breakthrough To Orsha".

setup.py the German units and the FRIENDLY OoB, events.py the Random Events (MSR 4), vp.py the VP Schedule,
minefields.py the Known minefields' strength.
"""

from solo.games.oto_s1 import events, minefields, setup, vp, wrecks
from solo.sasl.game import MissionGame

GAME = MissionGame("oto-s1", setup.set_up, vp.vp_schedule, random_events=events.RANDOM_EVENTS, once=events.ONCE,
                   enemy_rph=events.enemy_rph, actions=(minefields.Minefield, wrecks.Wreck),
                   mission_map=setup.mission_map, vasl_boards=True, board_files=("bdOTO",),
                   set_up_ends=setup.wreck_status, scored_hexes=vp.scored_hexes, entered=minefields.entered)
