"""SASL missions: set-up, S? Activation, Random Events, turns, mission end and VP."""
