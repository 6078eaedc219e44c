"""The core: dice, the event log, play (replay and undo), content folders, errors, the sides and the step context.

It names neither a campaign nor a mission: solo/campaign/ and solo/sasl/ build on it.
"""
