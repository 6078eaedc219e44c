"""The Campaign Game: roster state, RePh steps, unit types."""
