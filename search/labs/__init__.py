"""The lecture's labs: move ordering (how much alpha-beta prunes with each order) and the horizon effect."""
