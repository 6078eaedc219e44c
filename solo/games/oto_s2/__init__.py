"""OtO SASL Mission OtO-S2 "The Cross Roads".

setup.py the mapboards and the FRIENDLY OoB, crossroads.py the mapboard configuration (MSR 6-8) and its VPO (14.),
activation.py MSR 2 and 3, events.py the Random Events (A11 and R9 stand-ins), vp.py the immediate win and the VPO
values.
"""

from solo.games.oto_s2 import activation, crossroads, events, setup, vp
from solo.sasl.events import counterattack_ends
from solo.sasl.game import MissionGame

GAME = MissionGame("oto-s2", setup.set_up, vp.vp_schedule, immediate_win=vp.immediate_win, vasl_boards=True,
                   activation_results=activation.activation_results, leader_generated=activation.leader_generated,
                   mission_map=setup.mission_map, random_events=events.RANDOM_EVENTS, events_since=3,
                   enemy_rph=counterattack_ends, random_map=crossroads.configuration)
