"""Maps: hex coordinates, VASL board files, terrain."""
